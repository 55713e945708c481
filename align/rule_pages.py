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

import dataclasses
from dataclasses import dataclass, field

from mtgrules import rulenumbers
from mtgrules.align.english import EnglishEdition
from mtgrules.align.evidence import (
    UNALIGNED_BELOW,
    Passage,
    confidence,
    page_length_ratio,
    pinned_confidence,
    similarity,
)
from mtgrules.i18n import _
from mtgrules.parsers.site_rule_page import RulePage
from mtgrules.records import Record

MATCH_BIAS = 0.1
MATCH_FLOOR = 0.15
SKIP_PARAGRAPH = 0.05
CERTAIN = 0.5  # a neighbour this confident pins the paragraphs beside it
MERGE_GAIN = 0.08  # how much better a paragraph must read as two English subrules to be both
MERGE_WORDS_GAIN = 0.01  # … and how much better its words alone, not only its length


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


def _objective(scores: list[list[float]], matches: list[int | None]) -> float:
    """What `align_sequence` maximises, for one alignment."""
    return sum(scores[i][j] - MATCH_BIAS if j is not None else -SKIP_PARAGRAPH for i, j in enumerate(matches))


@dataclass
class _Fit:
    """A page aligned against one edition."""

    edition: EnglishEdition
    numbers: list[str]  # the English subrules of the page's rule
    scores: list[list[float]]  # subrule paragraph × English subrule
    matches: list[int | None]  # for each subrule paragraph
    own_score: float | None  # the page's own text against the English rule's
    own_from_first: bool  # the page's first paragraph turned out to be the rule's own text
    quality: float


def _fit(page: RulePage, passages: list[Passage], edition: EnglishEdition, terms: dict[str, str]) -> _Fit:
    numbers = edition.children(page.number)
    english = [edition.passage(n) for n in numbers]
    ratio = page_length_ratio(page.lang, passages, english)
    scores = [[similarity(p, e, terms, ratio) for e in english] for p in passages]
    matches: list[int | None] = align_sequence(scores) if numbers else [None] * len(passages)
    own_score, own_from_first = None, False
    rule = edition.passage(page.number)
    if page.own_text:
        own_score = similarity(Passage(page.own_text, page.lang), rule, terms, ratio)
    elif not page.own_text_known and passages and not edition.rules[page.number].title:
        # No heading said where the rule's own text ends: the first paragraph is the rule's own
        # text if the page reads better that way (a titled rule has no own text to find).
        first = similarity(passages[0], rule, terms, ratio)
        rest: list[int | None] = align_sequence(scores[1:]) if numbers else [None] * (len(passages) - 1)
        if first >= MATCH_FLOOR and first - MATCH_BIAS + _objective(scores[1:], rest) > _objective(scores, matches):
            own_score, own_from_first, scores, matches = first, True, scores[1:], rest
    matched = [scores[i][j] for i, j in enumerate(matches) if j is not None]
    if own_score is not None:
        matched.append(own_score)
    quality = sum(matched) / max(1, len(matches) + (1 if own_score is not None else 0))
    return _Fit(edition, numbers, scores, matches, own_score, own_from_first, quality)


def _page_passages(page: RulePage) -> list[Passage]:
    return [Passage(" ".join([p.text, *p.examples]), page.lang) for p in page.subrules]


def _confidences(fit: _Fit) -> list[float]:
    """Each paragraph's confidence: its score and margin (`evidence.confidence`), raised when
    its position alone decides its number (`evidence.pinned_confidence`): its neighbours are
    certain and leave it exactly one English subrule, as a short subrule ("Antimaleficio es
    una habilidad estática.") between two long ones is. The page's start and end count as
    certain neighbours of the first and last English subrules."""
    scores, matches, last = fit.scores, fit.matches, len(fit.numbers) - 1
    own = [
        confidence(scores[i][j], _runner_up(scores[i], matches, i)) if j is not None else 0.0
        for i, j in enumerate(matches)
    ]
    pinned = list(own)
    for i, j in enumerate(matches):
        if j is None or own[i] >= CERTAIN:
            continue
        anchors = []
        if i == 0 and j == 0:
            anchors.append(1.0)
        elif i > 0 and matches[i - 1] == j - 1 and own[i - 1] >= CERTAIN:
            anchors.append(own[i - 1])
        if i == len(matches) - 1 and j == last:
            anchors.append(1.0)
        elif i + 1 < len(matches) and matches[i + 1] == j + 1 and own[i + 1] >= CERTAIN:
            anchors.append(own[i + 1])
        if len(anchors) == 2:
            pinned[i] = max(own[i], pinned_confidence(scores[i][j], min(anchors)))
    return pinned


