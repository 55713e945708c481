"""The search tables: SQLite FTS5 inside the corpus database, written in the ingest's own
transaction.

One database holds the records and their index, so there is no index to build, swap, heal or
keep in step: an ingest writes both and commits once (a killed ingest leaves the old records
and the old index), and a reader's snapshot sees the two as one. The store is the foundation
and imports nothing above it, so it calls what derives from its records through a hook
(`store.derive`): importing this module registers `refresh`, and any write transaction that
changed the corpus then brings these tables up to date before it commits. A database written
by a process that never imported this module (or by an earlier version, or with another
analysis or layout, `analysis.VERSION` and `reading.LAYOUT`) has tables older than its records:
`mtgrules.index.query.Index` finds that from `search_state` and brings them up to date itself,
once, saying so. A refresh writes in place when a few documents came or went (`_update`: only
the entries they touch), else writes every table anew (`write_all`).

Tables:

- `search` (FTS5, `ascii` tokenizer: tokens are ours, `mtgrules.index.analysis`): one row per
  index entry (`mtgrules.index.entries`: a text standing in several editions, a ruling on
  several cards, is one entry). Columns, in bm25's weight order: `title` and `body` (the
  record's language's stems; titles weigh `TITLE_WEIGHT`; a rule's or glossary entry's text
  without the titles of the rules it cites, `schema.searched_body`), `words` (folded unstemmed words:
  prefixes, fuzzy words, "did you mean"), `card` (every name of the card, folded), `context`
  (a rule's, the stems of the titles of the rules and section above it: `schema.context`), and the
  filters, of weight 0: `number` (every number the entry's records have), `lang`, `kind`,
  `views` (the editions whose views show the entry, `view_token`).
- `search_entries`: per entry (same rowid), what a hit shows, as JSON (`stored`), and the
  store ids of its documents.
- `search_members`: each entry's records (record and document ids in the store): what an
  update in place finds the entries to write again by.
- `search_words`: the vocabulary query translation detects a query's languages with
  (`mtgrules.index.translate`): each folded word of the corpus and of the lexicon, by the line
  it is in (a language; "es~keys" for the keys of Spanish words, `phrases.word_key`, which meet
  a form the corpus never printed; "en~terms" for English terms of several words).
- `search_state`: the generation, documents and links of the corpus the tables index, the
  analysis version, the committed lexicon's digest, the corpus's languages, editions and
  default view.
- `search_lexicon`: the compiled bilingual lexicon, per language and direction, by phrase key
  (`reading.Lexicon`: a query reads the few keys it looks up).
- `search_titles`: each English edition's keyword and glossary titles as a query names them
  (`mtgrules.index.titles`), written anew by every refresh.

The bilingual lexicon is read, not learned, by a refresh (`corpus_lexicon.for_store`): card
data is learned from once per document, as it is ingested (`mtgrules.align.learned`).
"""

from __future__ import annotations

import json
import sqlite3
import sys
from collections import defaultdict
from collections.abc import Iterable, Iterator

from mtgrules import store
from mtgrules.i18n import N_
from mtgrules.index import analysis, entries, reading, schema
from mtgrules.index import titles as titled
from mtgrules.index.entries import EDITION_KINDS
from mtgrules.index.reading import (
    COLUMNS,
    EVERY_VIEW,
    FALSE_FRIENDS_SUFFIX,
    KEYS_SUFFIX,
    SILENT,
    TERMS_LINE,
    VOCABULARY,
    Reporter,
    blob,
    lang_token,
    state,
    view_token,
)
from mtgrules.records import Record
from mtgrules.store import Queries, Writer

# A translation pair must score this much to widen a search (see `align.lexicon` for scores).
QUERY_MIN_SCORE = 0.3

