"""Combat (506–511): declaring attackers and blockers, and combat damage (510) with first strike
and double strike (702.7, 702.4), trample (702.19) and deathtouch's lethal damage (702.2c).

The active player attacks. Each declaration is checked whole before anything changes (an
illegal one changes nothing, 508.1, 509.1): attackers are untapped creatures the active player
has controlled since the turn began or that have haste (302.6, 702.10b), attacking an opponent,
a planeswalker an opponent controls, or a battle an opponent protects (506.2, 310.9b); they
tap unless they have vigilance (508.1f, 702.20b). Blockers are untapped creatures of the player
each attacker attacks (or who controls or protects what it attacks), one attacker each; flying
(702.9b, 702.17b) and menace (702.111b) restrict blocks.

`combat_damage` plays the whole combat damage step: if any attacking or blocking creature has
first strike or double strike, a first step where only those deal damage, state-based actions
and triggers, then a second step for the rest and for double strike (510.4). In each step,
every creature's assignment is made (`Chooser.combat_damage`, checked against 510.1 and
702.19b), then all of it is dealt at once (510.2, `damage.deal_simultaneously`). Not modelled:
banding, "can block additional creatures", trample over planeswalkers, protection, and combat
damage prevention other than shield counters.
"""

from __future__ import annotations

from .choices import Chooser
from .damage import Assignment, deal_simultaneously
from .events import Event
from .messages import Text, say
from .registry import implements
from .sba import check_state_based_actions
from .state import GameObject, Host, IllegalAction, Ref, State
from .zones import remove_from_combat


def _creature(state: State, creature: str, what: str) -> GameObject:
    obj = state.get(creature)
    if not state.on_battlefield(creature):
        raise IllegalAction(say("illegal_not_permanent", name=obj.name))
    if not obj.is_("Creature"):
        raise IllegalAction(say("illegal_not_creature", name=obj.name))
    if obj.is_("Battle"):
        raise IllegalAction(say("illegal_battle_attacks", name=obj.name, what=say(what)))
    if obj.tapped:
        raise IllegalAction(say("illegal_tapped", name=obj.name, what=say(what)))
    return obj


def attackers(state: State) -> list[GameObject]:
    return [c for c in state.permanents() if c.attacking is not None]


def defending_player(state: State, attacked: Host) -> str | None:
    """Who an attack is against: the player attacked, the controller of the planeswalker, the
    protector of the battle (508.5, 310.9d)."""
    if isinstance(attacked, str):
        return attacked
    target = state.known(attacked)
    return target.protector if target.is_("Battle") else target.controller


def _check_attack(state: State, obj: GameObject, attacked: str) -> Host:
    if obj.controller != state.active:
        raise IllegalAction(say("illegal_not_active", name=obj.name, player=state.active))
    if obj.summoning_sick and not obj.has("haste"):
        raise IllegalAction(say("illegal_sick", name=obj.name, player=obj.controller))
    opponents = state.opponents(state.active)
    if state.is_player(attacked):
        if attacked in opponents:
            return attacked
    elif attacked in state.objects and state.on_battlefield(attacked):
        target = state.get(attacked)
        if target.is_("Battle") and target.protector == state.active:
            raise IllegalAction(say("illegal_attack_protector", name=obj.name, target=target.name))
        if (target.is_("Planeswalker") and target.controller in opponents) or (target.is_("Battle") and target.protector in opponents):
            return target.ref
    named = state.name_of(attacked) if attacked in state.objects else attacked
    raise IllegalAction(say("illegal_attack_target", name=obj.name, target=named))