def _merged(fit: _Fit, passages: list[Passage], terms: dict[str, str], ratio: float) -> dict[int, list[int]]:
    """Paragraph → the English subrules (indexes) it translates besides its own: a paragraph
    that merges two English subrules is matched to one and leaves the other unmatched beside
    it. Such a neighbour is merged when the paragraph reads clearly better as both subrules
    together than as its own alone; the paragraph is then numbered by the first of them."""
    english = [fit.edition.passage(n) for n in fit.numbers]
    taken = {j for j in fit.matches if j is not None}
    merged: dict[int, list[int]] = {}
    for i, j in enumerate(fit.matches):
        if j is None:
            continue
        span, score = [j], fit.scores[i][j]
        for step in (-1, 1):
            while True:
                k = (min(span) if step < 0 else max(span)) + step
                if not 0 <= k < len(english) or k in taken:
                    break
                together = sorted([*span, k])
                text = " ".join(english[n].text for n in together)
                together_passage = Passage(text, "en")
                joined = similarity(passages[i], together_passage, terms, ratio)
                words_gain = similarity(passages[i], together_passage, terms, with_length=False) - similarity(
                    passages[i], english[j], terms, with_length=False
                )
                if joined < score + MERGE_GAIN or words_gain < MERGE_WORDS_GAIN:
                    break
                span, score = together, joined
        if len(span) > 1:
            merged[i] = span
            taken.update(span)
    return merged


def align_page(page: RulePage, editions: dict[str, EnglishEdition], terms: dict[str, str] | None = None) -> AlignedPage:
    terms = terms or {}
    passages = _page_passages(page)
    fits = [_fit(page, passages, edition, terms) for edition in editions.values() if page.number in edition.rules]
    if not fits:
        return _provisional(page, editions)
    fit = max(fits, key=lambda f: (round(f.quality, 3), f.edition.effective))
    edition, numbers = fit.edition, fit.numbers
    if fit.own_from_first:
        first = page.subrules[0]
        page = dataclasses.replace(page, own_text=" ".join([first.text, *first.examples]), subrules=page.subrules[1:])
        passages = passages[1:]
    english_rule = edition.rules[page.number]
    ratio = page_length_ratio(page.lang, passages, [edition.passage(n) for n in numbers])
    confidences = _confidences(fit)
    merged = _merged(fit, passages, terms, ratio)
    records: list[Record] = []
    for index, (paragraph, match) in enumerate(zip(page.subrules, fit.matches)):
        if match is None:
            records.append(_subrule_record(page, paragraph, None, 0.0, edition.effective))
            continue
        span = merged.get(index, [match])
        record = _subrule_record(page, paragraph, numbers[span[0]], confidences[index], edition.effective)
        record.merged = [numbers[k] for k in span[1:]]
        records.append(record)
    translated = {numbers[k] for i, j in enumerate(fit.matches) if j is not None for k in merged.get(i, [j])}
    missing = [n for n in numbers if n not in translated]
    evidence = [confidences[i] for i, j in enumerate(fit.matches) if j is not None]
    evidence += [fit.own_score] if fit.own_score is not None else []
    page_confidence = round(sum(evidence) / len(evidence), 3) if evidence else 0.0
    rule = _page_rule_record(page)
    rule.edition, rule.en_title, rule.confidence = edition.effective, english_rule.title, page_confidence
    rule.aligned = page_confidence >= UNALIGNED_BELOW
    rule.missing = missing
    warnings = []
    if missing:
        warnings.append(f"{page.source}: " + _("the page lacks English subrules {numbers} (edition {edition})").format(
            numbers=", ".join(missing), edition=edition.effective))
    for record in records:
        if record.merged:
            warnings.append(f"{record.source}: " + _("one paragraph translates {number} and {others} (merged)").format(
                number=record.number, others=", ".join(record.merged)))
    unmatched = [r for r in records if r.number is None]
    if unmatched:
        warnings.append(f"{page.source}: " + _("{count} paragraph(s) match no English subrule of {number}").format(
            count=len(unmatched), number=page.number))
    low = [r.number for r in records if r.number and not r.aligned]
    if low:
        warnings.append(f"{page.source}: " + _("low alignment confidence for {numbers}").format(numbers=", ".join(low)))
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
        _("no English edition is ingested")
        if not editions
        else _("no ingested English edition has rule {number}").format(number=page.number)
    )
    rule = _page_rule_record(page)
    rule.provisional = True
    records = [rule]
    for index, paragraph in enumerate(page.subrules):
        record = _subrule_record(page, paragraph, rulenumbers.subrule(page.number, index), 0.0, None)
        record.confidence, record.aligned, record.provisional = None, False, True
        records.append(record)
    warning = f"{page.source}: " + _("{reason}; subrules of {number} are numbered provisionally, in page order"
                                     " (ingest an English edition to align them)").format(reason=reason, number=page.number)
    return AlignedPage(records, None, [], [warning])
