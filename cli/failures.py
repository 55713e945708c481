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
from mtgrules.i18n import N_, _

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
    return prefix + _("the input nests too deeply to read (a file nested thousands deep? 'mtgrules --debug' shows where)")


def _os_error_line(error: OSError, command: str | None) -> str:
    """An OS error no reader turned into a ParseError: in mtgrules' own folders (a read-only home,
    a full disk), described with its mend; elsewhere, the file and the system's words."""
    problem = paths.describe_os_error(error)
    prefix = f"{command}: " if command else ""
    if problem is not None:
        return f"{prefix}{problem}"
    reason = _(_OS_REASONS[error.errno]) if error.errno in _OS_REASONS else (error.strerror or str(error)).lower()
    where = f"{os.fsdecode(error.filename)}: " if error.filename is not None else ""
    mend = _(_OS_MENDS.get(error.errno or 0, N_("'mtgrules --debug' shows the details")))
    return f"{prefix}{where}{reason} ({mend})"


# The system's words for the errors a person meets most, in the person's language (strerror
# speaks English here).
_OS_REASONS = {
    errno.EACCES: N_("permission denied"),
    errno.EPERM: N_("operation not permitted"),
    errno.ENOENT: N_("no such file or folder"),
    errno.EISDIR: N_("is a folder"),
    errno.ENOTDIR: N_("not a folder"),
    errno.ELOOP: N_("too many levels of symbolic links"),
    errno.ENOSPC: N_("no space left on the device"),
    errno.EROFS: N_("read-only file system"),
}

_OS_MENDS = {
    errno.EACCES: N_("check its permissions"),
    errno.EPERM: N_("check its permissions"),
    errno.ENOENT: N_("check the path"),
    errno.EISDIR: N_("give a file, not a folder"),
    errno.ENOTDIR: N_("a file stands where a folder should be: check the path"),
    errno.ELOOP: N_("a loop of symbolic links: mend the links"),
    errno.ENOSPC: N_("free some space"),
    errno.EROFS: N_("the file system is read-only"),
}


def reader_left() -> None:
    """The reader of our output closed the pipe (`mtgrules search … | head`): stop quietly.
    Output still buffered would fail again at exit, so stdout is pointed at /dev/null first."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    sys.exit(EXIT_READER_LEFT)
