"""`mtgrules search QUERY`: ranked search over rules, rulings and the glossary; the command's
click definition (its options and help). What it does and prints is
`mtgrules.cli.show_search.show`.
"""

from __future__ import annotations

import click

from mtgrules.cli import show_search, translated
from mtgrules.cli.editions import edition_option
from mtgrules.cli.options import json_option, lang_option, nonblank
from mtgrules.cli.translated import Command
from mtgrules.i18n import N_
from mtgrules.kinds import KINDS


@click.command(cls=Command, help=N_(
    "Search rules, rulings and the glossary in every language.\n\n"
    "Words are stemmed in each language and accents do not matter: energia finds energía. A query in one language "
    "also searches the others through a lexicon learned from official card translations (daño letal → damage "
    "lethal), all on one ranking: the best record first, whatever its language; --no-translate turns it off.\n\n"
    "Syntax: \"exact phrase\", confab*, electrozoo~, (a OR b) NOT c\n\n"
    "Fields: card:electrozoa, card:\"aether hub\", number:704.5*, lang:fr, kind:ruling\n\n"
    "A rule number (704.5, 704.5aa) shows that rule. Rules are those of one edition (--edition); a translation of "
    "another edition is found under the number its rule has in that one."
))
@click.argument("query", nargs=-1, metavar=N_("QUERY..."), required=True, callback=nonblank(N_("words to search for, such as energía")))
@lang_option(N_("Search only these languages, e.g. es,fr (default: all)."))
@click.option("--kind", "kinds", multiple=True, type=click.Choice(KINDS), help=N_("Only records of this kind (repeatable)."))
@click.option("--limit", metavar="N", default=10, show_default=True, type=translated.IntRange(1, 1000), help=N_("Most results to show."))
@click.option("--no-translate", "no_translate", is_flag=True,
              help=N_("Search every language with the query as typed; do not translate it."))
@edition_option(N_("Edition of the rules to search (YYYY-MM-DD or latest; default: the newest English edition ingested)."))
@json_option
def search(
    query: tuple[str, ...], langs: list[str] | None, kinds: tuple[str, ...], limit: int, no_translate: bool,
    edition: str | None, as_json: bool,
) -> None:
    show_search.show(query, langs, kinds, limit, no_translate, edition, as_json)
