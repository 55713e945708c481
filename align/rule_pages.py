"""Numbering the unnumbered subrules of a translated rule page by aligning them with an English
edition.

Translated pages list subrules without numbers, and some are missing (the Spanish 701.28 page
starts at 701.28b). Counting would number them wrongly, so each paragraph is matched to an
English subrule of the same rule by a monotone alignment that allows gaps on both sides:

    best[i][j] = max( best[i-1][j-1] + score(P_i, E_j) - MATCH_BIAS   (P_i translates E_j),
                      best[i-1][j]   - SKIP_PARAGRAPH                 (P_i has no counterpart),
                      best[i][j-1]                                    (E_j is not translated) )

where `score` is `evidence.similarity` and pairs scoring under MATCH_FLOOR cannot match. Leaving
an English subrule untranslated is free: pages often lack some. A paragraph left without a
counterpart is kept, unnumbered and marked unaligned.

With several editions ingested the page is aligned against each edition that has the rule, and
the one whose subrules match best wins (rules are renumbered: 701.28 is Transform in 2024 and
Convert from 2025); on a tie the newest edition wins. Each record gets a confidence
(`evidence.confidence`: its score and its margin over the next best subrule that the order of
its aligned neighbours leaves open); under
UNALIGNED_BELOW it is marked unaligned. With no English edition at all, subrules are numbered
provisionally in page order, marked unaligned, and a warning says so.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mtgrules import rulenumbers
from mtgrules.align.english import EnglishEdition
from mtgrules.align.evidence import UNALIGNED_BELOW, Passage, confidence, page_length_ratio, similarity
from mtgrules.parsers.site_rule_page import RulePage
from mtgrules.records import Record

MATCH_BIAS = 0.1
MATCH_FLOOR = 0.15
SKIP_PARAGRAPH = 0.05


@dataclass
class AlignedPage:
    records: list[Record]
    edition: str | None
    missing: list[str] = field(default_factory=list)  # English subrules the page lacks
    warnings: list[str] = field(default_factory=list)


def align_sequence(scores: list[list[float]]) -> list[int | None]:
    """For each paragraph, the index of its English subrule or None (the DP above)."""
    m, n = len(scores), len(scores[0]) if scores else 0
    best = [[0.0] * (n + 1) for _ in range(m + 1)]
    step = [[""] * (n + 1) for _ in range(m + 1)]
    for i in range(1, m + 1):
        best[i][0], step[i][0] = best[i - 1][0] - SKIP_PARAGRAPH, "skip_p"
        for j in range(1, n + 1):
            options = [(best[i - 1][j] - SKIP_PARAGRAPH, "skip_p"), (best[i][j - 1], "skip_e")]
            if scores[i - 1][j - 1] >= MATCH_FLOOR:
                options.append((best[i - 1][j - 1] + scores[i - 1][j - 1] - MATCH_BIAS, "match"))
            best[i][j], step[i][j] = max(options)
    matches: list[int | None] = [None] * m
    i, j = m, n
    while i > 0:
        move = step[i][j]
        if move == "match":
            matches[i - 1] = j - 1
            i, j = i - 1, j - 1
        elif move == "skip_p":
            i -= 1
        else:
            j -= 1
    return matches


def _runner_up(row: list[float], matches: list[int | None], index: int) -> float:
    """The best score of the paragraph against the English subrules it could have taken without
    breaking the order its neighbours fix: those between the previous and the next match."""
    before = max((j for j in matches[:index] if j is not None), default=-1)
    after = min((j for j in matches[index + 1 :] if j is not None), default=len(row))
    return max((row[k] for k in range(before + 1, after) if k != matches[index]), default=0.0)


def _page_passages(page: RulePage) -> list[Passage]:
    return [Passage(" ".join([p.text, *p.examples]), page.lang) for p in page.subrules]


def _score_against(page: RulePage, passages: list[Passage], edition: EnglishEdition, terms: dict[str, str]):
    numbers = edition.children(page.number)
    english = [edition.passage(n) for n in numbers]
    ratio = page_length_ratio(page.lang, passages, english)
    scores = [[similarity(p, e, terms, ratio) for e in english] for p in passages]
    matches = align_sequence(scores) if numbers else [None] * len(passages)
    matched = [scores[i][j] for i, j in enumerate(matches) if j is not None]
    own_score = None
    if page.own_text and page.number in edition.rules:
        own_score = similarity(Passage(page.own_text, page.lang), edition.passage(page.number), terms, ratio)
        matched.append(own_score)
    quality = sum(matched) / max(1, len(passages) + (1 if own_score is not None else 0))
    return quality, numbers, scores, matches, own_score


def align_page(page: RulePage, editions: dict[str, EnglishEdition], terms: dict[str, str] | None = None) -> AlignedPage:
    terms = terms or {}
    passages = _page_passages(page)
    candidates = []
    for edition in editions.values():
        if page.number in edition.rules:
            candidates.append((*_score_against(page, passages, edition, terms), edition))
    if not candidates:
        return _provisional(page, editions)
    _, numbers, scores, matches, own_score, edition = max(
        candidates, key=lambda c: (round(c[0], 3), c[-1].effective)
    )
    english_rule = edition.rules[page.number]
    records: list[Record] = []
    subrule_confidences = []
    for index, (paragraph, match) in enumerate(zip(page.subrules, matches)):
        if match is None:
            records.append(_subrule_record(page, paragraph, None, 0.0, edition.effective))
            continue
        conf = confidence(scores[index][match], _runner_up(scores[index], matches, index))
        subrule_confidences.append(conf)
        records.append(_subrule_record(page, paragraph, numbers[match], conf, edition.effective))
    translated = {numbers[j] for j in matches if j is not None}
    missing = [n for n in numbers if n not in translated]
    evidence = subrule_confidences + ([own_score] if own_score is not None else [])
    page_confidence = round(sum(evidence) / len(evidence), 3) if evidence else 0.0
    rule = _page_rule_record(page)
    rule.edition, rule.en_title, rule.confidence = edition.effective, english_rule.title, page_confidence
    rule.aligned = page_confidence >= UNALIGNED_BELOW
    rule.missing = missing
    warnings = []
    if missing:
        warnings.append(f"{page.source}: the page lacks English subrules {', '.join(missing)} (edition {edition.effective})")
    unmatched = [r for r in records if r.number is None]
    if unmatched:
        warnings.append(f"{page.source}: {len(unmatched)} paragraph(s) match no English subrule of {page.number}")
    low = [r.number for r in records if r.number and not r.aligned]
    if low:
        warnings.append(f"{page.source}: low alignment confidence for {', '.join(low)}")
    return AlignedPage([rule, *records], edition.effective, missing, warnings)


def _page_rule_record(page: RulePage) -> Record:
    """The numbered rule the page is about: its title and own text, not yet aligned."""
    return Record(
        kind="rule",
        lang=page.lang,
        source=f"{page.source}:{page.title_line}",
        number=page.number,
        title=page.title,
        text=page.own_text or page.title,
        references=rulenumbers.references(page.own_text),
    )


def _subrule_record(page: RulePage, paragraph, number: str | None, conf: float, edition: str | None) -> Record:
    return Record(
        kind="rule",
        lang=page.lang,
        source=f"{page.source}:{paragraph.line}",
        number=number,
        text=paragraph.text,
        examples=list(paragraph.examples),
        references=rulenumbers.references(" ".join([paragraph.text, *paragraph.examples])),
        edition=edition,
        confidence=conf,
        aligned=number is not None and conf >= UNALIGNED_BELOW,
    )


def _provisional(page: RulePage, editions: dict[str, EnglishEdition]) -> AlignedPage:
    reason = (
        "no English edition is ingested"
        if not editions
        else f"no ingested English edition has rule {page.number}"
    )
    rule = _page_rule_record(page)
    rule.provisional = True
    records = [rule]
    for index, paragraph in enumerate(page.subrules):
        record = _subrule_record(page, paragraph, rulenumbers.subrule(page.number, index), 0.0, None)
        record.confidence, record.aligned, record.provisional = None, False, True
        records.append(record)
    warning = (
        f"{page.source}: {reason}; subrules of {page.number} are numbered provisionally, in page order"
        " (ingest an English edition to align them)"
    )
    return AlignedPage(records, None, [], [warning])
