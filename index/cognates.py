"""The English cognate of a Spanish, French, Italian or Portuguese word the lexicon lacks.

The lexicon learns its pairs from card text, and card text rarely prints a judge's vocabulary:
"monarca", "monarque" (monarch: no card of the 25 sets prints it in Spanish or French),
"híbrido", "hybride" (hybrid). Such a word was dropped from the translation, and the query
lost what it was about. Most of that vocabulary is Latinate, spelt in English much as in the
query's language, so a word no pair translates is looked for among the English words of the
corpus (`search_words`) spelt as its cognate:

- a few regular suffixes are put in English ("-dad" → "-ty", "-ción" → "-tion", "-eux" → "-ous",
  "-ia" → "-y"), else the word's inflection is taken off ("monarca" → "monarc", "hybrides" →
  "hybrid");
- both spellings are compared as the learner compares cognates (`align.phrases.cognate_form`:
  y/i, ph/f, th/t, k/c, qu/c, doubled letters), and an English word is the cognate when it
  begins with the whole of that stem and adds at most MAX_ADDED letters ("monarc" + "h").
  The whole stem, not most of it: "partida" (a game) is no "partial", "vigilar" (surveil) no
  "vigilance".

Of several, the shortest English word is taken (the closest to the stem). Words shorter than
MIN_LETTERS are left alone: short words are where false friends are ("sala", "once"). And the
English word must be one the rules use (`in_rules`): the words a guess is for are the rules'
own, and a word only card names and rulings print is where the rest of the false friends are
(French "temps", time, is no "temple": Temple of Mystery).
"""

from __future__ import annotations

import unicodedata

from mtgrules.align.phrases import cognate_form
from mtgrules.text import fold

MIN_LETTERS = 5
MAX_ADDED = 2
SUFFIXED_ENDINGS = ("", "s", "al")
# Romance suffixes with a regular English spelling, longest first per language (folded).
_SUFFIXES = {
    "es": (("ciones", "tion"), ("cion", "tion"), ("siones", "sion"), ("sion", "sion"), ("dades", "ty"), ("dad", "ty"),
           ("mente", "ly"), ("osos", "ous"), ("oso", "ous"), ("osa", "ous"), ("ico", "ic"), ("ica", "ic"),
           ("ismo", "ism"), ("ista", "ist"), ("ario", "ary"), ("iva", "ive"), ("ivo", "ive"), ("ia", "y")),
    "pt": (("coes", "tion"), ("cao", "tion"), ("dades", "ty"), ("dade", "ty"), ("mente", "ly"), ("oso", "ous"),
           ("ico", "ic"), ("ica", "ic"), ("ismo", "ism"), ("ista", "ist"), ("ario", "ary"), ("ivo", "ive"), ("iva", "ive"),
           ("ia", "y")),
    "it": (("zioni", "tion"), ("zione", "tion"), ("ita", "ity"), ("mente", "ly"), ("oso", "ous"), ("ico", "ic"),
           ("ica", "ic"), ("ismo", "ism"), ("ista", "ist"), ("ario", "ary"), ("ivo", "ive"), ("iva", "ive"), ("ia", "y")),
    "fr": (("tions", "tion"), ("ites", "ity"), ("ite", "ity"), ("ment", "ly"), ("euses", "ous"), ("euse", "ous"),
           ("eux", "ous"), ("iques", "ic"), ("ique", "ic"), ("isme", "ism"), ("iste", "ist"), ("aire", "ary"),
           ("ives", "ive"), ("ive", "ive"), ("ifs", "ive"), ("if", "ive")),
}
# Participles, folded, longest first per language, and the English ending of theirs: a verb's
# participle says what a rule says with an English participle ("mazo construido", a
# constructed deck; "capacités définissant", abilities defining). The verb's stem is the
# participle without its ending, and English may add a letter or two to it before its own
# ending ("constru|ido", "constru|ct|ed"; "activ|ado", "activ|at|ed").
_PARTICIPLES = {
    "es": (("idos", "ed"), ("idas", "ed"), ("ados", "ed"), ("adas", "ed"), ("ido", "ed"), ("ida", "ed"), ("ado", "ed"),
           ("ada", "ed"), ("iendo", "ing"), ("ando", "ing")),
    "pt": (("idos", "ed"), ("idas", "ed"), ("ados", "ed"), ("adas", "ed"), ("ido", "ed"), ("ida", "ed"), ("ado", "ed"),
           ("ada", "ed"), ("endo", "ing"), ("indo", "ing"), ("ando", "ing")),
    "it": (("ati", "ed"), ("ate", "ed"), ("ato", "ed"), ("ata", "ed"), ("iti", "ed"), ("ite", "ed"), ("ito", "ed"),
           ("ita", "ed"), ("uti", "ed"), ("uto", "ed"), ("uta", "ed"), ("ando", "ing"), ("endo", "ing")),
    "fr": (("issantes", "ing"), ("issants", "ing"), ("issante", "ing"), ("issant", "ing"), ("antes", "ing"), ("ants", "ing"),
           ("ante", "ing"), ("ant", "ing"), ("ées", "ed"), ("ée", "ed"), ("és", "ed"), ("é", "ed"), ("ites", "ed"),
           ("its", "ed"), ("ite", "ed"), ("it", "ed")),
}
# How many letters English may add to the stem before each ending: -ed comes after a letter or
# two more ("constru|ct|ed"), -ing straight after the stem ("défin|issant", "defin|ing"; one
# more was "perfor|ant", piercing, and "perfor|m|ing"). One less: the stem's "e" is the
# ending's ("exil|é", "exile|d").
_ADDED = {"ed": MAX_ADDED, "ing": 0}
# The inflections a word may end with, longest first, taken off when no suffix above matched; an
# infinitive's too ("changer": change, "limitar": limit; a judge asks with the infinitive, card
# text prints the imperative the lexicon learned). Each ending the word has is tried until one
# finds a cognate: "excès" less "es" is "exc", too short, less "s" "exce", which "excess" begins.
_ENDINGS = {
    "es": ("ar", "er", "ir", "os", "as", "es", "o", "a", "e", "s"),
    "pt": ("ar", "er", "ir", "os", "as", "es", "o", "a", "e", "s"),
    "it": ("are", "ere", "ire", "i", "e", "o", "a"),
    "fr": ("er", "ir", "es", "e", "s"),
}


