"""The English editions the user ingested, arranged for alignment and term linking.

An `EnglishEdition` indexes one edition's rule records by number and by parent, and computes
each rule's alignment evidence (`evidence.Passage`) once, on first use.
"""

from __future__ import annotations

from collections import defaultdict

from mtgrules import rulenumbers
from mtgrules.align.evidence import Passage
from mtgrules.records import Record


class EnglishEdition:
    def __init__(self, effective: str, records: list[Record]):
        self.effective = effective
        self.rules: dict[str, Record] = {}
        self.sections: dict[str, Record] = {}
        self._children: dict[str, list[str]] = defaultdict(list)
        self._passages: dict[str, Passage] = {}
        for record in records:
            if record.number is None:
                continue  # English records are numbered; a translation's unmatched paragraph is not
            if record.kind == "rule":
                self.rules[record.number] = record
                parent = rulenumbers.parent(record.number)
                if parent is not None:
                    self._children[parent].append(record.number)
            elif record.kind == "section":
                self.sections[record.number] = record

    def children(self, number: str) -> list[str]:
        """Lettered subrules of a numbered rule, in order."""
        return self._children.get(number, [])

    def passage(self, number: str) -> Passage:
        if number not in self._passages:
            record = self.rules[number]
            self._passages[number] = Passage(" ".join([record.text, *record.examples]), "en")
        return self._passages[number]


def _by_edition(records: list[Record]) -> dict[str, list[Record]]:
    grouped: dict[str, list[Record]] = defaultdict(list)
    for record in records:
        if record.lang == "en" and record.kind in ("rule", "section") and record.edition:
            grouped[record.edition].append(record)
    return grouped


def english_editions(records: list[Record]) -> dict[str, EnglishEdition]:
    """Editions by effective date, from the English section and rule records given."""
    grouped = _by_edition(records)
    return {effective: EnglishEdition(effective, rules) for effective, rules in sorted(grouped.items())}


def newest_english_edition(records: list[Record]) -> EnglishEdition | None:
    """The newest of `english_editions(records)`, without arranging the older ones."""
    grouped = _by_edition(records)
    if not grouped:
        return None
    newest = max(grouped)
    return EnglishEdition(newest, grouped[newest])
