"""Options shared by the lookup commands, kept free of heavy imports: `mtgrules search`
imports this on every call."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import Any

import click

from mtgrules import paths

_LANG_CODE = re.compile(r"^[a-z]{2,3}(?:-[a-z0-9]{2,8})*$")


def is_lang_code(code: str) -> bool:
    """A language code as records carry them: `es`, `fr`, `zh`, or with a subtag, `zh-hans`."""
    return bool(_LANG_CODE.match(code))


def parse_langs(ctx, param, value: str | None) -> list[str] | None:
    """`--lang es,fr` -> ["es", "fr"]; a malformed code is a usage error (exit 2)."""
    if value is None:
        return None
    langs = [part.strip().lower() for part in value.split(",") if part.strip()]
    bad = [lang for lang in langs if not is_lang_code(lang)]
    if bad or not langs:
        raise click.BadParameter(f"{value!r}: give language codes separated by commas, e.g. es,fr,en")
    return list(dict.fromkeys(langs))


def lang_option(help_text: str):
    return click.option("--lang", "langs", callback=parse_langs, metavar="LANGS", help=help_text)


json_option = click.option("--json", "as_json", is_flag=True, help="One JSON object per line, for scripts.")


def nonblank(wanted: str):
    """An argument callback: an empty or blank argument (`card ''`, `search ' '`) is a usage
    error saying what to give (exit 2), not a search for nothing that finds nothing (exit 1).
    `wanted` completes "give …", e.g. "a card name, such as electrozoa"."""

    def check(ctx: click.Context, param: click.Parameter, value: Any) -> Any:
        words = value if isinstance(value, tuple) else (value,)
        if not any(isinstance(word, str) and word.strip() for word in words):
            raise click.UsageError(f"{(param.name or 'argument').upper()} is empty (give {wanted})", ctx=ctx)
        return value

    return check


def writes_data(command: Callable[..., Any]) -> Callable[..., Any]:
    """For a command that must write the data folder (ingest, quiz): check it can before any
    work, so a read-only home is one line naming the folder and the mend, not a traceback
    halfway through. Put it just above the command's `def`."""

    @functools.wraps(command)
    def checked(*args: Any, **kwargs: Any) -> Any:
        paths.check_writable(paths.data_dir())
        return command(*args, **kwargs)

    return checked
