"""`mtgrules history NUMBER`: a rule through every English edition of the corpus; the command's
click definition (its options and help). What it shows is `mtgrules.cli.show_history`.
"""

from __future__ import annotations

import click

from mtgrules.cli import show_history
from mtgrules.cli.editions import edition_option
from mtgrules.cli.options import json_option, lang_option
from mtgrules.cli.translated import Command
from mtgrules.i18n import N_


def _number(ctx, param, value: str) -> str:
    try:
        return show_history.rule_number(value)
    except ValueError as error:
        raise click.BadParameter(str(error)) from None


@click.command(cls=Command, help=N_(
    "Show rule NUMBER in every English edition: its number, title and changes."
))
@click.argument("number", callback=_number, metavar=N_("NUMBER"))
@edition_option(N_("Read NUMBER as numbered in this edition (YYYY-MM-DD or latest; default: the newest that has it)."))
@lang_option(N_("Also say which English edition each translation in these languages follows, e.g. es,zh."))
@json_option
def history(number: str, edition: str | None, langs: list[str] | None, as_json: bool) -> None:
    show_history.show(number, edition, langs, as_json)
