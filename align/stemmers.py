"""Snowball stemmers by language code, from PyStemmer (the Snowball project's own C stemmers):
one definition for the bilingual lexicon's phrase keys (`align.phrases.word_key`) and the
search's analysis (`mtgrules.index.analysis`), which must stem alike.

Languages without a Snowball stemmer here (Chinese, Japanese, Korean…) get None: their words
are compared folded, and CJK text by character bigrams.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, lru_cache

# Language code (as records carry it) -> Snowball algorithm name.
ALGORITHMS = {
    "ar": "arabic", "da": "danish", "de": "german", "en": "english", "es": "spanish", "fi": "finnish", "fr": "french",
    "hu": "hungarian", "it": "italian", "nl": "dutch", "no": "norwegian", "pt": "portuguese", "ro": "romanian",
    "ru": "russian", "sv": "swedish", "tr": "turkish",
}


def has_stemmer(lang: str) -> bool:
    return lang.lower() in ALGORITHMS


@cache
def stemmer(lang: str) -> Callable[[str], str] | None:
    """The stemmer of `lang` (one word in, its stem out, remembered), or None without one."""
    algorithm = ALGORITHMS.get(lang.lower())
    if algorithm is None:
        return None
    import Stemmer  # PyStemmer: imported with the first language stemmed

    return lru_cache(maxsize=100_000)(Stemmer.Stemmer(algorithm).stemWord)
