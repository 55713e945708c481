"""Fault injection, what is given as a document file: a folder, a file nobody may read, links
that loop or lead nowhere, a named pipe, a device that never ends, a file far too large. One
line each, exit 2, and in a folder of pages the others are still read (or, with
--all-or-nothing, nothing is stored).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from faults import assert_refused, other_user_or_skip, run, run_process, seed, shared_folder, stored_records

from mtgrules.errors import ParseError
from mtgrules.parsers.decoding import MAX_DOCUMENT_BYTES, read_document


def test_a_folder_read_as_a_document(tmp_path):
    with pytest.raises(ParseError, match="is a folder, not a document"):
        read_document(tmp_path)


def test_a_folder_holding_no_document(tmp_path):
    (tmp_path / "style.css").write_text("p {}")
    assert_refused(run("ingest", str(tmp_path)), f"ingest: no documents to read in {tmp_path}")


def test_a_folder_given_as_a_scenario(tmp_path):
    assert_refused(run("judge", str(tmp_path)), "is a directory")


def test_a_loop_of_links_given_as_a_document(tmp_path):
    (tmp_path / "a.txt").symlink_to(tmp_path / "b.txt")
    (tmp_path / "b.txt").symlink_to(tmp_path / "a.txt")
    assert_refused(run("parse", str(tmp_path / "a.txt")), str(tmp_path / "a.txt"))
    with pytest.raises(ParseError, match="cannot read: a loop of symbolic links"):
        read_document(tmp_path / "a.txt")


def _pages_with(tmp_path: Path, make_bad) -> tuple[Path, Path]:
    """A folder of one good page and one bad entry made by `make_bad(path)`."""
    pages = tmp_path / "pages"
    pages.mkdir()
    (pages / "a-electrozoa.txt").write_bytes(seed("004").read_bytes())
    bad = pages / "b-bad.txt"
    make_bad(bad)
    return pages, bad


def _loop(path: Path) -> None:
    path.symlink_to(path.with_name("c.lnk"))  # not a document's name: not read itself
    path.with_name("c.lnk").symlink_to(path)


BAD_ENTRIES = {
    "a loop of links": (_loop, "a loop of symbolic links"),
    "a broken link": (lambda path: path.symlink_to(path.with_name("gone.txt")), "cannot read: No such file or directory"),
    "a named pipe without a writer": (os.mkfifo, "the file is empty"),
}


@pytest.mark.parametrize("entry", BAD_ENTRIES)
def test_a_bad_entry_in_a_folder_of_pages(tmp_path, entry):
    """Listed with its reason while the good page is stored; a pipe nobody writes to once hung
    the ingest."""
    make_bad, says = BAD_ENTRIES[entry]
    pages, bad = _pages_with(tmp_path, make_bad)
    outcome = run_process("ingest", str(pages), env={"MTGRULES_HOME": str(tmp_path / "home")}, timeout=60)
    assert outcome.code == 2 and "Traceback" not in outcome.stderr
    failures = [line for line in outcome.stderr.splitlines() if line.startswith("not stored:")]
    assert len(failures) == 1 and str(bad) in failures[0] and says in failures[0], outcome.stderr
    assert outcome.stdout.splitlines() == [f"{pages / 'a-electrozoa.txt'}: 9 records (ruling page)"]


@pytest.mark.parametrize("entry", BAD_ENTRIES)
def test_a_bad_entry_with_all_or_nothing_stores_nothing(tmp_path, entry):
    pages, bad = _pages_with(tmp_path, BAD_ENTRIES[entry][0])
    before = stored_records()
    assert_refused(run("ingest", "--all-or-nothing", str(pages)), BAD_ENTRIES[entry][1], file=bad)
    assert stored_records() == before


def test_an_unreadable_file():
    user = other_user_or_skip()
    with shared_folder() as folder:
        pages = folder / "pages"
        pages.mkdir()
        (pages / "a.txt").write_bytes(seed("004").read_bytes())
        page = pages / "b.txt"
        page.write_bytes(seed("002").read_bytes())
        page.chmod(0o000)
        (folder / "home").mkdir()
        (folder / "home").chmod(0o777)
        home = {"MTGRULES_HOME": str(folder / "home")}
        assert_refused(run_process("parse", str(page), env=home, user=user), f"Path '{page}' is not readable")
        outcome = run_process("ingest", "--all-or-nothing", str(pages), env=home, user=user)
        assert_refused(outcome, "cannot read: Permission denied", file=page)
        assert list((folder / "home").iterdir()) == []


def test_a_device_that_never_ends():
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero on this system")
    assert_refused(run("parse", "/dev/zero"), "MiB: more than any document mtgrules reads", file="/dev/zero")


def test_a_file_far_too_large(tmp_path):
    huge = tmp_path / "huge.txt"
    with open(huge, "wb") as handle:
        handle.truncate(MAX_DOCUMENT_BYTES + 2**20)  # sparse: takes no room on the disk
    before = stored_records()
    assert_refused(run("ingest", "--all-or-nothing", str(huge)), "257 MiB: more than any document mtgrules reads", file=huge)
    assert stored_records() == before


def test_a_pipe_with_a_writer_is_read():
    """`mtgrules parse <(command)`: a pipe whose writer is there is read as any file."""
    reader, writer = os.pipe()
    try:
        os.write(writer, seed("004").read_bytes())  # smaller than a pipe's buffer
        os.close(writer)
        outcome = run("parse", f"/dev/fd/{reader}", "--json")
    finally:
        os.close(reader)
    assert outcome.code == 0 and len(outcome.stdout.splitlines()) == 9, outcome.stderr