SCHEMA = f"""
CREATE VIRTUAL TABLE search USING fts5({", ".join(COLUMNS)}, tokenize = "ascii tokenchars '._'", prefix = '2 3');
CREATE TABLE search_entries (id INTEGER PRIMARY KEY, documents TEXT NOT NULL, stored TEXT NOT NULL);
CREATE TABLE search_members (entry INTEGER NOT NULL, row INTEGER NOT NULL, document INTEGER NOT NULL);
CREATE INDEX search_members_row ON search_members (row);
CREATE INDEX search_members_document ON search_members (document);
CREATE INDEX search_members_entry ON search_members (entry);
CREATE TABLE search_words (word TEXT NOT NULL, line TEXT NOT NULL, PRIMARY KEY (word, line)) WITHOUT ROWID;
CREATE TABLE search_state (key TEXT PRIMARY KEY, value BLOB NOT NULL);
CREATE TABLE search_lexicon (lang TEXT NOT NULL, direction TEXT NOT NULL, key TEXT NOT NULL, found TEXT NOT NULL,
                             PRIMARY KEY (lang, direction, key)) WITHOUT ROWID;
"""
_TABLES = ("search", "search_entries", "search_members", "search_words", "search_state", "search_lexicon", "search_titles")
# An update in place (`_update`) is for a few documents: when the documents added or removed
# hold more records than this, the tables are written anew (as fast, and simpler).
UPDATE_MOST_RECORDS = 5000
# Documents whose records change what many entries show (rule identities, term links,
# glossary titles): their arrival or removal writes the tables anew.
_WHOLE_KINDS = ("rules", "keywords")


_reporter: list[Reporter] = [SILENT]  # the reporter of the refreshes this process runs (`reporting`)


class reporting:
    """Within the block, refreshes run by the store's hook report to `reporter`."""

    def __init__(self, reporter: Reporter):
        self.reporter = reporter

    def __enter__(self) -> None:
        _reporter.append(self.reporter)

    def __exit__(self, *exc) -> None:
        _reporter.pop()


# -- writing ---------------------------------------------------------------------------------


class Views:
    """Which editions' views each record is shown in (`views`), and under which number in
    each (`numbers`): an English record in its own edition's; a translated rule of an English
    edition in its own and in every English edition that has its rule (by identity), under the
    rule's number there; any other translation in its own edition's; a record without an
    edition, a ruling, a card or a term in every view. Worked out when the tables are written,
    from the store's identities, so that a search filters and numbers its hits from the
    search tables alone."""

    def __init__(self, corpus: Queries | None):
        self.identity: dict[tuple[str, str], str] = {}
        self.numbers: dict[str, dict[str, str]] = defaultdict(dict)  # identity -> edition -> number
        # One string object for each edition, number and identity (a 64-edition corpus has
        # 212,000 identities of 3,300 rules: 60 MB of copies otherwise).
        intern = sys.intern
        for edition, number, identity in corpus.all_identities() if corpus is not None else []:
            edition, number, identity = intern(edition), intern(number), intern(identity)
            self.identity[(edition, number)] = identity
            self.numbers[identity][edition] = number
        self.default = corpus.default_edition() if corpus is not None else None

    def of(self, record: Record) -> tuple[list[str], dict[str, str]]:
        """(the editions whose views show `record`, view -> its number there when another)."""
        if record.kind not in EDITION_KINDS or not record.edition:
            return [EVERY_VIEW], {}
        identity = self.identity.get((record.edition, record.number or ""))
        if record.lang == "en" or record.kind == "glossary" or identity is None:
            return [record.edition], {}
        numbers = self.numbers[identity]
        return sorted(numbers), {view: number for view, number in numbers.items() if number != record.number}

    def key(self, record: Record) -> tuple:
        """What ties a record to its counterparts in other languages: its key, with a rule's
        number replaced by its identity (traced) or its edition and number, so that only texts
        of one rule meet."""
        if record.kind in ("rule", "section") and record.edition:
            number = record.number or ""
            return (record.kind, self.identity.get((record.edition, number), f"{record.edition}/{number}"))
        return record.key


def create(db: sqlite3.Connection) -> None:
    """The search tables, empty (dropped first when there)."""
    for table in _TABLES:
        db.execute(f"DROP TABLE IF EXISTS {table}")
    for statement in SCHEMA.split(";"):
        if statement.strip():
            db.execute(statement)


def refresh(writer: Writer, reporter: Reporter | None = None) -> None:
    """Bring the search tables up to date with the records of `writer`'s transaction (the
    store's hook: `store.derive`): in place when a few documents came or went since they were
    written (`_update`), else anew (`write_all`)."""
    reporter = reporter or _reporter[-1]
    changes = _changes(writer)
    if changes is None:
        write_all(writer, reporter)
    else:
        _update(writer, *changes)


