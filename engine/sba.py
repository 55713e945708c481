"""State-based actions: rules 704.3 and 704.5a–704.5aa, and putting waiting triggered
abilities on the stack between checks (603.3b).

What this module owns: WHEN state-based actions happen and what each one does. Every rule of
704.5 is one function below that only LOOKS at the state and returns the `Action`s that apply;
each kind of action (`ActionKind`: lose, destroy, sacrifice …) is done by one function, found
in `PERFORMERS`. `check_state_based_actions` collects the actions of all of them from the same
state, performs them together as one event, and repeats until none applies (704.3). Because
the checks never change the state, simultaneity comes for free: a creature with lethal damage
and a -1/-1 counter is judged on the board as it was, not halfway through the batch, and the
last known information of whatever leaves is the board before the batch (704.8). When two
actions would move the same object (toughness 0 and lethal damage), it moves once, by the first
rule in 704.5 order; the event names that rule. Likewise two reasons to destroy it (lethal
damage and deathtouch) destroy it once, so a single regeneration shield saves it (704.7), and
two removals of the same kind of counter from the same permanent (704.5q and 704.5r, each
worked out from the same board) remove the larger number, never more than there are. Players
who lose in one batch lose together (`players.lose`).

What it does not own: what the choices are (`choices.Chooser`), damage and counters (`damage`,
`counters`), what destruction and leaving the game do (`zones`, `players`), and the variant
rules of 704.6 (Two-Headed Giant, Commander, Archenemy, Planechase), which the state does not
model.

`pending_state_based_actions` is public so that a judge or a quiz can ask "what would happen
now?" without changing anything.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum

from .battles import appropriate_protectors
from .choices import Chooser
from .events import Event
from .messages import Text, Word, say
from .players import lose
from .registry import implements
from .state import CopyOf, GameObject, IllegalAction, Ref, State, TriggerLabel, Zone, pt_counter, zone_word
from .zones import destroy, put_into_graveyard, sacrifice

# Enough for any real board: each pass must change something, and the changes run out.
MAX_PASSES = 1000


class ActionKind(StrEnum):
    """What a state-based action does; each kind is performed by one function (`PERFORMERS`)."""

    LOSE = "lose"  # a player loses the game
    GRAVEYARD = "graveyard"  # put into its owner's graveyard (not destroyed: nothing replaces it)
    DESTROY = "destroy"  # destroyed: regeneration can replace it
    CEASE = "cease"  # a token or copy ceases to exist
    UNATTACH = "unattach"
    REMOVE_COUNTERS = "remove counters"
    SACRIFICE = "sacrifice"
    REMOVE_FROM_GAME = "remove from game"  # a completed dungeon
    PROTECTOR = "protector"  # a battle gets a protector
    SECTOR = "sector"  # a creature gets a sector designation
    SPEED = "speed"  # a player's speed becomes 1


@dataclass(frozen=True)
class Action:
    """One state-based action that applies now: what to do, to what, and why.

    `target` is an object id or a player name; `reason` is a message. Some kinds need more,
    each in its own field: `counters` (REMOVE_COUNTERS: counter kind -> how many to remove),
    `choice` (PROTECTOR: the player chosen; SECTOR: the sector chosen), `speed` (SPEED: the
    new speed)."""

    rule: str
    kind: ActionKind
    target: str
    reason: Text
    counters: dict[str, int] = field(default_factory=dict)
    choice: str = ""
    speed: int = 0


def _creatures(state: State) -> list[GameObject]:
    return [p for p in state.permanents() if p.is_("Creature")]


# 704.5a–c: a player loses ---------------------------------------------------------------------


@implements("704.5a", expects=("0 or less life", "loses the game"))
def zero_life(state: State, chooser: Chooser) -> list[Action]:
    """A player at 0 or less life loses; checked only here, so life can dip below 1 during a
    spell's resolution without ending the game (704.4)."""
    return [Action("704.5a", ActionKind.LOSE, p.name, say("reason_zero_life")) for p in state.players if not p.lost and p.life <= 0]


