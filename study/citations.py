"""The text of a cited rule in the reader's language, or the honest next best thing.

The judge and the quiz cite rules by number ("704.5g") and show the rule's text in the
language asked for. The corpus may not have it: the seeds hold only some Spanish rules, and the
English rules are there only once the user ingested them. So a citation falls back to English
with a note saying so, and to the bare number with a note saying what to ingest; it never
silently shows another language or guesses a text.

Only aligned records count: a translated paragraph whose number alignment did not confirm is
not quoted as rule 704.5g, since it may be another subrule.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from mtgrules.records import Record, most_confident_by_number


@dataclass(frozen=True)
class Citation:
    number: str
    text: str | None  # None: no text in the corpus in any acceptable language
    lang: str | None  # the language of `text`
    note: str | None  # why the text is not in the language asked for, or absent


class RuleTexts:
    """Rule number -> language -> the most confident aligned rule record."""

    def __init__(self, records: list[Record]):
        self.by_number = most_confident_by_number(records, aligned_only=True)

    def text(self, number: str, lang: str) -> str | None:
        record = self.by_number.get(number, {}).get(lang)
        return record.text if record is not None else None

    def title(self, number: str, lang: str) -> str | None:
        """A rule's title ("Confabular") in `lang`, else in English, else None."""
        by_lang = self.by_number.get(number, {})
        for code in (lang, "en"):
            if code in by_lang and by_lang[code].title:
                return by_lang[code].title
        return None

    def cite(self, number: str, lang: str) -> Citation:
        """The rule's text in `lang`, else in English with a note, else a note alone."""
        by_lang = self.by_number.get(number, {})
        if lang in by_lang:
            return Citation(number, by_lang[lang].text, lang, None)
        if "en" in by_lang:
            return Citation(number, by_lang["en"].text, "en", f"no {lang} text for {number} in the corpus; English text")
        return Citation(
            number, None, None,
            f"{number} is not in the corpus; `mtgrules ingest` the English Comprehensive Rules to read it",
        )

    def numbers(self, lang: str) -> list[str]:
        return [number for number, by_lang in self.by_number.items() if lang in by_lang]


def default_lang(records: list[Record]) -> str:
    """The language most rules of the corpus are in: English once the user ingested it,
    Spanish with the seeds alone. A person who asks for nothing gets the fullest text."""
    counts = Counter(r.lang for r in records if r.kind == "rule" and r.aligned)
    return counts.most_common(1)[0][0] if counts else "en"
