"""Damage (120): dealing it, what it does to each kind of recipient, and the abilities of its
source that change that (deathtouch, infect, wither, lifelink) or of its recipient that
prevent it (shield counters).

Damage that is dealt at the same time (combat damage, 510.2) is one event: `deal_simultaneously`
takes every (source, recipient, amount) at once, so that a permanent's shield counter prevents
all of it and goes once, and each lifelink source causes one life gain (702.15e). A source's
abilities are read from its last known information when it has left its zone (702.2e, 702.15c,
702.80b, 702.90d). Whether damage destroys anything is for state-based actions (120.5, `sba`).
"""

from __future__ import annotations

from collections.abc import Sequence

from .counters import remove_counters
from .events import Event
from .messages import Word, say
from .registry import implements
from .state import GameObject, IllegalAction, Ref, State

Assignment = tuple[str | Ref, str, int]  # (source, recipient: player name or object id, amount)


@implements("120.1", expects=("deal damage to battles, creatures, planeswalkers, and players",))
def _recipient(state: State, recipient: str) -> GameObject | None:
    """The permanent dealt damage, or None for a player; refuses anything else (120.1)."""
    if state.is_player(recipient):
        if state.player(recipient).lost:
            raise IllegalAction(say("illegal_not_player", player=recipient))
        return None
    obj = state.get(recipient)
    if not state.on_battlefield(recipient) or not any(obj.is_(kind) for kind in ("Creature", "Planeswalker", "Battle")):
        raise IllegalAction(say("illegal_damage_recipient", name=obj.name))
    return obj


def deal_damage(state: State, source: str | Ref, recipient: str, amount: int) -> list[Event]:
    """`source` deals `amount` damage to a player or permanent (not combat damage)."""
    return deal_simultaneously(state, [(source, recipient, amount)])


@implements("122.1c", expects=("shield counters", "prevent that damage and remove a shield counter"))
@implements("702.2e", expects=("last known information", "deathtouch"))
@implements("702.15c", expects=("last known information", "lifelink"))
@implements("702.80b", expects=("last known information", "wither"))
@implements("702.90d", expects=("last known information", "infect"))
def deal_simultaneously(state: State, assignments: Sequence[Assignment]) -> list[Event]:
    """Deal every assignment at once. Every recipient is checked before anything happens, so a
    refused event changes nothing. 0 damage is no damage (120.8)."""
    dealt = [(state.known(source), recipient, amount) for source, recipient, amount in assignments if amount > 0]
    targets = {recipient: _recipient(state, recipient) for _, recipient, _ in dealt}
    events: list[Event] = []
    shielded = {r for r, obj in targets.items() if obj is not None and obj.counters.get("shield", 0) > 0}
    for recipient in sorted(shielded, key=lambda r: [d[1] for d in dealt].index(r)):
        events.append(Event("122.1c", "damage prevented", (recipient,), (), say("prevented_shield", recipient=targets[recipient].name)))
        events += remove_counters(state, recipient, "shield")
    gained: dict[str, tuple[GameObject, int]] = {}
    for origin, recipient, amount in dealt:
        if recipient in shielded:
            continue
        events += _results(state, origin, recipient, targets[recipient], amount)
        if origin.has("lifelink"):
            key = f"{origin.id}#{origin.incarnation}"
            gained[key] = (origin, gained.get(key, (origin, 0))[1] + amount)
    for origin, amount in gained.values():
        events += _lifelink(state, origin, amount)
    return events


@implements("120.3a", expects=("damage dealt to a player", "without infect", "lose that much life"))
@implements("120.3b", expects=("source with infect", "poison counters"))
@implements("120.3c", expects=("planeswalker", "loyalty counters to be removed"))
@implements("120.3d", expects=("wither and/or infect", "-1/-1 counters"))
@implements("120.3e", expects=("neither wither nor infect", "damage to be marked"))
@implements("120.3h", expects=("battle", "defense counters to be removed"))
@implements("702.90b", expects=("infect", "poison counters"))
@implements("702.90c", expects=("infect", "-1/-1 counters"))
@implements("702.80a", expects=("wither", "-1/-1 counters"))
def _results(state: State, origin: GameObject, recipient: str, target: GameObject | None, amount: int) -> list[Event]:
    """What damage does, by the recipient's kind and the source's abilities (120.3). A
    creature dealt damage by a deathtouch source remembers it for 704.5h."""
    if target is None:
        player = state.player(recipient)
        if origin.has("infect"):
            player.poison += amount
            return [Event("120.3b", "poison counters", (origin.id,), (recipient,),
                          say("infect_player", source=origin.name, amount=amount, recipient=recipient))]
        player.life -= amount
        return [Event("120.3a", "loses life", (origin.id,), (recipient,),
                      say("damage", source=origin.name, amount=amount, recipient=recipient))]
    events = []
    said = say("damage", source=origin.name, amount=amount, recipient=target.name)
    if target.is_("Planeswalker"):
        target.counters["loyalty"] = max(0, target.counters.get("loyalty", 0) - amount)
        events.append(Event("120.3c", "loses loyalty", (origin.id, recipient), (), said))
    if target.is_("Battle"):
        events.append(Event("120.3h", "loses defense", (origin.id, recipient), (), said))
        events += remove_counters(state, recipient, "defense", amount)
    if target.is_("Creature"):
        if origin.has("wither") or origin.has("infect"):
            kind = Word("keyword", "infect" if origin.has("infect") else "wither")
            events.append(Event("120.3d", "-1/-1 counters", (origin.id, recipient), (),
                                say("wither_creature", source=origin.name, amount=amount, recipient=target.name, kind=kind)))
            target.counters["-1/-1"] = target.counters.get("-1/-1", 0) + amount
        else:
            target.damage += amount
            events.append(Event("120.3e", "marks damage", (origin.id, recipient), (), said))
        if origin.has("deathtouch"):
            target.dealt_deathtouch_damage = True
    return events


@implements("120.3f", expects=("lifelink", "gain that much life"))
@implements("702.15b", expects=("lifelink", "or its owner if it has no controller"))
@implements("702.15e", expects=("multiple sources with lifelink", "separate life gain events"))
def _lifelink(state: State, origin: GameObject, amount: int) -> list[Event]:
    """The source's controller (its owner, when it has none) gains the life: once per source."""
    gainer = origin.controller or origin.owner
    if gainer not in state.in_game():
        return []
    state.player(gainer).life += amount
    return [Event("702.15b", "gains life", (origin.id,), (gainer,), say("lifelink", player=gainer, amount=amount, source=origin.name))]
