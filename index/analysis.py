"""Our language analysis: how a text becomes the tokens the search tables hold, and how a query
word becomes the tokens it is looked for as (the same functions, so the two always agree).

FTS5 reads the token columns with its plain `ascii` tokenizer (white space between tokens,
`.` and `_` kept inside one): what a token is, is decided here, not by SQLite.

- `terms(text, lang)`: the words of a text in its language, each folded (`mtgrules.text.fold`)
  and then stemmed with the language's Snowball stemmer (`align.stemmers`): the key
  `align.phrases.word_key` gives a word, so "Energía", "energia" and "energías" are one token,
  and the bilingual lexicon's keys are the index's. Rule numbers ("704.5aa") and other words
  with digits are kept whole, never stemmed. Chinese, Japanese and Korean text (no spaces
  between words) is cut into overlapping character bigrams ("规则书" → "规则 则书"; a lone
  character is itself): a query word's bigrams, looked for as a phrase, find it without a
  dictionary.
- `words(text)`: the same words folded but never stemmed, for the `words` and `card` columns:
  prefixes, fuzzy words and "did you mean" need real words, not stems.

Stop words (`align.phrases.STOPWORDS`) are indexed like any word (a phrase holds them), but a
query never matches on them alone (`mtgrules.index.query`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache, lru_cache

from mtgrules.align.phrases import STOPWORDS, is_cjk
from mtgrules.align.stemmers import stemmer
from mtgrules.text import fold as _fold

# Words, keeping rule numbers such as 704.5aa whole.
TOKEN = re.compile(r"\w+(?:\.\w+)*")
# Bumped whenever what this module makes of a text changes: search tables written by another
# version are written again (`mtgrules.index.tables`).
VERSION = 2

fold = lru_cache(maxsize=200_000)(_fold)


# Texts up to this long have their CJK runs found character by character (`_cjk_bounds`).
SHORT_CJK_TEXT = 300


@cache
def _cjk_runs() -> re.Pattern:
    """Runs of CJK characters (the ranges of `align.phrases.is_cjk`): compiled when a long text
    first has one (the class takes 1-10 ms to compile, which a search in Latin letters never
    pays, nor one that meets only short CJK texts: `_cjk_bounds`)."""
    return re.compile("[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]+")


def _has_cjk(lowered: str) -> bool:
    return bool(lowered) and max(lowered) >= "\u3040" and any(is_cjk(char) for char in lowered if char >= "\u3040")


def _cjk_bounds(lowered: str) -> list[tuple[int, int]]:
    """(start, end) of each run of CJK characters, as `_cjk_runs` finds them. A short text
    (`SHORT_CJK_TEXT`: a card's printed name, which a search's card snippets read in every
    language) is read character by character, which costs it less than compiling the class;
    a long one (ingest reads whole texts) by the class."""
    if len(lowered) > SHORT_CJK_TEXT:
        return [run.span() for run in _cjk_runs().finditer(lowered)]
    bounds: list[tuple[int, int]] = []
    start = -1
    for position, char in enumerate(lowered):
        if is_cjk(char):
            if start < 0:
                start = position
        elif start >= 0:
            bounds.append((start, position))
            start = -1
    if start >= 0:
        bounds.append((start, len(lowered)))
    return bounds


def _split(lowered: str) -> Iterator[tuple[bool, str, int]]:
    """(is a CJK run, piece, start) of the words of a lowercased text: runs of CJK characters
    apart, the words between them as `TOKEN` reads them."""
    cursor = 0
    for start, end in (_cjk_bounds(lowered) if _has_cjk(lowered) else ()):
        for match in TOKEN.finditer(lowered, cursor, start):
            yield False, match.group(), match.start()
        yield True, lowered[start:end], start
        cursor = end
    for match in TOKEN.finditer(lowered, cursor):
        yield False, match.group(), match.start()


def bigrams(run: str) -> list[str]:
    """A run of CJK characters as overlapping bigrams (a lone character: itself)."""
    return [run] if len(run) < 2 else [run[i : i + 2] for i in range(len(run) - 1)]


@lru_cache(maxsize=200_000)
def term(word: str, lang: str) -> str:
    """One word (lowercased, or folded already) as the title and body columns hold it."""
    folded = fold(word)
    stem = stemmer(lang)
    if stem is None or not folded or is_cjk(folded[0]) or any(char.isdigit() for char in folded):
        return folded
    return stem(folded)


def spans(text: str) -> Iterator[tuple[str, int, int]]:
    """(lowercased word or CJK run, start, end) of each word of `text`: what snippets mark."""
    lowered = text.lower()
    if len(lowered) != len(text):  # a letter that lowercases to two: offsets from the text itself
        for match in TOKEN.finditer(text):
            yield match.group().lower(), match.start(), match.end()
        return
    for _, piece, start in _split(lowered):
        yield piece, start, start + len(piece)


def terms(text: str, lang: str) -> list[str]:
    """The tokens of `text` in the title and body columns (module docstring): its `words`,
    each stemmed (a CJK bigram stays as it is)."""
    return [term(word, lang) for word in words(text)]


def words(text: str) -> list[str]:
    """The tokens of `text` in the words and card columns: folded, unstemmed."""
    lowered = text.lower()
    if len(lowered) != len(text):
        return [fold(piece) for piece, _, _ in spans(text)]
    if not _has_cjk(lowered):
        return [fold(word) for word in TOKEN.findall(lowered)]
    found: list[str] = []
    for cjk, piece, _ in _split(lowered):
        if cjk:
            found.extend(bigrams(piece))
        else:
            found.append(fold(piece))
    return found


def is_stopword(word: str, langs: list[str]) -> bool:
    """True when `word` is a stop word of one of `langs` (or of any language, without them)."""
    lowered = word.lower()
    return any(lowered in STOPWORDS.get(lang, ()) for lang in (langs or STOPWORDS))


def is_cjk_run(piece: str) -> bool:
    """True for a piece of `spans` that is a run of CJK characters."""
    return bool(piece) and is_cjk(piece[0])