@implements("704.5b", expects=("draw a card", "no cards in it", "since the last time"))
def drew_from_empty_library(state: State, chooser: Chooser) -> list[Action]:
    """A player who tried to draw from an empty library since the last check loses (see
    `State.draw`, which remembers the attempt; the check clears it)."""
    return [
        Action("704.5b", ActionKind.LOSE, p.name, say("reason_empty_library"))
        for p in state.players
        if not p.lost and p.drew_from_empty
    ]


@implements("704.5c", expects=("ten or more poison counters", "loses the game"))
def ten_poison(state: State, chooser: Chooser) -> list[Action]:
    """Ten poison counters lose the game. Two-Headed Giant's shared 15 (704.6b) is not modelled."""
    return [
        Action("704.5c", ActionKind.LOSE, p.name, say("reason_poison"))
        for p in state.players
        if not p.lost and p.poison >= 10
    ]


# 704.5d–e: tokens and copies outside their zones ----------------------------------------------


@implements("704.5d", expects=("token", "zone other than the battlefield", "ceases to exist"))
def token_outside_battlefield(state: State, chooser: Chooser) -> list[Action]:
    """A token that left the battlefield stays in its new zone just long enough to be seen there
    (leaves-the-battlefield abilities work), then ceases to exist at the next check."""
    return [
        Action("704.5d", ActionKind.CEASE, o.id, say("reason_token_zone", zone=zone_word(zone)))
        for o in list(state.objects.values())
        if o.token and (zone := state.zone_of(o.id)) not in (None, Zone.BATTLEFIELD)
    ]


@implements("704.5e", expects=("copy of a spell", "copy of a card", "ceases to exist"))
def copy_outside_its_zones(state: State, chooser: Chooser) -> list[Action]:
    """A copy of a spell exists only on the stack; a copy of a card only on the stack or the
    battlefield (707.10a says the same from the copy's side)."""
    allowed = {CopyOf.SPELL: (Zone.STACK,), CopyOf.CARD: (Zone.STACK, Zone.BATTLEFIELD)}
    return [
        Action("704.5e", ActionKind.CEASE, o.id, say("reason_copy_zone", what=Word("copy", str(o.copy)), zone=zone_word(zone)))
        for o in list(state.objects.values())
        if o.copy in allowed and (zone := state.zone_of(o.id)) is not None and zone not in allowed[o.copy]
    ]


# 704.5f–i: creatures and planeswalkers that die ------------------------------------------------


@implements("704.5f", expects=("toughness 0 or less", "owner’s graveyard", "Regeneration can’t replace"))
def zero_toughness(state: State, chooser: Chooser) -> list[Action]:
    """Put into the graveyard, not destroyed: indestructible and regeneration don't help."""
    return [
        Action("704.5f", ActionKind.GRAVEYARD, c.id, say("reason_zero_toughness"))
        for c in _creatures(state)
        if c.total_toughness is not None and c.total_toughness <= 0
    ]


@implements("704.5g", expects=("toughness greater than 0", "damage marked", "lethal damage", "destroyed"))
def lethal_damage(state: State, chooser: Chooser) -> list[Action]:
    """Destroyed, so indestructible ignores it (702.12b) and regeneration can replace it."""
    return [
        Action("704.5g", ActionKind.DESTROY, c.id, say("lethal_damage"))
        for c in _creatures(state)
        if (toughness := c.total_toughness) is not None and toughness > 0 and c.damage > 0 and c.damage >= toughness
        and not c.has("indestructible")
    ]


@implements("704.5h", expects=("deathtouch", "since the last time", "destroyed"))
@implements("702.2b", expects=("source with deathtouch", "destroyed as a state-based action"))
def deathtouch_damage(state: State, chooser: Chooser) -> list[Action]:
    """Any damage from a deathtouch source since the last check destroys; the source's deathtouch
    is read when the damage is dealt (`damage`), so a source that has since left or lost
    deathtouch still counts."""
    return [
        Action("704.5h", ActionKind.DESTROY, c.id, say("deathtouch_damage"))
        for c in _creatures(state)
        if (c.total_toughness or 0) > 0 and c.dealt_deathtouch_damage and not c.has("indestructible")
    ]


