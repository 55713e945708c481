"""The corpus database opened to be read as it is: the store's rule for a snapshot, in a module
of its own so that a search, which only reads, does not import the store (`mtgrules.store`:
its keyed queries, its writing, the seeds and the migration, 3 ms of every cold search).

- `connect`: every connection to the corpus database, the store's included: no link on the
  way (SQLite follows links), temporary files in memory, the `fold` function, and errors of
  damage put in words (`_Connection`).
- `open_ready`: the snapshot (a connection inside its read transaction) when the database
  opens as it is, with this schema (`check_version`) and the packaged seeds; None when it must
  be written first. `Store` opens its snapshots through it.
- `Reader`: what a search holds. The snapshot `open_ready` gives, and a `Store` for all else
  (a database to create, migrate or refresh, the seeds alone, a write, a copy in memory, a new
  snapshot), made the first time one is needed, with the store's rules and messages.
"""

from __future__ import annotations

import functools
import os
import sqlite3
from collections.abc import Callable
from typing import TYPE_CHECKING

from mtgrules import corpus_schema, paths
from mtgrules.corpus_schema import SCHEMA, SCHEMA_VERSION
from mtgrules.errors import MtgrulesError
from mtgrules.i18n import _
from mtgrules.text import fold

if TYPE_CHECKING:
    from contextlib import AbstractContextManager
    from pathlib import Path

    from mtgrules.store import Store, Writer

READER_WAIT_MS = 5000

Message = Callable[[str], None]


class StoreError(MtgrulesError):
    """The corpus database cannot be used as it is: one line saying why and what to do."""


class StoreUnwritable(StoreError):
    """The corpus database (or its folder) cannot be written."""


class _Cursor(sqlite3.Cursor):
    """A cursor whose damage errors name the database (see `_Connection`)."""

    connection: _Connection

    def __next__(self):
        try:
            return super().__next__()
        except sqlite3.DatabaseError as error:
            raise self.connection.named(error) from None

    def fetchone(self):
        try:
            return super().fetchone()
        except sqlite3.DatabaseError as error:
            raise self.connection.named(error) from None

    def fetchall(self):
        try:
            return super().fetchall()
        except sqlite3.DatabaseError as error:
            raise self.connection.named(error) from None


# What SQLite says when a write fails for want of room (SQLITE_FULL, SQLITE_IOERR on EFBIG/ENOSPC).
_FULL = ("database or disk is full", "disk I/O error")


class _Connection(sqlite3.Connection):
    """A connection to the corpus database whose errors of damage ("database disk image is
    malformed", "file is not a database": met at any query, since SQLite reads pages as it goes)
    are a StoreError naming the file and the mend, not a traceback from whichever lookup met
    them first; a write failing for want of room is a StoreUnwritable saying so. Other errors
    (locked, busy, read-only) stay as they are, for the callers that wait or fall back on them."""

    label = ""

    def named(self, error: sqlite3.DatabaseError) -> Exception:
        if not self.label:
            return error
        if isinstance(error, sqlite3.OperationalError) and any(text in str(error) for text in _FULL):
            return StoreUnwritable(_("{label}: cannot write the corpus ({error}): the disk is full, or a limit on file "
                                     "sizes was reached (free some space, or set MTGRULES_HOME to another disk); nothing "
                                     "of this change was stored").format(label=self.label, error=error))
        if type(error) is not sqlite3.DatabaseError:
            return error
        return _damaged(self.label, error)

    def execute(self, sql: str, parameters=(), /) -> _Cursor:
        try:
            return self.cursor(_Cursor).execute(sql, parameters)
        except sqlite3.DatabaseError as error:
            raise self.named(error) from None

    def executemany(self, sql: str, parameters, /) -> _Cursor:
        try:
            return self.cursor(_Cursor).executemany(sql, parameters)
        except sqlite3.DatabaseError as error:
            raise self.named(error) from None


