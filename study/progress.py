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
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

from mtgrules import paths
from mtgrules.errors import MtgrulesError

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


_COLUMNS = ("item", "kind", "lang", "section", "box", "due", "answered", "correct", "last")
# How long an answer waits for another quiz (or program) holding the file before giving up.
WAIT_SECONDS = 5


class ProgressError(MtgrulesError):
    """The progress file cannot be used as it is: one line naming it, what is wrong, the mend."""


class Progress:
    """The progress file, checked when opened: a file that is not an SQLite database, a
    database of another program or of another shape, or one locked by another program is a
    `ProgressError` naming the file and the mend, never a traceback in the middle of a quiz."""

    def __init__(self, path: Path | None = None):
        self.path = path or paths.data_dir() / "quiz.sqlite3"
        paths.check_no_links(paths.make_folders(self.path.parent) / self.path.name, *paths.SQLITE_COMPANIONS)
        with self._named():
            self.db = sqlite3.connect(self.path, timeout=WAIT_SECONDS)
            self.db.execute("PRAGMA temp_store = MEMORY")  # no temporary file outside the data folder
            try:
                self._check()
                self.db.execute(_SCHEMA)
                self.db.commit()
            except BaseException:
                self.db.close()
                raise

    def _check(self) -> None:
        tables = {row[0] for row in self.db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if not tables:
            return
        if "items" not in tables:
            raise ProgressError(f"{self.path}: an SQLite database of another program (tables {', '.join(sorted(tables)[:4])}),"
                                " not quiz progress (move it away; a new one is started)")
        columns = {row[1] for row in self.db.execute("PRAGMA table_info(items)")}
        missing = [column for column in _COLUMNS if column not in columns]
        if missing:
            raise ProgressError(f"{self.path}: quiz progress without the column {missing[0]} (damaged, or written by"
                                " another program; move it away and a new one is started)")

    @contextmanager
    def _named(self) -> Iterator[None]:
        """SQLite's errors as one line naming the file and the mend."""
        try:
            yield
        except sqlite3.OperationalError as error:
            if "locked" in str(error) or "busy" in str(error):
                raise ProgressError(f"{self.path}: quiz progress is locked by another program ({error}): finish the"
                                    " other quiz, or close the program holding it, and try again") from None
            if "disk is full" in str(error) or "disk I/O error" in str(error):
                raise ProgressError(f"{self.path}: cannot write quiz progress ({error}): free some space, or set"
                                    " MTGRULES_HOME to another disk") from None
            raise ProgressError(f"{self.path}: quiz progress cannot be used ({error}); move it away and a new one"
                                " is started") from None
        except sqlite3.DatabaseError as error:
            raise ProgressError(f"{self.path}: not quiz progress, or damaged ({error}); move it away and a new one"
                                " is started") from None

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def states(self) -> dict[str, ItemState]:
        with self._named():
            rows = self.db.execute("SELECT item, box, due, answered, correct FROM items").fetchall()
        return {item: ItemState(box, due, answered, correct) for item, box, due, answered, correct in rows}

    def record(self, item: str, kind: str, lang: str, section: str, right: bool, when: datetime | None = None) -> int:
        """Move the item to its next box (or back to box 1) and commit; returns the new box."""
        with self._named():
            return self._record(item, kind, lang, section, right, when or now_utc())

    def _record(self, item: str, kind: str, lang: str, section: str, right: bool, when: datetime) -> int:
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
        with self._named():
            rows = self.db.execute(
                f"SELECT lang, section, COUNT(*), SUM(answered), SUM(correct), SUM(due <= ?), {per_box}"
                " FROM items GROUP BY lang, section", (now,)).fetchall()
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
