"""Which language a query is written in, and the same query in the corpus's other languages.

Every query word used to be analyzed by every language's analyzer and matched in every
language's fields. Where a foreign word happened to stem like an English one, it found English
records, and where it did not, it found nothing: French "énergie" stems to "energi" with the
English stemmer, as "energy" does, and found 345 records; Spanish "energía" stays "energia" and
found 6. Nothing but spelling decided whether a Spanish or French word reached English text.

So search now works out which languages a query is in (`detect`), searches those languages'
fields with the query as typed, and every other language with the query translated through the
bilingual lexicon (`mtgrules.align.lexicon`, compiled into the search tables, `mtgrules.index.tables`,
read key by key: `mtgrules.index.reading.Lexicon`):
"daño letal" → "damage lethal" in English, "deathtouch" → "toque mortal" in Spanish.
Translated hits rank below hits in the query's own language. A language with nothing to
translate into is searched with the query as typed, as before.

Detection must work on one or two words. Each word counts for a language when the language has
it: the corpus's records in that language or the lexicon's phrases in it hold the word (the
search tables' vocabulary). A function word of the language ("de", "la",
"the") counts twice. A word with letters English does not write (é, ñ, ç) never counts for
English, although "créature" folds to "creature". The languages with the best count are the
query's; a tie keeps them all ("indestructible" is Spanish, French and English, and is searched
as typed in all three); when no word is known anywhere (a card name), every language is.

Translating keeps the query's syntax: operators, parentheses, fields (`card:`, `kind:`…),
prefixes, fuzzy terms and numbers stay as they are; runs of words and "quoted phrases" are
translated by longest match on phrase keys (`phrases.word_key`: folded and stemmed, so "robar",
"roba" and "robas" all find "draw"). A lexicon phrase of several words becomes a "phrase"; two
near-equal translations become (a OR b). A word the lexicon does not have is kept when the
target language has it too (names, numbers, "indestructible"), else dropped: the translation
is then incomplete, and searched only when no record holds every word (a looser question is
for partial matches). Chinese and Japanese words have no spaces: a run is matched character
by character, the longest phrase first, and a word the lexicon holds only inside a phrase one
character longer (card text prints 开始 only in 开始时) finds that phrase (`_cjk_completion`).
Between two languages other than English the query goes through English.
"""

from __future__ import annotations

import re
from functools import cache
from itertools import chain, permutations

from mtgrules.align import phrases
from mtgrules.index import query_text
from mtgrules.index.reading import FALSE_FRIENDS_SUFFIX, KEYS_SUFFIX, TERMS_LINE, Lexicon, Vocabulary
from mtgrules.little_words import FUNCTION_WORDS, STOPWORDS, is_little
from mtgrules.text import fold

_OPERATORS = query_text.OPERATORS
_ITEM = re.compile(
    r'(?P<phrase>"[^"]*"(?:~\d+)?)|(?P<field>[A-Za-z_]\w*:(?:"[^"]*"|[^\s()"]+))|(?P<paren>[()])|(?P<word>[^\s"()]+)'
)
# How close to the best a second translation must score to be searched too.
ALTERNATIVE_SHARE = 0.8

# Plain classes, not dataclasses: `mtgrules search` imports this module on every call, and each
# dataclass costs about a millisecond to create.


class Translation:
    """One language's translation of the query, and how to show it."""

    __slots__ = ("complete", "kept", "query", "shown", "source", "target", "untranslated")

    def __init__(self, source: str, target: str, query: str, shown: str, complete: bool = True,
                 untranslated: list[str] | None = None, kept: list[str] | None = None):
        self.source = source  # the query's language
        self.target = target
        self.query = query  # what to search in the target language's fields
        self.shown = shown  # "daño letal → \"lethal damage\""
        self.complete = complete  # every word was translated or kept; else some were dropped
        # The words of the query the lexicon found nothing for and that were left out, as typed
        # ("construido" before its cognate was looked for): what the translation line names.
        self.untranslated = untranslated if untranslated is not None else []
        self.kept = kept if kept is not None else []  # words searched as typed (names, "indestructible")

    def __repr__(self) -> str:
        return f"Translation({self.source!r}, {self.target!r}, {self.query!r}, complete={self.complete})"


class Plan:
    """How one query is searched: as typed in `direct`, translated in `translations`, and as
    typed, below, in `fallback` (languages nothing could be translated into)."""

    __slots__ = ("detected", "direct", "fallback", "translations")

    def __init__(self, detected: list[str], direct: list[str]):
        self.detected = detected
        self.direct = direct
        self.translations: list[Translation] = []
        self.fallback: list[str] = []


class _Item:
    __slots__ = ("kind", "text")

    def __init__(self, kind: str, text: str):
        self.kind = kind  # plain, phrase, field, paren, operator, other
        self.text = text


def _items(text: str) -> list[_Item]:
    items = []
    for match in _ITEM.finditer(text):
        kind = match.lastgroup or "other"
        value = match.group(0)
        if kind == "word":
            kind = "operator" if value in _OPERATORS else "plain" if phrases.PLAIN_WORD.fullmatch(value) else "other"
        items.append(_Item(kind, value))
    return items


# Words joined by hyphens ("anti-malocchio", "state-based"): read as the words of a phrase. A
# pattern, compiled by `re` (and kept in its cache) when a query first holds a word that is not
# plain: compiling it at import cost every search 0.3 ms.
_HYPHENATED = r"[^\W\d_]+(?:['’][^\W\d_]+)*(?:-[^\W\d_]+(?:['’][^\W\d_]+)*)+"


def _words(items: list[_Item]) -> list[str]:
    """The words detection weighs: those of plain words, quoted phrases, hyphenated words and
    fuzzy words, CJK characters one by one (as the vocabulary holds them)."""
    found = []
    for item in items:
        if item.kind in ("plain", "phrase") or (item.kind == "other" and re.fullmatch(_HYPHENATED, item.text)):
            found.extend(phrases.words_of(item.text))
        elif _is_fuzzy(item):
            found.extend(phrases.words_of(item.text.split("~")[0]))
    return found


