"""The seeds' corpus kept in the cache folder: with nothing ingested, the packaged seeds and their
search tables are written once, then read as they are by every later command; a cache folder
that cannot be written leaves the seeds read into memory, said in one line."""

from __future__ import annotations

import sqlite3
import threading

from click.testing import CliRunner

from mtgrules import corpus_schema, paths, seeds_cache, store
from mtgrules.cli.main import cli
from mtgrules.index import reading


def kept() -> list:
    folder = paths.cache_dir() / seeds_cache.FOLDER
    return sorted(folder.iterdir()) if folder.exists() else []


def main_file(corpus: store.Store) -> str:
    """The file a store's connection reads ("" for a database in memory)."""
    return corpus.db.execute("PRAGMA database_list").fetchone()[2]


def search(*arguments: str):
    return CliRunner().invoke(cli, ["search", *arguments])


def test_the_seeds_corpus_is_written_once_with_its_search_tables_and_read_from_the_cache(isolated_home):
    first = search("energía", "--json")
    assert first.exit_code == 0, first.output
    [file] = kept()
    assert not (isolated_home / "corpus.sqlite3").exists()
    with sqlite3.connect(file) as db:  # the search tables were kept with the records
        assert reading.is_current(db)
    written = file.stat().st_mtime_ns, file.stat().st_ino
    again = search("energía", "--json")
    assert again.output == first.output
    assert (file.stat().st_mtime_ns, file.stat().st_ino) == written, "read, not written again"
    corpus = store.Store()
    assert main_file(corpus) == str(file) and corpus.in_memory
    assert corpus.count() == len(store.embedded_records())


def test_search_tables_missing_from_the_kept_seeds_are_written_and_kept(isolated_home):
    assert search("energía").exit_code == 0
    [file] = kept()
    with sqlite3.connect(file) as db:  # as a process that never searched leaves it
        db.execute("DELETE FROM search_state")
    assert search("energía").exit_code == 0
    [again] = kept()
    with sqlite3.connect(again) as db:
        assert reading.is_current(db)


def test_other_seeds_are_kept_apart_and_the_old_file_goes(isolated_home, monkeypatch):
    store.Store().count()
    [old] = kept()
    monkeypatch.setattr(corpus_schema, "embedded_digest", lambda: "the-next-package-digest")
    assert store.Store().count() == len(store.embedded_records())  # the same records under another digest
    [new] = kept()
    assert new != old and "the-next-packag" in new.name


def test_a_damaged_kept_file_is_written_again(isolated_home):
    store.Store().count()
    [file] = kept()
    file.write_bytes(b"not a database " * 100)
    assert store.Store().count() == len(store.embedded_records())
    with sqlite3.connect(file) as db:
        assert db.execute("SELECT COUNT(*) FROM records").fetchone()[0] == len(store.embedded_records())


def test_an_unwritable_cache_folder_reads_the_seeds_into_memory_and_says_so_once(isolated_home, monkeypatch):
    def refused(folder):
        raise PermissionError(13, "Permission denied", str(folder))

    monkeypatch.setattr(paths, "make_folders", refused)
    result = search("energía")
    assert result.exit_code == 0 and "Electrozoa" in result.output
    said = [line for line in result.stderr.splitlines() if "seeds" in line]
    assert len(said) == 1 and "cannot keep the seeds' corpus" in said[0] and "into memory" in said[0]
    assert not isolated_home.exists()
    heard: list[str] = []
    corpus = store.Store(on_message=heard.append)
    assert corpus.count() == len(store.embedded_records()) and main_file(corpus) == ""
    assert len(heard) == 1


def test_an_ingest_writes_the_data_folder_and_the_kept_seeds_are_no_longer_read(isolated_home):
    from conftest import SEEDS

    assert search("energía").exit_code == 0
    assert CliRunner().invoke(cli, ["ingest", str(next(SEEDS.glob("004_*.txt")))]).exit_code == 0
    corpus = store.Store()
    assert main_file(corpus) == str(isolated_home / "corpus.sqlite3") and not corpus.in_memory


def test_keeping_gives_up_when_the_seeds_database_stays_locked(tmp_path):
    """A copy of a database with a write left open would retry for ever (sqlite3's backup sleeps
    and retries while the source is busy): it gives up after a bound, says why, leaves nothing."""
    db = sqlite3.connect(":memory:", check_same_thread=False)
    db.execute("CREATE TABLE records (id INTEGER)")
    db.commit()
    db.execute("INSERT INTO records VALUES (1)")  # a write transaction, open
    target = tmp_path / "cache" / "seeds" / "corpus-1-abc.sqlite3"
    answers: list = []
    copying = threading.Thread(target=lambda: answers.append(seeds_cache.keep(db, target)), daemon=True)
    copying.start()
    copying.join(seeds_cache.LOCKED_FOR + 10)
    assert answers, "still copying: the copy waits for ever"
    said = answers[0]
    assert said and "stayed locked" in said and "reading them into memory" in said
    assert not target.exists() and not list(target.parent.glob("*.partial"))
