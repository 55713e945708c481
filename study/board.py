"""The facts of a board as a judge reads them: each player's life, counters and zones, each
object's zone, controller, status, counters, damage, attachment and part in combat.

One function says what they are, so the board `judge` shows at the end, its `--json` object
and what `[expect]` compares (`expect`) are the same facts. Objects are named by id, players by
name; an object that no longer exists (a token that ceased, a card whose owner left the game)
is in zone "gone".
"""

from __future__ import annotations

from typing import Any

from mtgrules.engine.state import PLAYER_ZONES, GameObject, Host, Ref, State, Zone

GONE = "gone"


def _name(host: Host | None) -> str | None:
    """An object reference as its id, a player as their name."""
    if host is None:
        return None
    return host.id if isinstance(host, Ref) else host


def object_facts(state: State, object_id: str) -> dict[str, Any] | None:
    """What a judge reads off one object now, or None if no object ever had this id. What
    describes a permanent only (status, damage, combat) is given for permanents."""
    zone = state.zone_of(object_id)
    if zone is None:
        if not any(ref.id == object_id for ref in state.last_known) and object_id not in state.objects:
            return None
        return {"id": object_id, "zone": GONE, "name": state.known(object_id).name}
    obj = state.get(object_id)
    facts: dict[str, Any] = {"id": object_id, "zone": str(zone), "name": obj.name, "owner": obj.owner,
                             "controller": obj.controller if zone in (Zone.BATTLEFIELD, Zone.STACK) else obj.owner,
                             "token": obj.token, "counters": {k: n for k, n in obj.counters.items() if n}}
    if zone == Zone.BATTLEFIELD:
        facts.update(_permanent(state, obj))
    return facts


def _permanent(state: State, obj: GameObject) -> dict[str, Any]:
    return {
        "tapped": obj.tapped, "damage": obj.damage, "power": obj.total_power, "toughness": obj.total_toughness,
        "attached_to": _name(obj.attached_to), "attacking": _name(obj.attacking),
        "blocking": _name(obj.blocking[0]) if obj.blocking else None, "blocked": obj.blocked,
        "protector": obj.protector, "sector": obj.sector, "types": sorted(obj.types),
    }


def player_facts(state: State, name: str) -> dict[str, Any]:
    player = state.player(name)
    facts: dict[str, Any] = {"name": name, "life": player.life, "poison": player.poison, "energy": player.energy,
                             "speed": player.speed, "lost": player.lost, "extra_turns": player.extra_turns}
    for zone in PLAYER_ZONES:
        facts[zone.value] = list(getattr(player, zone.value))
    return facts


def board(state: State) -> dict[str, Any]:
    """The whole board: players in turn order, permanents in the order they entered, the
    stack bottom first, and how the game stands."""
    facts = [object_facts(state, i) for i in state.battlefield]
    return {
        "players": [player_facts(state, p.name) for p in state.players],
        "battlefield": [f for f in facts if f is not None],
        "stack": [{"id": i, "name": state.get(i).name} for i in state.stack],
        "winner": state.winner,
        "draw": state.drawn,
    }
