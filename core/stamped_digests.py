"""The digests of packaged files, kept in the cache folder by each file's stamp.

Every command that opens the corpus names the packaged seeds' content, and every search the
committed lexicon's (`corpus_schema.packaged_digest`: is the database of these seeds, were the
search tables written with this lexicon): reading and checksumming the 390 kB of both cost each
cold search 0.7 ms. A file's stamp (its device, inode, size, modification and change times)
changes whenever the file is written, and a new installation writes new files; so the digest
worked out for the stamps of a set of files is kept in `cache/packaged-digests.json` and read
back while their stamps are the same.

Derived data, never needed: a cache folder that cannot be used or written, or a file that is
missing or garbled, means the digest is worked out as before (and kept when it can be). Kept
only in a cache folder that is there already (the seeds' corpus, the engine's links and the
learned lexicon make it): a command that stored nothing (a refused ingest) leaves no folder
behind. Written as the engine's links are (`paths.write_whole`): whole, to a temporary file
beside it moved into place, no link followed; it keeps the entries of other installations
sharing the home, at most `MOST_KEPT`. Read once a process.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Callable

FILE = "packaged-digests.json"
MOST_KEPT = 16  # sets of files (installations sharing one cache folder) whose digests are kept
_read: dict[str, dict] = {}  # the file as this process read it, by its path


def _stamp(path: str) -> list[int]:
    found = os.stat(path)
    return [found.st_dev, found.st_ino, found.st_size, found.st_mtime_ns, found.st_ctime_ns]


def digest(files: list[str], work_out: Callable[[], str]) -> str:
    """The digest of `files` kept for their stamps, else `work_out()`, kept for them."""
    from mtgrules import paths
    from mtgrules.errors import MtgrulesError

    try:
        stamps = [_stamp(path) for path in files]
        folder = paths.cache_folder()
    except (OSError, MtgrulesError):
        return work_out()
    kept_in = os.path.join(folder, FILE)
    key = "\n".join(files)
    kept = _kept(kept_in)
    entry = kept.get(key)
    if isinstance(entry, list) and len(entry) == 2 and entry[0] == stamps and isinstance(entry[1], str):
        return entry[1]
    found = work_out()
    if os.path.isdir(folder):
        others = [(name, value) for name, value in kept.items() if name != key]
        kept = _read[kept_in] = dict([*others[-(MOST_KEPT - 1):], (key, [stamps, found])])
        with contextlib.suppress(OSError, MtgrulesError):  # derived data: what was worked out is used all the same
            paths.write_whole(kept_in, json.dumps(kept))
    return found


def _kept(path: str) -> dict:
    from mtgrules import paths
    from mtgrules.errors import MtgrulesError

    if path not in _read:
        try:
            found = json.loads(paths.read_whole(path))
        except (OSError, ValueError, MtgrulesError):  # a FIFO or damage in a cache: worked out again
            found = {}
        _read[path] = found if isinstance(found, dict) else {}
    return _read[path]