def _is_fuzzy(item: _Item) -> bool:
    return item.kind == "other" and query_text.FUZZY.fullmatch(item.text) is not None


def _is_ascii_word(word: str) -> bool:
    return all(char < "\u0080" or char in "’" for char in word)


class Translator:
    """Detection and translation over one snapshot of the search tables: `vocabulary` says which
    languages spell a word (`reading.Vocabulary`: the words of the corpus and of the lexicon, by
    language, and the compiled lexicon, one language and direction at a time, read key by key),
    `langs` are the corpus's languages."""

    def __init__(self, vocabulary: Vocabulary, langs: list[str]):
        self.vocabulary = vocabulary
        self.langs = langs
        self._tables: dict[tuple[str, str], Lexicon] = {}

    def vocabulary_languages(self) -> list[str]:
        return self.vocabulary.languages()

    def _in_line(self, name: str, word: str) -> bool:
        """Whether the vocabulary's line `name` ("es", "es~keys", "en~terms") holds `word`."""
        return name in self.vocabulary.lines_of(word)

    def tables(self, lang: str, direction: str) -> Lexicon:
        """The compiled lexicon of one language, one direction ("to_english", "from_english")."""
        if (lang, direction) not in self._tables:
            self._tables[(lang, direction)] = self.vocabulary.lexicon(lang, direction)
        return self._tables[(lang, direction)]

    # -- detection -----------------------------------------------------------------------------

    def has_word(self, lang: str, word: str, folded: str | None = None) -> bool:
        """Whether `lang` writes `word` as it is spelt: the corpus's records in that language, or
        the lexicon's phrases in it, have it."""
        if lang == "en" and not _is_ascii_word(word):
            return False
        return self._in_line(lang, folded or fold(word))

    def has_key(self, lang: str, word: str) -> bool:
        """Whether `lang` has another form of `word` (its key, or a key a letter or two shorter:
        the French stemmer gives "sacrifi" for "sacrifier" but "sacrif" for "sacrifiez"), or,
        in a language that writes compounds, both parts of it ("Friedhofskarte")."""
        if lang == "en" and not _is_ascii_word(word):
            return False
        if any(self._in_line(lang + KEYS_SUFFIX, key) for key in _trimmed(phrases.word_key(word, lang))):
            return True
        return lang in _COMPOUNDING and _compound_parts(word, lang, _Keys(self, lang)) is not None

    def detect(self, words: list[str], candidates: list[str]) -> list[str]:
        """The languages among `candidates` the words are most likely in (several on a tie,
        none when no word is known anywhere). A word counts where it is spelt as typed (and, when
        that is only in languages the corpus has no records in, in the corpus's languages that
        know another form of it); a word spelt so nowhere counts wherever another form of it is
        known ("exiliar")."""
        scores = dict.fromkeys(candidates, 0)
        for word in words:
            folded = fold(word)
            found = [lang for lang in candidates if self.has_word(lang, word, folded)]
            if not found:
                found = [lang for lang in candidates if self.has_key(lang, word)]
            elif not any(lang in self.langs for lang in found):
                # Spelt so only in languages the corpus has no records in: the corpus's
                # languages count with another form of the word too ("criaturas" is spelt so in
                # the Portuguese lexicon, the Spanish records say "criatura").
                found += [lang for lang in candidates if lang in self.langs and lang not in found and self.has_key(lang, word)]
            for lang in found:
                # A function word counts twice: those of the page parsers' languages, else the
                # little words (German, Italian, Portuguese: "uma", "é" are Portuguese too).
                scores[lang] += 2 if word in FUNCTION_WORDS.get(lang, STOPWORDS.get(lang, ())) else 1
        best = max(scores.values(), default=0)
        return [lang for lang in candidates if best and scores[lang] == best]

    # -- planning ------------------------------------------------------------------------------

    def plan(self, text: str, allowed: list[str]) -> Plan:
        """Which languages to search with `text` as typed, and which with a translation: every
        allowed language that does not spell all of the query's words as typed gets one, from
        the query's languages ("marqueurs poison" is French and English, and English has no
        "marqueurs": it is searched as "counters poison" too). A language that spells them all
        but is one of several the query may be in gets one too when the others' words mean
        something else in it: French "initiative" is first strike, English "initiative" rule 726."""
        items = _items(text)
        words = _words(items)
        candidates = list(dict.fromkeys([*self.langs, "en", *self.vocabulary_languages()]))
        detected = self.detect(words, candidates) if words else []
        if detected and detected != ["en"] and all(self._english_not_little(word, detected) for word in words):
            detected = ["en"]  # "die", "Ante": German and Spanish little words, English rules' words
        if not detected and any(_is_fuzzy(item) for item in items):
            # A misspelt fuzzy word is no language's as typed: any language whose lexicon has a
            # word near it may be the query's ("arollar~1" is Spanish by "arrollar").
            detected = candidates
        if not detected:
            return Plan(detected, list(allowed))
        plan = Plan(detected, [lang for lang in allowed if lang in detected])
        folded = [(word, fold(word)) for word in words]
        for target in allowed:
            sources = [lang for lang in detected if lang != target]
            spelt = all(self.has_word(target, word, f) for word, f in folded)
            if spelt and not (target in detected and sources):
                continue
            translation = self._best_translation(items, sources, target) if sources else None
            if spelt and translation is not None and _same_words(translation.query, words, target):
                continue
            if translation is not None:
                plan.translations.append(translation)
            elif target not in detected:
                plan.fallback.append(target)
        return plan

    def _english_not_little(self, word: str, langs: list[str]) -> bool:
        """Whether `word`, little in one of `langs` (German "die", Spanish "ante", Italian
        "come"), is a word of the English rules that is not little in English: a query of
        such words alone is English, not one with nothing to look for (`plan`)."""
        return (any(query_text.is_little_word(word, lang) for lang in langs) and len(word) > 2
                and not query_text.is_little_word(word, "en") and self.has_word("en", word)
                and self.vocabulary.in_rules(word))

    def _best_translation(self, items: list[_Item], sources: list[str], target: str) -> Translation | None:
        """The translation from the source language that translates the most words (English
        first on a tie: every pair of the lexicon has English on one side)."""
        ranked = sorted(sources, key=lambda lang: (lang != "en", lang not in self.langs))
        best: tuple[int, Translation] | None = None
        for source in ranked:
            found = self.translate(items, source, target)
            if found is not None and (best is None or found[0] > best[0]):
                best = found
        if best is not None and not best[1].complete:
            # A word the best language's lexicon lacks may be its neighbour's: "camadas de efeitos
            # contínuos" reads as Portuguese ("efeitos") and Spanish ("contínuos", "continuo").
            source = best[1].source
            others = tuple(dict.fromkeys(lang for lang in [*ranked, *_NEIGHBOURS.get(source, ())]
                                         if lang not in (source, "en", target)))
            mixed = self.translate(items, source, target, others) if others else None
            if mixed is not None and mixed[0] > best[0]:
                best = mixed
        return best[1] if best else None

    def translate(self, items: list[_Item], source: str, target: str,
                  others: tuple[str, ...] = ()) -> tuple[int, Translation] | None:
        """(words translated, translation) of the query from `source` into `target`, or None
        when the lexicon translates none of its words. A language whose phrases cover more of
        the query's words wins (`_best_translation`): Portuguese "resistência a magia" is one
        phrase, hexproof; read as Spanish it was two words, toughness and magic. A word
        `source` cannot translate is looked up in the languages `others`, in order."""
        if source != "en" and target != "en":
            english = self.translate(items, source, "en", others)
            if english is None:
                return None
            pivot = self.translate(_items(english[1].query), "en", target)
            if pivot is None:
                return None
            shown = f"{_shown_source(items)} → {pivot[1].query} (via {english[1].query})"
            complete = english[1].complete and pivot[1].complete
            return min(english[0], pivot[0]), Translation(source, target, pivot[1].query, shown, complete,
                                                          english[1].untranslated, english[1].kept)
        out: list[str] = []
        translated = 0
        dropped = False
        run: list[str] = []
        missing: list[str] = []
        kept: list[str] = []

        def flush() -> None:
            nonlocal translated, dropped
            if run:
                pieces, count, lost = self._translate_run(run, source, target, others=others, missing=missing, kept=kept)
                out.extend(pieces)
                translated += count
                dropped = dropped or lost
                run.clear()

        for item in items:
            if item.kind == "plain":
                run.append(item.text)
                continue
            flush()
            if item.kind == "phrase":
                inner = phrases.PLAIN_WORD.findall(item.text)
                pieces, count, lost = self._translate_run(inner, source, target, whole_phrase=True, missing=missing, kept=kept)
                translated += count
                dropped = dropped or (lost and bool(count))
                if count:
                    out.extend(pieces)
                else:
                    out.append(item.text)
            elif item.kind == "other" and query_text.is_little_word(item.text, source):
                continue  # the form of a question ("qu'arrive-t-il", "ai-je"): nothing to look for
            elif item.kind == "other" and (verb := query_text.inverted_verb(item.text, source)):
                run.append(verb)  # "vérifie-t-on": the verb is the question's word (check)
            elif item.kind == "other" and re.fullmatch(_HYPHENATED, item.text):
                run.extend(item.text.split("-"))  # "anti-malocchio": the words of a phrase (hexproof)
            else:
                fuzzy = self._translate_fuzzy(item.text, source, target) if _is_fuzzy(item) else None
                translated += fuzzy is not None
                out.append(fuzzy or item.text)
        flush()
        if not translated:
            return None
        query = _tidy(out)
        return translated, Translation(source, target, query, f"{_shown_source(items)} → {query}", not dropped,
                                       list(dict.fromkeys(missing)), list(dict.fromkeys(kept)))

    def _table(self, source: str, target: str) -> Lexicon:
        return self.tables(source, "to_english") if target == "en" else self.tables(target, "from_english")

    def _translate_run(self, words: list[str], source: str, target: str, whole_phrase: bool = False,
                       others: tuple[str, ...] = (), missing: list[str] | None = None,
                       kept: list[str] | None = None) -> tuple[list[str], int, bool]:
        """Longest-match translation of a run of words: (pieces of the translated query, how
        many of its words lexicon phrases translated, whether a word was dropped). A single word whose key
        is not in the lexicon is tried a letter or two shorter (`_trimmed`). The words dropped
        are added to `missing`, those searched as typed to `kept`, as typed."""
        missing = [] if missing is None else missing
        kept = [] if kept is None else kept
        table = self._table(source, target)
        tokens = [token for word in words for run in phrases.runs(word, source) for token in run]
        keys = [key for _, key in tokens]
        spellings = [fold(word) for word, _ in tokens]
        # The words the language spells as typed: only those can be another word than the one a
        # pair of their key was learned from (a misspelling, "energyy", has only its key).
        known = [spelling if self.has_word(source, word, spelling) else "" for (word, _), spelling in zip(tokens, spellings)]
        if whole_phrase and (found := _forms_of(table.get(" ".join(keys)), known, source)):
            return [_alternatives(found, " ".join(spellings))], len(keys), False
        pieces: list[str] = []
        used = 0
        dropped = False
        position = 0
        # Where an article began a noun phrase between two pieces: "bloquer une créature" is a
        # verb and its object, never the term "blocked creature" (`_as_english_terms`).
        breaks: set[int] = set()
        negated: int | None = None  # after "no" (or "no sea"): how many pieces there were
        negating = False  # the word being translated is the one "no" negates
        while position < len(tokens):
            if tokens[position][0] in _ARTICLES.get(source, ()) and pieces:
                breaks.add(len(pieces))
            if negating:  # "no bloqueada": unblocked, not blocked; "no puede": nothing to negate
                if negated is not None and negated < len(pieces):
                    pieces[negated] = self._negated(pieces[negated])
                negated, negating = None, False
            negating = negated is not None
            # A little word ("de", "qué", "quand") is translated only inside a longer phrase.
            little = is_little(tokens[position][0], source)
            for end in range(min(len(tokens), position + phrases.MAX_WORDS + 1), position + little, -1):
                key = " ".join(keys[position:end])
                if key not in table and end - position > 1:
                    # The phrase with its last word's key a letter or two shorter: the French
                    # stemmer keeps "continus" whole, "continu" is the key of "effet continu".
                    key = next((other for last in _trimmed(keys[end - 1])[1:]
                                if (other := " ".join([*keys[position:end - 1], last])) in table), key)
                spelt = known[position:end]
                if key not in table and end - position > 1 and (preposition := _preposition_of(tokens[end - 1][0], source)):
                    # The phrase with its last word a preposition and an article joined, as the
                    # preposition alone ("en lugar del coste": "en lugar de" is rather than).
                    key = " ".join([*keys[position:end - 1], phrases.word_key(preposition, source)])
                    spelt = [*spelt[:-1], preposition]
                found = _forms_of(table.get(key), spelt, source)
                if found:
                    if end - position == 1 and _function_pair(tokens[position][0], found, source, target):
                        pass  # "dans" → into, "puede" → can't: nothing to require of a record
                    else:
                        pieces.append(_alternatives(found, " ".join(spellings[position:end]), target))
                    used += end - position
                    position = end
                    break
            else:
                word = tokens[position][0]
                if negating and fold(word).lower() in _COPULAS.get(source, ()):
                    negating = False  # "que no sea artefacto": "no" negates the word after "sea"
                    position += 1
                    continue
                whole = _cjk_completion(keys, position, table)
                if whole is not None:
                    pieces.append(_alternatives(table[whole[0]], "", target))
                    used += whole[1]
                    position += whole[1]
                    continue
                shorter = next((key for key in _trimmed(keys[position])[1:]
                                if _forms_of(table.get(key), known[position:position + 1], source)), None)
                printed = _printed_forms(spellings[position], source, table) \
                    if shorter is None and not little and _infinitive(word, source) else None
                if printed is not None:
                    pieces.append(_alternatives(printed, spellings[position], target))
                    used += 1
                    position += 1
                    continue
                verb = _agent_verb(spellings[position], source) if shorter is None and not little else None
                printed = _printed_forms(verb, source, table) if verb else None
                if printed is not None:  # "voladora" (flying), of "volar": its printed "vuela"
                    pieces.append(_alternatives(printed, "", target))
                    used += 1
                    dropped = True  # a guess, as a cognate is: asked of the partial matches only
                    position += 1
                    continue
                if shorter is None and not little and _infinitive(word, source):
                    shorter = _near_key(keys[position], table)
                    if shorter is not None and not _infinitive_of(spellings[position], table[shorter]):
                        shorter = None  # "primer" (first) is no infinitive of "prisa" (haste)
                if shorter is None and not little and source in _SUFFIXING:
                    shorter = _inflected_key(keys[position], table)
                parts = _compound_parts(word, source, table) if shorter is None and not little else None
                neighbour = self._neighbour(word, others, target, source) if shorter is None and parts is None and not little else None
                if little:
                    if fold(word).lower() in _NEGATIONS.get(source, ()):
                        negated, negating = len(pieces), False
                elif neighbour is not None:
                    pieces.append(neighbour)
                    used += 1
                elif shorter is not None:
                    pieces.append(_alternatives(_forms_of(table[shorter], known[position:position + 1], source) or table[shorter],
                                                spellings[position], target))
                    used += 1
                elif parts is not None:
                    pieces.extend(_alternatives(table[part], "", target) for part in parts)
                    used += 1
                elif _function_word(word, source) or self._in_line(source + FALSE_FRIENDS_SUFFIX, fold(word)):
                    # "plus" (more), "non" (not), "dies" (this): spelt so in English, another word there
                    missing.append(word)
                    dropped = dropped or not _function_word(word, source)
                elif self.has_word(target, word):
                    pieces.append(word)
                    kept.append(word)
                elif target == "en" and (english := _cognate(word, source, self._english_words, self.vocabulary.in_rules)):
                    pieces.append(english)  # "monarca", "hybride": a word no card prints, Latinate like its English
                    used += 1
                    dropped = True  # a guess: asked of the partial matches only ("historia" is lore, not history)
                else:
                    dropped = True
                    missing.append(word)
                position += 1
        if negating and negated is not None and negated < len(pieces):
            pieces[negated] = self._negated(pieces[negated])
        if target == "en":
            pieces = self._as_english_terms(pieces, breaks)
        if whole_phrase and len(pieces) > 1:
            return ["(" + " ".join(pieces) + ")"], used, dropped
        return pieces, used, dropped

    def _negated(self, piece: str) -> str:
        """An English word after the query's "no" as English negates it, with un- or non-, when
        the rules say that word: "no bloqueada" is "unblocked", "no básica" "nonbasic", "que no
        sea artefacto" "nonartifact" ("no" alone was left out, and "blocked" said the opposite).
        Else the word as it was (a phrase or alternatives are left as they are)."""
        if not piece.isalpha() or not piece.islower():
            return piece
        for prefix in ("un", "non"):
            if self.has_word("en", prefix + piece) and self.vocabulary.in_rules(prefix + piece):
                return prefix + piece
        return piece

    def _english_words(self, prefix: str) -> list[str]:
        return self.vocabulary.words_starting(prefix, "en")

    def _neighbour(self, word: str, others: tuple[str, ...], target: str, source: str) -> str | None:
        """`word` translated alone by the first of the languages `others` whose lexicon has its
        key (or the key a letter or two shorter), unless it is a little or function word there."""
        for other in others:
            if is_little(word, other):
                return None  # "quando" is Italian for when, and how an Italian asks: nothing to find
            table = self._table(other, target)
            typed = [fold(word) if self.has_word(source, word) else ""]
            found = next((found for key in _trimmed(phrases.word_key(word, other))
                          if (found := _forms_of(table.get(key), typed, other, source))), None)
            if found is not None and not _function_pair(word, found, other, target):
                return _alternatives(found, fold(word), target)
        return None

    def _translate_fuzzy(self, text: str, source: str, target: str) -> str | None:
        """A fuzzy word (`arollar~1`) as the translations of the lexicon's words within its
        edits of it, the closest first: a misspelt Spanish keyword reaches the English rule as
        its correct spelling does. The distance is taken between keys (stems), which differ
        by about as many letters as the words they stand for ("aroll" / "arroll"). None when
        the item is no fuzzy word or no key is near enough."""
        fuzzy = query_text.FUZZY.fullmatch(text)
        if fuzzy is None or not phrases.PLAIN_WORD.fullmatch(fuzzy.group("word")):
            return None  # a fuzzy phrase or field (`card:name~`) is searched as typed
        from rapidfuzz.distance import Levenshtein  # deferred: only a fuzzy word compares spellings

        edits = min(int(fuzzy.group("edits") or 1), query_text.MAX_EDITS)
        key = phrases.word_key(fuzzy.group("word"), source)
        table = self._table(source, target)
        near = sorted(
            (distance, other)
            for other in table
            if " " not in other and abs(len(other) - len(key)) <= edits
            and (distance := Levenshtein.distance(key, other, score_cutoff=edits)) <= edits
        )
        if not near:
            return None
        closest = [other for distance, other in near if distance == near[0][0]][:2]
        pieces = [_alternatives(table[other], fold(fuzzy.group("word"))) for other in closest]
        return pieces[0] if len(pieces) == 1 else "(" + " OR ".join(pieces) + ")"

    def _as_english_terms(self, pieces: list[str], breaks: set[int] | frozenset[int] = frozenset()) -> list[str]:
        """Neighbouring pieces that make a known English term in some order become that term,
        as a phrase: "daño letal" gives "damage" and "lethal", and "lethal damage" is a term
        of the glossary. Romance languages put the adjective after the noun; English terms
        (glossary titles, keyword-table names, the lexicon's English phrases) say the order.
        A term never spans a break (the positions of pieces an article began)."""
        words: list[list[str]] = [[] if piece.startswith("(") else piece.strip('"').split() for piece in pieces]
        out: list[str] = []
        position = 0
        while position < len(pieces):
            for size in (3, 2):
                window = words[position : position + size]
                if len(window) < size or not all(window) or any(position < cut < position + size for cut in breaks):
                    continue
                term = next((order for order in permutations(window) if self._in_line(TERMS_LINE, _term([*chain(*order)]))), None)
                if term is not None:
                    out.append('"' + " ".join(chain(*term)) + '"')
                    position += size
                    break
            else:
                out.append(pieces[position])
                position += 1
        return out


