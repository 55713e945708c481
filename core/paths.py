"""Where the user's data and index live: `MTGRULES_HOME` when set, else the XDG directories.

Everything is derived at call time (not import time) so tests can point MTGRULES_HOME at a
temporary folder with monkeypatch.

The environment is judged here, so that a bad setting is one line naming the folder, what is
wrong and the mend (a `FolderError`: exit 2) instead of a traceback from whichever command first
touches the folder:

- `MTGRULES_HOME`, or a folder above one of ours, that is a file, a symbolic-link loop or out of
  reach;
- no home folder: `HOME` unset, empty, relative or the root of the file system falls back to the
  home the password database gives; when that is no better, there is nowhere to keep data (never
  `/.local/share/mtgrules`, never under whatever the current folder happens to be);
- `XDG_DATA_HOME` and `XDG_CACHE_HOME` are used only when absolute: the XDG Base Directory
  specification says a relative path is invalid and must be ignored.

A folder that cannot be written is no error by itself: lookups on the embedded corpus read
only. A command that must write checks `check_writable(data_dir())` before any work, and an OS
error met later inside these folders is put in words by `describe_os_error`.
"""

from __future__ import annotations

import errno
import os
import stat
import sys

from mtgrules.errors import MtgrulesError
from mtgrules.stand_ins import deferred, import_with_stand_ins, module_of

if "pathlib" not in sys.modules:
    # pathlib imports urllib.parse (with ipaddress: some 2 ms of a cold search) for one
    # function, used by `Path.as_uri` alone: a stand-in imports it when that is first called.
    # Any other import of urllib.parse gets the real module (tests/test_index_import.py).
    import_with_stand_ins(["pathlib"], {"urllib.parse": module_of("urllib.parse", {
        "quote_from_bytes": deferred("urllib.parse", "quote_from_bytes")})})

from pathlib import Path  # after the stand-in above

ELSEWHERE = "or set MTGRULES_HOME to a folder of your own"


class FolderError(MtgrulesError):
    """A folder mtgrules keeps data in is unusable: the message names it, what is wrong and the mend."""


def data_dir() -> Path:
    """The folder of the user's corpus (the database of ingested records) and quiz progress."""
    home = os.environ.get("MTGRULES_HOME")
    if home:
        return _checked(Path(home), "MTGRULES_HOME")
    return _checked(_xdg("XDG_DATA_HOME", ".local/share") / "mtgrules", "XDG_DATA_HOME")


def cache_dir() -> Path:
    """The folder of derived data (the search index): safe to delete, rebuilt on demand."""
    home = os.environ.get("MTGRULES_HOME")
    if home:
        return _checked(Path(home) / "cache", "MTGRULES_HOME")
    return _checked(_xdg("XDG_CACHE_HOME", ".cache") / "mtgrules", "XDG_CACHE_HOME")


def database_path() -> Path:
    """The corpus database (`mtgrules.store`)."""
    return data_dir() / "corpus.sqlite3"


def corpus_dir() -> Path:
    """Where versions before the database kept the corpus (`manifest.json`, `documents/`):
    read once, to migrate it."""
    return _checked(data_dir() / "corpus", "MTGRULES_HOME")


def index_dir() -> Path:
    return _checked(cache_dir() / "index", "MTGRULES_HOME")


def _xdg(variable: str, fallback: str) -> Path:
    value = os.environ.get(variable)
    if value and os.path.isabs(value):
        return Path(value)
    return user_home() / fallback  # unset, empty or relative: ignored, as the specification says


def user_home() -> Path:
    """The user's home folder: `HOME`, else the password database's entry for this user. Either
    must be an absolute path to an existing folder other than the root of the file system."""
    given = os.environ.get("HOME")
    for candidate in (given, _password_home()):
        if candidate and os.path.isabs(candidate) and os.path.isdir(candidate) and not _is_root(candidate):
            return Path(candidate)
    if given is None or not given:
        what = "is not set" if given is None else "is empty"
    elif os.path.isabs(given) and not os.path.isdir(given):
        what = f"is {given!r}, which is not a folder"
    else:
        what = f"is {given!r}, not a home folder"
    raise FolderError(f"no home folder to keep mtgrules' data in: HOME {what} (set HOME to your home folder, {ELSEWHERE})")


def _password_home() -> str | None:
    try:
        import pwd

        return pwd.getpwuid(os.getuid()).pw_dir
    except (ImportError, KeyError):
        return None


