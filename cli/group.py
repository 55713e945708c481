"""The `mtgrules` command group, through click.

Subcommands are imported only when invoked (a lazy group): importing every command's
dependencies (the search, the engine, the page reader) on each call would cost more than most
commands themselves.
"""

from __future__ import annotations

import importlib

import click

from mtgrules import __version__
from mtgrules.cli.failures import PERSON_ERRORS, error_line, reader_left
from mtgrules.cli.main import COMMANDS
from mtgrules.cli.terminal import safe


class PersonError(click.ClickException):
    """A `MtgrulesError` as click shows it: one line on stderr, exit 2, no traceback."""

    exit_code = 2

    def show(self, file=None) -> None:
        click.echo(f"mtgrules: {safe(self.message)}", err=True)


# click prints help for a group called without a subcommand through this usage error (8.2+).
_HELP_FOR_NO_ARGUMENTS = getattr(click.exceptions, "NoArgsIsHelpError", ())


def usage_line(error: click.UsageError, command: str | None = None) -> str:
    """A usage error as one line, `<command>: <what is wrong> (<mend>)`, where click prints a
    usage block, a hint and the error on five lines. The mend is a close command name for a
    misspelt one, the command's usage for a missing argument, else where the help is."""
    ctx = error.ctx
    names: list[str] = []
    while ctx is not None and ctx.parent is not None:
        names.insert(0, ctx.info_name or "")
        ctx = ctx.parent
    command = " ".join(names) or command
    what = error.format_message().strip()
    if what[1:2].islower():  # "Missing argument …", not "NAME is empty"
        what = what[:1].lower() + what[1:]
    help_for = f"mtgrules {command} --help" if command else "mtgrules --help"
    mend = f"see '{help_for}'"
    misspelt = getattr(error, "command_name", None)
    if misspelt is not None and error.ctx is not None and isinstance(error.ctx.command, click.Group):
        import difflib  # only on this error

        known = error.ctx.command.list_commands(error.ctx)
        close = difflib.get_close_matches(misspelt, known, n=3, cutoff=0.5)
        what = f"no such command {misspelt!r}"
        mend = f"did you mean {' or '.join(close)}?" if close else f"the commands are {', '.join(known)}"
    elif isinstance(error, click.MissingParameter) and error.ctx is not None:
        usage = " ".join(error.ctx.get_usage().split()[1:])  # "Usage: cli card [OPTIONS] NAME..."
        mend = "usage: mtgrules " + usage.split(" ", 1)[1] if " " in usage else f"see '{help_for}'"
    what = what.removesuffix(".")
    line = f"{command}: {what}" if command else what
    return line if what.endswith(")") else f"{line} ({mend})"


class LazyGroup(click.Group):
    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, args)
        except _HELP_FOR_NO_ARGUMENTS:
            raise
        except click.UsageError as error:
            raise PersonError(usage_line(error)) from None

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
            reader_left()
        except _HELP_FOR_NO_ARGUMENTS:
            raise
        except click.UsageError as error:
            raise PersonError(usage_line(error, ctx.invoked_subcommand)) from None
        except PERSON_ERRORS as error:
            if ctx.obj and ctx.obj.get("debug"):
                raise
            raise PersonError(error_line(error, ctx.invoked_subcommand)) from None


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="mtgrules")
@click.option("--debug", is_flag=True, help="Show tracebacks for errors.")
@click.pass_context
def cli(ctx: click.Context, debug: bool) -> None:
    """Multilingual Magic: The Gathering rules and rulings, offline.

    Exit codes: 0 found, 1 nothing found, 2 bad usage or bad input.
    """
    ctx.obj = {"debug": debug}