@implements("704.5i", expects=("planeswalker", "loyalty 0", "owner’s graveyard"))
def zero_loyalty(state: State, chooser: Chooser) -> list[Action]:
    """Loyalty is the number of loyalty counters (122.1e); a put-into-graveyard, not a destruction."""
    return [
        Action("704.5i", ActionKind.GRAVEYARD, p.id, say("reason_zero_loyalty"))
        for p in state.permanents()
        if p.is_("Planeswalker") and p.counters.get("loyalty", 0) <= 0
    ]


# 704.5j–k: legend rule and world rule ----------------------------------------------------------


@implements("704.5j", expects=("legendary permanents", "same name", "chooses one of them", "legend rule"))
def legend_rule(state: State, chooser: Chooser) -> list[Action]:
    """Per controller and name: the controller keeps the one `chooser.legend_to_keep` picks."""
    groups: dict[tuple[str, str], list[str]] = {}
    for p in state.permanents():
        if p.is_("Legendary"):
            groups.setdefault((p.controller, p.name), []).append(p.id)
    actions = []
    for (controller, _name), ids in groups.items():
        if len(ids) > 1:
            keep = chooser.legend_to_keep(state, controller, ids)
            if keep not in ids:
                raise IllegalAction(say("illegal_choice", choice=keep, what=_name, options=ids))
            actions += [Action("704.5j", ActionKind.GRAVEYARD, i, say("reason_legend", player=controller, kept=keep))
                        for i in ids if i != keep]
    return actions


@implements("704.5k", expects=("world", "shortest amount of time", "tie", "world rule"))
def world_rule(state: State, chooser: Chooser) -> list[Action]:
    """The newest world permanent (latest `world_since`: when it entered as a world, or when it
    became one by converting) survives; a tie for newest keeps none. A world permanent the
    state was built with and no time set counts from its timestamp."""
    worlds = [p for p in state.permanents() if p.is_("World")]
    if len(worlds) < 2:
        return []
    since = {w.id: w.world_since if w.world_since is not None else w.timestamp for w in worlds}
    newest = max(since.values())
    survivors = [w for w in worlds if since[w.id] == newest]
    reason = say("reason_world") if len(survivors) == 1 else say("reason_world_tie")
    return [Action("704.5k", ActionKind.GRAVEYARD, w.id, reason) for w in worlds if len(survivors) > 1 or w is not survivors[0]]


# 704.5m–p: attachments ---------------------------------------------------------------------------


def _aura_problem(state: State, aura: GameObject) -> Text | None:
    """Why an Aura's attachment is illegal (303.4c–d), or None when it is legal."""
    host = aura.attached_to
    if host is None:
        return say("reason_aura_nothing")
    if isinstance(host, str):
        if aura.enchant != "Player":
            return say("reason_aura_player", player=host)
        return say("reason_aura_left", player=host) if state.player(host).lost else None
    if host.id == aura.id:
        return say("reason_aura_itself")
    target = state.permanent(host)
    if target is None:
        return say("reason_aura_gone")
    if aura.enchant not in (None, "Permanent") and not target.is_(aura.enchant):
        return say("reason_aura_not", host=target.name, type=Word("type", aura.enchant))
    return None


@implements("704.5m", expects=("Aura", "illegal object or player", "not attached", "owner’s graveyard"))
@implements("303.4c", expects=("the object it was attached to no longer exists",))
def illegal_aura(state: State, chooser: Chooser) -> list[Action]:
    """What is legal comes from the Aura's enchant ability (`GameObject.enchant`); Auras that
    enchant cards in other zones and protection are not modelled. What it enchanted no longer
    exists if it changed zones, even if it came back (a new object, 400.7). An Aura that is
    also a creature is first unattached by 704.5p, then falls off here on the next pass."""
    return [
        Action("704.5m", ActionKind.GRAVEYARD, a.id, problem)
        for a in state.permanents()
        if a.is_("Aura") and (problem := _aura_problem(state, a)) is not None
    ]


