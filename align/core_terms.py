"""The table of the game's core terms card text rarely prints (`corpus/core_terms.tsv`), as
lexicon entries.

Card text teaches the lexicon most of what a judge types, but not the words of the rules
themselves: priority, the stack, layers, replacement effects, summoning sickness, the cleanup
step. The table gives them in each language's official words, each row saying where it was
checked (printed text, a seed page, an official rules contents page) or that it was not; a
row not checked weighs less. `python -m mtgrules.corpus.generate` merges the entries into the
committed lexicon, source "core-terms".
"""

from __future__ import annotations

from mtgrules.align.lexicon import Entry
from mtgrules.errors import ParseError

TABLE = "core_terms.tsv"
HEADER = "lang\tterm\tenglish\tchecked"
CHECKED_SCORE = 1.0
UNCHECKED_SCORE = 0.8


def entries(text: str, source: str) -> list[Entry]:
    """The rows of a core-terms table as entries (comment lines start with #)."""
    found: list[Entry] = []
    header = False
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.startswith("#"):
            continue
        if not header:
            if line != HEADER:
                raise ParseError(source, f"expected the header {HEADER!r}", line=number)
            header = True
            continue
        cells = line.split("\t")
        if len(cells) != 4 or not all(cell.strip() for cell in cells):
            raise ParseError(source, "expected lang, term, english, checked separated by tabs", line=number)
        lang, term, english, checked = cells
        score = UNCHECKED_SCORE if checked.startswith("unchecked") else CHECKED_SCORE
        found.append(Entry(lang, term.lower(), english.lower(), score, 0, "core-terms"))
    return found
