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
"""

from __future__ import annotations

import fcntl
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import IO, TypeVar

from mtgrules import paths
from mtgrules.errors import MtgrulesError
from mtgrules.index import build
from mtgrules.index.build import CURRENT, LOCK, META, SILENT, BuildReporter
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
        meta = build.read_meta(folder)
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
    try:
        entries = list(root.iterdir())
    except OSError:
        return []
    in_use = build.current_build(root)
    if not any(_leftover(entry, in_use) for entry in entries):
        return []
    with _lock_if_free(root) as free:
        if not free:
            return []  # a build is running: what looks half-written may be its folder
        # Looked at again under the lock: a build that finished meanwhile is whole now.
        in_use = build.current_build(root)
        removed = []
        for entry in [entry for entry in root.iterdir() if _leftover(entry, in_use)]:
            if entry.is_dir():
                shutil.rmtree(entry, ignore_errors=True)
            else:
                entry.unlink(missing_ok=True)
            removed.append(entry)
        return removed


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
            fcntl.flock(self.handle, fcntl.LOCK_UN)
            self.handle.close()


def ensure_index(root: Path | None = None, reporter: BuildReporter = SILENT, corpus: Store | None = None) -> Path:
    """`build.ensure_index`, healing first: a damaged index is built again (said once), leftovers
    of killed builds are removed, and a build that fails for want of space leaves the earlier
    build in use (said once)."""
    root = root or paths.index_dir()
    problem = damage(root)
    if problem:
        reporter.note(f"{problem}; building it again")
        _forget(root)
    remove_leftovers(root)
    before = build.current_build(root) if problem is None else None
    try:
        return build.ensure_index(root, reporter, corpus)
    except OSError as error:
        if before is None or not (before / META).exists():
            raise
        why = paths.describe_os_error(error) or f"{error.strerror or error}"
        reporter.note(f"could not build the search index ({why}); searching the index built before,"
                      " which may miss what was ingested since")
        return before


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
    if build.current_build(root) == folder:
        _forget(root)
    with Index(ensure_index(root, reporter)) as index:
        return search(index)

