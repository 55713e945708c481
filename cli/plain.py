"""The plain forms of `mtgrules search` and the lookups, run without click.

A cold `mtgrules search energía` has 75 ms of CPU in all and the interpreter takes 20-30 of
them; click's import alone takes some 25 more. So the forms a person types every day, words
and the command's own options (`--lang es`, `--json`, `--limit=5`, `--debug` before the command),
are read here, with the same conversions as the click options (`split_langs`, `check_edition`…),
and handed to the same function the click command calls. Anything else goes to click, which
then does exactly what it did before: help (`-h`, `--help`), a misspelt or unknown option, a
value click would refuse or convert otherwise (a limit of 0, `--limit ٣`), a missing or
blank argument, `--`-separated words, shell completion, every other command. A form read here
is never refused here: `parse` returns None and click decides. tests/test_cli_plain.py holds
each form below to its click command: the same options, and for any arguments either None here
or the parameters click gives.

Errors raised while the command runs are shown as the click group shows them
(`mtgrules.cli.failures`): one line and exit 2, a traceback with `--debug`, 141 for a reader
that left; a usage error (an unknown `--lang` code) as `mtgrules.cli.group.usage_line` words
it; Ctrl-C as click's "Aborted!", exit 1.
"""

from __future__ import annotations

import importlib
import os
import sys

from mtgrules.cli.failures import PERSON_ERRORS, error_line, reader_left
from mtgrules.cli.options import is_given, split_langs

TYPE_CHECKING = False  # `typing` (some 5 ms) is not imported for annotations on a cold search's path
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

# The variable click's shell completion sets (`_<PROG>_COMPLETE`): completion is click's.
COMPLETION = "_MTGRULES_COMPLETE"


class Option:
    """A long option of a command: a flag (`value` None) or an option with a value, converted
    by `value` (ValueError: not a plain form). (Plain classes here: a dataclass costs a cold
    search some 0.5 ms to create.)"""

    def __init__(self, name: str, dest: str, value: Callable[[str], Any] | None = None, repeatable: bool = False,
                 default: Any = None):
        self.name, self.dest, self.value, self.repeatable, self.default = name, dest, value, repeatable, default

    def initial(self) -> Any:
        if self.repeatable:
            return ()
        return False if self.value is None else self.default


class Form:
    """A command's plain form: its argument (`words`: any number, as one tuple; else exactly
    one), converted by `argument` (ValueError: not plain), and its options; `run` names the
    function ("module:function") both this and the click command call with the parameters."""

    def __init__(self, run: str, dest: str, *, words: bool, options: tuple[Option, ...],
                 argument: Callable[[Any], Any] = lambda value: value):
        self.run, self.dest, self.words, self.options, self.argument = run, dest, words, options, argument

    def parse(self, args: list[str]) -> dict[str, Any] | None:
        """The parameters click would give for `args`, or None when `args` are not a plain form."""
        options = {option.name: option for option in self.options}
        params = {option.dest: option.initial() for option in self.options}
        positional: list[str] = []
        rest = iter(args)
        for arg in rest:
            if not arg.startswith("-"):
                positional.append(arg)
                continue
            name, has_value, value = arg.partition("=")
            option = options.get(name)
            if option is None:  # "-", "--", "-h", "--help", a misspelt option
                return None
            if option.value is None:
                if has_value:
                    return None
                params[option.dest] = True
                continue
            if not has_value:
                value = next(rest, "-")
                if value.startswith("-"):  # missing, or an option's name: click says
                    return None
            try:
                converted = option.value(value)
            except ValueError:
                return None
            params[option.dest] = params[option.dest] + (converted,) if option.repeatable else converted
        if self.words:
            given: Any = tuple(positional)
        elif len(positional) == 1:
            given = positional[0]
        else:
            return None
        if not is_given(given):
            return None
        try:
            params[self.dest] = self.argument(given)
        except ValueError:
            return None
        return params


def _kind(value: str) -> str:
    from mtgrules.records import KINDS

    if value not in KINDS:
        raise ValueError(value)
    return value


def _limit(value: str) -> int:
    if not (value.isascii() and value.isdigit() and 1 <= int(value) <= 1000):
        raise ValueError(value)
    return int(value)


def _edition(value: str) -> str:
    from mtgrules.lookup.editions import check_edition

    return check_edition(value)


def _rule_numbers(value: str) -> str:
    """`rule`'s NUMBER when it reads as numbers (the command reads it again), else ValueError."""
    from mtgrules.lookup.rules import parse_numbers

    parse_numbers(value)
    return value


def _history_number(value: str) -> str:
    from mtgrules.cli.show_history import rule_number

    return rule_number(value)


LANG = Option("--lang", "langs", split_langs)
EDITION = Option("--edition", "edition", _edition)
JSON = Option("--json", "as_json")

FORMS = {
    "search": Form("mtgrules.cli.show_search:show", "query", words=True, options=(
        LANG,
        Option("--kind", "kinds", _kind, repeatable=True),
        Option("--limit", "limit", _limit, default=10),
        Option("--no-translate", "no_translate"),
        EDITION,
        JSON,
    )),
    "rule": Form("mtgrules.cli.show_rule:show", "number", words=False, options=(LANG, EDITION, JSON), argument=_rule_numbers),
    "card": Form("mtgrules.cli.show_card:show", "name", words=True, options=(LANG, JSON)),
    "term": Form("mtgrules.cli.show_term:show", "word", words=True, options=(LANG, EDITION, JSON)),
    "history": Form("mtgrules.cli.show_history:show", "number", words=False, options=(EDITION, LANG, JSON), argument=_history_number),
}


def run(argv: list[str]) -> bool:
    """Run `argv` (without the program's name) when it is a plain form and return True (or
    exit as the command does); False when it is not, for click to run."""
    start = 0
    while start < len(argv) and argv[start] == "--debug":
        start += 1
    if start == len(argv) or COMPLETION in os.environ:
        return False
    name = argv[start]
    form = FORMS.get(name)
    params = form.parse(argv[start + 1:]) if form else None
    if form is None or params is None:
        return False
    module, function = form.run.split(":")
    command = getattr(importlib.import_module(module), function)
    try:
        command(**params)
    except BrokenPipeError:
        reader_left()
    except PERSON_ERRORS as error:
        if start:  # --debug
            raise
        _fail(error_line(error, name))
    except (EOFError, KeyboardInterrupt):
        _abort()
    except Exception as error:
        click = sys.modules.get("click")
        if click is None or not isinstance(error, click.UsageError):
            raise
        from mtgrules.cli.group import usage_line

        _fail(usage_line(error, name))
    return True


def _fail(line: str) -> None:
    from mtgrules.cli.output import echo
    from mtgrules.cli.terminal import safe

    echo(f"mtgrules: {safe(line)}", err=True)
    sys.exit(2)


def _abort() -> None:
    """What click does on Ctrl-C: an empty line and "Aborted!" on stderr, exit 1."""
    from mtgrules.cli.output import echo

    echo("", err=True)
    echo("Aborted!", err=True)
    sys.exit(1)
