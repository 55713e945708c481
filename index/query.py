"""Searching: query syntax, filters, ranked hits with snippets, "did you mean".

The query language: words (all needed), "phrases" (`"lethal damage"~3`: the words at most
three apart, in any order: FTS5's NEAR), AND/OR/NOT and parentheses (NOT binds tightest, then
AND, then OR), prefixes (`confab*`), wildcards (`con*ve`, `?` one letter), fuzzy words
(`electrozoo~`, `~2` for two edits, `~2/3` keeping three letters), and the fields `card:` (a
name in any language, quoted when it has several words), `number:`, `lang:`, `kind:`. A word
and a colon that name no field are a word ("Trample: excess damage"). Mistakes a person makes
(a lone quote, unbalanced parentheses, a field with nothing after it) are one-line errors.

A query is read once (`parse`) and written as one FTS5 expression per language
(`_Compiler`): a word is looked for as its stem in that language's title and body columns
(the analysis the records were indexed with, `mtgrules.index.analysis`) or as a folded word in
card names; a record matches in its own language only (each language's branch is held to its
`lang` column). Prefixes, wildcards and fuzzy words are looked for in the unstemmed `words`
column: against stems they would find nothing or the wrong words. Wildcards and fuzzy words
are expanded from the vocabulary of every language (FTS5's own, `fts5vocab`), fuzzy words by
edit distance (rapidfuzz), and each query may hold at most `MAX_FUZZY` of them. Stop words
never make a match on their own. Ranking is FTS5's bm25() with titles weighed above texts
(`reading.WEIGHTS`); a query of two words or more also finds a rule by the titles of the rule
and section above it (`CONTEXT_COLUMNS`).

A search runs the query as typed in the languages it is written in, and translated through the
bilingual lexicon into the others (`mtgrules.index.translate` plans them), each run apart, and
fuses their ranked lists into one ranking (`mtgrules.index.fusion`, reciprocal rank fusion): the
best record first whatever its language, each record once (shown in the query's language where
the corpus has it, with its English text, else in English; its other languages named beside it),
languages the person did not ask for after the others. Question marks are punctuation and little words (articles,
prepositions, question words) are left out of the plain words (`mtgrules.index.query_text`); a
card named in plain words, in any language (`mtgrules.index.card_mentions`), brings its rulings
and its keywords' rules first. A heading, a glossary entry or a keyword term brings the rule it
stands for to its place, and a heading, its title alone, goes just after that rule
(`mtgrules.index.references`); a keyword or a glossary entry the query names by its title adds
the rules it stands for to the ranking (`_titled_rules`, `_glossary_rules`; a keyword's rules holding the
query's other words first: `mtgrules.index.named_rules`), and a rule that
defines what the query's words name ranks a little higher (`mtgrules.index.definitions`).
When no record holds every word, the same runs go again with any word enough, a record holding
more of the query's words first, and the results say they are partial.

Each search reads one snapshot of the corpus database (records and search tables alike), and
sees what an ingest committed since the search before: an `Index` may be kept open and reused.
"""

from __future__ import annotations

import json
import math
import re
import sqlite3
from functools import cache

from mtgrules.align.phrases import word_key
from mtgrules.errors import MtgrulesError
from mtgrules.i18n import _
from mtgrules.index import analysis, card_mentions, definitions, fusion, query_text, reading, references
from mtgrules.index.snippets import card_snippet, snippet
from mtgrules.index.translate import Plan, Translator
from mtgrules.text import fold

# Fields a person may name in a query (`card:electrozoa`).
QUERY_FIELDS = ("card", "number", "lang", "kind")
_OPERATORS = query_text.OPERATORS
# How many hits of each search the fusion ranks (a record tenth in two lists beats one first in one).
FUSION_DEPTH = 30
# When no record holds every word, the records holding the most of them are looked for among
# this many times the hits a search ranks, by bm25 (3, 5 and 10 did alike on the judge queries'
# development half; 1 lost 613.1 for "livelli degli effetti continui" behind the Level Up rules,
# one rare word ranking above two common ones).
PARTIAL_DEPTH = 5
# The weight of a translation that dropped a word (searched in the partial pass only).
INCOMPLETE_WEIGHT = 0.5
# The weight of the query as typed in its own languages, beside its English translation, when
# they are not English: the English rules are the reference, and a Spanish record ranked as high
# as an English one by its own search comes after it (it is shown beside its English twin anyway).
TYPED_WEIGHT = 0.8
# The weight of the keyword rules a query names by title, beside the searches of its words (a
# title is often a common verb too, "Counter", "Cast"; half weight did worse on the development half).
TITLED_WEIGHT = 1.0
# The weight of the rules a glossary entry named by its title stands for, beside the searches
# of the query's words: a nudge among what the words found (0.1 and 0.2 did alike on the judge
# queries' development half; 0.4 and more let "mana", "land", "spell" entries crowd the page).
GLOSSARY_WEIGHT = 0.2
# The weight of the rules of a glossary entry that says what every word of the query names
# (`_glossary_rules`): ranked as a keyword the query names by its title is.
COVERED_WEIGHT = 1.0
# The weight of the rules under a section a glossary entry the query names cites, holding the
# query's other words (`named_rules.section_query`), beside the searches of its words.
SECTION_WEIGHT = 1.0
# Of that search, its first rule alone: the one rule of the section that says the rest (1, 3 and
# 10 did alike on the development half; one cannot fill the page with a section's rules).
SECTION_DEPTH = 1
# A word held by more than this share of a section's rules says nothing of which is meant
# (0.3 and 0.5 did alike on the development half).
PERVASIVE_SHARE = 0.5
# A keyword's title whose word is in more than this share of the records names too much.
COMMON_TITLE_SHARE = 0.08
# A word in more than this share of the records ("creature", "card", "ability") says nothing of
# which rule is meant: a glossary entry the query names with such words beside its title stands
# for what the query asks ("creature token": Token, section 111, whose 111.1 says what a token
# is, and not the predefined tokens' rules that say "creature token"). At 0.08, "copy spell"
# (spell: 18%) brought section 707 before 707.10, and "spell face down" morph's rules.
GENERIC_SHARE = 0.25
# How much a card record's fused score counts beside rules and rulings.
CARD_WEIGHT = 0.3
# How much a ruling's fused score counts beside rules, when the query names no card: a ruling
# is about one card, a rule about every card, and rulings (short, many) outranked the rule a
# judge cites for queries about the game ("attack a planeswalker": four rulings before 508.1b).
# 0.7 and 0.5 did alike on the judge queries' development half; the milder one is kept.
RULING_WEIGHT = 0.7
# A rule that defines what the query names ("To copy a spell … means", `definitions`) beside
# the rules that use its words: its fused score times 1.1 (in one list, the seventh ranks
# first; across lists, a tenth more evidence). 1.1 and 1.2 did alike on the judge queries'
# development half; 1.3 and more put 603's defining rules before 603.1, and lost 508.1).
DEFINES_BOOST = 1.1
# A card named in the query: its rulings and its keywords' rules rank before everything else.
NAMED_BOOST = 1000.0
SUPPORT = "support"  # a run that ranks with the others but never makes a page alone (`fusion_run`)
NUDGE = "nudge"  # a run that only adds to the records the searches of the query's words found
SECTION = "section"  # a SUPPORT run of which only the first `SECTION_DEPTH` hits count
AUXILIARY = (SUPPORT, NUDGE, SECTION)

# The most entries holding a word that a search where any word is enough reads, in place of
# its hits' texts, to know which hold its one word (`Index._holding`).
MOST_HOLDING = 2000
# The most entries of the languages a query is not asked in that its hits are rid of after the
# search, in place of a filter of the languages it is asked in (`Index._held`): each is a
# hit more to read and drop.
MOST_DROPPED = 500
MAX_EDITS = query_text.MAX_EDITS
# Fuzzy words and wildcards one query may hold, and the words each may stand for: each costs a
# pass over part of the vocabulary (30 unbounded fuzzy words once took 30 s).
MAX_FUZZY = 8
MAX_EXPANSIONS = 64

_QUOTED = re.compile(r'"[^"]*"')
_SYNTAX = r'[:~*"?]'  # fields, fuzzy words, prefixes and wildcards, phrases (compiled by `re` when first asked)
_NUMBER_OR_KIND = re.compile(r"(?<![\w.])(?:number|kind):")
_TOKEN = re.compile(r'\s*(?:(?P<paren>[()])|(?P<phrase>"[^"]*")(?:~(?P<slop>\d+))?|(?P<word>[^\s"()]+))')
_FIELD = re.compile(r"([A-Za-z_]\w*):(.*)", re.S)
_FUZZY = query_text.FUZZY
# The columns a word of a query is looked for in, as its stem: a record's title and text, and,
# for a query of two words or phrases or more, the titles of the rules and section above a rule
# (`schema.context`): "attack a planeswalker" is 508.1b, under "Declare Attackers Step", more
# than the rules elsewhere that name attacking planeswalkers in passing. A query of one word
# or phrase is the section's title in each of its rules alike: the context would only rank
# them above the glossary entry and the rules elsewhere that use the word ("jeton": 111.1
# and the Token entry, not every predefined token's rule).
TEXT_COLUMNS = "{title body}"
CONTEXT_COLUMNS = "{title body context}"


class QueryError(MtgrulesError):
    """A query a person must fix: the message says what is wrong with it."""


# -- reading a query -------------------------------------------------------------------------
# A node is a tuple: ("and" | "or", [nodes]), ("not", node), ("word", text), ("phrase", text,
# slop), ("prefix", text), ("wild", pattern), ("fuzzy", text, edits, prefix), ("field", name,
# node of the value).


