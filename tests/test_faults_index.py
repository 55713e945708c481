"""Fault injection, the search index (derived data, `mtgrules.index.heal`): a whoosh file, the
lexicon, the vocabulary, `meta.json` or `CURRENT` truncated, emptied, overwritten or deleted;
leftovers of killed builds; a disk that fills up during a build. The search still answers
what it answered before the damage, saying in at most one line that the index was built
again; the next search says nothing; nothing half-written stays.
"""

from __future__ import annotations

import json
import os
import random
import resource
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from faults import REPO, assert_clean, assert_refused, run

from mtgrules import paths
from mtgrules.index import build, heal

QUERY = ("search", "energía", "--json")


def index_root() -> Path:
    return paths.index_dir()


def in_use() -> Path:
    folder = build.current_build(index_root())
    assert folder is not None
    return folder


def damage(file: Path, how: str) -> None:
    data = file.read_bytes()
    if how == "truncated":
        file.write_bytes(data[: len(data) // 2])
    elif how == "emptied":
        file.write_bytes(b"")
    elif how == "garbled":  # the same size, other bytes
        file.write_bytes(random.Random(len(data)).randbytes(max(len(data), 16)))
    else:
        file.unlink()


def target(pattern: str) -> Path:
    if pattern == "CURRENT":
        return index_root() / "CURRENT"
    return next(in_use().glob(pattern))


# Every part a search reads, damaged one way or another; every way on the table of contents.
CASES = [
    *[("*.toc", how) for how in ("truncated", "emptied", "garbled", "deleted")],
    ("*.pst", "emptied"), ("meta.json", "garbled"), ("vocabulary.txt", "truncated"),
    ("lexicon/es.to_english.pickle", "garbled"), ("lexicon/fr.from_english.pickle", "deleted"), ("CURRENT", "garbled"),
]


@pytest.mark.parametrize(("pattern", "how"), CASES, ids=[f"{p}-{h}" for p, h in CASES])
def test_a_damaged_index_is_built_again_and_answers_the_same(pattern, how):
    before = run(*QUERY)
    assert_clean(before)
    damage(target(pattern), how)
    healed = run(*QUERY)
    assert_clean(healed)
    assert healed.stdout == before.stdout
    said = healed.stderr.splitlines()
    assert len(said) <= 1, healed.stderr
    if (pattern, how) != ("CURRENT", "deleted"):  # no CURRENT at all: simply built, as at first
        assert len(said) == 1 and "building it again" in said[0], healed.stderr
    again = run(*QUERY)
    assert_clean(again)
    assert again.stdout == before.stdout and again.stderr == ""
    assert heal.damage(index_root()) is None


def test_leftovers_of_killed_builds_are_removed_by_the_next_search():
    assert_clean(run(*QUERY))
    root = index_root()
    half = root / "0123456789abcdef-99999-000000000000"  # a build killed before its meta.json
    (half / "lexicon").mkdir(parents=True)
    (half / "MAIN_x.pst").write_bytes(b"\0" * 100)
    pointer = root / ".CURRENT.99999"  # killed between writing the pointer and swapping it in
    pointer.write_text(half.name + "\n")
    lexicon = root / "lexicon-0123456789abcdef.tmp"
    lexicon.write_text("half a lexicon")
    kept = in_use()
    assert_clean(run(*QUERY))
    assert not half.exists() and not pointer.exists() and not lexicon.exists()
    assert in_use() == kept


def test_leftovers_are_kept_while_a_build_holds_the_lock():
    assert_clean(run(*QUERY))
    half = index_root() / "0123456789abcdef-99999-000000000000"
    half.mkdir()
    with build._build_lock(index_root()):
        assert heal.remove_leftovers(index_root()) == []
        assert half.exists()
    assert heal.remove_leftovers(index_root()) == [half]


def test_a_search_meeting_damage_while_reading_runs_again_on_a_new_build():
    """Damage found only once whoosh reads a file (the sizes still match): built again, once."""
    before = run(*QUERY)
    stored = target("*_stored.col")
    damage(stored, "garbled")
    meta = json.loads((in_use() / "meta.json").read_text())
    assert meta["files"][stored.name] == stored.stat().st_size  # not told by its size
    healed = run(*QUERY)
    assert_clean(healed)
    assert healed.stdout == before.stdout
    assert "could not be read" in healed.stderr and len(healed.stderr.splitlines()) == 1


def limited(megabytes: float):
    """A child's files limited to `megabytes` (RLIMIT_FSIZE): a write past it fails with EFBIG,
    as on a full disk (SIGXFSZ ignored, so the write fails instead of killing the process)."""
    size = int(megabytes * 1024 * 1024)

    def apply() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))

    return apply


def search_limited(megabytes: float) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.run([sys.executable, "-m", "mtgrules", *QUERY], env=env, capture_output=True, text=True,
                          timeout=120, preexec_fn=limited(megabytes), cwd=REPO)


def test_a_full_disk_during_a_build_keeps_the_index_in_use():
    before = run(*QUERY)
    assert_clean(before)
    kept = in_use()
    keywords = REPO.parent / "shared" / "corpus-data" / "cr" / "keywords_en_es_fr.tsv"
    if not keywords.exists():
        pytest.skip(f"real data not available: {keywords}")
    assert_clean(run("ingest", str(keywords)))  # the corpus changed: the next search builds
    full = search_limited(0.05)
    assert full.returncode == 0, full.stderr
    assert "Traceback" not in full.stderr
    (said,) = full.stderr.splitlines()
    assert "could not build the search index" in said and "searching the index built before" in said
    assert json.loads(full.stdout.splitlines()[0]) == json.loads(before.stdout.splitlines()[0])
    assert in_use() == kept
    assert [entry for entry in index_root().iterdir() if entry.is_dir()] == [kept]  # nothing half-written
    assert_clean(run(*QUERY))  # room again: built
    assert in_use() != kept


def test_a_full_disk_with_no_index_yet_is_one_line():
    full = search_limited(0.05)
    outcome = type("Outcome", (), {"code": full.returncode, "stdout": full.stdout, "stderr": full.stderr, "crashed": None})
    assert_refused(outcome, "file too large")
    assert not [entry for entry in index_root().iterdir() if entry.is_dir()]
