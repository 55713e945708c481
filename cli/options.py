"""Options shared by the lookup commands, kept free of heavy imports: `mtgrules search`
imports this on every call."""

from __future__ import annotations

import re

import click

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