def _same_words(query: str, words: list[str], lang: str) -> bool:
    """Whether a translation into `lang` says the typed words again, by key ("indestructible"
    is indestructible in Spanish, French and English: nothing more to search)."""
    typed = {phrases.word_key(word, lang) for word in words}
    return {phrases.word_key(word, lang) for word in phrases.PLAIN_WORD.findall(query) if word not in _OPERATORS} <= typed


class _Keys:
    """The keys one language's vocabulary holds, as `in` asks (`_compound_parts`)."""

    __slots__ = ("lang", "translator")

    def __init__(self, translator: Translator, lang: str):
        self.translator = translator
        self.lang = lang

    def __contains__(self, key: str) -> bool:
        return self.translator._in_line(self.lang + KEYS_SUFFIX, key)


def _term(words: list[str]) -> str:
    """How the vocabulary writes an English term: its words' keys joined by "_"
    ("poison counters" → "poison_counter")."""
    return "_".join(phrases.word_key(word, "en") for word in words)


def _trimmed(key: str) -> list[str]:
    """A word's key, then the key one and two letters shorter while five letters remain (the
    key itself however short: "meuler" is "meul", and a key of four letters was no key at all,
    so French "meuler" was no language's word)."""
    if " " in key:
        return [key]
    return [key] + [key[:length] for length in range(len(key) - 1, max(4, len(key) - 3), -1)]


