"""Fault injection, the environment: where mtgrules keeps its data and whether it may write there.

MTGRULES_HOME that is a file (or lies under one, or is a loop or a broken link), no home at all,
relative XDG variables, a read-only home. Each is one line naming the folder, what is wrong and
the mend, exit 2; lookups on the embedded corpus still work where nothing needs writing.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from faults import (
    assert_clean,
    assert_refused,
    other_user_or_skip,
    run,
    run_process,
    seed,
    shared_folder,
    stored_records,
)

from mtgrules import paths

# Every command that reads or writes the data folder, with arguments that would succeed.
COMMANDS = [
    ["search", "energía"],
    ["rule", "704.5"],
    ["card", "electrozoa"],
    ["term", "confabular"],
    ["ingest", str(seed("004"))],
    ["parse", str(seed("004"))],
    ["quiz", "--count", "1"],
    ["stale"],
    ["history", "704.5"],
    ["diff", "latest", "latest"],
    ["engine", "coverage"],
    ["judge", str(Path(__file__).resolve().parents[1] / "examples" / "gift.toml")],
    ["cite", str(Path(__file__).resolve().parents[1] / "tests" / "cite" / "quiz-2024.txt")],
]
IDS = [arguments[0] for arguments in COMMANDS]


@pytest.mark.parametrize("arguments", COMMANDS, ids=IDS)
def test_mtgrules_home_that_is_a_file(tmp_path, monkeypatch, arguments):
    home = tmp_path / "home-file"
    home.write_text("not a folder")
    monkeypatch.setenv("MTGRULES_HOME", str(home))
    assert_refused(run(*arguments, input="q\n"), f"MTGRULES_HOME={home} is a file, not a folder", "point MTGRULES_HOME at a folder")
    assert home.read_text() == "not a folder"


@pytest.mark.parametrize("arguments", COMMANDS[:5], ids=IDS[:5])
def test_mtgrules_home_under_a_file(tmp_path, monkeypatch, arguments):
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("MTGRULES_HOME", str(blocker / "mtgrules"))
    assert_refused(run(*arguments), f"{blocker} (in MTGRULES_HOME={blocker / 'mtgrules'}) is a file, not a folder")


@pytest.mark.parametrize("arguments", COMMANDS[:5], ids=IDS[:5])
def test_mtgrules_home_a_loop_of_symbolic_links(tmp_path, monkeypatch, arguments):
    (tmp_path / "a").symlink_to(tmp_path / "b")
    (tmp_path / "b").symlink_to(tmp_path / "a")
    monkeypatch.setenv("MTGRULES_HOME", str(tmp_path / "a"))
    assert_refused(run(*arguments), "a loop of symbolic links")


@pytest.mark.parametrize("arguments", COMMANDS[:5], ids=IDS[:5])
def test_mtgrules_home_a_broken_symbolic_link(tmp_path, monkeypatch, arguments):
    (tmp_path / "link").symlink_to(tmp_path / "gone")
    monkeypatch.setenv("MTGRULES_HOME", str(tmp_path / "link"))
    assert_refused(run(*arguments), f"is a symbolic link to {tmp_path / 'gone'}, which does not exist")


def test_a_file_where_a_folder_of_ours_belongs(isolated_home):
    isolated_home.mkdir()
    (isolated_home / "cache").write_text("")
    assert_refused(run("search", "energía"), f"{isolated_home / 'cache'} (in MTGRULES_HOME={isolated_home}) is a file, not a folder")


@pytest.mark.parametrize("arguments", [["ingest", str(seed("004"))], ["rule", "704.5"]], ids=["ingest", "rule"])
def test_a_folder_where_the_corpus_database_belongs(isolated_home, arguments):
    (isolated_home / "corpus.sqlite3").mkdir(parents=True)
    assert_refused(run(*arguments), f"{isolated_home / 'corpus.sqlite3'} is a folder, not the corpus database")


# --- no home ------------------------------------------------------------------------------------


@pytest.mark.parametrize("home", [None, "", "/", "relative/home", "/nonexistent-home-of-nobody"],
                         ids=["unset", "empty", "root", "relative", "missing"])
@pytest.mark.parametrize("arguments", [["rule", "704.5"], ["ingest", str(seed("004"))], ["search", "energía"]],
                         ids=["rule", "ingest", "search"])
def test_no_home_writes_nothing_at_the_root(tmp_path, monkeypatch, home, arguments):
    """Without MTGRULES_HOME and XDG folders, HOME decides; a missing or useless HOME (and no
    better answer from the password database) is one line, and `/.local/share/mtgrules` is
    never created."""
    for variable in ("MTGRULES_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"):
        monkeypatch.delenv(variable, raising=False)
    if home is None:
        monkeypatch.delenv("HOME", raising=False)
    else:
        monkeypatch.setenv("HOME", home)
    monkeypatch.setattr(paths, "_password_home", lambda: "/")
    monkeypatch.chdir(tmp_path)
    at_the_root = [Path("/.local/share/mtgrules"), Path("/.cache/mtgrules")]
    existed = [path.exists() for path in at_the_root]
    assert_refused(run(*arguments), "no home folder to keep mtgrules' data in: HOME", "set MTGRULES_HOME")
    assert [path.exists() for path in at_the_root] == existed
    assert list(tmp_path.iterdir()) == []


def test_no_home_variable_takes_the_password_databases_home(tmp_path, monkeypatch):
    for variable in ("MTGRULES_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "HOME"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setattr(paths, "_password_home", lambda: str(tmp_path))
    assert_clean(run("ingest", str(seed("004"))))
    assert (tmp_path / ".local" / "share" / "mtgrules").is_dir()


def test_no_home_as_a_real_process():
    """The same through a fresh process with HOME unset, as a user whose password-database
    home does not exist (nobody): one line, and nothing written anywhere."""
    user = other_user_or_skip()
    if user is None:
        pytest.skip("needs root, to run as a user without a home (as ourselves the real home would be used)")
    with shared_folder() as folder:
        outcome = run_process("ingest", str(seed("004")), env={}, cwd=folder, user=user)
        assert_refused(outcome, "no home folder to keep mtgrules' data in: HOME is not set")
        assert list(folder.iterdir()) == []


# --- XDG --------------------------------------------------------------------------------------------


def test_relative_xdg_folders_are_ignored(tmp_path, monkeypatch):
    """The XDG Base Directory specification: a relative path is invalid and is ignored. Nothing
    is written under the current folder; data and index go under HOME."""
    home, work = tmp_path / "home", tmp_path / "work"
    home.mkdir()
    work.mkdir()
    monkeypatch.delenv("MTGRULES_HOME")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_DATA_HOME", "data")
    monkeypatch.setenv("XDG_CACHE_HOME", "./cache")
    monkeypatch.chdir(work)
    assert_clean(run("ingest", str(seed("004"))))
    assert_clean(run("search", "energía"))
    assert list(work.iterdir()) == []
    assert (home / ".local" / "share" / "mtgrules").is_dir()
    assert {p.name for p in home.iterdir()} <= {".local", ".cache"}


def test_absolute_xdg_folders_are_used(tmp_path, monkeypatch):
    monkeypatch.delenv("MTGRULES_HOME")
    monkeypatch.setenv("HOME", "")  # not needed when both are given
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    assert_clean(run("ingest", str(seed("004"))))
    assert_clean(run("search", "energía"))
    assert (tmp_path / "data" / "mtgrules").is_dir()
    assert {p.name for p in tmp_path.iterdir()} <= {"data", "cache"}


# --- a home that cannot be written --------------------------------------------------------------


@pytest.fixture(scope="module")
def read_only_home():
    """A home folder this user (or nobody, when the tests run as root) cannot write."""
    user = other_user_or_skip()
    with shared_folder() as folder:
        home = folder / "home"
        home.mkdir()
        if user is not None:
            os.chown(home, user, user)
        home.chmod(0o555)
        yield home, user


@pytest.mark.parametrize("arguments", [["rule", "704.5"], ["card", "electrozoa"], ["term", "confabular"],
                                       ["engine", "coverage"], ["parse", str(seed("003"))], ["search", "energía"]],
                         ids=["rule", "card", "term", "engine", "parse", "search"])
def test_lookups_work_in_a_read_only_home(read_only_home, arguments):
    home, user = read_only_home
    outcome = run_process(*arguments, env={"MTGRULES_HOME": str(home)}, user=user)
    assert_clean(outcome)
    assert outcome.stdout.strip()
    assert list(home.iterdir()) == []


@pytest.mark.parametrize("arguments, says", [
    (["ingest", str(seed("004"))], "cannot be written, and this command must write there"),
    (["quiz", "--count", "1"], "cannot be written, and this command must write there"),
], ids=["ingest", "quiz"])
def test_commands_that_must_write_say_so_in_a_read_only_home(read_only_home, arguments, says):
    home, user = read_only_home
    outcome = run_process(*arguments, env={"MTGRULES_HOME": str(home)}, user=user)
    assert_refused(outcome, str(home), says.format(home=home), "set MTGRULES_HOME to a folder of your own")
    assert list(home.iterdir()) == []


def test_a_refused_environment_stores_nothing(tmp_path, monkeypatch):
    before = stored_records()
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("MTGRULES_HOME", str(blocker))
    assert_refused(run("ingest", str(seed("004"))))
    monkeypatch.setenv("MTGRULES_HOME", str(tmp_path / "home"))
    assert stored_records() == before
