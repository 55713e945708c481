"""A search on a current index opens it without the store (`heal.current_without_store`):
decided from the index's files and a few rows the corpus database holds, read with bare
sqlite3 (`mtgrules.readiness`). Whenever the store would have anything to do first (seeds to
load again, a migration, links to work out, a table of another shape, damage, a lock) or the
index is not current, the fast path says nothing and the whole way is taken, as before.
"""

from __future__ import annotations

import gc
import json
import os
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from conftest import held_exclusively
from test_index import sample_records

from mtgrules import paths, readiness, store
from mtgrules.index import heal, layout
from mtgrules.index.query import Index


@pytest.fixture
def corpus():
    """The sample records as the user's stored corpus, indexed."""
    with store.Store().writing() as writer:
        writer.put("/sample.txt", "sample", "rules", sample_records())
    with Index.current():
        pass
    gc.collect()  # the stores the build read through are closed
    return paths.database_path()


def change(database: Path, *statements: str) -> None:
    db = sqlite3.connect(database)
    for statement in statements:
        db.execute(statement)
    db.commit()
    db.close()


def test_a_ready_corpus_gives_the_store_s_fingerprint(corpus):
    with store.Store() as opened:
        assert readiness.fingerprint_if_ready(corpus) == opened.fingerprint()
        assert not opened.in_memory


def test_a_current_index_is_found_without_importing_the_store_or_the_builder(corpus):
    code = textwrap.dedent("""
        import sys
        from mtgrules.index import heal
        print(heal.ensure_index())
        print(" ".join(sorted(sys.modules)))
    """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, env=os.environ)
    assert done.returncode == 0, done.stderr
    folder, modules = done.stdout.splitlines()
    assert Path(folder) == layout.current_build(paths.index_dir())
    loaded = set(modules.split())
    assert loaded & {"mtgrules.store", "mtgrules.index.build", "mtgrules.align.linking", "mtgrules.records"} == set()


def test_a_corpus_changed_since_the_build_is_left_to_the_builder(corpus):
    before = readiness.fingerprint_if_ready(corpus)
    change(corpus, "UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'generation'")
    assert readiness.fingerprint_if_ready(corpus) not in (None, before)
    assert heal.current_without_store(paths.index_dir()) is None


@pytest.mark.parametrize(("why", "statements"), [
    ("packaged seeds of another version", ["UPDATE meta SET value = 'an older package' WHERE key = 'embedded'"]),
    ("a migrated corpus's links to work out", ["UPDATE meta SET value = 'stale' WHERE key = 'links'"]),
    ("a database from before the citations table", ["DROP TABLE citations"]),
    ("another schema version", ["UPDATE meta SET value = '2' WHERE key = 'schema'"]),
    ("a column dropped", ["ALTER TABLE documents DROP COLUMN lang"]),
    ("a garbled generation", ["UPDATE meta SET value = 'x' WHERE key = 'generation'"]),
])
def test_anything_for_the_store_to_do_or_say_is_left_to_it(corpus, why, statements):
    change(corpus, *statements)
    assert readiness.fingerprint_if_ready(corpus) is None, why
    assert heal.current_without_store(paths.index_dir()) is None, why


def test_an_index_not_current_is_left_to_the_builder(corpus, monkeypatch):
    root = paths.index_dir()
    assert heal.current_without_store(root) == layout.current_build(root)
    monkeypatch.setattr(layout, "LAYOUT", layout.LAYOUT + 1)
    assert heal.current_without_store(root) is None
    monkeypatch.undo()
    folder = layout.current_build(root)
    assert folder is not None
    meta = layout.read_meta(folder)
    (folder / layout.META).write_text(json.dumps(meta | {"lexicon": "another"}), encoding="utf-8")
    assert heal.current_without_store(root) is None, "another committed lexicon"


def test_leftovers_and_damage_are_left_to_healing(corpus):
    root = paths.index_dir()
    (root / f".{layout.CURRENT}.12345").write_text("half", encoding="utf-8")
    assert heal.current_without_store(root) is None
    heal.remove_leftovers(root)
    assert heal.current_without_store(root) is not None
    folder = layout.current_build(root)
    assert folder is not None
    (folder / layout.VOCABULARY).write_text("shorter", encoding="utf-8")
    assert heal.current_without_store(root) is None


def test_a_folder_in_the_database_s_place_is_left_to_the_store(tmp_path):
    (tmp_path / "folder.sqlite3").mkdir()
    assert readiness.fingerprint_if_ready(tmp_path / "folder.sqlite3") is None


def test_the_seeds_alone_give_the_fingerprint_of_the_store_in_memory_without_a_file(tmp_path):
    """Nothing ingested yet: the store reads the packaged seeds into memory on every command;
    the fast path names that database's fingerprint without making it, and creates nothing."""
    database = tmp_path / "corpus.sqlite3"
    expected = readiness.fingerprint_if_ready(database)
    assert not database.exists(), "nothing is created"
    with store.Store(database) as opened:
        assert opened.fingerprint() == expected
        assert opened.in_memory
    assert not database.exists()


def test_an_earlier_version_s_corpus_is_left_to_the_store(tmp_path):
    database = tmp_path / "corpus.sqlite3"
    readiness.old_layout(database).parent.mkdir()
    readiness.old_layout(database).write_text("{}", encoding="utf-8")
    assert readiness.fingerprint_if_ready(database) is None


def test_a_locked_database_is_left_to_the_store_at_once(corpus):
    with held_exclusively(corpus):
        assert readiness.fingerprint_if_ready(corpus) is None


def test_the_packaged_files_are_read_where_the_package_is():
    """The seeds' digest and the committed lexicon's, read by path, are those of the files
    `importlib.resources` gives (what the store and the index read them as before)."""
    import hashlib
    from importlib import resources

    package = resources.files("mtgrules.corpus")
    seeds = package.joinpath(readiness.EMBEDDED_RECORDS).read_bytes() + package.joinpath(readiness.EMBEDDED_MANIFEST).read_bytes()
    assert readiness.embedded_digest() == hashlib.sha256(seeds).hexdigest()
    lexicon = package.joinpath(readiness.COMMITTED_LEXICON).read_bytes()
    assert layout.committed_lexicon_digest() == hashlib.sha256(lexicon).hexdigest()[:16]


def test_a_database_under_any_folder_name_is_read(tmp_path, monkeypatch):
    """The read-only URI escapes what a URI gives a meaning to (`%`, `?`, `#`)."""
    home = tmp_path / "data 100% é?#x"
    monkeypatch.setenv("MTGRULES_HOME", str(home))
    with store.Store().writing() as writer:
        writer.put("/sample.txt", "sample", "rules", sample_records()[:3])
    with store.Store() as opened:
        assert readiness.fingerprint_if_ready(paths.database_path()) == opened.fingerprint()


def test_tables_as_created_hold_every_column_the_store_reads(corpus):
    """What lets the store skip listing the columns of a database whose tables are as created."""
    db = sqlite3.connect(corpus)
    try:
        assert readiness.as_created(readiness.table_sql(db))
        assert store._schema_columns() <= set(db.execute(store._COLUMNS).fetchall())
    finally:
        db.close()
