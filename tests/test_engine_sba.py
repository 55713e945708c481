"""State-based actions, one test (or more) per rule of 704.5, plus 704.3's loop."""

from __future__ import annotations

import pytest

from mtgrules.engine.choices import Chooser
from mtgrules.engine.counters import put_counters
from mtgrules.engine.damage import deal_damage
from mtgrules.engine.sba import ActionKind, check_state_based_actions, pending_state_based_actions, put_triggers_on_stack
from mtgrules.engine.state import State


def game() -> State:
    """Three players, so that one losing doesn't end the game."""
    return State(["Alice", "Bob", "Carol"])


def bear(state: State, owner: str = "Alice", **fields):
    return state.add("Grizzly Bears", owner, types={"Creature"}, power=2, toughness=2, **fields)


def rules_of(events) -> list[str]:
    return [e.rule for e in events]


@pytest.mark.rule("704.5a")
def test_zero_life_loses():
    state = game()
    state.player("Alice").life = 0
    state.player("Bob").life = 1
    events = check_state_based_actions(state)
    assert [str(e) for e in events] == ["704.5a — Alice loses the game: 0 or less life"]
    assert state.player("Alice").lost and not state.player("Bob").lost


@pytest.mark.rule("704.5b")
def test_draw_from_empty_library_loses_at_the_next_check_only():
    state = game()
    state.draw("Bob")
    assert not state.player("Bob").lost  # not on the spot: at the next check
    assert rules_of(check_state_based_actions(state))[0] == "704.5b"
    assert state.player("Bob").lost


@pytest.mark.rule("704.5b")
def test_the_attempt_is_forgotten_after_a_check():
    state = game()
    state.player("Alice").drew_from_empty = True
    state.player("Alice").life = 5
    pending = pending_state_based_actions(state)
    assert [a.rule for a in pending] == ["704.5b"]
    # 704.3's check consumes "since the last check": a second check finds nothing new.
    check_state_based_actions(state)
    assert not state.player("Alice").drew_from_empty


@pytest.mark.rule("704.5c")
def test_ten_poison_counters_lose_nine_do_not():
    state = game()
    state.player("Alice").poison = 10
    state.player("Bob").poison = 9
    check_state_based_actions(state)
    assert state.player("Alice").lost and not state.player("Bob").lost


@pytest.mark.rule("704.5d")
def test_token_in_graveyard_ceases_to_exist():
    state = game()
    token = state.add("Soldier", "Alice", types={"Creature"}, power=1, toughness=1, token=True)
    state.move(token.id, "graveyard")
    assert state.zone_of(token.id) == "graveyard"  # seen there first, for leaves-the-battlefield abilities
    events = check_state_based_actions(state)
    assert rules_of(events) == ["704.5d"] and events[0].event == "ceases to exist"
    assert token.id not in state.objects and state.player("Alice").graveyard == []


@pytest.mark.rule("704.5e")
def test_copies_of_spells_and_cards_cease_outside_their_zones():
    state = game()
    spell_copy = state.add("Shock", "Alice", "stack", types={"Instant"}, copy="spell")
    card_copy = state.add("Shock", "Alice", "battlefield", types={"Artifact"}, copy="card")
    assert pending_state_based_actions(state) == []  # both where a copy may be
    state.move(spell_copy.id, "graveyard")
    state.move(card_copy.id, "exile")
    assert rules_of(check_state_based_actions(state)) == ["704.5e", "704.5e"]
    assert spell_copy.id not in state.objects and card_copy.id not in state.objects


@pytest.mark.rule("704.5e")
def test_copy_of_a_spell_on_the_battlefield_ceases():
    state = game()
    copy = state.add("Runeclaw Bear", "Alice", "battlefield", types={"Creature"}, power=2, toughness=2, copy="spell")
    assert rules_of(check_state_based_actions(state)) == ["704.5e"]
    assert copy.id not in state.objects


