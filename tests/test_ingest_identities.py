"""Identities worked out at ingest from the digests of the editions the ingest held: an edition
that says what the edition before it says is matched rule to rule without reading either back,
and the identities stored are, whatever the order and grouping of the ingests, those a trace of
all the stored records gives."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import corpus_file

from mtgrules.align import identities, ingest
from mtgrules.align.identities import StoredTrace
from mtgrules.align.trace import Trace
from mtgrules.store import RULE_KINDS, Store

pytestmark = pytest.mark.shared

_EFFECTIVE = re.compile(rb"effective as of [A-Z][a-z]+ \d{1,2}, \d{4}")


def copy_dated(source: Path, folder: Path, when: str, *, tail: bytes = b"") -> Path:
    """The edition `source` with its effective date set to `when` ("December 1, 2025")."""
    raw = source.read_bytes()
    match = _EFFECTIVE.search(raw)
    assert match, source
    target = folder / f"{when.replace(' ', '-').replace(',', '')}{len(tail)}.txt"
    target.write_bytes(raw[: match.start()] + f"effective as of {when}".encode() + raw[match.end():] + tail)
    return target


def assert_stored_as_traced(corpus: Store) -> StoredTrace:
    stored = StoredTrace(corpus)
    traced = Trace(corpus.records(kinds=RULE_KINDS, langs=["en"]))
    assert stored.editions == traced.editions
    for old, new in zip(stored.editions, stored.editions[1:], strict=False):
        assert stored.changes(old, new) == traced.changes(old, new), (old, new)
    for edition in stored.editions:
        assert {number: stored.identity(edition, number) for number in stored.numbers(edition)} == traced.identities(edition)
    return stored


def test_copies_of_an_edition_between_real_editions_are_all_unchanged_and_traced_alike(tmp_path, monkeypatch):
    newest = corpus_file("cr/en-20260807.txt")
    copies = [copy_dated(newest, tmp_path, when) for when in ("December 1, 2025", "March 1, 2026")]
    corpus = Store(tmp_path / "corpus.sqlite3")
    matched = []
    full_match = identities.match_editions
    monkeypatch.setattr(identities, "match_editions", lambda old, new: matched.append(1) or full_match(old, new))
    ingest.ingest([str(corpus_file("cr/en-20250606.txt")), *map(str, copies), str(newest)], corpus=corpus)
    assert len(matched) == 1  # 2025-06-06 against the first copy; the copies rule to rule
    # Four editions traced at once: their rows written with the indexes set aside, and back.
    indexes = {row[0] for row in corpus.db.execute("SELECT name FROM sqlite_master WHERE tbl_name = 'identities' AND type = 'index'")}
    assert {"identities_identity", "identities_number"} <= indexes
    assert corpus.db.execute("PRAGMA integrity_check(identities)").fetchone()[0] == "ok"
    stored = assert_stored_as_traced(corpus)
    assert stored.editions == ["2025-06-06", "2025-12-01", "2026-03-01", "2026-08-07"]
    for old, new in (("2025-12-01", "2026-03-01"), ("2026-03-01", "2026-08-07")):
        assert {change.kind for change in stored.changes(old, new)} == {"unchanged"}
    assert {change.kind for change in stored.changes("2025-06-06", "2025-12-01")} > {"unchanged", "moved", "added"}
    # Connive: 701.50 from 2025-06-06 on, one identity through the copies.
    assert len({stored.identity(edition, "701.50") for edition in stored.editions}) == 1


def test_a_copy_ingested_later_is_chained_from_the_stored_identities(tmp_path):
    newest = corpus_file("cr/en-20260807.txt")
    corpus = Store(tmp_path / "corpus.sqlite3")
    ingest.ingest([str(corpus_file("cr/en-20250606.txt")), str(newest)], corpus=corpus)
    ingest.ingest([str(copy_dated(newest, tmp_path, "December 1, 2026"))], corpus=corpus)  # after the newest
    ingest.ingest([str(copy_dated(newest, tmp_path, "December 1, 2025"))], corpus=corpus)  # between
    stored = assert_stored_as_traced(corpus)
    assert stored.editions == ["2025-06-06", "2025-12-01", "2026-08-07", "2026-12-01"]
    assert {change.kind for change in stored.changes("2025-12-01", "2026-12-01")} == {"unchanged"}


def test_an_edition_given_by_two_documents_is_traced_from_what_the_store_holds(tmp_path):
    """Two files of one date (a copy with a line more): the store holds both documents' rules,
    and the digests of either one alone do not stand for the edition."""
    newest = corpus_file("cr/en-20260807.txt")
    older = corpus_file("cr/en-20250606.txt")
    twin = copy_dated(older, tmp_path, "June 6, 2025", tail=b"\n")
    corpus = Store(tmp_path / "corpus.sqlite3")
    ingest.ingest([str(older), str(twin), str(newest)], corpus=corpus)
    assert_stored_as_traced(corpus)
    other = Store(tmp_path / "other.sqlite3")
    ingest.ingest([str(older), str(newest)], corpus=other)
    ingest.ingest([str(twin)], corpus=other)
    assert_stored_as_traced(other)
