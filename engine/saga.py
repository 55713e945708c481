"""Lore counters and the chapter abilities they trigger (714.2b), which 704.5s waits for."""

from __future__ import annotations

from .events import Event
from .registry import implements
from .state import State, TriggerLabel

NUMERALS = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X")


@implements("714.2b", expects=("lore counters", "less than N", "became at least N"))
def add_lore_counters(state: State, saga: str, count: int = 1) -> list[Event]:
    """Put lore counters on a Saga; every chapter N whose threshold the count crosses triggers
    once, however many counters arrived at once. The chapter abilities wait to be put on the
    stack (`State.waiting_triggers`); resolving them is the caller's."""
    obj = state.get(saga)
    before = obj.counters.get("lore", 0)
    state.put_counters(saga, "lore", count)
    after = before + count
    events = [Event("714.2b", "lore counters", (saga,), (), f"{count} lore counter(s) put on {obj.name} ({after})")]
    for chapter in range(before + 1, min(after, obj.chapters) + 1):
        numeral = NUMERALS[chapter - 1] if chapter <= len(NUMERALS) else str(chapter)
        ability = state.trigger(saga, f"{obj.name} chapter {numeral}", label=TriggerLabel.CHAPTER)
        events.append(Event("714.2b", "chapter triggers", (saga, ability.id), (obj.controller,),
                            f"chapter {numeral} of {obj.name} triggers"))
    return events
