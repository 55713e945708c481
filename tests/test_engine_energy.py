"""Energy (107.14, 122.1) and the energy rulings of Electrozoa (MH3) and Kaladesh."""

from __future__ import annotations

import pytest

from mtgrules.engine.choices import Chooser
from mtgrules.engine.energy import get_energy, may_pay_energy, pay_energy
from mtgrules.engine.stack import cast, resolve_top
from mtgrules.engine.state import IllegalAction, State


class Refuse(Chooser):
    def pay_energy(self, state, player, amount):
        raise AssertionError("the player must not be asked to pay")


# Electrozoa: energy is a counter a player has, tied to no permanent.
@pytest.mark.rule("122.1")
@pytest.mark.ruling("Electrozoa", "24129044d8e7")
def test_energy_counters_belong_to_the_player():
    state = State(["Alice", "Bob"])
    electrozoa = state.add("Electrozoa", "Alice", types={"Creature"}, power=2, toughness=3)
    get_energy(state, "Alice", 2)
    state.move(electrozoa.id, "graveyard")
    assert state.player("Alice").energy == 2 and state.player("Bob").energy == 0


# Electrozoa / Harnessed Lightning: {E} is one energy counter; getting N gives N, paying removes
# them, and you can't pay more than you have.
@pytest.mark.rule("107.14")
@pytest.mark.ruling("Electrozoa", "041670b51ab3")
@pytest.mark.ruling("Electrozoa", "d60cf66f5fd4")
@pytest.mark.ruling("Harnessed Lightning", "570d2801c64a")
def test_get_and_pay_energy_never_more_than_you_have():
    state = State(["Alice", "Bob"])
    assert [str(e) for e in get_energy(state, "Alice", 3)] == ["107.14 — Alice gets {E}{E}{E} (3 in all)"]
    pay_energy(state, "Alice", 2)
    with pytest.raises(IllegalAction, match=r"can't pay \{E\}\{E\}: has only 1 energy"):
        pay_energy(state, "Alice", 2)
    assert state.player("Alice").energy == 1  # the failed payment removed nothing


# Electrozoa / Harnessed Lightning: energy isn't mana; it stays when steps end and no mana effect makes it.
@pytest.mark.rule("106.4")
@pytest.mark.ruling("Electrozoa", "d6e868b6fd77")
@pytest.mark.ruling("Harnessed Lightning", "72d265b26580")
def test_energy_is_not_mana_and_survives_the_end_of_steps():
    state = State(["Alice", "Bob"])
    get_energy(state, "Alice", 2)
    state.add_mana("Alice", "G", 2)
    events = state.end_step()
    assert [e.rule for e in events] == ["106.4"]
    assert state.player("Alice").mana == {} and state.player("Alice").energy == 2
    with pytest.raises(IllegalAction, match="energy is not mana"):
        state.add_mana("Alice", "E")


# Electrozoa / Aetherstorm Roc: a "may pay" is one choice: pay once or not at all.
@pytest.mark.ruling("Electrozoa", "9fd713ef9564")
@pytest.mark.ruling("Aetherstorm Roc", "0829b99611f8")
def test_may_pay_is_a_single_choice():
    state = State(["Alice", "Bob"])
    get_energy(state, "Alice", 5)
    paid, events = may_pay_energy(state, "Alice", 2)
    assert paid and state.player("Alice").energy == 3 and len(events) == 1
    paid, _ = may_pay_energy(state, "Alice", 4)  # can't: not asked, nothing paid
    assert not paid and state.player("Alice").energy == 3


def roc_trigger(state: State, target: str):
    """Aetherstorm Roc's kind of trigger: you may pay {E}{E}; if you do, tap the target."""

    def effect(state, ability, chooser):
        paid, events = may_pay_energy(state, ability.controller, 2, chooser)
        if paid:
            state.get(target).tapped = True
        return events

    return state.add("Aetherstorm Roc trigger", "Alice", "stack", ability="triggered", targets=(target,),
                     target_type="Creature", effect=effect)


# Electrozoa / Aetherstorm Roc: targets all illegal: the ability doesn't resolve; no {E} can be paid.
@pytest.mark.rule("608.2b")
@pytest.mark.ruling("Electrozoa", "82bee8aa1009")
@pytest.mark.ruling("Aetherstorm Roc", "7adb9c03c868")
def test_may_pay_ability_with_illegal_targets_pays_nothing():
    state = State(["Alice", "Bob"])
    get_energy(state, "Alice", 4)
    victim = state.add("Grizzly Bears", "Bob", types={"Creature"}, power=2, toughness=2)
    roc_trigger(state, victim.id)
    state.move(victim.id, "graveyard")
    events = resolve_top(state, Refuse())
    assert [str(e) for e in events] == ["608.2b — Aetherstorm Roc trigger doesn't resolve: all its targets are illegal"]
    assert state.player("Alice").energy == 4 and state.stack == []


@pytest.mark.rule("608.2b")
def test_may_pay_ability_with_a_legal_target_asks_and_pays():
    state = State(["Alice", "Bob"])
    get_energy(state, "Alice", 4)
    victim = state.add("Grizzly Bears", "Bob", types={"Creature"}, power=2, toughness=2)
    roc_trigger(state, victim.id)
    resolve_top(state)
    assert state.player("Alice").energy == 2 and victim.tapped


# Electrozoa / Harnessed Lightning: a spell whose target became illegal gives no {E}.
@pytest.mark.rule("608.2b")
@pytest.mark.ruling("Electrozoa", "e9973c9bc25b")
@pytest.mark.ruling("Harnessed Lightning", "9ced1c14a680")
def test_spell_that_gives_energy_with_illegal_target_gives_none():
    state = State(["Alice", "Bob"])
    victim = state.add("Grizzly Bears", "Bob", types={"Creature"}, power=2, toughness=2)
    lightning = state.add("Harnessed Lightning", "Alice", "hand", types={"Instant"},
                          effect=lambda state, spell, chooser: get_energy(state, spell.controller, 3))
    cast(state, lightning.id, targets=(victim.id,), target_type="Creature")
    victim.types = frozenset({"Artifact"})  # no longer a creature: illegal
    resolve_top(state, Refuse())
    assert state.player("Alice").energy == 0 and state.zone_of(lightning.id) == "graveyard"
