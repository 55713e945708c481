"""Which rule a heading or a glossary entry stands for: what a judge reads next.

BM25 favours short records. A section heading ("405. Stack") or a titled rule whose text is
its title ("701.27. Transform") matches a one-concept query on its title alone, and a glossary
entry ("Stack: A zone… See rule 405, “Stack.”") on a sentence; both outrank the rule that
says what the concept does (405.1), which a judge cites. Measured on the judge queries'
development half (issue 21): "la pila", "habilidades disparadas", "capacités de mana" were
translated right and found glossary Stack and section 405 first, 405.1 not at all.

So a heading points to the rule that opens it (405 → 405.1, 701.27 → 701.27a) and a glossary
entry to the rules its "See rule …" names (each one, when a heading, to the rule that opens
it); the search ranks that rule where the heading or entry ranked (`fusion.order`'s heirs), and
a heading, which says nothing but its title, after it.

Pure functions over a record's stored fields: no index.
"""

from __future__ import annotations

import re

# "See rule 405, “Stack.”", "See rules 613.2, 707.2, and 707.3.", "See rule 903, … and rule 904".
# Patterns, compiled by `re` (and kept in its cache) when a glossary entry is first read: most
# cold searches read none, and compiling them at import cost each 0.3 ms.
_SEE = r"(?s)\bSee\b(.*)"
_NUMBER = r"(?<![\d.])(\d{3}(?:\.\d+[a-z]?)?)(?![\d])"
# How many rules one glossary entry brings (an entry naming five rules names no one of them).
MOST_POINTED = 2
# A heading's opening rule ranks where the heading ranked, and the heading, which says nothing
# but its title, at half its score; a glossary entry's rules rank just after it.
HEADING_GIVES = 1.0
HEADING_KEEPS = 0.99
ENTRY_GIVES = 1.01


def is_heading(stored: dict) -> bool:
    """Whether a record is a heading: a section, or a rule whose text is its title alone."""
    if stored.get("kind") == "section":
        return True
    body = (stored.get("body") or "").strip().rstrip(".")
    title = (stored.get("title") or "").strip().rstrip(".")
    return stored.get("kind") == "rule" and bool(title) and body in ("", title)


def pointed(stored: dict) -> list[str]:
    """The rule numbers a record stands for: a heading's own number (its opening rule is found
    by `opening`), a glossary entry's "See rule …" numbers (at most MOST_POINTED); none for
    the rest."""
    if is_heading(stored):
        return [stored.get("number", "")] if stored.get("number") else []
    if stored.get("kind") != "glossary":
        return []
    see = re.search(_SEE, stored.get("body") or "")
    if see is None:
        return []
    return list(dict.fromkeys(re.findall(_NUMBER, see.group(1))))[:MOST_POINTED]


def candidates(number: str) -> list[str]:
    """The numbers that may open rule or section `number`: itself, its first rule (405.1) and
    its first subrule (701.27a)."""
    return [number, f"{number}.1", f"{number}a"]


def opening(number: str, found: dict[str, dict]) -> str | None:
    """The rule `number` stands for among the records `found` (number → stored fields): the rule
    itself when it says more than its title, else the rule that opens it."""
    own = found.get(number)
    if own is not None and not is_heading(own):
        return number
    return next((other for other in candidates(number)[1:] if other in found and not is_heading(found[other])), None)