def _damaged(path: str, error: sqlite3.DatabaseError) -> StoreError:
    if "not a database" in str(error):
        return StoreError(_("{path}: not a corpus database ({error}); move it away and ingest your documents again")
                            .format(path=path, error=error))
    return StoreError(_("{path}: the corpus database is damaged ({error}); move it away (or mend it with 'sqlite3 FILE "
                        ".recover') and ingest your documents again").format(path=path, error=error))

def connect(target: str, *, uri: bool = False) -> sqlite3.Connection:
    """A connection to the database at `target` (a path or URI). SQLite follows links, and
    even a reader of a WAL database writes its `-shm`: the file and those beside it must be no
    links (`paths.check_no_links`). Its temporary files (sorts, an index built) stay in memory,
    not in the system's temporary folder, outside the data folder."""
    if not uri and target != ":memory:":  # (the one URI is an immutable copy's source, never written)
        paths.check_no_links(target, *paths.SQLITE_COMPANIONS)
    db = sqlite3.connect(target, isolation_level=None, uri=uri, timeout=READER_WAIT_MS / 1000, check_same_thread=False,
                         factory=_Connection)
    if target != ":memory:":
        db.label = target.split("?")[0].removeprefix("file://") if uri else target
    db.execute("PRAGMA foreign_keys = ON")
    db.execute("PRAGMA temp_store = MEMORY")
    db.create_function("fold", 1, fold, deterministic=True)
    return db

def has_schema(db: sqlite3.Connection) -> bool:
    return db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'").fetchone() is not None


ADDED_ON_OPEN = frozenset({"citations"})
"""Tables `SCHEMA` has that a database written before them gets when it is first opened."""


def has_citations(db: sqlite3.Connection) -> bool:
    return db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'citations'").fetchone() is not None

_COLUMNS = ("SELECT m.name, p.name FROM sqlite_master AS m, pragma_table_info(m.name) AS p"
            " WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%'")


@functools.cache
def _schema_columns() -> frozenset[tuple[str, str]]:
    """(table, column) of every table of `SCHEMA`."""
    db = sqlite3.connect(":memory:")
    try:
        db.executescript(SCHEMA)
        return frozenset(db.execute(_COLUMNS).fetchall())
    finally:
        db.close()


def check_version(db: sqlite3.Connection, path: str) -> None:
    """The database is a corpus of this schema: its version, and every table and column this
    version reads (a file of the right version whose tables were dropped or altered would break
    some lookup later, far from its cause)."""
    row = db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
    version = corpus_schema.schema_version(row[0] if row else None)
    if version != SCHEMA_VERSION:
        raise StoreError(
            _("{path}: corpus database of schema {version}, this mtgrules reads schema {SCHEMA_VERSION} (use the "
              "mtgrules that wrote it, or move the file away and ingest again)")
              .format(path=path, version=version, SCHEMA_VERSION=SCHEMA_VERSION)
        )
    if corpus_schema.as_created(corpus_schema.table_sql(db)):
        return  # every table as this version creates it: every column is there
    present = set(db.execute(_COLUMNS).fetchall())
    tables = {table for table, _ in present}
    # a table added to older databases when they are opened (`store._add_citations`) may be absent yet
    missing = {(table, column) for table, column in _schema_columns() - present
               if table in tables or table not in ADDED_ON_OPEN}
    if missing:
        table, column = min(missing)
        raise StoreError(_("{path}: corpus database without the column {column} of its table {table} (damaged, or "
                           "changed by another program); move it away and ingest your documents again")
                           .format(path=path, column=column, table=table))

def check_not_folder(path: str | Path) -> None:
    if os.path.isdir(path):
        raise StoreError(_("{path} is a folder, not the corpus database (move it away, or set MTGRULES_HOME to a folder "
                           "of your own)").format(path=path))


def not_a_corpus(path: str | Path, error: sqlite3.DatabaseError) -> StoreError:
    return StoreError(_("{path}: not a corpus database ({error}); move it away and ingest your documents again")
                        .format(path=path, error=error))

