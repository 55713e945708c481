"""State-based actions: rules 704.3 and 704.5a–704.5aa.

What this module owns: WHEN state-based actions happen and what each one does. Every rule of
704.5 is one function below that only LOOKS at the state and returns the `Action`s that apply;
each kind of action (`ActionKind`: lose, destroy, sacrifice …) is done by one function, found
in `PERFORMERS`. `check_state_based_actions` collects the actions of all of them from the same state, performs
them together as one event, and repeats until none applies (704.3). Because the checks never
change the state, simultaneity comes for free: a creature with lethal damage and a -1/-1
counter is judged on the board as it was, not halfway through the batch. When two actions would
move the same object (toughness 0 and lethal damage), it moves once, by the first rule in
704.5 order; the event names that rule. Likewise two reasons to destroy it (lethal damage and
deathtouch) destroy it once, so a single regeneration shield saves it.

What it does not own: what the choices are (`choices.Chooser`), damage and counters
(`state`), and the variant rules of 704.6 (Two-Headed Giant, Commander, Archenemy,
Planechase), which the state does not model. Losing the game marks the player as lost; their
objects leaving the game (800.4a) is not modelled. Replacement effects other than regeneration
and indestructible (Lich's Mirror, 704.7) are not modelled either.

`pending_state_based_actions` is public so that a judge or a quiz can ask "what would happen
now?" without changing anything.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum

from .choices import Chooser
from .events import Event
from .registry import implements
from .state import CopyOf, GameObject, State, TriggerLabel, Zone

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

    `target` is an object id or a player name. Some kinds need more, each in its own field:
    `counters` (REMOVE_COUNTERS: counter kind -> how many to remove), `choice` (PROTECTOR: the
    player chosen; SECTOR: the sector chosen), `speed` (SPEED: the new speed)."""

    rule: str
    kind: ActionKind
    target: str
    reason: str
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
    return [Action("704.5a", ActionKind.LOSE, p.name, "0 or less life") for p in state.players if not p.lost and p.life <= 0]


@implements("704.5b", expects=("draw a card", "no cards in it", "since the last time"))
def drew_from_empty_library(state: State, chooser: Chooser) -> list[Action]:
    """A player who tried to draw from an empty library since the last check loses (see
    `State.draw`, which remembers the attempt; the check clears it)."""
    return [
        Action("704.5b", ActionKind.LOSE, p.name, "attempted to draw from an empty library")
        for p in state.players
        if not p.lost and p.drew_from_empty
    ]


@implements("704.5c", expects=("ten or more poison counters", "loses the game"))
def ten_poison(state: State, chooser: Chooser) -> list[Action]:
    """Ten poison counters lose the game. Two-Headed Giant's shared 15 (704.6b) is not modelled."""
    return [
        Action("704.5c", ActionKind.LOSE, p.name, "ten or more poison counters")
        for p in state.players
        if not p.lost and p.poison >= 10
    ]


# 704.5d–e: tokens and copies outside their zones ----------------------------------------------


@implements("704.5d", expects=("token", "zone other than the battlefield", "ceases to exist"))
def token_outside_battlefield(state: State, chooser: Chooser) -> list[Action]:
    """A token that left the battlefield stays in its new zone just long enough to be seen there
    (leaves-the-battlefield abilities work), then ceases to exist at the next check."""
    return [
        Action("704.5d", ActionKind.CEASE, o.id, f"token in the {zone}")
        for o in list(state.objects.values())
        if o.token and (zone := state.zone_of(o.id)) not in (None, Zone.BATTLEFIELD)
    ]


@implements("704.5e", expects=("copy of a spell", "copy of a card", "ceases to exist"))
def copy_outside_its_zones(state: State, chooser: Chooser) -> list[Action]:
    """A copy of a spell exists only on the stack; a copy of a card only on the stack or the
    battlefield (707.10a says the same from the copy's side)."""
    allowed = {CopyOf.SPELL: (Zone.STACK,), CopyOf.CARD: (Zone.STACK, Zone.BATTLEFIELD)}
    return [
        Action("704.5e", ActionKind.CEASE, o.id, f"copy of a {o.copy} in the {zone}")
        for o in list(state.objects.values())
        if o.copy in allowed and (zone := state.zone_of(o.id)) is not None and zone not in allowed[o.copy]
    ]


# 704.5f–i: creatures and planeswalkers that die ------------------------------------------------


