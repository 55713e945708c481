"""Phrase pairs learned from the card data a person ingests: once per card-data document, at
ingest, kept in the corpus database (table `learned_pairs`), never again per search or rebuild.

Learning from a set's printed translations takes a second or two (every language it prints);
learned again from the whole corpus at each index build, it was a quarter of a real-data build
(issue 20). So each card-data document is learned from alone, in the ingest's transaction
(`learn_document`), and its pairs are rows that go with the document (`ON DELETE CASCADE`: an
ingest that replaces or removes the document replaces or removes them). A set file the
committed lexicon was learned from (its digest is in `corpus/lexicon-sources.tsv`) teaches
nothing new and is not learned from again: ingesting the 25 sets the lexicon ships with costs
no learning at all.

A card is learned from once in the whole corpus, as the committed lexicon learned from each
card once (`corpus_lexicon.teaches_anew`: a reprint, or a copy renamed with the same texts, is
the same translation printed again, not more evidence). So each card-data document keeps what
its cards teach (`taught_cards`, digests, with the document), committed or not, and a document
learns only from cards no other stored document holds: a set of reprints of stored cards
learns nothing (learning them again was 6 s a set, 7 minutes of the 64x bench's ingest).

`stored_entries` reads every document's pairs: with the committed lexicon and the pairs the
records state (`corpus_lexicon.with_listed`), the lexicon of the corpus
(`corpus_lexicon.for_store`).
"""

from __future__ import annotations

import sqlite3
from functools import cache
from typing import TYPE_CHECKING

from mtgrules.corpus_schema import packaged_file

if TYPE_CHECKING:  # the learning code loads when learning: `term` and the search only read pairs
    from mtgrules.align.lexicon import Entry
    from mtgrules.records import Record

SOURCES = "lexicon-sources.tsv"  # the set files the committed lexicon learned from, by digest
# Every language MTGJSON prints card text in (Simplified Chinese as zh); as the committed lexicon.
LANGUAGES = frozenset({"es", "fr", "de", "it", "pt", "ja", "ko", "ru", "zh"})

SCHEMA = """
CREATE TABLE IF NOT EXISTS learned_pairs (
    document INTEGER NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
    lang TEXT NOT NULL,
    phrase TEXT NOT NULL,
    english TEXT NOT NULL,
    score REAL NOT NULL,
    count INTEGER NOT NULL,
    sources TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS learned_pairs_document ON learned_pairs (document);
CREATE TABLE IF NOT EXISTS taught_cards (
    digest TEXT NOT NULL,
    document INTEGER NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
    PRIMARY KEY (digest, document)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS taught_cards_document ON taught_cards (document)
"""


@cache
def committed_sources() -> frozenset[str]:
    """The digests of the set files the committed lexicon was learned from."""
    try:
        lines = packaged_file(SOURCES).read_text(encoding="utf-8").splitlines()[1:]
    except FileNotFoundError:
        return frozenset()
    return frozenset(line.split("\t")[1] for line in lines if "\t" in line)


def learn_document(db: sqlite3.Connection, path: str, digest: str, records: list[Record]) -> int:
    """Learn the pairs of one stored card-data document (`path`, as the documents table has it)
    from its cards no other stored document holds, and keep them with it; the number of pairs.
    Nothing for a document the committed lexicon learned from, or one with no printed
    translations. What its cards teach is kept either way (`taught_cards`)."""
    from mtgrules.align import corpus_lexicon, lexicon

    cards = [record for record in records if record.kind == "card"]
    row = db.execute("SELECT id FROM documents WHERE path = ?", (path,)).fetchone()
    if row is None or not cards:
        return 0
    document = row[0]
    digests = [corpus_lexicon.teaching_digest(card) for card in cards]
    _create(db)
    taught = _taught_elsewhere(db, document, sorted(set(digests)))
    db.executemany("INSERT OR IGNORE INTO taught_cards (digest, document) VALUES (?, ?)",
                   [(found, document) for found in dict.fromkeys(digests)])
    if digest in committed_sources():
        return 0
    new = []
    for card, found in zip(cards, digests, strict=True):
        if found not in taught:
            taught.add(found)
            new.append(card)
    segments = [segment for segment in lexicon.segments_from_records(new) if segment.lang in LANGUAGES]
    if not segments:
        return 0
    entries = lexicon.learn(segments) + [e for e in lexicon.keyword_line_entries(new) if e.lang in LANGUAGES]
    db.executemany(
        "INSERT INTO learned_pairs (document, lang, phrase, english, score, count, sources) VALUES (?, ?, ?, ?, ?, ?, ?)",
        [(document, e.lang, e.phrase, e.english, e.score, e.count, e.sources) for e in entries],
    )
    return len(entries)


def _taught_elsewhere(db: sqlite3.Connection, document: int, digests: list[str]) -> set[str]:
    """Which of these digests (`corpus_lexicon.teaching_digest`) a card of another stored
    document has."""
    found: set[str] = set()
    for start in range(0, len(digests), 500):
        chunk = digests[start : start + 500]
        marks = ",".join("?" * len(chunk))
        rows = db.execute(f"SELECT DISTINCT digest FROM taught_cards WHERE digest IN ({marks}) AND document != ?", [*chunk, document])
        found.update(value for (value,) in rows)
    return found


def stored_rows(db: sqlite3.Connection) -> list[tuple[str, str, str, float, int, str]]:
    """Every pair learned from the ingested card data as (lang, phrase, english, score, count,
    sources); none in a database written before the table."""
    try:
        return db.execute("SELECT lang, phrase, english, score, count, sources FROM learned_pairs ORDER BY rowid").fetchall()
    except sqlite3.OperationalError as error:
        if "no such table" in str(error):
            return []
        raise


def stored_entries(db: sqlite3.Connection) -> list[Entry]:
    """`stored_rows` as lexicon entries."""
    from mtgrules.align.lexicon import Entry

    return [Entry(*row) for row in stored_rows(db)]


def _create(db: sqlite3.Connection) -> None:
    for statement in SCHEMA.split(";"):
        if statement.strip():
            db.execute(statement)


def taught_by(db: sqlite3.Connection, documents: list[int]) -> bool:
    """Whether any of these stored documents taught pairs (the search tables' lexicon then changes)."""
    if not documents:
        return False
    marks = ",".join("?" * len(documents))
    try:
        return db.execute(f"SELECT 1 FROM learned_pairs WHERE document IN ({marks}) LIMIT 1", documents).fetchone() is not None
    except sqlite3.OperationalError as error:
        if "no such table" in str(error):
            return False
        raise
