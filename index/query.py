"""Searching the index: query syntax, filters, ranked hits with snippets, "did you mean".

Syntax is whoosh's (words, "phrases", AND/OR/NOT, parentheses) over the title and text fields of
the chosen languages and card names, plus `card:`, `number:`, `lang:`, `kind:`, prefixes
(`confab*`) and fuzzy terms (`electrozoo~`, `~2` for two edits). Prefixes and fuzzy terms are
sent to the unstemmed `words` field: against stems they would find nothing or the wrong words.
whoosh accepts nearly anything and silently drops what it cannot read; `check_syntax` refuses
the mistakes a person makes (a lone quote, an unknown field) so they get an error, not
surprising results. Scoring is whoosh's BM25F with titles weighted (see schema).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from whoosh import index as whoosh_index
from whoosh import query as wq
from whoosh.qparser import FuzzyTermPlugin, MultifieldParser

from mtgrules.errors import MtgrulesError
from mtgrules.index.build import SILENT, BuildReporter, ensure_index, read_meta
from mtgrules.index.schema import QUERY_FIELDS, text_field, title_field
from mtgrules.index.snippets import snippet
from mtgrules.text import fold

_QUOTED = re.compile(r'"[^"]*"')
_FIELD = re.compile(r"(?<![\w.])([A-Za-z_]\w*):")
# A word with its field prefix if it has one: `card:electro*` is one word.
_WORD = re.compile(r'(?:[A-Za-z_]\w*:)?[^\s"():]+')
_OPERATORS = {"AND", "OR", "NOT", "ANDNOT", "ANDMAYBE"}


class QueryError(MtgrulesError):
    """A query a person must fix: the message says what is wrong with it."""


def check_syntax(text: str) -> None:
    """Raise QueryError for mistakes whoosh would silently ignore."""
    if not text.strip():
        raise QueryError("empty query")
    if text.count('"') % 2:
        raise QueryError(f'unbalanced quote in query {text!r}: close the phrase with "')
    outside = _QUOTED.sub(" ", text)
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
        if not rest or rest[0].isspace():
            raise QueryError(f"nothing after {name + ':'!r} in query")
    tokens = outside.split()
    if tokens and (tokens[0] in _OPERATORS - {"NOT"} or tokens[-1] in _OPERATORS):
        raise QueryError(f"query {text!r} starts or ends with an operator")
    for word in _WORD.findall(outside):
        if ":" not in word and not re.search(r"[^\W\d]", word) and re.search(r"[*?~]", word):
            raise QueryError(f"{word!r} has no letters: wildcards and ~ need a word")


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

    def to_dict(self) -> dict:
        return dict(self.__dict__)


@dataclass
class Results:
    hits: list[Hit] = field(default_factory=list)
    suggestion: str | None = None


class Index:
    """An open index: one searcher reused across queries (what makes a warm query cheap)."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.langs: list[str] = read_meta(folder)["langs"]
        self.searcher = whoosh_index.open_dir(str(folder)).searcher()
        self._document_sets: dict[tuple, set[int]] = {}

    @classmethod
    def current(cls, reporter: BuildReporter = SILENT) -> Index:
        """The index of the current corpus, built first if the corpus changed."""
        return cls(ensure_index(reporter=reporter))

    def close(self) -> None:
        self.searcher.close()

    def __enter__(self) -> Index:
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()

    def parse(self, text: str, langs: list[str]):
        check_syntax(text)
        fields = [name for lang in langs for name in (title_field(lang), text_field(lang))] + ["card"]
        parser = MultifieldParser(fields, self.searcher.schema)
        parser.add_plugin(FuzzyTermPlugin())
        parsed = parser.parse(route_expansions(text))
        if parsed is wq.NullQuery:
            raise QueryError(f"query {text!r} has nothing to search for")
        return parsed.normalize()

    def search(self, text: str, langs: list[str] | None = None, kinds: list[str] | None = None, limit: int = 10) -> Results:
        langs = [lang for lang in (langs or self.langs) if lang in self.langs]
        if not langs:
            return Results()
        parsed = self.parse(text, langs)
        allowed = self._allowed(langs, kinds)
        if allowed is not None and not allowed:
            return Results()
        found = self.searcher.search(parsed, limit=limit, filter=allowed)
        if not found:
            return Results(suggestion=self.suggest(text))
        stemmed, words = self._matched_terms(parsed)
        hits = []
        for hit in found:
            stored = hit.fields()
            lang = stored["lang"]
            hits.append(
                Hit(
                    key=json.loads(stored["key"]),
                    kind=stored["kind"],
                    lang=lang,
                    number=stored.get("number", ""),
                    title=stored.get("title", ""),
                    card=stored.get("card_name", ""),
                    date=stored.get("date", ""),
                    source=stored.get("source", ""),
                    snippet=snippet(stored.get("body") or stored.get("title", ""), lang, stemmed.get(lang, set()), words),
                    other_langs=[other for other in stored.get("key_langs", []) if other != lang],
                    score=round(hit.score, 4),
                )
            )
        return Results(hits=hits)

    def _allowed(self, langs: list[str], kinds: list[str] | None) -> set[int] | None:
        """The documents of these languages and kinds; None when that is every document.

        The sets are computed once per open index: whoosh's `filter=` given a query lists its
        documents again on every search (3-4 ms for a few thousand records); given a set, it
        uses it as is. (Restricting inside the query instead, with zero-boost terms, breaks
        whoosh's block-quality skipping, which divides by the boost.)"""
        allowed = None
        if set(langs) != set(self.langs):
            allowed = self._documents("lang", langs)
        if kinds:
            of_kinds = self._documents("kind", kinds)
            allowed = of_kinds if allowed is None else allowed & of_kinds
        return allowed

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
