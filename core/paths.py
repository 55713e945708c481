"""Where the user's data and cache live: `MTGRULES_HOME` when set, else the XDG directories.

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

Writing inside these folders never follows a symbolic link: someone who can plant a link in
the data folder (`downloads/.lock` -> `~/.bashrc`) must not make mtgrules truncate or overwrite
the file it points to. Every writer opens its files through `open_inside` (and folders through
`make_folders`, renames through `replace_inside`, SQLite databases after `check_no_links`): each
folder below the data or cache folder is opened with O_NOFOLLOW, one after the other from
that folder down (so a link anywhere on the way is refused, not only at the end), and the file
itself with O_NOFOLLOW and O_NONBLOCK (a FIFO planted in its place does not block the open);
what is opened must be a regular file. A link met is a `FolderError` naming it, with the mend
(remove it). The data and cache folders themselves may be links: the user chose them.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from typing import TYPE_CHECKING

from mtgrules import i18n  # a module: i18n imports this one
from mtgrules.errors import MtgrulesError

if TYPE_CHECKING:
    from pathlib import Path
    from typing import TypeVar

    _Folder = TypeVar("_Folder", str, Path)

# The folders are worked out as strings (`data_folder`, `cache_folder`, `database_file`): a
# search reads them and nothing else, and pathlib (with the urllib.parse, ipaddress and fnmatch
# it imports) cost every cold search 4 ms. `data_dir()` and the others hand the same path out
# as a Path for the commands that write.


def _as_path(folder: str) -> Path:
    from pathlib import Path  # for the writers; see above

    return Path(folder)


def _plain(path: str) -> str:
    """`path` written as pathlib writes it (`str(Path(path))`): no `.` parts, no doubled or
    trailing slashes; `..` kept. The folders named in messages read as they always have."""
    root = "//" if path.startswith("//") and not path.startswith("///") else "/" if path.startswith("/") else ""
    parts = [part for part in path.split("/") if part and part != "."]
    return root + "/".join(parts) or "."


def _join(folder: str, *names: str) -> str:
    return _plain(os.path.join(folder, *names))


def _and_above(path: str) -> list[str]:
    """`path` and each folder above it, as `(Path(path), *Path(path).parents)` lists them."""
    places = [path]
    while path not in ("/", "//", "."):
        parent = os.path.dirname(path) or "."
        if parent == path:
            break
        places.append(parent)
        path = parent
    return places


def elsewhere() -> str:
    """The mend that ends many of these errors, in the person's language."""
    return i18n._("or set MTGRULES_HOME to a folder of your own")


class FolderError(MtgrulesError):
    """A folder mtgrules keeps data in is unusable: the message names it, what is wrong and the mend."""


# Longer than this, a file inside the folder outgrows PATH_MAX (4,096 bytes on Linux) and SQLite
# can only say "unable to open database file": the folder is refused first, saying why.
LONGEST_FOLDER = 3_800


def data_folder() -> str:
    """The folder of the user's corpus (the database of ingested records) and quiz progress."""
    home = _mtgrules_home()
    if home is not None:
        return _checked(home, "MTGRULES_HOME")
    return _checked(_join(_xdg("XDG_DATA_HOME", ".local/share"), "mtgrules"), "XDG_DATA_HOME")


def cache_folder() -> str:
    """The folder of derived data (the lexicon learned from the corpus): safe to delete, made again on demand."""
    home = _mtgrules_home()
    if home is not None:
        return _checked(_join(home, "cache"), "MTGRULES_HOME")
    return _checked(_join(_xdg("XDG_CACHE_HOME", ".cache"), "mtgrules"), "XDG_CACHE_HOME")


def database_file() -> str:
    """The corpus database (`mtgrules.store`)."""
    return _join(data_folder(), "corpus.sqlite3")


def data_dir() -> Path:
    """`data_folder()` as a Path."""
    return _as_path(data_folder())


def cache_dir() -> Path:
    """`cache_folder()` as a Path."""
    return _as_path(cache_folder())


