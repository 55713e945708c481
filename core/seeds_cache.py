"""The packaged seeds' corpus, written once into the cache folder and read from there.

With nothing ingested (no corpus database: a fresh install), every command read the packaged
seeds into a database in memory and a search wrote its search tables there: some 0.6 s of CPU a
search before it searched. A corpus of the seeds alone depends on nothing but the package, so
the store keeps it as a file in the cache folder, `seeds/corpus-<schema>-<seeds digest>.sqlite3`
(named by the schema version and the digest of the packaged seed files,
`corpus_schema.embedded_digest`), and the next commands read it as it is (immutable: no lock,
no journal). It is a cache, never the person's data: an ingest writes the corpus database in
the data folder as before, and once that exists this file is not read.

What the file holds besides the records (the search tables) is what the process that wrote it
derived: a reader that finds those tables out of date (a process that never searched wrote the
file, or another analysis version reads it) writes them in a copy in memory, as for any
database it cannot write, and keeps that copy as the new file. So the file follows both the
package's seeds (its name) and the analysis version (the tables' own state).

Written whole to a temporary file beside it and moved into place: two commands at once each
write a whole file, and a reader never sees half of one; files of other seeds or schema
versions are removed then. A cache folder that cannot be written: the seeds are read into
memory at each command, as before, and the store says so in one line.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import time
from pathlib import Path

from mtgrules import i18n, paths
from mtgrules.corpus_schema import SCHEMA_VERSION
from mtgrules.errors import MtgrulesError

FOLDER = "seeds"
LOCKED_FOR = 2.0  # seconds a copy waits for the seeds' database to be free before it gives up
PREFIX = "corpus-"


def path(seeds_digest: str) -> Path | None:
    """Where the corpus of these seeds is kept; None when there is no usable cache folder."""
    try:
        folder = paths.cache_dir() / FOLDER
    except MtgrulesError:
        return None
    return folder / f"{PREFIX}{SCHEMA_VERSION}-{seeds_digest[:16]}.sqlite3"


def _given_up_after(seconds: float):
    """A backup's progress callback that ends it once the source has stayed busy or locked for
    `seconds`: sqlite3's backup otherwise retries for ever (a write left open on the source, or
    another connection's lock, hung a first command for over an hour)."""
    started = time.monotonic()

    def progress(status: int, remaining: int, total: int) -> None:
        if status in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED) and time.monotonic() - started > seconds:
            raise sqlite3.OperationalError(i18n._("the database stayed locked for {seconds} s").format(seconds=f"{seconds:g}"))

    return progress


def keep(db: sqlite3.Connection, target: Path) -> str | None:
    """Write the database of `db` (the seeds alone, with what was derived from them) to
    `target`; None when done, else the one line saying why not."""
    partial = target.with_name(f"{target.name}.{os.getpid()}.partial")
    try:
        paths.make_folders(target.parent)
        paths.check_no_links(partial)
        copy = sqlite3.connect(partial)
        try:
            db.backup(copy, progress=_given_up_after(LOCKED_FOR), sleep=0.05)
        finally:
            copy.close()
        paths.replace_inside(partial, target)
    except (OSError, sqlite3.Error, MtgrulesError) as error:
        with contextlib.suppress(OSError):
            partial.unlink(missing_ok=True)
        return i18n._("cannot keep the seeds' corpus in {folder} ({error}); reading them into memory at each command").format(
            folder=target.parent, error=error)
    for other in target.parent.glob(f"{PREFIX}*.sqlite3"):  # other seeds or schema versions
        if other.name != target.name:
            with contextlib.suppress(OSError):
                other.unlink()
    return None
