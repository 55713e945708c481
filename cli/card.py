"""`mtgrules card NAME`: a card by its name in any language, with its text and its rulings; the
command's click definition (its options and help). What it shows is `mtgrules.cli.show_card`.
"""

from __future__ import annotations

import click

from mtgrules.cli import complete, show_card
from mtgrules.cli.options import json_option, lang_option, links_option, nonblank
from mtgrules.cli.translated import Command
from mtgrules.i18n import N_


@click.command(cls=Command, help=N_(
    "Show a card by its name in any language (a typo forgiven, and said): its Oracle text, its printed text in the "
    "asked languages (--lang; without it, the language of the name typed and yours), and its rulings beside their "
    "English originals. Exit 1 when no card's name is close enough (the closest are suggested) or several cards "
    "match (they are listed)."
))
@click.argument("name", nargs=-1, metavar=N_("NAME..."), required=True, callback=nonblank(N_("a card name, such as electrozoa")),
                shell_complete=complete.card_names)
@lang_option(N_("Show rulings in these languages, e.g. es,fr (the English original is always beside)."))
@json_option
@links_option
def card(name: tuple[str, ...], langs: list[str] | None, as_json: bool, links: bool) -> None:
    show_card.show(name, langs, as_json, links)
