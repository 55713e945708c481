"""Searching the index: query syntax, filters, ranked hits with snippets, "did you mean".

Syntax is whoosh's (words, "phrases", AND/OR/NOT, parentheses) over the title and text fields of
the chosen languages and card names, plus `card:` (a name in any language, quoted when it has
several words), `number:`, `lang:`, `kind:`, prefixes (`confab*`) and fuzzy terms
(`electrozoo~`, `~2` for two edits). Prefixes and fuzzy terms are sent to the unstemmed `words`
field: against stems they would find nothing or the wrong words. whoosh accepts nearly anything
and silently drops what it cannot read; `check_syntax` refuses the mistakes a person makes (a
lone quote, an unknown field) so they get an error, not surprising results. Scoring is whoosh's
BM25F with titles weighted (see schema).

A search runs in two tiers (`mtgrules.index.translate` plans them): first the languages the
query is written in, with the query as typed; below them, the other languages with the query
translated through the bilingual lexicon (each such hit says which translation found it), and
languages nothing translates into with the query as typed. A record whose key the first tier
shows is not shown again. When both tiers found something, the first keeps at most half the
page: a Spanish query on a corpus with a few Spanish pages would otherwise fill every line with
them and never reach the English rules (`--limit` shows more of both). When no record holds
every word, the same tiers run again with any word enough, ranked by how much of the query each
record holds, and the results say they are partial.
"""

from __future__ import annotations

import json
import re
from array import array
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from whoosh import index as whoosh_index
from whoosh import query as wq

from mtgrules.errors import MtgrulesError
from mtgrules.index import card_mentions, fusion, heal, query_text
from mtgrules.index.fields import QUERY_FIELDS, text_field, title_field
from mtgrules.index.layout import EVERY_VIEW, SILENT, read_meta, view_file
from mtgrules.index.scoring import BM25F
from mtgrules.index.snippets import snippet
from mtgrules.index.translate import Plan, Translator
from mtgrules.text import fold

TYPE_CHECKING = False  # `typing` is not imported on a cold search's path
if TYPE_CHECKING:
    from mtgrules.index.build import BuildReporter

_QUOTED = re.compile(r'"[^"]*"')
_FIELD = re.compile(r"(?<![\w.])([A-Za-z_]\w*):")
# A word with its field prefix if it has one: `card:electro*` is one word.
_WORD = re.compile(r'(?:[A-Za-z_]\w*:)?[^\s"():]+')
_OPERATORS = {"AND", "OR", "NOT", "ANDNOT", "ANDMAYBE"}
# How much more a record holding more of the query's words scores, when any word is enough.
PARTIAL_COORDINATION = 0.9
# The share of the page hits in the query's own language keep when translations found more.
NATIVE_SHARE = 0.5
# How many hits of each search the fusion ranks (a record tenth in two lists beats one first in one).
FUSION_DEPTH = 30
# The weight of a translation that dropped a word (searched in the partial pass only).
INCOMPLETE_WEIGHT = 0.5
# How much a card record's fused score counts beside rules and rulings.
CARD_WEIGHT = 0.3


def _preference(found: _Found, asked: bool, own: list[str]) -> tuple[bool, bool, bool]:
    """Which of a record's languages a fused hit is shown in: the query's, else English, else
    one of a search in an asked-for language."""
    lang = found.hit.lang
    return lang in own, lang == "en", asked


# A card named in the query: its rulings and its keywords' rules rank before everything else.
NAMED_BOOST = 1000.0


def fusion_run(langs: list[str], text: str, translation: str | None, weight: float, wanted: set[str],
               kinds: list[str] | None = None, first: str | bool = False) -> tuple:
    """One search to fuse: its languages, text, translation, weight, whether a language of it
    was asked for (the query's, English, or those the person named), the kinds it is limited
    to, and whether its hits rank first: the card named in the query (its English name: only
    its own rulings), or True (its keywords' rules)."""
    return langs, text, translation, weight, bool(set(langs) & wanted), kinds, first


