"""`mtgrules card NAME`: a card by its English, Spanish or French name, with its rulings.

Renders what `mtgrules.lookup.cards` finds: each ruling in the requested languages beside its
English original, with its date and the engine tests that enforce it.
"""

from __future__ import annotations

import sys

import click

from mtgrules.cli import complete
from mtgrules.cli.corpus import open_catalog
from mtgrules.cli.options import json_option, lang_option, nonblank
from mtgrules.cli.output import echo_json, style, wrap
from mtgrules.lookup.cards import card_entry, find_cards, similar_card_names


def _print_card(entry: dict) -> None:
    names = " · ".join(f"{lang}: {name}" for lang, name in entry["names"].items())
    click.echo(style(entry["card"], bold=True) + f"  ({names})")
    if not entry["rulings"]:
        click.echo("  no rulings in the corpus")
    for number, ruling in enumerate(entry["rulings"], start=1):
        notes = []
        if ruling["cards_with_same_ruling"] > 1:
            notes.append(f"same ruling on {ruling['cards_with_same_ruling']} cards")
        if ruling["tests"]:
            notes.append(style("enforced by an engine test", fg="green"))
        if not ruling["aligned"]:
            notes.append(style("unaligned: English counterpart not confirmed", fg="red"))
        click.echo(f"{number:>3}. " + style(ruling["date"] or "undated", dim=True) + "".join(f"  [{n}]" for n in notes))
        shown = dict(ruling["texts"])
        if ruling["en_text"] and "en" not in shown:
            shown["en"] = ruling["en_text"]
        for lang, text in shown.items():
            click.echo(f"     {style(lang, fg='cyan')}  " + wrap(text, indent="         ").lstrip())
        for node in ruling["tests"]:
            click.echo(f"         tested by {node}")
    click.echo()


@click.command()
@click.argument("name", nargs=-1, required=True, callback=nonblank("a card name, such as electrozoa"),
                shell_complete=complete.card_names)
@lang_option("Show rulings in these languages, e.g. es,fr (the English original is always beside).")
@json_option
def card(name: tuple[str, ...], langs: list[str] | None, as_json: bool) -> None:
    """Show a card by English, Spanish or French name (typos forgiven) with its rulings."""
    text = " ".join(name)
    catalog = open_catalog(None)  # cards and rulings have no edition
    found = find_cards(catalog, text)
    if not found:
        similar = similar_card_names(catalog, text)
        hint = f"; did you mean: {', '.join(similar)}" if similar else ""
        click.echo(f"mtgrules: no card named {text!r} in the corpus{hint}", err=True)
        sys.exit(1)
    if len(found) > 1:
        click.echo(f"mtgrules: {len(found)} cards match {text!r}: {', '.join(found[:20])}" + (" …" if len(found) > 20 else ""), err=True)
        if as_json:
            echo_json({"candidates": found})
        sys.exit(1)
    from mtgrules.lookup import engine_links

    entry = card_entry(catalog, found[0], langs, engine_links.load())
    if as_json:
        echo_json(entry)
    else:
        _print_card(entry)
