"""The corpus store: transactions, snapshots, the embedded seeds, migration, unwritable folders."""

from __future__ import annotations

import json
import os
import threading
import time

import pytest

from mtgrules import corpus_schema, paths, store
from mtgrules.align import linking
from mtgrules.records import Record


def rule(number, edition, text, lang="en", title=None):
    return Record(kind="rule", lang=lang, source=f"{edition}.txt:1", number=number, edition=edition, text=text, title=title, aligned=True)


def put(path, records, digest=None):
    with store.Store().writing() as writer:
        writer.put(path, digest or path, "rules", records)


def test_a_fresh_store_holds_the_embedded_seeds_and_writes_no_database(isolated_home):
    corpus = store.Store()
    assert corpus.count() == len(store.embedded_records())
    assert corpus.in_memory and not (isolated_home / "corpus.sqlite3").exists()
    assert [path.parent.name for path in isolated_home.rglob("*") if path.is_file()] == ["seeds"]  # `seeds_cache`


def test_a_put_replaces_the_documents_records_and_bumps_the_generation():
    put("/a.txt", [rule("100.1", "2026-08-07", "One.")])
    first = store.Store().generation()
    put("/a.txt", [rule("100.2", "2026-08-07", "Two.")], digest="other")
    corpus = store.Store()
    assert [r.number for r in corpus.records(edition="2026-08-07", langs=["en"])] == ["100.2"]
    assert corpus.generation() == first + 1


def cites(number, edition, references, lang="en"):
    record = rule(number, edition, "See rule " + ", ".join(references) + ".", lang=lang)
    record.references = references
    return record


def test_cited_by_is_a_keyed_read_of_the_rules_of_one_edition():
    put("/a.txt", [cites("100.2", "2026-08-07", ["100.1"]), cites("100.3a", "2026-08-07", ["100.1", "100.2"]),
                   cites("100.9", "2024-06-07", ["100.1"]), cites("100.4", "2026-08-07", ["100.1"], lang="es")])
    corpus = store.Store()
    assert corpus.cited_by("2026-08-07", ["100.1", "100.2", "100.7"]) == {"100.1": ["100.2", "100.3a", "100.4"], "100.2": ["100.3a"]}
    assert corpus.cited_by("2024-06-07", ["100.1"]) == {"100.1": ["100.9"]}
    with store.Store().writing() as writer:
        writer.remove("/a.txt")
    assert store.Store().cited_by("2026-08-07", ["100.1"]) == {}


def test_a_database_written_before_citations_gets_them_on_first_open_without_a_new_generation(isolated_home):
    put("/a.txt", [cites("100.2", "2026-08-07", ["100.1"])])
    with store.Store().writing() as writer:
        writer.db.execute("DROP TABLE citations")
    generation = store.Store().generation()
    corpus = store.Store()
    assert corpus.cited_by("2026-08-07", ["100.1"]) == {"100.1": ["100.2"]}
    assert corpus.generation() == generation


def test_a_record_is_stored_without_its_default_fields_and_read_back_whole():
    glossary = Record(kind="glossary", lang="en", source="cr.txt:9", title="Connive", text="", edition="2026-08-07", aligned=True)
    ruling = Record(kind="ruling", lang="es", source="page.html:3", card="Aether Hub", text="Sí.", position=0, en_position=1,
                    confidence=0.0, names={"es": "Centro de éter"})
    put("/a.txt", [glossary, ruling])
    corpus = store.Store()
    assert [r for r in corpus.records() if r.source in ("cr.txt:9", "page.html:3")] == [glossary, ruling]
    stored = json.loads(corpus.db.execute("SELECT body FROM records WHERE card = 'Aether Hub'").fetchone()[0])
    assert set(stored) == {"kind", "lang", "source", "text", "card", "position", "en_position", "confidence", "names"}
    text = corpus.db.execute("SELECT json_extract(body, '$.text') FROM records WHERE title = 'Connive'").fetchone()[0]
    assert text == ""


def test_a_record_stored_with_every_field_as_earlier_versions_wrote_it_reads_the_same(isolated_home):
    record = rule("100.1", "2026-08-07", "One.", title="Game")
    put("/a.txt", [record])
    with store.Store().writing() as writer:
        writer.db.execute("UPDATE records SET body = ? WHERE number = '100.1'", (record.to_json(with_en_text=False),))
    assert store.Store().records(numbers=["100.1"]) == [record]


