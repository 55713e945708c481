"""Players losing the game and leaving it (104, 800.4), and the end of the game.

Players who lose at the same time lose together. If one player is left, that player wins
(104.2a); if none is, the game is a draw (104.4a); either way the game is over and the engine
refuses further actions. If two or more players are still in the game, it goes on without
those who left, and 800.4a removes what was theirs: every object they own leaves the game,
effects giving them control of something end, abilities they control on the stack cease to
exist, and their triggered abilities waiting for the stack are never put on it (800.4d).
"""

from __future__ import annotations

from .events import Event
from .messages import Text, say
from .registry import implements
from .state import IllegalAction, State


@implements("104.2a", expects=("wins the game if that player’s opponents have all left the game",))
@implements("104.4a", expects=("all the players remaining in a game lose simultaneously", "draw"))
def lose(state: State, losers: list[tuple[str, str, Text]]) -> list[Event]:
    """Players lose at once: (name, rule, reason) for each. Then the game ends, or those who
    lost leave it."""
    events, names = [], []
    for name, rule, reason in losers:
        player = state.player(name)
        if player.lost or name in names:
            continue
        player.lost = True
        names.append(name)
        events.append(Event(rule, "loses", (), (name,), say("loses", player=name, reason=reason)))
    if not names:
        return events
    remaining = state.in_game()
    if len(remaining) == 1:
        state.winner = remaining[0]
        return events + [Event("104.2a", "wins", (), (state.winner,), say("wins", player=state.winner))]
    if not remaining:
        state.drawn = True
        return events + [Event("104.4a", "draw", (), tuple(names), say("draw_game"))]
    for name in names:
        events += leave_game(state, name)
    return events


@implements("800.4a", expects=("all objects", "owned by that player leave the game", "cease to exist", "exiled"))
@implements("800.4d", expects=("triggered ability that would be controlled by a player who has left the game",
                               "isn’t put on the stack"))
def leave_game(state: State, name: str) -> list[Event]:
    """What leaving the game does to the objects of a player who left, in 800.4a's order: what
    they own leaves; the effects that gave them control of others' permanents end; abilities
    they control on the stack cease to exist; what they still control (a spell of another
    player's card they cast) is exiled; their waiting triggered abilities never reach the
    stack (800.4d)."""
    events = []
    owned = [o.id for o in list(state.objects.values()) if o.ability is None and o.owner == name]
    for object_id in owned:
        state.cease(object_id)
    if owned:
        events.append(Event("800.4a", "leaves the game", tuple(owned), (name,), say("leaves_objects", player=name, count=len(owned))))
    for obj in [state.get(i) for i in state.battlefield]:
        if obj.controller == name and obj.owner != name and obj.owner in state.in_game():
            obj.controller = obj.owner  # only an effect gives a player control of another's permanent
            events.append(Event("800.4a", "control returns", (obj.id,), (obj.owner, name),
                                say("control_returns", name=obj.name, owner=obj.owner, player=name)))
    for object_id in [i for i in state.stack if state.get(i).ability is not None and state.get(i).controller == name]:
        title = state.name_of(object_id)
        state.cease(object_id)
        events.append(Event("800.4a", "ceases to exist", (object_id,), (name,), say("ability_ceases", name=title, player=name)))
    for obj in [o for o in list(state.objects.values()) if o.ability is None and o.controller == name and state.zone_of(o.id)]:
        state.move(obj.id, "exile")
        events.append(Event("800.4a", "exiled", (obj.id,), (name,), say("exiled_left", name=obj.name, player=name)))
    for object_id in [i for i in state.waiting_triggers if state.get(i).controller == name]:
        title = state.name_of(object_id)
        state.cease(object_id)
        events.append(Event("800.4d", "not put on stack", (object_id,), (name,), say("trigger_not_put", name=title, player=name)))
    return events


@implements("104.3a", expects=("concede", "leaves the game immediately"))
def concede(state: State, name: str) -> list[Event]:
    """A player concedes: they lose and leave the game at once, not as a state-based action."""
    if state.game_over:
        raise IllegalAction(say("illegal_game_over"))
    if name not in state.in_game():
        raise IllegalAction(say("illegal_not_player", player=name))
    return lose(state, [(name, "104.3a", say("reason_concedes"))])
