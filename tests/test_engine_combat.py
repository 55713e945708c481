"""Combat: declaring attackers and blockers, and combat damage with trample, first strike,
double strike, deathtouch and lifelink."""

from __future__ import annotations

import pytest

from mtgrules.engine.choices import Chooser
from mtgrules.engine.combat import cleanup, combat_damage, declare_attackers, declare_blockers, end_combat
from mtgrules.engine.state import IllegalAction, State


def game(players=("Alice", "Bob")) -> State:
    return State(list(players), active="Alice")


def creature(state: State, name: str, owner: str, power: int, toughness: int, **fields):
    return state.add(name, owner, types={"Creature"}, power=power, toughness=toughness, **fields)


def rules(events) -> list[str]:
    return [e.rule for e in events]


@pytest.mark.rule("508.1a", "508.1f", "702.20b", "509.1a", "509.1h")
def test_attackers_tap_unless_vigilant_and_unblocked_ones_are_said_so():
    state = game()
    giant = creature(state, "Hill Giant", "Alice", 3, 3)
    knight = creature(state, "Serra Angel", "Alice", 4, 4, keywords={"vigilance", "flying"})
    events = declare_attackers(state, {giant.id: "Bob", knight.id: "Bob"})
    assert [(e.rule, e.event) for e in events] == [("508.1a", "attacks"), ("508.1f", "tapped"), ("508.1a", "attacks")]
    assert giant.tapped and not knight.tapped
    wall = creature(state, "Wall of Wood", "Bob", 0, 3)
    events = declare_blockers(state, {wall.id: giant.id})
    assert [(e.rule, e.event) for e in events] == [("509.1a", "blocks"), ("509.1h", "unblocked")]
    assert giant.blocked and knight.blocked is False


@pytest.mark.rule("508.1a", "302.6", "506.2")
def test_illegal_attacks_change_nothing():
    state = game(("Alice", "Bob", "Carol"))
    fresh = creature(state, "Grizzly Bears", "Alice", 2, 2, summoning_sick=True)
    hasty = creature(state, "Raging Goblin", "Alice", 1, 1, summoning_sick=True, keywords={"haste"})
    theirs = creature(state, "Hill Giant", "Bob", 3, 3)
    walker = state.add("Jace", "Alice", types={"Planeswalker"}, counters={"loyalty": 3})
    for attack, complaint in (({fresh.id: "Bob"}, "hasn't been under"), ({theirs.id: "Carol"}, "active player"),
                              ({hasty.id: walker.id}, "can't attack"), ({hasty.id: "Alice"}, "can't attack")):
        with pytest.raises(IllegalAction, match=complaint):
            declare_attackers(state, attack)
    assert not hasty.tapped and hasty.attacking is None
    declare_attackers(state, {hasty.id: "Carol"})
    assert hasty.attacking == "Carol"


@pytest.mark.rule("702.9b", "702.17b", "702.111b", "509.1a")
def test_flying_and_menace_restrict_blocks():
    state = game()
    dragon = creature(state, "Dragon", "Alice", 4, 4, keywords={"flying"})
    brute = creature(state, "Brute", "Alice", 3, 3, counters={"menace": 1})  # a menace counter (122.1b)
    bear, spider, elf = (creature(state, n, "Bob", 1, 2, **k) for n, k in
                         (("Bear", {}), ("Spider", {"keywords": {"reach"}}), ("Elf", {})))
    declare_attackers(state, {dragon.id: "Bob", brute.id: "Bob"})
    with pytest.raises(IllegalAction, match="flying"):
        declare_blockers(state, {bear.id: dragon.id})
    with pytest.raises(IllegalAction, match="menace"):
        declare_blockers(state, {bear.id: brute.id})
    declare_blockers(state, {spider.id: dragon.id, bear.id: brute.id, elf.id: brute.id})
    assert dragon.blocked and brute.blocked


@pytest.mark.rule("510.1a", "510.1b", "510.1d", "510.2", "120.3a", "120.3e")
def test_combat_damage_is_dealt_at_once():
    state = game()
    giant = creature(state, "Hill Giant", "Alice", 3, 3)
    bears = creature(state, "Grizzly Bears", "Alice", 2, 2)
    shrunk = creature(state, "Shrunk", "Alice", 1, 3, counters={"-1/-1": 1})
    wall = creature(state, "Wall", "Bob", 2, 4)
    declare_attackers(state, {giant.id: "Bob", bears.id: "Bob", shrunk.id: "Bob"})
    declare_blockers(state, {wall.id: giant.id})
    events = combat_damage(state)
    assert [(e.rule, e.event) for e in events] == [
        ("510.1c", "assigns combat damage"), ("510.1b", "assigns combat damage"), ("510.1a", "no combat damage"),
        ("510.1d", "assigns combat damage"), ("120.3e", "marks damage"), ("120.3a", "loses life"), ("120.3e", "marks damage")]
    assert (wall.damage, giant.damage, state.player("Bob").life) == (3, 2, 18)