def _lex(text: str) -> list[tuple[str, str, int | None]]:
    """(kind, text, slop) of each item of a query: paren, phrase, word, operator, field."""
    items: list[tuple[str, str, int | None]] = []
    position = 0
    text = text.rstrip()
    while position < len(text):
        match = _TOKEN.match(text, position)
        if match is None:  # an unbalanced quote: `check_syntax` refused it
            break
        position = match.end()
        if match.group("paren"):
            items.append(("paren", match.group("paren"), None))
        elif match.group("phrase"):
            items.append(("phrase", match.group("phrase")[1:-1], int(match.group("slop")) if match.group("slop") else None))
        else:
            word = match.group("word")
            named = _FIELD.match(word)
            if word in _OPERATORS:
                items.append(("operator", word, None))
            elif named and named.group(1) in QUERY_FIELDS:
                value = named.group(2)
                if not value and position < len(text) and text[position] == '"':  # card:"aether hub"
                    phrase = _TOKEN.match(text, position)
                    if phrase and phrase.group("phrase"):
                        position = phrase.end()
                        items.append(("field", named.group(1), None))
                        items.append(("phrase", phrase.group("phrase")[1:-1], int(phrase.group("slop")) if phrase.group("slop") else None))
                        continue
                items.append(("field", named.group(1), None))
                items.append(("word", value, None))
            else:
                items.append(("word", word, None))
    return items


def check_syntax(text: str) -> None:
    """Raise QueryError for the mistakes a person makes in a query."""
    if not text.strip():
        raise QueryError(_("empty query"))
    if any("\ud800" <= char <= "\udfff" for char in text):  # bytes that were not UTF-8, as Python keeps them
        shown = text.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
        raise QueryError(_("the query {shown} is not UTF-8 text (type it again; check the terminal's encoding)").format(shown=repr(shown)))
    if text.count('"') % 2:
        raise QueryError(f'unbalanced quote in query {text!r}: close the phrase with "')
    outside = _QUOTED.sub(lambda m: '"' + " " * (len(m.group(0)) - 2) + '"', text)
    depth = 0
    for char in outside:
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth < 0:
            break
    if depth:
        raise QueryError(_("unbalanced parentheses in query {query}").format(query=repr(text)))
    items = _lex(text)
    for position, (kind, value, _where) in enumerate(items):
        if kind == "field" and (position + 1 >= len(items) or not items[position + 1][1].strip()):
            raise QueryError(_("nothing after {field} in query").format(field=repr(value + ":")))
    words = [item for item in items if item[0] != "paren"]
    if words and ((words[0][0] == "operator" and words[0][1] != "NOT") or words[-1][0] == "operator"):
        raise QueryError(_("query {query} starts or ends with an operator").format(query=repr(text)))
    fuzzy = 0
    for position, (kind, value, _where) in enumerate(items):
        if kind != "word" or (position and items[position - 1][0] == "field" and items[position - 1][1] == "number"):
            continue
        if not any(char.isalpha() for char in value) and any(char in value for char in "*?~"):
            raise QueryError(_("{word} has no letters: wildcards and ~ need a word").format(word=repr(value)))
        edits = _FUZZY.match(value)
        if edits and edits.group("edits") and int(edits.group("edits")) > MAX_EDITS:
            raise QueryError(_("{word} asks for {edits} edits: a fuzzy word allows at most {most}"
                               " (write ~ for one, ~{most} for two)").format(word=repr(value), edits=int(edits.group("edits")),
                                                                            most=MAX_EDITS))
        fuzzy += bool(edits) or "*" in value[:-1] or "?" in value  # (a query's words hold no newline)
    if fuzzy > MAX_FUZZY:
        raise QueryError(_("query {query} has {count} fuzzy or wildcard words: at most {most} (each is compared with"
                           " the whole vocabulary); write the others out").format(query=repr(text[:60]), count=fuzzy,
                                                                                   most=MAX_FUZZY))


def _item_node(kind: str, value: str, slop: int | None) -> tuple:
    if kind == "phrase":
        return ("phrase", value, slop)
    fuzzy = _FUZZY.match(value)
    if fuzzy:
        return ("fuzzy", fuzzy.group("word"), int(fuzzy.group("edits") or 1), int(fuzzy.group("prefix") or 1))
    if value.endswith("*") and "*" not in value[:-1] and "?" not in value[:-1]:
        return ("prefix", value[:-1])
    if "*" in value or "?" in value:
        return ("wild", value)
    return ("word", value)


class _Parser:
    """A query's items (`_lex`) as a tree of nodes; juxtaposed items are joined by `together`
    ("and", or "or" when any word is enough)."""

    def __init__(self, items: list[tuple[str, str, int | None]], together: str):
        self.items, self.position, self.together = items, 0, together

    def peek(self) -> tuple[str, str, int | None] | None:
        return self.items[self.position] if self.position < len(self.items) else None

    def take(self) -> tuple[str, str, int | None]:
        self.position += 1
        return self.items[self.position - 1]

    def parse(self) -> tuple | None:
        node = self.alternatives()
        while self.peek() is not None:  # a stray ")" or operator: what follows is read on
            self.take()
            more = self.alternatives()
            node = _join(self.together, [node, more])
        return node

    def alternatives(self) -> tuple | None:
        parts = [self.sequence()]
        while (item := self.peek()) is not None and item[:2] == ("operator", "OR"):
            self.take()
            parts.append(self.sequence())
        return _join("or", parts)

    def sequence(self) -> tuple | None:
        explicit: list[tuple | None] = []
        juxtaposed: list[tuple | None] = []
        while (item := self.peek()) is not None and item[:2] not in (("operator", "OR"), ("paren", ")")):
            if item[0] == "operator" and item[1] in ("AND", "ANDMAYBE"):
                self.take()
                continue
            if item[:2] == ("operator", "ANDNOT"):
                self.take()
                explicit.append(("not", self.unary()))
                continue
            node = self.unary()
            (explicit if node is not None and node[0] == "not" else juxtaposed).append(node)
        return _join("and", [*explicit, _join(self.together, juxtaposed)])

    def unary(self) -> tuple | None:
        item = self.take()
        if item[:2] == ("operator", "NOT"):
            if self.peek() is None:
                return None
            inner = self.unary()
            return ("not", inner) if inner is not None else None
        if item[:2] == ("paren", "("):
            node = self.alternatives()
            if self.peek() is not None and self.peek()[:2] == ("paren", ")"):  # type: ignore[index]
                self.take()
            return node
        if item[0] == "field":
            if self.peek() is None:
                return None
            kind, value, slop = self.take()
            return ("field", item[1], _item_node(kind, value, slop))
        if item[0] in ("phrase", "word"):
            return _item_node(item[0], item[1], item[2])
        return None


def _join(how: str, nodes: list[tuple | None]) -> tuple | None:
    kept = [node for node in nodes if node is not None]
    if not kept:
        return None
    return kept[0] if len(kept) == 1 else (how, kept)


def parse(text: str, any_word: bool = False) -> tuple:
    """The tree of `text` (module docstring); QueryError when it holds nothing to search."""
    check_syntax(text)
    node = _Parser(_lex(text), "or" if any_word else "and").parse()
    if node is None:
        raise QueryError(_("query {query} has nothing to search for").format(query=repr(text)))
    return node


# -- writing FTS5 expressions ----------------------------------------------------------------


def _quoted(text: str) -> str:
    return '"' + text.replace('"', '""') + '"'


def _phrase(tokens: list[str]) -> str:
    return _quoted(" ".join(tokens))


class _Matched:
    """What a query matched, for its snippets: stems per language, folded words, prefixes."""

    def __init__(self) -> None:
        self.stems: dict[str, set[str]] = {}
        self.words: set[str] = set()
        self.prefixes: set[str] = set()

    def is_empty(self) -> bool:
        return not (self.words or self.prefixes or any(self.stems.values()))

    @staticmethod
    def union(runs: list[_Run]) -> _Matched:
        """What any of `runs` matched: the marks of a record that a run of no words brought
        (a keyword's or a glossary entry's rules, a heading's rule), which still holds the
        query's words (120.4a, brought by the entry Lethal Damage, says "lethal damage")."""
        merged = _Matched()
        for run in runs:
            for lang, stems in run.matched.stems.items():
                merged.stems.setdefault(lang, set()).update(stems)
            merged.words |= run.matched.words
            merged.prefixes |= run.matched.prefixes
        return merged