def stems(folded: str, lang: str) -> list[tuple[str, bool]]:
    """The English-looking stems of a word (`folded`, lowercased) to try, each with whether it
    ends with an English suffix: its suffix put in English, else the word less each inflection
    it may end with, the longest first, or the whole word without one (none shorter than
    MIN_LETTERS - 1). Each keeps the word's first three letters at least."""
    for romance, english in _SUFFIXES.get(lang, ()):
        if folded.endswith(romance) and len(folded) - len(romance) >= 3:
            return [(folded[: -len(romance)] + english, True)]
    bare = [folded[: -len(ending)] for ending in _ENDINGS.get(lang, ()) if folded.endswith(ending)] or [folded]
    return [(stem, False) for stem in bare if len(stem) >= MIN_LETTERS - 1]


def cognate(word: str, lang: str, english_words, in_rules=None) -> str | None:
    """The English word of the corpus that is `word`'s cognate, or None. `english_words(prefix)`
    gives the English words that begin with `prefix` (two letters); `in_rules(english)`, whether
    the rules use an English word (None: any word of the corpus will do). A participle is first
    looked for as an English participle (`participle`)."""
    if lang not in _ENDINGS or len(word) < MIN_LETTERS or not word.isalpha():
        return None
    found = participle(word, lang, english_words, in_rules)
    if found is not None:
        return found
    folded = fold(word).lower()  # (once, not once an English word: 0.6 ms of a cold French search)
    tried = stems(folded, lang)
    if not tried:
        return None
    # Every stem begins as the word does, so the same English words are its candidates: read
    # and spelt once for all the stems tried.
    candidates = [(english, cognate_form(english)) for prefix in _english_prefixes(folded) for english in english_words(prefix)]
    # The same spelling only for a word with letters English does not write ("illégal":
    # illegal); a word English spells as typed was kept as typed before a guess was made.
    excluded = folded if folded == word.lower() else None
    whole = cognate_form(folded)
    for spelt, suffixed in tried:
        found = _cognate_of_stem(cognate_form(spelt), suffixed, candidates, excluded, whole, in_rules)
        if found is not None:
            return found
    return None


