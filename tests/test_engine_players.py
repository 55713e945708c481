"""Players losing and leaving the game (104, 800.4), and triggered abilities put on the stack in
the order their controllers choose (603.3b)."""

from __future__ import annotations

import pytest

from mtgrules.engine.choices import Chooser
from mtgrules.engine.sba import check_state_based_actions
from mtgrules.engine.stack import cast, resolve_top
from mtgrules.engine.state import IllegalAction, State


@pytest.mark.rule("800.4a", "704.5a")
def test_a_player_who_loses_a_multiplayer_game_leaves_with_everything_they_own():
    state = State(["Alice", "Bob", "Carol"])
    mine = state.add("Grizzly Bears", "Bob", types={"Creature"}, power=2, toughness=2)
    in_hand = state.add("Opt", "Bob", "hand", types={"Instant"})
    borrowed = state.add("Hill Giant", "Alice", controller="Bob", types={"Creature"}, power=3, toughness=3)
    spell = state.add("Shock", "Bob", "hand", types={"Instant"})
    cast(state, spell.id, targets=("Alice",))
    state.player("Bob").life = 0
    events = check_state_based_actions(state)
    assert [(e.rule, e.event) for e in events] == [("704.5a", "loses"), ("800.4a", "leaves the game"), ("800.4a", "control returns")]
    assert mine.id not in state.objects and in_hand.id not in state.objects and spell.id not in state.objects
    assert state.stack == [] and state.get(borrowed.id).controller == "Alice"
    assert state.known(mine.id).owner == "Bob"  # its last known information stays
    assert state.winner is None and state.in_game() == ["Alice", "Carol"]


@pytest.mark.rule("800.4d", "800.4a")
def test_triggered_abilities_of_a_player_who_left_never_reach_the_stack():
    state = State(["Alice", "Bob", "Carol"])
    carols = state.add("Carol's Saga", "Carol", types={"Enchantment"})
    state.add("Alice's Saga", "Alice", types={"Enchantment"})
    state.trigger(carols.id, "Carol's trigger")
    state.player("Carol").poison = 10
    events = check_state_based_actions(state)
    assert [(e.rule, e.event) for e in events] == [("704.5c", "loses"), ("800.4a", "leaves the game"),
                                                   ("800.4d", "not put on stack")]
    assert state.waiting_triggers == [] and state.stack == []


@pytest.mark.rule("104.2a", "104.4a")
def test_the_last_player_standing_wins_and_players_who_all_lose_at_once_draw():
    state = State(["Alice", "Bob"])
    state.player("Bob").life = 0
    events = check_state_based_actions(state)
    assert [e.rule for e in events] == ["704.5a", "104.2a"] and state.winner == "Alice"
    with pytest.raises(IllegalAction, match="the game is over"):
        resolve_top(state)
    state = State(["Alice", "Bob", "Carol"])
    for name in ("Alice", "Bob", "Carol"):
        state.player(name).life = -1
    assert [e.rule for e in check_state_based_actions(state)] == ["704.5a"] * 3 + ["104.4a"]
    assert state.drawn and state.winner is None


@pytest.mark.rule("603.3b")
def test_each_player_orders_their_own_triggers_in_apnap_order():
    state = State(["Alice", "Bob"], active="Bob")
    a1, a2 = (state.add(n, "Alice", types={"Enchantment"}) for n in ("First", "Second"))
    b1 = state.add("Bob's", "Bob", types={"Enchantment"})
    first, second = state.trigger(a1.id, "first"), state.trigger(a2.id, "second")
    bobs = state.trigger(b1.id, "bob's")

    class Reverse(Chooser):
        def trigger_order(self, state, player, abilities):
            return list(reversed(abilities))

    events = check_state_based_actions(state, Reverse())
    assert [e.rule for e in events] == ["603.3b"] * 3
    # Bob is active: his go on first (bottom); Alice's on top, in the order she chose.
    assert state.stack == [bobs.id, second.id, first.id]


@pytest.mark.rule("104.3a", "800.4a")
def test_a_player_who_concedes_leaves_at_once_not_at_the_next_check():
    from mtgrules.engine.players import concede

    state = State(["Alice", "Bob", "Carol"])
    state.add("Grizzly Bears", "Carol", types={"Creature"}, power=2, toughness=2)
    events = concede(state, "Carol")
    assert [(e.rule, e.event) for e in events] == [("104.3a", "loses"), ("800.4a", "leaves the game")]
    assert state.player("Carol").lost and state.battlefield == []
    with pytest.raises(IllegalAction, match="not in the game"):
        concede(state, "Carol")
    assert [e.rule for e in concede(state, "Bob")] == ["104.3a", "104.2a"] and state.winner == "Alice"


@pytest.mark.rule("800.4a")
def test_a_spell_of_another_players_card_is_exiled_and_a_player_who_left_draws_nothing():
    state = State(["Alice", "Bob", "Carol"])
    from mtgrules.engine.players import concede

    borrowed = state.add("Shock", "Alice", "stack", controller="Bob", types={"Instant"})
    events = concede(state, "Bob")
    assert ("800.4a", "exiled") in [(e.rule, e.event) for e in events]
    assert state.zone_of(borrowed.id) == "exile" and state.get(borrowed.id).controller == "Alice"
    with pytest.raises(IllegalAction, match="Bob is not in the game"):
        state.draw("Bob")
