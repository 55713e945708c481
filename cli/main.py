"""The `mtgrules` command group.

Subcommands are imported only when invoked (a lazy group): `mtgrules search` must start fast,
and importing every command's dependencies (whoosh, the engine, bs4) on each call would cost
more than the search itself.
"""

from __future__ import annotations

import importlib

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


def main() -> None:
    """Entry point of the console script and of `python -m mtgrules`."""
    cli(prog_name="mtgrules")
