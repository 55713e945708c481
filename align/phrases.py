"""Words and phrases of a text as the bilingual lexicon compares them: one definition shared by
learning (`lexicon`), alignment evidence (`evidence`) and query translation (`index.query`).

A text is cut into *runs*: words that follow each other with nothing but white space, an
apostrophe, a hyphen or a quotation mark between them ("marqueur « énergie »" is one run,
"battlefield, you" is two). A phrase never crosses the end of a run. Chinese, Japanese and
Korean characters are one word each, as in the index (`CJKSplitFilter`), since those languages
write no spaces.

Each word has a *key*: folded first, then stemmed with its language's Snowball stemmer
("Energía", "energia" and "energías" all give "energi"; "draws" gives "draw"), so that one entry
of the lexicon covers a word's inflections and its spellings with or without accents. Folding
before stemming (not after, as the index does for its primary form) keeps the key of a word
the same however it is typed. A phrase's key is its words' keys joined by single spaces.

Stop words (articles, prepositions, pronouns: a short list per language, `mtgrules.little_words`) may sit
inside a phrase ("campo de batalla") but never start or end one: "de batalla" is not a term.
"""

from __future__ import annotations

import re
from functools import lru_cache

from mtgrules import little_words
from mtgrules.align.stemmers import stemmer
from mtgrules.text import fold

MAX_WORDS = 4  # the longest phrase compared ("acciones basadas en estado"; four CJK characters)

_WORD = re.compile(r"[^\W\d_]+")
# English keeps an apostrophe inside a word ("can't", "creature's": the stemmer drops the 's);
# French and Italian elide an article into the next word ("l'indestructible"), split there.
# Query translation reads query words with it too.
PLAIN_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")
# Mana, energy and tap symbols, and rule numbers with their letter ("704.5g"): never words.
_SYMBOL = re.compile(r"\{[^}]*\}|\d+(?:\.\d+)*[a-z]*")
# What may stand between two words of one phrase (stripped away, nothing may be left).
_JOINING_CHARS = " \t\n\r\f\v\u00a0'’-‐‑«»\"“”‘„"
_CJK_RANGES = ((0x3040, 0x30FF), (0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xF900, 0xFAFF), (0xAC00, 0xD7AF))

STOPWORDS = little_words.STOPWORDS  # one list per language, kept with the question words


def is_cjk(char: str) -> bool:
    if char < "\u3040":
        return False
    code = ord(char)  # the ranges of _CJK_RANGES, written out: called for every character of CJK text
    return code <= 0x30FF or 0x3400 <= code <= 0x4DBF or 0x4E00 <= code <= 0x9FFF or 0xF900 <= code <= 0xFAFF \
        or 0xAC00 <= code <= 0xD7AF


_DOUBLED = r"(.)\1"  # compiled by `re` when first used (most cold searches never do)


@lru_cache(maxsize=50000)
def cognate_form(word: str) -> str:
    """A word spelt so that English and Romance cognates meet: "lethal" and "letal" both give
    "letal", "physical" and "físico" give "fisical"/"fisico". Here, not in `align.lexicon`
    (the learner's, which names it too), since a query's cognates (`index.cognates`) need it
    and importing the learner cost a cold French or Spanish search 5-6 ms."""
    word = fold(word)
    for english, romance in (("ph", "f"), ("th", "t"), ("y", "i"), ("ck", "c"), ("k", "c"), ("qu", "c")):
        word = word.replace(english, romance)
    return re.sub(_DOUBLED, r"\1", word)


@lru_cache(maxsize=100000)
def word_key(word: str, lang: str) -> str:
    """The key of one word: folded, then stemmed in its language when a stemmer exists."""
    folded = fold(word).replace("’", "'")
    stem = stemmer(lang)
    return stem(folded) if stem and not is_cjk(folded[:1]) else folded


# French and Italian elide a little word before a vowel ("s'il", "qu'un", "dell'attacco"). Read
# as written, "s" and "qu" are nothing, and the English word they translate ("if" of "even if"
# for "même s'il") gets paired with a neighbour instead: "même" ↔ "even if". The elided word is
# read as the word it stands for ("s'" is "si" before "il"/"ils", else "se").
ELISIONS: dict[str, dict[str, str]] = {
    "fr": {"l": "le", "d": "de", "n": "ne", "j": "je", "m": "me", "t": "te", "c": "ce", "s": "se", "qu": "que",
           "jusqu": "jusque", "lorsqu": "lorsque", "puisqu": "puisque", "quoiqu": "quoique"},
    "it": {"l": "lo", "d": "di", "un": "una", "dell": "della", "all": "alla", "nell": "nella", "sull": "sulla",
           "dall": "dalla", "coll": "colla", "quest": "questo", "quell": "quello", "c": "ci", "v": "vi", "n": "ne"},
}
_ELIDED_IF = frozenset({"il", "ils"})  # "s'il", "s'ils": si; any other "s'": se


