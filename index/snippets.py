"""Highlighted snippets of a result's text.

whoosh's highlighter only knows the terms of the field it highlights, but here a query word may
have matched through another field (fuzzy terms and prefixes run on the unstemmed `words`
field). So the text is analyzed twice, with its language's analyzer and with the unstemmed one,
and a word is marked when either form is among the terms the query matched. The snippet is a
window of the text around the first marked word, with matches between MARK_START and MARK_END.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from mtgrules.index.analyzers import TOKEN_PATTERN, fold, language_analyzer, words_analyzer

MARK_START = "\x02"
MARK_END = "\x03"
WIDTH = 220
_TOKEN = re.compile(TOKEN_PATTERN)


def words_with_spans(text: str) -> Iterator[tuple[str, int, int]]:
    """(word, start, end) of each token `words_analyzer` makes of `text`. A text without CJK
    characters (which that analyzer splits apart) is read with its pattern directly: its
    chain of filters, token by token, took most of the time of a search's snippets."""
    if text and max(text) >= "\u3040":
        for token in words_analyzer()(text, chars=True):
            yield token.text, token.startchar, token.endchar
        return
    for match in _TOKEN.finditer(text):
        yield fold(match.group().lower()), match.start(), match.end()


def match_spans(text: str, lang: str, stemmed_terms: set[str], word_terms: set[str]) -> list[tuple[int, int]]:
    """(start, end) of the words of `text` that the query matched."""
    stemmer = language_analyzer(lang)
    prefixes = tuple({term[:-1] or term for term in stemmed_terms})
    spans: list[tuple[int, int]] = []
    for word, start, end in words_with_spans(text):
        exact = word in word_terms or word in stemmed_terms
        if exact or (prefixes and word.startswith(prefixes) and {stem.text for stem in stemmer(text[start:end])} & stemmed_terms):
            spans.append((start, end))
    return spans


def snippet(text: str, lang: str, stemmed_terms: set[str], word_terms: set[str]) -> str:
    """A window of `text` (one line) with matched words marked; its start when nothing matched."""
    flat = " ".join(text.split())
    spans: list[tuple[int, int]] = []
    for begin, finish in sorted(match_spans(flat, lang, stemmed_terms, word_terms)):
        if spans and begin <= spans[-1][1]:  # touching marks (CJK characters) become one
            spans[-1] = (spans[-1][0], max(finish, spans[-1][1]))
        else:
            spans.append((begin, finish))
    if not spans:
        return flat[:WIDTH] + ("…" if len(flat) > WIDTH else "")
    first = spans[0][0]
    start = 0 if first < WIDTH // 3 else flat.rfind(" ", 0, first - WIDTH // 4) + 1
    end = min(len(flat), start + WIDTH)
    if end < len(flat):
        end = max(flat.rfind(" ", start, end), spans[0][1])
    pieces, cursor = [], start
    for begin, finish in spans:
        if begin < cursor or finish > end:
            continue
        pieces += [flat[cursor:begin], MARK_START, flat[begin:finish], MARK_END]
        cursor = finish
    pieces.append(flat[cursor:end])
    return ("…" if start > 0 else "") + "".join(pieces) + ("…" if end < len(flat) else "")
