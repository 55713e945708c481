"""Fault injection, writing inside the data folder: symbolic links and FIFOs planted where
mtgrules keeps its own files (the update lock, a partial download and its state, the corpus
and progress databases and the files SQLite keeps beside them, a folder on the way), an empty
MTGRULES_HOME, a data folder path too long for the system.

Each is one line naming the link and the mend, exit 2, and the file the link points to is
untouched; or the work done without writing through the link. A FIFO is never waited on: in
place of a cache it is no cache, and the one worked out replaces it.
"""

from __future__ import annotations

import json
import os
import sqlite3

import pytest
from comprehensive_rules_fragment import FRAGMENT
from faults import assert_clean, assert_refused, run, run_process, seed
from local_server import LocalServer, Route

RULES_TEXT = "/media/MagicCompRules 20260807.txt"
VICTIM_TEXT = "a file of the user's, outside the data folder\n"


@pytest.fixture
def victim(tmp_path):
    path = tmp_path / "outside" / "precious.txt"
    path.parent.mkdir()
    path.write_text(VICTIM_TEXT)
    return path


@pytest.fixture
def server():
    with LocalServer() as local:
        local.routes = {
            "/en/rules": Route(f'<p><a href="{RULES_TEXT}">TXT</a></p>'.encode(), content_type="text/html"),
            RULES_TEXT: Route(FRAGMENT.encode(), content_type="text/plain"),
        }
        yield local


def update(server):
    return run("update", "--only", "rules", "--rules-page", server.url("/en/rules"))


def untouched(victim) -> bool:
    return victim.read_text() == VICTIM_TEXT and sorted(os.listdir(victim.parent)) == [victim.name]


PART = "downloads/rules/MagicCompRules_20260807.txt.part"


@pytest.mark.parametrize("planted", ["downloads/.lock", PART + ".json"])
def test_a_link_where_update_writes_a_file_is_refused(server, isolated_home, victim, planted):
    link = isolated_home / planted
    link.parent.mkdir(parents=True)
    link.symlink_to(victim)
    assert_refused(update(server), f"{link} is a symbolic link", "remove the link")
    assert untouched(victim)


def test_a_linked_part_is_removed_or_refused_never_written_through(server, isolated_home, victim):
    """A part without its state is started over (the link removed, not followed); a part
    whose state says to resume it is refused."""
    part = isolated_home / PART
    part.parent.mkdir(parents=True)
    part.symlink_to(victim)
    assert_clean(update(server))
    assert untouched(victim) and not part.exists()
    (isolated_home / "downloads" / "state.json").unlink()
    (part.parent / "MagicCompRules_20260807.txt").unlink()
    part.symlink_to(victim)
    url = server.url(RULES_TEXT.replace(" ", "%20"))
    part.with_name(part.name + ".json").write_text(json.dumps({"url": url}))
    assert_refused(update(server), f"{part} is a symbolic link")
    assert untouched(victim)


def test_a_linked_folder_on_the_way_is_refused(server, isolated_home, victim):
    (isolated_home / "downloads").mkdir(parents=True)
    (isolated_home / "downloads" / "rules").symlink_to(victim.parent, target_is_directory=True)
    assert_refused(update(server), f"{isolated_home / 'downloads' / 'rules'} is a symbolic link")
    assert untouched(victim)


def test_a_link_at_the_stored_download_or_the_state_is_replaced_never_followed(server, isolated_home, victim):
    folder = isolated_home / "downloads" / "rules"
    folder.mkdir(parents=True)
    (folder / "MagicCompRules_20260807.txt").symlink_to(victim)
    (isolated_home / "downloads" / "state.json").symlink_to(victim)
    assert_clean(update(server))
    assert untouched(victim)
    assert not (folder / "MagicCompRules_20260807.txt").is_symlink()
    assert not (isolated_home / "downloads" / "state.json").is_symlink()


def test_a_fifo_as_the_update_lock_does_not_hang(server, isolated_home):
    (isolated_home / "downloads").mkdir(parents=True)
    os.mkfifo(isolated_home / "downloads" / ".lock")
    assert_refused(update(server), "FIFO", "remove it")


@pytest.mark.parametrize("planted, command", [("cache/packaged-digests.json", ("search", "energía")),
                                               ("cache/engine-links.json", ("rule", "704.5g"))])
