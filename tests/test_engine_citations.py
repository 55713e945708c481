"""The engine's own citations are current: every rule number written in the engine's code
(`@implements`, events, docstrings, comments), in the messages it says (English, Spanish and
French templates) and in the scenarios of examples/, read by `mtgrules cite` as written for the
newest English edition of ../shared/corpus-data, names a rule of that edition, and the words
around it do not clearly name another rule that an older edition held at that number (a number
left over from before a renumbering: "connive (701.47)" was right in 2024-06-07 and names
Amass now).

tests/test_engine_links.py holds each `@implements` to the words its rule must still contain;
this holds every other place a number is written. A citation may be kept as it is only with a
reason in EXCEPTIONS.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import CORPUS_DATA, REPO

from mtgrules.align.trace import Trace
from mtgrules.lookup import citation_check, citation_status
from mtgrules.lookup.citation_check import Document
from mtgrules.parsers.comprehensive_rules import parse_file

# The engine's citations: its code, the messages the study layer says for it, its scenarios.
CITING = sorted([*(REPO / "engine").glob("*.py"), REPO / "study" / "messages.py", *(REPO / "examples").glob("*.toml"),
                 REPO / "examples" / "README.md"])
# (file, number) -> why the citation stays as it is though it does not read as current.
EXCEPTIONS: dict[tuple[str, str], str] = {}


@pytest.fixture(scope="module")
def trace() -> Trace:
    """Every English edition of the shared data, traced; the newest is what the engine cites."""
    paths = sorted((CORPUS_DATA / "cr").glob("en-*.txt"))
    if not paths:
        pytest.skip(f"real data not available: no English edition (en-*.txt) in {CORPUS_DATA / 'cr'}")
    return Trace([record for path in paths for record in parse_file(path).records])


def problems(trace: Trace, documents: list[Document]) -> tuple[int, list[str]]:
    """How many citations were read, and each that is not current in the newest edition, with
    why."""
    newest = trace.editions[-1]
    words = citation_status.Words(trace, newest)
    found = []
    read = 0
    for document in documents:
        report = citation_check.check(document, trace, newest, written=newest, words=words)
        read += len(report.citations)
        readable = citation_check.prose.prose(document.text, document.kind)
        for citation in report.citations:
            context = words.context_keys(citation_status.context_of(readable, citation.mention))
            for verdict in citation.verdicts:
                where = f"{document.name}:{citation.line}:{citation.column} {citation.written}"
                if (document.name, verdict.number) in EXCEPTIONS:
                    continue
                if verdict.status in ("absent", "unknown"):
                    found.append(f"{where}: {verdict.number} is not a rule of {newest}")
                    continue
                named = citation_status.own_edition(trace, words, verdict.number, context, newest)
                if named != newest:
                    now = citation_status.verdict(trace, verdict.number, named, newest)
                    found.append(f"{where}: its words name {verdict.number} of {named} ({now.title}), "
                                 f"which is {now.now or 'gone'} in {newest}")
    return read, found


def _documents(paths: list[Path]) -> list[Document]:
    return [Document.from_bytes(path.relative_to(REPO).as_posix(), path.read_bytes()) for path in paths]


@pytest.mark.shared
def test_every_citation_of_the_engine_is_current_in_the_newest_edition(trace):
    documents = _documents(CITING)
    read, found = problems(trace, documents)
    assert read > 400  # the engine cites rules all over: a reader that found none would pass
    assert found == []
    assert all(name in {d.name for d in documents} for name, _ in EXCEPTIONS)  # an exception names a file still there


@pytest.mark.shared
def test_a_stale_citation_in_engine_code_would_be_caught(trace):
    """The check can fail: numbers of 2024-06-07 in a docstring and a message are found."""
    code = (
        '"""Connive (rule 701.47): draw a card, then discard a card; a +1/+1 counter for a nonland card."""\n'
        'MESSAGE = "a battle with no player designated as its protector chooses one (704.5w)"\n'
        '# Transform: turn the permanent over so that its other face is up (701.28).\n'
        'OK = "lethal damage destroys the creature (704.5g)"\n'
        'TYPO = "see rule 704.5zz"\n'
    )
    _, found = problems(trace, [Document.from_bytes("engine/stale.py", code.encode())])
    assert [line.split(": ", 1)[0] for line in found] == [
        "engine/stale.py:1:13 rule 701.47", "engine/stale.py:2:77 704.5w", "engine/stale.py:3:68 701.28",
        "engine/stale.py:5:13 rule 704.5zz"]
    assert "its words name 701.47 of 2024-06-07 (Connive), which is 701.50 in" in found[0]
