"""`Catalog`: one edition's view of the corpus, read by key from the store, shared by `rule`,
`card`, `term`, `engine coverage` and `search` (for a rule number).

A rule number is a key only inside one edition, so every rule lookup happens in a view: one
edition, by default the newest English edition in the corpus (with none, the newest edition any
record was aligned against: the seeds' 2026-08-07). In the view of edition F, rule N shows:

- the records of edition F numbered N, in any language (the English text of F, translations
  aligned against F);
- translations aligned against another English edition E whose rule has, by identity
  (`mtgrules.align.identities`), the number N in F: Chinese 701.50 of 2024 (Convert) is shown
  under 701.28 in the 2026 view, never under 701.50 (Connive there). Each says which edition
  it follows and whether the English changed since (`Shown.english_changed`);
- records without an edition (pages numbered provisionally, with no English edition to align
  against), shown by number in every view and marked unaligned.

Records of an edition whose English text is not in the corpus cannot be traced: they appear
only in their own edition's view, and `untraced` counts them for the note that says so.
Cards and rulings have no edition. Every read is keyed (a few rows per lookup), never the whole
corpus.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import cached_property

from mtgrules import rulenumbers
from mtgrules.i18n import _
from mtgrules.lookup.editions import LATEST, EditionError, check_edition
from mtgrules.records import Record
from mtgrules.store import RULE_KINDS, Message, Queries
from mtgrules.text import fold


def resolve_edition(corpus: Queries, asked: str | None) -> str | None:
    """The edition a view shows: `asked` (a date or `latest`), else the default. Unlike the
    edition commands (`lookup.editions.resolve`), any edition a record belongs to has a view,
    one without English text included (the seeds' 2026-08-07 before its English is ingested)."""
    if asked is None or check_edition(asked) == LATEST:
        return corpus.default_edition()
    held = [e.date for e in corpus.editions()]
    if asked in held:
        return asked
    raise EditionError(
        _("no edition {asked} in the corpus (it holds {value}); ingest the Comprehensive Rules of that date")
          .format(asked=asked, value=', '.join(held) or _("none"))
    )


@dataclass(frozen=True)
class Shown:
    """A record shown in the view. `english_changed` is None when the record belongs to the
    view's edition (or has none), else whether the English of its edition differs from the
    view's."""

    record: Record
    english_changed: bool | None = None

    @property
    def foreign(self) -> bool:
        """True when the record follows another edition than the view's."""
        return self.english_changed is not None


def _certainty(record: Record) -> float:
    return 1.0 if record.confidence is None else record.confidence


def _preference(shown: Shown, edition: str | None) -> tuple:
    """Which of several records of one language to show: one of the view's edition, then one
    whose English is unchanged since, then the most confident, then the newest."""
    record = shown.record
    return (record.edition == edition, not shown.english_changed, _certainty(record), record.edition or "")


class Catalog:
    """The view of one edition (`edition`, None when no record has one) over `corpus`."""

    def __init__(self, corpus: Queries, edition: str | None):
        self.corpus = corpus
        self.edition = edition
        self._texts: dict[str, dict[str, Shown]] = {}
        self._cited: dict[str, list[str]] = {}

    @classmethod
    def load(cls, edition: str | None = None, *, on_message: Message | None = None, corpus: Queries | None = None) -> Catalog:
        """The view of `edition` (a date, `latest`, or None for the default) over the user's
        corpus; EditionError when the corpus has no such edition."""
        if corpus is None:
            from mtgrules.align import linking

            corpus = linking.open_store(on_message)
        return cls(corpus, resolve_edition(corpus, edition))

    @cached_property
    def english_editions(self) -> list[str]:
        """The corpus's English editions, read once per view (a term dictionary maps some
        hundred keyword terms' rules into the view at ingest, where the editions are counted
        from the records)."""
        return self.corpus.english_editions()

    @cached_property
    def english(self) -> bool:
        """True when the view's edition has English text, so translations of other English
        editions can be traced into it."""
        return self.edition is not None and self.edition in self.english_editions

    # --- rules -----------------------------------------------------------------------------

    def texts(self, numbers: list[str]) -> dict[str, dict[str, Shown]]:
        """Number -> language -> the record shown for it in this view (numbers with nothing to
        show are left out)."""
        wanted = [n for n in dict.fromkeys(numbers) if n not in self._texts]
        if wanted:
            candidates = [(r.number, Shown(r)) for r in self.corpus.records(kinds=RULE_KINDS, edition=None, numbers=wanted)]
            if self.edition is not None:
                candidates += [(r.number, Shown(r)) for r in self.corpus.records(kinds=RULE_KINDS, edition=self.edition, numbers=wanted)]
            if self.english:
                candidates += [(c.number, Shown(c.record, c.english_changed)) for c in self.corpus.counterparts(self.edition or "", wanted)]
            found: dict[str, dict[str, Shown]] = {n: {} for n in wanted}
            for number, shown in candidates:
                held = found[number or ""].get(shown.record.lang)
                if held is None or _preference(shown, self.edition) > _preference(held, self.edition):
                    found[number or ""][shown.record.lang] = shown
            self._texts.update(found)
        return {n: self._texts[n] for n in numbers if self._texts.get(n)}

    def by_lang(self, number: str) -> dict[str, Shown]:
        return self.texts([number]).get(number, {})

    def exists(self, number: str) -> bool:
        return bool(self.by_lang(number))

    def cited_by(self, numbers: list[str]) -> dict[str, list[str]]:
        """Number -> the rules of this view that cite it, in rules order (one keyed read for
        all the numbers not read yet)."""
        wanted = [n for n in dict.fromkeys(numbers) if n not in self._cited]
        if wanted:
            found = self.corpus.cited_by(None, wanted)
            if self.edition is not None:
                for cited, citing in self.corpus.cited_by(self.edition, wanted).items():
                    found[cited] = sorted(set(found.get(cited, [])) | set(citing), key=rulenumbers.sort_key)
            self._cited.update({n: found.get(n, []) for n in wanted})
        return {n: self._cited[n] for n in numbers if self._cited.get(n)}

    def children(self, number: str) -> list[str]:
        """The numbers directly under `number` in this view, in rules order."""
        found = self.corpus.numbers(edition=None, parents=[number])
        if self.edition is not None:
            found |= self.corpus.numbers(edition=self.edition, parents=[number])
        return sorted(found, key=rulenumbers.sort_key)

    def rule_langs(self) -> list[str]:
        return self.corpus.languages(("rule",))

    def title_of(self, number: str, langs: list[str]) -> str | None:
        """A short name for a rule: its title (in the first language that has one), else the
        start of its text."""
        by_lang = self.by_lang(number)
        order = [*langs, "en", *sorted(by_lang)]
        for lang in order:
            if lang in by_lang and by_lang[lang].record.title:
                return by_lang[lang].record.title
        for lang in order:
            if lang in by_lang and by_lang[lang].record.text:
                text = " ".join(by_lang[lang].record.text.split())
                return text if len(text) <= 70 else text[:69].rsplit(" ", 1)[0] + "…"
        return None

    def in_view(self, edition: str | None, numbers: list[str]) -> dict[str, str]:
        """Numbers of another edition's rules -> their numbers in this view (those whose rule
        is in it)."""
        if edition is None or edition == self.edition:
            return {n: n for n in numbers}
        if not self.english or not numbers or edition not in self.english_editions:
            return {}
        return self.corpus.map_numbers(edition, numbers, self.edition or "")

    def untraced(self, numbers: list[str]) -> dict[str, dict[str, int]]:
        """Edition -> language -> how many records numbered `numbers` follow an edition that
        cannot be traced into this view (no English text for it, or none for the view)."""
        if not numbers:
            return {}
        traceable = set(self.english_editions) if self.english else set()
        return {
            edition: counts
            for edition, counts in self.corpus.editions_of(numbers).items()
            if edition is not None and edition != self.edition and edition not in traceable
        }

    # --- cards -----------------------------------------------------------------------------

    def card_records(self, card: str) -> list[Record]:
        return self.corpus.records(kinds=["card"], card=card)

    def rulings(self, card: str) -> list[Record]:
        """The card's rulings in every language, English text filled in where known."""
        rulings = self.corpus.records(kinds=["ruling"], card=card)
        english = {(r.card, r.en_position): r for r in rulings if r.lang == "en"}
        for ruling in rulings:
            if ruling.lang == "en":
                ruling.en_text = ruling.text
            elif (counterpart := english.get((ruling.card, ruling.en_position))) and counterpart.en_digest == ruling.en_digest:
                ruling.en_text = counterpart.text
        return rulings

    def card(self, card: str) -> Record | None:
        """The card's record; a card given by several records (an MTGJSON set file and a name
        table, or a later printing bringing languages the first lacked) shows the printed
        names, type lines and texts of all of them, and the English text of the first that has
        one."""
        held: Record | None = None
        for record in self.card_records(card):
            held = record if held is None else dataclasses.replace(
                held,
                names={**record.names, **held.names},
                type_lines={**record.type_lines, **held.type_lines},
                texts={**record.texts, **held.texts},
                text=held.text or record.text,
            )
        return held

    def cards_with_ruling(self, en_digest: str) -> int:
        return self.corpus.cards_with_ruling(en_digest)

    def cards_named(self, name: str) -> set[str]:
        return self.corpus.cards_named(" ".join(fold(name).split()))
