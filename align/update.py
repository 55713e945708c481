"""`mtgrules update`: the newest rules and card data fetched, checked and ingested.

Files go under `paths.data_dir()/downloads/<source>/` with names that stay the same from one
update to the next (`AllPrintings.json.xz`, `rulings.json`), so a new file replaces the old
document in the corpus; the rules text keeps its edition's name, so each edition stays a
document of its own, as editions should. `downloads/state.json` remembers each file's version
(`sources.Remote.version`) and the SHA-256 of the copy last ingested: an update fetches and
ingests only what changed.

Every file is fetched and checked before anything is ingested (a failed download leaves the
corpus as it was and the files already complete in place, for the next run); then all files to
ingest go through one ingest call, so Scryfall rulings meet the cards that name them, and a
file that does not parse stores nothing. A lock keeps two updates from writing the same files.
"""

from __future__ import annotations

import fcntl
import json
import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from mtgrules import paths, store
from mtgrules.align import documents, sources
from mtgrules.align import ingest as ingesting
from mtgrules.align.download import DownloadError, DownloadReporter, download
from mtgrules.errors import ParseError
from mtgrules.i18n import N_, _, ngettext, number
from mtgrules.parsers import data_files

SOURCES = (N_("rules"), N_("mtgjson"), N_("scryfall"))  # named in the person's language where shown
_SKIPPED_SUFFIXES = (".sha256", ".part", ".part.json")


class UpdateReporter(DownloadReporter, Protocol):
    def note(self, message: str) -> None:
        """Something a person waiting should know ("waiting for another update…")."""


@dataclass
class Addresses:
    """Where the sources are: the defaults, or a test's server on 127.0.0.1."""

    rules_page: str = sources.RULES_PAGE
    mtgjson: str = sources.MTGJSON_API
    scryfall: str = sources.SCRYFALL_BULK_DATA


@dataclass
class Outcome:
    """What became of one file."""

    source: str  # "rules", "mtgjson", "scryfall", or "folder" for --from
    path: Path
    fetched: str  # "downloaded", "resumed", "up to date" or "given"
    kind: str | None = None  # the document kind it was ingested as
    records: int | None = None  # None: not ingested this time (unchanged since)
    warnings: list[str] = field(default_factory=list)
    error: str | None = None  # why it was not stored (--from: each file stands alone)


def downloads_dir() -> Path:
    return paths.data_dir() / "downloads"


def update(reporter: UpdateReporter, *, only: tuple[str, ...] = SOURCES, sets: list[str] | None = None,
           scryfall_types: tuple[str, ...] = ("rulings",), addresses: Addresses | None = None) -> list[Outcome]:
    """Fetch what is newer than the copies held, then ingest what was not ingested yet."""
    addresses = addresses or Addresses()
    folder = downloads_dir()
    with _locked(folder, reporter):
        remotes: list[sources.Remote] = []  # every address is known before any download starts
        if "rules" in only:
            remotes.append(sources.newest_rules(addresses.rules_page))
        if "mtgjson" in only:
            remotes += sources.mtgjson_files(addresses.mtgjson, sets)
        if "scryfall" in only:
            remotes += sources.scryfall_files(addresses.scryfall, scryfall_types)
        state = _State(folder / "state.json")
        outcomes = []
        for remote in remotes:
            target = folder / remote.source / remote.name
            if target.exists() and state.version(target) == remote.version:
                outcomes.append(Outcome(remote.source, target, "up to date"))
                continue
            resumed = download(remote.url, target, sha256=remote.sha256, size=remote.size, largest=remote.largest,
                               reporter=reporter)
            state.fetched(target, remote.url, remote.version)
            outcomes.append(Outcome(remote.source, target, "resumed" if resumed else "downloaded"))
        try:
            _ingest_outcomes([o for o in outcomes if not state.ingested(o.path)], reporter)
        except ParseError as error:
            raise _forgotten(error, [o for o in outcomes if o.fetched != "up to date"], state) from None
        for outcome in outcomes:
            if outcome.records is not None:
                state.mark_ingested(outcome.path)
        return outcomes


def _forgotten(error: ParseError, fetched: list[Outcome], state: _State) -> ParseError:
    """A file fetched now that does not parse (a challenge page served for the rules text, a
    file cut short by a proxy) is removed with its entry in the state: kept, it would stand
    for the address's version, and every later update would find it "up to date" and fail the
    same way. The error gets the mend."""
    named = [o for o in fetched if documents.resolved_path(str(o.path)) == documents.resolved_path(error.source)]
    for outcome in named or fetched:
        outcome.path.unlink(missing_ok=True)
        state.forget(outcome.path)
    if not (named or fetched):
        return error
    mend = _("the download was removed: run `mtgrules update` again, later, or download the file yourself and use --from FOLDER")
    return ParseError(error.source, error.message, line=error.line, mend=mend)