# How an infinitive ends, per language: only an infinitive looks for a printed form's key
# (`_near_key`); any other word so read took a neighbour's meaning ("historia" → historic,
# "continui" → contains, on the judge queries' development half).
_INFINITIVE_ENDINGS = {"es": ("ar", "er", "ir"), "pt": ("ar", "er", "ir"), "fr": ("er", "ir", "re"),
                       "it": ("are", "ere", "ire")}
# A preposition and an article in one word, per language: what the preposition is alone. A
# phrase learned or written with the preposition at its end ("en lugar de", "au début de")
# meets the joined form when the query goes on with a noun ("en lugar del coste").
_CONTRACTIONS = {"es": {"del": "de", "al": "a"},
                 "fr": {"du": "de", "des": "de", "au": "a", "aux": "a"},
                 "pt": {"do": "de", "da": "de", "dos": "de", "das": "de", "no": "em", "na": "em",
                        "nos": "em", "nas": "em", "ao": "a", "aos": "a"},
                 "it": {"del": "di", "dello": "di", "della": "di", "dei": "di", "degli": "di", "delle": "di",
                        "al": "a", "allo": "a", "alla": "a", "ai": "a", "agli": "a", "alle": "a",
                        "nel": "in", "nello": "in", "nella": "in", "nei": "in", "negli": "in", "nelle": "in"}}