@pytest.mark.rule("704.5f")
def test_zero_toughness_goes_to_graveyard_despite_indestructible_and_regeneration():
    state = game()
    weak = bear(state, keywords={"indestructible"}, regeneration_shields=1)
    weak.counters["-1/-1"] = 2
    events = check_state_based_actions(state)
    assert [str(e) for e in events] == ["704.5f — Grizzly Bears is put into its owner's graveyard: toughness 0 or less"]
    assert state.zone_of(weak.id) == "graveyard"


@pytest.mark.rule("704.5g")
def test_lethal_damage_destroys():
    state = game()
    victim, survivor = bear(state), bear(state, "Bob")
    deal_damage(state, survivor.id, victim.id, 2)
    deal_damage(state, victim.id, survivor.id, 1)
    events = check_state_based_actions(state)
    assert [str(e) for e in events] == ["704.5g — Grizzly Bears is destroyed: lethal damage"]
    assert events[0].objects == (victim.id,)
    assert state.zone_of(victim.id) == "graveyard" and state.on_battlefield(survivor.id)


@pytest.mark.rule("704.5g")
def test_lethal_damage_spares_indestructible_and_is_replaced_by_regeneration():
    state = game()
    statue = bear(state, keywords={"indestructible"})
    troll = bear(state, regeneration_shields=1, attacking="Bob")
    statue.damage = troll.damage = 5
    events = check_state_based_actions(state)
    assert [e.event for e in events] == ["regenerates"]
    assert state.on_battlefield(statue.id) and state.on_battlefield(troll.id)
    assert troll.damage == 0 and troll.tapped and troll.attacking is None and troll.regeneration_shields == 0


@pytest.mark.rule("704.5h", "702.2b")
def test_deathtouch_damage_destroys_once_checked():
    state = game()
    big = state.add("Colossal Dreadmaw", "Alice", types={"Creature"}, power=6, toughness=6)
    snake = state.add("Typhoid Rats", "Bob", types={"Creature"}, power=1, toughness=1, keywords={"deathtouch"})
    deal_damage(state, snake.id, big.id, 1)
    state.move(snake.id, "graveyard")  # the source's deathtouch was read when it dealt damage
    events = check_state_based_actions(state)
    assert [str(e) for e in events] == ["704.5h — Colossal Dreadmaw is destroyed: damage from a source with deathtouch"]


@pytest.mark.rule("704.5g", "704.5h", "704.3", "704.7", "701.19a")
def test_lethal_deathtouch_damage_is_one_destruction_that_one_shield_replaces():
    state = game()
    troll = bear(state, regeneration_shields=1)
    rats = state.add("Typhoid Rats", "Bob", types={"Creature"}, power=1, toughness=1, keywords={"deathtouch"})
    deal_damage(state, rats.id, troll.id, 2)
    assert [a.rule for a in pending_state_based_actions(state)] == ["704.5g", "704.5h"]
    events = check_state_based_actions(state)
    assert [(e.rule, e.event) for e in events] == [("701.19a", "regenerates")]
    assert events[0].message == "Grizzly Bears regenerates instead of being destroyed: lethal damage"
    assert state.on_battlefield(troll.id) and troll.tapped and troll.regeneration_shields == 0


@pytest.mark.rule("704.5h")
def test_deathtouch_damage_is_forgotten_after_a_check():
    state = game()
    big = state.add("Colossal Dreadmaw", "Alice", types={"Creature"}, power=6, toughness=6, keywords={"indestructible"})
    snake = state.add("Typhoid Rats", "Bob", types={"Creature"}, power=1, toughness=1, keywords={"deathtouch"})
    deal_damage(state, snake.id, big.id, 1)
    check_state_based_actions(state)
    big.keywords = frozenset()  # losing indestructible later does not revive the old damage
    assert pending_state_based_actions(state) == []


