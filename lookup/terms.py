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
from mtgrules.records import Record
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
        self.named: list[tuple[str, str, str]] = []  # (lang, name, folded name with spaces normalised)

    def add_name(self, lang: str, name: str) -> None:
        """Add a name unless it is already there up to case and accents."""
        folded = " ".join(fold(name).split())
        if name and not any(lang == held and folded == known for held, _, known in self.named):
            self.names[lang].append(name)
            self.named.append((lang, name, folded))

    def add_rule(self, number: str) -> None:
        if number not in self.rules and rulenumbers.is_rule_number(number):
            self.rules.append(number)

    def all_names(self) -> list[tuple[str, str]]:
        return [(lang, name) for lang, name, _ in self.named]


def term_entries(catalog: Catalog) -> list[Entry]:
    """Every term of the view: the titles of its rules with their translated titles (only
    titles of one rule identity meet: `mtgrules.store` joins them by identity at ingest), and
    the keyword table's terms with the rules that define them, numbered in the view."""
    entries: dict[str, Entry] = {}

    def entry_for(english: str) -> Entry:
        return entries.setdefault(fold(english), Entry(english))

    for record, rules in _keyword_terms(catalog):
        entry = entry_for(record.names.get("en") or record.title or "")
        for lang, name in record.names.items():
            entry.add_name(lang, name)
        for lang, aliases in record.aliases.items():
            for alias in aliases:
                entry.add_name(lang, alias)
        for number in rules:
            entry.add_rule(number)
    english, en_titles, names = _titles(catalog)
    for number in sorted(set(english) | set(en_titles) | set(names), key=rulenumbers.sort_key):
        heading = english.get(number) or en_titles.get(number)
        if not heading:
            continue
        entry = entry_for(heading)
        entry.add_rule(number)
        entry.add_name("en", heading)
        for lang, name in names.get(number, []):
            entry.add_name(lang, name)
    for entry in entries.values():
        entry.rules.sort(key=rulenumbers.sort_key)
    return list(entries.values())


def _titles(catalog: Catalog) -> tuple[dict[str, str], dict[str, str], dict[str, list[tuple[str, str]]]]:
    """Number of the view -> its English title; -> the English title a translation was aligned
    to (for views without English text); -> (language, translated title) pairs."""
    corpus = catalog.corpus
    english: dict[str, str] = {}
    en_titles: dict[str, str] = {}
    names: dict[str, list[tuple[str, str]]] = defaultdict(list)
    # Records without an edition first, so that the view's own edition wins.
    titled = corpus.titles(None) + (corpus.titles(catalog.edition) if catalog.edition is not None else [])
    for number, lang, title, aligned, en_title, _ in titled:
        if lang == "en":
            english[number] = title
        elif aligned:
            names[number].append((lang, title))
            if en_title:
                en_titles[number] = en_title
    if catalog.edition is not None:
        for number, lang, name in corpus.term_names(catalog.edition, catalog.english):
            if lang == "en":
                en_titles.setdefault(number, name)
            else:
                names[number].append((lang, name))
    return english, en_titles, names


def _keyword_terms(catalog: Catalog) -> list[tuple[Record, list[str]]]:
    """The keyword table's terms, each with the numbers in the view of the rules defining it
    (worked out at ingest against the newest English edition). Terms learned from aligned
    titles are left out: `_titles` gives them, by identity."""
    terms = [r for r in catalog.corpus.records(kinds=["term"]) if not (r.rules and r.lang != "en")]
    links = catalog.corpus.term_links(sorted({fold(r.title) for r in terms if r.title}))
    found = []
    for record in terms:
        edition, numbers = links.get(fold(record.title or ""), (record.edition, list(record.rules)))
        mapped = catalog.in_view(edition, numbers)
        found.append((record, [mapped[n] for n in numbers if n in mapped]))
    return found


def _stems(text: str, lang: str) -> set[str]:
    from mtgrules.index.analyzers import language_analyzer

    return {token.text for token in language_analyzer(lang)(text)}


def score(entry: Entry, word: str, *, stems: bool = True) -> Match:
    """How well `word` names the entry (without comparing stems unless `stems`)."""
    wanted = " ".join(fold(word).split())
    best = Match.NONE
    for lang, name, folded in entry.named:
        if folded == wanted:
            return Match.EXACT
        if re.search(rf"(?<!\w){re.escape(wanted)}(?!\w)", folded):
            best = max(best, Match.WORD)
        elif stems and best < Match.STEM and lang in ("es", "fr", "en") and (found := _stems(word, lang)) and found <= _stems(name, lang):
            best = Match.STEM
    return best


def find_terms(entries: list[Entry], word: str) -> list[Entry]:
    """The entries `word` names best (several when it names several equally well). Stems are
    compared only when no name holds the word: a stem match never beats a word match, and
    stemming every name costs more than the rest of the lookup."""
    scored = [(score(entry, word, stems=False), entry) for entry in entries]
    if not any(s for s, _ in scored):
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
    catalog.texts(entry.rules)  # one read for every title below
    return {
        "term": entry.english,
        "edition": catalog.edition,
        "names": {lang: names for lang, names in sorted(entry.names.items())},
        "rules": [{"number": n, "title": catalog.title_of(n, ["en"])} for n in entry.rules],
    }