def database_path() -> Path:
    """`database_file()` as a Path."""
    return _as_path(database_file())


def _mtgrules_home() -> str | None:
    """MTGRULES_HOME when set. Set but empty is a mistake (`MTGRULES_HOME= mtgrules …`, a variable
    that expanded to nothing), refused: falling back on the home folder would write where the
    person meant not to."""
    home = os.environ.get("MTGRULES_HOME")
    if home is None:
        return None
    if not home.strip():
        raise FolderError(i18n._("MTGRULES_HOME is set but empty (set it to a folder, or unset it to use the home folder)"))
    return _plain(home)


def corpus_dir() -> Path:
    """Where versions before the database kept the corpus (`manifest.json`, `documents/`):
    read once, to migrate it."""
    return _as_path(_checked(_join(data_folder(), "corpus"), "MTGRULES_HOME"))


def _xdg(variable: str, fallback: str) -> str:
    value = os.environ.get(variable)
    if value and os.path.isabs(value):
        return _plain(value)
    return _join(_user_home(), fallback)  # unset, empty or relative: ignored, as the specification says


def user_home() -> Path:
    """`_user_home()` as a Path."""
    return _as_path(_user_home())


def _user_home() -> str:
    """The user's home folder: `HOME`, else (HOME unset or empty) the password database's entry
    for this user. Either must be an absolute path to an existing folder other than the root of
    the file system. A HOME that names something else (a missing folder, a relative path) is a
    mistake to mend, not a reason to write into the password database's home instead."""
    given = os.environ.get("HOME")
    candidates = (given,) if given else (_password_home(),)
    for candidate in candidates:
        if candidate and os.path.isabs(candidate) and os.path.isdir(candidate) and not _is_root(candidate):
            return _plain(candidate)
    if given is None or not given:
        what = i18n._("is not set") if given is None else i18n._("is empty")
    elif os.path.isabs(given) and not os.path.isdir(given):
        what = i18n._("is {home!r}, which is not a folder").format(home=given)
    else:
        what = i18n._("is {home!r}, not a home folder").format(home=given)
    raise FolderError(i18n._("no home folder to keep mtgrules' data in: HOME {what} (set HOME to your home folder, "
                        "{ELSEWHERE})").format(what=what, ELSEWHERE=elsewhere()))


def _password_home() -> str | None:
    try:
        import pwd

        return pwd.getpwuid(os.getuid()).pw_dir
    except (ImportError, KeyError):
        return None


def _is_root(folder: str) -> bool:
    resolved = os.path.realpath(folder)
    return os.path.dirname(resolved) == resolved


def _checked(path: str, setting: str) -> str:
    """`path` if it is a folder or can become one: the first part of it that exists, walking up,
    must be a folder, and the path short enough for the files inside. Costs one `stat` when the
    folder exists."""
    if len(os.fsencode(os.path.abspath(path))) > LONGEST_FOLDER:
        raise FolderError(i18n._("{named_briefly} is {count} bytes long: the files inside would outgrow the system's limit "
                            "on a path (4,096 bytes) (set MTGRULES_HOME to a shorter path)")
                            .format(named_briefly=_named_briefly(path, setting),
                                    count=i18n.number(len(os.fsencode(os.path.abspath(path))))))
    for place in _and_above(path):
        try:
            mode = os.stat(place).st_mode
        except (FileNotFoundError, NotADirectoryError):
            if os.path.islink(place):  # creating the folder would fail: nothing at the far end
                raise FolderError(i18n._("{named} is a symbolic link to {readlink}, which does not exist (create that folder, "
                                    "{ELSEWHERE})")
                                    .format(named=_named(place, setting), readlink=os.readlink(place), ELSEWHERE=elsewhere())) from None
            continue  # not there yet, or a file above it: the walk finds which
        except OSError as error:
            above = os.path.dirname(place) or "."
            raise FolderError(f"{_named(place, setting)}: {_reason(error)} ({_mend(error.errno, setting, above)})") from None
        if stat.S_ISDIR(mode):
            return path
        raise FolderError(i18n._("{named} is a file, not a folder ({mend})")
                            .format(named=_named(place, setting), mend=_mend(errno.ENOTDIR, setting)))
    return path


