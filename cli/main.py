"""The `mtgrules` command group.

Subcommands are imported only when invoked (a lazy group): `mtgrules search` must start fast,
and importing every command's dependencies (whoosh, the engine, the page reader) on each call would cost
more than the search itself.
"""

from __future__ import annotations

import errno
import importlib
import os
import sys

import click

from mtgrules import __version__, paths
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
        import difflib  # only on this error: `mtgrules search` starts without it

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
            _reader_left()
        except _HELP_FOR_NO_ARGUMENTS:
            raise
        except click.UsageError as error:
            raise PersonError(usage_line(error, ctx.invoked_subcommand)) from None
        except MtgrulesError as error:
            if ctx.obj and ctx.obj.get("debug"):
                raise
            raise PersonError(str(error)) from None
        except OSError as error:
            if ctx.obj and ctx.obj.get("debug"):
                raise
            raise PersonError(_os_error_line(error, ctx.invoked_subcommand)) from None
        except RecursionError:
            # The readers limit nesting themselves (HTML, JSON); this is the net for any other.
            if ctx.obj and ctx.obj.get("debug"):
                raise
            prefix = f"{ctx.invoked_subcommand}: " if ctx.invoked_subcommand else ""
            raise PersonError(f"{prefix}the input nests too deeply to read (a file nested thousands deep?"
                              " 'mtgrules --debug' shows where)") from None


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="mtgrules")
@click.option("--debug", is_flag=True, help="Show tracebacks for errors.")
@click.pass_context
def cli(ctx: click.Context, debug: bool) -> None:
    """Multilingual Magic: The Gathering rules and rulings, offline.

    Exit codes: 0 found, 1 nothing found, 2 bad usage or bad input.
    """
    ctx.obj = {"debug": debug}


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