@implements("704.5f", expects=("toughness 0 or less", "owner’s graveyard", "Regeneration can’t replace"))
def zero_toughness(state: State, chooser: Chooser) -> list[Action]:
    """Put into the graveyard, not destroyed: indestructible and regeneration don't help."""
    return [
        Action("704.5f", ActionKind.GRAVEYARD, c.id, "toughness 0 or less")
        for c in _creatures(state)
        if c.total_toughness is not None and c.total_toughness <= 0
    ]


@implements("704.5g", expects=("toughness greater than 0", "damage marked", "lethal damage", "destroyed"))
def lethal_damage(state: State, chooser: Chooser) -> list[Action]:
    """Destroyed, so indestructible ignores it (702.12b) and regeneration can replace it."""
    return [
        Action("704.5g", ActionKind.DESTROY, c.id, "lethal damage")
        for c in _creatures(state)
        if (toughness := c.total_toughness) is not None and toughness > 0 and c.damage > 0 and c.damage >= toughness
        and "indestructible" not in c.keywords
    ]


@implements("704.5h", expects=("deathtouch", "since the last time", "destroyed"))
def deathtouch_damage(state: State, chooser: Chooser) -> list[Action]:
    """Any damage from a deathtouch source since the last check destroys; the source's deathtouch
    is read when the damage is dealt (`State.deal_damage`), so a source that has since left or
    lost deathtouch still counts."""
    return [
        Action("704.5h", ActionKind.DESTROY, c.id, "damage from a source with deathtouch")
        for c in _creatures(state)
        if (c.total_toughness or 0) > 0 and c.dealt_deathtouch_damage and "indestructible" not in c.keywords
    ]


