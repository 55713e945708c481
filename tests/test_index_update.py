"""The search index updated in place when documents change (`mtgrules.index.update`), and built
anew only when it must be: what a search finds after an update is what a full build of the
same corpus finds."""

from __future__ import annotations

import json

import pytest
from test_index import keys, rule, ruling, sample_records

from mtgrules import store
from mtgrules.index import build, layout, update
from mtgrules.index.query import Index
from mtgrules.records import Record


def put(path: str, records: list[Record], digest: str | None = None) -> None:
    with store.Store().writing() as writer:
        writer.put(path, digest or store.digest_bytes("".join(r.to_json() for r in records).encode()), "sample", records)


def remove(path: str) -> None:
    with store.Store().writing() as writer:
        writer.remove(path)


@pytest.fixture
def corpus(monkeypatch):
    """The sample corpus as three documents (English rules, the rest, a Spanish page), the
    embedded seeds left out, its index built; full builds counted in `corpus.full`."""
    monkeypatch.setattr(store, "embedded_manifest", lambda: {})
    records = sample_records()
    english = [r for r in records if r.kind in ("rule", "section") and r.lang == "en"]
    spanish = [r for r in records if r.kind in ("rule", "section") and r.lang == "es"]
    put("english", english)
    put("spanish-page", spanish)
    put("others", [r for r in records if r not in english and r not in spanish])
    build.ensure_index()
    full = []
    real = build._rebuild_locked
    monkeypatch.setattr(build, "_rebuild_locked", lambda *arguments: (full.append(1), real(*arguments))[1])

    class Corpus:
        pass

    corpus = Corpus()
    corpus.full = full
    return corpus


def everything(folder) -> set[str]:
    """Every entry of the index in `folder`, its stored fields as JSON."""
    from whoosh import index, query

    with index.open_dir(str(folder)).searcher() as searcher:
        return {json.dumps(searcher.stored_fields(n), sort_keys=True, ensure_ascii=False)
                for n in searcher.docs_for_query(query.Every())}


def fully_built() -> set[str]:
    """What a full build of the corpus as it is now holds."""
    return everything(build.rebuild())


def entry(key: str, lang: str) -> dict:
    """The stored fields of one entry of the current index."""
    found = [json.loads(e) for e in everything(build.current_build())]
    [only] = [e for e in found if e["key"] == key and e["lang"] == lang]
    return only


def test_one_more_page_is_found_and_nothing_else_changes(corpus):
    before = everything(build.ensure_index())
    put("french-page", [rule("704.5f", "fr", "Une créature d'endurance 0 ou moins est mise dans le cimetière de son propriétaire.")])
    with Index.current() as index:
        assert ("rule", "704.5f", "fr") in keys(index.search("endurance cimetière", translate=False))
        assert keys(index.search("criaturas", translate=False)) == [("rule", "704.5f", "es")]
    after = everything(build.current_build())
    assert corpus.full == [], "one more page updates the index, it does not build it again"
    # The English, Spanish and Chinese texts of 704.5f now say they exist in French too.
    assert {e for e in before if '"704.5f"' not in e} <= after
    assert entry('["rule", "704.5f"]', "en")["key_langs"] == ["en", "es", "fr", "zh"]
    assert after == fully_built()


def test_a_changed_document_stored_again_leaves_nothing_of_its_old_records(corpus):
    put("spanish-page", [rule("704.5f", "es", "Una criatura con resistencia cero muere en seguida.")])
    with Index.current() as index:
        assert index.search("siguientes", langs=["es"], translate=False).hits == []  # 704.5 es, gone
        assert keys(index.search("seguida", translate=False)) == [("rule", "704.5f", "es")]
    assert corpus.full == []
    assert entry('["rule", "704.5"]', "en")["key_langs"] == ["en"], "704.5 exists in English only now"
    assert everything(build.current_build()) == fully_built()


def test_a_removed_document_leaves_the_index(corpus):
    remove("spanish-page")
    with Index.current() as index:
        assert index.search("criaturas", langs=["es"], translate=False).hits == []
    assert corpus.full == []
    assert everything(build.current_build()) == fully_built()


def test_a_card_named_in_a_new_language_is_found_by_that_name(corpus):
    put("german-rulings", [ruling("Electrozoa", "de", 1, "e1", "{E} steht für eine Energiemarke.", printed_name="Elektrozoon")])
    with Index.current() as index:
        assert ("card", "Electrozoa", "en") in keys(index.search('card:elektrozoon'))
        assert ("ruling", "Electrozoa", "de") in keys(index.search("energiemarke", langs=["de"], translate=False))
    assert corpus.full == []
    assert everything(build.current_build()) == fully_built()


def test_a_new_version_of_the_schema_builds_the_index_anew(corpus, monkeypatch):
    monkeypatch.setattr(layout, "LAYOUT", layout.LAYOUT + 1)
    put("french-page", [rule("704.5f", "fr", "Une créature d'endurance 0 ou moins meurt.")])
    with Index.current() as index:
        assert ("rule", "704.5f", "fr") in keys(index.search("endurance", translate=False))
    assert corpus.full == [1]


