"""How a command's failure reaches a person (`mtgrules.cli.group` runs every command through
click): one line on stderr naming what went wrong and the mend, exit 2; a reader that closed our
output (`mtgrules search … | head`) ends the command quietly with 141.

Click-free: `mtgrules search` imports it on every call.
"""

from __future__ import annotations

import errno
import os
import sys

from mtgrules import paths
from mtgrules.errors import MtgrulesError

# What a person can mend (bad input, a full disk, input nested too deep). Anything else is a
# bug, shown with its traceback.
PERSON_ERRORS = (MtgrulesError, OSError, RecursionError)

# 128 + SIGPIPE: what a shell reports for a program whose reader went away (`grep … | head`).
# Not 1, which says "nothing found", nor 0: the output was cut short.
EXIT_READER_LEFT = 141


def error_line(error: BaseException, command: str | None) -> str:
    """The one line (without "mtgrules: ") for one of PERSON_ERRORS raised by `command`."""
    prefix = f"{command}: " if command else ""
    if isinstance(error, MtgrulesError):
        return str(error)
    if isinstance(error, OSError):
        return _os_error_line(error, command)
    # The readers limit nesting themselves (HTML, JSON); this is the net for any other.
    return f"{prefix}the input nests too deeply to read (a file nested thousands deep? 'mtgrules --debug' shows where)"


def _os_error_line(error: OSError, command: str | None) -> str:
    """An OS error no reader turned into a ParseError: in mtgrules' own folders (a read-only home,
    a full disk), described with its mend; elsewhere, the file and the system's words."""
    problem = paths.describe_os_error(error)
    prefix = f"{command}: " if command else ""
    if problem is not None:
        return f"{prefix}{problem}"
    reason = (error.strerror or str(error)).lower()
    where = f"{os.fsdecode(error.filename)}: " if error.filename is not None else ""
    mend = _OS_MENDS.get(error.errno or 0, "'mtgrules --debug' shows the details")
    return f"{prefix}{where}{reason} ({mend})"


_OS_MENDS = {
    errno.EACCES: "check its permissions",
    errno.EPERM: "check its permissions",
    errno.ENOENT: "check the path",
    errno.EISDIR: "give a file, not a folder",
    errno.ENOTDIR: "a file stands where a folder should be: check the path",
    errno.ELOOP: "a loop of symbolic links: mend the links",
    errno.ENOSPC: "free some space",
    errno.EROFS: "the file system is read-only",
}


def reader_left() -> None:
    """The reader of our output closed the pipe (`mtgrules search … | head`): stop quietly.
    Output still buffered would fail again at exit, so stdout is pointed at /dev/null first."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    sys.exit(EXIT_READER_LEFT)
