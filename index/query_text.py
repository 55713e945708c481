"""What a person types, made into what the search looks for: question marks read as punctuation,
little words left out.

Judges type questions: "¿cuándo recibo prioridad?", "quand ai-je la priorité ?" (French puts a
space before the mark). A "?" is a wildcard in the query syntax, and one standing alone was
refused ("'?' has no letters"); "prioridad?" looked for "prioridad" and one more letter. So
"¿", "¡" and "!" are dropped, and so is a "?" that ends the query, stands alone or closes a
question opened with "¿": a wildcard "?" inside or before a word ("conf?ve") stays.

Little words (`mtgrules.little_words`: articles, prepositions, question words) never match on
their own: "de", "la", "des", "una" made partial matches that filled pages with records
sharing nothing else with the query, and snippets marked them. They are left out of the plain
words of a query (a "quoted phrase" keeps them: there they say which words follow which); a
query of nothing but little words is refused with a message that says so (`LittleWordsOnly`).
"""

from __future__ import annotations

import re

from mtgrules.little_words import FUNCTION_WORDS, is_little

_QUESTION = str.maketrans("¿¡!", "   ")
# A fuzzy word (`word~`, `word~2`, `word~2/3`: edits, then letters that must match at the
# start), read alike by the query's parser and by its translation.
FUZZY = re.compile(r"^(?P<word>.*[^~])~(?P<edits>\d*)(?:/(?P<prefix>\d+))?$")
# Edits a fuzzy word may ask for (`word~2`): each more multiplies the words to compare.
MAX_EDITS = 2
_ITEM = re.compile(r'"[^"]*"(?:~\d+)?|[A-Za-z_]\w*:(?:"[^"]*"|[^\s()"]+)|[()]|[^\s"()]+')
# The operators of the query syntax (`mtgrules.index.query`), read alike wherever a query is.
OPERATORS = frozenset({"AND", "OR", "NOT", "ANDNOT", "ANDMAYBE"})
_WORD_OF_LETTERS = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")


def without_question_marks(text: str) -> str:
    """`text` with the punctuation of a question removed (module docstring)."""
    opened = "¿" in text
    text = text.translate(_QUESTION)
    out = []
    for piece in re.split(r"(\s+)", text):
        if piece.endswith("?") and not piece.startswith('"'):
            stripped = piece.rstrip("?")
            if not stripped or opened or not text[text.find(piece) + len(piece):].strip():
                piece = stripped
        out.append(piece)
    return " ".join("".join(out).split())


def little_words_left_out(text: str, langs: list[str]) -> tuple[str, list[str]]:
    """`text` without the plain words that are little in any of `langs` (or English), and the
    words left out. Operators, fields, phrases, wildcards and fuzzy words stay; an operator left
    without a word beside it goes too. Unchanged when every word is little (the caller says so)."""
    items = _ITEM.findall(text)
    kept: list[str] = []
    dropped: list[str] = []
    for item in items:
        if _WORD_OF_LETTERS.fullmatch(item) and item not in OPERATORS and any(is_little_word(item, lang) for lang in langs or ["en"]):
            dropped.append(item)
            continue
        verb = next((found for lang in langs if (found := inverted_verb(item, lang))), None) if "-" in item else None
        kept.append(verb or item)
    tidy_items = tidy(kept)
    if not dropped or not any(item not in OPERATORS and item not in "()" for item in tidy_items):
        return text, []
    return " ".join(tidy_items).replace("( ", "(").replace(" )", ")"), dropped


def only_little_words(text: str, langs: list[str]) -> list[str] | None:
    """The words of `text` when each is a little word of `langs` (a query with nothing to look
    for), else None."""
    items = [item for item in _ITEM.findall(text) if item not in OPERATORS and item not in "()"]
    if items and all(_WORD_OF_LETTERS.fullmatch(item) and any(is_little_word(item, lang) for lang in langs or ["en"]) for item in items):
        return items
    return None


def is_little_word(word: str, lang: str) -> bool:
    """Whether a query word is little in `lang`: "qu'arrive-t-il": each part of a hyphenated or
    elided question word is little; and so is a French inversion whose verb says only how one
    asks ("peut-elle", "ai-je": `inverted_verb`)."""
    if inverted_verb(word, lang) == "":
        return True
    parts = [part for part in word.lower().replace("’", "'").replace("-", "'").split("'") if part]
    return all(is_little(part, lang) for part in parts)


def inverted_verb(word: str, lang: str) -> str | None:
    """The verb of a French question whose subject follows it ("vérifie-t-on" → "vérifie",
    "peut-elle" → ""), None when `word` is no such inversion. The subject, the "t" between and
    a verb that only asks (a little or function word: "ai", "peut", "arrive" of
    "qu'arrive-t-il") are left out, as the subject of "on vérifie" would be; a content verb
    is the question's word: "quand vérifie-t-on les actions basées sur un état ?" asks when
    they are checked, and leaving "vérifie-t-on" out whole lost "check"."""
    if lang != "fr" or "-" not in word:
        return None
    pieces = word.lower().replace("’", "'").split("-")
    if len(pieces) < 2 or pieces[-1] not in _INVERTED_SUBJECTS or any(not piece for piece in pieces):
        return None
    if len(pieces) > 2 and pieces[1:-1] != ["t"]:
        return None  # "vas-y-tu" and other runs are no inversion this reads
    verb = word.replace("’", "'").split("-")[0]
    if "'" in verb or is_little(verb, lang) or verb.lower() in FUNCTION_WORDS.get(lang, ()):
        return ""  # "qu'arrive-t-il" (an elided question word before the verb), "ai-je", "peut-on"
    return verb


_INVERTED_SUBJECTS = frozenset({"je", "tu", "il", "elle", "on", "nous", "vous", "ils", "elles"})


def tidy(items: list[str]) -> list[str]:
    """Query items with the operators that lost an operand (a word left out or dropped) and
    the parentheses left empty removed."""
    out: list[str] = []
    for item in items:
        if item in OPERATORS and (not out or out[-1] in OPERATORS or out[-1] == "("):
            continue
        if item == ")" and out and out[-1] == "(":
            out.pop()
            continue
        if item == ")" and out and out[-1] in OPERATORS:
            out.pop()
        out.append(item)
    while out and out[-1] in OPERATORS:
        out.pop()
    return out
