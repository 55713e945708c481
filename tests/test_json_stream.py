"""The streaming JSON reader against the standard library's: the same values wherever the reads
split the text, and a ParseError (never another exception) for any text cut short or mangled."""

from __future__ import annotations

import io
import json

from hypothesis import given, settings
from hypothesis import strategies as st

from mtgrules.errors import ParseError
from mtgrules.parsers.json_stream import JsonReader

SCALARS = st.none() | st.booleans() | st.integers(-10**30, 10**30) | st.floats(allow_nan=False, allow_infinity=False) | st.text()
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                      max_leaves=20)


def read_all(raw: bytes, chunk_size: int) -> list:
    reader = JsonReader(io.BytesIO(raw), "t.json", chunk_size=chunk_size)
    values = [reader.value("item") for _ in reader.items("the list")]
    reader.finish()
    return values


def dumped(values, indent, ascii_only) -> bytes:
    return json.dumps(values, indent=indent, ensure_ascii=ascii_only).encode("utf-8")


@settings(max_examples=150, deadline=None)
@given(st.lists(VALUES, max_size=6), st.integers(1, 40), st.sampled_from([None, 0, 2]), st.booleans())
def test_values_do_not_depend_on_where_reads_split_the_text(values, chunk_size, indent, ascii_only):
    raw = dumped(values, indent, ascii_only)
    assert read_all(raw, chunk_size) == json.loads(raw)


@settings(max_examples=150, deadline=None)
@given(st.lists(VALUES, min_size=1, max_size=6), st.integers(1, 40), st.data())
def test_any_cut_or_mangled_text_is_a_parse_error(values, chunk_size, data):
    raw = dumped(values, None, False)
    cut = data.draw(st.integers(0, len(raw) - 1))
    mangled = data.draw(st.sampled_from([raw[:cut], raw[:cut] + b"\xff" + raw[cut:], raw[:cut] + b"}" + raw[cut:]]))
    try:
        got = read_all(mangled, chunk_size)
    except ParseError as error:
        assert str(error).startswith("t.json")
    else:  # a mangling can leave valid JSON (a "}" inside a string): then it reads as json does
        assert got == json.loads(mangled)
