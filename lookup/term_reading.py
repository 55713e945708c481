"""What a term lookup reads of the term dictionary's tables (`mtgrules.lookup.term_table`
writes them at ingest): whether they are current, the entries a key finds, one view's
untitled titles, languages and spellings. Apart from the writing, which imports the building
and the stemmers, so that `mtgrules term` imports only this.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterable

# Bumped whenever what the tables hold changes (their layout, or how entries, names and keys are
# worked out): tables of another layout are written anew.
LAYOUT = 1

# The kinds of `term_keys`: what finds an entry.
WORD = "word"  # a word (a run of \w) of one of its names, folded: "energia" of "contador de energia"
PLAIN = "plain"  # a name as `term_lexicon.plain` gives it: "state based actions"
ENGLISH = "english"  # the content words of an English name, singular, sorted (`english_key`)
STEM = "stem"  # a stem of a name in a stemmed language (`stem_key`)
RULE = "rule"  # one of its rules
KEY = "key"  # its English name folded: the key it was built under


def view_key(edition: str | None) -> str:
    return edition or ""


def stem_key(lang: str, stem: str) -> str:
    return f"{lang}:{stem}"


def english_key(words: Iterable[str]) -> str:
    return " ".join(sorted(words))


def state(db: sqlite3.Connection) -> dict[str, str]:
    """`term_state` as a dict (empty when the tables are not there)."""
    try:
        return dict(db.execute("SELECT key, value FROM term_state"))
    except sqlite3.OperationalError:
        return {}


def is_current(db: sqlite3.Connection, found: dict[str, str] | None = None) -> bool:
    """True when the tables hold the dictionary of the corpus as this snapshot has it, in this
    version's layout."""
    found = state(db) if found is None else found
    if not found or found.get("layout") != str(LAYOUT):
        return False
    generation = db.execute("SELECT value FROM meta WHERE key = 'generation'").fetchone()
    return generation is not None and str(generation[0]) == found.get("generation")


class View:
    """One view's rows, read over the store's snapshot as it is when read (`connection`)."""

    def __init__(self, connection: Callable[[], sqlite3.Connection], edition: str | None):
        self.connection = connection
        self.view = view_key(edition)
        row = connection().execute("SELECT entries, langs, untitled FROM term_views WHERE view = ?", (self.view,)).fetchone()
        self.found = row is not None
        count, langs, untitled = row if row else (0, "[]", "[]")
        self.count: int = count
        self.langs: list[str] = json.loads(langs)
        self.untitled: list[list] = json.loads(untitled)

    def ids(self, kind: str, keys: Iterable[str]) -> set[int]:
        """The entries some key of `kind` among `keys` finds."""
        wanted = list(dict.fromkeys(keys))
        if not wanted:
            return set()
        marks = ",".join("?" * len(wanted))
        rows = self.connection().execute(f"SELECT id FROM term_keys WHERE view = ? AND kind = ? AND key IN ({marks})",
                               (self.view, kind, *wanted))
        return {row[0] for row in rows}

    def entries(self, ids: Iterable[int]) -> list[tuple[int, str]]:
        """(id, entry JSON) of these entries, in id order."""
        wanted = sorted(set(ids))
        found: list[tuple[int, str]] = []
        for start in range(0, len(wanted), 500):
            chunk = wanted[start : start + 500]
            found += self.connection().execute(f"SELECT id, entry FROM term_entries WHERE view = ? AND id IN ({','.join('?' * len(chunk))})"
                                     " ORDER BY id", (self.view, *chunk)).fetchall()
        return found

    def spellings(self) -> dict[str, list]:
        """Every name of the view by its folded form: [the last entry's spelling of it, that entry]."""
        row = self.connection().execute("SELECT spellings FROM term_views WHERE view = ?", (self.view,)).fetchone()
        return json.loads(row[0]) if row else {}