@implements("508.1a", expects=("active player chooses which creatures", "untapped", "can’t also be battles", "haste"))
@implements("508.1f", expects=("taps the chosen creatures",))
@implements("702.20b", expects=("vigilance to tap",))
@implements("302.6", expects=("can’t attack unless it has been under its controller’s control continuously",))
@implements("506.2", expects=("planeswalkers they control, and battles they protect may be attacked",))
def declare_attackers(state: State, declared: dict[str, str]) -> list[Event]:
    """The active player's creatures attack: creature id -> what it attacks (a player's name,
    or the id of a planeswalker or battle)."""
    if state.game_over:
        raise IllegalAction(say("illegal_game_over"))
    if attackers(state):
        raise IllegalAction(say("illegal_already_attacking"))
    checked = [(_creature(state, creature, "what_attack"), attacked) for creature, attacked in declared.items()]
    targets = [_check_attack(state, obj, attacked) for obj, attacked in checked]
    events = []
    for (obj, _), target in zip(checked, targets):
        obj.attacking, obj.blocked = target, None
        events.append(Event("508.1a", "attacks", (obj.id,) + ((target.id,) if isinstance(target, Ref) else ()),
                            (obj.controller,) + ((target,) if isinstance(target, str) else ()),
                            say("attacks", name=obj.name, target=state.name_of(target))))
        if not obj.has("vigilance"):
            obj.tapped = True
            events.append(Event("508.1f", "tapped", (obj.id,), (obj.controller,), say("taps_to_attack", name=obj.name)))
    return events


@implements("509.1a", expects=("defending player chooses which creatures", "untapped", "one creature for it to block"))
@implements("509.1h", expects=("blocked creature", "unblocked creature"))
@implements("702.9b", expects=("flying can’t be blocked except by creatures with flying and/or reach",))
@implements("702.17b", expects=("flying and/or reach",))
@implements("702.111b", expects=("menace can’t be blocked except by two or more creatures",))
def declare_blockers(state: State, declared: dict[str, str]) -> list[Event]:
    """Blockers: creature id -> the attacking creature it blocks. Each blocker belongs to the
    player its attacker attacks; attackers with no blocker become unblocked."""
    if state.game_over:
        raise IllegalAction(say("illegal_game_over"))
    attacking = attackers(state)
    if not attacking:
        raise IllegalAction(say("illegal_no_attackers"))
    if any(a.blocked is not None for a in attacking):
        raise IllegalAction(say("illegal_already_blocking"))
    pairs = []
    for blocker_id, attacker_id in declared.items():
        blocker = _creature(state, blocker_id, "what_block")
        attacker = state.get(attacker_id)
        if attacker not in attacking:
            raise IllegalAction(say("illegal_not_attacking", name=attacker.name))
        assert attacker.attacking is not None
        if blocker.controller != defending_player(state, attacker.attacking):
            raise IllegalAction(say("illegal_blocker_player", name=blocker.name, attacker=attacker.name))
        if attacker.has("flying") and not (blocker.has("flying") or blocker.has("reach")):
            raise IllegalAction(say("illegal_flying", attacker=attacker.name, name=blocker.name))
        pairs.append((blocker, attacker))
    for attacker in attacking:
        if attacker.has("menace") and sum(1 for _, a in pairs if a is attacker) == 1:
            raise IllegalAction(say("illegal_menace", attacker=attacker.name))
    events = []
    for blocker, attacker in pairs:
        blocker.blocking = (attacker.ref,)
        events.append(Event("509.1a", "blocks", (blocker.id, attacker.id), (blocker.controller,),
                            say("blocks", name=blocker.name, attacker=attacker.name)))
    for attacker in attacking:
        attacker.blocked = any(a is attacker for _, a in pairs)
        if not attacker.blocked:
            events.append(Event("509.1h", "unblocked", (attacker.id,), (attacker.controller,), say("unblocked", name=attacker.name)))
    return events


def _blockers_of(state: State, attacker: GameObject) -> list[GameObject]:
    return [b for b in state.permanents() if attacker.ref in b.blocking]


def _lethal(state: State, source: GameObject, blocker: GameObject, assigned: dict[str, int]) -> int:
    """Lethal damage for assignment (702.19b): toughness less damage already marked and damage
    other creatures are assigning it in this step; from a deathtouch source, 1 (702.2c)."""
    left = max(0, (blocker.total_toughness or 0) - blocker.damage - assigned.get(blocker.id, 0))
    return min(left, 1) if source.has("deathtouch") else left


