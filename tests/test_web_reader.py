"""The server's reading of the corpus: one snapshot per request (`Store.renew`), a commit by
another program seen at the next request, the connection kept while nothing changed."""

from __future__ import annotations

from conftest import corpus_file

from mtgrules.align import ingest
from mtgrules.store import Store


def test_renew_keeps_the_snapshot_until_another_program_commits(isolated_home):
    reader = Store(isolated_home / "corpus.sqlite3")
    ingest.ingest([str(corpus_file("rulings/MH3-electrozoa.mtgjson-excerpt.json"))], corpus=Store(isolated_home / "corpus.sqlite3"))
    assert reader.records(kinds=["ruling"], card="Kitsa, Otterball Elite") == []
    connection = reader.db
    reader.renew()
    reader.renew()
    assert reader.db is connection  # nothing committed: the same connection, a new snapshot
    before = reader.count(kinds=["ruling"])  # the request's snapshot begins with its first read
    ingest.ingest([str(corpus_file("rulings/BLB-kitnap.mtgjson-excerpt.json"))], corpus=Store(isolated_home / "corpus.sqlite3"))
    assert reader.count(kinds=["ruling"]) == before  # within one request, one snapshot
    reader.renew()
    assert reader.count(kinds=["ruling"]) > before  # the other program's commit, seen at the next
    assert reader.db is not connection


def test_the_seeds_alone_are_kept_in_memory_until_a_database_appears(isolated_home):
    reader = Store(isolated_home / "corpus.sqlite3")
    seeds = reader.count()
    connection = reader.db
    assert reader.in_memory
    reader.renew()
    assert reader.db is connection  # not read into memory again at each request
    ingest.ingest([str(corpus_file("rulings/MH3-electrozoa.mtgjson-excerpt.json"))], corpus=Store(isolated_home / "corpus.sqlite3"))
    reader.renew()
    assert not reader.in_memory and reader.count() > seeds


def test_the_term_dictionary_is_kept_until_the_corpus_changes(isolated_home):
    from mtgrules.web.reader import Reader

    reader = Reader(Store(isolated_home / "corpus.sqlite3"))
    first = reader.dictionary(None)
    reader.snapshot()
    assert reader.dictionary(None) is first
    ingest.ingest([str(corpus_file("cr/keywords_en_es_fr.tsv"))], corpus=Store(isolated_home / "corpus.sqlite3"))
    reader.snapshot()
    again = reader.dictionary(None)
    assert again is not first
    assert len(again.entries) > len(first.entries)