@pytest.mark.rule("704.5i")
def test_planeswalker_with_zero_loyalty():
    state = game()
    walker = state.add("Jace Beleren", "Alice", types={"Planeswalker"}, counters={"loyalty": 3})
    bolt = state.add("Lightning Bolt", "Bob", "stack", types={"Instant"})
    deal_damage(state, bolt.id, walker.id, 3)
    assert rules_of(check_state_based_actions(state)) == ["704.5i"]
    assert state.zone_of(walker.id) == "graveyard"


@pytest.mark.rule("704.5j")
def test_legend_rule_keeps_the_chosen_one_per_controller():
    state = game()
    old = state.add("Isamaru", "Alice", types={"Creature"}, supertypes={"Legendary"}, power=2, toughness=1)
    new = state.add("Isamaru", "Alice", types={"Creature"}, supertypes={"Legendary"}, power=2, toughness=1)
    theirs = state.add("Isamaru", "Bob", types={"Creature"}, supertypes={"Legendary"}, power=2, toughness=1)

    class KeepOld(Chooser):
        def legend_to_keep(self, state, player, candidates):
            assert player == "Alice" and sorted(candidates) == sorted([old.id, new.id])
            return old.id

    events = check_state_based_actions(state, KeepOld())
    assert rules_of(events) == ["704.5j"] and events[0].objects == (new.id,)
    assert state.on_battlefield(old.id) and state.on_battlefield(theirs.id)


@pytest.mark.rule("704.5j")
def test_legend_rule_default_keeps_the_newest():
    state = game()
    old = state.add("Isamaru", "Alice", types={"Creature"}, supertypes={"Legendary"}, power=2, toughness=1)
    new = state.add("Isamaru", "Alice", types={"Creature"}, supertypes={"Legendary"}, power=2, toughness=1)
    check_state_based_actions(state)
    assert state.on_battlefield(new.id) and not state.on_battlefield(old.id)


@pytest.mark.rule("704.5k")
def test_world_rule_keeps_the_newest_world_and_a_tie_keeps_none():
    state = game()
    first = state.add("Concordant Crossroads", "Alice", types={"Enchantment"}, supertypes={"World"})
    second = state.add("Living Plane", "Bob", types={"Enchantment"}, supertypes={"World"})
    events = check_state_based_actions(state)
    assert rules_of(events) == ["704.5k"] and events[0].objects == (first.id,)
    third = state.add("Nether Void", "Alice", types={"Enchantment"}, supertypes={"World"}, world_since=second.world_since)
    assert sorted(a.target for a in pending_state_based_actions(state)) == sorted([second.id, third.id])


@pytest.mark.rule("704.5k")
def test_a_world_counts_from_when_it_entered_the_battlefield():
    state = game()
    in_hand = state.add("Concordant Crossroads", "Alice", "hand", types={"Enchantment"}, supertypes={"World"})
    on_board = state.add("Living Plane", "Bob", types={"Enchantment"}, supertypes={"World"})
    state.move(in_hand.id, "battlefield")  # created first, but the newest world permanent
    check_state_based_actions(state)
    assert state.on_battlefield(in_hand.id) and state.zone_of(on_board.id) == "graveyard"


@pytest.mark.rule("704.5m")
def test_aura_on_an_illegal_object_or_on_nothing_goes_to_graveyard():
    state = game()
    land = state.add("Forest", "Alice", types={"Land"})
    creature = bear(state)
    legal = state.add("Pacifism", "Bob", types={"Enchantment"}, subtypes={"Aura"}, enchant="Creature", attached_to=creature.id)
    wrong = state.add("Pacifism", "Bob", types={"Enchantment"}, subtypes={"Aura"}, enchant="Creature", attached_to=land.id)
    loose = state.add("Pacifism", "Bob", types={"Enchantment"}, subtypes={"Aura"}, enchant="Creature")
    curse = state.add("Curse of Death's Hold", "Bob", types={"Enchantment"}, subtypes={"Aura", "Curse"},
                      enchant="Player", attached_to="Alice")
    events = check_state_based_actions(state)
    assert sorted(e.objects[0] for e in events) == sorted([wrong.id, loose.id])
    assert all(e.rule == "704.5m" for e in events)
    assert state.on_battlefield(legal.id) and state.on_battlefield(curse.id)
    state.move(creature.id, "graveyard")
    assert [(e.rule, e.objects) for e in check_state_based_actions(state)] == [("704.5m", (legal.id,))]