@pytest.mark.rule("702.19b", "702.2c", "510.1c")
def test_trample_assigns_lethal_damage_first_and_deathtouch_makes_one_lethal():
    state = game()
    wurm = creature(state, "Craw Wurm", "Alice", 6, 4, keywords={"trample"})
    toucher = creature(state, "Trampling Toucher", "Alice", 5, 5, keywords={"trample", "deathtouch"})
    blocker_a = creature(state, "Wall A", "Bob", 0, 4)
    blocker_b = creature(state, "Wall B", "Bob", 0, 4)
    blocker_b.damage = 1
    declare_attackers(state, {wurm.id: "Bob", toucher.id: "Bob"})
    declare_blockers(state, {blocker_a.id: wurm.id, blocker_b.id: toucher.id})
    events = combat_damage(state)
    assigned = [(e.rule, e.message) for e in events if e.event == "assigns combat damage"]
    assert assigned == [("510.1c", "Craw Wurm assigns 4 combat damage to Wall A"),
                        ("702.19b", "Craw Wurm assigns 2 combat damage to Bob"),
                        ("510.1c", "Trampling Toucher assigns 1 combat damage to Wall B"),
                        ("702.19b", "Trampling Toucher assigns 4 combat damage to Bob")]
    assert state.player("Bob").life == 14


@pytest.mark.rule("702.19b", "510.1c")
def test_a_chosen_assignment_is_checked():
    state = game()
    wurm = creature(state, "Craw Wurm", "Alice", 6, 4, keywords={"trample"})
    wall = creature(state, "Wall", "Bob", 0, 4)
    declare_attackers(state, {wurm.id: "Bob"})
    declare_blockers(state, {wall.id: wurm.id})

    class Choose(Chooser):
        def __init__(self, split):
            self.split = split

        def combat_damage(self, state, attacker, default):
            return self.split

    for split, complaint in (({wall.id: 3, "Bob": 3}, "lethal damage"), ({wall.id: 5}, "exactly 6"),
                             ({"Alice": 6}, "can't assign")):
        with pytest.raises(IllegalAction, match=complaint):
            combat_damage(state, Choose(split))
    assert wall.damage == 0 and state.player("Bob").life == 20
    combat_damage(state, Choose({wall.id: 6}))  # more than lethal to the blocker is allowed
    assert wall.damage == 6 and state.player("Bob").life == 20


@pytest.mark.rule("702.7b", "510.4", "702.4b")
def test_first_strike_kills_before_the_blocker_strikes_back_and_double_strike_hits_twice():
    state = game()
    knight = creature(state, "White Knight", "Alice", 2, 2, keywords={"first strike"})
    fencer = creature(state, "Fencer", "Alice", 2, 2, keywords={"double strike", "lifelink"})
    bears = creature(state, "Grizzly Bears", "Bob", 2, 2)
    declare_attackers(state, {knight.id: "Bob", fencer.id: "Bob"})
    declare_blockers(state, {bears.id: knight.id})
    events = combat_damage(state)
    assert [e.rule for e in events if e.event not in ("assigns combat damage", "marks damage", "loses life", "gains life")] == [
        "510.4", "704.5g", "510.4"]
    assert state.zone_of(bears.id) == "graveyard" and knight.damage == 0  # the Bears died before dealing damage
    assert state.player("Bob").life == 16 and state.player("Alice").life == 24  # the fencer hit twice, lifelink twice


@pytest.mark.rule("702.19d", "510.1c", "510.1b")
def test_blocked_creatures_whose_blockers_are_gone():
    state = game()
    wurm = creature(state, "Craw Wurm", "Alice", 6, 4, keywords={"trample"})
    giant = creature(state, "Hill Giant", "Alice", 3, 3)
    a, b = creature(state, "A", "Bob", 1, 1), creature(state, "B", "Bob", 1, 1)
    declare_attackers(state, {wurm.id: "Bob", giant.id: "Bob"})
    declare_blockers(state, {a.id: wurm.id, b.id: giant.id})
    state.move(a.id, "graveyard")
    state.move(b.id, "graveyard")
    events = combat_damage(state)
    assert [(e.rule, e.event) for e in events] == [("702.19d", "assigns combat damage"), ("510.1a", "no combat damage"),
                                                   ("120.3a", "loses life")]
    assert state.player("Bob").life == 14


@pytest.mark.rule("511.3", "514.2", "120.3h")
def test_attacking_a_battle_then_combat_and_damage_end():
    state = game()
    battle = state.add("Invasion", "Bob", types={"Battle"}, subtypes={"Siege"}, counters={"defense": 5}, protector="Alice")
    mine = state.add("Other Siege", "Alice", types={"Battle"}, subtypes={"Siege"}, counters={"defense": 5}, protector="Bob")
    giant = creature(state, "Hill Giant", "Alice", 3, 3)
    with pytest.raises(IllegalAction, match="protector can't attack"):
        declare_attackers(state, {giant.id: battle.id})
    declare_attackers(state, {giant.id: mine.id})  # a Siege its controller attacks, protected by an opponent
    combat_damage(state)
    assert mine.counters["defense"] == 2
    giant.damage = 1
    assert [e.rule for e in end_combat(state)] == ["511.3"] and giant.attacking is None
    assert [e.rule for e in cleanup(state)] == ["514.2"] and giant.damage == 0
