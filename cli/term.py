"""`mtgrules term WORD`: one game term across languages, with the rules that define it.

An entry joins what the corpus knows about one English term: term records (the keyword table:
Connive = confabular = conniver; titles of aligned rules: Confabular (es) = Connive, 701.50) and
the titles of rules themselves (the English 701.50 is titled "Connive"). WORD may be any of its
names or forms in any language, in any case, with or without accents ("energía", "cadeau");
a conjugated form such as "confabula" is found through its stem.
"""

from __future__ import annotations

import difflib
import re
import sys
from collections import defaultdict

import click

from mtgrules import rulenumbers
from mtgrules.cli.options import json_option
from mtgrules.cli.output import echo_json, style, wrap
from mtgrules.lookup.catalog import Catalog
from mtgrules.text import fold

EXACT, WORD, STEM = 3, 2, 1


class Entry:
    """One English term with its names per language and its rules."""

    def __init__(self, english: str):
        self.english = english
        self.names: dict[str, list[str]] = defaultdict(list)
        self.rules: list[str] = []

    def add_name(self, lang: str, name: str) -> None:
        """Add a name unless it is already there up to case and accents."""
        if name and fold(name) not in {fold(held) for held in self.names[lang]}:
            self.names[lang].append(name)

    def add_rule(self, number: str) -> None:
        if number not in self.rules and rulenumbers.is_rule_number(number):
            self.rules.append(number)

    def all_names(self):
        return [(lang, name) for lang, names in self.names.items() for name in names]


def term_entries(catalog: Catalog) -> list[Entry]:
    entries: dict[str, Entry] = {}

    def entry_for(english: str) -> Entry:
        return entries.setdefault(fold(english), Entry(english))

    for record in catalog.records:
        if record.kind == "term" and (record.title or record.names.get("en")):
            entry = entry_for(record.names.get("en") or record.title)
            for lang, name in record.names.items():
                entry.add_name(lang, name)
            for lang, aliases in record.aliases.items():
                for alias in aliases:
                    entry.add_name(lang, alias)
            for number in record.rules:
                entry.add_rule(number)
    for number, by_lang in catalog.numbered.items():
        english = (by_lang.get("en") and by_lang["en"].title) or next(
            (r.en_title for r in by_lang.values() if r.en_title), None
        )
        if not english:
            continue
        entry = entry_for(english)
        entry.add_rule(number)
        entry.add_name("en", english)
        for lang, record in by_lang.items():
            if record.title:
                entry.add_name(lang, record.title)
    for entry in entries.values():
        entry.rules.sort(key=rulenumbers.sort_key)
    return list(entries.values())


def _stems(text: str, lang: str) -> set[str]:
    from mtgrules.index.analyzers import language_analyzer

    return {token.text for token in language_analyzer(lang)(text)}


def score(entry: Entry, word: str) -> int:
    """How well `word` names the entry: EXACT, WORD (a whole word of a name), STEM, or 0."""
    wanted = " ".join(fold(word).split())
    best = 0
    for lang, name in entry.all_names():
        folded = " ".join(fold(name).split())
        if folded == wanted:
            return EXACT
        if re.search(rf"(?<!\w){re.escape(wanted)}(?!\w)", folded):
            best = max(best, WORD)
        elif best < STEM and lang in ("es", "fr", "en") and (stems := _stems(word, lang)) and stems <= _stems(name, lang):
            best = STEM
    return best


def find_terms(entries: list[Entry], word: str) -> list[Entry]:
    scored = [(score(entry, word), entry) for entry in entries]
    top = max((s for s, _ in scored), default=0)
    if not top:
        return []
    return sorted((entry for s, entry in scored if s == top), key=lambda e: fold(e.english))


def entry_dict(catalog: Catalog, entry: Entry) -> dict:
    return {
        "term": entry.english,
        "names": {lang: names for lang, names in sorted(entry.names.items())},
        "rules": [{"number": n, "title": catalog.title_of(n, ["en"])} for n in entry.rules],
    }


def _print_entry(data: dict) -> None:
    rules = ", ".join(r["number"] for r in data["rules"])
    click.echo(style(data["term"], bold=True) + (f"  ({rules})" if rules else ""))
    for lang, names in data["names"].items():
        click.echo(f"  {style(lang, fg='cyan')}  " + " / ".join(names))
    for rule in data["rules"]:
        click.echo(wrap(f"rule {rule['number']}" + (f"  {rule['title']}" if rule["title"] else ""), indent="  "))
    click.echo()


@click.command()
@click.argument("word", nargs=-1, required=True)
@json_option
def term(word: tuple[str, ...], as_json: bool) -> None:
    """Look up a game term in any language: its names in English, Spanish, French and its rules."""
    text = " ".join(word)
    catalog = Catalog.load()
    entries = term_entries(catalog)
    found = find_terms(entries, text)
    if not found:
        names = {fold(name): name for entry in entries for _, name in entry.all_names()}
        close = difflib.get_close_matches(fold(text), list(names), n=3, cutoff=0.7)
        hint = f"; did you mean: {', '.join(names[c] for c in close)}" if close else ""
        click.echo(f"mtgrules: no term {text!r} in the corpus{hint}", err=True)
        sys.exit(1)
    for entry in found:
        data = entry_dict(catalog, entry)
        if as_json:
            echo_json(data)
        else:
            _print_entry(data)