@pytest.mark.rule("704.5n")
def test_equipment_on_a_noncreature_becomes_unattached_and_stays():
    state = game()
    land = state.add("Mishra's Factory", "Alice", types={"Land"})
    sword = state.add("Short Sword", "Alice", types={"Artifact"}, subtypes={"Equipment"}, attached_to=land.id)
    fort = state.add("Darksteel Garrison", "Alice", types={"Artifact"}, subtypes={"Fortification"}, attached_to=land.id)
    events = check_state_based_actions(state)
    assert [(e.rule, e.event, e.objects) for e in events] == [("704.5n", "unattached", (sword.id,))]
    assert state.on_battlefield(sword.id) and sword.attached_to is None and fort.attached_to == land.ref
    fort.attached_to = "Bob"
    assert [a.rule for a in pending_state_based_actions(state)] == ["704.5n"]


@pytest.mark.rule("704.5p")
def test_creatures_battles_and_plain_permanents_cannot_stay_attached():
    state = game()
    host = bear(state)
    creature = bear(state, attached_to=host.id)
    rock = state.add("Mind Stone", "Alice", types={"Artifact"}, attached_to=host.id)
    aura = state.add("Rancor", "Alice", types={"Enchantment"}, subtypes={"Aura"}, enchant="Creature", attached_to=host.id)
    events = check_state_based_actions(state)
    assert sorted((e.rule, e.objects[0]) for e in events) == sorted([("704.5p", creature.id), ("704.5p", rock.id)])
    assert state.on_battlefield(creature.id) and state.on_battlefield(rock.id) and aura.attached_to == host.ref


@pytest.mark.rule("704.5p", "704.5m")
def test_an_aura_that_becomes_a_creature_is_unattached_then_put_into_the_graveyard():
    state = game()
    host = bear(state)
    aura = state.add("Animated Rancor", "Alice", types={"Enchantment", "Creature"}, subtypes={"Aura"},
                     enchant="Creature", attached_to=host.id, power=1, toughness=1)
    assert rules_of(check_state_based_actions(state)) == ["704.5p", "704.5m"]
    assert state.zone_of(aura.id) == "graveyard"


@pytest.mark.rule("704.5q")
def test_plus_and_minus_counters_annihilate():
    state = game()
    bear_ = bear(state, counters={"+1/+1": 1, "-1/-1": 2})
    events = check_state_based_actions(state)
    assert [str(e) for e in events] == [
        "704.5q — 1 +1/+1 counter and 1 -1/-1 counter removed from Grizzly Bears: +1/+1 and -1/-1 counters"
    ]
    assert bear_.counters == {"+1/+1": 0, "-1/-1": 1} and bear_.total_toughness == 1


@pytest.mark.rule("704.5q", "704.5f", "704.3")
def test_simultaneous_check_sees_the_board_before_the_batch():
    # 704.8's Young Wolf: one +1/+1 and three -1/-1 counters. Both 704.5f and 704.5q apply to
    # the same board; the creature dies with its counters, which are never removed.
    state = game()
    wolf = bear(state, counters={"+1/+1": 1, "-1/-1": 3})
    assert [a.rule for a in pending_state_based_actions(state)] == ["704.5f", "704.5q"]
    events = check_state_based_actions(state)
    assert rules_of(events) == ["704.5f"]
    assert state.zone_of(wolf.id) == "graveyard"
    assert state.known(wolf.ref).counters == {"+1/+1": 1, "-1/-1": 3}