class _Compiler:
    """One node tree as the FTS5 expression of each language (None: matches nothing)."""

    def __init__(self, index: Index, matched: _Matched, columns: str = TEXT_COLUMNS):
        self.index, self.matched, self.columns = index, matched, columns

    def query(self, node: tuple, lang: str) -> str | None:
        """The expression of a whole query: a stop word alone matches nothing."""
        if node[0] == "word" and analysis.is_stopword(node[1], [lang]):
            return None
        return self.compile(node, lang)

    def compile(self, node: tuple, lang: str) -> str | None:
        kind = node[0]
        if kind in ("and", "or"):
            return self._group(kind, node[1], lang)
        if kind == "not":  # alone (`NOT x`): the records of the language without x
            inner = self._positive(node[1], lang, negated=True)
            every = f"{{lang}} : {_quoted(reading.lang_token(lang))}"
            return f"{every} NOT ({inner})" if inner else every
        return self._positive(node, lang)

    def _group(self, how: str, children: list[tuple], lang: str) -> str | None:
        positive = [child for child in children if child[0] != "not"]
        negative = [child[1] for child in children if child[0] == "not"]
        if how == "or" or len(positive) > 1:
            # Stop words never match alone: in a group any of whose words is enough, they are left
            # out; a group of nothing else asks for all of them together.
            plain = [child for child in positive if child[0] != "word" or not analysis.is_stopword(child[1], [lang])]
            if how == "or" and plain:
                positive = plain
            elif not plain and all(child[0] == "word" for child in positive):
                return None
        parts = [self.compile(child, lang) for child in positive]
        if how == "and" and any(part is None for part in parts):
            return None
        kept = [part for part in parts if part is not None]
        if not kept:
            if how == "or" or not negative:
                return None
            kept = [f"{{lang}} : {_quoted(reading.lang_token(lang))}"]
        joined = "(" + f" {how.upper()} ".join(kept) + ")" if len(kept) > 1 else kept[0]
        excluded = [found for child in negative if (found := self._positive(child, lang, negated=True))]
        if excluded:
            joined = f"({joined} NOT ({' OR '.join(excluded)}))"
        return joined

    def _positive(self, node: tuple, lang: str, negated: bool = False) -> str | None:
        kind = node[0]
        if kind in ("and", "or", "not"):
            return self.compile(node, lang)
        matched = None if negated else self.matched
        if kind == "field":
            return self._field(node[1], node[2], matched)
        if kind == "word":
            stems, words = analysis.terms(node[1], lang), analysis.words(node[1])
            if not stems:
                return None
            if matched:
                matched.stems.setdefault(lang, set()).update(stems)
            return f"({self.columns} : {_phrase(stems)} OR {{card}} : {_phrase(words)})"
        if kind == "phrase":
            stems, words = analysis.terms(node[1], lang), analysis.words(node[1])
            if not stems:
                return None
            if matched:
                matched.stems.setdefault(lang, set()).update(stems)
            slop = node[2]
            if slop and slop > 1 and len(stems) > 1:
                return (f"({self.columns} : NEAR({' '.join(map(_quoted, stems))}, {slop - 1})"
                        f" OR {{card}} : NEAR({' '.join(map(_quoted, words))}, {slop - 1}))")
            return f"({self.columns} : {_phrase(stems)} OR {{card}} : {_phrase(words)})"
        return self._expanded(node, "words", matched)

    def _expanded(self, node: tuple, column: str, matched: _Matched | None) -> str | None:
        """A prefix, wildcard or fuzzy word, in the unstemmed `column` (words or card)."""
        kind = node[0]
        if kind == "prefix":
            found = analysis.words(node[1])
            if not found:
                return None
            if matched:
                matched.words.update(found[:-1])
                matched.prefixes.add(found[-1])
            if len(found) > 1:
                return f"{{{column}}} : ({_phrase(found[:-1])} AND {_quoted(found[-1])} *)"
            return f"{{{column}}} : {_quoted(found[0])} *"
        if kind == "wild":
            words = self.index.wildcard(fold(node[1]).lower(), column)
        elif kind == "fuzzy":
            words = self.index.near_words(fold(node[1]).lower(), node[2], node[3], column)
        else:  # a plain word in the card column
            words = analysis.words(node[1])
            if not words:
                return None
            if matched:
                matched.words.update(words)
            return f"{{{column}}} : {_phrase(words)}"
        if not words:
            return None
        if matched:
            matched.words.update(words)
        return f"{{{column}}} : ({' OR '.join(map(_quoted, words))})"

    def _field(self, name: str, value: tuple, matched: _Matched | None) -> str | None:
        if name == "card":
            if value[0] == "phrase":
                words = analysis.words(value[1])
                if matched:
                    matched.words.update(words)
                return f"{{card}} : {_phrase(words)}" if words else None
            return self._expanded(value, "card", matched)
        text = value[1].strip().lower()
        if not text:
            return None
        if name == "lang":
            text = reading.lang_token(text)
        if value[0] == "prefix":
            return f"{{{name}}} : {_quoted(text)} *"
        return f"{{{name}}} : {_quoted(text)}"


def _terms(node: tuple) -> int:
    """How many words and phrases a query's tree holds (not under NOT, nor fields)."""
    kind = node[0]
    if kind in ("and", "or"):
        return sum(_terms(child) for child in node[1])
    return 1 if kind in ("word", "phrase") else 0


def _card_terms(node: tuple) -> list[tuple]:
    """The `card:` items a person typed in a query (not one under NOT, nor in an OR with other
    items)."""
    kind = node[0]
    if kind == "field":
        return [node] if node[1] == "card" else []
    if kind == "not" or (kind == "or" and any(child[0] != "field" or child[1] != "card" for child in node[1])):
        return []
    if kind in ("and", "or"):
        return [term for child in node[1] for term in _card_terms(child)]
    return []


def _preference(found: _Found, asked: bool, own: list[str]) -> tuple[bool, bool, bool]:
    """Which of a record's languages a fused hit is shown in: the query's, else English, else
    one of a search in an asked-for language."""
    lang = found.hit.lang
    return lang in own, lang == "en", asked


def fusion_run(langs: list[str], text: str, translation: str | None, weight: float, wanted: set[str],
               kinds: list[str] | None = None, first: str | bool = False) -> tuple:
    """One search to fuse: its languages, text, translation, weight, whether a language of it
    was asked for (the query's, English, or those the person named), the kinds it is limited
    to, and whether its hits rank first: the card named in the query (its English name: only
    its own rulings), or True (its keywords' rules); SUPPORT: ranked with the others, never alone;
    NUDGE: adding to the records the other runs found, nothing of its own."""
    return langs, text, translation, weight, bool(set(langs) & wanted), kinds, first


# -- hits ------------------------------------------------------------------------------------


# Plain classes, not dataclasses: each dataclass costs a cold search about a millisecond to
# create (as in `mtgrules.index.translate`).


class Hit:
    """One search result: the record it names, its snippet and score, and how it was found.
    `to_dict()` is what `search --json` prints: every field, by name."""

    def __init__(self, key: list, kind: str, lang: str, number: str, title: str, card: str, date: str, source: str,
                 snippet: str, other_langs: list[str], score: float, translation: str | None = None,
                 edition: str | None = None, cards: list[str] | None = None, english: str | None = None):
        self.key = key
        self.kind = kind
        self.lang = lang
        self.number = number
        self.title = title
        self.card = card
        self.date = date
        self.source = source
        self.snippet = snippet
        self.other_langs = other_langs
        self.score = score
        self.translation = translation  # "daño letal → damage lethal" when a translation found it
        self.edition = edition  # the edition the record belongs to (a translation: the one it follows)
        self.cards = cards if cards is not None else []  # the card's, or a ruling's on several cards every one (`card` the first)
        self.english = english  # shown in another language: its English twin's snippet (None: English, or no twin)
        self.partial = False  # it holds some of the query's words, not every one (`Results.partial`)
        # The query's words its translation left out, found nothing for ("soixante"): said beside it.
        self.untranslated: list[str] = []

    def to_dict(self) -> dict:
        return dict(self.__dict__)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Hit) and self.__dict__ == other.__dict__

    __hash__ = None  # type: ignore[assignment]  # mutable, compared by value

    def __repr__(self) -> str:
        return f"Hit({', '.join(f'{name}={value!r}' for name, value in self.__dict__.items())})"


class _Found:
    """A hit of one search of a tier: its score at once, what it shows read only when needed,
    its snippet made only if it is shown (a tier searches a page of hits in each of its runs,
    and most are never shown)."""

    __slots__ = ("_hit", "_stored", "entry", "run", "score", "share")

    def __init__(self, run: _Run, entry: int, score: float):
        self.run, self.entry, self.score = run, entry, score
        self.share = 1.0  # the share of the query's words it holds, when any word was enough
        self._hit: Hit | None = None
        self._stored: dict | None = None

    @property
    def stored(self) -> dict:
        if self._stored is None:
            self._stored = self.run.index.stored(self.entry)
        return self._stored

    @property
    def hit(self) -> Hit:
        if self._hit is None:
            self._hit = self.run.hit(self.stored, self.score)
        return self._hit

    def key(self) -> str:
        return json.dumps(self.hit.key)

    def with_snippet(self, fallback: _Matched | None = None) -> Hit:
        """The hit with its snippet, marked with what its run matched, or with `fallback` when
        its run searched no words."""
        hit = self.hit
        matched = self.run.matched
        if fallback is not None and matched.is_empty():
            matched = fallback
        body = self.stored.get("body") or self.stored.get("title", "")
        if hit.kind == "card":
            hit.snippet = card_snippet(body, hit.title, hit.lang, matched.stems, matched.words, matched.prefixes)
        else:
            hit.snippet = snippet(body, hit.lang, matched.stems.get(hit.lang, set()), matched.words, matched.prefixes)
        return hit


class _Run:
    """One search of a tier (a query over some languages): what its hits are made from."""

    __slots__ = ("_named", "asked", "index", "matched", "node", "translation", "view")

    def __init__(self, index: Index, node: tuple, matched: _Matched, translation: str | None, view: str | None):
        self.index, self.node, self.matched, self.translation, self.view = index, node, matched, translation, view
        self._named: set[str] | None = None
        self.asked = True  # whether a language of it was asked for (`fusion_run`)

    def hit(self, stored: dict, score: float) -> Hit:
        """The hit of one entry, as the view shows it."""
        view = self.view
        lang = stored["lang"]
        number = stored.get("view_numbers", {}).get(view, stored.get("number", ""))
        edition, source = stored.get("edition") or None, stored.get("source", "")
        shown = stored.get("shown")  # one English text of several editions: as in the view
        if shown and view in shown:
            edition, (number, source) = view, shown[view]
        key = stored["key"] if isinstance(stored["key"], list) else json.loads(stored["key"])
        hit = Hit(
            key=[key[0], number] if stored["kind"] in ("rule", "section") else key,
            kind=stored["kind"],
            lang=lang,
            number=number,
            title=stored.get("title", ""),
            card=stored.get("card_name", ""),
            date=stored.get("date", ""),
            source=source,
            snippet="",
            other_langs=[other for other in stored.get("key_langs", []) if other != lang],
            score=score,
            translation=self.translation,
            edition=edition,
            cards=stored.get("cards") or ([stored["card_name"]] if stored.get("card_name") else []),
        )
        if len(hit.cards) > 1:  # `card:"aether hub"`: a shared ruling shown as Aether Hub's first
            if self._named is None:
                self._named = self.index._cards_named(self.node)
            named = self._named
            if named:
                hit.cards = [c for c in hit.cards if c in named] + [c for c in hit.cards if c not in named]
                hit.card = hit.cards[0]
        return hit