def _named_briefly(place: str, setting: str) -> str:
    """The folder's first and last characters: a path thousands of characters long is no line."""
    shown = place
    shown = shown if len(shown) <= 80 else f"{shown[:40]}…{shown[-30:]}"
    if os.environ.get(setting):
        return i18n._("the folder {shown} (from {setting})").format(shown=shown, setting=setting)
    return i18n._("the folder {shown}").format(shown=shown)


def _named(place: str, setting: str) -> str:
    """The path, with the variable that chose it when the user set one."""
    value = os.environ.get(setting)
    if not value or (not os.path.isabs(value) and setting != "MTGRULES_HOME"):
        return place
    if _plain(value) == place:
        return f"{setting}={value}"
    return i18n._("{place} (in {setting}={value})").format(place=place, setting=setting, value=value)


def _reason(error: OSError) -> str:
    if error.errno == errno.ELOOP:
        return i18n._("a loop of symbolic links")
    return (error.strerror or str(error)).lower()


def _mend(code: int | None, setting: str, place: str | None = None) -> str:
    if code in (errno.EACCES, errno.EPERM):
        if place is None:
            return i18n._("make it readable and writable for you, {elsewhere}").format(elsewhere=elsewhere())
        return i18n._("make {place} readable and writable for you, {elsewhere}").format(place=place, elsewhere=elsewhere())
    if code == errno.EROFS:
        return i18n._("the file system is read-only: set MTGRULES_HOME to a folder on a writable disk")
    if code in (errno.ENOSPC, errno.EDQUOT):
        return i18n._("free some space, or set MTGRULES_HOME to a folder on another disk")
    if code == errno.EFBIG:
        return i18n._("a limit on file sizes (ulimit -f) or the file system refuses it: raise the limit, or set MTGRULES_HOME to "
                      "another disk")
    if code == errno.ENOTDIR:
        if setting == "MTGRULES_HOME" and os.environ.get("MTGRULES_HOME"):
            return i18n._("point MTGRULES_HOME at a folder, or move the file away")
        return i18n._("move the file away, {elsewhere}").format(elsewhere=elsewhere())
    if code == errno.ELOOP:
        return i18n._("mend the links, {elsewhere}").format(elsewhere=elsewhere())
    return i18n._("check it, {elsewhere}").format(elsewhere=elsewhere())


def check_writable(folder: Path) -> Path:
    """`folder` when this process can write there (or create it): the first part of it that
    exists must let us add entries. Nothing is created. For commands that must write (ingest,
    quiz) to say so in one line before doing any work."""
    place = next((p for p in _and_above(os.fspath(folder)) if os.path.exists(p)), "/")
    if os.access(place, os.W_OK | os.X_OK):
        return folder
    read_only = _read_only_file_system(place)
    code = errno.EROFS if read_only else errno.EACCES
    what = i18n._("is on a read-only file system") if read_only else i18n._("cannot be written")
    shown = place if place == os.fspath(folder) else i18n._("{place} (above {folder})").format(place=place, folder=folder)
    raise FolderError(i18n._("{shown} {what}, and this command must write there ({mend})")
                        .format(shown=shown, what=what, mend=_mend(code, 'MTGRULES_HOME', place)))


def _read_only_file_system(place: str) -> bool:
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
        folders = [data_folder(), cache_folder()]
    except FolderError as problem:
        return problem
    for folder in folders:
        top = os.path.abspath(folder)
        if path == top or path.startswith(top.rstrip(os.sep) + os.sep):
            refusing = next((p for p in _and_above(path) if os.path.lexists(p)), path)
            return FolderError(f"{path}: {_reason(error)} ({_mend(error.errno, 'MTGRULES_HOME', refusing)})")
    return None


# -- writing inside the data and cache folders, never through a link ----------------------------------

