"""Damage and the abilities that change what it does (120.3): infect, wither, lifelink,
deathtouch, shield counters, keyword counters; dealt at once (combat) or alone."""

from __future__ import annotations

import pytest

from mtgrules.engine.damage import deal_damage, deal_simultaneously
from mtgrules.engine.sba import check_state_based_actions
from mtgrules.engine.state import IllegalAction, State


def game() -> State:
    return State(["Alice", "Bob", "Carol"])


def creature(state: State, name: str, owner: str = "Alice", power: int = 2, toughness: int = 2, **fields):
    return state.add(name, owner, types={"Creature"}, power=power, toughness=toughness, **fields)


@pytest.mark.rule("120.3b", "702.90b", "704.5c")
def test_infect_gives_a_player_poison_counters_instead_of_life_loss():
    state = game()
    blight = creature(state, "Blighted Agent", keywords={"infect"}, power=1, toughness=1)
    state.player("Bob").poison = 9
    events = deal_damage(state, blight.id, "Bob", 1)
    assert [e.rule for e in events] == ["120.3b"] and state.player("Bob").life == 20 and state.player("Bob").poison == 10
    assert [e.rule for e in check_state_based_actions(state)] == ["704.5c"]  # Bob owned nothing to leave with


@pytest.mark.rule("120.3d", "702.90c", "702.80a", "704.5f")
@pytest.mark.parametrize("keyword", ["infect", "wither"])
def test_infect_and_wither_put_minus_counters_on_a_creature_instead_of_damage(keyword):
    state = game()
    source = creature(state, "Source", keywords={keyword})
    victim = creature(state, "Grizzly Bears", "Bob")
    events = deal_damage(state, source.id, victim.id, 2)
    assert [e.rule for e in events] == ["120.3d"]
    assert victim.damage == 0 and victim.counters == {"-1/-1": 2} and victim.total_toughness == 0
    assert [e.rule for e in check_state_based_actions(state)] == ["704.5f"]


@pytest.mark.rule("120.3f", "702.15b", "702.15e", "122.1b")
def test_lifelink_gains_life_once_per_source_and_a_lifelink_counter_counts():
    state = game()
    printed = creature(state, "Vampire Nighthawk", keywords={"lifelink"})
    countered = creature(state, "Grizzly Bears", counters={"lifelink": 1})
    events = deal_simultaneously(state, [(printed.id, "Bob", 2), (printed.id, "Carol", 2), (countered.id, "Bob", 3)])
    gains = [(e.rule, e.message) for e in events if e.event == "gains life"]
    assert gains == [("702.15b", "Alice gains 4 life from Vampire Nighthawk (lifelink)"),
                     ("702.15b", "Alice gains 3 life from Grizzly Bears (lifelink)")]
    assert state.player("Alice").life == 27


@pytest.mark.rule("702.15c", "702.2e", "702.80b", "702.90d")
def test_a_source_that_left_uses_its_last_known_abilities():
    state = game()
    rats = creature(state, "Typhoid Rats", keywords={"deathtouch", "lifelink"}, power=1, toughness=1)
    blight = creature(state, "Blight", keywords={"infect"}, power=1, toughness=1)
    rot = creature(state, "Rot", keywords={"wither"}, power=1, toughness=1)
    big = creature(state, "Colossal Dreadmaw", "Bob", power=6, toughness=6)
    refs = [rats.ref, blight.ref, rot.ref]
    for card in (rats, blight, rot):
        state.move(card.id, "graveyard")
    events = deal_damage(state, refs[0], big.id, 1)
    assert [e.event for e in events] == ["marks damage", "gains life"] and big.dealt_deathtouch_damage
    deal_damage(state, refs[1], "Carol", 1)
    deal_damage(state, refs[2], big.id, 1)
    assert state.player("Carol").poison == 1 and big.counters == {"-1/-1": 1}


@pytest.mark.rule("122.1c")
def test_a_shield_counter_prevents_all_damage_dealt_at_once_and_goes():
    state = game()
    knight = creature(state, "Shielded Knight", "Bob", counters={"shield": 1})
    one, two = creature(state, "One"), creature(state, "Two", keywords={"deathtouch", "lifelink"})
    events = deal_simultaneously(state, [(one.id, knight.id, 2), (two.id, knight.id, 2)])
    assert [e.rule for e in events] == ["122.1c", "122.1"]
    assert (knight.damage, knight.counters["shield"], knight.dealt_deathtouch_damage) == (0, 0, False)
    assert state.player("Alice").life == 20  # prevented damage is never dealt: no lifelink
    deal_damage(state, one.id, knight.id, 2)
    assert knight.damage == 2


@pytest.mark.rule("120.3a", "120.1")
def test_damage_only_to_players_in_the_game_and_permanents_that_can_be_dealt_it():
    state = game()
    source = creature(state, "Source")
    land = state.add("Forest", "Bob", types={"Land"})
    state.player("Carol").lost = True
    for recipient in (land.id, "Carol"):
        with pytest.raises(IllegalAction):
            deal_damage(state, source.id, recipient, 1)
    assert deal_damage(state, source.id, "Bob", 0) == []  # 0 damage is no damage (120.8)
