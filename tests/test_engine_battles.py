"""Sieges: the ability that triggers when the last defense counter is removed (310.12b), what
704.5v waits for, and casting the card transformed."""

from __future__ import annotations

import pytest

from mtgrules.engine.choices import Chooser
from mtgrules.engine.counters import remove_counters
from mtgrules.engine.damage import deal_damage
from mtgrules.engine.sba import check_state_based_actions
from mtgrules.engine.stack import resolve_top
from mtgrules.engine.state import Face, State


def siege(state: State, defense: int = 3, back: bool = True):
    face = Face("Defiant Thundermaw", types=frozenset({"Creature"}), subtypes=frozenset({"Dragon"}), power=4, toughness=4,
                keywords=frozenset({"flying", "trample"}))
    return state.add("Invasion of Tarkir", "Alice", types={"Battle"}, subtypes={"Siege"}, defense=5,
                     counters={"defense": defense}, protector="Bob", other_face=face if back else None)


@pytest.mark.rule("310.12b", "120.3h", "704.5v", "712.11a", "712.13")
def test_a_siege_defeated_by_damage_is_exiled_and_cast_transformed():
    state = State(["Alice", "Bob"])
    battle = siege(state)
    attacker = state.add("Hill Giant", "Alice", types={"Creature"}, power=3, toughness=3)
    events = deal_damage(state, attacker.id, battle.id, 3)
    assert [(e.rule, e.event) for e in events] == [("120.3h", "loses defense"), ("122.1", "counters removed"), ("310.12b", "triggers")]
    events = check_state_based_actions(state)
    assert [e.rule for e in events] == ["603.3b"]  # not 704.5v: its own ability hasn't left the stack
    assert state.on_battlefield(battle.id)
    events = resolve_top(state)
    assert [(e.rule, e.event) for e in events] == [("608.2", "resolves"), ("310.12b", "exiled"), ("712.11a", "cast")]
    assert events[-1].message == "Alice casts Defiant Thundermaw transformed, without paying its mana cost"
    resolve_top(state)
    dragon = state.get(battle.id)
    assert state.on_battlefield(battle.id) and dragon.name == "Defiant Thundermaw" and dragon.has("flying")
    assert dragon.counters == {} and dragon.back_up


@pytest.mark.rule("310.12b")
def test_the_controller_may_decline_to_cast_it_and_it_stays_in_exile():
    state = State(["Alice", "Bob"])
    battle = siege(state, defense=1)
    remove_counters(state, battle.id, "defense")

    class No(Chooser):
        def cast_transformed(self, state, player, card):
            return False

    check_state_based_actions(state)
    events = resolve_top(state, No())
    assert [e.event for e in events] == ["resolves", "exiled", "doesn't cast"]
    assert state.zone_of(battle.id) == "exile" and not state.get(battle.id).back_up  # front face up in exile


@pytest.mark.rule("310.12b", "704.5v")
def test_a_siege_that_left_before_its_ability_resolves_is_neither_exiled_nor_cast():
    state = State(["Alice", "Bob"])
    battle = siege(state, defense=1)
    remove_counters(state, battle.id, "defense")
    check_state_based_actions(state)
    state.move(battle.id, "hand")
    events = resolve_top(state)
    assert [e.event for e in events] == ["resolves", "siege gone"] and state.zone_of(battle.id) == "hand"


@pytest.mark.rule("704.5w", "310.12b")
def test_a_non_siege_battle_has_no_such_ability():
    state = State(["Alice", "Bob"])
    battle = state.add("Plain Battle", "Alice", types={"Battle"}, counters={"defense": 1}, protector="Alice")
    assert [e.event for e in remove_counters(state, battle.id, "defense")] == ["counters removed"]
    assert [e.rule for e in check_state_based_actions(state)] == ["704.5w"]


@pytest.mark.rule("712.11a")
def test_the_spell_cast_transformed_is_named_by_its_back_face():
    state = State(["Alice", "Bob"])
    battle = siege(state, defense=1)
    remove_counters(state, battle.id, "defense")
    check_state_based_actions(state)
    resolve_top(state)
    assert [e.message for e in resolve_top(state)][:2] == ["Defiant Thundermaw resolves", "Defiant Thundermaw enters the battlefield"]
