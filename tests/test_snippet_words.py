"""Snippets read a text's words with the pattern of `words_analyzer` directly when the text has
no CJK characters (`snippets.words_with_spans`, for speed): the words and their places must be
exactly those the analyzer gives, on every line of a real rules edition and on texts that mix
scripts, accents, numbers and punctuation."""

from __future__ import annotations

from conftest import corpus_file
from test_index import sample_records

from mtgrules.index.analyzers import words_analyzer
from mtgrules.index.snippets import words_with_spans

MIXED = [
    "", " ", "704.5aa and 704.5a. ÉNERGIE, énergie; Energía {E}{E} +1/+1 8/8", "Æther Hub — l’éther d'Électrozoa",
    "İstanbul ǅemal ß ﬁre Ⅻ ①", "防御力为0或更少的生物置入其拥有者的坟墓场。", "mixed 生物 creature ｶﾀｶﾅ", "a_b __init__ x.y.z 1.2.",
    "tab\tnew\nline  two", "ǈ ǉ Ǌ ǋ ǌ", "ΣΊΣΥΦΟΣ σίσυφος ς", "Ω Ǆ",
]


def analyzed(text: str) -> list[tuple[str, int, int]]:
    return [(token.text, token.startchar, token.endchar) for token in words_analyzer()(text, chars=True)]


def test_words_and_spans_are_the_analyzers_on_mixed_texts():
    texts = MIXED + [record.text for record in sample_records() if record.text] + [" ".join(MIXED)]
    for text in texts:
        assert list(words_with_spans(text)) == analyzed(text), text


def test_words_and_spans_are_the_analyzers_on_a_real_rules_edition():
    lines = corpus_file("cr/en-20260807.txt").read_text(encoding="utf-8-sig").splitlines()
    assert len(lines) > 1000
    for line in lines:
        assert list(words_with_spans(line)) == analyzed(line), line
