"""The cross-language term dictionary.

Terms come from two places: the keyword table (English keyword with its printed Spanish and
French forms) and aligned rule titles (the Spanish page "701.50. Confabular" aligned to the
English "701.50. Connive" gives Confabular (es) = Connive (en)). The dictionary serves twice:
as alignment evidence (through the bilingual lexicon, `mtgrules.align.lexicon`, which takes
these terms as stated pairs) and for `mtgrules term` lookups, where each term is linked to the
rules that define it.
"""

from __future__ import annotations

import re

from mtgrules import rulenumbers
from mtgrules.align.english import newest_english_edition
from mtgrules.records import Record
from mtgrules.text import fold


def terms_from_titles(records: list[Record]) -> list[Record]:
    """A term record for each aligned translated rule whose English rule has a title."""
    terms = []
    for record in records:
        if record.kind == "rule" and record.lang != "en" and record.number and record.title and record.en_title and record.aligned:
            terms.append(
                Record(
                    kind="term",
                    lang=record.lang,
                    source=record.source,
                    title=record.en_title,
                    names={"en": record.en_title, record.lang: record.title},
                    rules=[record.number],
                    edition=record.edition,
                    confidence=record.confidence,
                    aligned=True,
                )
            )
    return terms


def _plural_forms(word: str) -> set[str]:
    return {word, word + "s", word + "es", word[:-1] + "ies" if word.endswith("y") else word}


class DefiningRules:
    """Finds the rules that define a term in one English edition; folds each rule text once,
    since every term of the dictionary is looked up against all of them."""

    def __init__(self, english_rules: dict[str, Record], sections: dict[str, Record]):
        ordered = sorted(english_rules, key=rulenumbers.sort_key)
        self.texts = [(number, fold(english_rules[number].text)) for number in ordered]
        self.titles = {number: fold(title) for number in ordered if (title := english_rules[number].title)}
        self.section_titles = [
            (number, fold(section.title))
            for number, section in sorted(sections.items(), key=lambda item: rulenumbers.sort_key(item[0]))
            if section.title and f"{number}.1" in english_rules
        ]

    def __call__(self, term: str) -> list[str]:
        """A numbered rule titled with the term ("701.50. Connive") defines it. Failing that,
        the rules that use the whole phrase ("energy counter" in 107.14), then the first rule of
        the section named after the phrase's last word ("Counters", 122 → 122.1)."""
        wanted = fold(term)
        titled = [number for number, title in self.titles.items() if title == wanted]
        if titled:
            return titled
        phrase = re.compile(r"\b" + re.escape(wanted) + r"(?:s|es)?\b")
        numbers = [number for number, text in self.texts if wanted in text and phrase.search(text)][:4]
        plurals = _plural_forms(wanted.split()[-1])
        for number, title in self.section_titles:
            if title in plurals:
                if f"{number}.1" not in numbers:
                    numbers.append(f"{number}.1")
                break
        return numbers


def link_terms(records: list[Record]) -> None:
    """Fill `rules` of keyword-table terms from the newest English edition among `records`."""
    unlinked = [r for r in records if r.kind == "term" and not r.rules]
    if not unlinked:
        return
    newest = newest_english_edition(records)
    if newest is None:
        return
    defining_rules = DefiningRules(newest.rules, newest.sections)
    for record in unlinked:
        record.rules = defining_rules(record.title or "")
        record.edition = newest.effective