def update_from(folder: Path, reporter: UpdateReporter) -> list[Outcome]:
    """Ingest the files of `folder`, downloaded by other means (hidden files, checksums and
    parts skipped); a file with a `.sha256` beside it is checked against it first. Each file
    stands alone, as `ingest` treats them: one that is damaged or cannot be read is not stored,
    with its reason in its outcome (`error`), and the others are."""
    files = sorted(path for path in folder.iterdir()
                   if path.is_file() and not path.name.startswith(".") and not path.name.endswith(_SKIPPED_SUFFIXES))
    if not files:
        raise DownloadError(f"{folder}: " + _("no files to ingest"))
    outcomes = [Outcome(N_("folder"), path, "given") for path in files]
    for outcome in outcomes:
        try:
            _check_published_sha256(outcome.path)
        except DownloadError as error:
            outcome.error = str(error)
    _ingest_outcomes([outcome for outcome in outcomes if outcome.error is None], reporter, all_or_nothing=False)
    return outcomes


_LARGEST_SIDECAR = 4096  # a SHA-256 in hex and a file name, with room


def _check_published_sha256(path: Path) -> None:
    published = path.with_name(path.name + ".sha256")
    if not os.path.lexists(published):
        return
    expected = _read_sidecar(published).decode("ascii", errors="replace").split()[:1]
    if expected and data_files.file_digest(path) != expected[0].lower():
        raise DownloadError(f"{path}: " + _("its SHA-256 is not the one in {file}: the file is damaged, download it again").format(
            file=published.name))


def _read_sidecar(published: Path) -> bytes:
    """A `.sha256` beside a file: a regular file of a few bytes. A FIFO (which would block), a
    device (/dev/zero never ends) or a file of megabytes is no checksum."""
    try:
        handle = os.open(published, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as error:
        raise DownloadError(_("{published}: cannot read it ({lower}); mend it or move it away")
                              .format(published=published, lower=(error.strerror or str(error)).lower())) from None
    try:
        if not stat.S_ISREG(os.fstat(handle).st_mode):
            raise DownloadError(_("{published}: not a regular file (a FIFO, a device or a folder?), so no checksum: move "
                                  "it away").format(published=published))
        data = os.read(handle, _LARGEST_SIDECAR + 1)
    finally:
        os.close(handle)
    if len(data) > _LARGEST_SIDECAR:
        raise DownloadError(_("{published}: over {LARGEST_SIDECAR} bytes, not a SHA-256 checksum: move it away")
                              .format(published=published, LARGEST_SIDECAR=number(_LARGEST_SIDECAR)))
    return data


def _ingest_outcomes(outcomes: list[Outcome], reporter: UpdateReporter, all_or_nothing: bool = True) -> None:
    if not outcomes:
        return
    reporter.note(ngettext("ingesting {count} file…", "ingesting {count} files…", len(outcomes)).format(count=len(outcomes)))
    by_path = {documents.resolved_path(str(outcome.path)): outcome for outcome in outcomes}
    corpus = store.Store(on_message=reporter.note)
    done = ingesting.ingest([str(outcome.path) for outcome in outcomes], corpus=corpus, on_wait=reporter.note,
                            all_or_nothing=all_or_nothing)
    for failure in done.failures:  # only without all_or_nothing: else the first failure raised
        failed = by_path.get(documents.resolved_path(failure.source))
        if failed is not None:
            failed.error = str(failure)
    for document in done.stored:
        outcome = by_path.get(documents.resolved_path(document.path))
        if outcome is not None:  # not a page aligned again
            outcome.kind, outcome.records, outcome.warnings = document.kind, document.count, document.warnings
    for unchanged in done.unchanged:  # stored before with the same content: nothing to do
        outcome = by_path[unchanged.path]
        outcome.kind, outcome.records = unchanged.kind, unchanged.records


# -- the store boundary: the one place update asks what is stored -------------------------------------


def _stored(path: Path) -> bool:
    return documents.resolved_path(str(path)) in store.Store().documents()


# -- what was fetched and ingested -------------------------------------------------------------------


class _State:
    """`downloads/state.json`: for each file, its address, version, SHA-256 and the SHA-256 of
    the copy ingested last. Written whole after each change, by replacing the file."""

    def __init__(self, path: Path):
        self.path = path
        try:
            loaded = json.loads(paths.read_whole(path))
        except (OSError, ValueError, paths.FolderError):
            loaded = {}
        self.files: dict[str, dict] = loaded if isinstance(loaded, dict) else {}

    def _key(self, target: Path) -> str:
        return str(target.relative_to(self.path.parent))

    def version(self, target: Path) -> str | None:
        return self.files.get(self._key(target), {}).get("version")

    def fetched(self, target: Path, url: str, version: str) -> None:
        self.files[self._key(target)] = {"url": url, "version": version, "sha256": data_files.file_digest(target)}
        self._save()

    def ingested(self, target: Path) -> bool:
        entry = self.files.get(self._key(target), {})
        return bool(entry.get("sha256")) and entry.get("ingested") == entry.get("sha256") and _stored(target)

    def forget(self, target: Path) -> None:
        if self.files.pop(self._key(target), None) is not None:
            self._save()

    def mark_ingested(self, target: Path) -> None:
        entry = self.files.setdefault(self._key(target), {})
        entry["ingested"] = entry.get("sha256") or data_files.file_digest(target)
        self._save()

    def _save(self) -> None:
        paths.write_whole(self.path, json.dumps(self.files, indent=1, sort_keys=True))


@contextmanager
def _locked(folder: Path, reporter: UpdateReporter) -> Iterator[None]:
    with paths.open_inside(folder / ".lock", "a") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            reporter.note(_("waiting for another `mtgrules update` to finish…"))
            fcntl.flock(lock, fcntl.LOCK_EX)
        yield
