"""The `mtgrules` entry point: the console script and `python -m mtgrules`.

Every command goes through the click group, `mtgrules.cli.group` (declared once, in click),
which this module gives as `cli` too; the group imports a command's module only when it runs.
"""

from __future__ import annotations

import sys

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
    "config": "mtgrules.cli.config:config",
}


def main() -> None:
    """Entry point of the console script and of `python -m mtgrules`."""
    from mtgrules.cli.failures import reader_left
    from mtgrules.cli.group import cli

    try:
        cli(prog_name="mtgrules")
    finally:
        # Short output is still in the buffer when the command returns; a reader that left
        # is found only now.
        try:
            sys.stdout.flush()
        except BrokenPipeError:
            reader_left()


def __getattr__(name: str):
    """`cli` (the click group: `CliRunner().invoke(cli, …)`), imported with click when asked for."""
    if name == "cli":
        from mtgrules.cli.group import cli

        return cli
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