_MODES = {"w": os.O_WRONLY | os.O_CREAT | os.O_TRUNC, "a": os.O_WRONLY | os.O_CREAT | os.O_APPEND,
          "x": os.O_WRONLY | os.O_CREAT | os.O_EXCL, "r+": os.O_RDWR, "w+": os.O_RDWR | os.O_CREAT | os.O_TRUNC,
          "a+": os.O_RDWR | os.O_CREAT | os.O_APPEND}
SQLITE_COMPANIONS = ("-wal", "-shm", "-journal")  # the files SQLite keeps beside a database
_FOLDER = os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC


class LinkedError(FolderError):
    """A symbolic link where mtgrules keeps a file or folder of its own."""


def open_inside(path: str | Path, mode: str = "w", encoding: str | None = "utf-8"):
    """`open(path, mode)` for a file mtgrules writes, its folders made as needed, with no link
    followed on the way nor at the end (see the module docstring); `mode` one of w, a, x, r+,
    w+, a+, with b for bytes."""
    text = "b" not in mode
    flags = _MODES[mode.replace("b", "")]
    folder = _open_parent(os.fspath(path), create=True)
    try:
        try:
            handle = os.open(os.path.basename(path), flags | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC, 0o666, dir_fd=folder)
        except OSError as error:
            raise _named_error(error, os.fspath(path)) from None
    finally:
        os.close(folder)
    try:
        _check_regular(handle, path)
        return os.fdopen(handle, mode, encoding=encoding if text else None)
    except BaseException:
        os.close(handle)
        raise