def _cognate_of_stem(form: str, suffixed: bool, candidates: list[tuple[str, str]], excluded: str | None, whole: str,
                     in_rules) -> str | None:
    """Of `candidates` (English words and their `cognate_form`), the shortest the rules use
    that the stem (as `cognate_form` spells it: `form`) begins, other than `excluded`; None
    when none. `whole` is the whole word so spelt."""
    # An English suffix is that spelling or nothing ("historia" is "history", never "historic",
    # which "histori" begins; -ic may go on as -ical); a bare stem may take a letter or two.
    endings = SUFFIXED_ENDINGS if suffixed else None
    best: tuple[int, int, str] | None = None
    for english, theirs in candidates:
        added = theirs[len(form):] if theirs.startswith(form) else None
        near = added is not None and (added in endings if endings else len(added) <= MAX_ADDED)
        # The shortest; of two as short, the one spelt like more of the whole word ("excès":
        # "excess", not "exceed"), then the first alphabetically.
        key = (len(english), -_shared_start(whole, theirs), english)
        if near and english != excluded and (best is None or key < best) and (in_rules is None or in_rules(english)):
            best = key
    return best[2] if best else None


def _shared_start(a: str, b: str) -> int:
    """How many letters `a` and `b` begin with alike."""
    count = 0
    for x, y in zip(a, b):
        if x != y:
            break
        count += 1
    return count


def participle(word: str, lang: str, english_words, in_rules=None) -> str | None:
    """The English participle of the corpus that is the participle `word`'s (`_PARTICIPLES`):
    it begins with the verb's stem (MIN_LETTERS letters at least, as `cognate_form` spells
    it: a shorter stem is where false friends are, "mille" and "milled"), adds at most
    MAX_ADDED letters and ends as an English participle does ("construido" → "constructed",
    "définissant" → "defining"); the shortest the rules use (`in_rules`, as for `cognate`),
    else None. Each ending of the word is tried, the longest first, until one finds an English
    participle."""
    lowered = unicodedata.normalize("NFC", word.lower())
    for romance, english_ending in _PARTICIPLES.get(lang, ()):
        # French writes the participle's ending with its accent ("exilée"; "double", "mobile" are
        # no participles); Spanish, Italian and Portuguese endings are read without accents.
        if not (lowered if lang == "fr" else fold(lowered)).endswith(romance):
            continue
        spelt = fold(lowered[: -len(romance)])
        form = cognate_form(spelt)
        if len(form) < MIN_LETTERS:
            continue  # "mill|e" (thousand) is no "milled", "pend|ant" (during) no "pending"
        best: str | None = None
        for prefix in _english_prefixes(spelt):
            for english in english_words(prefix):
                theirs = cognate_form(english)
                if not (theirs.startswith(form) and theirs.endswith(english_ending)):
                    continue
                added = len(theirs) - len(form) - len(english_ending)
                closer = best is None or (len(english), english) < (len(best), best)
                if -1 <= added <= _ADDED[english_ending] and closer and (in_rules is None or in_rules(english)):
                    best = english
        if best is not None:
            return best
    return None


def _english_prefixes(stem: str) -> list[str]:
    """The two first letters an English cognate of `stem` may begin with: as spelt, or with
    the English spelling `cognate_form` undoes ("fi" of "fisico" may be "ph", "ti" "th"…)."""
    first = stem[:2]
    found = [first]
    for romance, english in (("f", "ph"), ("t", "th"), ("i", "y"), ("c", "k"), ("c", "ch")):
        if stem.startswith(romance):
            found.append((english + stem[len(romance):])[:2])
    if len(stem) > 1 and stem[1] == "i":
        found.append(stem[0] + "y")
    return list(dict.fromkeys(found))
