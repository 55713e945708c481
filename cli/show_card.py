"""What `mtgrules card` shows, without click (`mtgrules.cli.card` is the command's click
definition, `mtgrules.cli.plain` its plain form; both call `show`).

Renders what `mtgrules.lookup.cards` finds: the card's Oracle text and its printed text in the
requested languages (the header names only those and English), then each ruling in those
languages beside its English original, with its date and the engine tests that enforce it.
"""

from __future__ import annotations

import sys

from mtgrules.cli.corpus import check_langs, open_catalog
from mtgrules.cli.output import echo, echo_json, style, wrap
from mtgrules.lookup.cards import card_entry, find_cards, similar_card_names


def _print_card(entry: dict, langs: list[str] | None) -> None:
    names = " · ".join(f"{lang}: {name}" for lang, name in entry["names"].items())
    echo(style(entry["card"], bold=True) + f"  ({names})")
    oracle = entry["oracle"]
    if oracle["type_line"] or oracle["text"]:
        type_line = f"  {oracle['type_line']}" if oracle["type_line"] else ""
        echo(f"  {style('en', fg='cyan')}  " + style("Oracle", dim=True) + type_line)
        if oracle["text"]:
            echo(wrap(oracle["text"], indent="      "))
    for lang, printed in entry["printed"].items():
        heading = "  ".join(part for part in (printed["name"], printed["type_line"]) if part)
        echo(f"  {style(lang, fg='cyan')}  " + style("printed", dim=True) + (f"  {heading}" if heading else ""))
        if printed["text"]:
            echo(wrap(printed["text"], indent="      "))
    if entry["missing_printed"]:
        echo(style(f"  (no printed text in {', '.join(entry['missing_printed'])} in the corpus)", dim=True))
    if not entry["rulings"]:
        echo("  no rulings in the corpus")
    for number, ruling in enumerate(entry["rulings"], start=1):
        notes = []
        if ruling["cards_with_same_ruling"] > 1:
            notes.append(f"same ruling on {ruling['cards_with_same_ruling']} cards")
        if ruling["tests"]:
            notes.append(style("enforced by an engine test", fg="green"))
        if not ruling["aligned"]:
            notes.append(style("unaligned: English counterpart not confirmed", fg="red"))
        echo(f"{number:>3}. " + style(ruling["date"] or "undated", dim=True) + "".join(f"  [{n}]" for n in notes))
        shown = dict(ruling["texts"])
        if ruling["en_text"] and "en" not in shown:
            shown["en"] = ruling["en_text"]
        for lang, text in shown.items():
            echo(f"     {style(lang, fg='cyan')}  " + wrap(text, indent="         ").lstrip())
        for node in ruling["tests"]:
            echo(f"         tested by {node}")
    asked = [lang for lang in langs or [] if lang != "en"]
    if asked and entry["untranslated_rulings"]:
        echo(style(f"  (no {', '.join(asked)} translation of {entry['untranslated_rulings']} of the"
                   f" {len(entry['rulings'])} rulings in the corpus)", dim=True))
    echo()


def show(name: tuple[str, ...], langs: list[str] | None, as_json: bool) -> None:
    """Look up and print (the parameters are those of the command, as click gives them); exits
    1 when no card, or more than one, has that name."""
    text = " ".join(name)
    catalog = open_catalog(None)  # cards and rulings have no edition
    check_langs(langs, None, "cards")  # what the card lacks in the languages asked, the output says
    found = find_cards(catalog, text)
    if not found:
        similar = similar_card_names(catalog, text)
        hint = f"; did you mean: {', '.join(similar)}" if similar else ""
        echo(f"mtgrules: no card named {text!r} in the corpus{hint}", err=True)
        sys.exit(1)
    if len(found) > 1:
        echo(f"mtgrules: {len(found)} cards match {text!r}: {', '.join(found[:20])}" + (" …" if len(found) > 20 else ""), err=True)
        if as_json:
            echo_json({"candidates": found})
        sys.exit(1)
    from mtgrules.lookup import engine_links

    entry = card_entry(catalog, found[0], langs, engine_links.load(), typed=text)
    if as_json:
        echo_json(entry)
    else:
        _print_card(entry, langs)
