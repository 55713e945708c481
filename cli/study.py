"""What the study commands (`judge`, `quiz`) share: the one-language `--lang` option and how a
cited rule is shown to a person.

Study shows one language at a time (the one being learnt), unlike `rule`, which lays several
side by side; so `--lang` here takes a single code and defaults to the corpus's fullest
language (`citations.default_lang`).
"""

from __future__ import annotations

import re

import click

from mtgrules.citations import Citation
from mtgrules.cli.output import style, wrap

_CODE = re.compile(r"^[a-z]{2,3}$")


def _check_lang(ctx, param, value: str | None) -> str | None:
    if value is not None and not _CODE.match(value.strip().lower()):
        raise click.BadParameter(f"{value!r}: give one language code, e.g. es, fr or en")
    return value.strip().lower() if value else None


def lang_option(help_text: str):
    return click.option("--lang", callback=_check_lang, metavar="LANG", help=help_text)


def show_citation(citation: Citation, indent: str = "    ") -> None:
    """The rule's text under the line that cites it; a note first when it isn't in the
    language asked for, or isn't in the corpus at all."""
    if citation.note:
        click.echo(style(f"{indent}note: {citation.note}", dim=True))
    if citation.text:
        click.echo(wrap(citation.text, indent=indent))
