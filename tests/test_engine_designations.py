"""Designations that last while a condition holds end when it stops holding (engine/designations),
and "this turn" effects end in the cleanup step: the sector designations of space sculptor
(702.158b) and regeneration shields (701.19a, 514.2)."""

from __future__ import annotations

import pytest

from mtgrules.engine import zones
from mtgrules.engine.choices import Chooser
from mtgrules.engine.combat import cleanup
from mtgrules.engine.sba import check_state_based_actions, put_triggers_on_stack
from mtgrules.engine.stack import resolve_top
from mtgrules.engine.state import State


def sectored() -> tuple[State, object, object]:
    """Bob's space sculptor and Alice's Bears, each with a sector."""
    state = State(["Alice", "Bob"])
    sculptor = state.add("Sculptor", "Bob", types={"Creature"}, keywords={"space sculptor"}, power=1, toughness=1,
                         sector="gamma")
    bears = state.add("Grizzly Bears", "Alice", types={"Creature"}, power=2, toughness=2, sector="beta")
    return state, sculptor, bears


@pytest.mark.rule("702.158b")
def test_sectors_end_as_the_last_space_sculptor_leaves():
    state, sculptor, bears = sectored()
    zones.destroy(state, sculptor.id, Chooser())
    assert bears.sector is None  # at once, before any check
    events = check_state_based_actions(state)
    assert [(e.rule, e.objects) for e in events] == [("702.158b", ("grizzly-bears-2",))]
    assert str(events[0]) == "702.158b — Grizzly Bears loses its sector designation: no player controls a permanent with space sculptor"


@pytest.mark.rule("702.158b")
def test_another_space_sculptor_keeps_every_sector():
    state, sculptor, bears = sectored()
    state.add("Space Beleren", "Alice", types={"Planeswalker"}, keywords={"space sculptor"}, counters={"loyalty": 5})
    zones.destroy(state, sculptor.id, Chooser())
    check_state_based_actions(state, Chooser())
    assert bears.sector == "beta"


@pytest.mark.rule("702.158b")
def test_a_flickered_sculptor_takes_the_sectors_with_it_and_they_are_chosen_again():
    state, sculptor, bears = sectored()

    class Alpha(Chooser):
        def sector(self, state, player, creature):
            return "alpha"

    events = zones.flicker(state, sculptor.id, Alpha())
    events += check_state_based_actions(state, Alpha())
    assert [e.rule for e in events if e.rule in ("702.158b", "704.5u")] == ["702.158b", "704.5u", "704.5u"]
    assert state.get(bears.id).sector == "alpha" and state.get(sculptor.id).sector == "alpha"


@pytest.mark.rule("702.158b")
def test_an_ability_whose_source_has_space_sculptor_keeps_the_sectors_while_on_the_stack():
    state, sculptor, bears = sectored()
    state.trigger(sculptor.id, "sector strike")
    put_triggers_on_stack(state, Chooser())
    zones.sacrifice(state, sculptor.id)
    assert bears.sector == "beta"  # its ability is still on the stack
    resolve_top(state, Chooser())
    assert bears.sector is None
    assert [e.rule for e in check_state_based_actions(state)] == ["702.158b"]


@pytest.mark.rule("514.2")
def test_an_unused_regeneration_shield_ends_with_the_turn():
    state = State(["Alice"])
    boa = state.add("River Boa", "Alice", types={"Creature"}, power=2, toughness=1, regeneration_shields=1, damage=1)
    events = cleanup(state)
    assert [(e.rule, e.event) for e in events] == [("514.2", "damage removed"), ("514.2", "regeneration shields end")]
    assert (boa.damage, boa.regeneration_shields) == (0, 0)
    assert [e.rule for e in zones.destroy(state, boa.id, Chooser())] == ["701.8a"]
