"""Which languages each card's records have given so far, across a whole data file.

The card data readers give one card record per card and one more for each printing that brings
a language not given before, so they keep this for every card name of the file: about 30,000
names in AllPrintings. The cards share a few dozen combinations of languages, so each
combination is kept once and a card costs about one dictionary entry (a set per card cost
about 0.7 kB: 20 MB for AllPrintings).
"""

from __future__ import annotations

from collections.abc import Iterable


class LanguagesGiven:
    def __init__(self) -> None:
        self._by_name: dict[str, frozenset[str]] = {}
        self._combinations: dict[frozenset[str], frozenset[str]] = {}

    def get(self, name: str) -> frozenset[str] | None:
        """The languages given for the card, or None when it has no record yet."""
        return self._by_name.get(name)

    def add(self, name: str, langs: Iterable[str]) -> None:
        """Note that the card's records now give `langs` too."""
        combined = self._by_name.get(name, frozenset()) | frozenset(langs)
        self._by_name[name] = self._combinations.setdefault(combined, combined)
