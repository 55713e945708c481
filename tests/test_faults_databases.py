"""Fault injection, the databases a person's data lives in (not derived, so never silently
replaced): the corpus database and quiz progress as random bytes, another program's SQLite
database, a corpus of the wrong shape (a table or column gone, another schema version), pages
overwritten, a file locked by another program; and an old-layout corpus to migrate whose
manifest is empty, garbled, or names files outside its folder (`../../../../etc/passwd`).
Each is one line naming the file, what is wrong and the mend, exit 2, no traceback; and the
file is left as it was.
"""

from __future__ import annotations

import json
import os
import random
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import corpus_file, held_exclusively
from faults import assert_clean, assert_refused, run, run_process, seed

from mtgrules import paths, snapshot, store
from mtgrules.study import progress

LOOKUPS = [("rule", "704.5g"), ("card", "Electrozoa"), ("search", "energía"), ("term", "confabular"),
           ("ingest", str(seed("001")))]


def corpus() -> Path:
    return paths.database_path()


def a_corpus() -> Path:
    assert_clean(run("ingest", str(seed("001"))))
    return corpus()


def tables(path: Path) -> list[str]:
    db = sqlite3.connect(path)
    try:
        return sorted(row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'"))
    finally:
        db.close()


def refused_everywhere(*mentions: str, file: Path) -> None:
    before = file.read_bytes()
    for command in LOOKUPS:
        assert_refused(run(*command), *mentions, file=file)
    assert file.read_bytes() == before


@pytest.fixture(autouse=True)
def short_waits(monkeypatch):
    """A locked file is reported after a fifth of a second, not five."""
    monkeypatch.setattr(snapshot, "READER_WAIT_MS", 200)
    monkeypatch.setattr(progress, "WAIT_SECONDS", 0.2)


# --- the corpus database ----------------------------------------------------------------------


def test_random_bytes_as_the_corpus():
    corpus().parent.mkdir(parents=True)
    corpus().write_bytes(random.Random(1).randbytes(20_000))
    refused_everywhere("not a corpus database", "move it away", file=corpus())


def test_an_empty_file_as_the_corpus_becomes_one():
    corpus().parent.mkdir(parents=True)
    corpus().write_bytes(b"")
    assert_clean(run("rule", "704.5g"))
    assert_clean(run("ingest", str(seed("001"))))
    assert "records" in tables(corpus())


def test_another_programs_database_is_never_written_into():
    corpus().parent.mkdir(parents=True)
    db = sqlite3.connect(corpus())
    db.execute("CREATE TABLE photos (id INTEGER PRIMARY KEY, name TEXT)")
    db.commit()
    db.close()
    refused_everywhere("an SQLite database of another program (tables photos)", file=corpus())
    assert tables(corpus()) == ["photos"]


@pytest.mark.parametrize(("change", "says"), [
    ("DROP TABLE records", "without the column"),
    ("DROP TABLE identities", "without the column"),
    ("ALTER TABLE documents DROP COLUMN lang", "without the column lang of its table documents"),
    ("UPDATE meta SET value = '99' WHERE key = 'schema'", "corpus database of schema 99"),
    ("UPDATE meta SET value = 'x' WHERE key = 'schema'", "corpus database of schema 0"),
    ("DELETE FROM meta", "corpus database of schema 0"),
])
def test_a_corpus_of_the_wrong_shape(change, says):
    path = a_corpus()
    db = sqlite3.connect(path)
    db.execute(change)
    db.commit()
    db.close()
    refused_everywhere(says, "move", file=path)


@pytest.mark.parametrize("body", ["garbled{", "[1, 2]", '{"kind": "spell"}', '{"kind": "rule", "colour": 1}'])
def test_stored_records_garbled(body):
    path = a_corpus()
    db = sqlite3.connect(path)
    db.execute("UPDATE records SET body = ?", (body,))
    db.commit()
    db.close()
    # In child processes: a command in this process may hold what it read before (keyed by the
    # corpus's generation, which a change behind the store's back does not bump). Not `search`,
    # which reads its own tables, not the records.
    for command in [lookup for lookup in LOOKUPS if lookup[0] in ("rule", "card", "term")]:
        assert_refused(run_process(*command, env={"MTGRULES_HOME": os.environ["MTGRULES_HOME"]}),
                       "a stored record is damaged", "move it away", file=path)


def test_pages_of_the_corpus_overwritten():
    path = a_corpus()
    data = bytearray(path.read_bytes())
    noise = random.Random(2).randbytes(len(data))
    data[4096:] = noise[4096:]  # the header page kept: SQLite opens it, then meets garbage
    path.write_bytes(bytes(data))
    for command in LOOKUPS:
        outcome = run(*command)
        assert_refused(outcome, "move it away", file=path)
        assert "damaged" in outcome.stderr or "not a corpus" in outcome.stderr


def test_a_corpus_locked_by_another_program():
    path = a_corpus()
    with held_exclusively(path):
        for command in LOOKUPS[:2]:
            assert_refused(run(*command), "locked by another program", "try again", file=path)
    assert_clean(run("rule", "704.5g"))


# --- quiz progress ----------------------------------------------------------------------------


def quiz_file() -> Path:
    path = paths.data_dir() / "quiz.sqlite3"
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


@pytest.mark.parametrize("kind", ["random", "another program", "wrong columns"])
def test_quiz_progress_that_is_not(kind):
    path = quiz_file()
    if kind == "random":
        path.write_bytes(random.Random(3).randbytes(10_000))
        says = "not quiz progress, or damaged"
    else:
        db = sqlite3.connect(path)
        db.execute("CREATE TABLE photos (id)" if kind == "another program" else "CREATE TABLE items (item TEXT, box INTEGER)")
        db.commit()
        db.close()
        says = "another program" if kind == "another program" else "without the column kind"
    before = path.read_bytes()
    assert_refused(run("quiz", "--stats"), says, "move it away", file=path)
    assert_refused(run("quiz", "--count", "1", "--seed", "1"), says, file=path)
    assert path.read_bytes() == before


def test_quiz_progress_locked_by_another_program():
    path = quiz_file()
    with progress.Progress(path):
        pass
    with held_exclusively(path):
        assert_refused(run("quiz", "--stats"), "locked by another program", file=path)
    assert_clean(run("quiz", "--stats"))


# --- migrating the layout of earlier versions -------------------------------------------------


def old_corpus(manifest: object, files: dict[str, str] | None = None) -> Path:
    folder = paths.data_dir() / "corpus"
    (folder / "documents").mkdir(parents=True)
    for name, text in (files or {}).items():
        (folder / name).write_text(text, encoding="utf-8")
    path = folder / "manifest.json"
    path.write_text(manifest if isinstance(manifest, str) else json.dumps(manifest), encoding="utf-8")
    return path


GOOD_RECORD = json.dumps({"kind": "rule", "lang": "en", "source": "cr.txt:3", "number": "100.1", "text": "These Magic rules"})


@pytest.mark.parametrize(("manifest", "says"), [
    ("", "not a corpus manifest"),
    ("\x00\x01garbled{", "not a corpus manifest"),
    ("[1, 2]", "not a corpus manifest: expected an object"),
    ({"/d/cr.txt": "documents/a.jsonl"}, "is not an object with texts 'file' and 'digest'"),
    ({"/d/cr.txt": {"file": "../../../../etc/passwd", "digest": "d"}}, "outside"),
    ({"/d/cr.txt": {"file": "/etc/passwd", "digest": "d"}}, "outside"),
    ({"/d/cr.txt": {"file": "documents/../../corpus.sqlite3", "digest": "d"}}, "outside"),
    ({"/d/cr.txt": {"file": 5, "digest": "d"}}, "is not an object with texts"),
])
def test_an_old_manifest_that_cannot_be_trusted(manifest, says):
    path = old_corpus(manifest)
    assert_refused(run("rule", "704.5g"), says, file=path)
    assert not corpus().exists()  # nothing half-made
    assert path.exists()  # and the old corpus left where it was


@pytest.mark.parametrize(("line", "says"), [
    ("[1, 2]", "not a corpus record: expected an object"),
    ('{"kind": "rule", "lang": "en", "source": "cr.txt:3", "text": 5}', "text: expected a text, got the number 5"),
    ('{"kind": "rule", "lang": "en", "source": "cr.txt:3", "text": "x", "colour": "red"}', "unknown record fields"),
])
def test_an_old_record_that_cannot_be_trusted(line, says):
    old_corpus({"/d/cr.txt": {"file": "documents/a.jsonl", "digest": "d", "kind": "rules"}},
               {"documents/a.jsonl": GOOD_RECORD + "\n" + line + "\n"})
    outcome = run("rule", "704.5g")
    assert_refused(outcome, says)
    assert not corpus().exists()


def test_a_link_out_of_the_old_folder_is_refused(tmp_path):
    secret = tmp_path / "secret.jsonl"
    secret.write_text(GOOD_RECORD + "\n")
    path = old_corpus({"/d/cr.txt": {"file": "documents/a.jsonl", "digest": "d", "kind": "rules"}})
    (path.parent / "documents" / "a.jsonl").symlink_to(secret)
    assert_refused(run("rule", "704.5g"), "outside", file=path)


def test_a_sound_old_corpus_still_migrates():
    old_corpus({"/d/cr.txt": {"file": "documents/a.jsonl", "digest": "d", "kind": "rules"}},
               {"documents/a.jsonl": GOOD_RECORD + "\n"})
    outcome = run("rule", "100.1", "--edition", "latest")
    assert outcome.crashed is None and "Traceback" not in outcome.stderr
    assert corpus().exists()


def test_a_full_disk_during_an_ingest_stores_nothing_and_says_so():
    """Files limited to 8 KiB (RLIMIT_FSIZE, as a full disk): the write-ahead log cannot grow."""
    import resource
    import signal

    path = a_corpus()
    stored = store.Store().documents()

    def limited() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (8192, 8192))

    keywords = corpus_file("cr/keywords_en_es_fr.tsv")
    done = subprocess.run([sys.executable, "-m", "mtgrules", "ingest", str(keywords)], capture_output=True, text=True,
                          env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}, preexec_fn=limited, timeout=120)
    outcome = type("Outcome", (), {"code": done.returncode, "stdout": done.stdout, "stderr": done.stderr, "crashed": None})
    assert_refused(outcome, "cannot write the corpus", "free some space", "nothing of this change was stored", file=path)
    assert store.Store().documents() == stored
    assert_clean(run("rule", "704.5g"))
    assert_clean(run("ingest", str(keywords)))  # room again