class Results:
    """The hits of a search, or the suggestion when none; `plan` says how the query was translated."""

    def __init__(self, hits: list[Hit] | None = None, suggestion: str | None = None, partial: bool = False,
                 plan: Plan | None = None):
        self.hits = hits if hits is not None else []
        self.suggestion = suggestion
        self.partial = partial  # no record holds every word: these hold some (a page topped up: `Hit.partial`)
        self.plan = plan
        if plan is not None and plan.translations and self.hits:
            # A hit a translation found says which of the query's words it left out.
            left_out = {t.shown: t.untranslated for t in plan.translations if t.untranslated}
            for hit in self.hits:
                if hit.translation in left_out:
                    hit.untranslated = list(left_out[hit.translation])

    def __repr__(self) -> str:
        return f"Results(hits={self.hits!r}, suggestion={self.suggestion!r}, partial={self.partial!r})"


class Index:
    """The search over the corpus database: `current()` opens it. Kept open, it is reused
    across searches (what makes a warm search cheap); each search reads one snapshot."""

    def __init__(self, corpus, reporter: reading.Reporter = reading.SILENT):
        self.corpus = corpus  # a `mtgrules.snapshot.Reader` (or a `mtgrules.store.Store`)
        self.reporter = reporter
        self._snapshot: sqlite3.Connection | None = None
        self._generation: tuple | None = None  # what the tables read last index (`begin`)
        self._copy = False  # reading a copy in memory of a database that cannot be written
        self._ranked: dict[tuple[str, int, frozenset[int]], list[tuple[int, float]]] = {}  # one search's queries (`_run`)
        self.begin()

    @classmethod
    def current(cls, reporter: reading.Reporter = reading.SILENT) -> Index:
        """The search over the user's corpus, its tables brought up to date first when a
        process that did not write them changed the corpus (or an earlier version wrote it)."""
        from mtgrules import paths, snapshot

        _remove_old_index_folder(reporter)
        return cls(snapshot.Reader(paths.database_file(), on_message=reporter.note), reporter)

    # -- snapshots ---------------------------------------------------------------------------

    def begin(self) -> None:
        """Read the corpus as it is now (a new snapshot), the search tables brought up to date
        first when they are not (`reading.is_current`)."""
        if self._snapshot is not None and not self._copy:
            self.corpus.renew()  # a new snapshot, on the same connection while nothing changed
        db = self.corpus.db
        found = reading.state(db)
        if not reading.is_current(db, found):
            self._bring_up_to_date(bool(found))
            db = self.corpus.db
            found = reading.state(db)
        self._snapshot = db
        self._lookup: card_mentions.CardLookup | None = None  # `_cards`, made again for each snapshot
        # Which corpus the tables index: a generation alone is no name for it (the seeds alone
        # in memory and the first database ingested are both at generation 1), and a search
        # that began on the seeds and renewed onto that database kept the seeds' languages.
        indexed = (found.get("generation"), found.get("documents"), found.get("links"))
        if indexed != self._generation:
            self._generation = indexed
            self.langs: list[str] = json.loads(found["langs"])
            self.editions: list[str] = json.loads(found["editions"])  # the editions with a view
            self.default_view: str | None = json.loads(found["view"])  # the newest English edition
            self.translator = Translator(reading.Vocabulary(lambda: self.db), self.langs)
            self._vocabulary_ready = False
            self._titles: dict[str | None, dict[str, list[str]]] = {}  # per view: title key -> numbers
            self._sizes: dict[tuple[str, str], int] | None = None  # (lang, kind) -> records (`_record_counts`)
            self._others: dict[tuple[str, ...], frozenset[int] | None] = {}  # languages -> their entries (`_held`)

    def _bring_up_to_date(self, written_before: bool) -> None:
        """Write the search tables of the corpus as it is (once, saying so when there were
        tables of an older corpus); when the database cannot be written (a read-only folder),
        search a copy in memory, saying so."""
        from mtgrules.index import tables  # the writing: only when the tables are not current
        from mtgrules.snapshot import StoreUnwritable

        with tables.reporting(self.reporter):
            if written_before:
                self.reporter.note(_("bringing the search tables up to date with the corpus"))
            try:
                with self.corpus.writing() as writer:
                    tables.refresh(writer)
            except StoreUnwritable as error:
                self.reporter.note(_("{error}; searching a copy in memory").format(error=error))
                self.corpus.read_copy_in_memory()
                self._copy = True  # kept for the life of this Index: nothing can write the database
                with self.corpus.writing() as writer:
                    tables.refresh(writer)

    @property
    def db(self) -> sqlite3.Connection:
        assert self._snapshot is not None
        return self._snapshot

    def close(self) -> None:
        self.corpus.close()
        self._snapshot = None

    def __enter__(self) -> Index:
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()

    # -- the vocabulary ----------------------------------------------------------------------

    def _vocabulary(self) -> None:
        if not self._vocabulary_ready:
            self.db.execute("CREATE VIRTUAL TABLE IF NOT EXISTS temp.search_vocabulary USING fts5vocab(main, 'search', 'col')")
            self._vocabulary_ready = True

    def words_from(self, start: str, column: str = "words") -> list[tuple[str, int]]:
        """(word, records holding it) of the words of `column` starting with `start`; for the
        words column, with the vocabulary of every language (`search_words`: the corpus's words
        in each language and the lexicon's, held by no record's text for 0)."""
        self._vocabulary()
        end = start[:-1] + chr(ord(start[-1]) + 1) if start else None
        bounds = " AND term >= ?" + (" AND term < ?" if end else "")
        values = (start, *([end] if end else []))
        found = dict(self.db.execute(f"SELECT term, doc FROM temp.search_vocabulary WHERE col = ?{bounds}", (column, *values)))
        if column == "words":
            sql = f"SELECT DISTINCT word FROM search_words WHERE line NOT LIKE '%~%'{bounds.replace('term', 'word')}"
            for (word,) in self.db.execute(sql, values):
                found.setdefault(word, 0)
        return list(found.items())

    def has_word(self, word: str) -> bool:
        """Whether a record or the vocabulary of any language has `word` (folded)."""
        self._vocabulary()
        if self.db.execute("SELECT 1 FROM temp.search_vocabulary WHERE col = 'words' AND term = ?", (word,)).fetchone():
            return True
        return bool(self.db.execute("SELECT 1 FROM search_words WHERE word = ? AND line NOT LIKE '%~%'", (word,)).fetchone())

    def near_words(self, word: str, edits: int, prefix: int, column: str = "words") -> list[str]:
        """The words of `column` at most `edits` edits from `word` that start with its first
        `prefix` letters, the closest and most used first (at most MAX_EXPANSIONS)."""
        from rapidfuzz.distance import Levenshtein

        edits = min(edits, MAX_EDITS)
        found = []
        for term, count in self.words_from(word[:prefix], column):
            if abs(len(term) - len(word)) <= edits:
                distance = Levenshtein.distance(word, term, score_cutoff=edits)
                if distance <= edits:
                    found.append((distance, -count, term))
        return [term for _distance, _count, term in sorted(found)[:MAX_EXPANSIONS]]

    def wildcard(self, pattern: str, column: str = "words") -> list[str]:
        """The words of `column` matching `pattern` (`*` any letters, `?` one)."""
        from fnmatch import fnmatchcase  # only for a wildcard

        start = re.split(r"[*?]", pattern, maxsplit=1)[0]
        found = [(-count, term) for term, count in self.words_from(start, column) if fnmatchcase(term, pattern)]
        return [term for _count, term in sorted(found)[:MAX_EXPANSIONS]]

    # -- searching ---------------------------------------------------------------------------

    def stored(self, entry: int) -> dict:
        row = self.db.execute("SELECT stored FROM search_entries WHERE id = ?", (entry,)).fetchone()
        return json.loads(row[0]) if row else {}

    def expression(self, text: str, langs: list[str], kinds: list[str] | None = None, view: str | None = None,
                   any_word: bool = False) -> tuple[str | None, tuple, _Matched]:
        """The FTS5 expression of `text` over `langs` (and the filters), its tree, and what it
        matches for snippets. None when it can match nothing."""
        expression, node, matched, _dropped = self._expression(text, langs, kinds, view, any_word, dropping=False)
        return expression, node, matched

    def _expression(self, text: str, langs: list[str], kinds: list[str] | None, view: str | None, any_word: bool,
                    dropping: bool) -> tuple[str | None, tuple, _Matched, frozenset[int]]:
        """`expression`, and, `dropping`, the entries its hits must be rid of instead of a
        language filter when it is one expression for every language searched (`_held`)."""
        node = parse(text, any_word)
        matched = _Matched()
        compiler = _Compiler(self, matched, CONTEXT_COLUMNS if _terms(node) > 1 else TEXT_COLUMNS)
        by_expression: dict[str, list[str]] = {}
        for lang in langs:
            compiled = compiler.query(node, lang)
            if compiled is not None:
                by_expression.setdefault(compiled, []).append(lang)
        if not by_expression:
            return None, node, matched, frozenset()
        dropped: frozenset[int] = frozenset()
        if dropping and len(by_expression) == 1:
            compiled, held = next(iter(by_expression.items()))
            branch, dropped = self._held(compiled, held)
            branches = [branch]
        else:
            branches = [_within(compiled, held) for compiled, held in by_expression.items()]
        expression = "(" + " OR ".join(branches) + ")"
        if kinds:
            expression += f" AND {{kind}} : ({' OR '.join(map(_quoted, kinds))})"
        if view is not None and len(self.editions) > 1:
            expression += f" AND {{views}} : ({_quoted(reading.view_token(view))} OR {_quoted(reading.view_token(reading.EVERY_VIEW))})"
        return expression, node, matched, dropped

    def _held(self, expression: str, langs: list[str]) -> tuple[str, frozenset[int]]:
        """`expression` held to the entries in `langs`: as it is, with the entries of the
        corpus's other languages to drop from what it finds, when they are few
        (`MOST_DROPPED`), else with a filter of the `lang` column (`_within`). FTS5 reads the
        whole list of the entries of a token asked for, and counts them for bm25: English is
        nearly every entry, and `{lang} : "en"` read 19,501 entries of the 25 sets' 19,558 to
        keep them (0.6-1.8 ms of each English query, some four a cold search); the 57 others
        are one short read, once. The same hits with the same scores: the lang column weighs
        0 in bm25. (Not `… NOT {lang} : "es"`, which FTS5 scores otherwise: a glossary entry
        matched by its title 2.1 where `{lang} : "en" AND …` and the expression alone gave 8.2.)"""
        others = self._other_entries(langs)
        if others is None:
            return _within(expression, langs), frozenset()
        return f"({expression})", others

    def _other_entries(self, langs: list[str]) -> frozenset[int] | None:
        """The entries of the corpus's languages but `langs`, read once a generation of the
        tables; None when there are more than `MOST_DROPPED`."""
        others = tuple(lang for lang in self.langs if lang not in langs)
        if not others:
            return frozenset()
        if others not in self._others:
            if sum(records for (lang, _kind), records in self._record_counts().items() if lang in others) > MOST_DROPPED:
                self._others[others] = None  # (at least as many entries: not read to be counted)
                return None
            tokens = " OR ".join(_quoted(reading.lang_token(lang)) for lang in others)
            rows = self.db.execute("SELECT rowid FROM search WHERE search MATCH ? LIMIT ?", (f"{{lang}} : ({tokens})", MOST_DROPPED + 1))
            found = frozenset(entry for (entry,) in rows)
            self._others[others] = found if len(found) <= MOST_DROPPED else None
        return self._others[others]

    def search(
        self,
        text: str,
        langs: list[str] | None = None,
        kinds: list[str] | None = None,
        limit: int = 10,
        translate: bool = True,
        edition: str | None = None,
    ) -> Results:
        """Ranked hits for `text` in `langs` (default: every language of the corpus). With
        `translate`, in tiers: the query's own languages, then translations (module doc).
        Rules, sections and glossary entries are those of one edition's view (`edition`, a date
        or `latest`; default the newest English edition): a translation of another edition is
        found under the number its rule has in the view, and not at all when the rule is not
        there."""
        self.begin()
        self._ranked = {}
        asked = langs  # languages the person named (`--lang`): every one of them is asked for
        langs = [lang for lang in (langs or self.langs) if lang in self.langs]
        if not langs:
            return Results()
        text = query_text.without_question_marks(text) or text
        check_syntax(text)
        view = self.default_view if edition in (None, "latest") else edition
        if view is not None and view not in self.editions and self.editions:
            raise QueryError(_("no edition {view} in the corpus (it holds {editions})")
                             .format(view=view, editions=", ".join(self.editions)))
        # A card named in plain words; one named with `card:` is the person's own filter.
        mentions = self._card_mentions(text) if translate and ":" not in text else []
        # A card with no rulings and no keyword rules has nothing to bring first: its name's
        # words stay words ("taille maximale de la main" is about hand size, not Fully Grown).
        mentions = [m for m in mentions if self._has_rulings(m.card) or self._cards.keyword_rules(m.card, view)]
        rest = card_mentions.rest(text, mentions) if mentions else text
        if mentions and not query_text.little_words_left_out(rest, langs)[0].strip(" ()"):
            rest = text  # the card's name alone: its rulings first, then what its words find (the card itself)
        plan = self.translator.plan(rest, langs) if translate and rest else Plan([], langs)
        own = plan.detected or langs
        little = query_text.only_little_words(rest, own) if rest else None
        if little and not mentions:
            raise QueryError(_("{words}: only words too common to search for on their own"
                               " (articles, prepositions, question words): add a word that says what to find")
                             .format(words=repr(" ".join(little))))
        typed = "" if little else query_text.little_words_left_out(rest, own)[0]
        named_langs = set(re.findall(r"(?<![\w.])lang:(\w+)", text)) if "lang:" in text else set()  # `lang:fr`: as --lang
        wanted = set(asked) if asked else named_langs or {*plan.detected, "en"}
        named = [fusion_run(langs, f'card:"{m.card}"', None, 1.0, wanted, ["ruling"], first=m.card) for m in mentions]
        rules = [number for m in mentions for number in self._cards.keyword_rules(m.card, view)] if mentions else []
        if rules:
            numbers = " OR ".join(f"number:{number}" for number in dict.fromkeys(rules))
            named.append(fusion_run(["en"], numbers, None, 1.0, wanted, ["rule"], first=True))
        english = [t.query for t in plan.translations if t.target == "en"] + ([typed] if "en" in plan.direct else [])
        # The rules a keyword or glossary title brings were named by the English translation when
        # the query is not English: their hits say so, as the translation's own hits do.
        by_translation = None if "en" in plan.direct else next((t.shown for t in plan.translations if t.target == "en"), None)
        titled = self._titled_rules(english, view) if translate and typed and ":" not in text and "NOT" not in text else []
        if titled:  # a query naming a keyword ("sacrificar una criatura": 701.21 Sacrifice)
            from mtgrules.index import named_rules  # deferred: only a query naming a keyword reads it

            titles = {number: title for title, numbers in self._titles[view].items() for number in numbers if number in titled}
            # "trample deathtouch": how the keywords work together, in place of what each is
            titles = {number: titles.get(number, "") for number in titled}
            alone = len(titled) > 1 and named_rules.only_titles(english, list(titles.values()))
            together = self._interactions(titles, view) if alone else []
            keyword_rules = named_rules.query(titles, english, self._common_word, together)
            named.append(fusion_run(["en"], keyword_rules, by_translation, TITLED_WEIGHT, wanted, ["rule"], first=SUPPORT))
        glossed, covered, cited = (self._glossary_rules(english, view) if translate and typed and ":" not in text
                                   and "NOT" not in text else ([], [], {}))
        if cited:  # which rule of the sections an entry cites says the rest ("habilidades de lealtad una vez por turno": 606.3)
            from mtgrules.index import named_rules  # deferred: only a query naming a glossary entry reads it

            # Titles of several words only: "Draw", "Object", "Copy" stand for sections whose rules
            # say much else, and ranking those by the query's other words put them before the rule
            # the words found ("un objet qui change de zone": 400.7, not a rule of 109).
            entries = {number: title for number, title in cited.items() if " " in title}
            sizes: dict[str, int] = {}  # per section, its rules: counted once, not once a word

            def pervasive(number: str, word: str) -> bool:
                rules = named_rules.under(number)
                if rules not in sizes:
                    sizes[rules] = self._rule_count(f"({rules})", view)
                return sizes[rules] > 0 and self._rule_count(f"({rules}) AND {word}", view) > PERVASIVE_SHARE * sizes[rules]

            if section_rules := named_rules.section_query(entries, english, pervasive):
                named.append(fusion_run(["en"], section_rules, by_translation, SECTION_WEIGHT, wanted, ["rule"],
                                        first=SECTION))
        if covered:  # an entry saying what every word names ("zona de mando": Command, "A zone …", rule 408)
            named.append(fusion_run(["en"], " OR ".join(f"number:{n}" for n in covered), by_translation, COVERED_WEIGHT, wanted,
                                    ["rule", "section"], first=SUPPORT))
        if glossed:  # a query naming a glossary entry ("ficha de criatura": Token, section 111)
            named.append(fusion_run(["en"], " OR ".join(f"number:{n}" for n in glossed), by_translation, GLOSSARY_WEIGHT, wanted,
                                    ["rule", "section"], first=NUDGE))
        # Fewer records than a page hold every word: the page goes on with those holding the
        # most of them. A judge's words are not always the rule's: "planeswalker with 0 loyalty
        # counters" is 704.5i, "If a planeswalker has loyalty 0", with no "counter"; four rules
        # held every word, and 704.5i was never looked for. (Plain words only: a query with
        # fields, operators, phrases, prefixes or fuzzy words asks for what it says:
        # "energy AND NOT counter", "electrozoo~ energy".)
        complete: list[Hit] = []
        for any_word in (False, True):
            # An incomplete translation (a word dropped) asks a looser question: partial only.
            used = [t for t in plan.translations if t.complete or any_word]
            as_typed = plan.fallback + [t.target for t in plan.translations if t not in used]
            runs = list(named)
            if typed:
                direct = 1.0 if plan.direct == ["en"] else TYPED_WEIGHT
                runs.append(fusion_run(plan.direct, typed, None, direct, wanted))
                runs += [fusion_run([t.target], t.query, t.shown, 1.0 if t.complete else INCOMPLETE_WEIGHT, wanted) for t in used]
                runs.append(fusion_run(as_typed, typed, None, 1.0, wanted))
            hits = self._search_fused(runs, kinds, limit, any_word or not typed, view, plan.detected, "card:" in text,
                                      not _NUMBER_OR_KIND.search(text))
            if complete:  # a short page of records holding every word, then those holding the most
                held = {json.dumps(hit.key) for hit in complete}
                more = [hit for hit in hits if json.dumps(hit.key) not in held][:limit - len(complete)]
                for hit in more:
                    hit.partial = True
                return Results(hits=complete + more, plan=plan)
            if hits and (any_word or len(hits) >= limit or not typed or re.search(_SYNTAX, text) or _OPERATORS & set(text.split())):
                for hit in hits:
                    hit.partial = any_word
                return Results(hits=hits, partial=any_word, plan=plan)
            complete = hits
        if complete:
            return Results(hits=complete, plan=plan)
        return Results(suggestion=self.suggest(text), plan=plan)

    @property
    def _cards(self) -> card_mentions.CardLookup:
        """The corpus's card names and keyword rules, read in this search's snapshot (one
        lookup a snapshot: `begin` forgets it)."""
        if self._lookup is None:
            self._lookup = card_mentions.CardLookup(self.db)
        return self._lookup

    def _titled_rules(self, english: list[str], view: str | None) -> list[str]:
        """The keyword rules whose titles the query typed in English or its English
        translations name (`card_mentions.titled_rules`, `_named_titles`)."""
        if view not in self._titles:
            self._titles[view] = self._cards.titles(view)
        return self._named_titles(english, self._titles[view])

    def _glossary_rules(self, english: list[str], view: str | None) -> tuple[list[str], list[str], dict[str, str]]:
        """The rules the glossary entries the query names by their titles stand for (their
        "See rule …", `references.pointed`): "creature token" names the entry Token, which
        stands for section 111 (whose opening rule 111.1 says what a token is, without the
        word "creature"). Named as keyword titles are (`_named_titles`). Apart (second list):
        the rules of an entry that the query names with what the entry says it is (its title and
        the words its definition opens with, `definitions.genus`): "command zone" names the entry
        Command, "A zone for certain specialized objects …" (rule 408); the rules about the
        Commander variant use "command zone" many times each, and 408.1 ranked 41st. (Every
        word anywhere in the definition was too loose: "player draw turn" is not Draw.) So does
        an entry of one sense named beside words of a quarter of the records (`GENERIC_SHARE`):
        "creature token" is Token's 111.1, not the predefined tokens' rules (but "draw a card"
        does not say which of Draw's two senses, rule 121 or the game's result, 104.4). Third:
        each rule or section the entries cite, with the entry's title (`named_rules.section_query`)."""
        spans = list(dict.fromkeys(span for text in english for span in card_mentions.title_spans(text)))
        # A title of several words named in the plural ("loyalty abilities": Loyalty Ability).
        plurals = {singular: span for span in spans if " " in span and (singular := card_mentions.singular(span)) != span}
        entries = self._cards.glossary(view, spans + [singular for singular in plurals if singular not in spans])
        titles = {title: [title] for title in entries} | {plurals[title]: [title] for title in entries if title in plurals}
        named = list(dict.fromkeys(self._named_titles(english, titles)))
        if not named:
            return [], [], {}
        asked = [set(analysis.terms(text, "en")) - _little_stems() for text in english]
        glossed: dict[str, None] = {}
        covered: dict[str, None] = {}
        cited: dict[str, str] = {}
        for title in named:
            own = set(analysis.terms(title, "en"))
            for body in entries[title]:
                genus = set(definitions.genus(body))
                one_sense = not body.lstrip().startswith("1.")
                whole = any(stems - own and (stems - own <= genus or (one_sense and all(
                    self._common_word("", stem, GENERIC_SHARE) for stem in stems - own))) for stems in asked)
                pointed = references.pointed({"kind": "glossary", "body": body})
                (covered if whole else glossed).update(dict.fromkeys(pointed))
                if one_sense:  # "Draw" is rule 121 or the game's result (104.4): which, the query may not say
                    cited.update((number, title) for number in pointed if number not in cited)
        return [number for number in glossed if number not in covered], list(covered), cited

    def _named_titles(self, english: list[str], titles: dict[str, list[str]]) -> list[str]:
        """What `titles` (title, `card_mentions.normalized` → values) gives for the titles the
        English texts name (`card_mentions.titled_rules`), but for a one-word title that is a
        word of one record in twelve: it names too much to stand for its rule ("energy counter"
        and "marqueurs poison", translated "counter poison", are about counters, not 701.6
        Counter; "cast" is in every other rule)."""
        found = list(dict.fromkeys(value for text in english for value in card_mentions.titled_rules(text, titles)))
        if not found:
            return []
        wanted = set(found)
        common = {value for title, values in titles.items() if wanted & set(values) and " " not in title
                  and self._common_word(title) for value in values}
        return [value for value in found if value not in common]

    def _rule_count(self, text: str, view: str | None) -> int:
        """How many English rules the query `text` finds (0 when it reads as nothing searchable):
        `pervasive` asks it of a section, and of its rules holding a word (`PERVASIVE_SHARE`)."""
        try:
            expression = self.expression(text, ["en"], ["rule"], view, False)[0]
        except QueryError:
            return 0
        if expression is None:
            return 0
        return self.db.execute("SELECT count(*) FROM search WHERE search MATCH ?", (expression,)).fetchone()[0]

    def _common_word(self, word: str, stem: str | None = None, share: float = COMMON_TITLE_SHARE) -> bool:
        """Whether an English word (or its `stem`) is in the texts of more than `share` of the records."""
        entries = self._entry_count()
        row = self.db.execute("SELECT doc FROM temp.search_vocabulary WHERE col = 'body' AND term = ?",
                              (stem or word_key(word, "en"),)).fetchone()
        return (row or (0,))[0] > share * entries

    def _entry_count(self) -> int:
        """How many entries the search tables hold (ids run from 1: the largest, not a count), with
        the vocabulary table the word counts are read from made ready."""
        self._vocabulary()
        return self.db.execute("SELECT MAX(id) FROM search_entries").fetchone()[0] or 0

    def _interactions(self, titled: dict[str, str], view: str | None) -> list[str]:
        """The subrules of the keywords `titled` (number → title) that say how they work together
        (`named_rules.interactions`), read without the little words and each keyword's own."""
        from mtgrules.index import named_rules

        little = _little_stems()
        own = {number: set(analysis.terms(title, "en")) | little for number, title in titled.items()}
        subrules: dict[str, list[tuple[str, set[str]]]] = {number: [] for number in titled}
        marks = ", ".join("?" * len(titled))
        for number, parent, body in self.db.execute(f"SELECT number, parent, body FROM records WHERE kind = 'rule' AND lang = 'en'"
                                                    f" AND edition = ? AND parent IN ({marks})", (view, *titled)):
            subrules[parent].append((number, set(analysis.terms(json.loads(body).get("text") or "", "en")) - own[parent]))
        entries = self._entry_count() + 1
        stems = {stem for rules in subrules.values() for _number, held in rules for stem in held}
        counts = dict(self.db.execute(f"SELECT term, doc FROM temp.search_vocabulary WHERE col = 'body' AND term IN"
                                      f" ({', '.join('?' * len(stems))})", tuple(stems))) if stems else {}
        return named_rules.interactions(subrules, lambda stem: math.log(entries / (1 + counts.get(stem, 0))))

    def _has_rulings(self, card: str) -> bool:
        """Whether a ruling in the corpus is on `card` (its English name, folded as the card column is)."""
        words = analysis.words(card)
        expression = f'{{card}} : {_phrase(words)} AND {{kind}} : "ruling"'
        return bool(words) and self.db.execute("SELECT 1 FROM search WHERE search MATCH ? LIMIT 1", (expression,)).fetchone() is not None

    def _card_mentions(self, text: str) -> list[card_mentions.Mention]:
        return card_mentions.find(text, self._cards.names_from, self._known_word)

    def _known_word(self, word: str) -> bool:
        """Whether a language of the corpus or of the lexicon has `word`, as spelt or in another form."""
        translator = self.translator
        langs = dict.fromkeys([*self.langs, *translator.vocabulary_languages()])
        return any(translator.has_word(lang, word) or translator.has_key(lang, word) for lang in langs)

    def _search_fused(self, runs: list[tuple], kinds: list[str] | None, limit: int, any_word: bool, view: str | None,
                      own: list[str], cards_asked: bool = False, follow: bool = True) -> list[Hit]:
        """The hits of every run (the query as typed in its languages, each translation),
        fused into one ranking (`mtgrules.index.fusion`): a record's key found by several runs
        (the Spanish 704.5g and the English one) counts once, shown in the query's language
        (`own`) where the corpus has it, else in English (`_preference`). Snippets are made for
        the hits shown only."""
        lists: list[fusion.Ranked[str]] = []
        shown: dict[str, _Found] = {}
        first: dict[str, float] = {}
        by_number: set[str] = set()  # keys shown as a SUPPORT or NUDGE run found them
        nudges: list[fusion.Ranked[str]] = []
        words_runs: list[_Run] = []  # the runs of the query's words that found something
        english: dict[str, _Found] = {}  # per key, its English record as a search of the words found it
        found_any = False
        for langs, text, translation, weight, asked, run_kinds, named in runs:
            if not langs:
                continue
            if run_kinds is not None:  # a card's rulings or its keywords' rules, within what was asked
                run_kinds = [kind for kind in run_kinds if not kinds or kind in kinds]
                if not run_kinds:
                    continue
            depth = SECTION_DEPTH if named == SECTION else max(limit, FUSION_DEPTH)
            found = self._run(text, langs, run_kinds or kinds, depth, any_word and not named, translation, view)
            if found and named not in AUXILIARY:
                found_any = True
            if isinstance(named, str) and named not in AUXILIARY:  # `card:"Solitude"` finds Tempered in Solitude too: that card only
                found = [f for f in found if named in f.hit.cards or f.hit.card == named]
            if found and not named:
                words_runs.append(found[0].run)
            keys, shares, scales = [], [], []
            # Any word enough: a record holding more of the query's words first (`_Found.share`).
            for hit in sorted(found, key=lambda f: (-f.share, -f.score)):
                key = hit.key()
                keys.append(key)
                if hit.hit.lang == "en" and not named:
                    english.setdefault(key, hit)
                shares.append(fusion.coverage_weight(hit.share, 1.0))
                scales.append(self._sample_scale(hit.hit.lang, hit.hit.kind))
                # A hit is shown as the run that found it in the best language found it, and as
                # a search of the query's words rather than of the numbers it names (SUPPORT:
                # nothing of the query to mark in its snippet, no translation to show).
                better = key not in shown or _preference(hit, asked, own) > _preference(shown[key], shown[key].run.asked, own)
                if better or (key in by_number and named not in AUXILIARY
                              and _preference(hit, asked, own) == _preference(shown[key], shown[key].run.asked, own)):
                    shown[key] = hit
                    hit.run.asked = asked
                    if named in AUXILIARY:
                        by_number.add(key)
                    else:
                        by_number.discard(key)
            # A translation into a language of few records (the seeds): what it cannot hold (`_missing_from`).
            missing = self._missing_from(langs, shown) if not named and translation is not None and langs != ["en"] else None
            (nudges if named == NUDGE else lists).append(fusion.Ranked(keys, weight, asked, shares, scales, missing))
            if named and named not in AUXILIARY:
                first.update(dict.fromkeys(keys, NAMED_BOOST))
        if not found_any:  # the keyword rules a query names never make a page alone: "no record
            return []      # holds every word" is still said, and the partial pass ranks them
        if nudges:  # a nudge adds to what the other runs found, and brings nothing of its own
            found_by_others = {key for ranked in lists for key in ranked.keys}
            for ranked in nudges:
                kept = [n for n, key in enumerate(ranked.keys) if key in found_by_others]
                lists.append(fusion.Ranked([ranked.keys[n] for n in kept], ranked.weight, ranked.asked,
                                           [ranked.shares[n] for n in kept] if ranked.shares else None,
                                           [ranked.scales[n] for n in kept] if ranked.scales else None))
        # A card record matches on any of the names and texts it prints in every language; a
        # search asks about rules and rulings (`mtgrules card` shows a card): cards come lower.
        # (Not when the query asks for cards with `card:`.)
        boost = {} if cards_asked else {key: CARD_WEIGHT for key in shown if key.startswith("[\"card\"")}
        if not cards_asked and not first:  # a card named: its rulings first (`first`), the others as they rank
            boost |= {key: RULING_WEIGHT for key in shown if key.startswith("[\"ruling\"")}
        boost |= first
        scored = fusion.ranking(lists, boost=boost)
        keys = [key for key, _score in scored]
        # The English rules that define what the words searched for name (`definitions`) a
        # little higher, among the first of the page (their stored texts are read already).
        searched = [stems for run in words_runs if (stems := run.matched.stems.get("en"))]
        if searched:
            defining = [key for key in keys[:FUSION_DEPTH] if shown[key].hit.kind == "rule" and shown[key].hit.lang == "en"
                        and definitions.defines(shown[key].stored.get("body") or "", searched)]
            for key in defining:
                boost[key] = boost.get(key, 1.0) * DEFINES_BOOST
            if defining:
                scored = fusion.ranking(lists, boost=boost)
                keys = [key for key, _score in scored]
        # The rules headings and glossary entries stand for (`_heirs`), unless the query asks for
        # other kinds (`--kind`, `kind:`) or names numbers outright (`number:701.50` is that rule, not 701.50a).
        heirs = self._heirs(keys[:limit], shown, view) if follow and (not kinds or "rule" in kinds) else {}
        if heirs:
            scored = fusion.ranking(lists, boost=boost, heirs=heirs)
            keys = [key for key, _score in scored]
        searched_words = _Matched.union(words_runs)
        page = [shown[key].with_snippet(searched_words) for key in keys[:limit]]
        for result, (_key, score) in zip(page, scored):  # the score the page is ordered by, not one search's bm25
            result.score = round(score, 6)
        for key, result in zip(keys, page):  # shown in another language: its English text beside
            if result.lang != "en" and "en" in result.other_langs:
                twin = english.get(key) or self._english_twin(shown[key], words_runs, view)
                result.english = twin.with_snippet(searched_words).snippet if twin is not None else None
        return page

    def _english_twin(self, found: _Found, runs: list[_Run], view: str | None) -> _Found | None:
        """The English record of a rule, section or ruling `found` in another language, which
        no search found (read by its number, or its card and position), as an English search of
        the query would mark it (the first of `runs` that matched English words, else `found`'s)."""
        stored = found.stored
        kind = stored.get("kind")
        if kind in ("rule", "section") and stored.get("number"):
            number = found.hit.number
            expression = f"{{number}} : {_quoted(number)} AND {{kind}} : ({_quoted(kind)})"
        elif kind == "ruling" and stored.get("card_name"):
            expression = f'{{card}} : {_phrase(analysis.words(stored["card_name"]))} AND {{kind}} : "ruling"'
        else:
            return None
        expression, dropped = self._held(expression, ["en"])
        if view is not None and len(self.editions) > 1 and kind != "ruling":
            expression += f" AND {{views}} : ({_quoted(reading.view_token(view))} OR {_quoted(reading.view_token(reading.EVERY_VIEW))})"
        run = next((run for run in runs if run.matched.stems.get("en")), found.run)
        key = found.key()
        rows = self.db.execute("SELECT rowid FROM search WHERE search MATCH ? LIMIT ?", (expression, 200 + len(dropped)))
        for entry in [entry for (entry,) in rows if entry not in dropped][:200]:
            twin = _Found(run, entry, found.score)
            if twin.key() == key:
                return twin
        return None

    def _record_counts(self) -> dict[tuple[str, str], int]:
        """Records by (language, kind), of each language's largest edition: read once a
        generation of the tables."""
        if self._sizes is None:
            self._sizes = {(lang, kind): records for lang, kind, records
                           in self.db.execute("SELECT lang, kind, MAX(records) FROM counts GROUP BY lang, kind")}
        return self._sizes

    def _sample_scale(self, lang: str, kind: str) -> float:
        """How many records of `kind` English has for each one `lang` has (1 for English, or
        a language with as many): a record ranked r-th among a language's few records of a kind
        (the seeds' 38 Spanish rules) ranks as the r-th of a sample would among all of them
        (`fusion.Ranked`): of an edition, the largest (several English editions are not one
        larger sample). A square root did no better, and a CombMAX of a record's languages worse, on the
        judge queries' development half and the project's own queries."""
        sizes = self._record_counts()
        own = sizes.get((lang, kind), 0)
        english = sizes.get(("en", kind), 0)
        if lang == "en" or own <= 0 or english <= own:
            return 1.0
        return english / own

    def _missing_from(self, langs: list[str], shown: dict[str, _Found]):
        """For a translation into `langs`: of a key it could not have found (no record of the key
        in those languages), the scale of the largest sample they hold (the seeds' 38 Spanish
        rules: 83), whatever the key's kind, so that every record it lacks is weighed alike;
        None when they hold no sample (`fusion.Ranked.missing`). Not for the query as typed:
        the seeds holding the words a person typed in their language are found by them (on the
        project's own queries, imputing there lost "robar de una biblioteca sin cartas" and
        half a rank a query; on the judge queries' development half it gained one query a rank)."""
        sample = self._sample_of(langs)
        if sample is None:
            return None

        def missing(key: str) -> float | None:
            found = shown.get(key)
            if found is None:
                return None
            hit = found.hit
            if hit.lang in langs or any(lang in langs for lang in hit.other_langs):
                return None
            return sample
        return missing

    def _sample_of(self, langs: list[str]) -> float | None:
        """The scale of the largest sample of any kind `langs` hold (`_sample_scale`), None when
        they hold none (no records, or as many as English)."""
        scales = [scale for lang, kind in self._record_counts() if lang in langs and (scale := self._sample_scale(lang, kind)) > 1]
        return min(scales) if scales else None

    def _term_rules(self, key: str, stored: dict, view: str | None) -> list[str]:
        """The rules a term stands for, as a glossary entry does ("Mutate": 702.140), at most
        `references.MOST_POINTED`: those its record names (an aligned title), else those that
        define it in the keyword table's links made at ingest (`term_links`), in `view` when
        linked there, else in the newest edition linked."""
        if stored.get("kind") != "term":
            return []
        for row, *_rest in stored.get("members", []):
            found = self.db.execute("SELECT body FROM records WHERE id = ?", (row,)).fetchone()
            rules = json.loads(found[0]).get("rules") if found else None
            if rules:
                return list(rules)[:references.MOST_POINTED]
        rows = self.db.execute("SELECT edition, number FROM term_links WHERE term = ?"
                               " ORDER BY edition = ? DESC, edition DESC, position", (json.loads(key)[1], view or "")).fetchall()
        return [number for edition, number in rows if edition == rows[0][0]][:references.MOST_POINTED]

    def _heirs(self, keys: list[str], shown: dict[str, _Found], view: str | None) -> dict[str, fusion.Heirs[str]]:
        """The rules the headings, glossary entries and keyword terms among `keys` stand for
        (`mtgrules.index.references`, `_term_rules`), found and added to `shown` (as found by the run that
        found their heading: its words are marked in their snippets)."""
        pointing = {key: numbers for key in keys
                    if (numbers := references.pointed(shown[key].stored) or self._term_rules(key, shown[key].stored, view))}
        if not pointing:
            return {}
        wanted = {number for numbers in pointing.values() for number in numbers}
        candidates = sorted({other for number in wanted for other in references.candidates(number)})
        expression, dropped = self._held(f"{{number}} : ({' OR '.join(map(_quoted, candidates))}) AND {{kind}} : (\"rule\" OR \"section\")",
                                         ["en"])
        if view is not None and len(self.editions) > 1:
            expression += f" AND {{views}} : ({_quoted(reading.view_token(view))} OR {_quoted(reading.view_token(reading.EVERY_VIEW))})"
        first = shown[next(iter(pointing))]
        found = {f.hit.number: f for (entry,) in self.db.execute("SELECT rowid FROM search WHERE search MATCH ?", (expression,))
                 if entry not in dropped and (f := _Found(first.run, entry, first.score))}
        stored = {number: f.stored for number, f in found.items()}
        heirs: dict[str, fusion.Heirs[str]] = {}
        for key, numbers in pointing.items():
            parent = shown[key]
            opened = [number for n in numbers if (number := references.opening(n, stored)) is not None]
            heir_keys = []
            for number in opened:
                heir = _Found(parent.run, found[number].entry, parent.score)
                heir._stored = found[number].stored
                heir_key = heir.key()
                if heir_key not in shown:
                    shown[heir_key] = heir
                heir_keys.append(heir_key)
            if heir_keys:
                heading = references.is_heading(parent.stored)
                heirs[key] = fusion.Heirs(heir_keys, references.HEADING_GIVES if heading else references.ENTRY_GIVES,
                                          references.HEADING_KEEPS if heading else 1.0)
        return heirs

    def _run(self, text: str, langs: list[str], kinds: list[str] | None, limit: int, any_word: bool,
             translation: str | None, view: str | None) -> list[_Found]:
        try:
            expression, node, matched, dropped = self._expression(text, langs, kinds, view, any_word, dropping=True)
        except QueryError:
            if translation is None:
                raise
            return []  # a translation that reads as nothing searchable: the other tiers stand
        if expression is None:
            return []
        run = _Run(self, node, matched, translation, view)
        weights = ", ".join(str(weight) for weight in reading.WEIGHTS)
        if not any_word:
            # A card's rulings, the rules a keyword or glossary entry stands for: the same query
            # in both passes of a search (`search`), asked once.
            asked = (expression, limit, dropped)
            if asked not in self._ranked:
                rows = self.db.execute(f"SELECT rowid, bm25(search, {weights}) AS score FROM search WHERE search MATCH ?"
                                       " ORDER BY score LIMIT ?", (expression, limit + len(dropped)))
                self._ranked[asked] = [row for row in rows if row[0] not in dropped][:limit]
            return self._with_stored([_Found(run, entry, round(-score, 4)) for entry, score in self._ranked[asked]])
        # Any word enough: how many of the query's words each record holds (its stemmed title,
        # text and context, as indexed), so that one holding one common word of four does not
        # rank as one holding all four (a French ruling matched on "effets" before 613.1): the
        # best by that share among `PARTIAL_DEPTH` times as many as asked for by bm25 alone,
        # which ranks one rare word above two common ones.
        token = _one_token(matched, langs)
        holding = self._holding(token) if token is not None else None
        if holding is not None:  # one word wanted: a hit holds all of it or none, as the entries holding it say
            rows = self.db.execute(f"SELECT rowid, bm25(search, {weights}) AS score FROM search WHERE search MATCH ?"
                                   " ORDER BY score LIMIT ?", (expression, limit * PARTIAL_DEPTH + len(dropped)))
            found = [_Found(run, entry, round(-score, 4)) for entry, score in
                     [row for row in rows if row[0] not in dropped][:limit * PARTIAL_DEPTH]]
            for hit in found:
                hit.share = 1.0 if hit.entry in holding else 0.0
            found.sort(key=lambda f: (-f.share, -f.score))
            return self._with_stored(found[:limit])
        rows = self.db.execute(f"SELECT rowid, bm25(search, {weights}) AS score, lang, title || ' ' || body || ' ' || context FROM search"
                               " WHERE search MATCH ? ORDER BY score LIMIT ?", (expression, limit * PARTIAL_DEPTH + len(dropped)))
        found = []
        for entry, score, lang_token, text in [row for row in rows if row[0] not in dropped][:limit * PARTIAL_DEPTH]:
            wanted = next((stems for lang, stems in matched.stems.items() if reading.lang_token(lang) == lang_token), set())
            hit = _Found(run, entry, round(-score, 4))
            if wanted:
                held = set(text.split())
                hit.share = sum(all(part in held for part in stem.split()) for stem in wanted) / len(wanted)
            found.append(hit)
        found.sort(key=lambda f: (-f.share, -f.score))
        return self._with_stored(found[:limit])

    def _holding(self, token: str) -> frozenset[int] | None:
        """The entries whose title, text or context hold `token` (a stem, as indexed), when at
        most `MOST_HOLDING`: what a search where any word is enough reads to know whether a hit
        holds its one word (a translation that kept one word of a phrase: "dégâts mortels" →
        "lethal", 204 entries), in place of each hit's texts (207 hits' texts cost that search
        2-5 ms of a cold start: every word of a text and of its card's names is read to reach
        its context)."""
        rows = self.db.execute("SELECT rowid FROM search WHERE search MATCH ? LIMIT ?",
                               (f"{{title body context}} : {_quoted(token)}", MOST_HOLDING + 1))
        found = frozenset(entry for (entry,) in rows)
        return found if len(found) <= MOST_HOLDING else None

    def _with_stored(self, found: list[_Found]) -> list[_Found]:
        """`found`, their stored fields read in one query: each hit of a run is read (its key
        names it in the fusion), and one query a hit cost a cold search 0.5 ms of thirty."""
        if found:
            marks = ", ".join("?" * len(found))
            rows = dict(self.db.execute(f"SELECT id, stored FROM search_entries WHERE id IN ({marks})", [f.entry for f in found]))
            for hit in found:
                hit._stored = json.loads(rows[hit.entry]) if hit.entry in rows else {}
        return found

    def _cards_named(self, node: tuple) -> set[str]:
        """The English names of the cards the `card:` items of a query name (any name they are
        printed under), read from the entries of single cards: what a ruling on several cards
        is shown first under."""
        named = _card_terms(node)
        if not named:
            return set()
        compiler = _Compiler(self, _Matched())
        parts = [compiler._field("card", term[2], None) for term in named]
        if any(part is None for part in parts):
            return set()
        expression = " AND ".join(parts) + ' AND {kind} : "card"'  # type: ignore[arg-type]
        found = set()
        for (entry,) in self.db.execute("SELECT rowid FROM search WHERE search MATCH ? LIMIT 200", (expression,)):
            stored = self.stored(entry)
            if stored.get("card_name"):
                found.add(stored["card_name"])
        return found

    def suggest(self, text: str) -> str | None:
        """The query with its unknown words replaced by the closest words of the corpus and
        the lexicon, in any language (the most used of the closest)."""
        from rapidfuzz import fuzz

        changed = False

        def replace(match: re.Match) -> str:
            nonlocal changed
            word = match.group(0)
            if ":" in word or re.search(r"[*?~]", word) or word in _OPERATORS or re.search(r"\d", word):
                return word
            folded = fold(word).lower()
            if not folded or self.has_word(folded):
                return word
            best: tuple[float, int, str] | None = None
            for term, count in self.words_from(folded[:1]):
                if abs(len(term) - len(folded)) > 2:
                    continue
                score = fuzz.ratio(folded, term, score_cutoff=75)
                if score and (best is None or (score, count) > best[:2]):
                    best = (score, count, term)
            if best is None:
                return word
            changed = True
            return best[2]

        suggestion = _outside_quotes(text, re.compile(r'[^\s"()]+'), replace)
        return suggestion if changed else None