def test_numbers_from_a_prefix_are_those_of_one_edition_and_of_none():
    put("/a.txt", [rule("904.5", "2030-01-01", "a"), rule("904.5g", "2030-01-01", "b"), rule("904.6", "2030-01-01", "c"),
                   rule("904.5h", "2024-06-07", "d"), rule("904.5z", None, "e")])
    corpus = store.Store()
    assert sorted(corpus.numbers_from("2030-01-01", "904.5", 10)) == ["904.5", "904.5g", "904.5z"]
    assert len(corpus.numbers_from("2030-01-01", "904", 2)) == 2


def test_a_user_copy_of_a_seed_replaces_it_and_its_removal_brings_it_back():
    entry = next(iter(store.embedded_manifest().values()))
    embedded = store.EMBEDDED_PREFIX + entry["source"]
    put("/mine/page.txt", [], digest=entry["digest"])
    assert embedded not in store.Store().documents()
    with store.Store().writing() as writer:
        writer.remove("/mine/page.txt")
    assert embedded in store.Store().documents()


def test_a_reader_keeps_its_snapshot_while_an_ingest_writes_and_commits():
    """WAL: a reader sees the corpus before the ingest, during it, and until it reads again;
    a reader opened after the commit sees the new corpus whole."""
    put("/a.txt", [rule("100.1", "2026-08-07", "One.")])
    before = store.Store()
    assert before.count(langs=["en"]) == 1
    writing, release = threading.Event(), threading.Event()

    def ingest():
        with store.Store().writing() as writer:
            writer.put("/b.txt", "b", "rules", [rule(f"100.{n}", "2026-08-07", "More.") for n in range(2, 50)])
            writing.set()
            release.wait(10)

    worker = threading.Thread(target=ingest)
    worker.start()
    assert writing.wait(10)
    during = store.Store()
    assert during.count(langs=["en"]) == 1, "a reader never sees a half-written ingest"
    release.set()
    worker.join(10)
    assert before.count(langs=["en"]) == 1 and during.count(langs=["en"]) == 1
    assert store.Store().count(langs=["en"]) == 49
    before.refresh()
    assert before.count(langs=["en"]) == 49


def test_a_second_ingest_waits_for_the_first_and_is_told_once():
    put("/a.txt", [])
    holding, release = threading.Event(), threading.Event()
    told: list[str] = []

    def first():
        with store.Store().writing():
            holding.set()
            release.wait(10)

    worker = threading.Thread(target=first)
    worker.start()
    assert holding.wait(10)
    threading.Timer(0.3, release.set).start()
    started = time.monotonic()
    with store.Store().writing(on_wait=told.append) as writer:
        writer.put("/b.txt", "b", "rules", [])
    worker.join(10)
    assert told == ["waiting for another ingest to finish…"]
    assert time.monotonic() - started >= 0.25
    assert "/b.txt" in store.Store().documents()


def test_an_unwritable_data_folder_still_reads_the_embedded_corpus(monkeypatch):
    def refuse(folder, *args, **kwargs):
        raise PermissionError(13, "Permission denied", str(folder))

    monkeypatch.setattr(os, "makedirs", refuse)  # how mtgrules makes its folders (`paths.make_folders`)
    assert store.Store().count() == len(store.embedded_records())
    with pytest.raises(store.StoreUnwritable, match="cannot write the corpus"), store.Store().writing():
        pass


def test_a_database_that_cannot_be_updated_is_read_as_a_copy_in_memory(monkeypatch):
    """Packaged seeds newer than the stored ones, in a folder that cannot be written: the
    reader refreshes them in a copy and says so, the file is left as it was."""
    put("/a.txt", [rule("100.1", "2026-08-07", "One.")])
    monkeypatch.setattr(corpus_schema, "embedded_digest", lambda: "a newer package")

    def unwritable(self, on_wait=None):
        raise store.StoreUnwritable(f"cannot write the corpus {self.path}: read-only")

    monkeypatch.setattr(store.Store, "writing", unwritable)
    heard: list[str] = []
    corpus = store.Store(on_message=heard.append)
    assert corpus.count(langs=["en"]) == 1 and corpus.in_memory
    assert heard and "reading a copy in memory" in heard[0]


# --- migration from the layout of earlier versions ------------------------------------------


