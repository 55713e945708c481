"""The game state's own actions: damage, drawing, zones, lore counters, resolving."""

from __future__ import annotations

import pytest

from mtgrules.engine.copies import copy_spell
from mtgrules.engine.counters import put_counters
from mtgrules.engine.damage import deal_damage
from mtgrules.engine.stack import cast, resolve_top
from mtgrules.engine.state import IllegalAction, State


@pytest.mark.rule("120.3a", "120.3c", "120.3e", "120.3h", "120.1")
def test_damage_to_each_kind_of_recipient():
    state = State(["Alice", "Bob"])
    source = state.add("Shock", "Alice", "stack", types={"Instant"})
    walker = state.add("Jace", "Bob", types={"Planeswalker"}, counters={"loyalty": 3})
    battle = state.add("Invasion", "Bob", types={"Battle"}, subtypes={"Siege"}, counters={"defense": 4}, protector="Alice")
    bear = state.add("Grizzly Bears", "Bob", types={"Creature"}, power=2, toughness=2)
    events = []
    for recipient in ("Bob", walker.id, battle.id, bear.id):
        events += deal_damage(state, source.id, recipient, 2)
    assert [e.rule for e in events] == ["120.3a", "120.3c", "120.3h", "122.1", "120.3e"]
    assert (state.player("Bob").life, walker.counters["loyalty"], battle.counters["defense"], bear.damage) == (18, 1, 2, 2)
    assert not bear.dealt_deathtouch_damage
    hand = state.add("Opt", "Bob", "hand", types={"Instant"})
    with pytest.raises(IllegalAction, match="can't be dealt damage"):
        deal_damage(state, source.id, hand.id, 1)  # 120.1: only players and permanents of those kinds


@pytest.mark.rule("121.4")
def test_drawing_from_an_empty_library_is_remembered_not_fatal_yet():
    state = State(["Alice", "Bob"])
    card = state.add("Island", "Alice", "library", types={"Land"})
    events = state.draw("Alice", 2)
    assert [e.event for e in events] == ["draws", "draw from empty library"]
    assert state.player("Alice").hand == [card.id]
    assert state.player("Alice").drew_from_empty and not state.player("Alice").lost


def test_leaving_the_battlefield_keeps_last_known_information_and_drops_counters():
    state = State(["Alice", "Bob"])
    bear = state.add("Grizzly Bears", "Alice", controller="Bob", types={"Creature"}, power=2, toughness=2,
                     counters={"+1/+1": 1})
    bear.damage = 1
    card = state.move(bear.id, "graveyard")
    assert state.player("Alice").graveyard == [bear.id]  # its owner's graveyard
    assert (card.counters, card.damage, card.controller, card.incarnation) == ({}, 0, "Alice", 2)
    assert state.known(bear.id).counters == {"+1/+1": 1} and state.known(bear.id).controller == "Bob"
    assert state.known(bear.ref) is state.known(bear.id) and state.current(bear.ref) is None


def test_a_permanent_that_returns_is_a_new_object_without_shields_or_protector():
    state = State(["Alice", "Bob"])
    troll = state.add("Troll", "Alice", types={"Creature"}, power=2, toughness=2, regeneration_shields=1)
    battle = state.add("Invasion", "Bob", types={"Battle"}, subtypes={"Siege"}, counters={"defense": 4}, protector="Alice")
    for permanent in (troll, battle):
        state.move(permanent.id, "exile")
        state.move(permanent.id, "battlefield")
    assert (state.get(troll.id).regeneration_shields, state.get(battle.id).protector) == (0, None)


def test_apnap_order_starts_with_the_active_player_and_skips_losers():
    state = State(["Alice", "Bob", "Carol"], active="Bob")
    assert state.apnap() == ["Bob", "Carol", "Alice"]
    state.player("Carol").lost = True
    assert state.apnap() == ["Bob", "Alice"]


