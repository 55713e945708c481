"""`mtgrules rule NUMBER`: a rule with its subrules, side by side in several languages; the
command's click definition (its options and help). What it shows is `mtgrules.cli.show_rule`.
"""

from __future__ import annotations

import click

from mtgrules.cli import complete, show_rule
from mtgrules.cli.corpus import VIEW_EDITION
from mtgrules.cli.editions import edition_option
from mtgrules.cli.options import json_option, lang_option, links_option, nonblank
from mtgrules.cli.translated import Command
from mtgrules.i18n import N_


@click.command(cls=Command, help=N_(
    "Show rule NUMBER (704.5, 704.5aa, 704.5a-704.5d) with its subrules in several languages.\n\n"
    "NUMBER may be written as a judge writes it: 704.5G, \"CR 704.5g\", 704.5g., \"regla 704.5g\".\n\n"
    "NUMBER is read in one edition of the rules (--edition, default the newest English edition ingested); "
    "translations of other editions are shown under the number their rule has there."
))
@click.argument("number", metavar=N_("NUMBER"), callback=nonblank(N_("a rule number, such as 704.5 or 704.5a-704.5d")),
                shell_complete=complete.rule_numbers)
@lang_option(N_("Languages to show side by side, e.g. es,en (default: yours; for English, every language of the corpus)."))
@edition_option(VIEW_EDITION)
@json_option
@links_option
def rule(number: str, langs: list[str] | None, edition: str | None, as_json: bool, links: bool) -> None:
    show_rule.show(number, langs, edition, as_json, links)
