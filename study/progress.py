"""Quiz progress: Leitner boxes in SQLite under `paths.data_dir() / "quiz.sqlite3"`.

Each question item (say "text:es:704.5g") sits in a box from 1 (new or missed) to 5. A right
answer moves it up one box, a wrong one back to box 1; an item in box N comes due again `BOX_DAYS[N - 1]` days
after it was last answered. Leitner rather than SM-2: its state is one small integer a person
can read ("box 4 of 5"), which is what `quiz --stats` shows, and it needs no tuning.

Every answer is committed as soon as it is given, so a session interrupted by Ctrl-C, a closed
terminal or the end of stdin keeps everything answered so far.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

from mtgrules import paths

BOX_DAYS = (0, 1, 3, 7, 16)  # box 1 is due at once: a missed item comes back the same session
TOP_BOX = len(BOX_DAYS)

_SCHEMA = """
CREATE TABLE IF NOT EXISTS items (
    item TEXT PRIMARY KEY,      -- "kind:lang:key": text:es:704.5g, scenario:en:examples/gift.toml
    kind TEXT NOT NULL,
    lang TEXT NOT NULL,
    section TEXT NOT NULL,      -- "704"
    box INTEGER NOT NULL,
    due TEXT NOT NULL,          -- ISO 8601, UTC
    answered INTEGER NOT NULL,
    correct INTEGER NOT NULL,
    last TEXT NOT NULL
)
"""


def now_utc() -> datetime:
    return datetime.now(UTC).replace(microsecond=0)


@dataclass(frozen=True)
class ItemState:
    box: int
    due: str
    answered: int
    correct: int


@dataclass(frozen=True)
class SectionStats:
    lang: str
    section: str
    items: int  # items answered at least once
    answered: int
    correct: int
    boxes: tuple[int, ...]  # items per box, box 1 first
    due: int  # items due now


class Progress:
    def __init__(self, path: Path | None = None):
        self.path = path or paths.data_dir() / "quiz.sqlite3"
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(self.path)
        self.db.execute(_SCHEMA)
        self.db.commit()

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def states(self) -> dict[str, ItemState]:
        rows = self.db.execute("SELECT item, box, due, answered, correct FROM items")
        return {item: ItemState(box, due, answered, correct) for item, box, due, answered, correct in rows}

    def record(self, item: str, kind: str, lang: str, section: str, right: bool, when: datetime | None = None) -> int:
        """Move the item to its next box (or back to box 1) and commit; returns the new box."""
        when = when or now_utc()
        held = self.db.execute("SELECT box FROM items WHERE item = ?", (item,)).fetchone()
        box = min((held[0] if held else 1) + 1, TOP_BOX) if right else 1  # new items start in box 1
        due = (when + timedelta(days=BOX_DAYS[box - 1])).isoformat()
        self.db.execute(
            "INSERT INTO items (item, kind, lang, section, box, due, answered, correct, last)"
            " VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?)"
            " ON CONFLICT(item) DO UPDATE SET box = excluded.box, due = excluded.due,"
            " answered = answered + 1, correct = correct + excluded.correct, last = excluded.last",
            (item, kind, lang, section, box, due, int(right), when.isoformat()),
        )
        self.db.commit()
        return box

    def stats(self, when: datetime | None = None) -> list[SectionStats]:
        """Per language and section, sorted by both (sections by number)."""
        now = (when or now_utc()).isoformat()
        per_box = ", ".join(f"SUM(box = {box})" for box in range(1, TOP_BOX + 1))
        rows = self.db.execute(
            f"SELECT lang, section, COUNT(*), SUM(answered), SUM(correct), SUM(due <= ?), {per_box}"
            " FROM items GROUP BY lang, section", (now,))
        found = [SectionStats(lang, section, items, answered, correct, tuple(boxes), due)
                 for lang, section, items, answered, correct, due, *boxes in rows]
        return sorted(found, key=lambda row: (row.lang, row.section.zfill(4)))


def order(items: list[str], states: dict[str, ItemState], when: datetime | None = None) -> list[str]:
    """Items in the order to ask them: due ones first (lowest box, then longest overdue), then
    new ones, then the rest by how soon they come due. `items` arrive shuffled (by the
    session's seed), and the sort is stable, so ties keep that order."""
    now = (when or now_utc()).isoformat()

    def priority(item: str) -> tuple[int, int, str]:
        state = states.get(item)
        if state is None:
            return (1, 0, "")
        if state.due <= now:
            return (0, state.box, state.due)
        return (2, 0, state.due)

    return sorted(items, key=priority)
