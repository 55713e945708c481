"""Sagas: the chapter abilities lore counters trigger (714.2b), which 704.5s waits for.

Lore counters arrive two ways, and both trigger chapters: put on the Saga (`counters.put_counters`)
or with it as it enters (714.3a, `zones.enter_battlefield`, 122.6).
"""

from __future__ import annotations

from .events import Event
from .messages import say
from .registry import implements
from .state import GameObject, State, TriggerLabel

NUMERALS = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X")


def numeral(chapter: int) -> str:
    return NUMERALS[chapter - 1] if 1 <= chapter <= len(NUMERALS) else str(chapter)


@implements("714.2b", expects=("lore counters", "less than N", "became at least N"))
def chapters_crossed(state: State, saga: GameObject, before: int, after: int) -> list[Event]:
    """Lore counters went from `before` to `after`: every chapter N whose threshold the count
    crosses triggers once, however many counters arrived at once. The chapter abilities wait
    to be put on the stack (`State.waiting_triggers`); they do nothing of their own here."""
    events = [Event("714.2b", "lore counters", (saga.id,), (),
                    say("lore_counters", count=after - before, name=saga.name, total=after))]
    for chapter in range(before + 1, min(after, saga.chapters) + 1):
        ability = state.trigger(saga.ref, say("chapter_name", name=saga.name, numeral=numeral(chapter)),
                                label=TriggerLabel.CHAPTER)
        events.append(Event("714.2b", "chapter triggers", (saga.id, ability.id), (saga.controller,),
                            say("chapter_triggers", numeral=numeral(chapter), name=saga.name)))
    return events