def test_a_corpus_database_made_anew_builds_the_index_anew(corpus):
    """A database moved away and made again numbers its documents from 1: the old build's list
    of document ids says nothing of the new database, so it is built anew, never updated."""
    from mtgrules import paths

    for file in paths.database_path().parent.glob("corpus.sqlite3*"):
        file.unlink()
    put("french-page", [rule("704.5f", "fr", "Une créature d'endurance 0 ou moins meurt.")])
    with Index.current() as index:
        assert keys(index.search("endurance", translate=False)) == [("rule", "704.5f", "fr")]
        assert keys(index.search("criaturas", translate=False)) == []  # the old database's pages are gone
    assert corpus.full == [1]


def test_new_rule_identities_build_the_index_anew(corpus):
    """A new English edition changes which rules translations are shown under: a full build."""
    newer = [Record(kind="rule", lang="en", source="cr2:1", number="704.5f", edition="2026-08-07", aligned=True,
                    text="A creature with toughness 0 or less goes to its owner's graveyard.")]
    from mtgrules.align import ingest

    with store.Store().writing() as writer:
        writer.put("newer-edition", "d" * 64, "rules", newer)
        ingest.relink(writer, {"2026-08-07"})
    build.ensure_index()
    assert corpus.full == [1]


def test_a_killed_update_leaves_the_previous_index_in_use(corpus, monkeypatch):
    from mtgrules.index import schema

    first = build.current_build()
    put("french-page", [rule("704.5f", "fr", "Une créature d'endurance 0 ou moins meurt.")])
    real = schema.document

    def dying(record, *arguments):
        if record.lang == "fr":
            raise KeyboardInterrupt  # stopped half-way, as on Ctrl-C
        return real(record, *arguments)

    monkeypatch.setattr(schema, "document", dying)
    with pytest.raises(KeyboardInterrupt):
        build.ensure_index()
    assert build.current_build() == first
    with Index(first) as index:
        assert keys(index.search("criaturas", translate=False)) == [("rule", "704.5f", "es")]
        assert index.search("endurance", translate=False).hits == []
    monkeypatch.setattr(schema, "document", real)
    with Index.current() as index:
        assert ("rule", "704.5f", "fr") in keys(index.search("endurance", translate=False))
    assert corpus.full == []


def test_an_update_leaves_the_build_it_copies_as_it_was(corpus):
    """The copy shares the whoosh files by hard links: the build in use (a search may hold
    it open) must not change under it."""
    first = build.current_build()
    files = {path.name: path.read_bytes() for path in first.rglob("*") if path.is_file()}
    put("french-page", [rule("704.5f", "fr", "Une créature d'endurance 0 ou moins meurt.")])
    second = build.ensure_index()
    assert second != first and update.can_update(second, store.Store())
    assert {path.name: path.read_bytes() for path in first.rglob("*") if path.is_file()} == files
    with Index(first) as index:
        assert index.search("endurance", translate=False).hits == []


def edition(date: str, changed: dict[str, str] | None = None) -> list[Record]:
    """The sample's English rules as one edition of `date`, with `changed` texts by number."""
    return [Record(**{**r.__dict__, "edition": date, "source": f"cr-{date}:{position}", "text": (changed or {}).get(r.number or "", r.text)})
            for position, r in enumerate(sample_records()) if r.kind in ("rule", "section") and r.lang == "en"]


def energy_ruling(card: str, position: int) -> Record:
    return ruling(card, "en", position, "x9", "You can't pay more energy counters than you have.", date="2017-02-09")


def test_entries_of_several_editions_and_cards_stay_those_of_a_full_build(corpus):
    """Records of one text in several documents are one entry: every change of one of those
    documents writes the entry again from the records the store then holds."""
    put("edition-2025", edition("2025-06-06", {"704.5b": "A player who attempted to draw from an empty library loses."}))
    put("rulings-a", [energy_ruling("Aether Hub", 7), energy_ruling("Harnessed Lightning", 3)])
    assert everything(build.ensure_index()) == fully_built()
    put("edition-2024", edition("2024-06-07"))  # older than 2025: the default view stays
    put("rulings-b", [energy_ruling("Electrozoa", 4)])
    builds = len(corpus.full)
    assert everything(build.ensure_index()) == fully_built()
    assert len(corpus.full) == builds + 1, "updated in place (the one build is the comparison's)"
    merged = [json.loads(e) for e in everything(build.current_build()) if '"shown"' in e]
    assert any(set(e["shown"]) == {"2024-06-07", "2025-06-06"} for e in merged), "the 2024 copy joins the 2025 entries"
    [shared] = [json.loads(e) for e in everything(build.ensure_index()) if "energy counters than" in e]
    assert shared["cards"] == ["Aether Hub", "Harnessed Lightning", "Electrozoa"]
    remove("rulings-a")  # the entry keeps Electrozoa's ruling
    builds = len(corpus.full)
    assert everything(build.ensure_index()) == fully_built()
    assert len(corpus.full) == builds + 1, "updated in place (the one build is the comparison's)"
    remove("edition-2025")  # the entries of both editions keep the 2024 records
    assert everything(build.ensure_index()) == fully_built()
    with Index.current() as index:
        assert ("ruling", "Electrozoa", "en") in keys(index.search('card:electrozoa "energy counters than"'))
        found = index.search('card:"aether hub" "energy counters than"')
        assert found.partial or not found.hits, "Aether Hub's ruling went with its document"
    put("edition-2025", edition("2025-06-06", {"704.4": "State-based actions wait for nothing."}))
    assert everything(build.ensure_index()) == fully_built()