def read_whole(path: str | Path) -> bytes:
    """The whole of a file mtgrules keeps (its settings, `update`'s state, a cache), opened
    without blocking: a FIFO or a device planted in its place is a `FolderError` naming it,
    with the mend, where a plain `open` waited for a writer that never comes and hung every
    command. FileNotFoundError when there is none."""
    handle = os.open(os.fspath(path), os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    try:
        _check_regular(handle, path)
        stream = os.fdopen(handle, "rb")
    except BaseException:
        os.close(handle)
        raise
    with stream:
        return stream.read()


def _check_regular(handle: int, path: str | Path) -> None:
    """A `FolderError` unless the open `handle` is a regular file; then blocking again."""
    if not stat.S_ISREG(os.fstat(handle).st_mode):
        raise FolderError(i18n._("{path} is not a regular file (a FIFO or a device?), where mtgrules keeps a file of its "
                            "own (remove it)").format(path=path))
    os.set_blocking(handle, True)


def make_folders(folder: _Folder) -> _Folder:
    """`folder.mkdir(parents=True, exist_ok=True)`, without following a link below the data or
    cache folder (a link there is a `LinkedError`)."""
    os.close(_open_parent(os.path.join(folder, "-"), create=True))  # "-": any name, whose folder is `folder`
    return folder


def write_whole(path: str | Path, text: str) -> None:
    """`text` as the whole of the file at `path`, inside our folders: written to a temporary
    file beside it (named for this process) moved into place, so a reader sees the old file or
    the new one, never half of it. The temporary file is made anew (O_EXCL: nothing already
    there, not even a hard link, is written into) and removed when the write or the move
    fails. For the settings, `update`'s state and the caches of derived data (the engine's
    links, the learned lexicon, `stamped_digests`)."""
    path = os.fspath(path)
    temporary = os.path.join(os.path.dirname(path), f".{os.path.basename(path)}.{os.getpid()}")
    try:
        with open_inside(temporary, "x") as stream:
            stream.write(text)
        replace_inside(temporary, path)
    except BaseException:
        _remove_inside(temporary)
        raise


def _remove_inside(path: str) -> None:
    """Removes the file at `path` when it is there and can be, through no link; never an error."""
    with contextlib.suppress(OSError, FolderError):
        folder = _open_parent(path, create=False)
        try:
            os.unlink(os.path.basename(path), dir_fd=folder)
        finally:
            os.close(folder)


def replace_inside(source: str | Path, target: str | Path) -> None:
    """`os.replace(source, target)` for two files of one folder of ours: a link at `target` is
    replaced itself, never followed; a link on the way to the folder is a `LinkedError`."""
    source, target = os.fspath(source), os.fspath(target)
    if os.path.dirname(source) != os.path.dirname(target):
        raise ValueError(f"{source} and {target} are not in one folder")
    folder = _open_parent(target, create=False)
    try:
        os.replace(os.path.basename(source), os.path.basename(target), src_dir_fd=folder, dst_dir_fd=folder)
    finally:
        os.close(folder)


def check_no_links(path: str | os.PathLike[str], *companions: str) -> None:
    """Refuses (a `LinkedError`) `path` when it, a file named `path` + one of `companions` (SQLite's
    `-wal`, `-shm`, `-journal`), or a folder on the way below the data or cache folder is a link.
    Nothing is made: a missing folder holds no link. For files another library opens (SQLite),
    which follows links."""
    path = os.fspath(path)
    try:
        os.close(_open_parent(path, create=False))
    except FileNotFoundError:
        return
    for place in (path, *(path + companion for companion in companions)):
        if os.path.islink(place):
            raise _linked(place)


def _root_of(path: str) -> str | None:
    """The data or cache folder that is or holds `path` (the outermost when both do), else None."""
    path = os.path.abspath(path)
    roots = []
    for root in (data_folder, cache_folder):
        try:
            roots.append(os.path.abspath(root()))
        except FolderError:
            continue
    held = [root for root in roots if root == path or path.startswith(root.rstrip("/") + "/")]
    return min(held, key=len) if held else None


def _open_parent(path: str, *, create: bool) -> int:
    """A descriptor of the folder holding `path`, opened folder by folder from the data or cache
    folder down, each without following a link (made when `create` and absent)."""
    parent = os.path.dirname(os.path.abspath(path))
    root = _root_of(parent)
    if root is None:  # a file of the caller's choosing, outside our folders: its folder as given
        if create:
            os.makedirs(parent, exist_ok=True)
        return os.open(parent, _FOLDER)
    if create:
        os.makedirs(root, exist_ok=True)
    folder = os.open(root, _FOLDER)
    place = root
    try:
        for part in [part for part in parent[len(root):].split("/") if part]:
            place = os.path.join(place, part)
            try:
                inner = os.open(part, _FOLDER | os.O_NOFOLLOW, dir_fd=folder)
            except FileNotFoundError:
                if not create:
                    raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), str(place)) from None
                with contextlib.suppress(FileExistsError):
                    os.mkdir(part, 0o777, dir_fd=folder)
                try:
                    inner = os.open(part, _FOLDER | os.O_NOFOLLOW, dir_fd=folder)
                except OSError as error:
                    raise _named_error(error, place) from None
            except OSError as error:
                raise _named_error(error, place) from None
            os.close(folder)
            folder = inner
    except BaseException:
        os.close(folder)
        raise
    return folder


def _named_error(error: OSError, place: str) -> Exception:
    """A link where a file or folder of ours belongs as a `LinkedError`; any other error with
    the path it concerns (an error from a descriptor-relative call names only the last part)."""
    if error.errno in (errno.ELOOP, errno.ENOTDIR, errno.EMLINK) and os.path.islink(place):
        return _linked(place)
    if error.errno == errno.ENXIO:  # O_WRONLY | O_NONBLOCK on a FIFO nobody reads
        return FolderError(i18n._("{place} is a FIFO, where mtgrules keeps a file of its own (remove it)")
                             .format(place=place))
    return type(error)(error.errno, error.strerror, str(place))


def _linked(place: str) -> LinkedError:
    try:
        target = f" to {os.readlink(place)}"
    except OSError:
        target = ""
    return LinkedError(i18n._("{place} is a symbolic link{target}, where mtgrules keeps a file of its own: mtgrules never "
                         "writes through a link (remove the link; to keep the data elsewhere, set MTGRULES_HOME)")
                         .format(place=place, target=target))
