"""`mtgrules card NAME`: a card by its English, Spanish or French name, with its rulings.

Names are matched forgivingly: accents and case do not matter, a unique beginning or part of a
name is enough ("Sieste du jeune raton"), and a typo finds the closest name ("electrozoo").
Each ruling is shown in the requested languages beside its English original, with its date,
whether an engine test enforces it, and how many cards carry the very same ruling (Kaladesh
repeats its energy rulings on dozens of cards).
"""

from __future__ import annotations

import difflib
import sys

import click

from mtgrules.cli.options import json_option, lang_option
from mtgrules.cli.output import echo_json, style, wrap
from mtgrules.lookup.catalog import Catalog
from mtgrules.records import Record
from mtgrules.text import fold


def find_cards(catalog: Catalog, name: str) -> list[str]:
    """English names of the cards `name` designates, best first; several when ambiguous."""
    names = catalog.card_names
    wanted = " ".join(fold(name).split())
    if wanted in names:
        return sorted(names[wanted])
    for matches in (lambda folded: folded.startswith(wanted), lambda folded: wanted in folded):
        found = sorted({card for folded, cards in names.items() if matches(folded) for card in cards})
        if found:
            return found
    close = difflib.get_close_matches(wanted, list(names), n=1, cutoff=0.75)
    return sorted(names[close[0]]) if close else []


def _ruling_groups(rulings: list[Record]) -> list[list[Record]]:
    """Rulings grouped by the English ruling they translate (unaligned ones stand alone), in
    the English order."""
    groups: dict[tuple, list[Record]] = {}
    for ruling in rulings:
        key = ("en", ruling.en_position) if ruling.en_position is not None else (ruling.lang, ruling.position, ruling.source)
        groups.setdefault(key, []).append(ruling)

    def order(item):
        key, members = item
        return (key[0] != "en", key[1] if isinstance(key[1], int) else 0, members[0].date or "")

    return [members for _, members in sorted(groups.items(), key=order)]


def card_entry(catalog: Catalog, card: str, langs: list[str] | None) -> dict:
    from mtgrules.engine.registry import tests_for_ruling

    record = catalog.cards.get(card)
    rulings = catalog.rulings.get(card, [])
    names = dict(record.names) if record else {}
    for ruling in rulings:
        if ruling.printed_name:
            names.setdefault(ruling.lang, ruling.printed_name)
    names.setdefault("en", card)
    entries = []
    for group in _ruling_groups(rulings):
        texts = {r.lang: r.text for r in group if langs is None or r.lang in langs}
        if not texts:
            continue
        english = next((r.en_text for r in group if r.en_text), None)
        digest = next((r.en_digest for r in group if r.en_digest), None)
        first = group[0]
        entries.append(
            {
                "en_position": first.en_position,
                "en_digest": digest,
                "date": next((r.date for r in group if r.date), None),
                "texts": texts,
                "en_text": english,
                "aligned": all(r.aligned for r in group),
                "cards_with_same_ruling": len(catalog.cards_by_digest.get(digest, ())) if digest else 1,
                "tests": tests_for_ruling(card, digest) if digest else [],
            }
        )
    return {
        "card": card,
        "names": dict(sorted(names.items())),
        "set": record.set_code if record else None,
        "rulings": entries,
    }


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
@click.argument("name", nargs=-1, required=True)
@lang_option("Show rulings in these languages, e.g. es,fr (the English original is always beside).")
@json_option
def card(name: tuple[str, ...], langs: list[str] | None, as_json: bool) -> None:
    """Show a card by English, Spanish or French name (typos forgiven) with its rulings."""
    text = " ".join(name)
    catalog = Catalog.load()
    found = find_cards(catalog, text)
    if not found:
        close = difflib.get_close_matches(fold(text), list(catalog.card_names), n=3, cutoff=0.5)
        hint = f"; did you mean: {', '.join(sorted({c for f in close for c in catalog.card_names[f]}))}" if close else ""
        click.echo(f"mtgrules: no card named {text!r} in the corpus{hint}", err=True)
        sys.exit(1)
    if len(found) > 1:
        click.echo(f"mtgrules: {len(found)} cards match {text!r}: {', '.join(found[:20])}" + (" …" if len(found) > 20 else ""), err=True)
        if as_json:
            echo_json({"candidates": found})
        sys.exit(1)
    entry = card_entry(catalog, found[0], langs)
    if as_json:
        echo_json(entry)
    else:
        _print_card(entry)
