"""Gift (702.174) and the rulings of Kitnap (Bloomburrow)."""

from __future__ import annotations

import pytest

from mtgrules.engine.copies import copy_spell, create_token_copy
from mtgrules.engine.gift import GIFTS
from mtgrules.engine.sba import check_state_based_actions
from mtgrules.engine.stack import cast, counter, resolve_top
from mtgrules.engine.state import IllegalAction, State


def game() -> State:
    state = State(["Alice", "Bob", "Carol"])
    for player in ("Alice", "Bob", "Carol"):
        state.add(f"{player}'s card", player, "library", types={"Creature"})
    return state


def sorcery(state: State, gift: str = "a card"):
    """A sorcery with gift whose own effect gives Alice 1 life, to see the order of effects."""

    def effect(state, spell, chooser):
        state.player(spell.controller).life += 1
        from mtgrules.engine.events import Event
        from mtgrules.engine.messages import say
        return [Event("608.2", "effect", (spell.id,), (spell.controller,), say("resolves", name="its effect"))]

    return state.add("Gift Sorcery", "Alice", "hand", types={"Sorcery"}, gift=gift, effect=effect)


def kitnap(state: State):
    return state.add("Kitnap", "Alice", "hand", types={"Enchantment"}, subtypes={"Aura"}, enchant="Creature", gift="a card")


# Kitnap: promising is an additional cost that names an opponent, chosen as the spell is cast.
@pytest.mark.rule("702.174a", "702.174k")
@pytest.mark.ruling("Kitnap", "ae70792a834d")
def test_promise_is_an_additional_cost_naming_an_opponent():
    state = game()
    spell = sorcery(state)
    with pytest.raises(IllegalAction, match="not an opponent"):
        cast(state, spell.id, gift_to="Alice")
    assert state.zone_of(spell.id) == "hand" and spell.gift_promised_to is None  # refused: nothing moved
    events = cast(state, spell.id, gift_to="Carol")
    assert [e.event for e in events] == ["cast", "gift promised"]
    assert state.get(spell.id).gift_promised_to == "Carol"  # the spell, a new object on the stack (400.7)
    assert state.player("Carol").hand == []  # promised, not given yet


# Kitnap: the gift cost can't be paid twice.
@pytest.mark.rule("702.174k")
@pytest.mark.ruling("Kitnap", "a2c8860b84ae")
def test_gift_cost_cannot_be_paid_twice():
    from mtgrules.engine.gift import promise_gift

    state = game()
    spell = sorcery(state)
    cast(state, spell.id, gift_to="Bob")
    with pytest.raises(IllegalAction, match="can't be paid twice"):
        promise_gift(state, spell.id, "Carol")
    assert state.get(spell.id).gift_promised_to == "Bob"


# Kitnap: an instant or sorcery gives its gift as it resolves, before its other effects.
@pytest.mark.rule("702.174j", "702.174c", "702.174e")
@pytest.mark.ruling("Kitnap", "39688066a60a")
def test_instant_or_sorcery_gives_the_gift_first():
    state = game()
    spell = sorcery(state)
    cast(state, spell.id, gift_to="Bob")
    events = resolve_top(state)
    assert [e.event for e in events] == ["resolves", "gives a gift", "draws", "effect"]
    assert str(events[1]) == "702.174c — Alice gives Bob a card (Gift Sorcery)"
    assert [state.get(c).name for c in state.player("Bob").hand] == ["Bob's card"]


@pytest.mark.rule("702.174b")
def test_no_promise_no_gift():
    state = game()
    spell = sorcery(state)
    cast(state, spell.id)
    assert [e.event for e in resolve_top(state)] == ["resolves", "effect"]


# Kitnap: a permanent spell's gift is given by a trigger as it enters.
@pytest.mark.rule("702.174b", "608.3c")
@pytest.mark.ruling("Kitnap", "883786ac0072")
def test_permanent_gives_its_gift_through_an_enters_trigger():
    state = game()
    bear = state.add("Grizzly Bears", "Bob", types={"Creature"}, power=2, toughness=2)
    aura = kitnap(state)
    cast(state, aura.id, targets=(bear.id,), target_type="Creature", gift_to="Bob")
    events = resolve_top(state)
    assert [e.event for e in events] == ["resolves", "enters", "gift triggers"]
    assert state.get(aura.id).attached_to == bear.ref and state.player("Bob").hand == []
    check_state_based_actions(state)  # puts the gift trigger on the stack
    events = resolve_top(state)
    assert [e.event for e in events] == ["resolves", "gives a gift", "draws"]
    assert len(state.player("Bob").hand) == 1