@implements("704.5i", expects=("planeswalker", "loyalty 0", "owner’s graveyard"))
def zero_loyalty(state: State, chooser: Chooser) -> list[Action]:
    """Loyalty is the number of loyalty counters (122.1e); a put-into-graveyard, not a destruction."""
    return [
        Action("704.5i", ActionKind.GRAVEYARD, p.id, "0 loyalty")
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
            actions += [Action("704.5j", ActionKind.GRAVEYARD, i, f"legend rule, {controller} keeps {keep}") for i in ids if i != keep]
    return actions


def _world_since(world: GameObject) -> int:
    """When a world permanent became one. `State.add` and `State.move` set it for an object that
    is a world as it is created or enters the battlefield; gaining the supertype any other way
    (converting to a world face) is not modelled, and the rule can't be applied without it."""
    if world.world_since is None:
        raise ValueError(f"{world.name} ({world.id}) is a world permanent with no world_since: "
                         "it gained the world supertype in a way the engine does not model")
    return world.world_since


@implements("704.5k", expects=("world", "shortest amount of time", "tie", "world rule"))
def world_rule(state: State, chooser: Chooser) -> list[Action]:
    """The newest world permanent (latest `world_since`) survives; a tie for newest keeps none."""
    worlds = [p for p in state.permanents() if p.is_("World")]
    if len(worlds) < 2:
        return []
    newest = max(_world_since(w) for w in worlds)
    survivors = [w for w in worlds if w.world_since == newest]
    reason = "world rule" if len(survivors) == 1 else "world rule, tie for newest"
    return [Action("704.5k", ActionKind.GRAVEYARD, w.id, reason) for w in worlds if len(survivors) > 1 or w is not survivors[0]]


# 704.5m–p: attachments ---------------------------------------------------------------------------


def _aura_problem(state: State, aura: GameObject) -> str | None:
    """Why an Aura's attachment is illegal (303.4c–d), or None when it is legal."""
    host = aura.attached_to
    if host is None:
        return "not attached to anything"
    if host == aura.id:
        return "attached to itself"
    if host in [p.name for p in state.players]:
        if aura.enchant != "Player":
            return f"can't enchant a player ({host})"
        return f"{host} has left the game" if state.player(host).lost else None
    if not state.on_battlefield(host):
        return "what it enchanted is gone"
    if aura.enchant not in (None, "Permanent") and not state.get(host).is_(aura.enchant):
        return f"{state.get(host).name} is not a {aura.enchant.lower()}"
    return None


@implements("704.5m", expects=("Aura", "illegal object or player", "not attached", "owner’s graveyard"))
def illegal_aura(state: State, chooser: Chooser) -> list[Action]:
    """What is legal comes from the Aura's enchant ability (`GameObject.enchant`); Auras that
    enchant cards in other zones and protection are not modelled. An Aura that is also a
    creature is first unattached by 704.5p, then falls off here on the next pass."""
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
        host = e.attached_to
        if host == e.id or not state.on_battlefield(host) or not state.get(host).is_(needed):
            actions.append(Action("704.5n", ActionKind.UNATTACH, e.id, f"can only be attached to a {needed.lower()}"))
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
            actions.append(Action("704.5p", ActionKind.UNATTACH, p.id, "a battle or creature can't be attached"))
        elif not (p.is_("Aura") or p.is_("Equipment") or p.is_("Fortification")):
            actions.append(Action("704.5p", ActionKind.UNATTACH, p.id, "not an Aura, Equipment or Fortification"))
    return actions


# 704.5q–r: counters ------------------------------------------------------------------------------


@implements("704.5q", expects=("+1/+1 counter", "-1/-1 counter", "smaller"))
def annihilate_counters(state: State, chooser: Chooser) -> list[Action]:
    """N of each are removed, N the smaller count; the rest of the larger stack stays."""
    actions = []
    for p in state.permanents():
        n = min(p.counters.get("+1/+1", 0), p.counters.get("-1/-1", 0))
        if n > 0:
            actions.append(Action("704.5q", ActionKind.REMOVE_COUNTERS, p.id, "+1/+1 and -1/-1 counters",
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
                actions.append(Action("704.5r", ActionKind.REMOVE_COUNTERS, p.id, f"can't have more than {limit} {kind} counters",
                                      counters={kind: excess}))
    return actions


# 704.5s–u: Sagas, dungeons, space sculptor --------------------------------------------------------


@implements("704.5s", expects=("lore counters", "Saga", "final chapter number", "sacrifices"))
def finished_saga(state: State, chooser: Chooser) -> list[Action]:
    """A Saga is sacrificed once its lore counters reach its final chapter and its chapter
    abilities have all left the stack; a Saga with no chapter abilities is left alone."""
    return [
        Action("704.5s", ActionKind.SACRIFICE, s.id, "Saga past its final chapter")
        for s in state.permanents()
        if s.is_("Saga") and s.chapters >= 1 and s.counters.get("lore", 0) >= s.chapters
        and not state.triggered_pending(s.id, TriggerLabel.CHAPTER)
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
        if obj is not None and obj.rooms and room == obj.rooms[-1] and not state.triggered_pending(dungeon, TriggerLabel.ROOM):
            actions.append(Action("704.5t", ActionKind.REMOVE_FROM_GAME, dungeon, "venture marker on the bottommost room"))
    return actions


@implements("704.5u", expects=("space sculptor", "sector designation", "Then, each other player"))
def space_sculptor_sectors(state: State, chooser: Chooser) -> list[Action]:
    """Players without space sculptor choose first, then the others, each for their own
    creatures; the order of the returned actions is the order of the choices."""
    sculptors = [p for p in state.permanents() if "space sculptor" in p.keywords]
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
                actions.append(Action("704.5u", ActionKind.SECTOR, creature.id, f"{name} chooses a sector", choice=sector))
    return actions


# 704.5v–y: battles ---------------------------------------------------------------------------------


@implements("704.5v", expects=("Siege", "defense 0", "not yet left the stack"))
def defeated_siege(state: State, chooser: Chooser) -> list[Action]:
    """Waits for the Siege's own triggers (its exile-and-cast ability, 310.12b) to leave the stack."""
    return [
        Action("704.5v", ActionKind.GRAVEYARD, b.id, "Siege with defense 0")
        for b in state.permanents()
        if b.is_("Battle") and b.is_("Siege") and b.counters.get("defense", 0) <= 0 and not state.triggered_pending(b.id)
    ]


@implements("704.5w", expects=("non-Siege battle", "defense 0", "owner’s graveyard"))
def defeated_battle(state: State, chooser: Chooser) -> list[Action]:
    return [
        Action("704.5w", ActionKind.GRAVEYARD, b.id, "battle with defense 0")
        for b in state.permanents()
        if b.is_("Battle") and not b.is_("Siege") and b.counters.get("defense", 0) <= 0
    ]


def appropriate_protectors(state: State, battle: GameObject) -> list[str]:
    """Who may protect a battle: a Siege, an opponent of its controller (310.12a); a battle with
    no battle type, only its controller (310.9a). Siege is the only battle type the rules define;
    any other type is treated as having no restriction."""
    if battle.is_("Siege"):
        return state.opponents(battle.controller)
    if not battle.subtypes:
        return [battle.controller] if battle.controller in state.in_game() else []
    return state.in_game()


def _protector_actions(state: State, chooser: Chooser, battle: GameObject, rule: str, reason: str) -> list[Action]:
    candidates = appropriate_protectors(state, battle)
    if not candidates:
        return [Action(rule, ActionKind.GRAVEYARD, battle.id, f"{reason}, and no player can protect it")]
    return [Action(rule, ActionKind.PROTECTOR, battle.id, reason, choice=chooser.protector(state, battle.id, candidates))]


@implements("704.5x", expects=("no player in the game", "protector", "no attacking creatures", "battle type"))
def battle_without_protector(state: State, chooser: Chooser) -> list[Action]:
    """No protector, or one who has left the game: no player in the game protects it."""
    actions = []
    for b in state.permanents():
        attacked = b.is_("Battle") and any(c.attacking == b.id for c in _creatures(state))
        if b.is_("Battle") and b.protector not in state.in_game() and not attacked:
            actions += _protector_actions(state, chooser, b, "704.5x", "no protector")
    return actions


@implements("704.5y", expects=("can’t be its protector", "appropriate player"))
def battle_with_illegal_protector(state: State, chooser: Chooser) -> list[Action]:
    """Say, a Siege whose protector gained control of it: only an opponent of its controller
    may protect a Siege. (A protector who left the game is 704.5x's case.)"""
    actions = []
    for b in state.permanents():
        if b.is_("Battle") and b.protector in state.in_game() and b.protector not in appropriate_protectors(state, b):
            actions += _protector_actions(state, chooser, b, "704.5y", f"{b.protector} can't protect it")
    return actions


# 704.5z–aa: Roles and speed ---------------------------------------------------------------------


@implements("704.5z", expects=("more than one Role", "same player", "most recent timestamp"))
def redundant_roles(state: State, chooser: Chooser) -> list[Action]:
    groups: dict[tuple[str, str], list[GameObject]] = {}
    for r in state.permanents():
        if r.is_("Role") and r.attached_to is not None:
            groups.setdefault((r.attached_to, r.controller), []).append(r)
    actions = []
    for roles in groups.values():
        newest = max(roles, key=lambda r: r.timestamp)
        actions += [Action("704.5z", ActionKind.GRAVEYARD, r.id, f"a newer Role ({newest.name}) from the same player")
                    for r in roles if r is not newest]
    return actions


@implements("704.5aa", expects=("start your engines!", "no speed", "speed becomes 1"))
def start_your_engines(state: State, chooser: Chooser) -> list[Action]:
    return [
        Action("704.5aa", ActionKind.SPEED, p.name, "controls a permanent with start your engines!", speed=1)
        for p in state.players
        if not p.lost and p.speed is None
        and any("start your engines!" in o.keywords and o.controller == p.name for o in state.permanents())
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
    nothing (choices are asked of `chooser`, though)."""
    chooser = chooser or Chooser()
    return [action for check in STATE_BASED_ACTIONS for action in check(state, chooser)]


def _name(state: State, target: str) -> str:
    if target in state.objects:
        return state.objects[target].name
    return state.known(target).name if target in state.last_known else target


# performing actions: one function per kind ----------------------------------------------------


def _still_on_battlefield(state: State, action: Action) -> GameObject | None:
    """The permanent an action is about, or None when it already left the battlefield in this
    batch (an earlier action moved it): then the action does nothing."""
    return state.get(action.target) if state.on_battlefield(action.target) else None


def _lose(state: State, action: Action) -> list[Event]:
    player = state.player(action.target)
    if player.lost:
        return []
    player.lost = True
    return [Event(action.rule, "loses", (), (action.target,), f"{action.target} loses the game: {action.reason}")]


def _cease(state: State, action: Action) -> list[Event]:
    if action.target not in state.objects:
        return []
    name = _name(state, action.target)
    state.cease(action.target)
    return [Event(action.rule, "ceases to exist", (action.target,), (), f"{name} ceases to exist: {action.reason}")]


def _to_graveyard(state: State, action: Action, obj: GameObject, event: str, verb: str) -> list[Event]:
    state.move(obj.id, Zone.GRAVEYARD)
    return [Event(action.rule, event, (obj.id,), (obj.owner,), f"{obj.name} {verb}: {action.reason}")]


def _put_into_graveyard(state: State, action: Action) -> list[Event]:
    obj = _still_on_battlefield(state, action)
    if obj is None:
        return []
    return _to_graveyard(state, action, obj, "put into graveyard", "is put into its owner's graveyard")


def _destroy(state: State, action: Action) -> list[Event]:
    obj = _still_on_battlefield(state, action)
    if obj is None:
        return []
    if obj.regeneration_shields > 0:
        # 701.19a: the next destruction is replaced: damage removed, tapped, out of combat.
        obj.regeneration_shields -= 1
        obj.damage, obj.dealt_deathtouch_damage, obj.tapped, obj.attacking = 0, False, True, None
        return [Event(action.rule, "regenerates", (obj.id,), (obj.controller,),
                      f"{obj.name} regenerates instead of being destroyed: {action.reason}")]
    return _to_graveyard(state, action, obj, "destroyed", "is destroyed")


def _sacrifice(state: State, action: Action) -> list[Event]:
    obj = _still_on_battlefield(state, action)
    if obj is None:
        return []
    return _to_graveyard(state, action, obj, "sacrificed", f"is sacrificed by {obj.controller}")


def _unattach(state: State, action: Action) -> list[Event]:
    obj = _still_on_battlefield(state, action)
    if obj is None or obj.attached_to is None:
        return []
    obj.attached_to = None
    return [Event(action.rule, "unattached", (obj.id,), (), f"{obj.name} becomes unattached: {action.reason}")]


def _remove_counters(state: State, action: Action) -> list[Event]:
    obj = _still_on_battlefield(state, action)
    if obj is None:
        return []
    for kind, count in action.counters.items():
        obj.counters[kind] = obj.counters.get(kind, 0) - count
    removed = " and ".join(f"{n} {k}" for k, n in action.counters.items())
    return [Event(action.rule, "counters removed", (obj.id,), (), f"{removed} counters are removed from {obj.name}: {action.reason}")]


def _remove_from_game(state: State, action: Action) -> list[Event]:
    """A dungeon, in the command zone: not a permanent."""
    obj = state.get(action.target)
    state.cease(obj.id)
    state.player(obj.owner).venture = None
    return [Event(action.rule, "removed from game", (obj.id,), (obj.owner,),
                  f"{obj.owner} removes {obj.name} from the game: {action.reason}")]


def _choose_protector(state: State, action: Action) -> list[Event]:
    obj = _still_on_battlefield(state, action)
    if obj is None:
        return []
    obj.protector = action.choice
    return [Event(action.rule, "protector chosen", (obj.id,), (obj.controller, action.choice),
                  f"{obj.controller} chooses {action.choice} to protect {obj.name}: {action.reason}")]


def _choose_sector(state: State, action: Action) -> list[Event]:
    obj = _still_on_battlefield(state, action)
    if obj is None:
        return []
    obj.sector = action.choice
    return [Event(action.rule, "sector chosen", (obj.id,), (obj.controller,),
                  f"{obj.controller} puts {obj.name} in the {action.choice} sector: {action.reason}")]


def _set_speed(state: State, action: Action) -> list[Event]:
    state.player(action.target).speed = action.speed
    return [Event(action.rule, "speed", (), (action.target,), f"{action.target}'s speed becomes {action.speed}: {action.reason}")]


PERFORMERS: dict[ActionKind, Callable[[State, Action], list[Event]]] = {
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


def perform(state: State, action: Action) -> list[Event]:
    """Carry out one action; an action whose object already moved in this batch does nothing."""
    return PERFORMERS[action.kind](state, action)


def _forget_since_last_check(state: State) -> None:
    """704.5b and 704.5h look at what happened "since the last time state-based actions were
    checked": a check consumes it."""
    for player in state.players:
        player.drew_from_empty = False
    for obj in state.objects.values():
        obj.dealt_deathtouch_damage = False


@implements("704.3", expects=("simultaneously", "single event", "check is repeated", "triggered abilities"))
def check_state_based_actions(state: State, chooser: Chooser | None = None) -> list[Event]:
    """Check, perform every applicable action at once, repeat; when a check finds none, put the
    waiting triggered abilities on the stack (APNAP) and check again; stop when neither a check
    nor the triggers change anything. Returns every event in the order it happened."""
    chooser = chooser or Chooser()
    events: list[Event] = []
    for _ in range(MAX_PASSES):
        actions = pending_state_based_actions(state, chooser)
        _forget_since_last_check(state)
        if actions:
            # One event (704.3): a permanent destroyed for two reasons at once (lethal damage
            # and deathtouch) is destroyed once, so one regeneration shield replaces it (701.19a).
            destroyed: set[str] = set()
            for action in actions:
                if action.kind == ActionKind.DESTROY:
                    if action.target in destroyed:
                        continue
                    destroyed.add(action.target)
                events += perform(state, action)
            continue
        moved = [state.get(i) for i in state.put_waiting_triggers_on_stack()]
        if not moved:
            return events
        events += [
            Event("704.3", "trigger put on stack", (a.id,) + ((a.source,) if a.source else ()), (a.controller,),
                  f"{a.controller} puts {a.name} on the stack")
            for a in moved
        ]
    raise RuntimeError(f"state-based actions did not settle after {MAX_PASSES} checks")