def _is_root(folder: str) -> bool:
    resolved = Path(folder).resolve()
    return resolved == resolved.parent


def _checked(path: Path, setting: str) -> Path:
    """`path` if it is a folder or can become one: the first part of it that exists, walking up,
    must be a folder. Costs one `stat` when the folder exists."""
    for place in (path, *path.parents):
        try:
            mode = os.stat(place).st_mode
        except (FileNotFoundError, NotADirectoryError):
            if os.path.islink(place):  # creating the folder would fail: nothing at the far end
                raise FolderError(f"{_named(place, setting)} is a symbolic link to {os.readlink(place)}, which does not exist"
                                  f" (create that folder, {ELSEWHERE})") from None
            continue  # not there yet, or a file above it: the walk finds which
        except OSError as error:
            raise FolderError(f"{_named(place, setting)}: {_reason(error)} ({_mend(error.errno, setting, place.parent)})") from None
        if stat.S_ISDIR(mode):
            return path
        raise FolderError(f"{_named(place, setting)} is a file, not a folder ({_mend(errno.ENOTDIR, setting)})")
    return path


def _named(place: Path, setting: str) -> str:
    """The path, with the variable that chose it when the user set one."""
    value = os.environ.get(setting)
    if not value or (not os.path.isabs(value) and setting != "MTGRULES_HOME"):
        return str(place)
    return f"{setting}={value}" if Path(value) == place else f"{place} (in {setting}={value})"


def _reason(error: OSError) -> str:
    if error.errno == errno.ELOOP:
        return "a loop of symbolic links"
    return (error.strerror or str(error)).lower()


def _mend(code: int | None, setting: str, place: Path | None = None) -> str:
    if code in (errno.EACCES, errno.EPERM):
        return f"make {place or 'it'} readable and writable for you, {ELSEWHERE}"
    if code == errno.EROFS:
        return "the file system is read-only: set MTGRULES_HOME to a folder on a writable disk"
    if code in (errno.ENOSPC, errno.EDQUOT):
        return "free some space, or set MTGRULES_HOME to a folder on another disk"
    if code == errno.EFBIG:
        return "a limit on file sizes (ulimit -f) or the file system refuses it: raise the limit, or set MTGRULES_HOME to another disk"
    if code == errno.ENOTDIR:
        if setting == "MTGRULES_HOME" and os.environ.get("MTGRULES_HOME"):
            return "point MTGRULES_HOME at a folder, or move the file away"
        return f"move the file away, {ELSEWHERE}"
    if code == errno.ELOOP:
        return f"mend the links, {ELSEWHERE}"
    return f"check it, {ELSEWHERE}"


def check_writable(folder: Path) -> Path:
    """`folder` when this process can write there (or create it): the first part of it that
    exists must let us add entries. Nothing is created. For commands that must write (ingest,
    quiz) to say so in one line before doing any work."""
    place = next((p for p in (folder, *folder.parents) if os.path.exists(p)), Path("/"))
    if os.access(place, os.W_OK | os.X_OK):
        return folder
    read_only = _read_only_file_system(place)
    code = errno.EROFS if read_only else errno.EACCES
    what = "is on a read-only file system" if read_only else "cannot be written"
    shown = str(place) if place == folder else f"{place} (above {folder})"
    raise FolderError(f"{shown} {what}, and this command must write there ({_mend(code, 'MTGRULES_HOME', place)})")


def _read_only_file_system(place: Path) -> bool:
    try:
        return bool(os.statvfs(place).f_flag & os.ST_RDONLY)
    except OSError:
        return False


def describe_os_error(error: OSError) -> FolderError | None:
    """The one line for an OS error met inside mtgrules' own folders (a read-only home, a full
    disk, a file where a folder should be), or None when it concerns another file."""
    filename = error.filename
    if filename is None:
        return None
    path = os.path.abspath(os.fsdecode(filename))
    try:
        folders = [data_dir(), cache_dir()]
    except FolderError as problem:
        return problem
    for folder in folders:
        top = os.path.abspath(folder)
        if path == top or path.startswith(top.rstrip(os.sep) + os.sep):
            refusing = next((p for p in (Path(path), *Path(path).parents) if os.path.lexists(p)), Path(path))
            return FolderError(f"{path}: {_reason(error)} ({_mend(error.errno, 'MTGRULES_HOME', refusing)})")
    return None