def write_all(writer: Writer, reporter: Reporter = SILENT) -> None:
    """Write the search tables anew from every record of `writer`'s transaction."""
    from mtgrules.align import linking

    db = writer.db
    create(db)
    views = Views(writer)
    langs_of: dict[tuple, set[str]] = defaultdict(set)
    names: dict[str, dict[str, None]] = {}
    vocabulary: dict[str, set[str]] = defaultdict(set)
    terms: set[str] = set()
    grouping = entries.Grouping(views)
    from mtgrules.align import corpus_lexicon

    count = writer.count()
    rows = linking.iter_rows(writer, english_text=False)  # type: ignore[arg-type]  # a Writer reads as a Store does
    with reporter.indexing(_records(rows), count, N_("Reading the corpus for the search")) as shown:
        for row, document, record in _with_ids(shown):
            langs_of[views.key(record)].add(record.lang)
            schema.add_card_names(names, record)
            digest = entries.content_digest(record, views)
            repeated = grouping.seen(digest)
            grouping.add(record, (row, document), digest)
            if not (repeated and record.kind in EDITION_KINDS):  # a rule's title is its content's
                record_words([record], vocabulary, text=not repeated)
            if not repeated:
                terms |= english_terms([record])
    languages_of = {key: sorted(found) for key, found in langs_of.items()}
    del langs_of
    names_of = {card: list(found) for card, found in names.items()}
    del names
    langs = sorted({lang for found in languages_of.values() for lang in found})
    written: dict[int, tuple[str, list[str], list[entries.Member]]] = {}
    for digest, key_langs, members in grouping.entries(languages_of):
        written[members[0].row] = (digest, key_langs, members)  # type: ignore[index]
    del grouping
    editions: set[str] = set()
    inserted: list[tuple] = []
    stored: list[tuple] = []
    rowid = 0
    # The representatives only, by id (500 a read: no sort of the corpus's bodies), in the
    # order of the first pass (terms last: `linking.linked`), which numbers the entries.
    rows = linking.linked(writer, writer.rows_by_id(sorted(written)))  # type: ignore[arg-type]
    titles = rule_titles(db)
    with reporter.indexing(_records(rows), len(written), N_("Indexing the corpus")) as shown:
        for row, _document, record in _with_ids(shown):
            entry = written.pop(row, None)
            if entry is None:
                continue  # a member of an entry another record writes
            group, key_langs, members = entry
            fields = schema.document(record, key_langs, names_of, views.of(record), None, group, members, titles)
            editions.update(fields["views"].split())
            rowid += 1
            _add(inserted, stored, rowid, fields, members)
            if len(inserted) >= 2000:
                _insert(db, inserted, stored)
    _insert(db, inserted, stored)
    lexicon = corpus_lexicon.for_store(writer)  # learned at ingest, once per document (`align.learned`)
    compiled = lexicon.compile(min_score=QUERY_MIN_SCORE)
    for lang, found in compiled["words"].items():
        vocabulary[lang].update(found)
    values: list[tuple[str, bytes | str]] = [
        *_bookkeeping(writer), ("analysis", reading.version()), ("lexicon", reading.committed_lexicon_digest()),
        ("langs", json.dumps(langs)), ("editions", json.dumps(sorted(editions - {EVERY_VIEW}))),
        ("view", json.dumps(views.default)), (VOCABULARY, json.dumps(sorted(vocabulary))),
    ]
    _add_words(db, vocabulary, terms | english_terms([], lexicon))
    _add_false_friends(db)
    db.executemany("INSERT INTO search_state (key, value) VALUES (?, ?)", values)
    db.executemany("INSERT INTO search_lexicon (lang, direction, key, found) VALUES (?, ?, ?, ?)",
                   ((lang, direction, key, json.dumps(found, ensure_ascii=False))
                    for direction in ("to_english", "from_english") for lang, table in compiled[direction].items()
                    for key, found in table.items()))
    titled.write(db, str(state(db)["generation"]))
    db.execute("INSERT INTO search(search) VALUES ('optimize')")


