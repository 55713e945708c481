"""`mtgrules term WORD`: a game term as a dictionary gives it; the command's click definition
(its options and help). What it shows is `mtgrules.cli.show_term`.
"""

from __future__ import annotations

import click

from mtgrules.cli import show_term
from mtgrules.cli.corpus import VIEW_EDITION
from mtgrules.cli.editions import edition_option
from mtgrules.cli.options import json_option, lang_option, nonblank
from mtgrules.cli.translated import Command
from mtgrules.i18n import N_


@click.command(cls=Command, help=N_(
    "Look up a game term in any language: its definition, its names in each language with where each came from, and "
    "the rules that define it.\n\n"
    "Terms and rule numbers are those of one edition of the rules (--edition, default the newest English edition "
    "ingested): a translated title names the rule it was aligned to, by identity."
))
@click.argument("word", nargs=-1, metavar=N_("WORD..."), required=True,
                callback=nonblank(N_("a game term in any language, such as connive")))
@lang_option(N_("Languages of the definition and of the names, e.g. es,fr (English is always beside)."))
@edition_option(VIEW_EDITION)
@json_option
def term(word: tuple[str, ...], langs: list[str] | None, edition: str | None, as_json: bool) -> None:
    show_term.show(word, langs, edition, as_json)