def _preposition_of(word: str, lang: str) -> str | None:
    """The preposition `word` joins with an article, folded ("del": "de"), or None."""
    return _CONTRACTIONS.get(lang, {}).get(fold(word).lower())


# Languages whose words inflect by their ending alone, where the stemmer leaves some endings on
# ("verlierst", "neutralisiert"): `_inflected_key`. German nouns end in "-en" as its infinitives
# do, so the infinitive patch took "Schaden" for "schaue" (look) and "verlieren" for
# "verewigen" (eternalize).
_SUFFIXING = frozenset({"de"})
# The words that negate the word after them ("no bloqueada", "não básico", "non legendaria"),
# and the forms of "to be" that may come between ("que no sea artefacto"). French negates
# around the verb ("n'est pas bloquée"); its "non" before a word is learned from card text.
_NEGATIONS = {"es": frozenset({"no"}), "pt": frozenset({"nao"}), "it": frozenset({"non"})}
_COPULAS = {"es": frozenset({"sea", "sean", "es", "son", "este", "esten", "esta", "estan"}),
            "pt": frozenset({"seja", "sejam", "e", "sao", "esteja", "esta"}),
            "it": frozenset({"sia", "siano", "e", "sono"})}
_SUFFIX_LETTERS = 3


# Languages close enough that a word one's lexicon lacks is often the other's, spelt alike or
# nearly ("contínuos" / "continuos"): looked up there before the word is dropped.
_NEIGHBOURS = {"es": ("pt", "it"), "pt": ("es", "it"), "it": ("es", "pt")}

