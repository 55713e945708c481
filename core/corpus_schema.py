"""The corpus database's schema and the packaged files it is made from, apart from the store
(`mtgrules.store`) that alone reads and writes the database: the SQL of its tables, the rule by
which an opened database is read as it is (this schema version, every table as `SCHEMA` creates
it, the packaged seeds' digest), and where the packaged seeds and committed lexicon are.
A module of its own because the store is already long, and the alignment and the lookups read
the packaged files too.
"""

from __future__ import annotations

import functools
import os
import sqlite3
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path

SCHEMA_VERSION = 1
EMBEDDED_RECORDS = "seeds.jsonl"
EMBEDDED_MANIFEST = "seeds-manifest.json"
COMMITTED_LEXICON = "lexicon.tsv"  # the bilingual lexicon shipped with mtgrules (`align.corpus_lexicon`)
FALSE_FRIENDS = "false_friends.tsv"  # words spelt as English ones, meaning something else (`align.false_friends`)

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
    """`packaged_path(name)` as a Path, for the readers of a whole file."""
    from pathlib import Path  # not on a search's path, which reads digests (`packaged_digest`)

    return Path(packaged_path(name))


def packaged_path(name: str) -> str:
    """A data file of the `mtgrules.corpus` package (the seed records, the committed lexicon),
    by its path in the package's folder as the import system finds it (without importing the
    package, which belongs to a higher layer). Not `importlib.resources`: its import (zipfile,
    importlib.resources.readers, typing...) costs each cold search 3-5 ms, and mtgrules is
    installed as files (a wheel unpacked, or a checkout), never run from a zip."""
    return os.path.join(_corpus_package(), name)


@functools.cache
def _corpus_package() -> str:
    from importlib.util import find_spec

    spec = find_spec("mtgrules.corpus")
    if spec is None or not spec.submodule_search_locations:
        raise FileNotFoundError("the package mtgrules.corpus (the packaged seeds and lexicon) is not installed")
    return spec.submodule_search_locations[0]


@functools.cache
def packaged_digest(*names: str) -> str:
    """Names the content of packaged files, one after the other: their length and CRC-32
    (zlib's). Worked out once a process (the lexicon is 330 kB: a search asked for it twice,
    each a few tenths of a millisecond) and kept in the cache folder by the files' stamps
    (`stamped_digests`: reading and checksumming them cost each cold search 0.7 ms), never
    beside them, where it could go stale. It tells a new package's files from the old ones,
    nothing more (no one forges a package against this check), so a checksum does: SHA-256
    would load OpenSSL (`hashlib`), 3 ms of every cold search; zlib is loaded anyway (the
    stemmers import it)."""
    from mtgrules import stamped_digests

    files = [packaged_path(name) for name in names]
    return stamped_digests.digest(files, lambda: _checksum(files))


def _checksum(files: list[str]) -> str:
    import zlib

    length, checksum = 0, 0
    for path in files:
        with open(path, "rb") as handle:
            data = handle.read()
        length += len(data)
        checksum = zlib.crc32(data, checksum)
    return f"{length:x}-{checksum:08x}"


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


def old_layout(database: str | Path) -> str:
    """Where an earlier version kept the corpus: `corpus/manifest.json` beside the database."""
    return os.path.join(os.path.dirname(database), "corpus", "manifest.json")


def seeds_alone(database: str | Path) -> bool:
    """True when the corpus is the packaged seeds alone: nothing ingested yet, so no database
    file (nor an earlier version's corpus to migrate). The store then reads the seeds' corpus
    kept in the cache folder (`mtgrules.seeds_cache`), written there by the first command."""
    return not os.path.exists(database) and not os.path.exists(old_layout(database))


def seeds_alone_corpus() -> str:
    """The `corpus` the store names its database of the seeds alone with (`store._in_memory`)."""
    return f"memory-{embedded_digest()[:16]}"
