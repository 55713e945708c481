"""The process as it was started, made fit to run a command: standard streams closed or full,
an output encoding that lacks characters, arguments that are not UTF-8.

- A closed standard stream (`mtgrules search … >&-`, `mtgrules quiz <&-`): Python gives None
  for it, and the first write or read would end in a traceback. It is opened on /dev/null
  (the lowest free descriptor, which is the closed one): output no one can read is dropped,
  and a closed input reads as its end (a quiz stops, as at the end of a file). The work is done.
- An output encoding that lacks a character (`PYTHONIOENCODING=latin-1`, a C locale's ASCII):
  the character is written escaped (`\\u2192`), not a UnicodeEncodeError.
- Output that cannot be written (`--help >/dev/full`): one line on stderr naming the reason,
  exit 2, instead of an OSError traceback at the last flush (`write_failed`).
- Arguments that are not UTF-8 (`mtgrules card $'aether\\xff hub'`): a name or a query can
  only be typed wrong, and nothing in the corpus could match it; refused in one line, exit 2.
  File names are left to the commands that take them (`ingest`, `parse`, `judge`, `update
  --from`), which say per file that a name is not UTF-8.

Click-free: every command runs this first.
"""

from __future__ import annotations

import os
import sys

from mtgrules.cli.failures import error_line
from mtgrules.cli.terminal import safe

# Commands whose arguments may be file names, which need not be UTF-8.
TAKING_FILES = frozenset({"ingest", "parse", "judge", "update"})


def prepare(argv: list[str]) -> None:
    """Make the standard streams usable, then refuse arguments that are not UTF-8."""
    for descriptor, name, mode in ((0, "stdin", "r"), (1, "stdout", "w"), (2, "stderr", "w")):
        if getattr(sys, name) is None:
            _reopen(descriptor, name, mode)
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")
    _refuse_undecodable(argv)


def _reopen(descriptor: int, name: str, mode: str) -> None:
    opened = os.open(os.devnull, os.O_RDONLY if mode == "r" else os.O_WRONLY)
    if opened != descriptor:  # another descriptor was free below it: not ours to move
        os.dup2(opened, descriptor)
        os.close(opened)
    setattr(sys, name, open(descriptor, mode, encoding="utf-8", errors="backslashreplace", closefd=False))  # noqa: SIM115


def _refuse_undecodable(argv: list[str]) -> None:
    words = [word for word in argv if not word.startswith("-")]
    command = words[0] if words else None
    if command in TAKING_FILES:
        return
    for argument in argv:
        try:
            argument.encode("utf-8")
        except UnicodeEncodeError:
            where = f"{command}: " if command else ""
            _fail(f"{where}the argument '{safe(argument)}' is not UTF-8 text (type it again; check the terminal's encoding)")


def write_failed(error: OSError) -> None:
    """Our output could not be written (a full disk, /dev/full, an I/O error): one line on
    stderr, exit 2. Output still buffered is dropped first, or it would fail again at exit."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)
    _fail(f"cannot write the output: {error_line(error, None)}")


def _fail(line: str) -> None:
    try:
        sys.stderr.write(f"mtgrules: {line}\n")
        sys.stderr.flush()
    except OSError:
        pass
    sys.exit(2)