@pytest.mark.rule("704.5r")
def test_counters_beyond_a_limit_are_removed():
    state = game()
    cap = state.add("Capped", "Alice", types={"Artifact"}, counters={"charge": 5}, counter_limits={"charge": 3})
    events = check_state_based_actions(state)
    assert [str(e) for e in events] == ["704.5r — 2 charge counters removed from Capped: it can't have more than 3 charge counters"]
    assert cap.counters["charge"] == 3


@pytest.mark.rule("704.5s", "714.2b")
def test_saga_is_sacrificed_after_its_last_chapter_leaves_the_stack():
    from mtgrules.engine.stack import resolve_top

    state = game()
    saga = state.add("History of Benalia", "Alice", types={"Enchantment"}, subtypes={"Saga"}, chapters=3, counters={"lore": 2})
    events = put_counters(state, saga.id, "lore")
    assert [e.event for e in events] == ["counters put", "lore counters", "chapter triggers"]
    [put] = check_state_based_actions(state)  # chapter III goes on the stack; the Saga stays
    assert (put.rule, put.event, put.objects[1]) == ("603.3b", "trigger put on stack", saga.id)
    assert state.on_battlefield(saga.id)
    resolve_top(state)
    events = check_state_based_actions(state)
    assert [str(e) for e in events] == ["704.5s — History of Benalia is sacrificed by Alice: Saga past its final chapter"]


@pytest.mark.rule("704.5s")
def test_saga_without_chapter_abilities_is_not_sacrificed():
    state = game()
    state.add("Blank Saga", "Alice", types={"Enchantment"}, subtypes={"Saga"}, chapters=0, counters={"lore": 4})
    assert pending_state_based_actions(state) == []


@pytest.mark.rule("704.5t")
def test_completed_dungeon_is_removed_once_its_room_ability_is_gone():
    state = game()
    dungeon = state.add("Lost Mine of Phandelver", "Alice", "command", types={"Dungeon"},
                        rooms=("Cave Entrance", "Goblin Lair", "Dark Pool", "Temple of Dumathoin"))
    state.player("Alice").venture = (dungeon.id, "Temple of Dumathoin")
    room = state.trigger(dungeon.id, "Temple of Dumathoin", label="room")
    assert pending_state_based_actions(state) == []
    state.cease(room.id)
    events = check_state_based_actions(state)
    assert rules_of(events) == ["704.5t"] and dungeon.id not in state.objects
    assert state.player("Alice").venture is None


@pytest.mark.rule("704.5u")
def test_space_sculptor_players_without_it_choose_sectors_first():
    state = game()
    state.add("Space Beleren", "Bob", types={"Planeswalker"}, keywords={"space sculptor"}, counters={"loyalty": 5})
    mine = bear(state)
    theirs = bear(state, "Bob")
    asked = []

    class Sectors(Chooser):
        def sector(self, state, player, creature):
            asked.append(player)
            return "beta" if player == "Alice" else "gamma"

    events = check_state_based_actions(state, Sectors())
    assert asked == ["Alice", "Bob"]  # Bob controls the sculptor: he chooses second
    assert rules_of(events) == ["704.5u", "704.5u"]
    assert mine.sector == "beta" and theirs.sector == "gamma"


@pytest.mark.rule("704.5v")
def test_siege_at_zero_defense_waits_for_its_trigger():
    state = game()
    siege = state.add("Invasion of Zendikar", "Alice", types={"Battle"}, subtypes={"Siege"},
                      counters={"defense": 0}, protector="Bob")
    trigger = state.trigger(siege.id, "Invasion of Zendikar defeated")
    put_triggers_on_stack(state, Chooser())
    assert pending_state_based_actions(state) == []
    state.cease(trigger.id)
    assert rules_of(check_state_based_actions(state)) == ["704.5v"]