@implements("704.5n", expects=("Equipment or Fortification", "illegal permanent", "unattached", "remains on the battlefield"))
def illegal_equipment(state: State, chooser: Chooser) -> list[Action]:
    """Equipment must equip a creature (301.5), a Fortification a land (301.6), neither a player
    nor itself; unlike an Aura it stays on the battlefield."""
    actions = []
    for e in state.permanents():
        needed = "Creature" if e.is_("Equipment") else "Land" if e.is_("Fortification") else None
        if needed is None or e.attached_to is None:
            continue
        host = state.permanent(e.attached_to)
        if host is None or host.id == e.id or not host.is_(needed):
            actions.append(Action("704.5n", ActionKind.UNATTACH, e.id, say("reason_equip", type=Word("type", needed))))
    return actions


@implements("704.5p", expects=("battle or creature", "attached", "unattached", "nor a Fortification"))
def cannot_be_attached(state: State, chooser: Chooser) -> list[Action]:
    """The rule's two sentences: a battle or creature can't be attached to anything, and neither
    can any other permanent that isn't an Aura, Equipment or Fortification."""
    actions = []
    for p in state.permanents():
        if p.attached_to is None:
            continue
        if p.is_("Battle") or p.is_("Creature"):
            actions.append(Action("704.5p", ActionKind.UNATTACH, p.id, say("reason_attached_creature")))
        elif not (p.is_("Aura") or p.is_("Equipment") or p.is_("Fortification")):
            actions.append(Action("704.5p", ActionKind.UNATTACH, p.id, say("reason_attached_other")))
    return actions


# 704.5q–r: counters ------------------------------------------------------------------------------


@implements("704.5q", expects=("+1/+1 counter", "-1/-1 counter", "smaller"))
def annihilate_counters(state: State, chooser: Chooser) -> list[Action]:
    """N of each are removed, N the smaller count; the rest of the larger stack stays."""
    actions = []
    for p in state.permanents():
        n = min(p.counters.get("+1/+1", 0), p.counters.get("-1/-1", 0))
        if n > 0:
            actions.append(Action("704.5q", ActionKind.REMOVE_COUNTERS, p.id, say("reason_cancel"),
                                  counters={"+1/+1": n, "-1/-1": n}))
    return actions


@implements("704.5r", expects=("more than N counters", "all but N"))
def counter_limit(state: State, chooser: Chooser) -> list[Action]:
    """Effects may still put counters past a limit; the excess goes at the next check."""
    actions = []
    for p in state.permanents():
        for kind, limit in p.counter_limits.items():
            excess = p.counters.get(kind, 0) - limit
            if excess > 0:
                actions.append(Action("704.5r", ActionKind.REMOVE_COUNTERS, p.id,
                                      say("reason_limit", limit=limit, kind=_counter_word(kind)), counters={kind: excess}))
    return actions


def _counter_word(kind: str) -> Word | str:
    return kind if pt_counter(kind) else Word("counter", kind)


# 704.5s–u: Sagas, dungeons, space sculptor --------------------------------------------------------


@implements("704.5s", expects=("lore counters", "Saga", "final chapter number", "sacrifices"))
def finished_saga(state: State, chooser: Chooser) -> list[Action]:
    """A Saga is sacrificed once its lore counters reach its final chapter and its chapter
    abilities have all left the stack; a Saga with no chapter abilities is left alone."""
    return [
        Action("704.5s", ActionKind.SACRIFICE, s.id, say("reason_saga"))
        for s in state.permanents()
        if s.is_("Saga") and s.chapters >= 1 and s.counters.get("lore", 0) >= s.chapters
        and not state.triggered_pending(s.ref, TriggerLabel.CHAPTER)
    ]


