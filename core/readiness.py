"""Whether the corpus database is read as it is: the one rule that both `mtgrules.store.Store`
(opening a snapshot) and the search's fast path (`mtgrules.index.heal.current_without_store`)
decide by, with the schema and the packaged seeds' digest it rests on.

A `Store` reads the database in place (no write first) when it has this schema version, every
table and column this version reads, the `citations` table (added on first open to older
databases) and the packaged seeds' digest (`embedded`); `mtgrules.align.linking.open_store`
writes when `links` is "stale" (after a migration). When all of that holds, nothing the store
would do changes the corpus, so its fingerprint (`meta` corpus and generation) says whether
the search index is current. Before anything is ingested there is no database: the store
reads the packaged seeds into one in memory on every command, whose fingerprint follows from
the seeds' digest alone (`seeds_alone`), so a search on the seeds skips that too.

Why a module of its own: a search on a current index reads nothing else of the store, and
importing `mtgrules.store` (records, dataclasses, hashlib, json...) and the index builder
cost a cold `mtgrules search` some 20-30 ms of its 75. This module imports nothing of
mtgrules, and `sqlite3` (hashlib when digesting).
The fast path compares each table's SQL in `sqlite_master` with `SCHEMA` itself: the same
text means the same columns, and any other text (an older layout, a table altered or dropped)
is a doubt, left to the store's full check (`store._check_version`), which names the problem.
"""

from __future__ import annotations

import functools
import os
import sqlite3
from pathlib import Path

SCHEMA_VERSION = 1
EMBEDDED_RECORDS = "seeds.jsonl"
EMBEDDED_MANIFEST = "seeds-manifest.json"
COMMITTED_LEXICON = "lexicon.tsv"  # the bilingual lexicon shipped with mtgrules (`align.corpus_lexicon`)

SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE documents (
    id INTEGER PRIMARY KEY,
    path TEXT NOT NULL UNIQUE,
    digest TEXT NOT NULL,
    kind TEXT NOT NULL,
    lang TEXT,
    ingested TEXT NOT NULL,
    records INTEGER NOT NULL,
    embedded INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX documents_digest ON documents (digest);
CREATE TABLE records (
    id INTEGER PRIMARY KEY,
    document INTEGER NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    lang TEXT NOT NULL,
    edition TEXT,
    number TEXT,
    parent TEXT,
    card TEXT,
    title TEXT,
    en_position INTEGER,
    en_digest TEXT,
    aligned INTEGER NOT NULL,
    confidence REAL,
    body TEXT NOT NULL
);
CREATE INDEX records_number ON records (kind, edition, number, lang);
CREATE INDEX records_parent ON records (kind, edition, parent, lang);
CREATE INDEX records_lang ON records (kind, lang, edition);
CREATE INDEX records_by_number ON records (number, kind) WHERE number IS NOT NULL;
CREATE INDEX records_card ON records (card) WHERE card IS NOT NULL;
CREATE INDEX records_en_digest ON records (en_digest) WHERE en_digest IS NOT NULL;
CREATE INDEX records_document ON records (document);
CREATE INDEX records_titled ON records (edition, lang) WHERE title IS NOT NULL AND kind IN ('rule', 'section');
CREATE TABLE card_names (
    folded TEXT NOT NULL,
    card TEXT NOT NULL,
    document INTEGER NOT NULL REFERENCES documents (id) ON DELETE CASCADE
);
CREATE INDEX card_names_folded ON card_names (folded, card);
CREATE INDEX card_names_document ON card_names (document);
CREATE TABLE identities (
    edition TEXT NOT NULL,
    number TEXT NOT NULL,
    identity TEXT NOT NULL,
    previous TEXT,
    digest TEXT NOT NULL,
    PRIMARY KEY (edition, number)
) WITHOUT ROWID;
CREATE INDEX identities_identity ON identities (identity, edition, number, digest);
CREATE INDEX identities_number ON identities (number);
CREATE TABLE traces (edition TEXT PRIMARY KEY, previous TEXT) WITHOUT ROWID;
CREATE TABLE citations (
    document INTEGER NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
    edition TEXT,
    number TEXT NOT NULL,
    cited TEXT NOT NULL
);
CREATE INDEX citations_cited ON citations (cited, edition);
CREATE INDEX citations_document ON citations (document);
CREATE TABLE term_links (term TEXT NOT NULL, edition TEXT NOT NULL, number TEXT NOT NULL, position INTEGER NOT NULL);
CREATE INDEX term_links_term ON term_links (term, edition);
CREATE TABLE counts (
    edition TEXT NOT NULL,
    lang TEXT NOT NULL,
    kind TEXT NOT NULL,
    records INTEGER NOT NULL,
    PRIMARY KEY (edition, lang, kind)
) WITHOUT ROWID;
CREATE TABLE term_names (
    identity TEXT NOT NULL,
    lang TEXT NOT NULL,
    name TEXT NOT NULL,
    folded TEXT NOT NULL,
    PRIMARY KEY (identity, lang, folded)
) WITHOUT ROWID;
"""

# table -> the SQL `SCHEMA` creates it with, as SQLite keeps it in `sqlite_master`
_TABLES = {statement.split()[2]: statement.strip() for statement in SCHEMA.split(";")
           if statement.strip().startswith("CREATE TABLE")}


def packaged_file(name: str) -> Path:
    """A data file of the `mtgrules.corpus` package (the seed records, the committed lexicon),
    by its path in the package's folder as the import system finds it (without importing the
    package, which belongs to a higher layer). Not `importlib.resources`: its import (zipfile,
    importlib.resources.readers, typing...) costs each cold search 3-5 ms, and mtgrules is
    installed as files (a wheel unpacked, or a checkout), never run from a zip."""
    return _corpus_package() / name


@functools.cache
def _corpus_package() -> Path:
    from importlib.util import find_spec

    spec = find_spec("mtgrules.corpus")
    if spec is None or not spec.submodule_search_locations:
        raise FileNotFoundError("the package mtgrules.corpus (the packaged seeds and lexicon) is not installed")
    return Path(spec.submodule_search_locations[0])


def packaged_digest(*names: str) -> str:
    """The SHA-256 of packaged files, one after the other. Hashed on each call (the seeds and
    the lexicon are some 50-60 kB each: a tenth of a millisecond), never kept beside them,
    where it could go stale."""
    import hashlib

    digest = hashlib.sha256()
    for name in names:
        digest.update(packaged_file(name).read_bytes())
    return digest.hexdigest()


def embedded_digest() -> str:
    """Names the packaged seed records: the store loads them again when it changes."""
    return packaged_digest(EMBEDDED_RECORDS, EMBEDDED_MANIFEST)


def table_sql(db: sqlite3.Connection) -> dict[str, str]:
    """Table name -> the SQL it was created with, as `sqlite_master` keeps it."""
    return dict(db.execute("SELECT name, sql FROM sqlite_master WHERE type = 'table'").fetchall())


def as_created(tables: dict[str, str]) -> bool:
    """True when every table of `SCHEMA` is there with the very SQL `SCHEMA` creates it with
    (`tables`: `table_sql`), so with every column this version reads: what listing the
    columns (`store._check_version`) would find, at a fraction of its cost. Another text (an
    older layout, a table altered or dropped) says only that the columns must be looked at."""
    return all(tables.get(name) == sql for name, sql in _TABLES.items())


def schema_version(value: str | None) -> int:
    """The schema version a `meta` value says (0 when absent or garbled)."""
    try:
        return int(value) if value is not None else 0
    except (TypeError, ValueError):
        return 0


def opens_as_is(embedded: str | None, has_citations: bool, packaged: str) -> bool:
    """True when a database of this schema needs no write before it is read: it holds the
    packaged seeds (`packaged`, their digest: `embedded_digest()`) and the citations table."""
    return embedded is not None and embedded == packaged and has_citations


def links_stale(value: str | None) -> bool:
    """True when identities and term links must be worked out again (after a migration): the
    `meta` value of `links`."""
    return value == "stale"


def generation(value: str | None) -> int:
    """The generation a `meta` value says (bumped by every committed change); ValueError when
    garbled."""
    return int(value or 0)


def fingerprint(corpus: str | None, generation: int) -> str:
    """Changes whenever the corpus does: the search index is rebuilt when it does."""
    return f"{corpus}-{generation}"


def _read_only_uri(database: Path) -> str:
    """The URI SQLite opens `database` by, read-only and never created: the absolute path as it
    is but for the three characters a URI gives a meaning to (`%`, `?`, `#`). Not `Path.as_uri`,
    which imports urllib.parse (some 2 ms) to escape every other character too."""
    path = os.path.abspath(database)
    return "file://" + path.replace("%", "%25").replace("?", "%3f").replace("#", "%23") + "?mode=ro"


def old_layout(database: Path) -> Path:
    """Where an earlier version kept the corpus: `corpus/manifest.json` beside the database."""
    return database.parent / "corpus" / "manifest.json"


def seeds_alone(database: Path) -> bool:
    """True when the corpus is the packaged seeds alone: nothing ingested yet, so no database
    file (nor an earlier version's corpus to migrate). The store then reads the seeds into a
    database in memory, on every command."""
    return not database.exists() and not old_layout(database).exists()


def seeds_alone_corpus() -> str:
    """The `corpus` the store names its database of the seeds alone with (`store._in_memory`)."""
    return f"memory-{embedded_digest()[:16]}"


# The generation of the database of the seeds alone: created at 0, the seeds written once.
SEEDS_ALONE_GENERATION = 1


def fingerprint_if_ready(database: Path) -> str | None:
    """The fingerprint of the corpus in `database` when it is read as it is (see the module
    docstring); None on any doubt: no file, another shape, a lock, damage, seeds or links to
    bring up to date. Opened read-only and without waiting (the store, which the caller falls
    back on, waits and says why). For the seeds alone (`seeds_alone`), the fingerprint of the
    database in memory the store makes of them, without making it."""
    if seeds_alone(database):
        return fingerprint(seeds_alone_corpus(), SEEDS_ALONE_GENERATION)
    try:
        db = sqlite3.connect(_read_only_uri(database), uri=True, timeout=0, isolation_level=None)
    except (OSError, ValueError, sqlite3.Error):
        return None
    try:
        db.execute("BEGIN")  # one snapshot for both reads
        tables = table_sql(db)
        if not as_created(tables):
            return None
        meta = dict(db.execute("SELECT key, value FROM meta").fetchall())
    except sqlite3.Error:
        return None
    finally:
        db.close()
    if schema_version(meta.get("schema")) != SCHEMA_VERSION or links_stale(meta.get("links")) \
            or not opens_as_is(meta.get("embedded"), "citations" in tables, embedded_digest()):
        return None
    try:
        return fingerprint(meta.get("corpus"), generation(meta.get("generation")))
    except (TypeError, ValueError):
        return None