@pytest.mark.rule("704.5v")
def test_siege_waits_for_a_delayed_triggered_ability_of_its_own_too():
    state = game()
    siege = state.add("Invasion of Zendikar", "Alice", types={"Battle"}, subtypes={"Siege"},
                      counters={"defense": 0}, protector="Bob")
    delayed = state.add("At the next end step", "Alice", "stack", ability="delayed", source=siege.id)
    assert pending_state_based_actions(state) == []
    state.cease(delayed.id)
    assert rules_of(check_state_based_actions(state)) == ["704.5v"]


@pytest.mark.rule("704.5w")
def test_non_siege_battle_at_zero_defense_goes_regardless_of_triggers():
    state = game()
    battle = state.add("Odd Battle", "Alice", types={"Battle"}, counters={"defense": 0}, protector="Alice")
    state.trigger(battle.id, "some trigger")
    events = check_state_based_actions(state)
    assert "704.5w" in rules_of(events) and state.zone_of(battle.id) == "graveyard"


@pytest.mark.rule("704.5x")
def test_battle_without_protector_gets_one_or_goes():
    state = State(["Alice", "Bob", "Carol"])
    siege = state.add("Invasion of Tarkir", "Alice", types={"Battle"}, subtypes={"Siege"}, counters={"defense": 5})
    plain = state.add("Plain Battle", "Alice", types={"Battle"}, counters={"defense": 5})

    class PickCarol(Chooser):
        def protector(self, state, battle, candidates):
            assert sorted(candidates) == (["Bob", "Carol"] if battle == siege.id else ["Alice"])
            return candidates[-1]

    events = check_state_based_actions(state, PickCarol())
    assert rules_of(events) == ["704.5x", "704.5x"]
    assert siege.protector == "Carol" and plain.protector == "Alice"


@pytest.mark.rule("704.5x")
def test_siege_with_no_possible_protector_goes_to_graveyard_unless_attacked():
    state = State(["Alice", "Bob"])
    state.player("Bob").lost = True
    siege = state.add("Invasion of Tarkir", "Alice", types={"Battle"}, subtypes={"Siege"}, counters={"defense": 5})
    attacker = bear(state, attacking=siege.id)
    assert pending_state_based_actions(state) == []  # being attacked: no check
    attacker.attacking = None
    events = check_state_based_actions(state)
    assert [str(e) for e in events] == [
        "704.5x — Invasion of Tarkir is put into its owner's graveyard: no protector, and no player can protect it"
    ]


@pytest.mark.rule("704.5x")
def test_a_protector_who_left_the_game_leaves_no_protector_in_the_game():
    state = State(["Alice", "Bob", "Carol"])
    siege = state.add("Invasion of Tarkir", "Alice", types={"Battle"}, subtypes={"Siege"},
                      counters={"defense": 5}, protector="Bob")
    attacker = bear(state, "Carol", attacking=siege.id)
    state.player("Bob").lost = True
    assert pending_state_based_actions(state) == []  # being attacked: no check
    attacker.attacking = None
    events = check_state_based_actions(state)
    assert [str(e) for e in events] == ["704.5x — Alice chooses Carol to protect Invasion of Tarkir: no protector"]
    assert siege.protector == "Carol"


@pytest.mark.rule("704.5y")
def test_protector_who_cannot_protect_is_replaced():
    state = State(["Alice", "Bob", "Carol"])
    siege = state.add("Invasion of Tarkir", "Alice", types={"Battle"}, subtypes={"Siege"},
                      counters={"defense": 5}, protector="Bob")
    siege.controller = "Bob"  # control changed: Bob can't protect his own Siege
    events = check_state_based_actions(state)
    assert rules_of(events) == ["704.5y"] and siege.protector == "Carol"


@pytest.mark.rule("704.5z")
def test_only_the_newest_role_per_player_stays():
    state = game()
    host = bear(state)
    role = dict(types={"Enchantment"}, subtypes={"Aura", "Role"}, enchant="Creature", token=True, attached_to=host.id)
    old = state.add("Cursed Role", "Alice", **role)
    new = state.add("Monster Role", "Alice", **role)
    bobs = state.add("Wicked Role", "Bob", **role)
    events = check_state_based_actions(state)
    assert (events[0].rule, events[0].objects) == ("704.5z", (old.id,))
    assert state.on_battlefield(new.id) and state.on_battlefield(bobs.id)
    assert old.id not in state.objects  # a token: it ceased to exist at the next check (704.5d)