def _records(rows: Iterator[tuple[int, int, Record]]) -> Iterator[Record]:
    """Rows given to a reporter as records, their ids kept on each (`_with_ids` reads them)."""
    for row, document, record in rows:
        record.__dict__["_ids"] = (row, document)
        yield record


def _with_ids(records: Iterable[Record]) -> Iterator[tuple[int, int, Record]]:
    for record in records:
        row, document = record.__dict__.pop("_ids")
        yield row, document, record


def _add(inserted: list[tuple], stored: list[tuple], rowid: int, fields: dict, members: list[entries.Member]) -> None:
    inserted.append((rowid, *columns(fields)))
    documents = " ".join(dict.fromkeys(str(m.document) for m in members))
    stored.append((rowid, documents, json.dumps(shown_fields(fields), ensure_ascii=False), members))


def _insert(db: sqlite3.Connection, inserted: list[tuple], stored: list[tuple]) -> None:
    db.executemany(f"INSERT INTO search (rowid, {', '.join(COLUMNS)}) VALUES (?{', ?' * len(COLUMNS)})", inserted)
    db.executemany("INSERT INTO search_entries (id, documents, stored) VALUES (?, ?, ?)", [row[:3] for row in stored])
    db.executemany("INSERT INTO search_members (entry, row, document) VALUES (?, ?, ?)",
                   [(row[0], member.row, member.document) for row in stored for member in row[3]])
    inserted.clear()
    stored.clear()


def _bookkeeping(writer: Writer) -> list[tuple[str, str]]:
    """What says which corpus the tables index: the generation, the documents, the links."""
    db = writer.db
    generation = db.execute("SELECT value FROM meta WHERE key = 'generation'").fetchone()[0]
    documents = sorted(row[0] for row in db.execute("SELECT id FROM documents"))
    return [("generation", str(generation)), ("documents", json.dumps(documents)), ("links", writer.links_digest())]


def _changes(writer: Writer) -> tuple[list[int], list[int]] | None:
    """(documents added, documents removed) since the tables were written, when they can be
    brought up to date in place; None when they must be written anew: no tables yet, another
    analysis or committed lexicon, other rule identities or term links (which change the views
    of every translation), another default view, or many records or whole-corpus documents
    (a rules edition, a keyword table) added or removed."""
    db = writer.db
    found = state(db)
    if not found or found.get("analysis") != reading.version() or found.get("lexicon") != reading.committed_lexicon_digest():
        return None
    if found.get("links") != writer.links_digest() or json.loads(found.get("view") or "null") != writer.default_edition():
        return None
    indexed = set(json.loads(found.get("documents") or "[]"))
    stored = {row[0]: (row[1], row[2]) for row in db.execute("SELECT id, kind, records FROM documents")}
    added = sorted(set(stored) - indexed)
    removed = sorted(indexed - set(stored))
    if any(stored[document][0] in _WHOLE_KINDS for document in added):
        return None
    from mtgrules.align import learned

    if learned.taught_by(db, added):  # its pairs change the lexicon the tables compile: written anew
        return None
    records = sum(stored[document][1] for document in added)
    if removed:
        marks = ",".join("?" * len(removed))
        records += db.execute(f"SELECT COUNT(*) FROM search_members WHERE document IN ({marks})", removed).fetchone()[0]
    if records > UPDATE_MOST_RECORDS:
        return None
    return added, removed


