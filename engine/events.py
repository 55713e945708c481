"""What the engine reports: one `Event` per thing that happened (or was stopped from happening),
each naming the rule that made it happen.

The engine's actions return lists of events rather than printing (all but `State.move` and
`State.add_mana`, which only change the state), so a caller can show them as
"704.5g — Grizzly Bears is destroyed: lethal damage" (`str(event)`), filter them, or check
them in a test. `objects` hold object ids and `players` player names, for programs; the
`message` is the sentence for people, written when the event happens because names can change
afterwards (a converted permanent has another name).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Event:
    rule: str  # the rule number that caused it, e.g. "704.5g"
    event: str  # a short, stable kind for programs: "destroyed", "loses", "connives" …
    objects: tuple[str, ...] = ()  # ids of the objects involved
    players: tuple[str, ...] = ()  # names of the players involved
    message: str = ""  # the sentence for people, without the rule number

    def __str__(self) -> str:
        return f"{self.rule} — {self.message}"
