"""The layout of the index folder (`paths.index_dir()`) and the small readers a search needs:
which build is in use (`CURRENT`), its `meta.json`, whether it is current, the names of the
files beside the whoosh files. `mtgrules.index.build` writes what is described here (its
module docstring says what each file holds) and takes these names from here.

A module of its own, importing nothing heavy, because every `mtgrules search` reads these and
nothing else of the builder: importing `mtgrules.index.build` (the store, records, alignment's
linking, typing...) cost a cold search some 20-30 ms of its 75.
"""

from __future__ import annotations

import json
from pathlib import Path

from mtgrules import paths, readiness

TYPE_CHECKING = False  # `typing` is not imported on a cold search's path (some 5-10 ms)
if TYPE_CHECKING:
    from collections.abc import Iterable
    from contextlib import AbstractContextManager

    from mtgrules.index.build import Indexed
    from mtgrules.records import Record

CURRENT = "CURRENT"  # the name of the build in use (one line), swapped with os.replace
LOCK = "build.lock"  # held (flock) by the one process building
META = "meta.json"
LEXICON_FOLDER = "lexicon"
VOCABULARY = "vocabulary.txt"
KEYS_SUFFIX = "~keys"  # vocabulary.txt: "es~keys" is the line of the Spanish words' keys
TERMS_LINE = "en~terms"  # vocabulary.txt: English terms of several words, "lethal_damag" (keys)
# Bumped whenever the schema or an analyzer changes: an index built by another version is rebuilt.
LAYOUT = 8
EVERY_VIEW = "*"  # the view of a record in every view (any kind but `entries.EDITION_KINDS`)


def current_build(root: Path | None = None) -> Path | None:
    """The folder of the index in use, or None when none was built yet."""
    root = root or paths.index_dir()
    try:
        name = (root / CURRENT).read_text(encoding="utf-8").strip()
        folder = root / name
        return folder if name and (folder / META).exists() else None
    except (OSError, ValueError):  # absent, or garbled (`mtgrules.index.heal` says which)
        return None


def read_meta(folder: Path) -> dict:
    return json.loads((folder / META).read_text(encoding="utf-8"))


def is_current(folder: Path, fingerprint: str) -> bool:
    """True when `folder` indexes this corpus with this version's schema, analyzers and
    committed lexicon (a new version of mtgrules may ship a new corpus/lexicon.tsv for the same
    corpus)."""
    try:
        meta = read_meta(folder)
    except (OSError, ValueError):  # garbled: built again (`mtgrules.index.heal`)
        return False
    return (isinstance(meta, dict) and meta.get("fingerprint") == fingerprint and meta.get("layout") == LAYOUT
            and meta.get("lexicon") == committed_lexicon_digest())


def committed_lexicon_digest() -> str:
    """A digest of corpus/lexicon.tsv, read by its path (`readiness.packaged_file` says why)."""
    return readiness.packaged_digest(readiness.COMMITTED_LEXICON)[:16]


def view_file(edition: str) -> str:
    """The file of the documents in one edition's view (`build.write_view_documents`)."""
    return f"view-{edition}.docs"


def lexicon_file(lang: str, direction: str) -> str:
    """The file of one language's lexicon, one direction ("to_english" or "from_english")."""
    return f"{lang}.{direction}.pickle"


class SilentReporter:
    """A build reporter (`build.BuildReporter`) that says nothing: the default of library calls."""

    def waiting(self, holder: str) -> None:
        pass

    def note(self, text: str) -> None:
        pass

    def indexing(self, records: Indexed) -> AbstractContextManager[Iterable[Record]]:
        from contextlib import nullcontext

        return nullcontext(records)


SILENT = SilentReporter()