def _update(writer: Writer, added: list[int], removed: list[int]) -> None:
    """Bring the tables up to date in place: the entries that hold a record of the documents
    added or removed, or that show something of them (the languages a key exists in, the
    names a card is printed under), are written again from their records as they are now.

    The records read: those of the documents added; every record of the cards and rules
    (by identity, in every edition) those and the removed entries name; then every member of
    each entry holding one of these, so that an entry is written again whole. The vocabulary
    gains the new records' words (a word of a removed record stays: it only helps tell a
    query's language); a document that taught the lexicon pairs at ingest has the tables written
    anew instead (`_changes`), so the lexicon they compile is never behind the corpus."""
    from mtgrules.align import linking

    db = writer.db
    views = Views(writer)
    rows: set[int] = set()
    cards: set[str] = set()
    numbers: set[tuple[str | None, str]] = set()  # (edition, number) of rules and sections
    for document in added:
        rows.update(row for (row,) in db.execute("SELECT id FROM records WHERE document = ?", (document,)))
    gone = _entries_of(db, "document", removed)
    for stored in _stored(db, gone):
        cards.update(stored.get("cards") or ([stored["card_name"]] if stored.get("card_name") else []))
        if stored["kind"] in ("rule", "section"):
            numbers.update((member[2] or None, member[3]) for member in stored.get("members", []))
    for _, _, record in writer.rows_by_id(sorted(rows)):
        if record.card:
            cards.add(record.card)
        if record.kind in ("rule", "section") and record.number:
            numbers.add((record.edition, record.number))
    for edition, number in list(numbers):  # every edition's number of the same rule
        identity = views.identity.get((edition, number)) if edition else None
        if identity is not None:
            numbers.update(views.numbers[identity].items())
    rows.update(_rows_of(db, cards, numbers))
    touched = gone | _entries_of(db, "row", sorted(rows))
    rows.update(row for row, document in _members(db, touched) if document not in removed)
    _delete(db, touched)
    records = list(linking.linked(writer, writer.rows_by_id(sorted(rows))))  # type: ignore[arg-type]
    _write_entries(writer, views, records)
    new_words = record_words([record for _, _, record in records])
    _add_words(db, new_words, english_terms([record for _, _, record in records]))
    found = state(db)
    langs = sorted(set(json.loads(found["langs"])) | {record.lang for _, _, record in records})
    editions = {row[0] for row in db.execute(
        "SELECT DISTINCT edition FROM records WHERE edition IS NOT NULL AND kind IN ('rule', 'section', 'glossary')")}
    vocabulary = sorted(set(json.loads(blob(db, VOCABULARY) or b"[]")) | set(new_words))
    values = [*_bookkeeping(writer), ("langs", json.dumps(langs)), ("editions", json.dumps(sorted(editions))),
              (VOCABULARY, json.dumps(vocabulary))]
    db.executemany("INSERT OR REPLACE INTO search_state (key, value) VALUES (?, ?)", values)
    titled.write(db, str(state(db)["generation"]))  # a few ms: anew, whatever the documents were


def _entries_of(db: sqlite3.Connection, column: str, values: list[int]) -> set[int]:
    found: set[int] = set()
    for start in range(0, len(values), 500):
        chunk = values[start : start + 500]
        found.update(entry for (entry,) in db.execute(
            f"SELECT DISTINCT entry FROM search_members WHERE {column} IN ({','.join('?' * len(chunk))})", chunk))
    return found


def _members(db: sqlite3.Connection, entries_: set[int]) -> list[tuple[int, int]]:
    wanted = sorted(entries_)
    found = []
    for start in range(0, len(wanted), 500):
        chunk = wanted[start : start + 500]
        found += db.execute(f"SELECT row, document FROM search_members WHERE entry IN ({','.join('?' * len(chunk))})", chunk).fetchall()
    return found


def _stored(db: sqlite3.Connection, entries_: set[int]) -> Iterator[dict]:
    for entry in sorted(entries_):
        row = db.execute("SELECT stored FROM search_entries WHERE id = ?", (entry,)).fetchone()
        if row:
            yield json.loads(row[0])


def _rows_of(db: sqlite3.Connection, cards: set[str], numbers: set[tuple[str | None, str]]) -> set[int]:
    """The records of these cards (cards and rulings) and of these rules and sections."""
    found: set[int] = set()
    listed = sorted(cards)
    for start in range(0, len(listed), 500):
        chunk = listed[start : start + 500]
        found.update(row for (row,) in db.execute(f"SELECT id FROM records WHERE card IN ({','.join('?' * len(chunk))})", chunk))
    for edition, number in numbers:
        found.update(row for (row,) in db.execute(
            "SELECT id FROM records WHERE kind IN ('rule', 'section') AND edition IS ? AND number = ?", (edition, number)))
    return found


