"""Connive (701.50)."""

from __future__ import annotations

import pytest

from mtgrules.engine.choices import Chooser
from mtgrules.engine.connive import connive, connive_together
from mtgrules.engine.state import State


def setup(library: list[tuple[str, bool]], hand: list[tuple[str, bool]] = ()) -> tuple[State, str]:
    """Alice with a Raffine's Informant; library and hand as (name, is_land), top first."""
    state = State(["Alice", "Bob"])
    for name, land in reversed(library):
        state.add(name, "Alice", "library", types={"Land"} if land else {"Creature"})
    for name, land in hand:
        state.add(name, "Alice", "hand", types={"Land"} if land else {"Creature"})
    informant = state.add("Raffine's Informant", "Alice", types={"Creature"}, power=2, toughness=1)
    return state, informant.id


def names(state: State, ids) -> list[str]:
    return [state.get(i).name for i in ids]


@pytest.mark.rule("701.50a")
def test_connive_discarding_a_nonland_card_adds_a_counter():
    state, informant = setup([("Bear", False)], [("Forest", True)])

    class DiscardBear(Chooser):
        def discard(self, state, player, hand, count):
            return [c for c in hand if state.get(c).name == "Bear"]

    events = connive(state, informant, chooser=DiscardBear())
    assert [e.event for e in events] == ["draws", "discards", "+1/+1 counters", "connives"]
    assert state.get(informant).counters == {"+1/+1": 1}
    assert names(state, state.player("Alice").hand) == ["Forest"]


@pytest.mark.rule("701.50a")
def test_connive_discarding_a_land_adds_nothing():
    state, informant = setup([("Bear", False)], [("Forest", True)])
    events = connive(state, informant)  # default: the card held longest, the Forest
    assert [e.event for e in events] == ["draws", "discards", "connives"]
    assert state.get(informant).counters == {}


@pytest.mark.rule("701.50d")
def test_connive_n_counts_each_nonland_card():
    state, informant = setup([("Bear", False), ("Island", True), ("Ox", False)])
    events = connive(state, informant, 3)
    assert [str(e) for e in events if e.event == "+1/+1 counters"] == [
        "701.50d — 2 +1/+1 counters on Raffine's Informant: 2 nonland cards discarded"
    ]
    assert state.get(informant).counters == {"+1/+1": 2}
    assert len(state.player("Alice").graveyard) == 3


@pytest.mark.rule("701.50e")
def test_connive_zero_is_no_event():
    state, informant = setup([("Bear", False)])
    assert connive(state, informant, 0) == []
    assert names(state, state.player("Alice").library) == ["Bear"]


@pytest.mark.rule("701.50f", "704.5b")
def test_connives_even_when_drawing_and_discarding_were_impossible():
    state, informant = setup([])
    events = connive(state, informant)
    assert [e.event for e in events] == ["draw from empty library", "connives"]
    assert state.player("Alice").drew_from_empty


@pytest.mark.rule("701.50b")
def test_a_permanent_that_left_still_connives_by_last_known_information():
    state, informant = setup([])
    state.add("Bear", "Bob", "library", types={"Creature"})
    state.get(informant).controller = "Bob"  # Bob controlled it when it left
    state.move(informant, "graveyard")
    events = connive(state, informant)
    assert all(e.players == ("Bob",) for e in events)
    assert [e.event for e in events] == ["draws", "discards", "no counters", "connives"]
    assert state.get(informant).counters == {}


@pytest.mark.rule("701.50c")
def test_several_connive_in_apnap_order_one_at_a_time():
    state = State(["Alice", "Bob"], active="Bob")
    for player in ("Alice", "Bob"):
        for n in range(2):
            state.add(f"{player} card {n}", player, "library", types={"Creature"})
    alices = state.add("Alice's Rogue", "Alice", types={"Creature"}, power=1, toughness=1)
    bobs_old = state.add("Bob's Old Rogue", "Bob", types={"Creature"}, power=1, toughness=1)
    bobs_new = state.add("Bob's New Rogue", "Bob", types={"Creature"}, power=1, toughness=1)
    events = connive_together(state, [(alices.id, 1), (bobs_new.id, 1), (bobs_old.id, 1)])
    order = [e.objects[0] for e in events if e.event == "connives"]
    # Bob is active: his two first (the default picks his older one first), then Alice's.
    assert order == [bobs_old.id, bobs_new.id, alices.id]
