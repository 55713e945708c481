"""The rules of a keyword a query names, ranked by the query's other words.

A query naming a keyword by its title ("defender", "indestructible") brings the keyword's
rule (`query._titled_rules`): its heading ranks at the top, and so does the rule that opens it,
which says what kind of ability it is ("Defender is a static ability."). For the keyword alone
that is what a judge reads first. A query that says more than the title asks which of the
keyword's rules says it: "una criatura con defensor no puede atacar" is 702.3b ("A creature
with defender can't attack."), "indestructible y daño letal" 702.12b ("… can't be destroyed.
Such permanents aren't destroyed by lethal damage"); the heading and its opening rule came
first, and the rule that answers seventh. So the keyword's run asks for the keyword's rules
holding any of the other words too, ranked by them (bm25), before the heading: the heading's
opening rule still comes when no rule of the keyword holds them ("trample deathtouch": neither
keyword's rules name the other).

Keywords named together and nothing else ("trample deathtouch", "first strike deathtouch") ask
how they work together: each keyword's rule sharing the most with the other's rules stands in
place of its heading (`interactions`).

Pure functions over query texts, titles and stems: no index.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from mtgrules.index.card_mentions import normalized
from mtgrules.index.query_text import OPERATORS
from mtgrules.little_words import is_little

# A rule's subrules are lettered a, b, c … (the rules skip l and o; asking for them is harmless).
_LETTERS = "abcdefghijklmnopqrstuvwxyz"
# The plain words and "quoted phrases" of a query (its groups and operators are left out).
_ITEM = re.compile(r'"[^"]+"|[^\s"()]+')


def other_words(english: str, title: str, common: Callable[[str], bool]) -> list[str]:
    """The words of an English query that are neither words of `title` (both as
    `card_mentions.normalized` spells them) nor `common` (words of many records: "creature",
    "card", "turn" are in a keyword's rules that say nothing of what was asked, "Multiple
    instances of defender on the same creature are redundant"): "creature defender attacks",
    "Defender" → ["attacks"]. A phrase's words count one by one ("blocked creature": 702.17b
    says "can't be blocked except by creatures"), but for a phrase holding the title's words;
    little words, fields and wildcards are left out."""
    own = set(normalized(title).split())
    found = []
    for item in _ITEM.findall(english):
        if item in OPERATORS or re.search(r"[:*?~]", item):
            continue
        words = item.strip('"').split()
        if own & {normalized(word) for word in words}:
            continue  # the keyword's own phrase ("play a land" names Play, in the sense 701.18a gives)
        found += [word for word in words if normalized(word) and not is_little(word, "en") and not common(word)
                  and word not in found]
    return found


def query(titled: dict[str, str], english: list[str], common: Callable[[str], bool], together: list[str] | None = None) -> str:
    """The query of the keyword rules a query names (`titled`: number → title): each heading
    (or, for keywords named together, the rules `together` that say how they work together:
    `interactions`), or any of its subrules holding every other word of the query
    (`other_words`) that one of `english` holds ("discard seven card end turn": a rule of
    Discard holding "seven"; none does, and 701.9a opens Discard as before)."""
    parts = [f"number:{number}" for number in (together or titled)]
    for number, title in titled.items():
        subrules = " OR ".join(f"number:{number}{letter}" for letter in _LETTERS)
        for rest in dict.fromkeys(tuple(other_words(text, title, common)) for text in english):
            if rest:
                parts.append(f"(({subrules}) AND {' AND '.join(rest)})")
    return " OR ".join(parts)


def section_query(numbers: dict[str, str], english: list[str], pervasive: Callable[[str, str], bool]) -> str:
    """The query of the rules under the sections or rules a query names through a glossary
    entry (`numbers`: number cited → the entry's title), holding any of the query's other words,
    ranked by them: "loyalty abilities once each turn" names Loyalty Ability ("See rule 606"),
    and asks which rule of 606 says the rest: 606.3 ("… only if no player has previously
    activated a loyalty ability of that permanent that turn"), though it never says "once";
    rulings about one planeswalker each held every word and came first. Within one section a
    word common elsewhere ("turn") says which rule is meant, so common words count here, but
    not a word most of the section's rules hold (`pervasive(number, word)`: "damage" in 615,
    Prevention Effects, says nothing of which). "" when nothing else is asked."""
    parts = []
    for number, title in numbers.items():
        rest = [word for word in dict.fromkeys(word for text in english for word in other_words(text, title, lambda _word: False))
                if not pervasive(number, word)]
        if not rest:
            continue
        parts.append(f"(({under(number)}) AND ({' OR '.join(rest)}))")
    return " OR ".join(parts)


def under(number: str) -> str:
    """The query of the rules under a section ("606": 606.1, 606.3a…) or a rule ("306.5": 306.5a…)."""
    return f"number:{number}.*" if "." not in number else " OR ".join(f"number:{number}{letter}" for letter in _LETTERS)


def only_titles(english: list[str], titles: list[str]) -> bool:
    """Whether each English query names nothing but keyword `titles` ("trample deathtouch")."""
    own = " ".join(titles)
    return bool(english) and all(not other_words(text, own, lambda _word: False) for text in english)


def interactions(subrules: dict[str, list[tuple[str, set[str]]]], weight: Callable[[str], float]) -> list[str]:
    """For a query naming two keywords or more and nothing else, each keyword's subrule that
    shares the most with the other keywords' rules (`subrules`: keyword number → (number, stems)
    of each of its subrules; `weight`: what a stem says, its inverse document frequency). What
    a judge asks with "trample deathtouch" is how the two work together: 702.2c (deathtouch's
    damage is lethal "for the purposes of determining if excess damage is being dealt") and
    702.19b (trample assigns the excess once "lethal damage" is assigned); neither names the
    other keyword, and a rule of each keyword that says only what it is came first. A rule
    every keyword has in its own words ("Multiple instances of deathtouch are redundant",
    "… last known information is used to determine whether it had lifelink": `_alike`) says
    nothing of the two together and is left out."""
    found = []
    for number, rules in subrules.items():
        theirs = [stems for other, their in subrules.items() if other != number for _rule, stems in their]
        scored = []
        for rule, stems in rules:
            if any(_alike(stems, other) for other in theirs):
                continue
            others = {stem for other in theirs for stem in other}
            scored.append((sum(weight(stem) for stem in stems & others), rule))
        best = max(scored, default=(0.0, ""))
        if best[0] > 0:
            found.append(best[1])
    return found


ALIKE = 0.5  # the share of their stems two rules of two keywords share when one is the other's in other words


def _alike(stems: set[str], other: set[str]) -> bool:
    """Whether two keywords' rules are one rule of every keyword, each in its own words: most of
    their stems shared (Jaccard), their keywords' own words aside."""
    union = stems | other
    return bool(union) and len(stems & other) / len(union) >= ALIKE