@implements("704.5t", expects=("venture marker", "bottommost room", "removes it from the game"))
def completed_dungeon(state: State, chooser: Chooser) -> list[Action]:
    """The dungeon leaves the game once its last room ability has left the stack."""
    actions = []
    for p in state.players:
        if p.venture is None:
            continue
        dungeon, room = p.venture
        obj = state.objects.get(dungeon)
        if obj is not None and obj.rooms and room == obj.rooms[-1] and not state.triggered_pending(obj.ref, TriggerLabel.ROOM):
            actions.append(Action("704.5t", ActionKind.REMOVE_FROM_GAME, dungeon, say("reason_dungeon")))
    return actions


@implements("704.5u", expects=("space sculptor", "sector designation", "Then, each other player"))
def space_sculptor_sectors(state: State, chooser: Chooser) -> list[Action]:
    """Players without space sculptor choose first, then the others, each for their own
    creatures; the order of the returned actions is the order of the choices."""
    sculptors = [p for p in state.permanents() if p.has("space sculptor")]
    if not sculptors:
        return []
    unsectored = [c for c in _creatures(state) if c.sector is None]
    owners_of_sculptors = {p.controller for p in sculptors}
    actions = []
    for first in (True, False):
        for name in state.apnap():
            if (name not in owners_of_sculptors) != first:
                continue
            for creature in [c for c in unsectored if c.controller == name]:
                sector = chooser.sector(state, name, creature.id)
                actions.append(Action("704.5u", ActionKind.SECTOR, creature.id, say("reason_sector", player=name), choice=sector))
    return actions


# 704.5v–y: battles ---------------------------------------------------------------------------------


@implements("704.5v", expects=("Siege", "defense 0", "not yet left the stack"))
def defeated_siege(state: State, chooser: Chooser) -> list[Action]:
    """Waits for the Siege's own triggers (its exile-and-cast ability, 310.12b) to leave the stack."""
    return [
        Action("704.5v", ActionKind.GRAVEYARD, b.id, say("reason_siege"))
        for b in state.permanents()
        if b.is_("Battle") and b.is_("Siege") and b.counters.get("defense", 0) <= 0 and not state.triggered_pending(b.ref)
    ]


@implements("704.5w", expects=("non-Siege battle", "defense 0", "owner’s graveyard"))
def defeated_battle(state: State, chooser: Chooser) -> list[Action]:
    return [
        Action("704.5w", ActionKind.GRAVEYARD, b.id, say("reason_battle"))
        for b in state.permanents()
        if b.is_("Battle") and not b.is_("Siege") and b.counters.get("defense", 0) <= 0
    ]


def _protector_actions(state: State, chooser: Chooser, battle: GameObject, rule: str, reason: Text, none: Text) -> list[Action]:
    candidates = appropriate_protectors(state, battle)
    if not candidates:
        return [Action(rule, ActionKind.GRAVEYARD, battle.id, none)]
    choice = chooser.protector(state, battle.id, candidates)
    if choice not in candidates:
        raise IllegalAction(say("illegal_choice", choice=choice, what=battle.name, options=candidates))
    return [Action(rule, ActionKind.PROTECTOR, battle.id, reason, choice=choice)]


@implements("704.5x", expects=("no player in the game", "protector", "no attacking creatures", "battle type"))
def battle_without_protector(state: State, chooser: Chooser) -> list[Action]:
    """No protector, or one who has left the game: no player in the game protects it."""
    actions = []
    for b in state.permanents():
        attacked = b.is_("Battle") and any(c.attacking == b.ref for c in _creatures(state))
        if b.is_("Battle") and b.protector not in state.in_game() and not attacked:
            actions += _protector_actions(state, chooser, b, "704.5x", say("reason_no_protector"), say("reason_no_protector_possible"))
    return actions


@implements("704.5y", expects=("can’t be its protector", "appropriate player"))
def battle_with_illegal_protector(state: State, chooser: Chooser) -> list[Action]:
    """Say, a Siege whose protector gained control of it: only an opponent of its controller
    may protect a Siege. (A protector who left the game is 704.5x's case.)"""
    actions = []
    for b in state.permanents():
        if b.is_("Battle") and b.protector in state.in_game() and b.protector not in appropriate_protectors(state, b):
            actions += _protector_actions(state, chooser, b, "704.5y", say("reason_bad_protector", player=b.protector),
                                          say("reason_bad_protector_none", player=b.protector))
    return actions


