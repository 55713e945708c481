"""Shared fixtures.

Real data lives in ../shared/corpus-data beside the repository (official rules editions, MTGJSON
files); it is read in place, never copied. Tests that need it skip with a clear reason when the
folder is absent. Every test gets its own MTGRULES_HOME so nothing touches the user's data.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
CORPUS_DATA = Path(os.environ.get("MTGRULES_CORPUS_DATA", REPO.parent / "shared" / "corpus-data"))
SEEDS = REPO / "seeds"


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
    return home


@pytest.fixture
def cr_2026() -> Path:
    return corpus_file("cr/en-20260807.txt")
