"""One ranking across languages: the ranked lists of a query's searches (as typed in its own
languages, translated into the others) fused into one, best record first whatever its language.

Why not scores: each search is scored by BM25 over its own language's fields, and scores of
different searches are not on one scale (a Spanish record matched on one common word can
outscore the English rule matched on the whole translated phrase). Tiers (the query's own
language first, then translations) made it worse: a Spanish or French record sharing one
little word filled the page before any English record (issue 21). Reciprocal rank fusion
(Cormack, Clarke & Büttcher, SIGIR 2009) needs no common scale: a record's fused score is the
sum over the lists that hold it of `weight / (K + rank)`, so a record found near the top of
several lists (two translations of the query, or its words and the keyword rule it names)
comes first, and a record only one list found near its bottom comes last.

A language holding few records of a kind (the seeds' 38 Spanish rules beside 3,162 English
ones) has its hits of that kind ranked as a sample's would be among all: the r-th of a sample
of one record in 83 stands near the 83·r-th of the whole (`scales`), so the first of three
Spanish rules matching "regenerar" is not taken for the best rule on regeneration, and a
seed rule found by the query as typed still adds to its English twin found by the translation
(one key: the two searches are different questions, each finding it). A translation into a
language holding such a sample cannot find the records outside it: those get the vote the
sample would give them (`fused_scores`), so that its vote for the few it holds does not lift
them above a better record it could not have held.

Each list has a weight: how much of the query it matched (a translation that dropped a word,
or a search that matched only some of the query's words, weighs less; `coverage_weight`) and
whether its language was asked for (languages the person did not ask for, such as Chinese for
a French query, are `OTHER_LANGUAGE_WEIGHT` and come after English and the query's language:
`order` puts every key found by an asked-for list before the others).

Pure functions over ranked lists of keys: no index, no engine.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Generic, TypeVar

Key = TypeVar("Key", bound=Hashable)  # what ties a record to its translations

K = 60  # the constant of Cormack et al.: a list's first records are close, its tenth is not far behind
OTHER_LANGUAGE_WEIGHT = 0.3


class Ranked(Generic[Key]):
    """One search's hits, best first, as keys (what ties a record to its translations), with the
    list's weight and whether its language is one the person asked for; per key, optionally,
    the share of the query it matched (`shares`, times the weight) and how many records of the
    whole its rank stands for (`scales`, times the rank: a record of a small sample of its kind)."""

    __slots__ = ("asked", "keys", "missing", "scales", "shares", "weight")

    def __init__(self, keys: Sequence[Key], weight: float = 1.0, asked: bool = True, shares: Sequence[float] | None = None,
                 scales: Sequence[float] | None = None, missing: Callable[[Key], float | None] | None = None):
        self.keys: list[Key] = list(keys)
        self.weight = weight
        self.asked = asked
        self.shares = list(shares) if shares is not None else None
        self.scales = list(scales) if scales is not None else None
        # For a search of a sample (the seeds' 38 Spanish rules): of a key it could not have
        # found (no record of it in the sample's language), the scale of the sample of its kind;
        # None for a key it could have found, or when it searched no sample (`fused_scores`).
        self.missing = missing

    def __repr__(self) -> str:
        return f"Ranked({self.keys[:3]!r}…, weight={self.weight}, asked={self.asked})"


def coverage_weight(matched: float, content_words: float) -> float:
    """The weight of a list whose query matched `matched` of the query's `content_words`
    (little words not counted): all of them 1, half of them a quarter (squared, so that a
    search on one word of four cannot compete with one on all four)."""
    if content_words <= 0:
        return 0.0
    share = min(1.0, matched / content_words)
    return share * share


def fused_scores(lists: Sequence[Ranked[Key]], k: int = K) -> dict[Key, float]:
    """Each key's fused score: the sum over lists of weight × share / (k + rank × scale), rank
    from 1. A key listed twice in one list counts at its best rank.

    A search of a sample cannot find the records the sample lacks, and its vote for those it
    holds would otherwise outweigh a better record outside it: a seed rule the translation
    found 12th, plus the first place among the three Spanish rules holding "regeneración",
    outranked the rule English ranks first (701.19 for "régénérer"). A key such a list could
    not find (`Ranked.missing`) gets the vote the sample would give it if it held it: its best
    rank among the other lists, as a place in the sample (rank / scale, at least the first)."""
    scores: dict[Key, float] = {}
    best: dict[Key, float] = {}  # per key, its best rank among the lists, as ranks of the whole
    for ranked in lists:
        weight = ranked.weight if ranked.asked else ranked.weight * OTHER_LANGUAGE_WEIGHT
        if weight <= 0:
            continue
        seen: set[Key] = set()
        for rank, key in enumerate(ranked.keys, start=1):
            if key in seen:
                continue
            seen.add(key)
            share = ranked.shares[rank - 1] if ranked.shares is not None else 1.0
            scale = ranked.scales[rank - 1] if ranked.scales is not None else 1.0
            scores[key] = scores.get(key, 0.0) + weight * share / (k + rank * scale)
            best[key] = min(best.get(key, rank * scale), rank * scale)
    for ranked in lists:
        weight = ranked.weight if ranked.asked else ranked.weight * OTHER_LANGUAGE_WEIGHT
        if ranked.missing is None or weight <= 0:
            continue
        listed = set(ranked.keys)
        for key in list(scores):
            sample = ranked.missing(key) if key not in listed else None
            if sample is not None:
                place = max(1, math.ceil(best[key] / sample))
                scores[key] += weight / (k + place * sample)
    return scores


class Heirs(Generic[Key]):
    """The records one record stands for (a heading its opening rule, a glossary entry the rules
    it names: `mtgrules.index.references`): each ranks at least at `gives` times the record's
    fused score, and the record keeps `keeps` times its own."""

    __slots__ = ("gives", "keeps", "keys")

    def __init__(self, keys: Sequence[Key], gives: float, keeps: float = 1.0):
        self.keys: list[Key] = list(keys)
        self.gives = gives
        self.keeps = keeps


def order(lists: Sequence[Ranked[Key]], k: int = K, boost: Mapping[Key, float] | None = None,
          heirs: Mapping[Key, Heirs[Key]] | None = None) -> list[Key]:
    """The keys of every list, fused, best first (`ranking` without the scores)."""
    return [key for key, _score in ranking(lists, k, boost, heirs)]


def ranking(lists: Sequence[Ranked[Key]], k: int = K, boost: Mapping[Key, float] | None = None,
            heirs: Mapping[Key, Heirs[Key]] | None = None) -> list[tuple[Key, float]]:
    """The keys of every list, fused, each with the score it is ranked by: first those some
    asked-for list found, by the fused score of the asked-for lists alone (a language not asked for does not reorder them: an English
    query's Spanish translation finds the corpus's few Spanish records, whose English twins it
    would otherwise push up), then those only lists of languages not asked for found, by theirs;
    times `boost` (keys a query names outright, such as a card's rulings); with `heirs`, a
    record's heirs ranked where it ranks (`Heirs`); ties by first appearance."""
    asked_lists = [ranked for ranked in lists if ranked.asked]
    scores = fused_scores(lists, k)
    scores.update(fused_scores(asked_lists, k))
    if boost:
        for key, factor in boost.items():
            if key in scores:
                scores[key] *= factor
    asked = {key for ranked in lists if ranked.asked and ranked.weight > 0 for key in ranked.keys}
    first_seen: dict[Key, int] = {}
    for ranked in lists:
        for key in ranked.keys:
            first_seen.setdefault(key, len(first_seen))
    if heirs:
        standing = {key: scores[key] for key in heirs if key in scores}
        for key, score in standing.items():
            scores[key] = score * heirs[key].keeps
        for key, score in standing.items():
            for heir in heirs[key].keys:
                if heir != key and score * heirs[key].gives > scores.get(heir, 0.0):
                    scores[heir] = score * heirs[key].gives
                    first_seen[heir] = min(first_seen.get(heir, first_seen[key]), first_seen[key])
                    if key in asked:
                        asked.add(heir)
    return [(key, scores[key]) for key in sorted(scores, key=lambda key: (key not in asked, -scores[key], first_seen[key]))]