# The articles of each language, as typed (lowercased): one begins a noun phrase ("bloquer |une
# créature"). Not the forms joined with a preposition ("des", "del", "della": "règle des
# légendes" is the legend rule).
_ARTICLES = {"es": frozenset("el la los las un una unos unas".split()),
             "fr": frozenset("le la les l un une".split()),
             "it": frozenset("il lo la i gli le l un uno una".split()),
             "pt": frozenset("o a os as um uma umas uns".split()),
             "de": frozenset("der die das den dem ein eine einen einem einer".split())}

# Languages that write a compound as one word, and the letters that may join its parts
# ("Kampf|schaden", "Zustand|s|aktion").
_COMPOUNDING = {"de": ("", "s", "es", "n", "en", "e")}
_COMPOUND_PART = 4  # letters a part must have at least


def _compound_parts(word: str, lang: str, table) -> tuple[str, str] | None:
    """The keys of the two parts of a compound the lexicon has only apart: German writes
    "Ersatzeffekt", "Giftmarken", "Kreaturenkarte" as one word, and card text prints many
    compounds once or never while it prints their parts often. The split keeps the longest
    first part whose key and the rest's key (after a joining letter or two) are both one-word
    keys of `table` (a lexicon, or anything that answers `in`: the vocabulary's keys, for
    detection); English says a compound's parts in the same order ("poison counters").
    None for other languages, short words and words no split explains."""
    joins = _COMPOUNDING.get(lang)
    if joins is None or len(word) < 2 * _COMPOUND_PART:
        return None
    folded = fold(word).lower()
    for cut in range(len(folded) - _COMPOUND_PART, _COMPOUND_PART - 1, -1):
        head = phrases.word_key(folded[:cut], lang)
        if head not in table:
            continue
        for join in joins:
            rest = folded[cut:]
            if not rest.startswith(join) or len(rest) - len(join) < _COMPOUND_PART:
                continue
            tail = next((key for key in _trimmed(phrases.word_key(rest[len(join):], lang)) if key in table), None)
            if tail is not None:
                return head, tail
    return None


def _cjk_completion(keys: list[str], position: int, table) -> tuple[str, int] | None:
    """(key, characters it covers) of the lexicon's phrase that is the CJK characters at
    `position` and one more: card text prints some words only inside a longer phrase, and the
    lexicon learned the phrase ("开始时", at the beginning: 开始 is never printed without
    时), so a query "开始游戏" (starting the game) found no pair for 开始. Two characters at
    least, the longest first; the best scoring phrase of those."""
    for length in range(min(len(keys) - position, phrases.MAX_WORDS - 1), 1, -1):
        start = keys[position:position + length]
        if not all(phrases.is_cjk(key[:1]) for key in start):
            continue
        prefix = " ".join(start) + " "
        found = [(entries[0][1], key) for key, entries in table.starting_with(prefix)
                 if key.count(" ") == length and entries]
        if found:
            return max(found)[1], length
    return None


def _function_pair(word: str, found: list, source: str, target: str) -> bool:
    """Whether a word translated alone is a function word of its language ("puede", "todos",
    "peut") or translates into one of the target's ("dans" → into): such a word says how, not
    what; competitive linking over card text pairs it with whatever stands beside it ("puede" →
    can't), and a translation that requires it of every record finds the wrong ones. Left out
    like a little word (inside a longer phrase it is translated with it)."""
    if fold(word).lower() in FUNCTION_WORDS.get(source, ()) or word.lower() in FUNCTION_WORDS.get(source, ()):
        return True
    best = found[0][0].lower().split()
    return bool(best) and all(part in FUNCTION_WORDS.get(target, ()) for part in best)


def _function_word(word: str, lang: str) -> bool:
    """Whether `word` is a function word of `lang` (`little_words.FUNCTION_WORDS`, else its
    little words): a word the lexicon has no pair for is searched as typed when the target
    language spells it too, as a name or "indestructible" is; a function word spelt so in
    English is another word there (French "plus" is more, not plus; Spanish "sin" is without),
    and the records it found were about plus signs and sins. It says how, not what: left out
    like a little word."""
    words = FUNCTION_WORDS.get(lang)
    if words is None:
        return is_little(word, lang)
    return word.lower() in words or fold(word).lower() in words


def _inflected_key(key: str, table: Lexicon) -> str | None:
    """A one-word key of `table` that is `key` with an ending of up to three letters more or
    less ("verli", of "verlieren", and "verliert"; "neutralisiert" and "neutralisi"): the
    nearest in length, the shorter on a tie. Keys of five letters or more only, and the shorter
    of the two five at least ("schad" is not "schadling")."""
    if " " in key or len(key) < 5:
        return None
    found = [(abs(len(candidate) - len(key)), len(candidate), candidate) for candidate, _ in table.starting_with(key[:5])
             if " " not in candidate and candidate != key and min(len(candidate), len(key)) >= 5
             and abs(len(candidate) - len(key)) <= _SUFFIX_LETTERS
             and (candidate.startswith(key) or key.startswith(candidate))]
    return min(found)[2] if found else None


