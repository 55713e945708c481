"""One analyzer per language, so each language's words are matched by its own rules.

- Languages with a Snowball stemmer in whoosh (es, fr, en, de, it, pt …): words are lowercased,
  stop words dropped, stemmed, then accent-folded. Folding after stemming keeps French
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

from functools import lru_cache

from whoosh.analysis import CharsetFilter, Filter, LowercaseFilter, RegexTokenizer, StopFilter
from whoosh.lang import has_stemmer, has_stopwords, stemmer_for_language
from whoosh.support.charset import accent_map

# One token per CJK ideograph, kana or hangul syllable; otherwise words, keeping rule numbers
# such as 704.5aa whole.
_CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af"
TOKEN_PATTERN = rf"[{_CJK}]|[^\W{_CJK}]+(?:\.[^\W{_CJK}]+)*"


def fold(text: str) -> str:
    """Lowercase and strip accents: "Énergie" -> "energie"."""
    return text.lower().translate(accent_map)


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
        self.__init__(state["lang"])

    def __eq__(self, other):
        return type(other) is type(self) and other.lang == self.lang

    def __call__(self, tokens):
        stem = self._stem
        for token in tokens:
            if token.stopped:
                yield token
                continue
            word = token.text
            primary = stem(word).translate(accent_map)
            token.text = primary
            yield token
            if token.mode == "query":
                continue
            alternate = stem(word.translate(accent_map))
            if alternate != primary:
                token.text = alternate
                yield token


def is_stemmed(lang: str) -> bool:
    return has_stemmer(lang)


def language_analyzer(lang: str):
    """The analyzer of the `title_<lang>` and `text_<lang>` fields."""
    chain = RegexTokenizer(TOKEN_PATTERN) | LowercaseFilter()
    if has_stemmer(lang):
        if has_stopwords(lang):
            chain = chain | StopFilter(lang=lang)
        return chain | StemFoldFilter(lang)
    return chain | CharsetFilter(accent_map)


def words_analyzer():
    """Unstemmed, folded words of any language: spelling, fuzzy terms, prefixes, card names."""
    return RegexTokenizer(TOKEN_PATTERN) | LowercaseFilter() | CharsetFilter(accent_map)