def _outside_quotes(text: str, pattern: re.Pattern, replace) -> str:
    """`pattern.sub(replace, ...)` applied to the parts of `text` outside "phrases"."""
    pieces, cursor = [], 0
    for quoted in _QUOTED.finditer(text):
        pieces += [pattern.sub(replace, text[cursor:quoted.start()]), quoted.group(0)]
        cursor = quoted.end()
    pieces.append(pattern.sub(replace, text[cursor:]))
    return "".join(pieces)


def _one_token(matched: _Matched, langs: list[str]) -> str | None:
    """The one token a search where any word is enough wants of its hits, whatever their
    language (each of `langs` wants that stem alone, of one word), else None. Lowercase: FTS5
    lowercases ASCII letters, a set of a text's words does not."""
    wanted = [matched.stems.get(lang) for lang in langs]
    first = wanted[0] if wanted else None
    if not first or len(first) != 1 or any(stems != first for stems in wanted):
        return None
    token = next(iter(first))
    return token if len(token.split()) == 1 and token == token.lower() and '"' not in token else None


def _within(expression: str, langs: list[str]) -> str:
    """`expression` held to the entries in `langs` by their `lang` tokens: for the languages
    that hold many entries (`Index._held`), and for each branch of a query written otherwise
    in several languages, whose bm25 scores FTS5 works out from the query's whole tree (a card
    matched by one word of "daño letal" scored 0 in `(lang AND (a OR b)) OR (lang AND (c OR
    d))`): the same tree as ever, the same scores."""
    return f"({{lang}} : ({' OR '.join(_quoted(reading.lang_token(lang)) for lang in langs)}) AND {expression})"


def _remove_old_index_folder(reporter: reading.Reporter) -> None:
    """The whoosh index folder of an earlier version, removed once, saying so."""
    import os

    from mtgrules import paths

    old = os.path.join(paths.cache_folder(), "index")
    if os.path.isdir(old) and not os.path.islink(old):
        import shutil

        shutil.rmtree(old, ignore_errors=True)
        reporter.note(_("removed {old}, the search index of an earlier version: the search is in the corpus database now").format(old=old))


@cache
def _little_stems() -> set[str]:
    """The stems of the English stop words: words of a query that a definition need not hold."""
    from mtgrules.align.phrases import STOPWORDS

    return {analysis.term(word, "en") for word in STOPWORDS.get("en", ())}
