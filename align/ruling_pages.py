"""Tying each translated ruling to the English ruling it translates.

The card is found first: the page's heading is an English name or a printed Spanish/French name,
resolved through the names of the ingested MTGJSON cards (exactly, then ignoring case and
accents). Then the page's rulings and the card's English rulings are paired as an ASSIGNMENT
(`assignment.best_assignment` over `evidence.similarity`, dates included), not in order: the
Spanish Electrozoa page lists first the ruling MTGJSON lists last.

Each ruling record keeps the English card name (`card`), the English ruling's MTGJSON position
and digest (`en_position`, `en_digest`) and a confidence (its score, and how much the best total
would lose without this pairing); under UNALIGNED_BELOW it is marked unaligned. With no MTGJSON data for
the card, the records keep the heading as card name, are unaligned, and a warning says so.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field

from mtgrules.align.assignment import best_assignment
from mtgrules.align.evidence import UNALIGNED_BELOW, Passage, confidence, pinned_confidence, similarity
from mtgrules.i18n import _
from mtgrules.parsers.site_ruling_page import RulingPage
from mtgrules.records import Record
from mtgrules.text import fold

CERTAIN = 0.5  # pairings this confident pin the one pairing they leave


@dataclass
class AlignedRulings:
    records: list[Record]
    card: str | None
    warnings: list[str] = field(default_factory=list)


_NAME_SEPARATORS = re.compile(r"\s+[›»>|·—–-]\s+|\s*[:|]\s+")


class CardIndex:
    """The ingested cards by every name they are printed under, exactly and folded: a page may
    offer a hundred candidate headings (a menu saved as text), each looked up once, not against
    every card."""

    def __init__(self, cards: list[Record]):
        self.exact: dict[str, Record] = {}
        self.folded: dict[str, Record] = {}
        for card in cards:
            for name in [card.card or "", *card.names.values()]:
                if name:
                    self.exact.setdefault(name, card)
                    self.folded.setdefault(fold(name), card)

    def find(self, heading: str) -> Record | None:
        """The card whose English or printed name is the heading (exact, then folded)."""
        return self.exact.get(heading) or self.folded.get(fold(heading))


def resolve_page_card(page: RulingPage, cards: list[Record] | CardIndex) -> tuple[Record | None, str]:
    """The card a page is about, and the heading that named it: the page's candidate headings
    best first, each whole and then each part of it ("Electrozoa — Resoluciones", "Cartas ›
    Kaladesh › Mecatitán cataclísmico"), so a subtitle, set line or breadcrumb costs nothing."""
    index = cards if isinstance(cards, CardIndex) else CardIndex(cards)
    for name in candidate_names(page):
        card = index.find(name)
        if card is not None:
            return card, name
    return None, page.card_heading


def candidate_names(page: RulingPage) -> list[str]:
    """What a page may name its card by, in the order `resolve_page_card` tries them: each
    candidate heading whole, then each part of each."""
    candidates = page.headings or [page.card_heading]
    parts = [part.strip() for heading in candidates for part in _NAME_SEPARATORS.split(heading) if part.strip()]
    return [*candidates, *parts]


def align_rulings(
    page: RulingPage, cards: list[Record] | CardIndex, english_rulings: list[Record], terms: dict[str, str] | None = None
) -> AlignedRulings:
    card, heading = resolve_page_card(page, cards)
    if card is not None and heading != page.card_heading:
        page = dataclasses.replace(page, card_heading=heading)
    if card is None:
        records = [_record(page, ruling, page.card_heading, None, None) for ruling in page.rulings]
        warning = f"{page.source}: " + _("card {card!r} is not in the ingested MTGJSON data; its rulings are not aligned (ingest"
                                         " the card's set file)").format(card=page.card_heading)
        return AlignedRulings(records, None, [*page.warnings, warning])
    english = _one_per_text(sorted((r for r in english_rulings if r.card == card.card and r.lang == "en"), key=lambda r: r.position or 0))
    translated = [Passage(r.text, page.lang, r.date, r.untranslated) for r in page.rulings]
    originals = [Passage(r.text, "en", r.date) for r in english]
    scores = [[similarity(t, o, terms) for o in originals] for t in translated]
    pairing: list[int | None] = best_assignment(scores) if originals else [None] * len(translated)
    name = card.card or page.card_heading
    records, warnings = [], list(page.warnings)
    confidences = _confidences(scores, pairing)
    for ruling, column, conf in zip(page.rulings, pairing, confidences):
        if column is None:
            records.append(_record(page, ruling, name, None, None))
            continue
        records.append(_record(page, ruling, name, english[column], conf))
    unaligned = [r.position for r in records if not r.aligned]
    if unaligned:
        warnings.append(f"{page.source}: " + _("rulings {numbers} of {card} have no confident English counterpart").format(
            numbers=unaligned, card=name))
    return AlignedRulings(records, name, warnings)


def _one_per_text(rulings: list[Record]) -> list[Record]:
    """The first of English rulings with the same text: a card's rulings can come from several
    documents (a set file and AllPrintings, MTGJSON and Scryfall), and a second copy of a ruling
    would be a rival counterpart as good as the first, halving every confidence."""
    seen: set[str | None] = set()
    distinct = []
    for ruling in rulings:
        if ruling.en_digest not in seen or ruling.en_digest is None:
            seen.add(ruling.en_digest)
            distinct.append(ruling)
    return distinct


def _confidences(scores: list[list[float]], pairing: list[int | None]) -> list[float]:
    """Each pairing's confidence: its score and what the best total loses without it. A
    pairing the certain ones force (the one English ruling they leave free, for the one page
    ruling they leave unpaired) takes its confidence from them (`evidence.pinned_confidence`):
    a short ruling among long ones reads like little, but nothing else is left for it."""
    own = [
        confidence(scores[row][column], scores[row][column] - _assignment_margin(scores, pairing, row, column))
        if column is not None
        else 0.0
        for row, column in enumerate(pairing)
    ]
    uncertain = [row for row, column in enumerate(pairing) if column is not None and own[row] < CERTAIN]
    columns = len(scores[0]) if scores else 0
    free = columns - sum(1 for row, column in enumerate(pairing) if column is not None and own[row] >= CERTAIN)
    if len(uncertain) == 1 and free == 1:
        (row,) = uncertain
        anchor = min((own[r] for r, column in enumerate(pairing) if column is not None and r != row), default=0.0)
        forced = pairing[row]
        if forced is not None:
            own[row] = max(own[row], pinned_confidence(scores[row][forced], anchor))
    return own


def _total(scores: list[list[float]], pairing: list[int | None]) -> float:
    return sum(scores[i][j] for i, j in enumerate(pairing) if j is not None)


def _assignment_margin(scores: list[list[float]], pairing: list[int | None], row: int, column: int) -> float:
    """How much the best total loses if `row` may not take its `column`: a pairing that the
    rest of the page forces is confident even when rulings on the same subject read alike."""
    forbidden = [list(r) for r in scores]
    forbidden[row][column] = -1.0
    return _total(scores, pairing) - _total(forbidden, best_assignment(forbidden))


def _record(page: RulingPage, ruling, card: str, english: Record | None, conf: float | None) -> Record:
    return Record(
        kind="ruling",
        lang=page.lang,
        source=f"{page.source}:{ruling.line}",
        card=card,
        printed_name=page.card_heading,
        date=ruling.date,
        text=ruling.text,
        position=ruling.position,
        en_position=english.en_position if english else None,
        en_digest=english.en_digest if english else None,
        untranslated=list(ruling.untranslated),
        confidence=conf,
        aligned=english is not None and conf is not None and conf >= UNALIGNED_BELOW,
    )