def open_ready(path: str | Path) -> sqlite3.Connection | None:
    """A connection inside its read transaction (the snapshot) when the database exists
    with this schema and the packaged seeds (`corpus_schema.opens_as_is`); None when it
    must be written first (or cannot be read in place). A schema of another version is an error."""
    check_not_folder(path)
    if not os.path.exists(path):
        return None
    try:
        db = connect(str(path))
        db.execute("BEGIN")
        ready = has_schema(db)  # the snapshot starts at this first read
    except sqlite3.OperationalError as error:
        if "locked" in str(error):  # held with an exclusive lock by another program, for READER_WAIT_MS
            raise StoreError(_("{path}: the corpus database is locked by another program ({error}); close the "
                               "program holding it (an SQLite browser, a backup tool) and try again")
                               .format(path=path, error=error)) from None
        return None
    except sqlite3.DatabaseError as error:
        raise not_a_corpus(path, error) from None
    if ready:
        check_version(db, str(path))
        row = db.execute("SELECT value FROM meta WHERE key = 'embedded'").fetchone()
        ready = corpus_schema.opens_as_is(row[0] if row else None, has_citations(db), corpus_schema.embedded_digest())
    if not ready:
        db.close()
        return None
    return db


def renewed(db: sqlite3.Connection, seen: int | None) -> int | None:
    """A new snapshot on `db`, the connection of an earlier one: its read transaction ended
    and the next begun, when nothing was committed since `seen` (SQLite's `data_version` when
    this was last asked; None: not asked yet). Returns that version, or None when something
    was committed: the corpus is then opened again as at a first query (a migration, new seeds
    are looked for as then), by the caller."""
    if db.in_transaction:
        db.execute("COMMIT")
    version = db.execute("PRAGMA data_version").fetchone()[0]
    if seen is not None and version != seen:
        return None
    db.execute("BEGIN")
    return version


class Reader:
    """The corpus at `path` for a search: the snapshot as it is (`open_ready`), else, and for
    anything but reading it (`writing`, `read_copy_in_memory`, `renew`), a `Store` on the same
    path, made then (the snapshot read so far is closed first). `on_message` is the store's."""

    def __init__(self, path: str, *, on_message: Message | None = None):
        self.path = path
        self.on_message = on_message
        self._ready: sqlite3.Connection | None = None
        self._data_version: int | None = None  # of `_ready`, when `renew` last asked (`renewed`)
        self._store: Store | None = None

    @property
    def store(self) -> Store:
        if self._store is None:
            from mtgrules.store import Store  # creating, migrating, writing: not what a plain search does

            self._close_ready()
            self._store = Store(self.path, on_message=self.on_message)
        return self._store

    @property
    def db(self) -> sqlite3.Connection:
        if self._ready is None and self._store is None and not corpus_schema.seeds_alone(self.path):
            self._ready = open_ready(self.path)
        return self._ready if self._ready is not None else self.store.db

    def renew(self) -> None:
        """As `Store.renew`: a new snapshot on the same connection while nothing was committed;
        after a commit, the corpus opened again, as at a first query."""
        if self._ready is None:
            if self._store is not None:
                self._store.renew()
            return
        version = renewed(self._ready, self._data_version)
        if version is None:  # something was committed
            self._close_ready()
            db = self.db  # opened now, as at a first query, to note its version before its snapshot
            if self._ready is None:
                return  # through the store
            version = renewed(db, None)
        self._data_version = version

    def writing(self) -> AbstractContextManager[Writer]:
        return self.store.writing()

    def read_copy_in_memory(self) -> None:
        self.store.read_copy_in_memory()

    def close(self) -> None:
        self._close_ready()
        if self._store is not None:
            self._store.close()

    def _close_ready(self) -> None:
        if self._ready is not None:
            self._ready.close()
            self._ready = None
            self._data_version = None
