"""Words a language prints as English spells them, meaning something else: learned from the
card texts printed in both (`corpus/false_friends.tsv`).

Query translation searches a word the lexicon has no pair for as typed when the target
language spells it too: a card's name, "indestructible", "flashback". A word of the query's
language spelt like an English one is often another word there: French "plus" (more) and
"points" (of "points de vie", life), Italian "non" (not), German "dies" (this), Spanish "sea"
(be). Searched as English, they found records about plus signs, dying creatures and seas.

Card text tells the two kinds apart: a word that is the same word in both languages is
printed in the English text of the cards whose translated text prints it (a name, a keyword);
another word is not. A word is a false friend of its language when the translated texts of
MIN_PRINTED cards at least print it and the English texts of at most TOGETHER_SHARE of them
do (the English texts printing it somewhere, so English spells it). Words are compared
folded, as the search tables' vocabulary holds them; little words are left out (never
searched on their own anyway), and so are languages whose script English does not write.

`python -m mtgrules.corpus.generate` writes the table from the set files the committed
lexicon is learned from; the search tables give its words a line of their own in the
vocabulary (`reading.FALSE_FRIENDS_SUFFIX`), which query translation reads with the others.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from mtgrules.align.lexicon import Segment
from mtgrules.align.phrases import words_of
from mtgrules.errors import ParseError
from mtgrules.little_words import is_little
from mtgrules.text import fold

TABLE = "false_friends.tsv"
HEADER = "lang\tword\tprinted\ttogether"
MIN_PRINTED = 10  # cards whose translated text prints the word
TOGETHER_SHARE = 0.5  # of those, the most whose English text may print it too
LANGUAGES = ("es", "fr", "de", "it", "pt")  # Latin script: the words English may spell


def learn(segments: Iterable[Segment]) -> list[tuple[str, str, int, int]]:
    """(language, word, cards printing it translated, of those, cards printing it in English
    too) of the false friends among the card texts of `segments`, sorted."""
    printed: dict[str, Counter] = {lang: Counter() for lang in LANGUAGES}
    together: dict[str, Counter] = {lang: Counter() for lang in LANGUAGES}
    english_words: set[str] = set()
    for segment in segments:
        if segment.source != "cards" or segment.lang not in printed:
            continue
        english = {fold(word) for word in words_of(segment.english)}
        english_words |= english
        translated = {fold(word) for word in words_of(segment.translated)}
        printed[segment.lang].update(translated)
        together[segment.lang].update(translated & english)
    found = []
    for lang in LANGUAGES:
        for word, count in printed[lang].items():
            if (count >= MIN_PRINTED and together[lang][word] <= TOGETHER_SHARE * count and word in english_words
                    and word.isalpha() and word.isascii() and not is_little(word, lang)):
                found.append((lang, word, count, together[lang][word]))
    return sorted(found)


def to_tsv(found: list[tuple[str, str, int, int]]) -> str:
    return HEADER + "\n" + "".join(f"{lang}\t{word}\t{count}\t{both}\n" for lang, word, count, both in found)


def from_tsv(text: str, source: str) -> dict[str, set[str]]:
    """Language -> its false friends, from the table's text."""
    lines = text.splitlines()
    if not lines or lines[0] != HEADER:
        raise ParseError(source, f"expected the header {HEADER!r}", line=1)
    found: dict[str, set[str]] = {}
    for number, line in enumerate(lines[1:], start=2):
        cells = line.split("\t")
        if len(cells) != 4:
            raise ParseError(source, "expected lang, word, printed, together separated by tabs", line=number)
        found.setdefault(cells[0], set()).add(cells[1])
    return found


def committed() -> dict[str, set[str]]:
    """The table shipped with mtgrules."""
    from mtgrules.corpus_schema import packaged_path

    with open(packaged_path(TABLE), encoding="utf-8") as handle:
        return from_tsv(handle.read(), f"corpus/{TABLE}")
