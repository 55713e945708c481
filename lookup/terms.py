"""What `mtgrules term` shows: one game term across languages, with the rules that define it.

An entry joins what the corpus knows about one English term: term records (the keyword table:
Connive = confabular = conniver; titles of aligned rules: Confabular (es) = Connive, 701.50) and
the titles of rules themselves (the English 701.50 is titled "Connive"). A word may be any of
its names or forms in any language, in any case, with or without accents ("energía",
"cadeau"); a conjugated form such as "confabula" is found through its stem.
"""

from __future__ import annotations

import difflib
import re
from collections import defaultdict
from enum import IntEnum
from typing import Any

from mtgrules import rulenumbers
from mtgrules.lookup.catalog import Catalog
from mtgrules.text import fold


class Match(IntEnum):
    """How well a word names an entry; the best level found wins."""

    NONE = 0
    STEM = 1  # same stems in the name's language ("confabula" ~ "confabular")
    WORD = 2  # a whole word of a name ("energía" in "contador de energía")
    EXACT = 3


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

    def all_names(self) -> list[tuple[str, str]]:
        return [(lang, name) for lang, names in self.names.items() for name in names]


def term_entries(catalog: Catalog) -> list[Entry]:
    """Every term of the corpus, from term records and from the titles of numbered rules."""
    entries: dict[str, Entry] = {}

    def entry_for(english: str) -> Entry:
        return entries.setdefault(fold(english), Entry(english))

    for record in catalog.records:
        english = record.names.get("en") or record.title
        if record.kind == "term" and english:
            entry = entry_for(english)
            for lang, name in record.names.items():
                entry.add_name(lang, name)
            for lang, aliases in record.aliases.items():
                for alias in aliases:
                    entry.add_name(lang, alias)
            for number in record.rules:
                entry.add_rule(number)
    for number, by_lang in catalog.numbered.items():
        title = (by_lang.get("en") and by_lang["en"].title) or next((r.en_title for r in by_lang.values() if r.en_title), None)
        if not title:
            continue
        entry = entry_for(title)
        entry.add_rule(number)
        entry.add_name("en", title)
        for lang, record in by_lang.items():
            if record.title:
                entry.add_name(lang, record.title)
    for entry in entries.values():
        entry.rules.sort(key=rulenumbers.sort_key)
    return list(entries.values())


def _stems(text: str, lang: str) -> set[str]:
    from mtgrules.index.analyzers import language_analyzer

    return {token.text for token in language_analyzer(lang)(text)}


def score(entry: Entry, word: str) -> Match:
    """How well `word` names the entry."""
    wanted = " ".join(fold(word).split())
    best = Match.NONE
    for lang, name in entry.all_names():
        folded = " ".join(fold(name).split())
        if folded == wanted:
            return Match.EXACT
        if re.search(rf"(?<!\w){re.escape(wanted)}(?!\w)", folded):
            best = max(best, Match.WORD)
        elif best < Match.STEM and lang in ("es", "fr", "en") and (stems := _stems(word, lang)) and stems <= _stems(name, lang):
            best = Match.STEM
    return best


def find_terms(entries: list[Entry], word: str) -> list[Entry]:
    """The entries `word` names best (several when it names several equally well)."""
    scored = [(score(entry, word), entry) for entry in entries]
    top = max((s for s, _ in scored), default=Match.NONE)
    if not top:
        return []
    return sorted((entry for s, entry in scored if s == top), key=lambda e: fold(e.english))


def similar_names(entries: list[Entry], word: str) -> list[str]:
    """Names of terms that look like `word`: the "did you mean" of a miss."""
    names = {fold(name): name for entry in entries for _, name in entry.all_names()}
    return [names[close] for close in difflib.get_close_matches(fold(word), list(names), n=3, cutoff=0.7)]


def entry_dict(catalog: Catalog, entry: Entry) -> dict[str, Any]:
    """An entry as the JSON object of `--json`."""
    return {
        "term": entry.english,
        "names": {lang: names for lang, names in sorted(entry.names.items())},
        "rules": [{"number": n, "title": catalog.title_of(n, ["en"])} for n in entry.rules],
    }