def _attacked_recipient(state: State, attacker: GameObject) -> tuple[str | None, Text | None]:
    """Where an attacker's damage goes when it isn't blocked: the player, planeswalker or battle
    it attacks, if that is still there (510.1b, 800.4e)."""
    target = attacker.attacking
    if isinstance(target, str):
        return (target, None) if target in state.in_game() else (None, say("reason_player_left"))
    permanent = state.permanent(target)
    return (permanent.id, None) if permanent is not None else (None, say("reason_not_attacking_anything"))


@implements("510.1a", expects=("assigns combat damage equal to its power", "0 or less damage"))
@implements("510.1b", expects=("unblocked creature assigns its combat damage", "player, planeswalker, or battle"))
@implements("510.1c", expects=("blocked creature assigns its combat damage to the creatures blocking it",
                               "divided as its controller chooses"))
@implements("702.19b", expects=("trample", "lethal damage", "excess damage"))
@implements("702.19d", expects=("no creatures blocking it", "as though all blocking creatures have been assigned lethal damage"))
@implements("702.2c", expects=("deathtouch", "considered to be lethal damage"))
def _attacker_assignment(state: State, attacker: GameObject, chooser: Chooser,
                         assigned: dict[str, int]) -> tuple[dict[str, int], list[Event]]:
    """One attacking creature's assignment for this step: recipient -> amount, and why."""
    power = attacker.total_power or 0
    if power <= 0:
        return {}, [_no_damage(attacker, say("reason_no_power"))]
    attacked, why_not = _attacked_recipient(state, attacker)
    if not attacker.blocked:
        if attacked is None:
            return {}, [_no_damage(attacker, why_not or say("reason_not_attacking_anything"))]
        return {attacked: power}, [_assigns("510.1b", attacker, power, state.name_of(attacked))]
    blockers = _blockers_of(state, attacker)
    trample = attacker.has("trample")
    if not blockers:
        if trample and attacked is not None:
            return {attacked: power}, [_assigns("702.19d", attacker, power, state.name_of(attacked))]
        return {}, [_no_damage(attacker, say("reason_no_blockers"))]
    default: dict[str, int] = {}
    left = power
    for blocker in blockers:
        share = min(left, _lethal(state, attacker, blocker, assigned))
        default[blocker.id] = share
        left -= share
    if left:
        spill = attacked if trample and attacked is not None else blockers[0].id
        default[spill] = default.get(spill, 0) + left
    chosen = {k: v for k, v in chooser.combat_damage(state, attacker.id, dict(default)).items() if v}
    allowed = {b.id for b in blockers} | ({attacked} if trample and attacked is not None else set())
    for recipient in chosen:
        if recipient not in allowed:
            raise IllegalAction(say("illegal_assignment_recipient", name=attacker.name, recipient=state.name_of(recipient)))
    if sum(chosen.values()) != power or any(v < 0 for v in chosen.values()):
        raise IllegalAction(say("illegal_assignment_total", name=attacker.name, power=power, total=sum(chosen.values())))
    if attacked in chosen and any(chosen.get(b.id, 0) < _lethal(state, attacker, b, assigned) for b in blockers):
        raise IllegalAction(say("illegal_assignment_trample", name=attacker.name, recipient=state.name_of(attacked)))
    events = [_assigns("702.19b" if recipient == attacked else "510.1c", attacker, amount, state.name_of(recipient))
              for recipient, amount in chosen.items()]
    return chosen, events


@implements("510.1d", expects=("blocking creature assigns combat damage to the creatures it’s blocking",))
def _blocker_assignment(state: State, blocker: GameObject) -> tuple[dict[str, int], list[Event]]:
    power = blocker.total_power or 0
    if power <= 0:
        return {}, [_no_damage(blocker, say("reason_no_power"))]
    blocked = [a for ref in blocker.blocking if (a := state.permanent(ref)) is not None and a.attacking is not None]
    if not blocked:
        return {}, [_no_damage(blocker, say("reason_not_blocking"))]
    return {blocked[0].id: power}, [_assigns("510.1d", blocker, power, blocked[0].name)]


def _assigns(rule: str, source: GameObject, amount: int, recipient: object) -> Event:
    return Event(rule, "assigns combat damage", (source.id,), (source.controller,),
                 say("assigns", name=source.name, amount=amount, recipient=recipient))


