"""Building the index when the corpus changes, atomically, one writer at a time.

Layout under `paths.index_dir()`:

    CURRENT           the name of the build in use (one line), swapped with os.replace
    build.lock        held (flock) by the one process building
    <fingerprint>-<pid>/   a build: whoosh files plus meta.json

A build is written into a fresh sibling folder and committed; only then does CURRENT point at
it. A killed build leaves CURRENT on the previous build, which stays usable; its half-written
folder is removed by the next build. Searches read CURRENT once and open that folder, so a
rebuild never changes files under a running search. The build before the current one is kept,
so a search that read CURRENT just before a swap still finds its folder; older ones are removed.

A second process that needs a rebuild while one is running waits for the lock (saying so
through its reporter) and then uses the index the first one built.

A build speaks to a person only through a `BuildReporter` the caller passes (the command line
passes one that writes to a terminal, `mtgrules.cli.progress`); the library itself prints
nothing.
"""

from __future__ import annotations

import fcntl
import json
import os
import shutil
from collections import defaultdict
from collections.abc import Iterable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from datetime import UTC, datetime
from pathlib import Path
from typing import Protocol

from mtgrules import paths
from mtgrules.align import linking
from mtgrules.records import Record
from mtgrules.store import Store

META = "meta.json"
CURRENT = "CURRENT"
LOCK = "build.lock"
# Bumped whenever the schema or an analyzer changes: an index built by another version is rebuilt.
LAYOUT = 4
WRITER_MEMORY_MB = 64  # whoosh's pool size; the default (128) alone would pass the 150 MB budget


class BuildReporter(Protocol):
    """How a build tells a person what it is doing."""

    def waiting(self, holder: str) -> None:
        """Another process (`holder`) is building; this one waits for it."""

    def note(self, text: str) -> None:
        """Something about the corpus a person should know (the store moved an old corpus)."""

    def indexing(self, records: list[Record]) -> AbstractContextManager[Iterable[Record]]:
        """The records to index, wrapped in whatever shows progress."""
        ...


class SilentReporter:
    """A reporter that says nothing: the default of library calls."""

    def waiting(self, holder: str) -> None:
        pass

    def note(self, text: str) -> None:
        pass

    def indexing(self, records: list[Record]) -> AbstractContextManager[Iterable[Record]]:
        return nullcontext(records)


SILENT = SilentReporter()


def current_build(root: Path | None = None) -> Path | None:
    """The folder of the index in use, or None when none was built yet."""
    root = root or paths.index_dir()
    try:
        name = (root / CURRENT).read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        return None
    folder = root / name
    return folder if (folder / META).exists() else None


def read_meta(folder: Path) -> dict:
    return json.loads((folder / META).read_text(encoding="utf-8"))


def is_current(folder: Path, fingerprint: str) -> bool:
    """True when `folder` indexes this corpus with this version's schema and analyzers."""
    meta = read_meta(folder)
    return meta["fingerprint"] == fingerprint and meta.get("layout") == LAYOUT


@contextmanager
def _build_lock(root: Path, reporter: BuildReporter = SILENT) -> Iterator[None]:
    root.mkdir(parents=True, exist_ok=True)
    with open(root / LOCK, "a+") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.seek(0)
            holder = handle.read().strip() or "another process"
            reporter.waiting(holder)
            fcntl.flock(handle, fcntl.LOCK_EX)
        handle.seek(0)
        handle.truncate()
        handle.write(f"mtgrules (pid {os.getpid()})")
        handle.flush()
        try:
            yield
        finally:
            handle.truncate(0)
            fcntl.flock(handle, fcntl.LOCK_UN)


def key_languages(records: list[Record]) -> dict[tuple, list[str]]:
    """Key -> the sorted languages in which that key exists (a result shows the others)."""
    langs: dict[tuple, set[str]] = defaultdict(set)
    for record in records:
        langs[record.key].add(record.lang)
    return {key: sorted(found) for key, found in langs.items()}


def write_index(folder: Path, records: list[Record], fingerprint: str, reporter: BuildReporter = SILENT) -> None:
    """Write a complete index of `records` into the new folder `folder`."""
    from whoosh import index

    from mtgrules.index.schema import build_schema, document

    langs = sorted({record.lang for record in records})
    folder.mkdir(parents=True)
    ix = index.create_in(str(folder), build_schema(langs))
    languages_of = key_languages(records)
    # One file per part of the segment, not whoosh's default compound file: whoosh opens a part
    # of a compound file by copying it whole into memory (a BytesIO over the mmap), some 9 MB
    # and 5 ms of each `mtgrules search` with the English rules ingested; plain files are read
    # in place.
    writer = ix.writer(limitmb=WRITER_MEMORY_MB, compound=False)
    try:
        with reporter.indexing(records) as shown:
            for record in shown:
                writer.add_document(**document(record, languages_of[record.key]))
        writer.commit()
    except BaseException:
        writer.cancel()
        raise
    meta = {
        "fingerprint": fingerprint,
        "layout": LAYOUT,
        "langs": langs,
        "records": len(records),
        "built": datetime.now(UTC).isoformat(timespec="seconds"),
    }
    (folder / META).write_text(json.dumps(meta, indent=1) + "\n", encoding="utf-8")


def _swap(root: Path, folder: Path) -> None:
    pointer = root / f".{CURRENT}.{os.getpid()}"
    pointer.write_text(folder.name + "\n", encoding="utf-8")
    os.replace(pointer, root / CURRENT)


def _remove_old_builds(root: Path, keep: set[str]) -> None:
    for entry in root.iterdir():
        if entry.is_dir() and entry.name not in keep:
            shutil.rmtree(entry, ignore_errors=True)


def rebuild(
    records: list[Record] | None = None,
    fingerprint: str | None = None,
    root: Path | None = None,
    reporter: BuildReporter = SILENT,
    corpus: Store | None = None,
) -> Path:
    """Build the index of `records` (default: the whole corpus) and make it current."""
    root = root or paths.index_dir()
    with _build_lock(root, reporter):
        return _rebuild_locked(root, records, fingerprint, reporter, corpus)


def _rebuild_locked(root: Path, records: list[Record] | None, fingerprint: str | None, reporter: BuildReporter,
                    corpus: Store | None) -> Path:
    previous = current_build(root)
    if records is None or fingerprint is None:
        corpus = linking.open_store(store=corpus)
        # One snapshot for both: the records indexed are those the fingerprint names.
        fingerprint = fingerprint or corpus.fingerprint()
        records = linking.all_records(corpus) if records is None else records
    folder = root / f"{fingerprint[:16]}-{os.getpid()}-{datetime.now().strftime('%H%M%S%f')}"
    write_index(folder, records, fingerprint, reporter)
    _swap(root, folder)
    _remove_old_builds(root, {folder.name} | ({previous.name} if previous else set()))
    return folder


def ensure_index(root: Path | None = None, reporter: BuildReporter = SILENT, corpus: Store | None = None) -> Path:
    """The folder of an index of the current corpus (`corpus`, default the user's), built first
    when the corpus changed."""
    root = root or paths.index_dir()
    corpus = linking.open_store(reporter.note, store=corpus)
    fingerprint = corpus.fingerprint()
    folder = current_build(root)
    if folder is not None and is_current(folder, fingerprint):
        return folder
    with _build_lock(root, reporter):
        # Another process may have built it while this one waited for the lock.
        folder = current_build(root)
        if folder is not None and is_current(folder, fingerprint):
            return folder
        return _rebuild_locked(root, None, fingerprint, reporter, corpus)
