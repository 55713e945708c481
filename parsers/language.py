"""Which language a passage is in, from its function words.

Used to tell a Spanish page from a French one when no `--lang` is given, and to find the English
fragments translators left in place ("(perhaps because all of its targets are illegal)"), which
the records keep as they are but mark as untranslated. Function words are the evidence because
they are frequent, short and almost never shared across these three languages.
"""

from __future__ import annotations

import re

# The function words live with the other little words (query translation weighs them too, and
# importing this package for them cost every search 1 ms).
from mtgrules.little_words import FUNCTION_WORDS

_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?", re.UNICODE)


def words(text: str) -> list[str]:
    return [w.lower().replace("’", "'") for w in _WORD.findall(text)]


def scores(text: str) -> dict[str, int]:
    """How many function words of each language the text holds."""
    tokens = words(text)
    return {lang: sum(token in vocabulary for token in tokens) for lang, vocabulary in FUNCTION_WORDS.items()}


def detect(text: str) -> str | None:
    """The language with the most function words, or None when the text gives no evidence."""
    counted = scores(text)
    best = max(counted, key=lambda lang: counted[lang])
    ranked = sorted(counted.values(), reverse=True)
    if ranked[0] == 0 or ranked[0] == ranked[1]:
        return None
    return best


_PARENTHESISED = re.compile(r"\([^()]{12,}\)")
_SENTENCE = re.compile(r"[^.!?]+[.!?]?")


def untranslated_fragments(text: str, lang: str) -> list[str]:
    """English passages left in a text written in `lang` (es, fr, …): parenthesised groups and
    sentences of at least four words whose function words are mostly English. Returns them as
    they stand in the text."""
    if lang == "en":
        return []
    fragments = []
    candidates = [m.group(0) for m in _PARENTHESISED.finditer(text)]
    remainder = _PARENTHESISED.sub(" ", text)
    candidates += [m.group(0).strip() for m in _SENTENCE.finditer(remainder)]
    for candidate in candidates:
        tokens = words(candidate)
        if len(tokens) < 4:
            continue
        counted = scores(candidate)
        english = counted["en"]
        others = max((count for code, count in counted.items() if code != "en"), default=0)
        if english >= 3 and english > 2 * others and english / len(tokens) >= 0.25:
            fragments.append(candidate)
    return fragments


# Scripts that name their language by themselves (first and last character), tried in this
# order: kana is Japanese even beside Han characters; Han alone is Chinese. Ranges compared,
# not regular expressions: compiling the Han and Hangul classes cost every search 2 ms (query
# translation once imported this module for `FUNCTION_WORDS`).
_SCRIPTS = (
    ("ja", "\u3040", "\u30ff"),
    ("ko", "\uac00", "\ud7af"),
    ("zh", "\u4e00", "\u9fff"),
    ("ru", "\u0400", "\u04ff"),
)


def detect_document(text: str) -> str | None:
    """The language of a whole document's prose (a rules text's introduction): its script when
    the script names one language (Japanese kana, Korean hangul, Chinese Han characters,
    Cyrillic for Russian), else its function words (`detect`). A script counts when at least a
    fifth of the letters are in it, so a few quoted names do not decide."""
    letters = sum(char.isalpha() for char in text)
    if letters:
        for lang, first, last in _SCRIPTS:
            if sum(first <= char <= last for char in text) * 5 >= letters:
                return lang
    return detect(text)