def test_a_fifo_as_a_cache_file_does_not_hang_and_is_made_again(isolated_home, planted, command):
    """A cache is derived data: read without blocking, a FIFO there is no cache, and the one
    worked out takes its place (a plain open waited for a writer, and every command hung)."""
    (isolated_home / "cache").mkdir(parents=True)
    os.mkfifo(isolated_home / planted)
    assert_clean(run_process(*command, env={"MTGRULES_HOME": str(isolated_home), "MTGRULES_LANG": "en"}, timeout=60))
    assert (isolated_home / planted).is_file()


def test_a_fifo_as_the_settings_file_is_refused_without_hanging(isolated_home):
    isolated_home.mkdir()
    os.mkfifo(isolated_home / "config.toml")
    outcome = run_process("config", env={"MTGRULES_HOME": str(isolated_home), "MTGRULES_LANG": "en"}, timeout=60)
    assert_refused(outcome, f"{isolated_home / 'config.toml'} is not a regular file", "FIFO", "remove it")


@pytest.mark.parametrize("planted", ["corpus.sqlite3", "corpus.sqlite3-wal", "corpus.sqlite3-journal"])
def test_a_link_at_the_corpus_database_is_refused(isolated_home, victim, planted):
    isolated_home.mkdir()
    (isolated_home / planted).symlink_to(victim)
    assert_refused(run("ingest", str(seed("004"))), f"{isolated_home / planted} is a symbolic link")
    assert untouched(victim)


@pytest.mark.parametrize("planted", ["quiz.sqlite3", "quiz.sqlite3-journal"])
def test_a_link_at_the_progress_file_is_refused(isolated_home, victim, planted):
    isolated_home.mkdir()
    (isolated_home / planted).symlink_to(victim)
    assert_refused(run("quiz", "--count", "1", input="q\n"), f"{isolated_home / planted} is a symbolic link")
    assert untouched(victim)


def test_a_linked_cache_file_is_never_written_through(isolated_home, victim):
    """The engine links cache is derived data: the command works, the link is left alone."""
    (isolated_home / "cache").mkdir(parents=True)
    (isolated_home / "cache" / "engine-links.json").symlink_to(victim)
    assert_clean(run("engine", "coverage"))
    assert untouched(victim)


def test_sqlite_keeps_no_temporary_file_outside_the_data_folder(isolated_home, tmp_path, monkeypatch):
    """A sort bigger than SQLite's cache spills to a temporary file, in SQLITE_TMPDIR unless
    temp_store keeps it in memory."""
    from mtgrules import snapshot

    elsewhere = tmp_path / "system-tmp"
    elsewhere.mkdir()
    monkeypatch.setenv("SQLITE_TMPDIR", str(elsewhere))
    isolated_home.mkdir()
    db = snapshot.connect(str(isolated_home / "probe.sqlite3"))
    assert db.execute("PRAGMA temp_store").fetchone()[0] == 2  # MEMORY
    db.close()
    assert_clean(run("ingest", str(seed("004"))))
    assert list(elsewhere.iterdir()) == []


# --- the data folder itself ------------------------------------------------------------------------


def test_mtgrules_home_set_but_empty_is_refused(tmp_path):
    outcome = run_process("ingest", str(seed("004")), env={"MTGRULES_HOME": "", "HOME": str(tmp_path / "missing")})
    assert_refused(outcome, "MTGRULES_HOME is set but empty")
    assert list(tmp_path.iterdir()) == []


def test_a_home_naming_a_missing_folder_is_refused_not_replaced(tmp_path):
    """Not the password database's home instead: the person named another."""
    outcome = run_process("ingest", str(seed("004")), env={"HOME": str(tmp_path / "missing")})
    assert_refused(outcome, "no home folder", "which is not a folder")


def test_a_data_folder_too_long_for_the_system(tmp_path, monkeypatch):
    long = tmp_path / "/".join(["d" * 200] * 21)
    monkeypatch.setenv("MTGRULES_HOME", str(long))
    assert_refused(run("ingest", str(seed("004"))), "bytes long", "set MTGRULES_HOME to a shorter path")
    assert not (tmp_path / ("d" * 200)).exists()


def test_progress_database_temp_store(isolated_home):
    from mtgrules.study.progress import Progress

    progress = Progress()
    assert progress.db.execute("PRAGMA temp_store").fetchone()[0] == 2
    progress.db.close()
    assert isinstance(progress.db, sqlite3.Connection)
