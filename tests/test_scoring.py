"""`mtgrules.index.scoring.BM25F` reads each field's lengths once instead of on every document
it scores: every document's score must be the very float whoosh's BM25F gives, for every kind
of query, on an index of one segment and on one of several (an index updated in place)."""

from __future__ import annotations

import pytest
from test_index import sample_records, use_corpus
from whoosh import index as whoosh_index
from whoosh import scoring as whoosh_scoring

from mtgrules.index import schema
from mtgrules.index.query import Index
from mtgrules.index.scoring import BM25F

QUERIES = ["creature", "state based actions", "criaturas resistencia", "poison counters", '"loses the game"', "confab*",
           "electrozoo~", "card:electrozoa", "energía", "生物", "player OR team", "creature NOT toughness"]


def scores(searcher, parsed, limit):
    return [(hit.docnum, hit.score) for hit in searcher.search(parsed, limit=limit)]


def compare(folder, index: Index) -> int:
    compared = 0
    with whoosh_index.open_dir(str(folder)).searcher(weighting=whoosh_scoring.BM25F()) as theirs, \
            whoosh_index.open_dir(str(folder)).searcher(weighting=BM25F()) as ours:
        for text in QUERIES:
            for langs in (index.langs, ["en"], ["es"]):
                for any_word in (False, True):
                    parsed = index.parse(text, langs, any_word)
                    for limit in (None, 3):
                        expected = scores(theirs, parsed, limit)
                        assert scores(ours, parsed, limit) == expected, (text, langs, any_word, limit)
                        compared += len(expected)
    return compared


def test_scores_are_whoosh_bm25f_scores(monkeypatch):
    use_corpus(monkeypatch, sample_records())
    with Index.current() as index:
        assert compare(index.folder, index) > 100


def test_scores_are_whoosh_bm25f_scores_on_several_segments(monkeypatch, tmp_path):
    use_corpus(monkeypatch, sample_records())
    records = sample_records()
    ix = whoosh_index.create_in(str(tmp_path), schema.build_schema(sorted({record.lang for record in records})))
    for start in range(0, len(records), 7):  # a segment every seven records
        writer = ix.writer()
        for record in records[start:start + 7]:
            writer.add_document(**{name: value for name, value in schema.document(record, [record.lang]).items()
                                   if not name.startswith("_")})
        writer.commit(merge=False)
    assert len(ix._segments()) > 2
    with Index.current() as index:
        assert compare(tmp_path, index) > 100


@pytest.mark.parametrize("fieldname", ["text_en", "title_es", "card", "no_such_field"])
def test_a_documents_length_is_the_readers(monkeypatch, fieldname):
    use_corpus(monkeypatch, sample_records())
    with Index.current() as index:
        reader = index.searcher.reader()
        lengths = BM25F()._field_lengths(reader, fieldname)
        assert lengths is not None
        assert [lengths(docnum) for docnum in range(reader.doc_count_all())] == \
            [reader.doc_field_length(docnum, fieldname, 1) for docnum in range(reader.doc_count_all())]
