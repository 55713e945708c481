"""Which language a passage is in, from its function words.

Used to tell a Spanish page from a French one when no `--lang` is given, and to find the English
fragments translators left in place ("(perhaps because all of its targets are illegal)"), which
the records keep as they are but mark as untranslated. Function words are the evidence because
they are frequent, short and almost never shared across these three languages.
"""

from __future__ import annotations

import re

FUNCTION_WORDS = {
    "en": set(
        """
        the a an of to and or is are was be been it its this that these those with for from by as at
        on in if may can can't won't don't isn't aren't not no any each all some you your they their
        them he she have has had do does would will should because perhaps which who what when
        whenever than then there such only also even other another into onto
        """.split()
    ),
    "es": set(
        """
        el la los las un una unos unas de del al y o u es son fue ser está están se su sus que en
        con por para como si no ningún ninguna cada todo todos toda todas puede pueden este esta
        estos estas ese esa eso lo le les muy más también cuando mientras sin sobre entre hasta
        hacia desde
        """.split()
    ),
    "fr": set(
        """
        le la les un une des de du au aux et ou est sont été être se sa son ses que qui en avec par
        pour comme si ne pas aucun aucune chaque tout tous toute toutes peut peuvent ce cet cette
        ces il elle ils elles lui leur leurs vous votre vos plus aussi quand lorsque sans sur entre
        jusqu vers depuis
        """.split()
    ),
}

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
# translation imports this module for `FUNCTION_WORDS`).
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