# Edits a fuzzy word may ask for (`word~2`): each more multiplies the words whoosh must try;
# `electrozoo~99999` took 11 s and 378 MB, `a~99 b~99 c~99` 31 s, before this limit.
MAX_EDITS = 2
# A phrase with its slop ("lethal damage"~3: words at most three apart): `~3` is no word.
_PHRASE = re.compile(r'"[^"]*"(?:~\d+)?')
_EDITS = re.compile(r"[^~]~(\d+)(?:/\d+)?$")


class QueryError(MtgrulesError):
    """A query a person must fix: the message says what is wrong with it."""


def check_syntax(text: str) -> None:
    """Raise QueryError for mistakes whoosh would silently ignore."""
    if not text.strip():
        raise QueryError("empty query")
    if text.count('"') % 2:
        raise QueryError(f'unbalanced quote in query {text!r}: close the phrase with "')
    # Quoted phrases blanked out, their quotes kept: `card:"aether hub"` has something after `card:`.
    outside = _QUOTED.sub(lambda m: '"' + " " * (len(m.group(0)) - 2) + '"', text)
    depth = 0
    for char in outside:
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth < 0:
            break
    if depth:
        raise QueryError(f"unbalanced parentheses in query {text!r}")
    for match in _FIELD.finditer(outside):
        name = match.group(1)
        if name not in QUERY_FIELDS:
            raise QueryError(f"unknown field {name + ':'!r} in query (fields: {', '.join(f + ':' for f in QUERY_FIELDS)})")
        rest = outside[match.end():]
        if not rest or rest[0].isspace() or rest.startswith('""'):
            raise QueryError(f"nothing after {name + ':'!r} in query")
    tokens = _QUOTED.sub(" ", text).split()
    if tokens and (tokens[0] in _OPERATORS - {"NOT"} or tokens[-1] in _OPERATORS):
        raise QueryError(f"query {text!r} starts or ends with an operator")
    for word in _WORD.findall(_PHRASE.sub(" ", text)):
        if ":" not in word and not re.search(r"[^\W\d]", word) and re.search(r"[*?~]", word):
            raise QueryError(f"{word!r} has no letters: wildcards and ~ need a word")
        edits = _EDITS.search(word)
        if edits and int(edits.group(1)) > MAX_EDITS:
            raise QueryError(f"{word!r} asks for {int(edits.group(1)):,} edits: a fuzzy word allows at most {MAX_EDITS}"
                             f" (write ~ for one, ~{MAX_EDITS} for two)")


def _outside_quotes(text: str, pattern: re.Pattern, replace) -> str:
    """`pattern.sub(replace, ...)` applied to the parts of `text` outside "phrases"."""
    pieces, cursor = [], 0
    for quoted in _QUOTED.finditer(text):
        pieces += [pattern.sub(replace, text[cursor:quoted.start()]), quoted.group(0)]
        cursor = quoted.end()
    pieces.append(pattern.sub(replace, text[cursor:]))
    return "".join(pieces)


def route_expansions(text: str) -> str:
    """Send bare prefix, wildcard and fuzzy words to the unstemmed `words` field."""

    def reroute(match: re.Match) -> str:
        word = match.group(0)
        if ":" not in word and (re.search(r"[*?]", word) or re.search(r"[^~]~\d*(/\d+)?$", word)):
            return "words:" + fold(word)
        return word

    return _outside_quotes(text, _WORD, reroute)


@dataclass
class Hit:
    """One search result: the record it names, its snippet and score, and how it was found."""

    key: list
    kind: str
    lang: str
    number: str
    title: str
    card: str
    date: str
    source: str
    snippet: str
    other_langs: list[str]
    score: float
    translation: str | None = None  # "daño letal → damage lethal" when a translation found it
    edition: str | None = None  # the edition the record belongs to (a translation: the one it follows)
    cards: list[str] = field(default_factory=list)  # the card's, or a ruling's on several cards every one (`card` the first)

    def to_dict(self) -> dict:
        return dict(self.__dict__)


