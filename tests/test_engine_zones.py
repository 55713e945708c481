"""Permanents entering the battlefield (what they enter with), destruction and what replaces it,
sacrifice, exile, returning to hand, flickering, and the finality counter."""

from __future__ import annotations

import pytest

from mtgrules.engine.choices import Chooser
from mtgrules.engine.copies import create_token_copy
from mtgrules.engine.sba import check_state_based_actions
from mtgrules.engine.stack import cast, resolve_top
from mtgrules.engine.state import IllegalAction, State
from mtgrules.engine.zones import destroy, exile, flicker, put_onto_battlefield, return_to_hand, sacrifice


def game() -> State:
    return State(["Alice", "Bob", "Carol"])


def bear(state: State, owner: str = "Alice", zone: str = "battlefield", **fields):
    return state.add("Grizzly Bears", owner, zone, types={"Creature"}, power=2, toughness=2, **fields)


@pytest.mark.rule("306.5b", "608.3a")
def test_a_planeswalker_cast_from_hand_enters_with_its_printed_loyalty_and_survives():
    state = game()
    jace = state.add("Jace Beleren", "Alice", "hand", types={"Planeswalker"}, subtypes={"Jace"}, loyalty=3)
    cast(state, jace.id)
    events = resolve_top(state)
    assert [(e.rule, e.event) for e in events] == [("608.2", "resolves"), ("608.3a", "enters"), ("306.5b", "enters with counters")]
    assert state.get(jace.id).counters == {"loyalty": 3}
    assert check_state_based_actions(state) == []  # not 704.5i: it has loyalty


@pytest.mark.rule("714.3a", "714.2b", "704.5s")
def test_a_saga_cast_from_hand_gets_a_lore_counter_and_chapter_one():
    state = game()
    saga = state.add("The Eldest Reborn", "Alice", "hand", types={"Enchantment"}, subtypes={"Saga"}, chapters=3)
    cast(state, saga.id)
    events = resolve_top(state)
    assert [e.event for e in events] == ["resolves", "enters", "enters with counters", "lore counters", "chapter triggers"]
    assert events[-1].message == "chapter I of The Eldest Reborn triggers"
    [put] = check_state_based_actions(state)
    assert put.event == "trigger put on stack" and state.get(saga.id).counters == {"lore": 1}


@pytest.mark.rule("310.4b", "310.9a", "310.12a")
def test_a_battle_enters_with_defense_and_a_protector():
    state = game()
    siege = state.add("Invasion of Tarkir", "Alice", "hand", types={"Battle"}, subtypes={"Siege"}, defense=5)
    plain = state.add("Plain Battle", "Alice", "hand", types={"Battle"}, defense=2)

    class Carol(Chooser):
        def protector(self, state, battle, candidates):
            return "Carol" if "Carol" in candidates else candidates[0]

    for card in (siege, plain):
        cast(state, card.id)
        resolve_top(state, Carol())
    assert (state.get(siege.id).counters, state.get(siege.id).protector) == ({"defense": 5}, "Carol")
    assert (state.get(plain.id).counters, state.get(plain.id).protector) == ({"defense": 2}, "Alice")  # no type: its controller
    assert check_state_based_actions(state) == []


@pytest.mark.rule("306.5b", "707.2", "707.8", "707.8a")
def test_a_token_copy_enters_with_loyalty_not_the_originals_counters_and_copies_the_face_up():
    from mtgrules.engine.convert import convert
    from mtgrules.engine.state import Face

    state = game()
    jace = state.add("Jace Beleren", "Alice", types={"Planeswalker"}, loyalty=3, counters={"loyalty": 1})
    events = create_token_copy(state, jace.id, "Bob")
    token = state.get(events[0].objects[1])
    assert token.counters == {"loyalty": 3} and token.controller == "Bob"
    werewolf = bear(state, other_face=Face("Night Wolf", types=frozenset({"Creature"}), power=4, toughness=4))
    convert(state, werewolf.id)
    copy = state.get(create_token_copy(state, werewolf.id, "Alice")[0].objects[1])
    assert (copy.name, copy.power, copy.other_face.name, copy.back_up) == ("Night Wolf", 4, "Grizzly Bears", True)
    assert [e.event for e in convert(state, copy.id)] == ["converts"] and copy.name == "Grizzly Bears"


@pytest.mark.rule("701.8a", "702.12b")
def test_destroy_moves_to_the_graveyard_unless_indestructible():
    state = game()
    plain, sturdy = bear(state), bear(state, keywords={"indestructible"})
    assert [e.event for e in destroy(state, plain.id, Chooser())] == ["destroyed"]
    assert [e.rule for e in destroy(state, sturdy.id, Chooser())] == ["702.12b"]
    assert state.zone_of(plain.id) == "graveyard" and state.on_battlefield(sturdy.id)


@pytest.mark.rule("122.1b", "702.12b")
def test_an_indestructible_counter_makes_it_indestructible():
    state = game()
    sturdy = bear(state, counters={"indestructible": 1})
    sturdy.damage = 5
    assert check_state_based_actions(state) == []
    assert [e.rule for e in destroy(state, sturdy.id, Chooser())] == ["702.12b"]


