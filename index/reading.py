"""What a search reads of the search tables (`mtgrules.index.tables` writes them): their
columns and weights, `search_state`, whether they index the corpus as it is, the vocabulary
and the compiled lexicon, read key by key.

Apart from the writing because a cold `mtgrules search` imports only this: the writing pulls
in the store's writer, the entries' grouping and the records' analysis, some 3 ms of every
search that finds the tables current (nearly all of them). `Index` imports the writing when
it must bring the tables up to date.
"""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager, nullcontext
from typing import TYPE_CHECKING, Protocol

from mtgrules.index import analysis, titles

if TYPE_CHECKING:
    from mtgrules.records import Record

# Bumped whenever the tables' layout changes: tables of another layout are written anew.
LAYOUT = 5
TITLE_WEIGHT = 2.0
# The titles of the rules and section above a rule (`schema.context`) count as its text does,
# half its title (searched for queries of two words or more: `query.CONTEXT_COLUMNS`); on the
# judge queries' development half 0.5 gained less, 1.5 and more lost queries it had.
CONTEXT_WEIGHT = 1.0
# A word found only among the names of the cards a ruling is on ("graveyard" on every daybound
# ruling, for Graveyard Trespasser) counts less than one in a title or text.
CARD_WEIGHT = 0.3
COLUMNS = ("title", "body", "words", "card", "context", "number", "lang", "kind", "views")
WEIGHTS = (TITLE_WEIGHT, 1.0, 1.0, CARD_WEIGHT, CONTEXT_WEIGHT, 0.0, 0.0, 0.0, 0.0)
EVERY_VIEW = "*"  # the view of a record in every view (any kind but `entries.EDITION_KINDS`)
VOCABULARY = "vocabulary"  # search_state: the languages of the vocabulary's lines
KEYS_SUFFIX = "~keys"  # the vocabulary's line of a language's word keys ("es~keys")
TERMS_LINE = "en~terms"  # English terms of several words, by their keys ("lethal_damag")
FALSE_FRIENDS_SUFFIX = "~other"  # a language's words English spells, meaning something else ("fr~other": plus)


class Reporter(Protocol):
    """How a refresh tells a person what it is doing (the command line's shows a progress bar)."""

    def note(self, text: str) -> None: ...

    def indexing(self, records: Iterable[Record], count: int, label: str) -> AbstractContextManager[Iterable[Record]]: ...


class SilentReporter:
    """Says nothing: what library calls get by default."""

    def note(self, text: str) -> None:
        pass

    def indexing(self, records: Iterable[Record], count: int, label: str) -> AbstractContextManager[Iterable[Record]]:
        return nullcontext(records)


SILENT = SilentReporter()


def lang_token(lang: str) -> str:
    """A language code as the `lang` column holds it ("zh-Hans" -> "zh_hans")."""
    return re.sub(r"[^a-z0-9]", "_", lang.lower())


def view_token(view: str) -> str:
    """An edition (or `EVERY_VIEW`) as the `views` column holds it ("2026-08-07" -> "v2026_08_07")."""
    return "vall" if view == EVERY_VIEW else "v" + re.sub(r"[^a-z0-9]", "_", view.lower())


def state(db: sqlite3.Connection) -> dict[str, bytes | str]:
    """`search_state` as a dict, but the vocabulary's languages (empty when the tables are not
    there)."""
    try:
        return dict(db.execute("SELECT key, value FROM search_state WHERE key != ?", (VOCABULARY,)))
    except sqlite3.OperationalError:
        return {}


def blob(db: sqlite3.Connection, key: str) -> bytes | None:
    row = db.execute("SELECT value FROM search_state WHERE key = ?", (key,)).fetchone()
    return row[0] if row else None


def is_current(db: sqlite3.Connection, found: dict | None = None) -> bool:
    """True when the search tables index the corpus as this snapshot holds it, with this
    version's analysis and committed lexicon, and hold its titles (`titles.is_current`)."""
    found = state(db) if found is None else found
    if not found:
        return False
    generation = db.execute("SELECT value FROM meta WHERE key = 'generation'").fetchone()
    return (generation is not None and str(found.get("generation")) == str(generation[0])
            and found.get("analysis") == version() and found.get("lexicon") == committed_lexicon_digest()
            and titles.is_current(found))


def version() -> str:
    """What `search_state` names the analysis and layout the tables were written with by."""
    return f"{analysis.VERSION}.{LAYOUT}"


