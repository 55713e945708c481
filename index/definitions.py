"""Which rules define what a query names: "To copy a spell, activated ability, or triggered
ability means …" (707.10), "An alternative cost is a cost …" (118.9), "Regeneration is a
destruction-replacement effect" (614.8).

BM25 ranks a rule by how often and how densely it uses the query's words, so a rule that
uses "copy" and "spell" in passing (a keyword whose effect copies a spell, 702.144a) ranks
with or before the rule that says what copying a spell is, which a judge cites. The
Comprehensive Rules say what a thing is in one of two forms, in a rule's first or second
sentence: "To <verb> … means …" and "<noun phrase> is/are a|an|the|considered …". A rule
whose defined part (what comes before "means" or "is") holds every word of the query is
ranked a little higher (`mtgrules.index.query`): measured on the judge queries' development
half (issue 21), "copiar un hechizo" and "copier un sort" brought 707.10 from fifth to first.

Pure functions over a record's text and the query's stems: no index.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from mtgrules.index import analysis

# The defined part of a sentence: up to "means", or up to "is/are" followed by what it is.
_DEFINES = re.compile(r"^((?:To )?[^.:;]{0,90}?)(?: means\b| (?:is|are) (?:a|an|the|considered)\b)")
_SENTENCE_END = re.compile(r"(?<=[.;])\s+")
SENTENCES = 2  # "Some spells have alternative costs. An alternative cost is …"


def defined_stems(text: str, lang: str = "en") -> set[str]:
    """The stems of what the first SENTENCES sentences of a rule's `text` define (empty when
    they define nothing)."""
    found: set[str] = set()
    for sentence in _SENTENCE_END.split(text, maxsplit=SENTENCES)[:SENTENCES]:
        match = _DEFINES.match(sentence)
        if match:
            found.update(analysis.terms(match.group(1), lang))
    return found


GENUS_WORDS = 3  # "A zone for …", "An ability that …", "A permanent type …"


def genus(text: str, lang: str = "en") -> list[str]:
    """The stems of what a glossary entry's `text` says its title is, in the words it opens
    with: "Command: A zone for certain specialized objects …" is a zone."""
    return analysis.terms(" ".join(text.split()[:GENUS_WORDS]), lang)


def defines(text: str, queries: Iterable[set[str]], lang: str = "en") -> bool:
    """Whether a rule's `text` defines every stem of one of `queries` (the stems each search
    of the query matched; a phrase's stems joined by spaces, as `_Matched` keeps them)."""
    queries = [stems for stems in queries if stems]
    if not queries:
        return False
    held = defined_stems(text, lang)
    return bool(held) and any(all(part in held for stem in stems for part in stem.split()) for stems in queries)