@pytest.mark.rule("702.89a", "704.5g")
def test_umbra_armor_destroys_the_aura_instead_and_removes_the_damage():
    state = game()
    host = bear(state)
    aura = state.add("Hyena Umbra", "Alice", types={"Enchantment"}, subtypes={"Aura"}, enchant="Creature",
                     keywords={"umbra armor"}, attached_to=host.id)
    host.damage = 3
    events = check_state_based_actions(state)
    assert [(e.rule, e.event) for e in events] == [("702.89a", "umbra armor"), ("702.89a", "destroyed")]
    assert state.on_battlefield(host.id) and host.damage == 0 and state.zone_of(aura.id) == "graveyard"


@pytest.mark.rule("122.1c", "616.1e")
def test_a_shield_counter_replaces_destruction_by_an_effect_and_the_controller_chooses_among_replacements():
    state = game()
    shielded = bear(state, counters={"shield": 1}, regeneration_shields=1)
    asked = []

    class Shield(Chooser):
        def replacement(self, state, player, permanent, options):
            asked.append((player, options))
            return "shield counter"

    events = destroy(state, shielded.id, Shield())
    assert asked == [("Alice", ["regeneration", "shield counter"])]
    assert [e.rule for e in events] == ["122.1c"] and shielded.counters["shield"] == 0
    assert shielded.regeneration_shields == 1 and not shielded.tapped
    assert [e.rule for e in destroy(state, shielded.id, Chooser())] == ["701.19a"]  # the shield went; regeneration now


@pytest.mark.rule("122.1c", "704.5g")
def test_a_shield_counter_does_not_stop_the_lethal_damage_state_based_action():
    """122.1c replaces destruction "as the result of an effect": a state-based action isn't one."""
    state = game()
    hurt = bear(state, counters={"shield": 1})
    hurt.damage = 2
    assert [e.event for e in check_state_based_actions(state)] == ["destroyed"]


@pytest.mark.rule("122.1h", "701.21a")
def test_a_finality_counter_sends_to_exile_what_would_go_to_the_graveyard():
    state = game()
    doomed = bear(state, counters={"finality": 1})
    events = sacrifice(state, doomed.id)
    assert [(e.rule, e.event) for e in events] == [("701.21a", "sacrificed"), ("122.1h", "exiled instead")]
    assert state.zone_of(doomed.id) == "exile"
    dying = bear(state, counters={"finality": 1, "-1/-1": 2})
    assert [e.rule for e in check_state_based_actions(state)] == ["704.5f", "122.1h"]
    assert state.zone_of(dying.id) == "exile"


@pytest.mark.rule("701.21a")
def test_sacrifice_ignores_indestructible_and_regeneration():
    state = game()
    troll = bear(state, keywords={"indestructible"}, regeneration_shields=2)
    assert [e.event for e in sacrifice(state, troll.id)] == ["sacrificed"]
    assert state.zone_of(troll.id) == "graveyard"


@pytest.mark.rule("701.13a", "400.3", "400.7")
def test_exile_and_return_to_hand_make_new_objects_in_the_owners_zones():
    state = game()
    stolen = bear(state, "Bob", controller="Alice", counters={"+1/+1": 1})
    return_to_hand(state, stolen.id)
    assert state.player("Bob").hand == [stolen.id] and state.get(stolen.id).counters == {}
    exile(state, stolen.id)
    assert state.player("Bob").exile == [stolen.id]
    with pytest.raises(IllegalAction):
        sacrifice(state, stolen.id)  # not a permanent any more


@pytest.mark.rule("400.7", "303.4f", "303.4g")
def test_flicker_returns_a_new_object_and_an_aura_needs_something_to_enchant():
    state = game()
    creature = bear(state, tapped=True)
    aura = state.add("Pacifism", "Alice", types={"Enchantment"}, subtypes={"Aura"}, enchant="Creature", attached_to=creature.id)
    events = flicker(state, aura.id, Chooser())
    assert [e.event for e in events] == ["exiled", "stays"] and state.zone_of(aura.id) == "exile"
    events = flicker(state, creature.id, Chooser())
    assert [(e.rule, e.event) for e in events] == [("701.13a", "exiled"), ("400.7", "enters")]
    assert not state.get(creature.id).tapped and state.get(creature.id).incarnation == 3
    put_onto_battlefield(state, aura.id, Chooser(), attach_to=creature.id)
    assert state.get(aura.id).attached_to == state.get(creature.id).ref


@pytest.mark.rule("111.8")
def test_a_token_that_left_the_battlefield_stays_where_it_is():
    state = game()
    token = state.add("Soldier", "Alice", types={"Creature"}, power=1, toughness=1, token=True)
    events = flicker(state, token.id, Chooser())
    assert [e.event for e in events] == ["exiled", "stays"] and state.zone_of(token.id) == "exile"
    assert [e.event for e in return_to_hand(state, token.id)] == ["stays"] and state.zone_of(token.id) == "exile"
    assert [e.rule for e in check_state_based_actions(state)] == ["704.5d"]


@pytest.mark.rule("704.5d")
def test_acting_on_an_object_that_ceased_to_exist_is_illegal_not_a_crash():
    state = game()
    token = state.add("Soldier", "Alice", types={"Creature"}, power=1, toughness=0, token=True)
    check_state_based_actions(state)  # 704.5f, then 704.5d: it is gone
    for act in (lambda: destroy(state, token.id, Chooser()), lambda: exile(state, token.id), lambda: sacrifice(state, token.id)):
        with pytest.raises(IllegalAction, match="soldier-1 no longer exists"):
            act()
