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

from dataclasses import dataclass, field

from mtgrules.align.assignment import best_assignment
from mtgrules.align.evidence import UNALIGNED_BELOW, Passage, confidence, similarity
from mtgrules.parsers.site_ruling_page import RulingPage
from mtgrules.records import Record
from mtgrules.text import fold


@dataclass
class AlignedRulings:
    records: list[Record]
    card: str | None
    warnings: list[str] = field(default_factory=list)


def resolve_card(heading: str, cards: list[Record]) -> Record | None:
    """The card whose English or printed name is the heading (exact, then folded)."""
    folded = fold(heading)
    for match in (lambda name: name == heading, lambda name: fold(name) == folded):
        for card in cards:
            if any(match(name) for name in [card.card or "", *card.names.values()]):
                return card
    return None


def align_rulings(
    page: RulingPage, cards: list[Record], english_rulings: list[Record], terms: dict[str, str] | None = None
) -> AlignedRulings:
    card = resolve_card(page.card_heading, cards)
    if card is None:
        records = [_record(page, ruling, page.card_heading, None, None) for ruling in page.rulings]
        warning = (
            f"{page.source}: card {page.card_heading!r} is not in the ingested MTGJSON data;"
            " its rulings are not aligned (ingest the card's set file)"
        )
        return AlignedRulings(records, None, [warning])
    english = sorted((r for r in english_rulings if r.card == card.card and r.lang == "en"), key=lambda r: r.position or 0)
    translated = [Passage(r.text, page.lang, r.date, r.untranslated) for r in page.rulings]
    originals = [Passage(r.text, "en", r.date) for r in english]
    scores = [[similarity(t, o, terms) for o in originals] for t in translated]
    pairing: list[int | None] = best_assignment(scores) if originals else [None] * len(translated)
    name = card.card or page.card_heading
    records, warnings = [], []
    for index, (ruling, column) in enumerate(zip(page.rulings, pairing)):
        if column is None:
            records.append(_record(page, ruling, name, None, None))
            continue
        conf = confidence(scores[index][column], scores[index][column] - _assignment_margin(scores, pairing, index, column))
        records.append(_record(page, ruling, name, english[column], conf))
    unaligned = [r.position for r in records if not r.aligned]
    if unaligned:
        warnings.append(f"{page.source}: rulings {unaligned} of {name} have no confident English counterpart")
    return AlignedRulings(records, name, warnings)


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
