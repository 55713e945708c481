"""Where the user's data and index live: `MTGRULES_HOME` when set, else the XDG directories.

Everything is derived at call time (not import time) so tests can point MTGRULES_HOME at a
temporary folder with monkeypatch.
"""

from __future__ import annotations

import os
from pathlib import Path


def _xdg(variable: str, fallback: str) -> Path:
    value = os.environ.get(variable)
    return Path(value) if value else Path.home() / fallback


def data_dir() -> Path:
    """The folder of the user's corpus (the database of ingested records) and quiz progress."""
    home = os.environ.get("MTGRULES_HOME")
    if home:
        return Path(home)
    return _xdg("XDG_DATA_HOME", ".local/share") / "mtgrules"


def cache_dir() -> Path:
    """The folder of derived data (the search index): safe to delete, rebuilt on demand."""
    home = os.environ.get("MTGRULES_HOME")
    if home:
        return Path(home) / "cache"
    return _xdg("XDG_CACHE_HOME", ".cache") / "mtgrules"


def database_path() -> Path:
    """The corpus database (`mtgrules.store`)."""
    return data_dir() / "corpus.sqlite3"


def corpus_dir() -> Path:
    """Where versions before the database kept the corpus (`manifest.json`, `documents/`):
    read once, to migrate it."""
    return data_dir() / "corpus"


def index_dir() -> Path:
    return cache_dir() / "index"
