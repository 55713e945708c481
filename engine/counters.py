"""Putting counters on permanents and removing them (122.1, 122.6), with what that triggers:
lore counters on a Saga trigger its chapters (714.2b, `saga`), and the last defense counter
removed from a Siege triggers its exile-and-cast ability (310.12b, `battles`).

What 704.5q and 704.5r then do to counters is theirs (`sba`); energy and poison are player
counters (`energy`, `damage`).
"""

from __future__ import annotations

from .battles import siege_trigger
from .events import Event
from .messages import Word, say
from .registry import implements
from .saga import chapters_crossed
from .state import IllegalAction, State, pt_counter


def kind_word(kind: str) -> Word | str:
    """A counter kind for a message: +1/+1 and the like as written, named kinds translated."""
    return kind if pt_counter(kind) else Word("counter", kind)


@implements("122.6", expects=("counters being put on an object",))
def put_counters(state: State, permanent: str, kind: str, count: int = 1) -> list[Event]:
    """Put `count` counters of `kind` on a permanent. Lore counters on a Saga trigger each
    chapter whose number the count crosses (714.2b)."""
    obj = state.get(permanent)
    if not state.on_battlefield(permanent):
        raise IllegalAction(say("illegal_not_permanent", name=obj.name))
    if count <= 0:
        return []
    before = obj.counters.get(kind, 0)
    obj.counters[kind] = before + count
    events = [Event("122.1", "counters put", (permanent,), (), say("counters_put", count=count, kind=kind_word(kind), name=obj.name))]
    if kind == "lore" and obj.is_("Saga"):
        events += chapters_crossed(state, obj, before, before + count)
    return events


def remove_counters(state: State, permanent: str, kind: str, count: int = 1) -> list[Event]:
    """Remove up to `count` counters of `kind` (no more than there are). Removing the last
    defense counter from a Siege triggers its ability (310.12b)."""
    obj = state.get(permanent)
    if not state.on_battlefield(permanent):
        raise IllegalAction(say("illegal_not_permanent", name=obj.name))
    before = obj.counters.get(kind, 0)
    taken = min(before, count)
    if taken <= 0:
        return []
    obj.counters[kind] = before - taken
    events = [Event("122.1", "counters removed", (permanent,), (),
                    say("counters_taken", count=taken, kind=kind_word(kind), name=obj.name))]
    if kind == "defense" and obj.counters[kind] == 0:
        events += siege_trigger(state, obj)
    return events