def _infinitive(word: str, lang: str) -> bool:
    return fold(word).lower().endswith(_INFINITIVE_ENDINGS.get(lang, ()))


# The endings of the adjective (or noun) of a verb's doer, per language: "vola|dora" (flying) is
# of "vola|r" (fly), "bloquea|dora" of "bloquea|r"; what follows the verb's stem vowel.
_AGENT_ENDINGS = {"es": ("dores", "doras", "dora", "dor"), "pt": ("dores", "doras", "dora", "dor")}


def _agent_verb(spelling: str, lang: str) -> str | None:
    """The infinitive of the verb `spelling` (folded) names the doer of, when it ends as such
    an adjective does after the verb's vowel ("voladora": volar), else None."""
    for ending in _AGENT_ENDINGS.get(lang, ()):
        stem = spelling[: -len(ending)]
        if spelling.endswith(ending) and len(stem) >= 3 and stem[-1] in "aei":
            return stem + "r"
    return None


def _infinitive_of(spelling: str, found: list) -> bool:
    """Whether a typed word read as an infinitive is one of the verb an entry was learned from:
    their spellings part at most two letters before the typed word ends ("copi|er" / "copi|e",
    "détrui|re" / "détrui|sez", "pon|er" / "pon"); a word that only ends as infinitives do parts
    sooner ("pri|mer", first, and "pri|sa", haste)."""
    other = found[0][2] if found and len(found[0]) > 2 else ""
    if not other:
        return True
    shared = next((i for i, (a, b) in enumerate(zip(spelling, other)) if a != b), min(len(spelling), len(other)))
    return len(spelling) - shared <= 2


def _cognate(word: str, source: str, english_words, in_rules) -> str | None:
    """`index.cognates.cognate`, imported only for a word nothing else translated (most
    searches have none: the import cost each of them 0.1 ms)."""
    from mtgrules.index import cognates

    return cognates.cognate(word, source, english_words, in_rules)


def _printed_forms(spelling: str, lang: str, table: Lexicon) -> list | None:
    """The lexicon's translations of the forms card text prints of the verb whose infinitive
    is `spelling` (folded; `align.verb_forms`): "battre" has no pair, "bat" (fights) has. Each
    form is looked up by its key, in the order the forms are listed, and a pair counts only
    when learned from one of the forms or from a spelling that is the same word as the form
    (`_same_word`: "mettez" for "met"); the first form with such a pair gives them all."""
    from mtgrules.align import verb_forms  # only for an infinitive the lexicon lacks (most searches have none)

    printed = verb_forms.forms(spelling, lang)
    if not printed:
        return None
    endings = _inflections().get(lang, frozenset({""}))
    spelt = set(printed)
    for form in printed:
        found = table.get(phrases.word_key(form, lang))
        kept = [entry for entry in found or () if len(entry) > 2 and " " not in entry[2]
                and (entry[2] in spelt or _same_word([form], [entry[2]], endings))]
        if kept:
            return kept
    return None


def _near_key(key: str, table: Lexicon) -> str | None:
    """A one-word key of `table` that is another form of the word `key` stands for, when the
    stemmer gives a verb's infinitive another key than its printed forms ("copier" gives
    "copi", the printed "copie" "cop"; "détruire" "detruir", "détruisez" "detruis"): the key
    sharing the longest beginning with it, all but its last two letters at least (and three),
    as long or up to two letters shorter (a longer key is another word: "inic", Portuguese
    "iniciativa", is not "inici", "iniciar"). Keys of four letters or more only."""
    if " " in key or len(key) < 4:
        return None
    need = max(3, len(key) - 2)
    best: tuple[int, float, str] | None = None
    for candidate, found in table.starting_with(key[:need]):
        if " " in candidate or not 0 <= len(key) - len(candidate) <= 2:
            continue
        shared = next((i for i, (a, b) in enumerate(zip(candidate, key)) if a != b), min(len(candidate), len(key)))
        ranked = (shared, found[0][1], candidate)
        if best is None or ranked > best:
            best = ranked
    return best[2] if best else None


# English auxiliaries: a phrase learned with one inside ("spell is countered", "card was
# milled") says what card text says in its voice and tense; the rules say it in theirs
# ("countered spell", "if a spell is countered by…"), so its words are required, not its order.
_AUXILIARIES = frozenset("is are was were be been being has have had".split())


# Inflectional endings, folded, per language: what may follow the stem two forms of one word
# share ("pas|a" / "pas|an", "destru|ye" / "destru|ir"), as `_forms_of` reads them.
_ENDINGS = {
    "es": "s es a as o os e en an ar er ir amos emos imos ais eis is ado ada ados adas ido ida idos idas ando iendo "
          "yendo aba aban abas ia ian ias aron ieron yeron io yo ye yen yes ara aran aras iera ieran ase iese are ere "
          "ire era ira eran iran aria eria iria ad ed id aste iste ga gan go gas ue ues uen ante antes ente entes iente "
          "ientes",
    "pt": "s es a as o os e em am ar er ir amos emos imos ais eis ado ada ados adas ido ida idos idas ando endo indo "
          "ava avam ia iam ou eu iu aram eram iram ara era ira asse esse isse ante antes ente entes inte intes",
    "fr": "s x e es ent er ez ons ai as a ait aient ais e ee es ees ant ante antes ants ir is it issent issez issons i ie "
          "ies re u ue us ues erent era eront erai iront ira ut erez irez issant issante issants issantes",
    "it": "i e a o ano ono are ere ire ato ata ati ate ito ita iti ite uto uta uti ute ando endo ava avano iva ivano "
          "eva evano isce iscono isca he hi ante anti ente enti",
}
# Pronouns a Spanish or Italian verb takes at its end ("ponla", "exílialo", "mettilo").
_CLITICS = {"es": "la lo las los le les se te me nos", "it": "lo la li le ne ci si"}
# The noun of a verb's action ends so: "dégag|ement" is the untapping of "dégag|ez" (untap),
# "encant|amiento" of "encant|a", "verific|ación" of "verific|ar"; the English word for the
# act is nearly always the verb's ("untap step", "the check"). A noun of another kind ("objet|ivo",
# "histór|ico") is another word.
_ACTION_NOUNS = {"es": "amiento amientos imiento imientos acion aciones icion iciones cion ciones",
                 "pt": "amento amentos imento imentos acao acoes icao icoes cao coes",
                 "fr": "ement ements ation ations ition itions tion tions",
                 "it": "amento amenti imento imenti azione azioni izione izioni zione zioni"}


