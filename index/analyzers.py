"""One analyzer per language, so each language's words are matched by its own rules.

- Languages with a Snowball stemmer in whoosh (es, fr, en, de, it, pt …): words are lowercased,
  stemmed, then accent-folded. Stop words are kept: a query searches the fields of several
  languages at once, and a word dropped by one language's stop list ("de" in Spanish) would
  still be required through another's fields, so "contador de energía" would find nothing in
  Spanish. BM25 already gives such words little weight. Folding after stemming keeps French
  stemming intact (the French stemmer reads accents: "blessures" and "blessure" meet only if
  "é"/"è" are still there when it runs). But the Spanish stemmer also reads accents, and
  stems "energía" to "energ" while "energia" (typed without the accent) becomes "energi"; so
  `StemFoldFilter` also emits the fold-then-stem form at the same position when it differs,
  and a word matches when either form does. Queries are analyzed to the stem-then-fold form
  only, which keeps phrases one token per word: an accented query word then meets its proper
  stem, an unaccented one (where folding changes nothing) meets the fold-then-stem form.
- Other languages (a Chinese rules edition, for one): no stemmer; CJK characters become one
  token each (queries on them become phrases, so "规则" finds the two characters in a row) and
  other runs of letters become words, lowercased and folded. Nothing crashes on a language
  code it does not know.
- `words_analyzer`: lowercased and folded but never stemmed, for the `words` and `card` fields:
  fuzzy terms, prefixes and "did you mean" need real words, not stems.
"""

from __future__ import annotations

from functools import cache, lru_cache

from whoosh.analysis import Filter, LowercaseFilter, RegexTokenizer
from whoosh.lang import has_stemmer, stemmer_for_language

from mtgrules.text import fold as _fold_text

# Folding one word decomposes it character by character; an index build folds the same few
# thousand words millions of times (every card name of every ruling's `card` field), so the
# folds are remembered.
fold = lru_cache(maxsize=200_000)(_fold_text)

# Words, keeping rule numbers such as 704.5aa whole. CJK characters are split apart by
# `CJKSplitFilter`, not by this pattern: a character class of the CJK ranges costs ~5 ms to
# compile, paid on every `mtgrules search` when the index is opened.
TOKEN_PATTERN = r"\w+(?:\.\w+)*"
_CJK_RANGES = ((0x3040, 0x30FF), (0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xF900, 0xFAFF), (0xAC00, 0xD7AF))


def _is_cjk(char: str) -> bool:
    code = ord(char)
    return any(low <= code <= high for low, high in _CJK_RANGES)


class CJKSplitFilter(Filter):
    """One token per CJK ideograph, kana or hangul syllable; other runs of letters stay words.

    Chinese and Japanese do not put spaces between words; single characters, searched as a
    phrase (see schema), find any word without a dictionary. Later tokens' positions shift by
    the tokens added, so phrases stay exact."""

    def __call__(self, tokens):
        added = 0
        for token in tokens:
            text = token.text
            positions = getattr(token, "positions", False)
            chars = getattr(token, "chars", False)
            if positions:
                token.pos += added
            if max(text) < "\u3040" or not any(_is_cjk(char) for char in text):
                yield token
                continue
            start, pos = (token.startchar if chars else 0), (token.pos if positions else 0)
            pieces: list[str] = []
            for char in text:
                if _is_cjk(char) or not pieces or _is_cjk(pieces[-1][-1]):
                    pieces.append(char)
                else:
                    pieces[-1] += char
            offset = 0
            for index, piece in enumerate(pieces):
                token.text = piece
                if positions:
                    token.pos = pos + index
                if chars:
                    token.startchar, token.endchar = start + offset, start + offset + len(piece)
                offset += len(piece)
                yield token
            added += len(pieces) - 1


class FoldFilter(Filter):
    """Folds each token with `mtgrules.text.fold`, the fold every part of mtgrules shares."""

    def __call__(self, tokens):
        for token in tokens:
            token.text = fold(token.text)
            yield token


class StemFoldFilter(Filter):
    """Stem, then fold accents; also emit fold-then-stem when that differs (see module doc)."""

    is_morph = True

    def __init__(self, lang: str):
        self.lang = lang
        self._stem = lru_cache(maxsize=50000)(stemmer_for_language(lang))

    def __getstate__(self):
        # The index pickles its schema; the cached stemmer is rebuilt on load.
        return {"lang": self.lang}

    def __setstate__(self, state):
        self.lang = state["lang"]
        self._stem = lru_cache(maxsize=50000)(stemmer_for_language(self.lang))

    def __eq__(self, other):
        return type(other) is type(self) and other.lang == self.lang

    def __call__(self, tokens):
        stem = self._stem
        for token in tokens:
            word = token.text
            primary = fold(stem(word))
            token.text = primary
            yield token
            if token.mode == "query":
                continue
            alternate = stem(fold(word))
            if alternate != primary:
                token.text = alternate
                yield token


def is_stemmed(lang: str) -> bool:
    return has_stemmer(lang)


@cache
def language_analyzer(lang: str):
    """The analyzer of the `title_<lang>` and `text_<lang>` fields, built once per language and
    shared (the schema, snippets, `mtgrules term`): each build makes a stemmer with an empty
    cache."""
    chain = RegexTokenizer(TOKEN_PATTERN) | LowercaseFilter()
    if has_stemmer(lang):
        return chain | StemFoldFilter(lang)
    return chain | CJKSplitFilter() | FoldFilter()


@cache
def words_analyzer():
    """Unstemmed, folded words of any language: spelling, fuzzy terms, prefixes, card names."""
    return RegexTokenizer(TOKEN_PATTERN) | CJKSplitFilter() | LowercaseFilter() | FoldFilter()