def _no_damage(source: GameObject, reason: Text) -> Event:
    return Event("510.1a", "no combat damage", (source.id,), (source.controller,), say("no_combat_damage", name=source.name, reason=reason))


@implements("510.2", expects=("all combat damage that’s been assigned is dealt simultaneously",))
def _damage_step(state: State, creatures: list[GameObject], chooser: Chooser) -> list[Event]:
    """Attackers assign (active player), then blockers; then everything is dealt at once."""
    assigned: dict[str, int] = {}
    batch: list[Assignment] = []
    events: list[Event] = []
    for creature in [c for c in creatures if c.attacking is not None] + [c for c in creatures if c.blocking]:
        if creature.attacking is not None:
            chosen, said = _attacker_assignment(state, creature, chooser, assigned)
        else:
            chosen, said = _blocker_assignment(state, creature)
        events += said
        for recipient, amount in chosen.items():
            assigned[recipient] = assigned.get(recipient, 0) + amount
            batch.append((creature.ref, recipient, amount))
    return events + deal_simultaneously(state, batch)


def _in_combat(state: State) -> list[GameObject]:
    return [c for c in state.permanents() if c.is_("Creature") and (c.attacking is not None or c.blocking)]


@implements("510.4", expects=("first strike", "double strike", "second combat damage step"))
@implements("702.7b", expects=("first strike", "the only creatures that assign combat damage in that step"))
@implements("702.4b", expects=("double strike", "remaining attackers and blockers that currently have double strike"))
def combat_damage(state: State, chooser: Chooser | None = None) -> list[Event]:
    """The combat damage step, or the two of them when a creature in combat has first strike or
    double strike; state-based actions are checked after the first (510.3). Attackers that
    nobody declared blocks for are unblocked."""
    chooser = chooser or Chooser()
    if state.game_over:
        raise IllegalAction(say("illegal_game_over"))
    fighting = _in_combat(state)
    if not any(c.attacking is not None for c in fighting):
        raise IllegalAction(say("illegal_no_attackers"))
    for attacker in fighting:
        if attacker.attacking is not None and attacker.blocked is None:
            attacker.blocked = False
    quick = [c for c in fighting if c.has("first strike") or c.has("double strike")]
    if not quick:
        return _damage_step(state, fighting, chooser)
    had_first = {c.ref for c in quick}
    events = [Event("510.4", "first-strike step", (), (), say("first_strike_step"))]
    events += _damage_step(state, quick, chooser)
    events += check_state_based_actions(state, chooser)
    if state.game_over:
        return events
    second = [c for c in _in_combat(state) if c.ref not in had_first or c.has("double strike")]
    events.append(Event("510.4", "second step", (), (), say("second_step")))
    return events + _damage_step(state, second, chooser)


@implements("511.3", expects=("removed from combat",))
def end_combat(state: State) -> list[Event]:
    """The end of combat step ends: every creature is removed from combat."""
    for obj in state.permanents():
        remove_from_combat(obj)
    return [Event("511.3", "combat ends", (), (), say("combat_ends"))]


@implements("514.2", expects=("all damage marked on permanents", "is removed", "“this turn” effects end"))
def cleanup(state: State) -> list[Event]:
    """The cleanup step: all damage marked on permanents is removed, and "this turn" effects
    end, among them the regeneration shields not used (a shield replaces the next destruction
    "this turn", 701.19a: one left over would otherwise save the permanent next turn)."""
    damaged = [p for p in state.permanents() if p.damage]
    for permanent in damaged:
        permanent.damage = 0
    events = [Event("514.2", "damage removed", tuple(p.id for p in damaged), (), say("cleanup", count=len(damaged)))]
    shielded = [p for p in state.permanents() if p.regeneration_shields]
    if shielded:
        count = sum(p.regeneration_shields for p in shielded)
        for permanent in shielded:
            permanent.regeneration_shields = 0
        events.append(Event("514.2", "regeneration shields end", tuple(p.id for p in shielded), (), say("shields_end", count=count)))
    return events
