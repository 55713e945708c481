"""What the engine reports: one `Event` per thing that happened (or was stopped from happening),
each naming the rule that made it happen.

The engine's actions return lists of events rather than printing, so a caller can show them as
"704.5g — Grizzly Bears is destroyed: lethal damage" (`str(event)`), filter them, or check
them in a test. `objects` hold object ids and `players` player names, for programs. The
sentence for people is a `Text` (a message key and its values, see `messages`), kept apart
from the words so that the study layer can say it in Spanish or French; `message` is its
English. The values are taken when the event happens, because names can change afterwards (a
converted permanent has another name).
"""

from __future__ import annotations

from dataclasses import dataclass

from .messages import Text


@dataclass(frozen=True)
class Event:
    rule: str  # the rule number that caused it, e.g. "704.5g"
    event: str  # a short, stable kind for programs: "destroyed", "loses", "connives" …
    objects: tuple[str, ...]  # ids of the objects involved
    players: tuple[str, ...]  # names of the players involved
    text: Text  # the sentence for people, without the rule number

    @property
    def message(self) -> str:
        """The sentence in English."""
        return self.text.english()

    def __str__(self) -> str:
        return f"{self.rule} — {self.message}"
