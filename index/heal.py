"""The search index heals itself: it is derived data, so damage to it is never the person's
problem to mend.

What can go wrong under `paths.index_dir()` and what is done about it:

- `CURRENT` garbled or naming a build that is gone, a build's `meta.json` garbled, a file of
  the build missing or of another size than it was built with (`meta.json` lists them), a
  whoosh file or a lexicon overwritten (a crash of the machine, a disk error, a person's editor): the
  index is built again once, and a person is told so in one line through the reporter. When a
  search meets the damage only while reading (whoosh reads posting lists lazily), the search is
  run once more on the new build. Damage that survives a fresh build is not the index's: that
  error is raised as it is.
- Leftovers of a build killed midway (its half-written folder, a `.CURRENT.<pid>` pointer not
  yet swapped in, a lexicon `.tmp`): removed by the next command that finds them, while it
  holds the build lock (so never a build another process is writing).
- A build that fails for want of space or permission (a full disk): its half-written folder is
  removed and the build in use before stays in use, with one line saying the results may miss
  what was ingested since; with no earlier build, the one-line error of the file system.

`build.py` stays the builder; this module only decides when to trust what is on disk.

Almost every search finds the index current, and then needs nothing of the builder or the
store: `current_without_store` decides that from the index's files and a few rows of the
corpus database read with bare `sqlite3` (`mtgrules.readiness`), so that a cold search does
not import the store, the records, alignment's linking and the builder (some 20-30 ms of the
75 it may take). On any doubt it says nothing, and `ensure_index` goes the whole way through
`build.ensure_index`, which heals, updates, migrates and waits exactly as before.
"""

from __future__ import annotations

from pathlib import Path

from mtgrules import paths, readiness
from mtgrules.errors import MtgrulesError
from mtgrules.index import layout
from mtgrules.index.layout import CURRENT, LOCK, META, SILENT

TYPE_CHECKING = False  # `typing` is not imported on a cold search's path
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import IO, TypeVar

    from mtgrules.index.build import BuildReporter
    from mtgrules.store import Store

    T = TypeVar("T")


def damage(root: Path) -> str | None:
    """What is wrong with the index in use, in words, or None when it looks whole (or none
    was built yet). Reads CURRENT and the build's meta, nothing of whoosh."""
    pointer = root / CURRENT
    try:
        raw = pointer.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as error:
        return f"the search index's {pointer} cannot be read ({error.strerror})"
    try:
        name = raw.decode("utf-8").strip()
        folder = root / name
        if not name or "/" in name or name.startswith(".") or not folder.is_dir():
            return f"the search index's {pointer} names no build ({name[:60]!r})"
    except ValueError:
        return f"the search index's {pointer} is garbled"
    try:
        meta = layout.read_meta(folder)
        sizes = dict(meta.get("files") or {})
        str(meta["fingerprint"])
    except FileNotFoundError:
        return f"the search index in {folder} has no {META}"
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as error:
        return f"the search index's {folder / META} is damaged ({type(error).__name__})"
    for name, size in sizes.items():  # some 20 files: a stat each
        try:
            found = (folder / name).stat().st_size
        except OSError:
            return f"the search index's {folder / name} is missing"
        if found != size:
            return f"the search index's {folder / name} is damaged ({found:,} bytes, built with {size:,})"
    return None


def remove_leftovers(root: Path) -> list[Path]:
    """Remove what killed builds left (see the module docstring), when no build is running;
    returns what was removed. Costs one listing of the index folder when there is nothing."""
    in_use = layout.current_build(root)
    if not has_leftovers(root, in_use):
        return []
    import shutil  # only to remove what was left: a search that finds nothing to remove never imports it

    with _lock_if_free(root) as free:
        if not free:
            return []  # a build is running: what looks half-written may be its folder
        # Looked at again under the lock: a build that finished meanwhile is whole now.
        in_use = layout.current_build(root)
        removed = []
        for entry in [entry for entry in root.iterdir() if _leftover(entry, in_use)]:
            if entry.is_dir():
                shutil.rmtree(entry, ignore_errors=True)
            else:
                entry.unlink(missing_ok=True)
            removed.append(entry)
        return removed


