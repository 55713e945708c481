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
LAYOUT = 3

# The kinds of `term_keys`: what finds an entry.
WORD = "word"  # a word (a run of \w) of one of its names, folded: "energia" of "contador de energia"
PLAIN = "plain"  # a name as `term_lexicon.plain` gives it: "state based actions"
ENGLISH = "english"  # the content words of an English name, singular, sorted (`english_key`)
STEM = "stem"  # a stem of a name in a stemmed language (`stem_key`)
RULE = "rule"  # one of its rules
KEY = "key"  # its English name folded: the key it was built under
# What some rule of the corpus puts in quotes, loose (`plain`): in no view (`EVERY_VIEW`), since
# it only tells which words a search of the quoting rules may find (`Dictionary._quoted`).
QUOTED = "quoted"
EVERY_VIEW = "*"
# `term_state`: the committed lexicon's digest, lines and languages `term_lexicon` holds.
LEXICON_KEYS = ("lexicon", "lexicon lines", "lexicon langs")


def lexicon_version() -> str:
    """What `term_state` names the committed lexicon `term_lexicon` holds by: its digest and
    the layout."""
    from mtgrules import corpus_schema

    return f"{corpus_schema.packaged_digest(corpus_schema.COMMITTED_LEXICON)}/{LAYOUT}"


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

    def quoted(self, phrase: str) -> bool:
        """Whether a rule of the corpus puts `phrase` (loose) in quotes."""
        row = self.connection().execute("SELECT 1 FROM term_keys WHERE view = ? AND kind = ? AND key = ? LIMIT 1",
                                        (EVERY_VIEW, QUOTED, phrase)).fetchone()
        return row is not None

    def spellings(self) -> dict[str, list]:
        """Every name of the view by its folded form: [the last entry's spelling of it, that entry]."""
        row = self.connection().execute("SELECT spellings FROM term_views WHERE view = ?", (self.view,)).fetchone()
        return json.loads(row[0]) if row else {}


class FirstWords:
    """The committed lexicon's lines by the folded first word of their phrase, as the term
    tables hold them (`term_lexicon`, written at ingest): what translating a word through the
    lexicon reads, where folding the first word of 8,000 lines cost a lookup 20-40 ms."""

    def __init__(self, connection: Callable[[], sqlite3.Connection], count: int, langs: list[str]):
        self.connection = connection
        self.count = count  # the committed lines (the learned ones are numbered after them)
        self.langs = langs

    @classmethod
    def written(cls, connection: Callable[[], sqlite3.Connection]) -> FirstWords | None:
        """Those of the package's committed lexicon (`lexicon_version`); None when the tables
        hold another lexicon's (or another layout's), or none."""
        try:
            found = dict(connection().execute("SELECT key, value FROM term_state WHERE key IN (?, ?, ?)", LEXICON_KEYS))
        except sqlite3.OperationalError:
            return None
        if found.get(LEXICON_KEYS[0]) != lexicon_version() or len(found) != len(LEXICON_KEYS):
            return None
        return cls(connection, int(found[LEXICON_KEYS[1]]), json.loads(found[LEXICON_KEYS[2]]))

    def starting(self, word: str) -> list[tuple[int, str | None]]:
        """(index, line) of the lines whose phrase's first word is `word`, in order."""
        return self.connection().execute("SELECT position, line FROM term_lexicon WHERE first = ? ORDER BY position",
                                         (word,)).fetchall()

    def groups_from(self, prefix: str) -> list[tuple[str, list[tuple[int, str | None]]]]:
        """(first word, its lines) of the first words starting with `prefix`, in the order they
        first appear."""
        end = prefix[:-1] + chr(ord(prefix[-1]) + 1) if prefix else "\U0010ffff"
        rows = self.connection().execute(
            "SELECT first, position, line FROM term_lexicon WHERE first >= ? AND first < ? ORDER BY seen, position", (prefix, end))
        groups: dict[str, list[tuple[int, str | None]]] = {}
        for first, position, line in rows:
            if first.startswith(prefix):
                groups.setdefault(first, []).append((position, line))
        return list(groups.items())
