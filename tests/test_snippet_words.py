"""Snippets mark the words of a text as the search tables hold them: the words `analysis.spans`
cuts a text into for marking, folded (CJK runs as bigrams), are exactly the tokens
`analysis.words` indexes, on every line of a real rules edition and on texts that mix scripts,
accents, numbers and punctuation."""

from __future__ import annotations

from conftest import corpus_file
from test_index import sample_records

from mtgrules.index import analysis

MIXED = [
    "", " ", "704.5aa and 704.5a. ÉNERGIE, énergie; Energía {E}{E} +1/+1 8/8", "Æther Hub — l’éther d'Électrozoa",
    "ß ﬁre Ⅻ ①", "防御力为0或更少的生物置入其拥有者的坟墓场。", "mixed 生物 creature ｶﾀｶﾅ", "a_b __init__ x.y.z 1.2.",
    "tab\tnew\nline  two", "ΣΊΣΥΦΟΣ σίσυφος ς",
]


def marked_words(text: str) -> list[str]:
    found = []
    for piece, start, end in analysis.spans(text):
        assert text[start:end].lower() == piece
        found.extend(analysis.bigrams(piece) if analysis.is_cjk_run(piece) else [analysis.fold(piece)])
    return found


def test_marked_words_are_the_indexed_words_on_mixed_texts():
    texts = MIXED + [record.text for record in sample_records() if record.text] + [" ".join(MIXED)]
    for text in texts:
        assert marked_words(text) == analysis.words(text), text


def test_marked_words_are_the_indexed_words_on_a_real_rules_edition():
    lines = corpus_file("cr/en-20260807.txt").read_text(encoding="utf-8-sig").splitlines()
    assert len(lines) > 1000
    for line in lines:
        assert marked_words(line) == analysis.words(line), line