def _delete(db: sqlite3.Connection, entries_: set[int]) -> None:
    wanted = sorted(entries_)
    for start in range(0, len(wanted), 500):
        chunk = wanted[start : start + 500]
        marks = ",".join("?" * len(chunk))
        db.execute(f"DELETE FROM search WHERE rowid IN ({marks})", chunk)
        db.execute(f"DELETE FROM search_entries WHERE id IN ({marks})", chunk)
        db.execute(f"DELETE FROM search_members WHERE entry IN ({marks})", chunk)


def _write_entries(writer: Writer, views: Views, records: list[tuple[int, int, Record]]) -> None:
    """The entries of `records` (every record of each entry among them), the languages of
    their keys and the names of their cards read from the whole corpus."""
    db = writer.db
    grouping = entries.Grouping(views)
    for row, document, record in records:
        grouping.add(record, (row, document))
    keys = {views.key(record) for _, _, record in records}
    languages_of = {key: _key_languages(db, views, key) for key in keys}
    cards = sorted({record.card for _, _, record in records if record.card})
    names_of: dict[str, list[str]] = {card: [card] for card in cards}
    for start in range(0, len(cards), 500):
        chunk = cards[start : start + 500]
        for card, folded in db.execute(f"SELECT card, folded FROM card_names WHERE card IN ({','.join('?' * len(chunk))})", chunk):
            names_of[card].append(folded)
    by_row = {row: record for row, _, record in records}
    titles = rule_titles(db)
    rowid = db.execute("SELECT COALESCE(MAX(id), 0) FROM search_entries").fetchone()[0]
    inserted: list[tuple] = []
    stored: list[tuple] = []
    for group, key_langs, members in grouping.entries(languages_of):
        record = by_row[members[0].row]  # type: ignore[index]
        fields = schema.document(record, key_langs, names_of, views.of(record), None, group, members, titles)
        rowid += 1
        _add(inserted, stored, rowid, fields, members)
    _insert(db, inserted, stored)


def _key_languages(db: sqlite3.Connection, views: Views, key: tuple) -> list[str]:
    """The languages the key (`Views.key`) of a record exists in, over the whole corpus."""
    kind = key[0]
    if kind in ("rule", "section"):
        if "/" not in key[1] and key[1] not in views.numbers:  # a rule of no edition
            return sorted(lang for (lang,) in db.execute(
                "SELECT DISTINCT lang FROM records WHERE kind = ? AND number = ? AND edition IS NULL", key))
        numbers = views.numbers.get(key[1]) or {}
        pairs = list(numbers.items()) or [tuple(key[1].split("/", 1))]
        langs: set[str] = set()
        for edition, number in pairs:
            langs.update(lang for (lang,) in db.execute(
                "SELECT DISTINCT lang FROM records WHERE kind = ? AND edition = ? AND number = ?", (kind, edition, number)))
        return sorted(langs)
    values: tuple = (key[1],)
    if kind == "ruling":
        sql, values = "SELECT DISTINCT lang FROM records WHERE kind = 'ruling' AND card = ? AND en_position IS ?", (key[1], key[2])
    elif kind == "card":
        sql = "SELECT DISTINCT lang FROM records WHERE kind = 'card' AND card = ?"
    else:
        sql, values = "SELECT DISTINCT lang FROM records WHERE kind = ? AND lower(COALESCE(title, '')) = ?", (kind, key[1])
    return sorted(lang for (lang,) in db.execute(sql, values))


def rule_titles(db: sqlite3.Connection) -> dict[tuple[str, str | None, str], str]:
    """(lang, edition, number) -> title of every titled rule and section: what a rule's
    `context` column is made of (`schema.context`)."""
    return {(lang, edition, number): title for lang, edition, number, title in db.execute(
        "SELECT lang, edition, number, title FROM records WHERE title IS NOT NULL AND kind IN ('rule', 'section')")}