def has_leftovers(root: Path, in_use: Path | None) -> bool:
    """True when killed builds left something under `root` (`remove_leftovers` removes it)."""
    try:
        return any(_leftover(entry, in_use) for entry in root.iterdir())
    except OSError:
        return False


def _leftover(entry: Path, in_use: Path | None) -> bool:
    if entry.name.startswith(f".{CURRENT}.") or entry.suffix == ".tmp":
        return True
    return entry.is_dir() and entry != in_use and not (entry / META).exists()


class _lock_if_free:
    """The build lock when no one holds it (entered as True), else nothing (False)."""

    def __init__(self, root: Path):
        self.path = root / LOCK
        self.handle: IO[str] | None = None

    def __enter__(self) -> bool:
        import fcntl  # only when there are leftovers to remove

        try:
            handle = open(self.path, "a")  # held until __exit__
        except OSError:
            return False
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.close()
            return False
        self.handle = handle
        return True

    def __exit__(self, *exc) -> None:
        if self.handle is not None:
            import fcntl

            fcntl.flock(self.handle, fcntl.LOCK_UN)
            self.handle.close()


def ensure_index(root: Path | None = None, reporter: BuildReporter = SILENT, corpus: Store | None = None) -> Path:
    """The build in use when `current_without_store` finds nothing to do (and no `corpus` is
    given); else `build.ensure_index`, healing first: a damaged index is built again (said once), leftovers
    of killed builds are removed, and a build that fails for want of space leaves the earlier
    build in use (said once)."""
    root = root or paths.index_dir()
    if corpus is None:
        folder = current_without_store(root)
        if folder is not None:
            return folder
    from mtgrules.index import build

    problem = damage(root)
    if problem:
        reporter.note(f"{problem}; building it again")
        _forget(root)
    remove_leftovers(root)
    before = layout.current_build(root) if problem is None else None
    try:
        return build.ensure_index(root, reporter, corpus)
    except OSError as error:
        if before is None or not (before / META).exists():
            raise
        why = paths.describe_os_error(error) or f"{error.strerror or error}"
        reporter.note(f"could not build the search index ({why}); searching the index built before,"
                      " which may miss what was ingested since")
        return before


def current_without_store(root: Path) -> Path | None:
    """The build in use when nothing needs doing before a search reads it: it is whole
    (`damage`), no killed build left anything, and it indexes the user's corpus as the store
    reads it now, with this version's layout and committed lexicon (`layout.is_current` of the
    fingerprint `readiness.fingerprint_if_ready` reads: a database the store would read as it
    is, with no seeds to load again, no migration, no links to work out). None on any doubt."""
    folder = layout.current_build(root)
    if folder is None or damage(root) is not None or has_leftovers(root, folder):
        return None
    fingerprint = readiness.fingerprint_if_ready(paths.database_path())
    if fingerprint is None or not layout.is_current(folder, fingerprint):
        return None
    return folder


def _forget(root: Path) -> None:
    """Point at no build: the next `ensure_index` builds a fresh one."""
    (root / CURRENT).unlink(missing_ok=True)


def run(search: Callable[[object], T], reporter: BuildReporter = SILENT, root: Path | None = None) -> T:
    """`search(index)` on the current index (`mtgrules.index.query.Index`), opened through
    `ensure_index`. When opening or reading the index fails (its files damaged), the index is
    built again, said in one line, and `search` runs once more on the new build."""
    from mtgrules.index.query import Index

    root = root or paths.index_dir()
    folder = ensure_index(root, reporter)
    try:
        with Index(folder) as index:
            return search(index)
    except (MtgrulesError, BrokenPipeError, MemoryError, RecursionError):
        raise
    except Exception as error:  # whatever whoosh raises on a damaged file
        reporter.note(f"the search index in {folder} could not be read ({type(error).__name__}: {str(error)[:80]});"
                      " building it again")
    if layout.current_build(root) == folder:
        _forget(root)
    with Index(ensure_index(root, reporter)) as index:
        return search(index)

