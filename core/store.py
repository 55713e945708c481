"""The corpus store: one SQLite database, `paths.database_path()` (`corpus.sqlite3` in the data
folder), the one place that opens it.

Why SQLite: a lookup must read what it shows, not the whole corpus. Rules are keyed by
(edition, number), rulings and cards by the English card name, names by their folded form, and
each key has an index; a `mtgrules rule 704.5g` reads a few dozen rows whatever the size of the
corpus. The search tables (SQLite FTS5, `mtgrules.index.tables`) live in the same database and
are written in the same transactions, through `derive`.

Tables (`SCHEMA`):

- `meta`: the schema version, a random `corpus` id made when the database is, the `generation`
  (bumped by every committed change: with the id, the fingerprint the search index is built
  for), the digest of the packaged seed records (`embedded`), and `links` ("stale" after a
  migration: identities and term links are then worked out again, see `links_stale`).
- `documents`: one row per ingested document (resolved path, raw digest, kind, the `--lang`
  it was ingested with); the embedded seed documents as `embedded:seeds/000_….txt` rows.
- `records`: every record, its keys as columns (kind, lang, edition, number, parent, card,
  title, en_position, en_digest, aligned, confidence) and the Record itself as JSON (`body`,
  without `en_text`: English ruling text is joined at read time, never stored twice; and
  without the fields at their default, see `_body`).
- `card_names`: every English and printed card name, folded (`mtgrules.text.fold`), per document.
- `identities`: rule identity across English editions, per (edition, number): the identity, the
  number it matched in the previous edition (`previous`), the change since then, and a digest of
  the English content (two editions' texts of one identity differ when their digests do).
  `traces` names the previous edition each edition was matched against.
- `term_links`: the rules (edition, number) that define a term of the keyword table.
- `citations`: which rule cites which (edition, citing number, cited number), written with the
  records (`Writer.put`), so "cited by" is a keyed read (`cited_by`). A database written
  before this table existed gets it on first open, filled from the stored records
  (`_add_citations`): nothing else changes, so the search index is not rebuilt.
- `counts` and `term_names`: derived at each commit (how many records of each edition, language
  and kind, so which editions exist, which are English and which languages; the translated
  titles of each identity), so lookups read a few rows.

Writing: `Store.writing()` is one transaction (BEGIN IMMEDIATE) for a whole ingest; a second
writer waits (its `on_wait` callback is told once). The database is in WAL mode, so readers never
wait and never see a half-written corpus: each `Store` reads one snapshot, taken at its first
query. A load bigger than what the store holds sets the affected indexes aside and builds them
once, inside the same transaction (`Writer.set_indexes_aside`). The store offers primitives
(put or remove a document, replace identities and term links, keyed queries); the
orchestration (parse, align, put, trace identities, link terms) lives above, in
`mtgrules.align.ingest`, since the foundation imports nothing of alignment.

Identical re-ingest (same path, digest and language) changes nothing: no new generation, so no
index rebuild. A user document with the same raw digest as an embedded seed replaces that
seed's rows.

Damage is never mended silently, since the corpus is the person's data: a file that is not a
database, another program's database (never written into, not even its journal mode), one
without a table or column this version reads, pages or records garbled, a lock held by another
program, a full disk: each is one StoreError naming the file and the mend (`mtgrules.snapshot`'s
connection and `check_version`, `_check_not_foreign`). An old-layout manifest naming a file outside its
folder is refused, and migrated records are checked by `mtgrules.validate`.

Missing or read-only data folder: lookups still work on the embedded corpus. With no database
file, a reader reads the packaged seeds' corpus the cache folder keeps (`mtgrules.seeds_cache`:
written once, with what was derived from the seeds, by the first reader; nothing is written in
the data folder), or builds one in memory when the cache folder cannot be written; when the
database cannot be written (its seeds to refresh, a migration to make), the reader works on an
in-memory copy. Migration: a corpus in the layout of earlier versions (`corpus/manifest.json`
and `corpus/documents/*.jsonl`) is moved into the database on first open, with one message
through `on_message`; the old folder is kept, renamed, and the message says where.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import sqlite3
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import TYPE_CHECKING, NamedTuple

from mtgrules import corpus_schema, paths, rulenumbers, snapshot
from mtgrules.corpus_schema import EMBEDDED_MANIFEST, EMBEDDED_RECORDS, SCHEMA, SCHEMA_VERSION, packaged_file
from mtgrules.errors import ParseError
from mtgrules.i18n import N_, _
from mtgrules.snapshot import Message, StoreError, StoreUnwritable
from mtgrules.text import fold

if TYPE_CHECKING:
    from pathlib import Path

    from mtgrules.records import Record

EMBEDDED_PREFIX = "embedded:"
RULE_KINDS = ("rule", "section")
# How long a writer waits for another ingest to finish before giving up.
WRITER_WAIT_SECONDS = 600

# Tables a higher layer derives from the records (the search tables, `mtgrules.index.tables`),
# brought up to date by every write transaction that changed the corpus, before it commits:
# the foundation imports nothing above it, so that layer registers itself (`derive`).
_DERIVERS: list[Callable[[Writer], None]] = []


def derive(hook: Callable[[Writer], None]) -> None:
    """Have `hook(writer)` run at the end of each write transaction that changed the corpus."""
    if hook not in _DERIVERS:
        _DERIVERS.append(hook)



class Document(NamedTuple):
    """A document ingested: its path, digest, kind and language, when, and how many records it gave."""

    path: str
    digest: str
    kind: str
    lang: str | None
    ingested: str
    records: int
    embedded: bool


class Edition(NamedTuple):
    """An edition of the rules in the corpus: its date, whether it is English, and its records."""

    date: str
    english: bool  # English rules or sections of this edition are in the corpus
    records: int


class Identity(NamedTuple):
    """One English rule's place in the identities: `identity` is shared by every edition's
    number for the same rule; `previous` is its number in the edition before (None when it is
    new there); `digest` names its English content."""

    edition: str
    number: str
    identity: str
    previous: str | None
    digest: str


class Title(NamedTuple):
    """A titled rule or section as `Queries.titles` reads it."""

    number: str
    lang: str
    title: str
    aligned: bool
    en_title: str | None  # the English title a translation was aligned to
    confidence: float | None


class Counterpart(NamedTuple):
    """A record shown in a view under another edition's number: `number` is the view's number,
    `english_changed` whether the English of the record's edition differs from the view's."""

    number: str
    record: Record
    english_changed: bool


def digest_bytes(data: bytes) -> str:
    import hashlib  # writers only: loading OpenSSL costs a cold search 3 ms

    return hashlib.sha256(data).hexdigest()


def records_to_jsonl(records: Iterable[Record]) -> str:
    """Records as JSON Lines without `en_text`: English rulings text is read at display time
    from the ingested MTGJSON data, never stored beside a translation."""
    return "".join(record.to_json(with_en_text=False) + "\n" for record in records)


def read_jsonl(text: str, source: str) -> list[Record]:
    from mtgrules.records import Record  # see `_record`

    records = []
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip():
            try:
                data = json.loads(line)
                if not isinstance(data, dict):
                    raise ValueError(f"expected an object, got {type(data).__name__}")
                records.append(Record.from_dict(data))
            except (ValueError, TypeError) as error:
                raise ParseError(source, _("not a corpus record: {error}").format(error=error), line=number) from None
    return records


def embedded_records() -> list[Record]:
    """The records generated from `seeds/` and committed under `corpus/`."""
    text = packaged_file(EMBEDDED_RECORDS).read_text(encoding="utf-8")
    return read_jsonl(text, f"corpus/{EMBEDDED_RECORDS}")


def embedded_manifest() -> dict[str, dict]:
    return json.loads(packaged_file(EMBEDDED_MANIFEST).read_text(encoding="utf-8"))


def _record(body: str, db: sqlite3.Connection) -> Record:
    """A stored record, read back: a row garbled after it was written (another program, a
    bad disk) is a StoreError naming the database, not a traceback in some lookup."""
    from mtgrules.records import Record  # a search reads no record: creating the class costs it 1-2 ms

    try:
        return Record.from_dict(json.loads(body))
    except (ValueError, TypeError, AttributeError) as error:
        where = getattr(db, "label", "") or "the corpus database"
        raise StoreError(_("{where}: a stored record is damaged ({value}); move it away and ingest your documents again")
                           .format(where=where, value=str(error)[:100])) from None


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _marks(values: Sequence) -> str:
    return ",".join("?" * len(values))


ANY = object()  # `edition=ANY`: records of every edition (None selects records without one)


class Queries:
    """Keyed reads over one connection: what `Store` (a snapshot) and `Writer` (inside the
    ingest's transaction) share."""

    db: sqlite3.Connection

    # --- meta ------------------------------------------------------------------------------

    def meta(self, key: str) -> str | None:
        row = self.db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return row[0] if row else None

    def generation(self) -> int:
        return corpus_schema.generation(self.meta("generation"))

    def fingerprint(self) -> str:
        """Changes whenever the corpus does: the search index is rebuilt when it does."""
        return corpus_schema.fingerprint(self.meta("corpus"), self.generation())

    def links_stale(self) -> bool:
        """True when identities and term links must be worked out again (after a migration)."""
        return corpus_schema.links_stale(self.meta("links"))

    # --- documents and editions ------------------------------------------------------------

    def documents(self) -> dict[str, Document]:
        rows = self.db.execute("SELECT path, digest, kind, lang, ingested, records, embedded FROM documents ORDER BY id")
        return {path: Document(path, digest, kind, lang, ingested, count, bool(embedded))
                for path, digest, kind, lang, ingested, count, embedded in rows}

    def editions(self) -> list[Edition]:
        """Every edition some record belongs to, oldest first."""
        rows = self.db.execute(
            "SELECT edition, MAX(lang = 'en' AND kind IN ('rule', 'section')), SUM(records) FROM counts"
            " WHERE edition != '' GROUP BY edition ORDER BY edition"
        )
        return [Edition(date, bool(english), count) for date, english, count in rows]

    def english_editions(self) -> list[str]:
        return [edition.date for edition in self.editions() if edition.english]

    def default_edition(self) -> str | None:
        """The edition a view shows unless told otherwise: the newest English edition; with
        none, the newest edition any record belongs to (the seeds' 2026-08-07)."""
        editions = self.editions()
        english = [e.date for e in editions if e.english]
        if english:
            return english[-1]
        return editions[-1].date if editions else None

    # --- records by key --------------------------------------------------------------------

    def records(
        self,
        *,
        kinds: Sequence[str] | None = None,
        langs: Sequence[str] | None = None,
        edition: object = ANY,
        numbers: Sequence[str] | None = None,
        parents: Sequence[str] | None = None,
        card: str | None = None,
        en_digest: str | None = None,
        titled: bool = False,
        translated: bool = False,
    ) -> list[Record]:
        """The records matching every filter given, in ingest order. `edition=None` selects
        records without an edition; `translated` every language but English."""
        return list(self.iter_records(kinds=kinds, langs=langs, edition=edition, numbers=numbers, parents=parents,
                                      card=card, en_digest=en_digest, titled=titled, translated=translated))

    def iter_records(self, **filters) -> Iterator[Record]:
        """`records`, one at a time: the whole corpus can be read without holding it."""
        where, values = _where(**filters)
        for (body,) in self.db.execute(f"SELECT body FROM records{where} ORDER BY id", values):
            yield _record(body, self.db)

    def iter_rows(self, *, documents: Sequence[int] | None = None, cards: Sequence[str] | None = None,
                  **filters) -> Iterator[tuple[int, int, Record]]:
        """(record id, document id, record) of the records matching, in ingest order: what an
        index updated in place keys its entries by. `documents` and `cards` select records of
        any of those documents or English card names."""
        where, values = _where(**filters)
        for column, wanted in (("document", documents), ("card", cards)):
            if wanted is not None:
                where += (" AND " if where else " WHERE ") + f"{column} IN ({_marks(wanted)})"
                values += tuple(wanted)
        for row_id, document, body in self.db.execute(f"SELECT id, document, body FROM records{where} ORDER BY id", values):
            yield row_id, document, _record(body, self.db)

    def rows_by_id(self, ids: Sequence[int]) -> Iterator[tuple[int, int, Record]]:
        """(record id, document id, record) of the records of these ids, in ingest order."""
        wanted = sorted(set(ids))
        for start in range(0, len(wanted), 500):
            chunk = wanted[start : start + 500]
            for row_id, document, body in self.db.execute(
                    f"SELECT id, document, body FROM records WHERE id IN ({_marks(chunk)}) ORDER BY id", chunk):
                yield row_id, document, _record(body, self.db)

    def document_ids(self) -> set[int]:
        """The ids of the stored documents. A document stored again (re-ingested, aligned
        again) gets a new id, never one used before: an index lists the ids it holds and
        updates what changed."""
        return {row[0] for row in self.db.execute("SELECT id FROM documents")}

    def links_digest(self) -> str:
        """Names the identities and term links as they are: what each record's views and a
        term's rules in the search index are worked out from."""
        import hashlib  # writers only (see `digest_bytes`)

        digest = hashlib.sha256()
        for sql in ("SELECT edition, number, identity FROM identities ORDER BY edition, number",
                    "SELECT term, edition, number, position FROM term_links ORDER BY term, position"):
            for row in self.db.execute(sql):
                digest.update("\x1f".join(map(str, row)).encode())
                digest.update(b"\x1e")
            digest.update(b"\x1d")
        return digest.hexdigest()[:16]

    def titles(self, edition: str | None) -> list[Title]:
        """The titled rules and sections of an edition (None: of no edition), read from the
        index of titled records without decoding the records."""
        sql = ("SELECT number, lang, title, aligned, json_extract(body, '$.en_title'), confidence FROM records"
               " WHERE title IS NOT NULL AND kind IN ('rule', 'section') AND number IS NOT NULL AND edition")
        rows = self.db.execute(sql + (" = ? ORDER BY id" if edition is not None else " IS NULL ORDER BY id"),
                               (edition,) if edition is not None else ())
        return [Title(number, lang, title, bool(aligned), en_title, confidence)
                for number, lang, title, aligned, en_title, confidence in rows]

    def glossary_titles(self, edition: str | None) -> list[tuple[str, str, list[str]]]:
        """(lang, title, the rules it cites) of the glossary entries of an edition, without
        decoding the records."""
        sql = ("SELECT lang, title, json_extract(body, '$.references') FROM records"
               " WHERE kind = 'glossary' AND title IS NOT NULL AND edition")
        rows = self.db.execute(sql + (" = ? ORDER BY id" if edition is not None else " IS NULL ORDER BY id"),
                               (edition,) if edition is not None else ())
        return [(lang, title, json.loads(references) if references else []) for lang, title, references in rows]

    def glossary_entries(self, edition: str | None, titles: Sequence[str]) -> list[Record]:
        """The glossary entries of an edition (None: of no edition) with these titles, in any
        language."""
        sql = f"SELECT body FROM records WHERE kind = 'glossary' AND title IN ({_marks(titles)}) AND edition"
        rows = self.db.execute(sql + (" = ? ORDER BY id" if edition is not None else " IS NULL ORDER BY id"),
                               (*titles, edition) if edition is not None else tuple(titles))
        return [_record(body, self.db) for (body,) in rows]

    def numbers_from(self, edition: str | None, prefix: str, limit: int) -> list[str]:
        """Up to `limit` numbers of rules and sections of `edition` (and of none) that start with
        `prefix` (a range of the index on numbers: for completing what a person types)."""
        found: list[str] = []
        for clause, values in (("edition IS NULL", ()), ("edition = ?", (edition,))):
            if clause == "edition = ?" and edition is None:
                continue
            sql = (f"SELECT DISTINCT number FROM records WHERE kind IN ('rule', 'section') AND {clause}"
                   " AND number >= ? AND number < ? LIMIT ?")
            found += [row[0] for row in self.db.execute(sql, (*values, prefix, prefix + "\U0010ffff", limit))]
        return list(dict.fromkeys(found))[:limit]

    def count(self, **filters) -> int:
        where, values = _where(**filters)
        return self.db.execute(f"SELECT COUNT(*) FROM records{where}", values).fetchone()[0]

    def numbers(self, *, kinds: Sequence[str] = RULE_KINDS, langs: Sequence[str] | None = None, edition: object = ANY,
                parents: Sequence[str] | None = None) -> set[str]:
        """The numbers of the records matching, without reading the records."""
        where, values = _where(kinds=kinds, langs=langs, edition=edition, parents=parents)
        clause = " AND number IS NOT NULL" if where else " WHERE number IS NOT NULL"
        return {row[0] for row in self.db.execute(f"SELECT DISTINCT number FROM records{where}{clause}", values)}

    def languages(self, kinds: Sequence[str] = ("rule",)) -> list[str]:
        """The languages records of these kinds are in."""
        rows = self.db.execute(f"SELECT DISTINCT lang FROM counts WHERE kind IN ({_marks(kinds)})", tuple(kinds))
        return sorted(row[0] for row in rows)

    def editions_of(self, numbers: Sequence[str], kinds: Sequence[str] = RULE_KINDS) -> dict[str | None, dict[str, int]]:
        """Edition -> language -> how many records numbered `numbers` it has."""
        rows = self.db.execute(
            f"SELECT edition, lang, COUNT(*) FROM records WHERE kind IN ({_marks(kinds)}) AND number IN ({_marks(numbers)})"
            " GROUP BY edition, lang",
            (*kinds, *numbers),
        )
        table: dict[str | None, dict[str, int]] = {}
        for edition, lang, count in rows:
            table.setdefault(edition, {})[lang] = count
        return table

    # --- identities ------------------------------------------------------------------------

    def identities(self, edition: str, numbers: Sequence[str] | None = None) -> dict[str, Identity]:
        """Number -> identity row of an English edition (of `numbers`, or all of them)."""
        sql = "SELECT edition, number, identity, previous, digest FROM identities WHERE edition = ?"
        values: tuple = (edition,)
        if numbers is not None:
            sql += f" AND number IN ({_marks(numbers)})"
            values += tuple(numbers)
        return {row[1]: Identity(*row) for row in self.db.execute(sql, values)}

    def numbered(self, numbers: Sequence[str]) -> list[Identity]:
        """The identity rows of these numbers in every English edition."""
        rows = self.db.execute(
            f"SELECT edition, number, identity, previous, digest FROM identities WHERE number IN ({_marks(numbers)})", tuple(numbers)
        )
        return [Identity(*row) for row in rows]

    def traced_editions(self) -> dict[str, str | None]:
        """Edition -> the edition it was matched against (None for the oldest)."""
        return dict(self.db.execute("SELECT edition, previous FROM traces ORDER BY edition").fetchall())

    def steps(self, identities: Sequence[str]) -> list[Identity]:
        """Every edition's row of these identities, oldest edition first."""
        rows = self.db.execute(
            "SELECT edition, number, identity, previous, digest FROM identities"
            f" WHERE identity IN ({_marks(identities)}) ORDER BY edition",
            tuple(identities),
        )
        return [Identity(*row) for row in rows]

    def map_numbers(self, source: str, numbers: Sequence[str], target: str) -> dict[str, str]:
        """Number in `source` -> the number of the same rule in `target` (both English editions
        traced); numbers whose rule is not in `target` are left out."""
        if source == target:
            return {number: number for number in numbers}
        rows = self.db.execute(
            "SELECT s.number, t.number FROM identities s CROSS JOIN identities t ON t.identity = s.identity AND t.edition = ?"
            f" WHERE s.edition = ? AND s.number IN ({_marks(numbers)})",
            (target, source, *numbers),
        )
        return dict(rows.fetchall())

    def all_identities(self) -> Iterator[tuple[str, str, str]]:
        """(edition, number, identity) of every English rule and section traced, read as
        iterated (64 editions have 212,000)."""
        yield from self.db.execute("SELECT edition, number, identity FROM identities")

    def english_of(self, identities: Sequence[str]) -> list[Record]:
        """The English rules and sections of these identities, in every edition."""
        rows = self.db.execute(
            "SELECT r.body FROM identities i CROSS JOIN records r ON r.kind IN ('rule', 'section') AND r.edition = i.edition"
            f" AND r.number = i.number AND r.lang = 'en' WHERE i.identity IN ({_marks(identities)})",
            tuple(identities),
        )
        return [_record(body, self.db) for (body,) in rows]

    def translations_of(self, identities: Sequence[str], langs: Sequence[str] | None = None) -> list[Record]:
        """Aligned translated rules (in `langs`, or every language but English) of the English
        editions' rules of these identities, whatever edition they follow."""
        sql = (
            "SELECT r.body FROM identities i CROSS JOIN records r ON r.kind = 'rule' AND r.edition = i.edition"
            f" AND r.number = i.number AND r.lang != 'en' AND r.aligned = 1 WHERE i.identity IN ({_marks(identities)})"
        )
        values: tuple = tuple(identities)
        if langs is not None:
            sql += f" AND r.lang IN ({_marks(langs)})"
            values += tuple(langs)
        return [_record(body, self.db) for (body,) in self.db.execute(sql + " ORDER BY r.id", values)]

    def counterparts(self, edition: str, numbers: Sequence[str]) -> list[Counterpart]:
        """Translated rules and sections of other editions that are, by identity, the rules
        `numbers` of the English edition `edition`."""
        rows = self.db.execute(
            "SELECT v.number, r.body, e.digest != v.digest FROM identities v"
            " CROSS JOIN identities e ON e.identity = v.identity AND e.edition != v.edition"
            " CROSS JOIN records r ON r.kind IN ('rule', 'section') AND r.edition = e.edition AND r.number = e.number AND r.lang != 'en'"
            f" WHERE v.edition = ? AND v.number IN ({_marks(numbers)})",
            (edition, *numbers),
        )
        return [Counterpart(number, _record(body, self.db), bool(changed)) for number, body, changed in rows]

    def cited_by(self, edition: str | None, numbers: Sequence[str]) -> dict[str, list[str]]:
        """Number -> the rules of `edition` (None: of no edition) that cite it, in any language
        (each citing number once, in rules order)."""
        sql = (f"SELECT DISTINCT cited, number FROM citations WHERE cited IN ({_marks(numbers)}) AND edition"
               + (" = ?" if edition is not None else " IS NULL"))
        rows = self.db.execute(sql, (*numbers, edition) if edition is not None else tuple(numbers))
        table: dict[str, list[str]] = {}
        for cited, number in rows:
            if number != cited:
                table.setdefault(cited, []).append(number)
        return {cited: sorted(citing, key=rulenumbers.sort_key) for cited, citing in table.items()}

    # --- cards -----------------------------------------------------------------------------

    def cards_named(self, folded: str) -> set[str]:
        """English names of the cards one of whose names folds to `folded`."""
        rows = self.db.execute("SELECT DISTINCT card FROM card_names WHERE folded = ?", (folded,))
        return {row[0] for row in rows}

    def cards_named_from(self, prefix: str) -> set[str]:
        """English names of the cards one of whose folded names starts with `prefix`."""
        rows = self.db.execute("SELECT DISTINCT card FROM card_names WHERE folded >= ? AND folded < ?", (prefix, prefix + "\U0010ffff"))
        return {row[0] for row in rows}

    def names_from(self, prefix: str, limit: int) -> list[str]:
        """Up to `limit` folded card names, in any language, that start with `prefix` (a range
        of the index on names: for completing what a person types)."""
        rows = self.db.execute("SELECT DISTINCT folded FROM card_names WHERE folded >= ? AND folded < ? ORDER BY folded LIMIT ?",
                               (prefix, prefix + "\U0010ffff", limit))
        return [row[0] for row in rows]

    def cards_named_with(self, part: str) -> set[str]:
        """English names of the cards one of whose folded names contains `part` (reads every name)."""
        rows = self.db.execute("SELECT DISTINCT card FROM card_names WHERE instr(folded, ?) > 0", (part,))
        return {row[0] for row in rows}

    def names_with(self, part: str) -> list[tuple[str, str]]:
        """(folded name, English name) of the names that contain `part` (reads every name)."""
        rows = self.db.execute("SELECT DISTINCT folded, card FROM card_names WHERE instr(folded, ?) > 0", (part,))
        return [(row[0], row[1]) for row in rows]

    def card_names(self) -> dict[str, set[str]]:
        """Every folded name -> the English names of its cards (reads every name: for "did you mean")."""
        table: dict[str, set[str]] = {}
        for folded, card in self.db.execute("SELECT DISTINCT folded, card FROM card_names"):
            table.setdefault(folded, set()).add(card)
        return table

    def cards_with_ruling(self, en_digest: str) -> int:
        """How many cards carry the English ruling of this digest."""
        row = self.db.execute("SELECT COUNT(DISTINCT card) FROM records WHERE en_digest = ? AND kind = 'ruling'", (en_digest,))
        return row.fetchone()[0]

    # --- terms -----------------------------------------------------------------------------

    def term_links(self, terms: Sequence[str]) -> dict[str, tuple[str, list[str]]]:
        """Folded keyword term -> (edition, the numbers of the rules defining it there)."""
        table: dict[str, tuple[str, list[str]]] = {}
        rows = self.db.execute(
            f"SELECT term, edition, number FROM term_links WHERE term IN ({_marks(terms)}) ORDER BY term, position", tuple(terms)
        )
        for term, edition, number in rows:
            table.setdefault(term, (edition, []))[1].append(number)
        return table

    def term_names(self, edition: str, english: bool) -> list[tuple[str, str, str]]:
        """(number in `edition`, lang, name): the translated titles of the rules of an edition,
        each from any edition whose rule has the same identity (an English edition) or from the
        edition itself (one with no English text, whose rules are known only by number)."""
        if english:
            sql = ("SELECT v.number, t.lang, t.name FROM term_names t CROSS JOIN identities v"
                   " ON v.identity = t.identity AND v.edition = ?")
            return self.db.execute(sql, (edition,)).fetchall()
        rows = self.db.execute("SELECT identity, lang, name FROM term_names WHERE identity >= ? AND identity < ?",
                               (edition + "/", edition + "0"))
        return [(identity.split("/", 1)[1], lang, name) for identity, lang, name in rows]


# Joins below are written CROSS JOIN: SQLite then keeps the order written (the keyed side first),
# where its planner, without statistics, would scan every rule of the corpus for the other side.


def _where(
    *,
    kinds: Sequence[str] | None = None,
    langs: Sequence[str] | None = None,
    edition: object = ANY,
    numbers: Sequence[str] | None = None,
    parents: Sequence[str] | None = None,
    card: str | None = None,
    en_digest: str | None = None,
    titled: bool = False,
    translated: bool = False,
) -> tuple[str, tuple]:
    clauses: list[str] = []
    values: list = []
    if kinds is not None:
        clauses.append(f"kind IN ({_marks(kinds)})")
        values += kinds
    if langs is not None:
        # `+lang`: never the key to search by (a language holds most of the corpus); without
        # the `+`, SQLite's planner, lacking statistics, may scan every English rule of every
        # edition for a few numbers.
        clauses.append(f"+lang IN ({_marks(langs)})")
        values += langs
    if translated:
        clauses.append("lang != 'en'")
    if edition is None:
        clauses.append("edition IS NULL")
    elif edition is not ANY:
        clauses.append("edition = ?")
        values.append(edition)
    if numbers is not None:
        clauses.append(f"number IN ({_marks(numbers)})")
        values += numbers
    if parents is not None:
        clauses.append(f"parent IN ({_marks(parents)})")
        values += parents
    if card is not None:
        clauses.append("card = ?")
        values.append(card)
    if en_digest is not None:
        clauses.append("en_digest = ?")
        values.append(en_digest)
    if titled:
        clauses.append("title IS NOT NULL")
    return (" WHERE " + " AND ".join(clauses) if clauses else ""), tuple(values)


class Writer(Queries):
    """The ingest's transaction: reads see its own writes; nothing is visible to others until
    the `Store.writing()` block ends without an error."""

    def __init__(self, db: sqlite3.Connection):
        self.connection = db
        self.changed = False
        self._set_aside: list[str] = []  # the indexes a bulk load dropped, to create again (`_index`)

    @property
    def db(self) -> sqlite3.Connection:  # type: ignore[override]
        """The transaction's connection, every index in place: a bulk load (`put`) may have
        set the indexes of the records aside; anything that reads or writes otherwise than
        by `put` creates them again first."""
        if self._set_aside:
            self._index()
        return self.connection

    def editions(self) -> list[Edition]:
        """As in `Queries`, but worked out from the records as they are in this transaction."""
        rows = self.db.execute(
            "SELECT edition, MAX(lang = 'en' AND kind IN ('rule', 'section')), COUNT(*) FROM records"
            " WHERE edition IS NOT NULL GROUP BY edition ORDER BY edition"
        )
        return [Edition(date, bool(english), count) for date, english, count in rows]

    def unchanged(self, path: str, digest: str, lang: str | None) -> bool:
        """True when `path` is stored with this raw digest and language: ingesting it again
        would change nothing."""
        row = self.db.execute("SELECT digest, lang FROM documents WHERE path = ?", (path,)).fetchone()
        return row is not None and tuple(row) == (digest, lang)

    def put(self, path: str, digest: str, kind: str, records: list[Record], lang: str | None = None,
            *, ingested: str | None = None, embedded: bool = False) -> None:
        """Store a parsed document's records, replacing what `path` held before; a user document
        with an embedded seed's digest replaces that seed. A document that brings more records
        than the store holds sets the indexes of the records aside until something else reads
        or writes (`db`): built once over the loaded rows, they cost half what keeping them
        up to date row by row did (an ingest of sixty-four editions and sets). All of it is
        inside the one transaction: a failed ingest leaves the indexes as they were."""
        db = self.connection
        if not self._set_aside and len(records) >= _BULK_RECORDS and len(records) > self._stored_records():
            self.set_indexes_aside(_BULK_TABLES)
        document = self._next_document_id()
        self.changed |= db.execute("DELETE FROM documents WHERE path = ?", (path,)).rowcount > 0
        if not embedded:
            db.execute("DELETE FROM documents WHERE embedded = 1 AND digest = ?", (digest,))
        db.execute(
            "INSERT INTO documents (id, path, digest, kind, lang, ingested, records, embedded) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (document, path, digest, kind, lang, ingested or _now(), len(records), int(embedded)),
        )
        db.executemany(
            "INSERT INTO records (document, kind, lang, edition, number, parent, card, title, en_position, en_digest,"
            " aligned, confidence, body) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [_row(document, record) for record in records],
        )
        names = {
            (fold(name).strip(), record.card)
            for record in records
            if record.kind in ("card", "ruling") and record.card
            for name in (record.card, record.printed_name, *record.names.values())
            if name
        }
        db.executemany("INSERT INTO card_names (folded, card, document) VALUES (?, ?, ?)",
                       [(" ".join(folded.split()), card, document) for folded, card in sorted(names)])
        db.executemany(
            "INSERT INTO citations (document, edition, number, cited) VALUES (?, ?, ?, ?)",
            [(document, record.edition, record.number, cited) for record in records
             if record.kind in RULE_KINDS and record.number for cited in dict.fromkeys(record.references)],
        )
        self.changed = True

    def _next_document_id(self) -> int:
        """An id no document had before (`Queries.document_ids`): SQLite would give a document
        stored again, when it was the last one, the id it had."""
        db = self.connection
        row = db.execute("SELECT value FROM meta WHERE key = 'next_document'").fetchone()
        document = int(row[0]) if row else (db.execute("SELECT MAX(id) FROM documents").fetchone()[0] or 0) + 1
        db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('next_document', ?)", (str(document + 1),))
        return document

    def _stored_records(self) -> int:
        return self.connection.execute("SELECT COUNT(*) FROM records").fetchone()[0]

    def set_indexes_aside(self, tables: Sequence[str]) -> None:
        """Drop the indexes of `tables`, keeping how to make them: created again as soon as
        anything reads or writes through `db` (what `put` and `replace_identities` write
        does not go through it). For loads that write many rows to a table that holds few."""
        rows = self.connection.execute(
            "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL"
            f" AND tbl_name IN ({_marks(tables)}) ORDER BY name", tuple(tables)).fetchall()
        for name, _sql in rows:
            self.connection.execute(f'DROP INDEX "{name}"')
        self._set_aside += [sql for _, sql in rows]

    def _index(self) -> None:
        statements, self._set_aside = self._set_aside, []
        for sql in statements:
            self.connection.execute(sql)

    def remove(self, path: str) -> bool:
        removed = self.db.execute("DELETE FROM documents WHERE path = ?", (path,)).rowcount > 0
        self.changed |= removed
        return removed

    def replace_identities(self, edition: str, previous: str | None, rows: Iterable[Identity]) -> None:
        """The identities of one English edition, traced against `previous` (keyed writes: the
        secondary indexes of identities may be set aside meanwhile, `set_indexes_aside`)."""
        self.remove_identities(edition)
        self.connection.execute("INSERT INTO traces (edition, previous) VALUES (?, ?)", (edition, previous))
        self.connection.executemany(
            "INSERT INTO identities (edition, number, identity, previous, digest) VALUES (?, ?, ?, ?, ?)",
            [(row.edition, row.number, row.identity, row.previous, row.digest) for row in rows],
        )
        self.changed = True

    def remove_identities(self, edition: str) -> None:
        self.connection.execute("DELETE FROM identities WHERE edition = ?", (edition,))
        self.changed |= self.connection.execute("DELETE FROM traces WHERE edition = ?", (edition,)).rowcount > 0

    def replace_term_links(self, links: Iterable[tuple[str, str, str]]) -> None:
        """Every keyword term's defining rules: (folded term, edition, number), in order."""
        self.db.execute("DELETE FROM term_links")
        self.db.executemany("INSERT INTO term_links (term, edition, number, position) VALUES (?, ?, ?, ?)",
                            [(term, edition, number, position) for position, (term, edition, number) in enumerate(links)])
        self.changed = True

    def links_current(self) -> None:
        if self.links_stale():
            self.db.execute("UPDATE meta SET value = 'current' WHERE key = 'links'")
            self.changed = True

    def refresh_derived(self) -> None:
        """The tables worked out from the others: how many records of each edition, language
        and kind (`counts`), and every identity's translated titles (`term_names`)."""
        self.db.execute("DELETE FROM counts")
        self.db.execute(
            "INSERT INTO counts (edition, lang, kind, records)"
            " SELECT COALESCE(edition, ''), lang, kind, COUNT(*) FROM records GROUP BY edition, lang, kind"
        )
        self.db.execute("DELETE FROM term_names")
        # A title of an edition whose English is traced joins its identity; any other edition's
        # title is known only by its own number ("2026-08-07/701.50").
        translated = (
            "FROM records r LEFT JOIN identities i ON i.edition = r.edition AND i.number = r.number"
            " WHERE r.kind IN ('rule', 'section') AND r.lang != 'en' AND r.aligned = 1 AND r.title IS NOT NULL"
            " AND r.number IS NOT NULL AND r.edition IS NOT NULL"
        )
        identity = "COALESCE(i.identity, r.edition || '/' || r.number)"
        self.db.execute(
            "INSERT OR IGNORE INTO term_names (identity, lang, name, folded)"
            f" SELECT {identity}, r.lang, r.title, fold(r.title) {translated}"
        )
        self.db.execute(
            "INSERT OR IGNORE INTO term_names (identity, lang, name, folded)"
            f" SELECT {identity}, 'en', json_extract(r.body, '$.en_title'), fold(json_extract(r.body, '$.en_title'))"
            f" {translated} AND json_extract(r.body, '$.en_title') IS NOT NULL AND i.identity IS NULL"
        )

    def sync_embedded(self) -> None:
        """The embedded seed documents present unless a user document has the same digest;
        all of them loaded again when the packaged copy changed."""
        digest = corpus_schema.embedded_digest()
        if self.meta("embedded") != digest:
            removed = self.db.execute("DELETE FROM documents WHERE embedded = 1").rowcount
            self.changed |= removed > 0
        user = {row[0] for row in self.db.execute("SELECT digest FROM documents WHERE embedded = 0")}
        present = {row[0]: row[1] for row in self.db.execute("SELECT path, digest FROM documents WHERE embedded = 1")}
        wanted = {
            EMBEDDED_PREFIX + entry["source"]: entry
            for entry in embedded_manifest().values()
            if entry["digest"] not in user
        }
        for path in set(present) - set(wanted):
            self.remove(path)
        missing = {path: entry for path, entry in wanted.items() if path not in present}
        if missing:
            by_source: dict[str, list[Record]] = {}
            for record in embedded_records():
                by_source.setdefault(record.source.rsplit(":", 1)[0], []).append(record)
            for path, entry in sorted(missing.items()):
                self.put(path, entry["digest"], entry["kind"], by_source.get(entry["source"], []), ingested="embedded", embedded=True)
        if self.meta("embedded") != digest:
            self.db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('embedded', ?)", (digest,))

    def finish(self) -> None:
        """Before commit: the embedded seeds and derived tables brought up to date and the
        generation bumped, when anything changed."""
        if not self.changed:
            return
        self.sync_embedded()
        self.refresh_derived()
        self.db.execute("UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'generation'")
        for hook in _DERIVERS:
            hook(self)


# A document of at least this many records, more than the store holds, sets the indexes of
# the tables below aside for the rest of the ingest (`Writer.put`).
_BULK_RECORDS = 2000
_BULK_TABLES = ("records", "card_names", "citations")


def _row(document: int, record: Record) -> tuple:
    parent = rulenumbers.parent(record.number) if record.number and record.kind in RULE_KINDS else None
    return (
        document, record.kind, record.lang, record.edition, record.number, parent, record.card, record.title,
        record.en_position, record.en_digest, int(record.aligned), record.confidence, _body(record),
    )


def _body(record: Record) -> str:
    """The record as JSON, without `en_text` and without the fields that hold their default
    (`Record.from_dict` gives those back): most fields of a rule are null or empty, and leaving
    them out halves the text written and read, and the time to encode and decode it. `kind`,
    `lang`, `source` and `text` are always there (`json_extract(body, '$.text')` is a text).
    Every default is null or empty (checked in `_kept_empty`), so a value is left out when it is null, or
    empty in a field whose default is not null (a position 0 is kept). The fields are taken as
    they are: `dataclasses.asdict` copies every list and mapping first, which took a third of
    an ingest's time (82,000 records: 6 s)."""
    kept = _kept_empty()
    fields = {name: value for name, value in vars(record).items() if value is not None and (value or name in kept)}
    fields.pop("en_text", None)
    return _ENCODE(fields)


@functools.cache
def _kept_empty() -> frozenset[str]:
    """The fields `_body` keeps when empty: `kind`, `lang`, `source`, `text`, and those whose
    default is null. Worked out at the first record written, not at import (the Record class
    and `dataclasses` are no part of a search)."""
    import dataclasses

    from mtgrules.records import Record

    defaults = {
        field.name: field.default if field.default is not dataclasses.MISSING else field.default_factory()  # type: ignore[operator]
        for field in dataclasses.fields(Record)
        if field.default is not dataclasses.MISSING or field.default_factory is not dataclasses.MISSING
    }
    if any(defaults.values()):
        raise AssertionError("a Record field with a default neither null nor empty: `_body` would leave out its value")
    return frozenset({"kind", "lang", "source", "text"} | {name for name, default in defaults.items() if default is None})


_ENCODE = json.JSONEncoder(ensure_ascii=False).encode


def _create_schema(db: sqlite3.Connection, corpus: str) -> None:
    for statement in SCHEMA.split(";"):
        if statement.strip():
            db.execute(statement)
    db.executemany(
        "INSERT INTO meta (key, value) VALUES (?, ?)",
        [("schema", str(SCHEMA_VERSION)), ("corpus", corpus), ("generation", "0"), ("links", "current")],
    )


def _add_citations(db: sqlite3.Connection) -> None:
    """The citations table in a database written before it existed, filled from the records."""
    if snapshot.has_citations(db):
        return
    for statement in SCHEMA[SCHEMA.index("CREATE TABLE citations"):SCHEMA.index("CREATE TABLE term_links")].split(";"):
        if statement.strip():
            db.execute(statement)
    db.execute(
        "INSERT INTO citations (document, edition, number, cited) SELECT DISTINCT r.document, r.edition, r.number, j.value"
        " FROM records r, json_each(r.body, '$.references') j WHERE r.kind IN ('rule', 'section') AND r.number IS NOT NULL"
    )
def _check_not_foreign(db: sqlite3.Connection, path: str) -> None:
    """A database without our schema is one to create only when it holds nothing: never add
    a corpus to another program's database, nor change its journal mode."""
    tables = [row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")][:100]
    if tables and "meta" not in tables:
        raise StoreError(_("{path}: an SQLite database of another program (tables {value}), not a corpus (move it away, "
                           "or set MTGRULES_HOME to a folder of your own)")
                           .format(path=path, value=', '.join(tables[:4])))


class Store(Queries):
    """The user's corpus: keyed reads over one snapshot (taken at the first query), and
    `writing()` for an ingest. `path` defaults to `paths.database_path()`; `on_message` hears
    what a person should know (a migration, a read-only folder), one line each."""

    def __init__(self, path: str | Path | None = None, *, on_message: Message | None = None):
        # A string, not pathlib's: a lookup does not otherwise import pathlib (4 ms, with urllib.parse).
        self.path = os.fspath(path) if path is not None else paths.database_file()
        self.on_message = on_message or (lambda text: None)
        self._db: sqlite3.Connection | None = None
        self._data_version: int | None = None  # the connection's data_version when `renew` last asked
        # True when what is read is not the database file: a copy in memory, or the seeds alone
        # (in memory, or their corpus kept in the cache folder, `_seeds_file`); written in memory
        self.in_memory = False
        self._seeds_file: Path | None = None  # the seeds' corpus read from the cache (`seeds_cache`)
        self._seeds_unkept = False  # the cache folder refused them once

    @property
    def db(self) -> sqlite3.Connection:  # type: ignore[override]
        if self._db is None:
            self._db = self._open_snapshot()
        return self._db

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None
            self._data_version = None
            self.in_memory = False
            self._seeds_file = None

    def refresh(self) -> None:
        """Read the corpus as it is now (a new snapshot) on the next query."""
        self.close()

    def read_copy_in_memory(self) -> None:
        """Read (and write) a copy of the database in memory from now on: for a reader that
        must write derived tables into a database it cannot write."""
        self.close()
        self._db = self._in_memory(copy_of=self.path if os.path.exists(self.path) else None)

    def renew(self) -> None:
        """`refresh`, for a reader that asks often (the web server, at every request): the
        read transaction ends and the next query begins a new snapshot on the same connection,
        which sees what was committed since. When something was (SQLite's `data_version`
        changed since the last `renew`), the corpus is opened again as at the first query, so
        that a migration is checked for as then; the seeds alone in memory are kept while no
        database appears. Keeping the connection saves 0.5 ms a request, and not reading the
        seeds into memory again some 7."""
        if self._db is None:
            return
        if self.in_memory:
            if not corpus_schema.seeds_alone(self.path):
                self.close()
            return
        version = snapshot.renewed(self._db, self._data_version)
        if version is None:  # something was committed
            self.close()
            db = self.db  # opened now, to note its version before its snapshot
            if self.in_memory:
                return
            version = snapshot.renewed(db, None)
        self._data_version = version

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # --- opening ---------------------------------------------------------------------------

    def _open_snapshot(self) -> sqlite3.Connection:
        if corpus_schema.seeds_alone(self.path):
            return self._seeds_alone()
        db = snapshot.open_ready(self.path)
        if db is not None:
            return db
        try:
            with self.writing():
                pass  # creates, migrates or refreshes the seeds, and commits
        except StoreUnwritable as error:
            self.on_message(_("{error}; reading a copy in memory").format(error=error))
            return self._in_memory(copy_of=self.path if os.path.exists(self.path) else None)
        db = snapshot.open_ready(self.path)
        # A database in WAL mode in a folder that cannot be written cannot be read in place.
        return db if db is not None else self._in_memory(copy_of=self.path)

    def _seeds_alone(self) -> sqlite3.Connection:
        """The packaged seeds alone (nothing ingested): their corpus as the cache folder keeps
        it (`mtgrules.seeds_cache`), else read into memory and kept there for the next command."""
        from mtgrules import seeds_cache

        kept = seeds_cache.path(corpus_schema.embedded_digest())
        db = self._kept_seeds(kept) if kept is not None else None
        if db is not None:
            self.in_memory, self._seeds_file = True, kept
            return db
        db = self._in_memory()
        self._keep_seeds(db)
        return db

    def _kept_seeds(self, kept: Path) -> sqlite3.Connection | None:
        """A snapshot of the seeds' corpus kept at `kept`, when it is there and is one of these
        seeds with this schema; None otherwise (it is then written again)."""
        if not kept.is_file() or kept.is_symlink():
            return None
        db = None
        try:
            db = snapshot.connect(f"{kept.as_uri()}?immutable=1", uri=True)
            db.execute("BEGIN")
            row = db.execute("SELECT value FROM meta WHERE key = 'embedded'").fetchone() if snapshot.has_schema(db) else None
            if row is not None and corpus_schema.opens_as_is(row[0], snapshot.has_citations(db), corpus_schema.embedded_digest()):
                snapshot.check_version(db, str(kept))
                return db
        except (sqlite3.DatabaseError, StoreError):
            pass
        if db is not None:
            db.close()
        return None

    def _keep_seeds(self, db: sqlite3.Connection) -> None:
        """Keep `db`, the seeds alone read into memory, in the cache folder (`seeds_cache`);
        never a database holding anything but the seeds."""
        from mtgrules import seeds_cache

        kept = seeds_cache.path(corpus_schema.embedded_digest())
        if kept is None or self._seeds_unkept or db.execute("SELECT 1 FROM documents WHERE embedded = 0 LIMIT 1").fetchone():
            return
        problem = seeds_cache.keep(db, kept)
        if problem is not None:
            self._seeds_unkept = True  # said once
            self.on_message(problem)

    def _in_memory(self, copy_of: str | None = None) -> sqlite3.Connection:
        """A database in memory: a copy of the file (read as it is), or the embedded seeds (with
        what an old-layout corpus holds); nothing is written to disk."""
        self.in_memory = True
        db = snapshot.connect(":memory:")
        if copy_of is not None:
            from pathlib import Path  # a file URI, percent-encoded: for a copy in memory only

            source = snapshot.connect(f"{Path(copy_of).as_uri()}?immutable=1", uri=True)
            try:
                source.backup(db)
            finally:
                source.close()
            snapshot.check_version(db, copy_of)
        db.execute("BEGIN IMMEDIATE")
        if snapshot.has_schema(db):
            _add_citations(db)
        writer = Writer(db)
        if not snapshot.has_schema(db):
            _create_schema(db, corpus=corpus_schema.seeds_alone_corpus())
            old = corpus_schema.old_layout(self.path)
            if os.path.exists(old):
                _migrate(writer, old, self.path, self.on_message, rename=False)
        writer.sync_embedded()
        writer.changed = True
        writer.finish()
        db.execute("COMMIT")
        db.execute("BEGIN")
        return db

    @contextmanager
    def writing(self, on_wait: Message | None = None) -> Iterator[Writer]:
        """One write transaction: everything inside is committed at the end of the block, or
        nothing when it raises. When another ingest holds the database, `on_wait` is told once
        and this one waits for it. A store read in memory is written in memory. A database
        this transaction created is removed when it fails: a refused first ingest leaves no
        file behind."""
        if self.in_memory:
            yield from self._writing_in_memory()
            return
        snapshot.check_not_folder(self.path)
        db = self._begin_writing(on_wait)
        fresh = False
        try:
            writer = Writer(db)
            old = corpus_schema.old_layout(self.path)
            renamed: str | None = None
            try:
                ours = snapshot.has_schema(db)
            except sqlite3.DatabaseError as error:
                raise snapshot.not_a_corpus(self.path, error) from None
            if not ours:
                _check_not_foreign(db, self.path)  # before `fresh`: another program's file is never removed
            fresh = not ours
            if fresh:
                import uuid  # a new database only: uuid imports platform, a cost to every search

                _create_schema(db, corpus=uuid.uuid4().hex)
                writer.changed = True
                if os.path.exists(old):
                    renamed = _migrate(writer, old, self.path, self.on_message, rename=True)
            snapshot.check_version(db, str(self.path))
            _add_citations(db)
            writer.sync_embedded()
            yield writer
            writer.finish()
            db.execute("COMMIT")
            if renamed is not None:
                os.rename(os.path.dirname(old), renamed)
        except BaseException:
            if db.in_transaction:
                with contextlib.suppress(sqlite3.Error, StoreError):
                    self._roll_back(db, fresh)
            raise
        finally:
            db.close()
        self.refresh()

    def _roll_back(self, db: sqlite3.Connection, fresh: bool) -> None:
        """Undo a failed write (a rollback that fails too, on a full disk, is SQLite's to finish
        from its journal at the next open)."""
        if fresh:
            # Removed while this transaction still holds the lock: a writer waiting for
            # it sees the file gone once it has the lock, and starts on a new one.
            _remove_database(self.path)
        db.execute("ROLLBACK")

    def _begin_writing(self, on_wait: Message | None) -> sqlite3.Connection:
        """A connection inside BEGIN IMMEDIATE on the database at `self.path` (created when
        absent). When the file this connection locked was removed meanwhile (a first ingest
        that failed), it starts again on the new one."""
        while True:
            try:
                paths.make_folders(os.path.dirname(self.path) or ".")
                db = snapshot.connect(str(self.path))
                _check_not_foreign(db, self.path)
                db.execute("PRAGMA journal_mode = WAL")
            except (OSError, sqlite3.OperationalError) as error:
                raise StoreUnwritable(_("cannot write the corpus {path}: {error}").format(path=self.path, error=error)) from None
            except sqlite3.DatabaseError as error:
                raise snapshot.not_a_corpus(self.path, error) from None
            try:
                _begin_immediate(db, on_wait)
            except sqlite3.OperationalError as error:
                db.close()
                raise StoreUnwritable(_("cannot write the corpus {path}: {error}").format(path=self.path, error=error)) from None
            if os.path.exists(self.path):
                return db
            db.execute("ROLLBACK")
            db.close()
            on_wait = None  # said once

    def _writing_in_memory(self) -> Iterator[Writer]:
        seeds = self._seeds_file is not None or corpus_schema.seeds_alone(self.path)
        if self._seeds_file is not None:  # the seeds' corpus read from the cache: written in a copy
            kept, self._seeds_file = self._seeds_file, None
            assert self._db is not None
            self._db.close()
            self._db = self._in_memory(copy_of=str(kept))
        db = self.db
        db.execute("SAVEPOINT writing")
        try:
            writer = Writer(db)
            yield writer
            writer.finish()
        except BaseException:
            db.execute("ROLLBACK TO writing")
            raise
        finally:
            db.execute("RELEASE writing")
        if seeds:  # what was derived (the search tables) kept for the next command
            if db.in_transaction:  # a backup waits for the source's write transaction to end
                db.execute("COMMIT")
            self._keep_seeds(db)
            db.execute("BEGIN")


def _remove_database(path: str) -> None:
    for file in (path, path + "-wal", path + "-shm"):
        with contextlib.suppress(FileNotFoundError):
            os.remove(file)


def _begin_immediate(db: sqlite3.Connection, on_wait: Message | None) -> None:
    db.execute("PRAGMA busy_timeout = 0")
    try:
        db.execute("BEGIN IMMEDIATE")
    except sqlite3.OperationalError as error:
        if "locked" not in str(error) and "busy" not in str(error):
            raise
        if on_wait:
            on_wait("waiting for another ingest to finish…")
        db.execute(f"PRAGMA busy_timeout = {WRITER_WAIT_SECONDS * 1000}")
        db.execute("BEGIN IMMEDIATE")
    db.execute(f"PRAGMA busy_timeout = {snapshot.READER_WAIT_MS}")


# --- the layout of earlier versions -----------------------------------------------------------


def _migrate(writer: Writer, manifest_file: str, database: str, on_message: Message, *, rename: bool) -> str:
    """Move an old-layout corpus into the database: each manifest entry becomes a document
    with its records read back by `Record.from_dict` (older record forms included), and
    identities and term links are marked to be worked out again. Returns the name the old
    folder is kept under (renamed after the commit, when `rename`)."""
    from pathlib import Path  # migrating only

    manifest_path = Path(manifest_file)
    folder = manifest_path.parent
    manifest = _read_manifest(manifest_path)
    count = 0
    for path, entry in sorted(manifest.items()):
        file = _manifest_file(manifest_path, path, entry)
        try:
            records = read_jsonl(file.read_text(encoding="utf-8"), str(file))
        except FileNotFoundError:
            raise ParseError(str(file), _("named by the corpus manifest but missing"),
                             mend=_("move the corpus folder away and ingest again")) from None
        except (OSError, ValueError) as error:
            raise ParseError(str(file), _("cannot read this corpus file ({error})").format(error=error),
                             mend=_("move the corpus folder away and ingest again")) from None
        from mtgrules import validate  # migrating only

        validate.check_all(records)
        writer.put(path, entry["digest"], entry.get("kind") or "unknown", records, ingested=entry.get("ingested"))
        count += len(records)
    writer.db.execute("UPDATE meta SET value = 'stale' WHERE key = 'links'")
    kept = folder.with_name(f"{folder.name}.before-sqlite-{datetime.now(UTC).strftime('%Y%m%dT%H%M%S')}")
    if rename:
        on_message(_("moved the corpus in {folder} ({documents} documents, {count} records) into {database};"
                     " the old folder is kept as {kept}").format(folder=folder, documents=len(manifest), count=count,
                                                                 database=database, kept=kept))
    else:
        on_message(_("read the corpus in {folder} ({documents} documents, {count} records) into memory:"
                     " {parent} cannot be written").format(folder=folder, documents=len(manifest), count=count,
                                                          parent=Path(database).parent))
    return str(kept)


_OLD_MEND = N_("move the corpus folder away and ingest your documents again")


def _read_manifest(manifest_path: Path) -> dict[str, dict]:
    """The old layout's manifest: an object of document path -> {file, digest, kind, ingested}."""
    try:
        manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise ParseError(str(manifest_path), _("not a corpus manifest: {error}").format(error=error), mend=_OLD_MEND) from None
    if not isinstance(manifest, dict):
        raise ParseError(str(manifest_path), _("not a corpus manifest: expected an object, got {name}")
                                               .format(name=type(manifest).__name__),
                         mend=_OLD_MEND)
    return manifest


def _manifest_file(manifest_path: Path, path: str, entry: object) -> Path:
    """The records file of one manifest entry, which must be a file of the corpus folder: an
    entry naming `../../etc/passwd` or an absolute path is refused, never read."""
    folder = manifest_path.parent
    if not isinstance(entry, dict) or not isinstance(entry.get("file"), str) or not isinstance(entry.get("digest"), str) \
            or not all(isinstance(entry.get(key), str | None) for key in ("kind", "ingested")):
        raise ParseError(str(manifest_path), _("the entry {path!r} is not an object with texts 'file' and 'digest'")
                                               .format(path=path[:80]),
                         mend=_OLD_MEND)
    file = (folder / entry["file"]).resolve()
    if not file.is_relative_to(folder.resolve()) or "\0" in entry["file"]:
        raise ParseError(str(manifest_path), _("the entry {path!r} names {entry!r}, outside {folder}")
                                               .format(path=path[:80], entry=entry['file'][:80], folder=folder),
                         mend=_OLD_MEND)
    return file