def columns(fields: dict) -> tuple[str, ...]:
    """The FTS5 columns of an entry (`schema.document`'s fields), in
    `COLUMNS` order."""
    lang = fields["lang"]
    title, body = analysis.words(fields["titles"]), analysis.words(fields["body_text"])
    searched = schema.searched_body(fields["kind"], fields["body_text"])
    return (
        " ".join(analysis.term(word, lang) for word in title),
        " ".join(analysis.term(word, lang) for word in (body if searched is fields["body_text"] else analysis.words(searched))),
        " ".join(title + body),
        " ".join(analysis.words(fields["card"])),
        " ".join(analysis.term(word, lang) for word in analysis.words(fields["context"])),
        fields["number"].lower(),
        lang_token(lang),
        fields["kind"],
        " ".join(view_token(view) for view in fields["views"].split()),
    )


_SHOWN = ("key", "kind", "lang", "edition", "view_numbers", "key_langs", "title", "body", "card_name", "source", "date",
          "shown", "cards", "group", "members")


def shown_fields(fields: dict) -> dict:
    """What a hit shows of an entry (`search_entries.stored`)."""
    found = {name: fields[name] for name in _SHOWN if name in fields and fields[name] not in ("", None, {}, [])}
    found["number"] = fields["_stored_number"]
    return found


def record_words(records: Iterable[Record], vocabulary: dict[str, set[str]] | None = None, text: bool = True) -> dict[str, set[str]]:
    """Language -> the folded words of `records` in it (added to `vocabulary` when given): a
    card's or term's name in each language goes to that language, not to the record's. Without
    `text`, only names and titles (a record whose text another record of the corpus has)."""
    from mtgrules.align.lexicon import LEXICON_LANGUAGE
    from mtgrules.align.phrases import words_of

    raw: dict[str, set[str]] = defaultdict(set)
    for record in records:
        for code, name in record.names.items():
            raw[LEXICON_LANGUAGE.get(code, code)].update(words_of(name))
        title = record.title or record.printed_name or ""
        raw[record.lang].update(words_of("\n".join([title, record.text, *record.examples]) if text else title))
    found: dict[str, set[str]] = defaultdict(set) if vocabulary is None else vocabulary
    for lang, words in raw.items():
        found[lang].update(analysis.fold(word) for word in words)
    return found


def _add_words(db: sqlite3.Connection, vocabulary: dict[str, set[str]], terms: set[str]) -> None:
    """Words (folded) by language into `search_words`, with their keys (`phrases.word_key`) and
    the English terms of several words (their words' keys joined by "_"); words there already
    are left as they are."""
    from mtgrules.align.phrases import word_key

    rows = [(word, lang) for lang, words in vocabulary.items() for word in words]
    rows += [(word_key(word, lang), lang + KEYS_SUFFIX) for lang, words in vocabulary.items() for word in words]
    rows += [(term, TERMS_LINE) for term in terms]
    db.executemany("INSERT OR IGNORE INTO search_words (word, line) VALUES (?, ?)", rows)


def _add_false_friends(db: sqlite3.Connection) -> None:
    """The committed false friends (`align.false_friends`: French "plus", Italian "non"), each
    on its language's line "~other" of `search_words`."""
    from mtgrules.align import false_friends

    db.executemany("INSERT OR IGNORE INTO search_words (word, line) VALUES (?, ?)",
                   [(word, lang + FALSE_FRIENDS_SUFFIX) for lang, words in false_friends.committed().items() for word in words])


# How sure a lexicon pair must be for its English phrase to be a term: a pair learned three
# times from a few cards' clumsy alignment ("creatura tappata in questo" ↔ "creature tapped")
# would make "criatura girada" the phrase "creature tapped", which no rule says.
TERM_MIN_SCORE = 0.8


def english_terms(records: Iterable[Record], lexicon=None) -> set[str]:
    """English terms of several words, their words' keys joined by "_" ("poison_counter"):
    glossary titles, keyword-table names and the English phrases of the lexicon's sure pairs
    (what query translation orders words by)."""
    from mtgrules.align.phrases import word_key, words_of

    names = [r.title for r in records if r.kind in ("glossary", "term") and r.lang == "en" and r.title]
    names += [entry.english for entry in lexicon.entries if entry.score >= TERM_MIN_SCORE] if lexicon is not None else []
    found = set()
    for name in names:
        for part in name.split(","):  # "Base Power, Base Toughness"
            words = [word_key(word, "en") for word in words_of(part)]
            if len(words) > 1:
                found.add("_".join(words))
    return found


store.derive(refresh)