def _unelided(word: str, following: str, lang: str) -> str:
    """The word an elided `word` (followed by an apostrophe and `following`) stands for."""
    if lang == "fr" and word == "s" and following.lower() in _ELIDED_IF:
        return "si"
    return ELISIONS[lang].get(word, word)


def runs(text: str, lang: str) -> list[list[tuple[str, str]]]:
    """The runs of `text`: lists of (word as written, lowercased; its key). An elided little
    word is given as the word it stands for (`ELISIONS`)."""
    found: list[list[tuple[str, str]]] = []
    current: list[tuple[str, str]] = []
    cursor = 0
    text = _SYMBOL.sub("|", text)
    elides = lang in ELISIONS
    matches = list((PLAIN_WORD if lang == "en" else _WORD).finditer(text))
    for position, match in enumerate(matches):
        start = match.start()
        if current and start > cursor and text[cursor:start].strip(_JOINING_CHARS):
            found.append(current)
            current = []
        cursor = match.end()
        word = match.group(0).lower().replace("’", "'")
        if elides and text[cursor:cursor + 1] in ("'", "’") and position + 1 < len(matches) \
                and matches[position + 1].start() == cursor + 1:
            word = _unelided(word, matches[position + 1].group(0), lang)
        if max(word) >= "\u3040" and any(is_cjk(char) for char in word):
            for piece in _split_cjk(word):
                current.append((piece, word_key(piece, lang)))
        else:
            current.append((word, word_key(word, lang)))
    if current:
        found.append(current)
    return found


def words_of(text: str) -> list[str]:
    """The words of `text`, lowercased, CJK characters one by one (no keys: cheaper than `runs`
    where only the words are wanted, as for a corpus's vocabulary)."""
    found = []
    for word in _WORD.findall(_SYMBOL.sub("|", text.lower())):
        if max(word) >= "\u3040" and any(is_cjk(char) for char in word):
            found.extend(_split_cjk(word))
        else:
            found.append(word)
    return found


def _split_cjk(word: str) -> list[str]:
    """Each CJK character alone; runs of other letters inside the word stay together."""
    pieces: list[str] = []
    for char in word:
        if is_cjk(char) or not pieces or is_cjk(pieces[-1][-1]):
            pieces.append(char)
        else:
            pieces[-1] += char
    return pieces


def ngrams(run: list[tuple[str, str]], lang: str, max_words: int = MAX_WORDS):
    """(start, end) spans of the phrases of one run: up to `max_words` words, neither first nor
    last word a stop word."""
    stop = STOPWORDS.get(lang, frozenset())
    for start in range(len(run)):
        if run[start][0] in stop:
            continue
        for end in range(start + 1, min(len(run), start + max_words) + 1):
            if run[end - 1][0] not in stop:
                yield start, end


def key_of(run: list[tuple[str, str]], start: int, end: int) -> str:
    return " ".join(key for _, key in run[start:end])


def surface_of(run: list[tuple[str, str]], start: int, end: int) -> str:
    """The phrase as written: CJK characters run together, other words take a space."""
    out = ""
    for word, _ in run[start:end]:
        if out and not (is_cjk(word[:1]) and is_cjk(out[-1])):
            out += " "
        out += word
    return out


def phrase_key(text: str, lang: str) -> str:
    """The key of a whole phrase ("Campo de batalla" → "camp de batall")."""
    return " ".join(key for run in runs(text, lang) for _, key in run)


def spelling_key(text: str, lang: str) -> str:
    """A phrase's words folded but not stemmed ("Maná" → "mana", where `phrase_key` gives "man",
    as for "mano")."""
    return " ".join(fold(word) for run in runs(text, lang) for word, _ in run)


def phrase_keys(text: str, lang: str, max_words: int = MAX_WORDS) -> set[str]:
    """The keys of every phrase of `text` (what alignment evidence looks term pairs up in): the
    phrases of `ngrams`, each key grown from the one before it (alignment computes this for
    every passage it compares)."""
    stop = STOPWORDS.get(lang, frozenset())
    keys: set[str] = set()
    for run in runs(text, lang):
        length = len(run)
        for start in range(length):
            word, key = run[start]
            if word in stop:
                continue
            keys.add(key)
            for end in range(start + 1, min(length, start + max_words)):
                next_word, next_key = run[end]
                key = f"{key} {next_key}"
                if next_word not in stop:
                    keys.add(key)
    return keys