@cache
def _inflections() -> dict[str, frozenset[str]]:
    """Per language, every ending a form may have after the stem two forms share (an
    inflection, with a pronoun after it or not, or an action noun's): made when a query is
    first translated from a language that inflects so (1,300 endings: 0.2 ms an English
    query never pays)."""
    return {lang: frozenset({"", *_ACTION_NOUNS[lang].split(), *(ending + clitic for ending in ["", *endings.split()]
                                                                for clitic in ["", *_CLITICS.get(lang, "").split()])})
            for lang, endings in _ENDINGS.items()}


_STEM = 3  # letters two forms of a word share at least


def _forms_of(found: list | None, spellings: list[str], lang: str, typed_in: str = "") -> list | None:
    """The lexicon's translations of a key (`found`) learned from a form of the words typed
    (`spellings`, folded): a stemmer gives one word's forms one key, but also some other words
    derived from the same stem, and the lexicon learned the key from whichever card text
    prints most. Spanish "objeto" (object) and "objetivo" (target) are both "objet", "encanta"
    (enchants) and "encantamiento" (enchantment) both "encant"; French "vérifie" and
    "vérification". Two spellings are forms of one word when each is the same stem (three
    letters at least) and an inflectional ending of the language ("pon" / "poner", "destruye"
    / "destruir", "pasan" / "paso": a noun and a verb the endings cannot tell apart); a word
    the language does not spell as typed (given as ""; a misspelling) takes its key's pairs;
    languages without a list of endings take every entry, as before. A word typed in another
    language (`typed_in`: a neighbour's lexicon, "continui" / "continuo") may end as either
    does. None when no entry is left: the key translates other words."""
    if not found:
        return None
    inflections = _inflections() if lang in _ENDINGS else {}
    endings = inflections.get(lang)
    if endings is None or (typed_in and typed_in not in inflections):
        return found
    if typed_in and typed_in != lang:
        endings = endings | inflections[typed_in]
    kept = [entry for entry in found if len(entry) < 3 or _same_word(spellings, entry[2].split(), endings)]
    return kept or None


def _same_word(typed: list[str], spelt: list[str], endings: frozenset[str]) -> bool:
    if len(typed) != len(spelt):
        return True  # a phrase learned with other little words ("d'un", "de la"): its keys matched
    for one, other in zip(typed, spelt):
        if one == other or not one:
            continue
        shared = next((i for i, (a, b) in enumerate(zip(one, other)) if a != b), min(len(one), len(other)))
        if not any(one[cut:] in endings and other[cut:] in endings for cut in range(_STEM, shared + 1)):
            return False
    return True


def _alternatives(found: list, spelling: str, target: str = "") -> str:
    """The best translation, with the next one OR-ed in when it scores nearly as well. Entries
    spelt as asked come first ("maná" is mana, although "mano", hand, has the same key). A
    phrase is searched as a phrase, but an English one with an auxiliary inside as its words."""
    spelt = [entry for entry in found if len(entry) > 2 and entry[2] == spelling]
    found = spelt or _nearest_spelt(found, spelling)
    best_score = found[0][1]
    chosen = [entry[0] for entry in found[:2] if entry[1] >= ALTERNATIVE_SHARE * best_score]
    quoted = [_as_searched(phrase, target) for phrase in chosen]
    return quoted[0] if len(quoted) == 1 else "(" + " OR ".join(quoted) + ")"


def _nearest_spelt(found: list, spelling: str) -> list:
    """The entries whose spelling begins as the typed one does for longest, among those scoring
    half the best at least: two words of one key are each another's form ("paso", step;
    "pasar", pass), and "pasan" is a form of the one it shares "pasa" with."""
    if not spelling or len(found) < 2:
        return found
    floor = found[0][1] / 2

    def shared(entry: list) -> int:
        other = entry[2] if len(entry) > 2 else ""
        return next((i for i, (a, b) in enumerate(zip(other, spelling)) if a != b), min(len(other), len(spelling)))

    candidates = [entry for entry in found if entry[1] >= floor]
    longest = max(shared(entry) for entry in candidates)
    return [entry for entry in candidates if shared(entry) == longest]


def _as_searched(phrase: str, target: str) -> str:
    words = phrase.split()
    if len(words) == 1:
        return phrase
    if target == "en" and any(word in _AUXILIARIES for word in words[1:-1]):
        return "(" + phrase + ")"
    return f'"{phrase}"'


def _tidy(pieces: list[str]) -> str:
    """Pieces joined, with operators that lost an operand (a dropped word) removed."""
    joined = " ".join(query_text.tidy(pieces))
    if "(" in joined:
        joined = re.sub(r"\(\s*\)", "", joined)
    return joined.replace("( ", "(").replace(" )", ")").strip()


def _shown_source(items: list[_Item]) -> str:
    """The query as the translation line shows it: as typed, its fields aside (`card:`, `lang:`
    filter, they are not translated). Numbers, hyphenated words and inverted verbs are shown:
    "planeswalker avec 0 marqueur", "que se passe-t-il si" (not "que se si")."""
    return " ".join(item.text for item in items if item.kind != "field").replace("( ", "(").replace(" )", ")")
