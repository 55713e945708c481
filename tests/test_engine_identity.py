"""Object identity (400.7) and last known information: a new object at every zone change, and
what the rules need from the old one."""

from __future__ import annotations

from dataclasses import fields

import pytest

from mtgrules.engine.choices import Chooser
from mtgrules.engine.sba import check_state_based_actions
from mtgrules.engine.stack import cast, resolve_top
from mtgrules.engine.state import CARRIED, GameObject, State
from mtgrules.engine.zones import flicker


def game() -> State:
    return State(["Alice", "Bob", "Carol"])


def bear(state: State, owner: str = "Bob", **fields):
    return state.add("Grizzly Bears", owner, types={"Creature"}, power=2, toughness=2, **fields)


# What a new object starts with: everything of `GameObject` is either carried (the card's own
# characteristics) or starts afresh; this says which, field by field.
FRESH = {"id", "controller", "incarnation", "timestamp", "counters", "tapped", "summoning_sick", "damage",
         "dealt_deathtouch_damage", "regeneration_shields", "attached_to", "world_since", "protector", "attacking",
         "blocking", "blocked", "sector", "cant_transform", "turned_at", "ability", "label", "source", "since",
         "targets", "gift_promised_to", "gift_targets", "title"}


def test_every_field_is_either_carried_to_the_new_object_or_fresh():
    names = {f.name for f in fields(GameObject)}
    assert set(CARRIED) | FRESH == names and not set(CARRIED) & FRESH


@pytest.mark.rule("400.7", "608.2b")
def test_a_spell_whose_target_left_and_came_back_does_not_resolve():
    state = game()
    target = bear(state)
    shock = state.add("Shock", "Alice", "hand", types={"Instant"})
    cast(state, shock.id, targets=(target.id,), target_type="Creature")
    flicker(state, target.id, Chooser())  # the same card, back on the battlefield: a new object
    assert state.on_battlefield(target.id) and state.get(target.id).incarnation == 3  # exiled, then returned
    events = resolve_top(state)
    assert [(e.rule, e.event) for e in events] == [("608.2b", "doesn't resolve")]
    assert state.zone_of(shock.id) == "graveyard"


@pytest.mark.rule("400.7", "704.5m", "303.4c")
def test_an_aura_falls_off_a_permanent_that_left_and_came_back():
    state = game()
    host = bear(state)
    aura = state.add("Pacifism", "Alice", types={"Enchantment"}, subtypes={"Aura"}, enchant="Creature", attached_to=host.id)
    state.move(host.id, "exile")
    state.move(host.id, "battlefield")
    events = check_state_based_actions(state)
    assert [(e.rule, e.objects) for e in events] == [("704.5m", (aura.id,))]
    assert events[0].message == "Pacifism is put into its owner's graveyard: what it enchanted is gone"


@pytest.mark.rule("400.7")
def test_a_permanent_that_returns_is_untapped_without_counters_damage_or_summoning_history():
    state = game()
    old = bear(state, tapped=True, counters={"+1/+1": 2}, regeneration_shields=1)
    old.damage = 1
    new = state.move(old.id, "exile")
    new = state.move(old.id, "battlefield")
    assert new is not old and new.incarnation == 3
    assert (new.tapped, new.counters, new.damage, new.regeneration_shields, new.summoning_sick) == (False, {}, 0, 0, True)
    assert (new.name, new.types, new.power) == (old.name, old.types, old.power)  # the card's characteristics stay
    assert state.known(old.ref).counters == {"+1/+1": 2}  # the old object, as it last was


@pytest.mark.rule("704.8", "704.5q", "704.5s")
def test_last_known_information_is_the_board_before_the_batch():
    """A Saga with cancelling counters: 704.5q removes them and 704.5s sacrifices it in the same
    batch; what is remembered of it is the board before the batch, counters and all."""
    state = game()
    saga = state.add("The Eldest Reborn", "Alice", types={"Enchantment"}, subtypes={"Saga"}, chapters=3,
                     counters={"lore": 3, "+1/+1": 1, "-1/-1": 1})
    events = check_state_based_actions(state)
    assert [e.rule for e in events] == ["704.5q", "704.5s"]
    assert state.known(saga.ref).counters == {"lore": 3, "+1/+1": 1, "-1/-1": 1}


@pytest.mark.rule("400.7", "704.5s")
def test_a_chapter_ability_of_the_old_object_does_not_hold_back_the_new_saga():
    """704.5s waits for chapter abilities whose source is this Saga: one triggered by the
    card's earlier object, before it left and came back, isn't."""
    from mtgrules.engine.counters import put_counters

    state = game()
    saga = state.add("The Eldest Reborn", "Alice", types={"Enchantment"}, subtypes={"Saga"}, chapters=3, counters={"lore": 2})
    put_counters(state, saga.id, "lore")  # chapter III triggers
    state.move(saga.id, "exile")
    new = state.move(saga.id, "battlefield")
    new.counters["lore"] = 3
    assert state.waiting_triggers  # the old chapter III still waits
    events = check_state_based_actions(state)
    assert [e.rule for e in events][:1] == ["704.5s"]


@pytest.mark.rule("608.3a", "400.7")
def test_a_resolving_permanent_spell_is_a_new_object_that_keeps_its_face_and_promise():
    state = game()
    card = state.add("Gift Creature", "Alice", "hand", types={"Creature"}, power=1, toughness=1, gift="a card")
    cast(state, card.id, gift_to="Bob")
    on_stack = state.get(card.id)
    resolve_top(state)
    permanent = state.get(card.id)
    assert (card.incarnation, on_stack.incarnation, permanent.incarnation) == (1, 2, 3)
    assert permanent.controller == "Alice" and permanent.summoning_sick