# Kitnap: a countered spell, or one that doesn't resolve, gives no gift.
@pytest.mark.rule("702.174j", "608.2b", "701.6a")
@pytest.mark.ruling("Kitnap", "ae087cefcf0a")
def test_countered_or_fizzled_spell_gives_nothing():
    state = game()
    spell = sorcery(state)
    cast(state, spell.id, gift_to="Bob")
    events = counter(state, spell.id)
    assert [(e.rule, e.event) for e in events] == [("701.6a", "countered"), ("702.174j", "gift not given")]
    assert state.player("Bob").hand == [] and state.zone_of(spell.id) == "graveyard"
    bear = state.add("Grizzly Bears", "Bob", types={"Creature"}, power=2, toughness=2)
    aura = kitnap(state)
    cast(state, aura.id, targets=(bear.id,), target_type="Creature", gift_to="Bob")
    state.move(bear.id, "graveyard")
    assert [e.event for e in resolve_top(state)] == ["doesn't resolve"]
    assert state.player("Bob").hand == [] and state.waiting_triggers == []


# Kitnap: a copy of the spell keeps the promise; a token copy of the permanent doesn't.
@pytest.mark.rule("707.10", "707.2")
@pytest.mark.ruling("Kitnap", "e5b49e1a42c7")
def test_spell_copy_keeps_the_promise_permanent_copy_does_not():
    state = game()
    state.add("Carol's second card", "Carol", "library", types={"Creature"})
    spell = sorcery(state)
    cast(state, spell.id, gift_to="Carol")
    copy_spell(state, spell.id)
    events = resolve_top(state)  # the copy
    assert [e.event for e in events][:2] == ["resolves", "gives a gift"]
    check_state_based_actions(state)  # the copy ceases to exist in the graveyard (704.5e)
    resolve_top(state)
    assert len(state.player("Carol").hand) == 2

    creature = state.add("Gift Creature", "Alice", "hand", types={"Creature"}, power=1, toughness=1, gift="a Food")
    cast(state, creature.id, gift_to="Bob")
    resolve_top(state)
    assert len(state.waiting_triggers) == 1
    events = create_token_copy(state, creature.id, "Alice")
    token = state.get(events[0].objects[1])
    assert token.gift == "a Food" and token.gift_promised_to is None
    assert len(state.waiting_triggers) == 1  # the token's entering triggers nothing


# Kitnap: targets that only the promise calls for are chosen only with it.
@pytest.mark.rule("702.174m")
@pytest.mark.ruling("Kitnap", "da24d7410b25")
def test_gift_targets_need_the_promise():
    state = game()
    bear = state.add("Grizzly Bears", "Bob", types={"Creature"}, power=2, toughness=2)
    spell = sorcery(state)
    with pytest.raises(IllegalAction, match="only if the gift was promised"):
        cast(state, spell.id, gift_targets=(bear.id,))
    assert state.zone_of(spell.id) == "hand"
    cast(state, spell.id, gift_to="Bob", gift_targets=(bear.id,))
    assert state.get(spell.id).gift_targets == (bear.ref,)


# Kitnap: the kinds of gift and what each gives.
@pytest.mark.rule("702.174d", "702.174f", "702.174g", "702.174h", "702.174i")
@pytest.mark.ruling("Kitnap", "4ece1b60cbfd")
@pytest.mark.parametrize(
    "gift, check",
    [
        ("a Food", lambda s: [o.name for o in s.permanents() if o.controller == "Bob"] == ["Food"]),
        ("a Treasure", lambda s: [o.name for o in s.permanents() if o.controller == "Bob"] == ["Treasure"]),
        ("a tapped Fish", lambda s: [(o.name, o.tapped, o.power) for o in s.permanents()] == [("Fish", True, 1)]),
        ("an Octopus", lambda s: [(o.name, o.power, o.toughness) for o in s.permanents()] == [("Octopus", 8, 8)]),
        ("an extra turn", lambda s: s.player("Bob").extra_turns == 1),
        ("a card", lambda s: len(s.player("Bob").hand) == 1),
    ],
)
def test_each_kind_of_gift(gift, check):
    state = game()
    assert gift in GIFTS
    spell = sorcery(state, gift)
    cast(state, spell.id, gift_to="Bob")
    resolve_top(state)
    assert check(state)


def test_every_kind_of_gift_gives_something():
    from mtgrules.engine.state import Gift

    assert list(GIFTS) == list(Gift)