class _Found:
    """A hit of one search of a tier: its score at once, its record (stored fields) read only
    when its key or the hit itself is needed, its snippet made only if it is shown. A tier
    searches each of its languages for a page of hits, and most of them are never shown.
    (A plain class: a dataclass costs a millisecond of every `mtgrules search` to create.)"""

    __slots__ = ("_body", "_hit", "docnum", "run", "score")

    def __init__(self, run: _Run, docnum: int, score: float):
        self.run, self.docnum, self.score = run, docnum, score
        self._hit: Hit | None = None
        self._body = ""

    @property
    def hit(self) -> Hit:
        if self._hit is None:
            self._hit, self._body = self.run.hit(self.docnum, self.score)
        return self._hit

    def key(self) -> str:
        return json.dumps(self.hit.key)

    def with_snippet(self) -> Hit:
        hit = self.hit
        hit.snippet = snippet(self._body, hit.lang, self.run.stemmed.get(hit.lang, set()), self.run.words)
        return hit


class _Run:
    """One search of a tier (a query over some languages' fields): what its hits are made
    from."""

    __slots__ = ("_named", "asked", "index", "parsed", "stemmed", "translation", "view", "words")

    def __init__(self, index: Index, parsed, translation: str | None, view: str | None):
        self.index, self.parsed, self.translation, self.view = index, parsed, translation, view
        self.asked = True
        self.stemmed, self.words = index._matched_terms(parsed)
        self._named: set[str] | None = None

    def hit(self, docnum: int, score: float) -> tuple[Hit, str]:
        """The hit of one document, as the view shows it, and the text its snippet is made of."""
        stored = self.index.searcher.stored_fields(docnum)
        view = self.view
        lang = stored["lang"]
        number = stored.get("view_numbers", {}).get(view, stored.get("number", ""))
        edition, source = stored.get("edition") or None, stored.get("source", "")
        shown = stored.get("shown")  # one English text of several editions: as in the view
        if shown and view in shown:
            edition, (number, source) = view, shown[view]
        key = json.loads(stored["key"])
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
                self._named = self.index._cards_named(self.parsed)
            named = self._named
            if named:
                hit.cards = [c for c in hit.cards if c in named] + [c for c in hit.cards if c not in named]
                hit.card = hit.cards[0]
        return hit, stored.get("body") or stored.get("title", "")


# A query of plain words and "phrases" (with a slop, `"lethal damage"~3`, or without), as the
# translations of a query often are: words of letters and digits only, no operator (whoosh
# reads AND, OR, NOT, ANDNOT and ANDMAYBE in capitals only), each item apart from the next.
_PLAIN_ITEM = re.compile(r'\s*(?:"(?P<phrase>[^"\n]*[^\W_][^"\n]*)"(?:~(?P<slop>[1-9][0-9]*))?|(?P<word>[^\W_]+))(?=\s|$)')


def _plain_items(text: str) -> list[tuple[str, int | None]] | None:
    """The items of `text` when it is plain words and phrases only, else None (whoosh's parser
    reads it): (word, None) for a word, (phrase, slop) for a phrase."""
    items: list[tuple[str, int | None]] = []
    position, end = 0, len(text.rstrip())
    while position < end:
        match = _PLAIN_ITEM.match(text, position)
        if match is None or match.group("word") in _OPERATORS:
            return None
        if match.group("word") is not None:
            items.append((match.group("word"), None))
        else:
            items.append((match.group("phrase"), int(match.group("slop") or 1)))
        position = match.end()
    return items


def _several_tokens(spec: str, tokens: list[str], fieldname: str, together):
    """What whoosh's parser makes of a word a field's analyzer makes several tokens of
    (`QueryParser.multitoken_query`): a phrase for the fields of unstemmed CJK text
    (`multitoken_query="phrase"`), else the tokens joined as the query joins its words
    (`together`: And, or Or when any word is enough; the schema's "default")."""
    if spec == "phrase":
        return wq.Phrase(fieldname, tokens, boost=1.0)
    return together([wq.Term(fieldname, token, boost=1.0) for token in tokens])


def _card_terms(query) -> list:
    """The `card:` terms a person typed in `query` (not the `card` field of a word searched in
    every field, nor one under NOT)."""
    if query.is_leaf():
        return [query] if query.field() == "card" else []
    if isinstance(query, wq.Not) or (isinstance(query, wq.Or) and any(leaf.field() != "card" for leaf in query.leaves())):
        return []
    return [term for child in query.children() for term in _card_terms(child)]


