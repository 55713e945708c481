"""Shared fixtures.

Real data lives in ../shared/corpus-data beside the repository (official rules editions, MTGJSON
files); it is read in place, never copied. Tests that need it skip with a clear reason when the
folder is absent. Every test gets its own MTGRULES_HOME so nothing touches the user's data.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

# Every ingest of the tests' processes writes the term dictionary in its transaction, as
# `mtgrules ingest` does (the store's hook, `store.derive`); ingests through `align.ingest` alone
# would leave it to the first lookup, which says so on stderr.
import mtgrules.lookup.term_table  # noqa: F401

REPO = Path(__file__).resolve().parents[1]
CORPUS_DATA = Path(os.environ.get("MTGRULES_CORPUS_DATA", REPO.parent / "shared" / "corpus-data"))
SEEDS = REPO / "seeds"
# The small real corpus several modules search: the newest rules, a set file, the two excerpts
# of the seed cards' rulings and the keyword table (the seeds come with every store).
REAL_CORPUS = [
    "cr/en-20260807.txt",
    "rulings/KLD.mtgjson-v5.json",
    "rulings/MH3-electrozoa.mtgjson-excerpt.json",
    "rulings/BLB-kitnap.mtgjson-excerpt.json",
    "cr/keywords_en_es_fr.tsv",
]
# Another program holding an SQLite database with an exclusive lock (an SQLite browser, a backup).
_HOLDER = textwrap.dedent("""
    import sqlite3, sys, time
    db = sqlite3.connect(sys.argv[1], isolation_level=None)
    db.execute("PRAGMA locking_mode = EXCLUSIVE")
    db.execute("BEGIN EXCLUSIVE")
    db.execute("SELECT count(*) FROM sqlite_master").fetchall()
    print("holding", flush=True)
    time.sleep(60)
""")


def corpus_file(relative: str) -> Path:
    """A file of ../shared/corpus-data, or a skip naming what is missing."""
    path = CORPUS_DATA / relative
    if not path.exists():
        pytest.skip(f"real data not available: {path} is absent (../shared/corpus-data beside the repo)")
    return path


def ingested_home(folder: Path, relatives: list[str]) -> Path:
    """`folder` made a home holding these files of ../shared/corpus-data ingested (the seeds
    come with every store): the corpus a module's tests share, built once."""
    from mtgrules.align import ingest
    from mtgrules.store import Store

    paths = [str(corpus_file(relative)) for relative in relatives]
    ingest.ingest(paths, corpus=Store(folder / "corpus.sqlite3"))
    return folder


@contextmanager
def held_exclusively(database: Path) -> Iterator[None]:
    """`database` locked exclusively by another process for the block."""
    holder = subprocess.Popen([sys.executable, "-c", _HOLDER, str(database)], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "holding"
        yield
    finally:
        holder.kill()
        holder.wait()


@pytest.fixture
def home(corpus_home, monkeypatch):
    """The module's shared home (its `corpus_home` fixture, made with `ingested_home`) as the
    user's."""
    monkeypatch.setenv("MTGRULES_HOME", str(corpus_home))
    return corpus_home


@pytest.fixture(autouse=True)
def isolated_home(tmp_path, monkeypatch):
    home = tmp_path / "mtgrules-home"
    monkeypatch.setenv("MTGRULES_HOME", str(home))
    monkeypatch.delenv("NO_COLOR", raising=False)
    # English unless a test asks for another language: the person's locale is not the tests'.
    monkeypatch.setenv("MTGRULES_LANG", "en")
    return home


@pytest.fixture
def cr_2026() -> Path:
    return corpus_file("cr/en-20260807.txt")
