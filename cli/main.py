"""The `mtgrules` entry point: the console script and `python -m mtgrules`.

Every command goes through the click group, `mtgrules.cli.group` (declared once, in click),
which this module gives as `cli` too; the group imports a command's module only when it runs.

Python's cyclic garbage collector is off while the process starts (click and the group
imported, the streams made usable), then what the start-up made is frozen (`gc.freeze`: kept
for the life of the process, never walked again) and the collector turned on for the command.
Imports make objects that live as long as the process, not garbage: the collector walked them
again and again as they were made, and once more at exit, some 10 ms of a 75 ms search
(interleaved, 25 rounds). The command itself (an ingest, the web server) runs with it as usual.
"""

from __future__ import annotations

import gc
import sys
from collections.abc import Iterator
from contextlib import contextmanager

# command name -> "module:attribute"; each module owns its command and its help text.
COMMANDS = {
    "ingest": "mtgrules.cli.ingest:ingest",
    "parse": "mtgrules.cli.ingest:parse",
    "search": "mtgrules.cli.search:search",
    "rule": "mtgrules.cli.rule:rule",
    "card": "mtgrules.cli.card:card",
    "term": "mtgrules.cli.term:term",
    "engine": "mtgrules.cli.engine:engine",
    "judge": "mtgrules.cli.judge:judge",
    "quiz": "mtgrules.cli.quiz:quiz",
    "history": "mtgrules.cli.history:history",
    "diff": "mtgrules.cli.diff:diff",
    "stale": "mtgrules.cli.stale:stale",
    "update": "mtgrules.cli.update:update",
    "cite": "mtgrules.cli.cite:cite",
    "config": "mtgrules.cli.config:config",
    "serve": "mtgrules.cli.serve:serve",
}


@contextmanager
def collector_off(freeze: bool = False) -> Iterator[None]:
    """The collector off for a block of a command, and with `freeze` what the block made
    frozen after, as for the group's start-up (module docstring): what a command imports (the
    search its index, some forty modules), which a cold search's collector walked six to eight
    times (0.5 ms); or a bounded piece of work that makes no lasting cycles (one search), which
    reference counting frees."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if freeze:
            gc.freeze()
        if enabled:
            gc.enable()


def main() -> None:
    """Entry point of the console script and of `python -m mtgrules`."""
    gc.disable()  # until the start-up is over (module docstring)
    from mtgrules.cli import environment
    from mtgrules.cli.failures import reader_left
    from mtgrules.cli.group import cli

    environment.prepare(sys.argv[1:])
    gc.freeze()
    gc.enable()
    try:
        cli(prog_name="mtgrules")
    except OSError as error:
        if isinstance(error, BrokenPipeError):
            reader_left()
        if error.filename is not None:
            raise
        environment.write_failed(error)  # help or a usage text that could not be written
    finally:
        # Short output is still in the buffer when the command returns; a reader that left
        # (or a full disk) is found only now.
        try:
            sys.stdout.flush()
        except BrokenPipeError:
            reader_left()
        except OSError as error:
            environment.write_failed(error)


def __getattr__(name: str):
    """`cli` (the click group: `CliRunner().invoke(cli, …)`), imported with click when asked for."""
    if name == "cli":
        from mtgrules.cli.group import cli

        return cli
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