def committed_lexicon_digest() -> str:
    from mtgrules import corpus_schema

    return corpus_schema.packaged_digest(corpus_schema.COMMITTED_LEXICON, corpus_schema.FALSE_FRIENDS)[:16]


class Vocabulary:
    """What query translation reads of one snapshot of the tables: which lines of the
    vocabulary hold a word (one keyed read a word), the languages of the vocabulary, and the
    compiled lexicon of a language and direction."""

    def __init__(self, connection: Callable[[], sqlite3.Connection]):
        self.connection = connection  # the snapshot's connection, as it is when read
        self._lines: dict[str, set[str]] = {}
        self._starting: dict[tuple[str, str], list[str]] = {}

    def lines_of(self, word: str) -> set[str]:
        if word not in self._lines:
            rows = self.connection().execute("SELECT line FROM search_words WHERE word = ?", (word,))
            self._lines[word] = {line for (line,) in rows}
        return self._lines[word]

    def languages(self) -> list[str]:
        return json.loads(blob(self.connection(), VOCABULARY) or b"[]")

    def words_starting(self, prefix: str, line: str) -> list[str]:
        """The words of the vocabulary's line `line` that begin with `prefix` (a range of the
        table's key: a word's cognates are looked for among a few hundred), read once for the
        tables as they are, as `lines_of` reads a word's lines (a query's translations into
        several languages look for the same word's cognates again)."""
        if (prefix, line) not in self._starting:
            rows = self.connection().execute("SELECT word FROM search_words WHERE word >= ? AND word < ? AND line = ?",
                                             (prefix, prefix + "\uffff", line))
            self._starting[(prefix, line)] = [word for (word,) in rows]
        return self._starting[(prefix, line)]

    def in_rules(self, word: str) -> bool:
        """Whether an English rule or glossary entry holds `word` (as indexed: its stem), as
        opposed to card names and rulings alone ("temple": Temple of Mystery and its rulings)."""
        stem = analysis.term(word, "en")
        if not stem or '"' in stem:
            return False
        expression = f'{{title body}} : "{stem}" AND {{kind}} : ("rule" OR "glossary") AND {{lang}} : "{lang_token("en")}"'
        return self.connection().execute("SELECT 1 FROM search WHERE search MATCH ? LIMIT 1", (expression,)).fetchone() is not None

    def lexicon(self, lang: str, direction: str) -> Lexicon:
        return Lexicon(self.connection, lang, direction)


class Lexicon:
    """One language and direction ("to_english", "from_english") of the compiled bilingual
    lexicon (`search_lexicon`): phrase key -> its translations, best first, each [phrase,
    score, spelling] (`align.lexicon.Lexicon.compile`). Read key by key, as a query asks: a
    query looks up a few phrases of the thousand a language has, and reading them all (once
    pickled in `search_state`) cost every cold search 3 ms. `starting_with` reads the keys of a
    beginning; iterating reads them all (a fuzzy word compares its key with every one)."""

    def __init__(self, connection: Callable[[], sqlite3.Connection], lang: str, direction: str):
        self.connection = connection
        self.lang = lang
        self.direction = direction
        self._found: dict[str, list | None] = {}
        self._all: dict[str, list] | None = None

    def get(self, key: str) -> list | None:
        if self._all is not None:
            return self._all.get(key)
        if key not in self._found:
            row = self.connection().execute("SELECT found FROM search_lexicon WHERE lang = ? AND direction = ? AND key = ?",
                                            (self.lang, self.direction, key)).fetchone()
            self._found[key] = json.loads(row[0]) if row else None
        return self._found[key]

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and self.get(key) is not None

    def __getitem__(self, key: str) -> list:
        found = self.get(key)
        if found is None:
            raise KeyError(key)
        return found

    def starting_with(self, start: str) -> Iterator[tuple[str, list]]:
        """(key, translations) of the keys beginning with `start`, in key order."""
        if self._all is not None:
            yield from ((key, found) for key, found in sorted(self._all.items()) if key.startswith(start))
            return
        rows = self.connection().execute(
            "SELECT key, found FROM search_lexicon WHERE lang = ? AND direction = ? AND key >= ? ORDER BY key",
            (self.lang, self.direction, start))
        for key, found in rows:
            if not key.startswith(start):
                break
            yield key, json.loads(found)

    def __iter__(self) -> Iterator[str]:
        if self._all is None:
            rows = self.connection().execute("SELECT key, found FROM search_lexicon WHERE lang = ? AND direction = ? ORDER BY key",
                                             (self.lang, self.direction))
            self._all = {key: json.loads(found) for key, found in rows}
        return iter(self._all)