# 704.5z–aa: Roles and speed ---------------------------------------------------------------------


@implements("704.5z", expects=("more than one Role", "same player", "most recent timestamp"))
def redundant_roles(state: State, chooser: Chooser) -> list[Action]:
    groups: dict[tuple[Ref, str], list[GameObject]] = {}
    for r in state.permanents():
        if r.is_("Role") and isinstance(r.attached_to, Ref) and state.permanent(r.attached_to) is not None:
            groups.setdefault((r.attached_to, r.controller), []).append(r)
    actions = []
    for roles in groups.values():
        newest = max(roles, key=lambda r: r.timestamp)
        actions += [Action("704.5z", ActionKind.GRAVEYARD, r.id, say("reason_role", newer=newest.name))
                    for r in roles if r is not newest]
    return actions


@implements("704.5aa", expects=("start your engines!", "no speed", "speed becomes 1"))
def start_your_engines(state: State, chooser: Chooser) -> list[Action]:
    return [
        Action("704.5aa", ActionKind.SPEED, p.name, say("reason_engines"), speed=1)
        for p in state.players
        if not p.lost and p.speed is None
        and any(o.has("start your engines!") and o.controller == p.name for o in state.permanents())
    ]


STATE_BASED_ACTIONS = (
    zero_life, drew_from_empty_library, ten_poison, token_outside_battlefield, copy_outside_its_zones,
    zero_toughness, lethal_damage, deathtouch_damage, zero_loyalty, legend_rule, world_rule,
    illegal_aura, illegal_equipment, cannot_be_attached, annihilate_counters, counter_limit,
    finished_saga, completed_dungeon, space_sculptor_sectors, defeated_siege, defeated_battle,
    battle_without_protector, battle_with_illegal_protector, redundant_roles, start_your_engines,
)  # in 704.5 order


@implements("704.5", expects=("state-based actions are as follows",))
def pending_state_based_actions(state: State, chooser: Chooser | None = None) -> list[Action]:
    """Every state-based action that applies to the state as it is, in 704.5 order. Changes
    nothing (choices are asked of `chooser`, though). Nothing applies once the game is over."""
    chooser = chooser or Chooser()
    if state.game_over:
        return []
    return [action for check in STATE_BASED_ACTIONS for action in check(state, chooser)]


# performing actions: one function per kind ----------------------------------------------------


def _still_on_battlefield(state: State, action: Action) -> GameObject | None:
    """The permanent an action is about, or None when it already left the battlefield in this
    batch (an earlier action moved it): then the action does nothing."""
    return state.get(action.target) if state.on_battlefield(action.target) else None


def _lose(state: State, action: Action, chooser: Chooser) -> list[Event]:
    return lose(state, [(action.target, action.rule, action.reason)])


def _cease(state: State, action: Action, chooser: Chooser) -> list[Event]:
    if action.target not in state.objects:
        return []
    name = state.name_of(action.target)
    state.cease(action.target)
    return [Event(action.rule, "ceases to exist", (action.target,), (), say("ceases", name=name, reason=action.reason))]


def _put_into_graveyard(state: State, action: Action, chooser: Chooser) -> list[Event]:
    if _still_on_battlefield(state, action) is None:
        return []
    return put_into_graveyard(state, action.target, action.rule, action.reason)


def _destroy(state: State, action: Action, chooser: Chooser) -> list[Event]:
    if _still_on_battlefield(state, action) is None:
        return []
    return destroy(state, action.target, chooser, rule=action.rule, reason=action.reason, by_effect=False)


def _sacrifice(state: State, action: Action, chooser: Chooser) -> list[Event]:
    if _still_on_battlefield(state, action) is None:
        return []
    return sacrifice(state, action.target, rule=action.rule, reason=action.reason)


def _unattach(state: State, action: Action, chooser: Chooser) -> list[Event]:
    obj = _still_on_battlefield(state, action)
    if obj is None or obj.attached_to is None:
        return []
    obj.attached_to = None
    return [Event(action.rule, "unattached", (obj.id,), (), say("unattached", name=obj.name, reason=action.reason))]


