"""The table of the game's core terms card text rarely prints (`corpus/core_terms.tsv`), as
lexicon entries.

Card text teaches the lexicon most of what a judge types, but not the words of the rules
themselves: priority, the stack, layers, replacement effects, summoning sickness, the cleanup
step. The table gives them in each language's official words, each row saying where it was
checked (printed text, a seed page, an official rules contents page) or that it was not; a
row not checked weighs less. `python -m mtgrules.corpus.generate` merges the entries into the
committed lexicon, source "core-terms".

A term of several words also teaches its parts (`parts`): "paso de declarar bloqueadoras" is
"declare blockers step", and card text says "paso" is "step", so "declarar bloqueadoras" is
"declare blockers" — what a judge types for the turn-based action, which no card prints.
"""

from __future__ import annotations

from mtgrules.align import phrases
from mtgrules.align.lexicon import Entry, Lexicon
from mtgrules.errors import ParseError

TABLE = "core_terms.tsv"
HEADER = "lang\tterm\tenglish\tchecked"
CHECKED_SCORE = 1.0
UNCHECKED_SCORE = 0.8
# A word pair must be at least this sure to be taken off a term's edge (`parts`).
PART_MIN_SCORE = 0.7


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


def parts(terms: list[Entry], known: Lexicon) -> list[Entry]:
    """What a term of several words teaches beyond itself: where the lexicon `known` pairs the
    term's first or last word with the first or last word of its English, the rest of the term
    is the rest of the English ("criatura bloqueadora" / "blocking creature" less "criatura" /
    "creature": "bloqueadora" is "blocking"; "étape de déclaration des attaquants" / "declare
    attackers step" less "étape" / "step"). Little words left at an edge go with the word taken
    off. A part the table has already, or the lexicon with a score of PART_MIN_SCORE, is left
    to them. Its score is the term's times the word pair's: a part is no surer than either."""
    single: dict[tuple[str, str], tuple[float, str]] = {}
    for entry in known.entries:
        key = phrases.phrase_key(entry.phrase, entry.lang)
        if " " not in key and entry.score >= PART_MIN_SCORE:
            english_key = phrases.phrase_key(entry.english, "en")
            if " " not in english_key and entry.score > single.get((entry.lang, key), (0.0, ""))[0]:
                single[(entry.lang, key)] = (entry.score, english_key)
    # A pair the lexicon is sure of, or the table's own, stands; a weak learned one does not
    # hide the part ("bloccante" ↔ "blocked" at 0.29, seen in 21 card texts, beside "blocking").
    held = {(entry.lang, phrases.phrase_key(entry.phrase, entry.lang)) for entry in [*known.entries, *terms]
            if entry.score >= PART_MIN_SCORE or entry.sources == "core-terms"}
    found: dict[tuple[str, str], Entry] = {}
    for term in terms:
        words, english = term.phrase.split(), term.english.split()
        if len(words) < 2 or len(english) < 2:
            continue
        for side in (0, -1):
            score, translation = single.get((term.lang, phrases.word_key(words[side], term.lang)), (0.0, ""))
            for english_side in (0, -1):
                if not translation or phrases.word_key(english[english_side], "en") != translation:
                    continue
                rest = _trimmed(words[1:] if side == 0 else words[:-1], term.lang)
                rest_english = _trimmed(english[1:] if english_side == 0 else english[:-1], "en")
                part = (term.lang, phrases.phrase_key(" ".join(rest), term.lang))
                if rest and rest_english and _bare(" ".join(rest), term.lang) and part not in held and part not in found:
                    found[part] = Entry(term.lang, " ".join(rest), " ".join(rest_english),
                                       round(term.score * score, 3), 0, "core-terms")
    return list(found.values())


def _bare(text: str, lang: str) -> bool:
    """Whether `text` neither starts nor ends with a little word once elisions are read
    ("d'entretien" starts with "de")."""
    words = [word for run in phrases.runs(text, lang) for word, _ in run]
    stop = phrases.STOPWORDS.get(lang, frozenset())
    return bool(words) and words[0] not in stop and words[-1] not in stop


def _trimmed(words: list[str], lang: str) -> list[str]:
    """`words` without the little words at either end ("de declarar bloqueadoras")."""
    stop = phrases.STOPWORDS.get(lang, frozenset())
    start, end = 0, len(words)
    while start < end and words[start].lower() in stop:
        start += 1
    while end > start and words[end - 1].lower() in stop:
        end -= 1
    return words[start:end]