@pytest.mark.rule("714.2b", "122.6")
def test_each_chapter_crossed_triggers_once():
    state = State(["Alice", "Bob"])
    saga = state.add("The Eldest Reborn", "Alice", types={"Enchantment"}, subtypes={"Saga"}, chapters=3)
    events = put_counters(state, saga.id, "lore", 2)
    assert [e.message for e in events if e.event == "chapter triggers"] == [
        "chapter I of The Eldest Reborn triggers", "chapter II of The Eldest Reborn triggers"]
    events = put_counters(state, saga.id, "lore", 5)
    assert [e.message for e in events if e.event == "chapter triggers"] == ["chapter III of The Eldest Reborn triggers"]
    assert len(state.waiting_triggers) == 3


@pytest.mark.rule("608.3f")
def test_a_copy_of_a_permanent_spell_becomes_a_token():
    state = State(["Alice", "Bob"])
    card = state.add("Grizzly Bears", "Alice", "hand", types={"Creature"}, power=2, toughness=2)
    cast(state, card.id)
    copy_spell(state, card.id)
    copy = state.get(state.stack[-1])
    resolve_top(state)
    token = state.get(copy.id)
    assert state.on_battlefield(copy.id) and token.token and token.copy is None


@pytest.mark.rule("707.10", "608.3f")
def test_a_copy_of_a_spell_belongs_to_whoever_put_it_on_the_stack():
    state = State(["Alice", "Bob"])
    card = state.add("Grizzly Bears", "Alice", "hand", types={"Creature"}, power=2, toughness=2)
    cast(state, card.id)
    [event] = copy_spell(state, card.id, controller="Bob")
    copy = state.get(event.objects[1])
    assert (copy.owner, copy.controller, event.players) == ("Bob", "Bob", ("Bob",))
    resolve_top(state)
    token = state.get(copy.id)
    assert state.on_battlefield(copy.id) and (token.owner, token.controller, token.token) == ("Bob", "Bob", True)


def test_every_zone_is_a_list_the_state_keeps_and_an_unknown_zone_is_refused():
    from mtgrules.engine.state import PLAYER_ZONES, SHARED_ZONES, Player, Zone

    assert set(PLAYER_ZONES) | set(SHARED_ZONES) == set(Zone) and not set(PLAYER_ZONES) & set(SHARED_ZONES)
    player = Player("Alice")
    assert all(isinstance(getattr(player, zone.value), list) for zone in PLAYER_ZONES)
    state = State(["Alice"])
    for zone in Zone:  # a zone given by its value, as callers may write it
        card = state.add("Opt", "Alice", zone.value)
        assert state.zone_of(card.id) == zone
    with pytest.raises(ValueError, match="unknown zone 'yard'"):
        state.add("Opt", "Alice", "yard")


@pytest.mark.rule("122.1a")
def test_every_kind_of_plus_and_minus_counter_changes_power_and_toughness():
    state = State(["Alice", "Bob"])
    bear = state.add("Grizzly Bears", "Alice", types={"Creature"}, power=2, toughness=2,
                     counters={"+2/+2": 1, "-0/-1": 2, "+1/+0": 1, "charge": 4})
    assert (bear.total_power, bear.total_toughness) == (5, 2)


@pytest.mark.rule("601.2c", "115.1b")
def test_a_spell_is_cast_only_with_legal_targets_and_an_aura_only_with_one():
    state = State(["Alice", "Bob"])
    land = state.add("Forest", "Bob", types={"Land"})
    in_hand = state.add("Opt", "Bob", "hand", types={"Instant"})
    shock = state.add("Shock", "Alice", "hand", types={"Instant"})
    aura = state.add("Pacifism", "Alice", "hand", types={"Enchantment"}, subtypes={"Aura"}, enchant="Creature")
    for card, targets, target_type in ((shock, (land.id,), "Creature"), (shock, (in_hand.id,), None), (aura, (land.id,), None),
                                       (aura, (), None)):
        with pytest.raises(IllegalAction):
            cast(state, card.id, targets=targets, target_type=target_type)
    assert state.player("Alice").hand == [shock.id, aura.id] and state.stack == []
    cast(state, shock.id, targets=("Bob",))
    assert state.get(shock.id).targets == ("Bob",)
