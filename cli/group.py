"""The `mtgrules` command group, through click.

Subcommands are imported only when invoked (a lazy group): importing every command's
dependencies (the search, the engine, the page reader) on each call would cost more than most
commands themselves.
"""

from __future__ import annotations

import importlib
import re

import click

from mtgrules import __version__
from mtgrules.cli.failures import PERSON_ERRORS, error_line, reader_left
from mtgrules.cli.main import COMMANDS
from mtgrules.cli.terminal import safe
from mtgrules.cli.translated import VERSION_OPTION, Group, in_language
from mtgrules.i18n import N_, _


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
    what = _click_words(error)
    help_for = f"mtgrules {command} --help" if command else "mtgrules --help"
    mend = _("see '{help}'").format(help=help_for)
    misspelt = getattr(error, "command_name", None)
    if misspelt is not None and error.ctx is not None and isinstance(error.ctx.command, click.Group):
        import difflib  # only on this error

        known = error.ctx.command.list_commands(error.ctx)
        close = difflib.get_close_matches(misspelt, known, n=3, cutoff=0.5)
        what = _("no such command {name!r}").format(name=misspelt)
        mend = (_("did you mean {names}?").format(names=_(" or ").join(close)) if close
                else _("the commands are {names}").format(names=", ".join(known)))
    elif isinstance(error, click.MissingParameter) and error.ctx is not None and command:
        with in_language(error.ctx.command, error.ctx):
            pieces = error.ctx.command.collect_usage_pieces(error.ctx)  # "[OPTIONS] NAME...", translated
        mend = _("usage: {usage}").format(usage=" ".join(["mtgrules", command, *pieces]))
    what = what.removesuffix(".")
    line = f"{command}: {what}" if command else what
    return line if what.endswith(")") else f"{line} ({mend})"


def _click_words(error: click.UsageError) -> str:
    """What click says is wrong, in the person's language: the errors a person meets most
    are worded here, in one line; any other is click's message (its words through the
    catalogs too, `translated.speaking`). A parameter is named by its translated metavar."""
    param, ctx = getattr(error, "param", None), error.ctx
    if ctx is None:
        return _click_message(error, param, ctx)
    with in_language(ctx.command, ctx):
        return _click_message(error, param, ctx)


def _click_message(error: click.UsageError, param: click.Parameter | None, ctx: click.Context | None) -> str:
    hint = param.get_error_hint(ctx) if param is not None and ctx is not None else getattr(error, "param_hint", None)
    if isinstance(error, click.MissingParameter):
        kind = error.param_type or (param.param_type_name if param is not None else "parameter")
        return (_("missing option {name}") if kind == "option" else _("missing argument {name}")).format(name=hint)
    if isinstance(error, click.NoSuchOption):
        close = ", ".join(error.possibilities or [])
        what = _("no such option {name!r}").format(name=error.option_name)
        return what + (" (" + _("did you mean {names}?").format(names=close) + ")" if close else "")
    if isinstance(error, click.BadParameter):
        if hint:
            return _("invalid value for {name}: {message}").format(name=hint, message=error.message)
        return _("invalid value: {message}").format(message=error.message)
    what = error.format_message().strip()
    if isinstance(error, click.BadOptionUsage) and what.endswith("requires an argument."):
        return _("option {name!r} requires an argument").format(name=error.option_name)
    extra = re.match(r"Got unexpected extra arguments? \((.*)\)$", what)
    if extra:
        return _("got unexpected extra argument ({arguments})").format(arguments=extra.group(1))
    if what[1:2].islower():  # "Missing argument …", not "NAME is empty"
        what = what[:1].lower() + what[1:]
    return what


class LazyGroup(Group):
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


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]}, help=N_(
    "Multilingual Magic: The Gathering rules and rulings, offline.\n\n"
    "Exit codes: 0 found, 1 nothing found, 2 bad usage or bad input."
))
@click.version_option(__version__, prog_name="mtgrules", help=VERSION_OPTION)
@click.option("--debug", is_flag=True, help=N_("Show tracebacks for errors."))
@click.pass_context
def cli(ctx: click.Context, debug: bool) -> None:
    ctx.obj = {"debug": debug}
