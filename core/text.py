"""Folding text for comparison: the one definition every part uses.

`fold` is how mtgrules decides that two spellings are the same word: in the search index
(indexed text and queries), in alignment evidence, in card and term names, and in month names
of dates. One definition matters because the parts meet: a name folded one way at ingest and
another way at lookup would never match.

What it does, in order:
1. case-folds (`str.casefold`, not `lower`): "Straße" meets "strasse", "ΣΟΦΌΣ" meets "σοφός";
2. decomposes (NFKD) and drops combining marks: "Énergie" → "energie", "ﬁ" → "fi", full-width
   letters become plain ones;
3. spells out the letters that have no decomposition: "æ" → "ae" (Æther Hub), "œ" → "oe"
   (French "cœur"), "ø" → "o", "ł" → "l", "đ"/"ð" → "d", "þ" → "th", "ı" → "i".

It never removes or adds white space and keeps digits and punctuation, so callers that split
into words or keep rule numbers ("704.5aa") can fold first.
"""

from __future__ import annotations

import unicodedata

_NO_DECOMPOSITION = str.maketrans(
    {"æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "ı": "i", "ħ": "h", "ŧ": "t", "ŀ": "l"}
)


def fold(text: str) -> str:
    """Case and accents removed: "Électrozoaire" → "electrozoaire", "Æther" → "aether".
    A text that is, or decomposes to, ASCII has nothing more to remove (most names, and all
    English: passed by without going through it character by character)."""
    if text.isascii():
        return text.casefold()  # NFKD leaves ASCII as it is
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    if decomposed.isascii():
        return decomposed
    return "".join(char for char in decomposed if not unicodedata.combining(char)).translate(_NO_DECOMPOSITION)
