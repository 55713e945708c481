"""The `mtgrules` command group.

Subcommands are imported only when invoked (a lazy group): `mtgrules search` must start fast,
and importing every command's dependencies (whoosh, the engine, the page reader) on each call would cost
more than the search itself.
"""

from __future__ import annotations

import importlib
import os
import sys

import click

from mtgrules import __version__
from mtgrules.errors import MtgrulesError

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
}


class PersonError(click.ClickException):
    """A `MtgrulesError` as click shows it: one line on stderr, exit 2, no traceback."""

    exit_code = 2

    def show(self, file=None) -> None:
        click.echo(f"mtgrules: {self.message}", err=True)


class LazyGroup(click.Group):
    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        target = COMMANDS.get(name)
        if target is None:
            return None
        module_name, attribute = target.split(":")
        return getattr(importlib.import_module(module_name), attribute)

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except BrokenPipeError:
            _reader_left()
        except MtgrulesError as error:
            if ctx.obj and ctx.obj.get("debug"):
                raise
            raise PersonError(str(error)) from None


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="mtgrules")
@click.option("--debug", is_flag=True, help="Show tracebacks for errors.")
@click.pass_context
def cli(ctx: click.Context, debug: bool) -> None:
    """Multilingual Magic: The Gathering rules and rulings, offline.

    Exit codes: 0 found, 1 nothing found, 2 bad usage or bad input.
    """
    ctx.obj = {"debug": debug}


# 128 + SIGPIPE: what a shell reports for a program whose reader went away (`grep … | head`).
# Not 1, which says "nothing found", nor 0: the output was cut short.
EXIT_READER_LEFT = 141


def _reader_left() -> None:
    """The reader of our output closed the pipe (`mtgrules search … | head`): stop quietly.
    Output still buffered would fail again at exit, so stdout is pointed at /dev/null first."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    sys.exit(EXIT_READER_LEFT)


def main() -> None:
    """Entry point of the console script and of `python -m mtgrules`."""
    try:
        cli(prog_name="mtgrules")
    finally:
        # Short output is still in the buffer when the command returns; a reader that left
        # is found only now.
        try:
            sys.stdout.flush()
        except BrokenPipeError:
            _reader_left()
