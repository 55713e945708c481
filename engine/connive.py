"""Connive (701.50): draw, discard, and grow for each nonland card discarded.

A conniving permanent that has left the battlefield still connives: its last known information
says who controlled it (701.50b), that player draws and discards, and the +1/+1 counters have
nowhere to go. When several permanents connive at once, players take them in APNAP order, one
at a time, starting again from the active player after each (701.50c).
"""

from __future__ import annotations

from .choices import Chooser
from .counters import put_counters
from .events import Event
from .messages import say
from .registry import implements
from .state import IllegalAction, State


@implements("701.50a", expects=("then discards a card", "nonland card", "+1/+1 counter"))
@implements("701.50b", expects=("no longer on the battlefield", "last known information"))
@implements("701.50d", expects=("Connive N", "discards N cards", "nonland cards discarded"))
@implements("701.50e", expects=("connive 0", "no connive event"))
@implements("701.50f", expects=("after the process", "actions were impossible"))
def connive(state: State, permanent: str, n: int = 1, chooser: Chooser | None = None) -> list[Event]:
    """Have `permanent` connive N (plain connive is N = 1). Its controller draws N, discards N
    (as many as they can; `chooser.discard` picks), then N' +1/+1 counters go on it, N' the
    nonland cards discarded, if it is still on the battlefield. It "connives" (the event
    abilities watch for) even if drawing or discarding was impossible, but connive 0 is no
    event at all."""
    if n <= 0:
        return []
    chooser = chooser or Chooser()
    known = state.known(permanent)
    player = known.controller
    rule = "701.50a" if n == 1 else "701.50d"
    events = state.draw(player, n)
    hand = list(state.player(player).hand)
    count = min(n, len(hand))
    discarded = chooser.discard(state, player, hand, count)
    if len(set(discarded)) != count or not set(discarded) <= set(hand):
        raise IllegalAction(say("illegal_choice", choice=discarded, what=known.name, options=hand))
    events += state.discard(player, discarded)
    nonland = sum(1 for card in discarded if not state.get(card).is_("Land"))
    if nonland and state.permanent(known.ref) is not None:
        put_counters(state, permanent, "+1/+1", nonland)  # reported by the connive event below
        events.append(Event(rule, "+1/+1 counters", (permanent,), (player,), say("connive_counters", count=nonland, name=known.name)))
    elif nonland:
        events.append(Event("701.50b", "no counters", (permanent,), (player,), say("connive_gone", name=known.name)))
    events.append(Event("701.50f", "connives", (permanent,), (player,), say("connives", name=known.name)))
    return events


@implements("701.50c", expects=("multiple permanents", "APNAP order", "each remaining instruction"))
def connive_together(state: State, instructions: list[tuple[str, int]], chooser: Chooser | None = None) -> list[Event]:
    """Several permanents told to connive at once, as (permanent id, N) pairs: the first player
    in APNAP order who controls (or last controlled) one of them picks one with
    `chooser.connive_next`, it connives, and the process starts over for the rest."""
    chooser = chooser or Chooser()
    remaining = list(instructions)
    events: list[Event] = []
    while remaining:
        for player in state.apnap():
            theirs = [i for i, (p, _) in enumerate(remaining) if state.known(p).controller == player]
            if theirs:
                chosen = chooser.connive_next(state, player, [remaining[i][0] for i in theirs])
                index = next(i for i in theirs if remaining[i][0] == chosen)
                permanent, n = remaining.pop(index)
                events += connive(state, permanent, n, chooser)
                break
        else:
            raise IllegalAction(say("illegal_connive_nobody"))
    return events
