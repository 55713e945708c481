"""Pairs learned from ingested card data: once per document, at ingest, kept in the corpus
database with the document; nothing learned for a set the committed lexicon learned from, and
nothing learned again by a search or a rebuild."""

from __future__ import annotations

import json

import pytest
from conftest import corpus_file

from mtgrules.align import corpus_lexicon, ingest, learned, lexicon
from mtgrules.align.phrases import phrase_key
from mtgrules.store import Store

pytestmark = pytest.mark.shared


def _a_set_the_lexicon_has_not_seen(tmp_path):
    """Kaladesh with its Japanese texts only and another file digest: a set the committed
    lexicon did not learn from (its digest is not in lexicon-sources.tsv)."""
    data = json.loads(corpus_file("rulings/KLD.mtgjson-v5.json").read_text(encoding="utf-8"))
    for card in data["data"]["cards"]:
        card["foreignData"] = [f for f in card.get("foreignData", []) if f.get("language") == "Japanese"]
    path = tmp_path / "KLD-ja.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_a_new_set_is_learned_from_at_ingest_and_kept_with_its_document(tmp_path, monkeypatch):
    path = _a_set_the_lexicon_has_not_seen(tmp_path)
    store = Store(tmp_path / "corpus.sqlite3")
    ingest.ingest([str(path)], corpus=store)
    pairs = learned.stored_entries(store.db)
    graveyard = [e for e in pairs if e.lang == "ja" and e.phrase == "墓地"]
    assert graveyard and graveyard[0].english == "graveyard" and graveyard[0].count >= 10
    assert {e.lang for e in pairs} == {"ja"}
    # The corpus's lexicon has them, and making it learns nothing.
    monkeypatch.setattr(lexicon, "learn", lambda *a, **k: pytest.fail("learned again outside the ingest"))
    whole = corpus_lexicon.for_store(Store(tmp_path / "corpus.sqlite3"))
    assert any(e.lang == "ja" and phrase_key(e.phrase, "ja") == phrase_key("墓地", "ja") for e in whole.entries)
    # Ingesting it again unchanged learns nothing and keeps its pairs; removing it removes them.
    ingest.ingest([str(path)], corpus=store)
    assert len(learned.stored_entries(Store(tmp_path / "corpus.sqlite3").db)) == len(pairs)
    with store.writing() as writer:
        writer.remove(str(path.resolve()))
    assert learned.stored_entries(Store(tmp_path / "corpus.sqlite3").db) == []


def test_a_set_the_committed_lexicon_learned_from_is_not_learned_again(tmp_path, monkeypatch):
    path = corpus_file("sets/KLD.json")
    assert path.name in (corpus_file("sets/KLD.json").parent / path.name).name
    calls = []
    monkeypatch.setattr(lexicon, "learn", lambda segments, *a, **k: calls.append(1) or [])
    store = Store(tmp_path / "corpus.sqlite3")
    ingest.ingest([str(path)], corpus=store)
    assert not calls and learned.stored_entries(store.db) == []


def test_a_database_without_the_table_has_no_learned_pairs(tmp_path):
    store = Store(tmp_path / "corpus.sqlite3")
    with store.writing():
        pass
    assert learned.stored_entries(store.db) == []


def _renamed(source, tmp_path, suffix):
    """A copy of a set file with every card renamed (its oracle ids and texts kept): new
    names, the same translations printed again."""
    data = json.loads(source.read_text(encoding="utf-8"))
    for card in data["data"]["cards"]:
        card["name"] += suffix
        for foreign in card.get("foreignData", []):
            foreign["name"] += suffix
    path = tmp_path / f"{source.stem}{suffix.strip()}.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_cards_another_stored_document_holds_are_not_learned_from_again(tmp_path, monkeypatch):
    first = _a_set_the_lexicon_has_not_seen(tmp_path)
    copy = _renamed(first, tmp_path, " 2")
    store = Store(tmp_path / "corpus.sqlite3")
    ingest.ingest([str(first)], corpus=store)
    pairs = learned.stored_entries(store.db)
    assert pairs
    learnt = []
    original = lexicon.learn
    monkeypatch.setattr(lexicon, "learn", lambda segments, *a, **k: learnt.append(len(segments)) or original(segments, *a, **k))
    ingest.ingest([str(copy)], corpus=store)  # every card again under another name
    assert learnt == [] and learned.stored_entries(Store(tmp_path / "corpus.sqlite3").db) == pairs
    # Alone in a corpus, the copy is learned from, as the first was.
    alone = Store(tmp_path / "alone.sqlite3")
    ingest.ingest([str(copy)], corpus=alone)
    assert learnt and {(e.lang, e.english) for e in learned.stored_entries(alone.db)} >= {("ja", "graveyard")}


def test_a_renamed_copy_of_a_set_the_committed_lexicon_learned_from_learns_nothing(tmp_path, monkeypatch):
    calls = []
    monkeypatch.setattr(lexicon, "learn", lambda segments, *a, **k: calls.append(1) or [])
    store = Store(tmp_path / "corpus.sqlite3")
    ingest.ingest([str(corpus_file("sets/KLD.json")), str(_renamed(corpus_file("sets/KLD.json"), tmp_path, " 2"))], corpus=store)
    assert not calls and learned.stored_entries(store.db) == []
