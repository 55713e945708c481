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
from functools import lru_cache

from mtgrules.align.phrases import STOPWORDS, is_cjk
from mtgrules.align.stemmers import stemmer
from mtgrules.text import fold as _fold

# Words, keeping rule numbers such as 704.5aa whole.
TOKEN = re.compile(r"\w+(?:\.\w+)*")
# Bumped whenever what this module makes of a text changes: search tables written by another
# version are written again (`mtgrules.index.tables`).
VERSION = 1

fold = lru_cache(maxsize=200_000)(_fold)


def _pieces(word: str) -> Iterator[tuple[bool, str, int]]:
    """(is CJK, piece, offset in `word`) of a lowercased word: runs of CJK characters apart
    from runs of other letters."""
    if max(word) < "\u3040" or not any(is_cjk(char) for char in word):
        yield False, word, 0
        return
    start = 0
    for position in range(1, len(word) + 1):
        if position == len(word) or is_cjk(word[position]) != is_cjk(word[start]):
            yield is_cjk(word[start]), word[start:position], start
            start = position


def bigrams(run: str) -> list[str]:
    """A run of CJK characters as overlapping bigrams (a lone character: itself)."""
    return [run] if len(run) < 2 else [run[i : i + 2] for i in range(len(run) - 1)]


@lru_cache(maxsize=200_000)
def term(word: str, lang: str) -> str:
    """One non-CJK word (lowercased) as the title and body columns hold it."""
    folded = fold(word)
    stem = stemmer(lang)
    if stem is None or any(char.isdigit() for char in folded):
        return folded
    return stem(folded)


def spans(text: str) -> Iterator[tuple[str, int, int]]:
    """(lowercased word or CJK run, start, end) of each word of `text`: what snippets mark."""
    for match in TOKEN.finditer(text):
        word = match.group().lower()
        if len(word) != len(match.group()):  # a letter that lowercases to two: no offsets to trust
            yield word, match.start(), match.end()
            continue
        for _, piece, offset in _pieces(word):
            yield piece, match.start() + offset, match.start() + offset + len(piece)


def terms(text: str, lang: str) -> list[str]:
    """The tokens of `text` in the title and body columns (module docstring)."""
    found: list[str] = []
    for match in TOKEN.finditer(text.lower()):
        for cjk, piece, _ in _pieces(match.group()):
            if cjk:
                found.extend(bigrams(piece))
            else:
                found.append(term(piece, lang))
    return found


def words(text: str) -> list[str]:
    """The tokens of `text` in the words and card columns: folded, unstemmed."""
    found: list[str] = []
    for match in TOKEN.finditer(text.lower()):
        for cjk, piece, _ in _pieces(match.group()):
            found.extend(bigrams(piece) if cjk else [fold(piece)])
    return found


def is_stopword(word: str, langs: list[str]) -> bool:
    """True when `word` is a stop word of one of `langs` (or of any language, without them)."""
    lowered = word.lower()
    return any(lowered in STOPWORDS.get(lang, ()) for lang in (langs or STOPWORDS))


def is_cjk_run(piece: str) -> bool:
    """True for a piece of `spans` that is a run of CJK characters."""
    return bool(piece) and is_cjk(piece[0])
