"""Mutated seed documents: the pipeline returns records or raises ParseError, never anything else."""

import tempfile
from pathlib import Path

from conftest import SEEDS
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mtgrules.align import documents
from mtgrules.errors import ParseError
from mtgrules.records import Record

SEED_BYTES = [path.read_bytes() for path in sorted(SEEDS.glob("*.txt"))]


@st.composite
def mutated_seed(draw):
    data = draw(st.sampled_from(SEED_BYTES))
    lines = data.split(b"\n")
    for _ in range(draw(st.integers(1, 4))):
        operation = draw(st.sampled_from(["delete", "duplicate", "swap", "flip", "truncate", "insert"]))
        if not lines:
            break
        i = draw(st.integers(0, len(lines) - 1))
        j = draw(st.integers(0, len(lines) - 1))
        if operation == "delete":
            del lines[i]
        elif operation == "duplicate":
            lines.insert(i, lines[i])
        elif operation == "swap":
            lines[i], lines[j] = lines[j], lines[i]
        elif operation == "flip" and lines[i]:
            k = draw(st.integers(0, len(lines[i]) - 1))
            lines[i] = lines[i][:k] + bytes([draw(st.integers(0, 255))]) + lines[i][k + 1 :]
        elif operation == "truncate":
            lines = lines[:i]
        elif operation == "insert":
            lines.insert(i, draw(st.sampled_from([b"", b"Subreglas", b"31/02/2024", b"- 701.3", b"\xa0", b"704.5zz. X"])))
    return b"\n".join(lines)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_seed())
def test_mutated_pages_parse_or_raise_parse_error(data):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "page.txt"
        path.write_bytes(data)
        try:
            parsed = documents.parse_files([str(path)])
        except ParseError as error:
            assert str(error).startswith(str(path))
            return
    assert all(isinstance(r, Record) for d in parsed for r in d.records)


LAYOUT_BYTES = [path.read_bytes() for path in sorted((SEEDS.parent / "tests" / "pages").glob("*.html"))]


@st.composite
def mutated_layout(draw):
    """A saved HTML page of the layout corpus with lines deleted, repeated, swapped or cut, and
    stray markup inserted: what a truncated download or a hand-edited page looks like."""
    lines = draw(st.sampled_from(LAYOUT_BYTES)).split(b"\n")
    for _ in range(draw(st.integers(1, 5))):
        if not lines:
            break
        operation = draw(st.sampled_from(["delete", "duplicate", "swap", "truncate", "insert"]))
        i, j = draw(st.integers(0, len(lines) - 1)), draw(st.integers(0, len(lines) - 1))
        if operation == "delete":
            del lines[i]
        elif operation == "duplicate":
            lines.insert(i, lines[i])
        elif operation == "swap":
            lines[i], lines[j] = lines[j], lines[i]
        elif operation == "truncate":
            lines[i] = lines[i][: draw(st.integers(0, max(0, len(lines[i]) - 1)))]
        else:
            lines.insert(i, draw(st.sampled_from([b"</div></li></ul>", b"<li>", b"<p>", b"<!-- ", b"<h2>31/02/2016</h2>",
                                                  b"<time datetime='x'>", b"<table><tr><td>", b"&#xZZ; &amp"])))
    return b"\n".join(lines)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_layout())
def test_mutated_saved_pages_parse_or_raise_parse_error(data):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "page.html"
        path.write_bytes(data)
        try:
            parsed = documents.parse_files([str(path)])
        except ParseError as error:
            assert str(error).startswith(str(path)) and "\n" not in str(error)
            return
    assert all(isinstance(r, Record) for d in parsed for r in d.records)
