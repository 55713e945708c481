"""The titles a query may name, kept with the search tables: each English edition's keyword
actions and abilities (701, 702) and its glossary entries, as a search compares them.

A search reads them for every query, to find the keyword or glossary entry it names
(`mtgrules.index.query`). Read from the `records` table, that was two queries over the
edition's rules and glossary (the 261 keyword titles, then the entries titled as the query's
spans) and every keyword title normalized again: some 1.4 ms of each cold search on the 25
sets. They change only with the records, so the tables' writer works them out once, in the
ingest's own transaction (`write`, called by `mtgrules.index.tables.refresh`), and a search
reads one row for the keywords and one keyed read for the glossary (`Titles`).

Table `search_titles` (view, kind, key → value, JSON):

- `keywords`, key "": normalized title (`card_mentions.normalized`) → the numbers titled so,
  in the order of the rules (701 before 702, by record);
- `abilities`, key "": lowercased title → number, of the keyword abilities (702): what a
  card's keyword lines are read against (`card_mentions.keyword_lines`);
- `glossary`, key the normalized title: the texts of the entries titled so. Only the entries a
  query's span can name: a title spelt as its normalized words, some spaces made hyphens, in
  any case of its ASCII letters ("Face-Down"; not "City’s Blessing" nor "Bury (Obsolete)",
  which no span is).

`search_state` names the generation of the corpus the rows were written for (`STATE_KEY`):
tables written by a version without them (or by one that left them behind) are brought up to
date by the next search, as tables of an older corpus are (`reading.is_current`).
"""

from __future__ import annotations

import json
import sqlite3

SCHEMA = """CREATE TABLE search_titles (view TEXT NOT NULL, kind TEXT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL,
                           PRIMARY KEY (view, kind, key)) WITHOUT ROWID"""
STATE_KEY = "titles"  # search_state: the generation the rows were written for
_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")  # what COLLATE NOCASE folds


def write(db: sqlite3.Connection, generation: str) -> None:
    """The rows of every English edition's titles, written anew (the table made when absent)."""
    from mtgrules.index.card_mentions import hyphenated, normalized

    db.execute("DROP TABLE IF EXISTS search_titles")
    db.execute(SCHEMA)
    rows: list[tuple[str, str, str, str]] = []
    editions = [edition for (edition,) in db.execute(
        "SELECT DISTINCT edition FROM records WHERE kind = 'rule' AND lang = 'en' AND edition IS NOT NULL ORDER BY edition")]
    for edition in editions:
        keywords: dict[str, list[str]] = {}
        abilities: dict[str, str] = {}
        for number, title, parent in db.execute(
                "SELECT number, title, parent FROM records WHERE kind = 'rule' AND lang = 'en' AND edition = ?"
                " AND parent IN ('701', '702') AND title IS NOT NULL ORDER BY parent, id", (edition,)):
            keywords.setdefault(normalized(title), []).append(number)
            if parent == "702":
                abilities[title.lower()] = number
        rows.append((edition, "keywords", "", json.dumps(keywords, ensure_ascii=False)))
        rows.append((edition, "abilities", "", json.dumps(abilities, ensure_ascii=False)))
        glossary: dict[str, list[str]] = {}
        for title, body in db.execute("SELECT title, body FROM records WHERE kind = 'glossary' AND lang = 'en' AND edition = ?"
                                      " ORDER BY id", (edition,)):
            key = normalized(title or "")
            if key and title.translate(_ASCII_LOWER) in hyphenated(key):
                glossary.setdefault(key, []).append(json.loads(body).get("text") or "")
        rows += [(edition, "glossary", key, json.dumps(texts, ensure_ascii=False)) for key, texts in glossary.items()]
    db.executemany("INSERT INTO search_titles (view, kind, key, value) VALUES (?, ?, ?, ?)", rows)
    db.execute("INSERT OR REPLACE INTO search_state (key, value) VALUES (?, ?)", (STATE_KEY, generation))


def is_current(found: dict) -> bool:
    """Whether `search_state` (as `reading.state` reads it) says the rows are those of the
    generation the tables index."""
    return found.get(STATE_KEY) is not None and str(found.get(STATE_KEY)) == str(found.get("generation"))


class Titles:
    """The titles of one snapshot of the tables, by edition (None: no edition, no titles)."""

    def __init__(self, db: sqlite3.Connection):
        self.db = db
        self._read: dict[tuple[str, str], dict] = {}

    def _row(self, edition: str | None, kind: str) -> dict:
        if edition is None:
            return {}
        if (edition, kind) not in self._read:
            row = self.db.execute("SELECT value FROM search_titles WHERE view = ? AND kind = ? AND key = ''", (edition, kind)).fetchone()
            self._read[(edition, kind)] = json.loads(row[0]) if row else {}
        return self._read[(edition, kind)]

    def keywords(self, edition: str | None) -> dict[str, list[str]]:
        """Normalized title → numbers of the keyword actions and abilities of `edition`."""
        return self._row(edition, "keywords")

    def abilities(self, edition: str | None) -> dict[str, str]:
        """Lowercased title → number of the keyword abilities (702) of `edition`."""
        return self._row(edition, "abilities")

    def glossary(self, edition: str | None, spans: list[str]) -> dict[str, list[str]]:
        """Normalized title → texts of the glossary entries of `edition` titled as one of `spans`."""
        if edition is None or not spans:
            return {}
        rows = self.db.execute("SELECT key, value FROM search_titles WHERE view = ? AND kind = 'glossary'"
                               " AND key IN (SELECT value FROM json_each(?))", (edition, json.dumps(spans, ensure_ascii=False)))
        found = dict(rows)
        return {span: json.loads(found[span]) for span in spans if span in found}
