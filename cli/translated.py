"""click's words in the person's language: our commands' help, and click's own words.

Two sources of words reach a person through click, and both go through mtgrules' catalogs:

- **Ours**: a command's help, its options' and arguments' help and their metavars (`LANGS`,
  `NAME`). They are written as message ids (`help=N_("…")`, never `_()` at import: the words
  would be frozen in the language of the import, and translating every command's help would
  cost each cold start) and translated when the help or the usage line is formatted, by
  `Command`. Every command of mtgrules is one (`@click.command(cls=Command)`, or `Group`).
- **click's**: "Usage:", "Options:", "Show this message and exit.", "Missing argument",
  "… is not one of …". click marks them with the standard `gettext.gettext`, which reads the
  process's text domain in the languages of the environment, as a GNU program does; `speaking`
  binds that domain to mtgrules' catalogs (which carry click's messages too: `.ci/catalogs`
  extracts them from the installed click) in the person's language, for as long as a command
  runs (`Group.main`, through `mtgrules.i18n.speaking`); English leaves gettext untouched.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import click

from mtgrules import i18n
from mtgrules.i18n import N_, _

# click's help option, created by click (in the language of its first use, and kept): its words
# are set back to the message id, translated when shown as every other option's.
HELP_OPTION = N_("Show this message and exit.")
VERSION_OPTION = N_("Show the version and exit.")

# The words of the usage line that click writes as they are given (not through gettext).
OPTIONS_METAVAR = N_("[OPTIONS]")
SUBCOMMAND_METAVAR = N_("COMMAND [ARGS]...")

_WORDED: weakref.WeakSet[click.Option] = weakref.WeakSet()  # help options given their message id

_COMMAND_TEXTS = ("help", "short_help", "epilog", "options_metavar", "subcommand_metavar")
_PARAM_TEXTS = ("help", "metavar")


@contextmanager
def in_language(command: click.Command, ctx: click.Context | None) -> Iterator[None]:
    """The command's texts and its parameters' (message ids) in the person's language while
    click formats them; put back as they were after, so that the next formatting, maybe in
    another language (a test, a long-lived process), starts from the message ids again."""
    held: list[tuple[Any, str, str]] = []

    def translate(owner: Any, attribute: str) -> None:
        value = getattr(owner, attribute, None)
        if isinstance(value, str) and value:
            held.append((owner, attribute, value))
            setattr(owner, attribute, _(value))

    for attribute in _COMMAND_TEXTS:
        translate(command, attribute)
    for param in command.get_params(ctx) if ctx is not None else command.params:
        for attribute in _PARAM_TEXTS:
            translate(param, attribute)
    try:
        yield
    finally:
        for owner, attribute, value in reversed(held):
            setattr(owner, attribute, value)


# click writes a help heading as "Options:"; French sets a space before the colon ("Options :"),
# as its "Usage :" does, so the whole heading line is a message.
HEADING = N_("{heading}:")


class HelpFormatter(click.HelpFormatter):
    """click's help layout, with its headings ("Options", "Commands") punctuated the person's way."""

    def write_heading(self, heading: str) -> None:
        self.write(f"{'':>{self.current_indent}}{_(HEADING).format(heading=heading)}\n")


class Context(click.Context):
    formatter_class = HelpFormatter


class Command(click.Command):
    """A click command whose words are message ids, shown in the person's language."""

    context_class = Context

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("options_metavar", OPTIONS_METAVAR)
        super().__init__(*args, **kwargs)

    def get_help_option(self, ctx: click.Context) -> click.Option | None:
        option = super().get_help_option(ctx)
        if option is not None and option not in _WORDED:  # once: it is asked for again while shown
            option.help = HELP_OPTION
            _WORDED.add(option)
        return option

    def get_help(self, ctx: click.Context) -> str:
        with in_language(self, ctx):
            return super().get_help(ctx)

    def get_usage(self, ctx: click.Context) -> str:
        with in_language(self, ctx):
            return super().get_usage(ctx)

    def get_short_help_str(self, limit: int = 45) -> str:
        with in_language(self, None):
            return super().get_short_help_str(limit)


class Group(Command, click.Group):
    """A click group whose words are message ids, shown in the person's language; while it runs
    (`main`, which the console script and click's test runner both call), click's own words
    are spoken in that language too."""

    command_class = Command  # `@group.command()`: a subcommand's words are translated too

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("subcommand_metavar", SUBCOMMAND_METAVAR)
        super().__init__(*args, **kwargs)

    def main(self, *args: Any, **kwargs: Any) -> Any:
        try:
            lang = i18n.interface_language()
        except i18n.LanguageError:
            lang = i18n.SOURCE_LANGUAGE  # the command itself says what is wrong with MTGRULES_LANG
        with i18n.speaking(lang):
            return super().main(*args, **kwargs)



# click's types name themselves in their errors ("'x' is not a valid integer", "Directory '…'
# does not exist") with a name fixed when the type is made, or not translated at all; these are
# click's types named in the person's language when the error is made.
INTEGER = N_("integer")
INTEGER_RANGE = N_("integer range")


class Integer(click.types.IntParamType):
    @property
    def name(self) -> str:  # type: ignore[override]
        return _(INTEGER)


class IntRange(click.IntRange):
    @property
    def name(self) -> str:  # type: ignore[override]
        return _(INTEGER_RANGE)


class Path(click.Path):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        # click's own words for them (its messages, in the catalogs)
        self.word = N_("file") if not self.dir_okay else N_("directory") if not self.file_okay else N_("path")

    @property
    def name(self) -> str:
        return _(getattr(self, "word", "path"))

    @name.setter
    def name(self, value: str) -> None:
        """click names the type in the language of the moment it is made; `word` is kept instead."""