def _remove_counters(state: State, action: Action, chooser: Chooser) -> list[Event]:
    """Never more than there are: a count can't go below zero."""
    obj = _still_on_battlefield(state, action)
    if obj is None:
        return []
    removed = {kind: min(count, obj.counters.get(kind, 0)) for kind, count in action.counters.items()}
    removed = {kind: count for kind, count in removed.items() if count > 0}
    if not removed:
        return []
    for kind, count in removed.items():
        obj.counters[kind] = obj.counters.get(kind, 0) - count
    parts = [say("removed_counter_part", count=n, kind=_counter_word(k)) for k, n in removed.items()]
    return [Event(action.rule, "counters removed", (obj.id,), (),
                  say("counters_removed", removed=parts, name=obj.name, reason=action.reason))]


def _remove_from_game(state: State, action: Action, chooser: Chooser) -> list[Event]:
    """A dungeon, in the command zone: not a permanent."""
    obj = state.get(action.target)
    state.cease(obj.id)
    state.player(obj.owner).venture = None
    return [Event(action.rule, "removed from game", (obj.id,), (obj.owner,),
                  say("removed_from_game", player=obj.owner, name=obj.name, reason=action.reason))]


def _choose_protector(state: State, action: Action, chooser: Chooser) -> list[Event]:
    obj = _still_on_battlefield(state, action)
    if obj is None:
        return []
    obj.protector = action.choice
    return [Event(action.rule, "protector chosen", (obj.id,), (obj.controller, action.choice),
                  say("protector_chosen", player=obj.controller, protector=action.choice, name=obj.name, reason=action.reason))]


def _choose_sector(state: State, action: Action, chooser: Chooser) -> list[Event]:
    obj = _still_on_battlefield(state, action)
    if obj is None:
        return []
    obj.sector = action.choice
    return [Event(action.rule, "sector chosen", (obj.id,), (obj.controller,),
                  say("sector_chosen", player=obj.controller, name=obj.name, sector=Word("sector", action.choice), reason=action.reason))]


def _set_speed(state: State, action: Action, chooser: Chooser) -> list[Event]:
    state.player(action.target).speed = action.speed
    return [Event(action.rule, "speed", (), (action.target,), say("speed", player=action.target, speed=action.speed, reason=action.reason))]


PERFORMERS: dict[ActionKind, Callable[[State, Action, Chooser], list[Event]]] = {
    ActionKind.LOSE: _lose,
    ActionKind.GRAVEYARD: _put_into_graveyard,
    ActionKind.DESTROY: _destroy,
    ActionKind.CEASE: _cease,
    ActionKind.UNATTACH: _unattach,
    ActionKind.REMOVE_COUNTERS: _remove_counters,
    ActionKind.SACRIFICE: _sacrifice,
    ActionKind.REMOVE_FROM_GAME: _remove_from_game,
    ActionKind.PROTECTOR: _choose_protector,
    ActionKind.SECTOR: _choose_sector,
    ActionKind.SPEED: _set_speed,
}


def perform(state: State, action: Action, chooser: Chooser | None = None) -> list[Event]:
    """Carry out one action; an action whose object already moved in this batch does nothing."""
    return PERFORMERS[action.kind](state, action, chooser or Chooser())


@implements("704.7", expects=("same result at the same time", "single replacement effect"))
def _as_one_event(actions: list[Action]) -> list[Action]:
    """The batch as it is performed: two destructions of one permanent are one (so one
    regeneration shield replaces both, 704.7); removals of one kind of counter from one
    permanent are merged into the larger; players who lose are taken together, first."""
    merged: list[Action] = []
    destroyed: set[str] = set()
    removals: dict[tuple[str, str], int] = {}
    for action in actions:
        if action.kind == ActionKind.DESTROY:
            if action.target in destroyed:
                continue
            destroyed.add(action.target)
        if action.kind == ActionKind.REMOVE_COUNTERS:
            for kind, count in action.counters.items():
                removals[action.target, kind] = max(removals.get((action.target, kind), 0), count)
        merged.append(action)
    done: set[tuple[str, str]] = set()
    result = []
    for action in merged:
        if action.kind == ActionKind.REMOVE_COUNTERS:
            counters = {k: removals[action.target, k] for k in action.counters if (action.target, k) not in done}
            done |= {(action.target, k) for k in counters}
            if not counters:
                continue
            action = Action(action.rule, action.kind, action.target, action.reason, counters=counters)
        result.append(action)
    return result


