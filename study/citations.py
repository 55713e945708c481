"""The text of a cited rule in the reader's language, or the honest next best thing.

The judge and the quiz cite rules by number ("704.5g") and show the rule's text in the
language asked for. The corpus may not have it: the seeds hold only some Spanish rules, and the
English rules are there only once the user ingested them. So a citation falls back to English
with a note saying so, and to the bare number with a note saying what to ingest; it never
silently shows another language or guesses a text.

Only aligned records count: a translated paragraph whose number alignment did not confirm is
not quoted as rule 704.5g, since it may be another subrule.

The texts are those of one edition's view (`RuleTexts.of_view`, `mtgrules.lookup.catalog`):
numbers are that edition's, and a translation of another edition is there under the number its
rule has in it. The engine cites rules as numbered in its own edition; a citation follows the
rule to the view's number by identity and says so when the number differs, or that the rule
cannot be found in the view.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from mtgrules.i18n import translation
from mtgrules.lookup.catalog import Catalog
from mtgrules.records import Record, most_confident_by_number


@dataclass(frozen=True)
class Citation:
    number: str
    text: str | None  # None: no text in the corpus in any acceptable language
    lang: str | None  # the language of `text`
    note: str | None  # why the text is not in the language asked for, or absent


class RuleTexts:
    """Rule number -> language -> the most confident aligned rule record. `to_view` maps a
    number the engine cites to the view's (None when the rule is not there); `edition` names
    the view's edition in notes."""

    def __init__(self, records: Iterable[Record], *, edition: str | None = None,
                 to_view: Callable[[str], str | None] | None = None):
        self.by_number = most_confident_by_number(records, aligned_only=True)
        self.edition = edition
        self.to_view = to_view or (lambda number: number)
        self.english_changed: set[tuple[str, str]] = set()  # (number, lang) of translations whose English changed since

    @classmethod
    def of_view(cls, catalog: Catalog) -> RuleTexts:
        """The texts of every rule of one edition's view, keyed by the view's numbers."""
        from mtgrules.lookup.coverage import from_engine, view_rule_numbers

        shown = catalog.texts(view_rule_numbers(catalog))
        records = [dataclasses.replace(s.record, number=number) for number, by_lang in shown.items() for s in by_lang.values()]

        def to_view(number: str) -> str | None:
            return from_engine(catalog, [number]).get(number)

        texts = cls(records, edition=catalog.edition, to_view=to_view)
        texts.english_changed = {(number, lang) for number, by_lang in shown.items() for lang, s in by_lang.items() if s.english_changed}
        return texts

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
        """The text of the rule the engine cites as `number`, in `lang`, else in English with a
        note, else a note alone."""
        _ = translation(lang).gettext  # the notes speak the language of the judging, which Babel finds as `_`
        here = self.to_view(number)
        if here is None:
            return Citation(number, None, None, _("{number} (as the engine numbers it) cannot be found in the {edition} edition")
                            .format(number=number, edition=self.edition))
        renumbered = None if here == number else _("numbered {number} in the {edition} edition").format(number=here, edition=self.edition)
        by_lang = self.by_number.get(here, {})
        if lang in by_lang:
            return Citation(number, by_lang[lang].text, lang, _notes(renumbered, self._follows(here, by_lang[lang], _)))
        if "en" in by_lang:
            missing = _("no {lang} text for {number} in the corpus; English text").format(lang=lang, number=here)
            return Citation(number, by_lang["en"].text, "en", _notes(renumbered, missing))
        return Citation(
            number, None, None,
            _("{number} is not in the corpus; `mtgrules ingest` the English Comprehensive Rules to read it").format(number=number),
        )

    def _follows(self, number: str, record: Record, _) -> str | None:
        """A translation of another edition's text says so, and whether the English changed since."""
        if not (record.edition and self.edition and record.edition != self.edition):
            return None
        changed = (number, record.lang) in self.english_changed
        return (_("translated from the {edition} text; the English has changed since") if changed
                else _("translated from the {edition} text")).format(edition=record.edition)

    def numbers(self, lang: str) -> list[str]:
        return [number for number, by_lang in self.by_number.items() if lang in by_lang]


def _notes(*notes: str | None) -> str | None:
    return "; ".join(note for note in notes if note) or None


def preferred_lang(texts: RuleTexts) -> str:
    """The language to study and judge in when none is asked: the person's
    (`mtgrules.i18n.interface_language`) when the corpus has rules in it, else `default_lang`."""
    from mtgrules.i18n import interface_language

    lang = interface_language()
    return lang if any(lang in by_lang for by_lang in texts.by_number.values()) else default_lang(texts)


def default_lang(texts: RuleTexts) -> str:
    """The language most rules are in: English once the user ingested it, Spanish with the
    seeds alone. A person who asks for nothing gets the fullest text."""
    counts = Counter(lang for by_lang in texts.by_number.values() for lang in by_lang)
    return counts.most_common(1)[0][0] if counts else "en"
