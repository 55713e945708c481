"""Convert (701.28)."""

from __future__ import annotations

import pytest

from mtgrules.engine.convert import convert
from mtgrules.engine.state import Face, State


def optimus(state: State, **fields):
    back = Face("Optimus Prime, Autobot Leader", types=frozenset({"Artifact", "Vehicle"}), power=6, toughness=8)
    return state.add("Optimus Prime, Hero", "Alice", types={"Artifact", "Creature"}, power=4, toughness=8,
                     other_face=back, **fields)


@pytest.mark.rule("701.28a", "701.28b")
def test_convert_turns_the_other_face_up_as_its_own_action():
    state = State(["Alice", "Bob"])
    bot = optimus(state)
    events = convert(state, bot.id)
    assert [str(e) for e in events] == ["701.28a — Optimus Prime, Hero converts to Optimus Prime, Autobot Leader"]
    assert [e.event for e in events] == ["converts"]  # not "turned face down" or "transformed"
    assert (bot.name, bot.power, "Creature" in bot.types) == ("Optimus Prime, Autobot Leader", 6, False)
    convert(state, bot.id)
    assert (bot.name, bot.power) == ("Optimus Prime, Hero", 4)


@pytest.mark.rule("701.28c")
def test_a_single_faced_permanent_does_not_convert():
    state = State(["Alice", "Bob"])
    bear = state.add("Grizzly Bears", "Alice", types={"Creature"}, power=2, toughness=2)
    events = convert(state, bear.id)
    assert [(e.rule, e.event) for e in events] == [("701.28c", "doesn't convert")]
    assert bear.name == "Grizzly Bears"


@pytest.mark.rule("701.28d")
def test_nothing_happens_toward_an_instant_or_sorcery_face():
    state = State(["Alice", "Bob"])
    mdfc = state.add("Front Creature", "Alice", types={"Creature"}, power=1, toughness=1,
                     other_face=Face("Back Sorcery", types=frozenset({"Sorcery"})))
    assert [e.rule for e in convert(state, mdfc.id)] == ["701.28d"]
    assert mdfc.name == "Front Creature"


@pytest.mark.rule("701.28e")
def test_own_ability_converts_only_if_not_turned_since_it_was_put_on_the_stack():
    state = State(["Alice", "Bob"])
    bot = optimus(state)
    ability = state.add("Optimus's trigger", "Alice", "stack", ability="triggered", source=bot.id)
    convert(state, bot.id)  # something else converts it first
    events = convert(state, bot.id, ability=ability.id)
    assert [e.rule for e in events] == ["701.28e"] and bot.name == "Optimus Prime, Autobot Leader"
    fresh = state.add("Optimus's next trigger", "Alice", "stack", ability="activated", source=bot.id)
    assert [e.event for e in convert(state, bot.id, ability=fresh.id)] == ["converts"]


@pytest.mark.rule("701.28e")
def test_delayed_ability_counts_from_its_creation():
    state = State(["Alice", "Bob"])
    bot = optimus(state)
    delayed = state.add("At the next end step", "Alice", "stack", ability="delayed", source=bot.id)
    convert(state, bot.id)
    events = convert(state, bot.id, ability=delayed.id)
    assert events[0].rule == "701.28e" and "delayed ability was created" in events[0].message


@pytest.mark.rule("701.28f")
def test_cant_transform_means_cant_convert():
    state = State(["Alice", "Bob"])
    bot = optimus(state, cant_transform=True)
    assert [e.rule for e in convert(state, bot.id)] == ["701.28f"]
    assert bot.name == "Optimus Prime, Hero"


@pytest.mark.rule("701.28a", "704.5k")
def test_a_permanent_that_converts_to_a_world_face_is_the_newest_world():
    """It became a world permanent as it converted: the world rule counts from then, and
    doesn't crash on a world with no entering time."""
    from mtgrules.engine.sba import check_state_based_actions

    state = State(["Alice", "Bob"])
    old_world = state.add("Concordant Crossroads", "Bob", types={"Enchantment"}, supertypes={"World"})
    robot = state.add("Optimus Prime, Hero", "Alice", types={"Artifact", "Creature"}, power=4, toughness=8,
                      other_face=Face("Worldly Face", types=frozenset({"Enchantment"}), supertypes=frozenset({"World"})))
    convert(state, robot.id)
    events = check_state_based_actions(state)
    assert [(e.rule, e.objects) for e in events] == [("704.5k", (old_world.id,))]
    assert state.on_battlefield(robot.id)


@pytest.mark.rule("701.28a", "712.18")
def test_converting_keeps_the_object_and_swaps_keywords_with_the_face():
    state = State(["Alice", "Bob"])
    robot = state.add("Optimus Prime, Hero", "Alice", types={"Artifact", "Creature"}, power=4, toughness=8,
                      keywords={"vigilance"}, counters={"+1/+1": 1},
                      other_face=Face("Optimus Prime, Autobot Leader", types=frozenset({"Artifact"}), keywords=frozenset({"trample"})))
    convert(state, robot.id)
    assert state.get(robot.id) is robot and robot.incarnation == 1 and robot.counters == {"+1/+1": 1}
    assert robot.keywords == {"trample"} and robot.other_face.keywords == {"vigilance"}
    state.move(robot.id, "hand")
    assert state.get(robot.id).name == "Optimus Prime, Hero"  # front face up outside the battlefield (712.8a)