def _forget_since_last_check(state: State) -> None:
    """704.5b and 704.5h look at what happened "since the last time state-based actions were
    checked": a check consumes it."""
    for player in state.players:
        player.drew_from_empty = False
    for obj in state.objects.values():
        obj.dealt_deathtouch_damage = False


@implements("704.8", expects=("last known information", "before any of those state-based actions were performed"))
def _perform_batch(state: State, actions: list[Action], chooser: Chooser) -> list[Event]:
    """Perform one check's actions as one event; whatever leaves the battlefield is
    remembered as it was before the batch (704.8)."""
    state.before_batch = {i: copy.deepcopy(state.get(i)) for i in state.battlefield}
    try:
        batch = _as_one_event(actions)
        losers = [(a.target, a.rule, a.reason) for a in batch if a.kind == ActionKind.LOSE]
        events = lose(state, losers) if losers else []
        for action in batch:
            if action.kind != ActionKind.LOSE and not state.game_over:
                events += perform(state, action, chooser)
        return events
    finally:
        state.before_batch = None


@implements("603.3b", expects=("APNAP order", "in any order they choose"))
def put_triggers_on_stack(state: State, chooser: Chooser) -> list[Event]:
    """Each player in APNAP order puts the triggered abilities they control on the stack, in
    the order they choose (`Chooser.trigger_order`; the last put resolves first). One
    controlled by a player who has left the game is never put there (800.4d)."""
    events = []
    for object_id in [i for i in state.waiting_triggers if state.get(i).controller not in state.in_game()]:
        ability = state.get(object_id)
        state.cease(object_id)
        events.append(Event("800.4d", "not put on stack", (object_id,), (ability.controller,),
                            say("trigger_not_put", name=ability.title or ability.name, player=ability.controller)))
    for name in state.apnap():
        theirs = [i for i in state.waiting_triggers if state.get(i).controller == name]
        if not theirs:
            continue
        order = chooser.trigger_order(state, name, list(theirs))
        if sorted(order) != sorted(theirs):
            raise IllegalAction(say("illegal_choice", choice=order, what=Word("choice", "trigger order"), options=theirs))
        for object_id in order:
            ability = state.get(object_id)
            state.waiting_triggers.remove(object_id)
            ability.since = state.tick()
            state.stack.append(object_id)
            source = (ability.source.id,) if ability.source else ()
            events.append(Event("603.3b", "trigger put on stack", (object_id,) + source, (name,),
                                say("trigger_put", player=name, name=ability.title or ability.name)))
    return events


@implements("704.3", expects=("simultaneously", "single event", "check is repeated", "triggered abilities"))
def check_state_based_actions(state: State, chooser: Chooser | None = None) -> list[Event]:
    """Check, perform every applicable action at once, repeat; when a check finds none, put the
    waiting triggered abilities on the stack (603.3b) and check again; stop when neither a
    check nor the triggers change anything, or the game is over. Returns every event in the
    order it happened."""
    chooser = chooser or Chooser()
    events: list[Event] = state.take_lapsed()  # what ended as objects moved since the last check
    for _ in range(MAX_PASSES):
        actions = pending_state_based_actions(state, chooser)
        _forget_since_last_check(state)
        if actions:
            events += _perform_batch(state, actions, chooser)
            events += state.take_lapsed()
            continue
        if state.game_over:
            return events
        put = put_triggers_on_stack(state, chooser)
        if not put:
            return events
        events += put
    raise RuntimeError(f"state-based actions did not settle after {MAX_PASSES} checks")