@dataclass
class Results:
    """The hits of a search, or the suggestion when none; `plan` says how the query was translated."""

    hits: list[Hit] = field(default_factory=list)
    suggestion: str | None = None
    partial: bool = False  # no record holds every word: these hold some
    plan: Plan | None = None


class Index:
    """An open index: one searcher reused across queries (what makes a warm query cheap)."""

    def __init__(self, folder: Path):
        self.folder = folder
        meta = read_meta(folder)
        self.langs: list[str] = meta["langs"]
        self.editions: list[str] = meta["editions"]  # the editions with a view
        self.default_view: str | None = meta["view"]  # the newest English edition (see Store.default_edition)
        self.searcher = whoosh_index.open_dir(str(folder)).searcher(weighting=BM25F())
        self._document_sets: dict[tuple, set[int]] = {}
        self._view_sets: dict[str, set[int] | None] = {}
        self._filter_sets: dict[tuple, tuple[set[int] | None, set[int] | None]] = {}

    @classmethod
    def current(cls, reporter: BuildReporter = SILENT) -> Index:
        """The index of the current corpus, built first if the corpus changed (or healed:
        `mtgrules.index.heal`)."""
        return cls(heal.ensure_index(reporter=reporter))

    def close(self) -> None:
        self.searcher.close()

    def __enter__(self) -> Index:
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()

    @cached_property
    def translator(self) -> Translator:
        """Detection and translation, read from the index's lexicon on first use."""
        return Translator(self.folder, self.langs)

    def parse(self, text: str, langs: list[str], any_word: bool = False):
        """`text` as a query over the fields of `langs` and card names; with `any_word`, a
        record needs only some of the words (scored higher the more it holds)."""
        check_syntax(text)
        fields = [name for lang in langs for name in (title_field(lang), text_field(lang))] + ["card"]
        items = _plain_items(text)
        parsed = self._parse_plain(items, fields, any_word) if items else self._parse_syntax(text, fields, any_word)
        if parsed is wq.NullQuery:
            raise QueryError(f"query {text!r} has nothing to search for")
        return parsed.normalize()

    def _parse_plain(self, items: list[tuple[str, int | None]], fields: list[str], any_word: bool):
        """The query whoosh's parser makes of plain words and phrases (tests/test_query_words.py
        compares them), built directly: the parser compiles some fifty regular expressions in
        each process and builds its plugins for each query, a few milliseconds of every search.
        Each word or phrase is looked for in every field, analyzed as the field analyzes a query
        (a word a field's analyzer makes several tokens of is those tokens as the field's
        `multitoken_query` says: together, or as a phrase); every item is needed, or, with
        `any_word`, any (scaled by how many match)."""
        schema = self.searcher.schema
        together = wq.Or if any_word else wq.And
        needed = []
        for text, slop in items:
            alternatives = []
            for name in fields:
                field = schema[name]
                if slop is not None:
                    words = [token.text for token in field.tokenize(text, mode="query", chars=True)]
                    alternatives.append(wq.Phrase(name, words, slop=slop, boost=1.0))
                    continue
                tokens = list(field.process_text(text, mode="query", tokenize=True, removestops=True))
                if len(tokens) > 1:
                    alternatives.append(_several_tokens(field.multitoken_query, tokens, name, together))
                elif tokens:
                    alternatives.append(wq.Term(name, tokens[0], boost=1.0))
            needed.append(wq.Or(alternatives, boost=1.0))
        query = wq.Or(needed, boost=1.0, scale=PARTIAL_COORDINATION) if any_word else wq.And(needed, boost=1.0)
        return (query or wq.NullQuery).normalize()

    def _parse_syntax(self, text: str, fields: list[str], any_word: bool):
        """`text` read by whoosh's query parser (fields, phrases, operators, wildcards, fuzzy
        terms), normalized."""
        from whoosh.qparser import FuzzyTermPlugin, MultifieldParser, OrGroup

        group = OrGroup.factory(PARTIAL_COORDINATION) if any_word else None
        parser = MultifieldParser(fields, self.searcher.schema, **({"group": group} if group else {}))
        parser.add_plugin(FuzzyTermPlugin())
        return parser.parse(route_expansions(text))

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
        asked = langs  # languages the person named (`--lang`): every one of them is asked for
        langs = [lang for lang in (langs or self.langs) if lang in self.langs]
        if not langs:
            return Results()
        text = query_text.without_question_marks(text) or text
        check_syntax(text)
        view = self.default_view if edition in (None, "latest") else edition
        if view is not None and view not in self.editions and self.editions:
            raise QueryError(f"no edition {view} in the corpus (it holds {', '.join(self.editions)})")
        # A card named in plain words; one named with `card:` is the person's own filter.
        mentions = self._card_mentions(text) if translate and ":" not in text else []
        rest = card_mentions.rest(text, mentions) if mentions else text
        plan = self.translator.plan(rest, langs) if translate and rest else Plan([], langs)
        own = plan.detected or langs
        little = query_text.only_little_words(rest, own) if rest else None
        if little and not mentions:
            raise QueryError(f"{' '.join(little)!r}: only words too common to search for on their own"
                             " (articles, prepositions, question words): add a word that says what to find")
        typed = "" if little else query_text.little_words_left_out(rest, own)[0]
        wanted = set(asked) if asked else {*plan.detected, "en"}
        named = [fusion_run(langs, f'card:"{m.card}"', None, 1.0, wanted, ["ruling"], first=m.card) for m in mentions]
        rules = [number for m in mentions for number in self._cards.keyword_rules(m.card, view)] if mentions else []
        if rules:
            numbers = " OR ".join(f"number:{number}" for number in dict.fromkeys(rules))
            named.append(fusion_run(["en"], numbers, None, 1.0, wanted, ["rule"], first=True))
        for any_word in (False, True):
            # An incomplete translation (a word dropped) asks a looser question: partial only.
            used = [t for t in plan.translations if t.complete or any_word]
            as_typed = plan.fallback + [t.target for t in plan.translations if t not in used]
            runs = list(named)
            if typed:
                runs.append(fusion_run(plan.direct, typed, None, 1.0, wanted))
                runs += [fusion_run([t.target], t.query, t.shown, 1.0 if t.complete else INCOMPLETE_WEIGHT, wanted) for t in used]
                runs.append(fusion_run(as_typed, typed, None, 1.0, wanted))
            hits = self._search_fused(runs, kinds, limit, any_word or not typed, view, plan.detected)
            if hits:
                return Results(hits=hits, partial=any_word, plan=plan)
        return Results(suggestion=self.suggest(text), plan=plan)

    @cached_property
    def _cards(self) -> card_mentions.CardLookup | None:
        """The corpus database's card names, read only, for cards named in queries."""
        import sqlite3

        from mtgrules import paths

        database = paths.database_path()
        if not database.exists():
            return None
        return card_mentions.CardLookup(sqlite3.connect(f"file:{database}?mode=ro", uri=True))

    def _card_mentions(self, text: str) -> list[card_mentions.Mention]:
        cards = self._cards
        return card_mentions.find(text, cards.names_from) if cards is not None else []

    def _search_fused(self, runs: list[tuple], kinds: list[str] | None, limit: int, any_word: bool, view: str | None,
                      own: list[str]) -> list[Hit]:
        """The hits of every run (the query as typed in its languages, each translation),
        fused into one ranking (`mtgrules.index.fusion`): a record's key found by several runs
        (the Spanish 704.5g and the English one) counts once, shown in the query's language
        (`own`) where the corpus has it, else in English (`_preference`). Snippets are made for
        the hits shown only."""
        lists: list[fusion.Ranked] = []
        shown: dict[str, _Found] = {}
        first: dict[str, float] = {}
        for langs, text, translation, weight, asked, run_kinds, named in runs:
            if not langs:
                continue
            if run_kinds is not None:  # a card's rulings or its keywords' rules, within what was asked
                run_kinds = [kind for kind in run_kinds if not kinds or kind in kinds]
                if not run_kinds:
                    continue
            found = self._run(text, langs, run_kinds or kinds, max(limit, FUSION_DEPTH), any_word and not named,
                              translation, view)
            if isinstance(named, str):  # `card:"Solitude"` finds Tempered in Solitude too: that card only
                found = [f for f in found if named in f.hit.cards or f.hit.card == named]
            keys = []
            for hit in sorted(found, key=lambda f: -f.score):
                key = hit.key()
                keys.append(key)
                if key not in shown or _preference(hit, asked, own) > _preference(shown[key], shown[key].run.asked, own):
                    shown[key] = hit
                    hit.run.asked = asked
            lists.append(fusion.Ranked(keys, weight, asked))
            if named:
                first.update(dict.fromkeys(keys, NAMED_BOOST))
        # A card record matches on any of the names and texts it prints in every language; a
        # search asks about rules and rulings (`mtgrules card` shows a card): cards come lower.
        boost = {key: CARD_WEIGHT for key in shown if key.startswith("[\"card\"")} | first
        return [shown[key].with_snippet() for key in fusion.order(lists, boost=boost)[:limit]]

    def _search_tiers(self, tiers, kinds: list[str] | None, limit: int, any_word: bool, view: str | None) -> list[Hit]:
        """The query's own languages' hits by score, then the other tier's hits by score,
        without a key already shown (in another language). When both tiers found something,
        the first keeps at most the larger share of the page (NATIVE_SHARE) and yields the rest
        to the second. Snippets are made for the hits shown only."""
        found: list[list[_Found]] = []
        for tier in tiers:
            hits: list[_Found] = []
            for langs, text, translation in tier:
                if langs:
                    hits.extend(self._run(text, langs, kinds, limit, any_word, translation, view))
            found.append(sorted(hits, key=lambda f: -f.score))
        first, second = found
        if second:
            keep = max(limit - len(second), round(NATIVE_SHARE * limit))
            shown = {f.key() for f in first[:keep]}
            # The second tier's hits not shown above, as many as the page can take: the first
            # keeps `keep` hits when at least that many are left (else up to the page's rest).
            wanted = limit - min(len(first), keep)
            left: list[_Found] = []
            for f in second:
                if len(left) == wanted:
                    break
                if f.key() not in shown:
                    left.append(f)
            second = left
            first = first[: max(limit - len(second), keep)]
        return [f.with_snippet() for f in (first + second)[:limit]]

    def _run(self, text: str, langs: list[str], kinds: list[str] | None, limit: int, any_word: bool,
             translation: str | None, view: str | None) -> list[_Found]:
        try:
            parsed = self.parse(text, langs, any_word)
        except QueryError:
            if translation is None:
                raise
            return []  # a translation that reads as nothing searchable: the other tiers stand
        allowed, excluded = self._filters(langs, kinds, view)
        if allowed is not None and not allowed:
            return []
        found = self.searcher.search(parsed, limit=limit, filter=allowed, mask=excluded)
        if not found:
            return []
        run = _Run(self, parsed, translation, view)
        return [_Found(run, hit.docnum, round(hit.score, 4)) for hit in found]

    def _cards_named(self, parsed) -> set[str]:
        """The English names of the cards the `card:` terms of a query name (any name they are
        printed under), read from the entries of single cards: what a ruling on several cards
        is shown first under."""
        named = _card_terms(parsed)
        if not named:
            return set()
        found = self.searcher.search(wq.And(named) if len(named) > 1 else named[0], limit=200)
        return {hit["card_name"] for hit in found if hit.get("card_name") and not hit.get("cards")}

    def _filters(self, langs: list[str], kinds: list[str] | None, view: str | None) -> tuple[set[int] | None, set[int] | None]:
        """(documents allowed, documents excluded) for these languages and kinds in one
        edition's view; None for no restriction.

        The sets are computed once per open index: whoosh's `filter=` given a query lists its
        documents again on every search (3-4 ms for a few thousand records); given a set, it
        uses it as is. (Restricting inside the query instead, with zero-boost terms, breaks
        whoosh's block-quality skipping, which divides by the boost.) Languages are restricted
        by whichever set is smaller: the documents of the languages asked, or those of the
        others (English alone: the few Spanish and French records are excluded rather than
        the thousands of English ones listed, some 3 ms of a cold search). Each combination is
        worked out once: the partial pass of a search asks for the same ones again."""
        key = (tuple(langs), tuple(kinds or ()), view)
        if key not in self._filter_sets:
            self._filter_sets[key] = self._work_out_filters(langs, kinds, view)
        return self._filter_sets[key]

    def _work_out_filters(self, langs: list[str], kinds: list[str] | None, view: str | None) -> tuple[set[int] | None, set[int] | None]:
        allowed = excluded = None
        if len(self.editions) > 1 and view is not None:  # one edition: every record is in its view
            allowed = self._view_documents(view)
        if set(langs) != set(self.langs):
            others = [lang for lang in self.langs if lang not in langs]
            count = self.searcher.doc_frequency
            if sum(count("lang", lang) for lang in others) < sum(count("lang", lang) for lang in langs):
                excluded = self._documents("lang", others)
            else:
                of_langs = self._documents("lang", langs)
                allowed = of_langs if allowed is None else allowed & of_langs
        if kinds:
            of_kinds = self._documents("kind", kinds)
            allowed = of_kinds if allowed is None else allowed & of_kinds
        return allowed, excluded

    def _view_documents(self, view: str) -> set[int] | None:
        """The documents of one edition's view (written at build time for the default view),
        or None when it shows every document: nothing to filter (a corpus whose editions differ
        in no rule; reading and checking a set of every document took 1-2 ms of a search)."""
        if view not in self._view_sets:
            written = self.folder / view_file(view)
            if written.exists():
                size = written.stat().st_size
                every = size // array("I").itemsize == self.searcher.doc_count()
                shown = None if every else set(array("I", written.read_bytes()))
            else:
                shown = self._documents("views", [view, EVERY_VIEW])
                shown = None if len(shown) == self.searcher.doc_count() else shown
            self._view_sets[view] = shown
        return self._view_sets[view]

    def _documents(self, fieldname: str, values: list[str]) -> set[int]:
        key = (fieldname, tuple(sorted(values)))
        if key not in self._document_sets:
            found: set[int] = set()
            for value in values:
                found.update(self.searcher.docs_for_query(wq.Term(fieldname, value)))
            self._document_sets[key] = found
        return self._document_sets[key]

    def _matched_terms(self, parsed) -> tuple[dict[str, set[str]], set[str]]:
        """The index terms the query matched: per language (stems) and unstemmed words."""
        stemmed: dict[str, set[str]] = {}
        words: set[str] = set()
        by_field = {title_field(lang): lang for lang in self.langs} | {text_field(lang): lang for lang in self.langs}
        # Not Query.existing_terms: in whoosh 2.7 it reuses its `fieldname` argument as a loop
        # variable and so skips every field after the first.
        reader = self.searcher.reader()
        for leaf in parsed.leaves():
            for fieldname, term in leaf.expanded_terms(reader, phrases=True):
                text = term.decode("utf-8") if isinstance(term, bytes) else term
                if fieldname in by_field:
                    stemmed.setdefault(by_field[fieldname], set()).add(text)
                elif fieldname == "words":
                    words.add(text)
        return stemmed, words

    def _vocabulary_near(self, word: str) -> list[str]:
        """Words of the index that start like `word` and are about as long: the candidates of
        a correction. (whoosh's own `suggest` walks a Levenshtein automaton in Python and takes
        over 100 ms here.)"""
        reader = self.searcher.reader()
        near = []
        for term in reader.expand_prefix("words", word[:1]):
            term = term.decode("utf-8") if isinstance(term, bytes) else term
            if abs(len(term) - len(word)) <= 2:
                near.append(term)
        return near

    def suggest(self, text: str) -> str | None:
        """The query with its unknown words replaced by the closest words of the index."""
        import difflib  # not at import: only a search that found nothing needs it

        reader = self.searcher.reader()
        changed = False

        def replace(match: re.Match) -> str:
            nonlocal changed
            word = match.group(0)
            if ":" in word or re.search(r"[*?~]", word) or word in _OPERATORS:
                return word
            folded = fold(word)
            if reader.doc_frequency("words", folded):
                return word
            found = difflib.get_close_matches(folded, self._vocabulary_near(folded), n=1, cutoff=0.75)
            if not found:
                return word
            changed = True
            return found[0]

        suggestion = _outside_quotes(text, _WORD, replace)
        return suggestion if changed else None