def write_old_corpus(root):
    """A corpus as the version before the database wrote it: manifest.json and one JSON Lines
    file per document, records in the older `extra` form among them."""
    documents = {
        "/data/en-2024.txt": [rule("701.47", "2024-06-07", "", title="Connive"), rule("701.50", "2024-06-07", "", title="Convert")],
        "/data/en-2026.txt": [rule("701.28", "2026-08-07", "", title="Convert"), rule("701.50", "2026-08-07", "", title="Connive")],
    }
    manifest = {}
    (root / "documents").mkdir(parents=True)
    for number, (path, records) in enumerate(documents.items()):
        file = f"documents/doc-{number}.jsonl"
        (root / file).write_text("".join(r.to_json(with_en_text=False) + "\n" for r in records), encoding="utf-8")
        manifest[path] = {"file": file, "digest": f"d{number}", "kind": "rules", "records": len(records), "ingested": "2026-01-01T00:00:00+00:00"}
    old_card = {"kind": "card", "lang": "en", "source": "kld.json:1", "card": "Aether Hub", "title": "Aether Hub",
                "names": {"en": "Aether Hub", "es": "Planta de éter central"}, "extra": {"set": "KLD", "number": "242"}}
    (root / "documents/cards.jsonl").write_text(json.dumps(old_card) + "\n", encoding="utf-8")
    manifest["/data/KLD.json"] = {"file": "documents/cards.jsonl", "digest": "d9", "kind": "mtgjson", "records": 1, "ingested": "2026-01-02T00:00:00+00:00"}
    (root / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    return documents, manifest


def test_an_old_corpus_is_migrated_once_with_one_message_and_nothing_lost():
    old = paths.corpus_dir()
    documents, manifest = write_old_corpus(old)
    heard: list[str] = []
    corpus = linking.open_store(heard.append)
    assert len(heard) == 1 and str(old) in heard[0] and "kept as" in heard[0]
    kept = heard[0].rsplit("kept as ", 1)[1]
    assert not old.exists() and (paths.data_dir() / kept.rsplit("/", 1)[1] / "manifest.json").exists()
    stored = corpus.documents()
    assert {path: (d.digest, d.kind, d.ingested) for path, d in stored.items() if not d.embedded} == {
        path: (entry["digest"], entry["kind"], entry["ingested"]) for path, entry in manifest.items()
    }
    for records in documents.values():
        assert [r.to_dict() for r in corpus.records(edition=records[0].edition, langs=["en"])] == [r.to_dict() for r in records]
    [card] = corpus.records(kinds=["card"])
    assert (card.set_code, card.collector_number) == ("KLD", "242")
    assert corpus.cards_named("planta de eter central") == {"Aether Hub"}
    # Identities were worked out after the migration: Connive is one rule in both editions.
    assert corpus.map_numbers("2024-06-07", ["701.47", "701.50"], "2026-08-07") == {"701.47": "701.50", "701.50": "701.28"}
    heard.clear()
    linking.open_store(heard.append).count()
    assert heard == [], "the migration happens once"


def test_an_old_corpus_in_an_unwritable_folder_is_read_in_memory(monkeypatch):
    write_old_corpus(paths.corpus_dir())

    def unwritable(self, on_wait=None):
        raise store.StoreUnwritable(f"cannot write the corpus {self.path}: read-only")

    monkeypatch.setattr(store.Store, "writing", unwritable)
    heard: list[str] = []
    corpus = store.Store(on_message=heard.append)
    assert corpus.count(kinds=["card"]) == 1 and corpus.in_memory
    assert paths.corpus_dir().exists(), "nothing is moved when nothing could be written"
    assert any("into memory" in line for line in heard)


def test_a_file_that_is_not_a_database_is_one_line_and_exit_2(isolated_home):
    from click.testing import CliRunner
    from conftest import SEEDS

    from mtgrules.cli.main import cli

    isolated_home.mkdir(parents=True)
    (isolated_home / "corpus.sqlite3").write_bytes(b"this is not a database, just some bytes " * 200)
    for arguments in (["rule", "704.5g"], ["search", "energía"], ["ingest", str(next(SEEDS.glob("004_*.txt")))]):
        result = CliRunner().invoke(cli, arguments)
        assert result.exit_code == 2, (arguments, result.output)
        assert "corpus.sqlite3: not a corpus database" in result.stderr and "move it away" in result.stderr
        assert len(result.stderr.strip().splitlines()) == 1


def test_a_new_package_s_seeds_are_loaded_again_once(monkeypatch):
    put("/a.txt", [rule("100.1", "2026-08-07", "One.")])
    generation = store.Store().generation()
    entry = next(iter(store.embedded_manifest().values()))
    monkeypatch.setattr(corpus_schema, "embedded_digest", lambda: "the next package")
    monkeypatch.setattr(store, "embedded_manifest", lambda: {"only.txt": entry})
    corpus = store.Store()
    assert [path for path, d in corpus.documents().items() if d.embedded] == [store.EMBEDDED_PREFIX + entry["source"]]
    assert corpus.generation() == generation + 1 and not corpus.in_memory
    assert corpus.count(langs=["en"]) == 1, "the user's documents stay"
    assert store.Store().generation() == generation + 1, "loaded once"


class Refused(Exception):
    pass


def test_a_failed_first_ingest_leaves_no_file_and_one_waiting_for_it_still_stores(isolated_home):
    holding, release, told = threading.Event(), threading.Event(), threading.Event()

    def first():
        with pytest.raises(Refused), store.Store().writing() as writer:
            writer.put("/a.txt", "a", "rules", [rule("100.1", "2026-08-07", "One.")])
            holding.set()
            release.wait(10)
            raise Refused  # a file of this ingest did not parse

    def second():
        with store.Store().writing(on_wait=lambda text: told.set()) as writer:
            writer.put("/b.txt", "b", "rules", [rule("100.2", "2026-08-07", "Two.")])

    failing = threading.Thread(target=first)
    failing.start()
    assert holding.wait(10)
    waiting = threading.Thread(target=second)
    waiting.start()
    assert told.wait(10), "the second ingest waits for the first"
    release.set()
    failing.join(10)
    waiting.join(10)
    paths_stored = [path for path, document in store.Store().documents().items() if not document.embedded]
    assert paths_stored == ["/b.txt"]


def test_a_refused_first_ingest_leaves_the_data_folder_empty(isolated_home):
    isolated_home.mkdir()
    with pytest.raises(Refused), store.Store().writing() as writer:
        writer.put("/a.txt", "a", "rules", [])
        raise Refused
    assert list(isolated_home.iterdir()) == []


def _indexes(db) -> list[tuple[str, str]]:
    """The store's own indexes (not those of the search tables a higher layer derives)."""
    return db.execute("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL"
                      " AND tbl_name NOT LIKE 'search%' ORDER BY name").fetchall()


def test_a_bulk_load_sets_the_indexes_aside_and_every_read_and_the_commit_has_them_back(isolated_home):
    many = [rule(f"{100 + n // 100}.{n % 100 + 1}", "2026-08-07", f"Rule {n}.") for n in range(store._BULK_RECORDS + 1)]
    with store.Store().writing() as writer:
        indexes = _indexes(writer.connection)
        writer.put("/big.txt", "big", "rules", many)
        assert len(_indexes(writer.connection)) < len(indexes)  # set aside while loading
        writer.put("/small.txt", "small", "rules", [rule("900.1", "2026-08-07", "Small.")])
        assert len(_indexes(writer.connection)) < len(indexes)  # still aside: only records stored
        found = writer.records(numbers=["100.1", "900.1"], langs=["en"])
        assert [r.text for r in found if r.source == "2026-08-07.txt:1"] == ["Rule 0.", "Small."]
        assert _indexes(writer.connection) == indexes  # the read brought them back first
    corpus = store.Store()
    assert _indexes(corpus.db) == indexes
    assert corpus.count(edition="2026-08-07", langs=["en"]) == len(many) + 1
    for table in ("records", "card_names", "citations"):  # the tables and their indexes agree
        assert corpus.db.execute(f"PRAGMA integrity_check({table})").fetchone()[0] == "ok"


def test_an_ingest_failing_after_a_bulk_load_leaves_the_store_and_its_indexes_as_they_were(isolated_home):
    put("/a.txt", [rule("100.1", "2026-08-07", "One.")])
    before = _indexes(store.Store().db)
    many = [rule(f"{200 + n // 100}.{n % 100 + 1}", "2026-08-07", f"Rule {n}.") for n in range(store._BULK_RECORDS + 1)]
    with pytest.raises(RuntimeError), store.Store().writing() as writer:
        writer.put("/big.txt", "big", "rules", many)
        raise RuntimeError("interrupted")
    corpus = store.Store()
    assert _indexes(corpus.db) == before
    assert [r.number for r in corpus.records(edition="2026-08-07", langs=["en"])] == ["100.1"]