@pytest.mark.rule("704.5aa")
def test_start_your_engines_gives_speed_one_once():
    state = game()
    state.add("Racer", "Alice", types={"Creature"}, power=1, toughness=1, keywords={"start your engines!"})
    events = check_state_based_actions(state)
    assert [str(e) for e in events] == ["704.5aa — Alice's speed becomes 1: controls a permanent with start your engines!"]
    state.player("Alice").speed = 3
    assert pending_state_based_actions(state) == [] and state.player("Bob").speed is None


@pytest.mark.rule("704.3")
def test_actions_repeat_until_none_applies():
    state = game()
    host = bear(state)
    host.damage = 2
    aura = state.add("Rancor", "Alice", types={"Enchantment"}, subtypes={"Aura"}, enchant="Creature", attached_to=host.id)
    # First check: the creature dies. Second: its Aura is attached to nothing legal.
    assert rules_of(check_state_based_actions(state)) == ["704.5g", "704.5m"]
    assert state.zone_of(aura.id) == "graveyard"


@pytest.mark.rule("704.3")
def test_one_object_two_reasons_moves_once():
    state = game()
    creature = bear(state, counters={"-1/-1": 2})
    creature.damage = 3
    events = check_state_based_actions(state)
    assert rules_of(events) == ["704.5f"] and state.player("Alice").graveyard == [creature.id]


@pytest.mark.rule("704.5")
def test_pending_actions_are_listed_in_704_5_order_without_changing_anything():
    state = game()
    state.player("Bob").poison = 10
    creature = bear(state, counters={"-1/-1": 2})
    state.player("Alice").life = 0
    pending = pending_state_based_actions(state)
    assert [(a.rule, a.kind, a.target) for a in pending] == [
        ("704.5a", ActionKind.LOSE, "Alice"), ("704.5c", ActionKind.LOSE, "Bob"), ("704.5f", ActionKind.GRAVEYARD, creature.id)]
    assert state.on_battlefield(creature.id) and not state.player("Alice").lost


def test_one_check_per_rule_of_704_5_in_order():
    from mtgrules.engine.registry import implementations_for
    from mtgrules.engine.sba import STATE_BASED_ACTIONS
    from mtgrules.rulenumbers import subrule

    expected = [subrule("704.5", i) for i in range(25)]
    assert [f.__name__ for f in STATE_BASED_ACTIONS] == [implementations_for(n)[0].function for n in expected]
    assert all(len(implementations_for(n)) == 1 for n in expected)


def test_every_kind_of_action_is_performed_by_one_function():
    from mtgrules.engine.sba import PERFORMERS

    assert set(PERFORMERS) == set(ActionKind)
    assert len(set(PERFORMERS.values())) == len(ActionKind)


@pytest.mark.rule("704.5q", "704.5r", "704.3")
def test_cancelling_counters_and_a_limit_from_the_same_board_never_go_below_zero():
    """704.5q (remove 2 of each) and 704.5r (keep at most 1 +1/+1) both worked out from the same
    board: one removal of +1/+1 counters, the larger, not both added up."""
    state = game()
    capped = bear(state, counters={"+1/+1": 2, "-1/-1": 2}, counter_limits={"+1/+1": 1})
    events = check_state_based_actions(state)
    assert [e.rule for e in events] == ["704.5q"]
    assert capped.counters == {"+1/+1": 0, "-1/-1": 0}
    bigger = bear(state, counters={"+1/+1": 5, "-1/-1": 2}, counter_limits={"+1/+1": 4})
    check_state_based_actions(state)
    assert bigger.counters == {"+1/+1": 3, "-1/-1": 0}
