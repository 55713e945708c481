"""A query of plain words and "phrases" is built without whoosh's query parser
(`Index._parse_plain`, for speed): it must be exactly the query the parser makes of the same
text, in every language's fields (stemmed, unstemmed CJK, stop words, several tokens to one
word, phrases with and without a slop), whether every word is needed or any is enough.
Anything else a person may type goes to the parser."""

from __future__ import annotations

import pytest
from test_index import sample_records, use_corpus

from mtgrules.index.fields import text_field, title_field
from mtgrules.index.query import Index, _plain_items

WORDS = [
    "energía", "energia", "énergie", "energy counter", "daño letal", "criaturas resistencia", "the", "de la",
    "la criatura de un jugador", "and", "or not", "Not", "704", "704 5", "zebra", "connive draw", "confabular",
    "生物", "防御力为0或更少的生物", "生物 graveyard", "l", "a b c", "Électrozoaire", "ÉNERGIE", "x2 3x", "ⅷ", "ß straße",
    '"lethal damage"', '"lethal damage"~3', 'energía "daño letal" criaturas', '"de la"', '"x"', '"生物 坟墓场"', '"防御力为0"~2',
    ' "poison counters"  and  "state-based actions" ', '"a AND b" c', '"card:x confab* (y)"~12', '"lethal  damage" "x"',
]


def structure(query) -> tuple:
    """Everything that makes a query what it is: its class, field, text(s), boost, scale, slop
    and its children, recursively (whoosh's `==` leaves out some of these)."""
    attributes = tuple((name, getattr(query, name)) for name in ("fieldname", "text", "words", "boost", "scale", "slop")
                       if hasattr(query, name))
    children = tuple(structure(child) for child in query.children()) if not query.is_leaf() else ()
    return type(query).__name__, attributes, children


@pytest.fixture
def index(monkeypatch):
    use_corpus(monkeypatch, sample_records())
    opened = Index.current()
    yield opened
    opened.close()


@pytest.mark.parametrize("any_word", [False, True])
@pytest.mark.parametrize("text", WORDS)
def test_plain_words_make_the_query_whoosh_parser_makes(index, text, any_word):
    assert _plain_items(text) is not None
    for langs in (index.langs, ["es"], ["en"], ["zh"], ["fr", "zh"]):
        langs = [lang for lang in langs if lang in index.langs]
        fields = [name for lang in langs for name in (title_field(lang), text_field(lang))] + ["card"]
        try:
            parsed = index._parse_syntax(text, fields, any_word)
        except Exception as error:  # pragma: no cover - the parser reads every plain word
            pytest.fail(f"whoosh's parser refused {text!r}: {error}")
        assert structure(index._parse_plain(_plain_items(text), fields, any_word)) == structure(parsed), (text, langs)
        assert structure(index.parse(text, langs, any_word)) == structure(parsed.normalize())


@pytest.mark.parametrize("text", ['"lethal damage"c', 'a"b c"', '""', '"a b"~0', '"a b"~x', '"a\nb"', "card:electrozoa", "confab*", "electrozoo~", "a AND b", "NOT b", "(a b)",
                                  "a OR b", "number:704.5", "don't", "state-based", "a^2", "[a TO b]", "704.5", "l'énergie", "x_y"])
def test_anything_else_goes_to_whoosh_parser(text):
    assert _plain_items(text) is None
