"""`mtgrules term WORD`: one game term across languages, with the rules that define it.

Renders what `mtgrules.lookup.terms` finds for WORD: any of the term's names or forms in any
language, in any case, with or without accents.
"""

from __future__ import annotations

import sys

import click

from mtgrules.cli.corpus import VIEW_EDITION, edition_label, open_catalog
from mtgrules.cli.editions import edition_option
from mtgrules.cli.options import json_option, nonblank
from mtgrules.cli.output import echo_json, style, wrap
from mtgrules.lookup.terms import entry_dict, find_terms, similar_names, term_entries


def _print_entry(data: dict) -> None:
    rules = ", ".join(r["number"] for r in data["rules"])
    click.echo(style(data["term"], bold=True) + (f"  ({rules})" if rules else ""))
    for lang, names in data["names"].items():
        click.echo(f"  {style(lang, fg='cyan')}  " + " / ".join(names))
    for rule in data["rules"]:
        click.echo(wrap(f"rule {rule['number']}" + (f"  {rule['title']}" if rule["title"] else ""), indent="  "))
    click.echo()


@click.command()
@click.argument("word", nargs=-1, required=True, callback=nonblank("a game term in any language, such as connive"))
@edition_option(VIEW_EDITION)
@json_option
def term(word: tuple[str, ...], edition: str | None, as_json: bool) -> None:
    """Look up a game term in any language: its names in English, Spanish, French and its rules.

    Terms and rule numbers are those of one edition of the rules (--edition, default the newest
    English edition ingested): a translated title names the rule it was aligned to, by identity.
    """
    text = " ".join(word)
    catalog = open_catalog(edition)
    entries = term_entries(catalog)
    found = find_terms(entries, text)
    if not found:
        similar = similar_names(entries, text)
        hint = f"; did you mean: {', '.join(similar)}" if similar else ""
        click.echo(f"mtgrules: no term {text!r} in the corpus ({edition_label(catalog)}){hint}", err=True)
        sys.exit(1)
    for entry in found:
        data = entry_dict(catalog, entry)
        if as_json:
            echo_json(data)
        else:
            _print_entry(data)
