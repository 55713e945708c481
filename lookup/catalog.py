"""`Catalog`: the corpus records arranged for lookups by key (rule number, card, term), shared
by `rule`, `card`, `term` and `search` (for a rule number). Lookups by key need no ranking, so
they read the records directly instead of the index.
"""

from __future__ import annotations

import dataclasses
from collections import defaultdict
from functools import cached_property

from mtgrules import rulenumbers
from mtgrules.records import Record, most_confident_by_number
from mtgrules.text import fold


class Catalog:
    """The corpus records indexed by key, built once per command."""

    def __init__(self, records: list[Record]):
        self.records = records

    @classmethod
    def load(cls) -> Catalog:
        from mtgrules.align import linking

        return cls(linking.all_records())

    @cached_property
    def numbered(self) -> dict[str, dict[str, Record]]:
        """Rule or section number -> language -> record (the most confident one)."""
        return most_confident_by_number(self.records, kinds=("rule", "section"))

    @cached_property
    def children(self) -> dict[str, list[str]]:
        """Number -> the numbers directly under it, in rules order."""
        table: dict[str, list[str]] = defaultdict(list)
        for number in self.numbered:
            parent = rulenumbers.parent(number)
            if parent is not None:
                table[parent].append(number)
        return {parent: sorted(numbers, key=rulenumbers.sort_key) for parent, numbers in table.items()}

    def rule_langs(self) -> list[str]:
        return sorted({lang for by_lang in self.numbered.values() for lang in by_lang})

    def title_of(self, number: str, langs: list[str]) -> str | None:
        """A short name for a rule: its title (in the first language that has one), else the
        title of its section, else the start of its text."""
        by_lang = self.numbered.get(number, {})
        order = [*langs, "en", *sorted(by_lang)]
        for lang in order:
            if lang in by_lang and by_lang[lang].title:
                return by_lang[lang].title
        for lang in order:
            if lang in by_lang and by_lang[lang].text:
                text = " ".join(by_lang[lang].text.split())
                return text if len(text) <= 70 else text[:69].rsplit(" ", 1)[0] + "…"
        return None

    @cached_property
    def rulings(self) -> dict[str, list[Record]]:
        """English card name -> its rulings in every language."""
        table: dict[str, list[Record]] = defaultdict(list)
        for record in self.records:
            if record.kind == "ruling" and record.card:
                table[record.card].append(record)
        return dict(table)

    @cached_property
    def cards(self) -> dict[str, Record]:
        """English card name -> its card record. A card given by several documents (an MTGJSON
        set file and a name table) shows the printed names of all of them."""
        table: dict[str, Record] = {}
        for record in self.records:
            if record.kind != "card" or not record.card:
                continue
            held = table.get(record.card)
            if held is None:
                table[record.card] = record
            else:
                table[record.card] = dataclasses.replace(held, names={**record.names, **held.names})
        return table

    @cached_property
    def card_names(self) -> dict[str, set[str]]:
        """Folded name (English or printed in any language) -> English card names."""
        table: dict[str, set[str]] = defaultdict(set)
        for record in self.records:
            if record.kind not in ("card", "ruling") or not record.card:
                continue
            for name in [record.card, record.printed_name, *record.names.values()]:
                if name:
                    table[fold(name)].add(record.card)
        return dict(table)

    @cached_property
    def cards_by_digest(self) -> dict[str, set[str]]:
        """English ruling digest -> the cards that carry that ruling."""
        table: dict[str, set[str]] = defaultdict(set)
        for record in self.records:
            if record.kind == "ruling" and record.en_digest and record.card:
                table[record.en_digest].add(record.card)
        return dict(table)
