"""The depth check of the streaming reader: each value is checked once decoded, over exactly
that value (`json_stream.JsonReader.value`), and refused at the line of its first bracket past
the limit, whatever the value's siblings and however the reads split the text."""

from __future__ import annotations

import io
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtgrules.errors import LimitError
from mtgrules.parsers import json_depth, mtgjson
from mtgrules.parsers.json_stream import JsonReader
from tests.conftest import corpus_file

_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(alphabet='[]{}"\\ ab', max_size=6),
    lambda children: st.lists(children, max_size=3) | st.dictionaries(st.text(alphabet='[]{}"\\ab', max_size=3), children, max_size=3),
    max_leaves=20,
)


def _nested(depth: int, inner) -> object:
    for level in range(depth):
        inner = [inner] if level % 2 else {"k": inner}
    return inner


@settings(max_examples=200, deadline=None)
@given(before=st.lists(_VALUES, max_size=3), after=st.lists(_VALUES, max_size=3), inner=_VALUES,
       extra=st.integers(-3, 3), indent=st.sampled_from([None, 1]), chunk_size=st.integers(1, 200))
def test_a_value_nested_past_the_limit_is_refused_at_its_line_and_others_read(before, after, inner, extra, indent, chunk_size):
    """A value of a list nested (with what it holds) just below, at or past the limit, between
    values of any kind, read in chunks of any size: read as json reads it, or refused at the
    line of its first bracket past the limit."""
    deep = _nested(json_depth.MAX_DEPTH - 2 + extra, inner)
    text = json.dumps([*before, deep, *after], indent=indent)
    reader = JsonReader(io.BytesIO(text.encode()), "set.json", chunk_size=chunk_size)
    line = json_depth.too_deep_line(text, json_depth.MAX_DEPTH + 1)  # the list holding the values is a level more
    try:
        values = [reader.value("item") for _ in reader.items("the list")]
    except LimitError as error:
        assert line is not None and error.line == line
    else:
        assert line is None and values == json.loads(text)


@pytest.mark.parametrize("depth", [json_depth.MAX_DEPTH + 1, 990, 1000, 100_000])
def test_a_value_deeper_than_the_decoder_recurses_is_refused_at_its_line(depth):
    text = '[1,\n2,\n' + "[" * depth + "]" * depth + "]"
    reader = JsonReader(io.BytesIO(text.encode()), "set.json", chunk_size=4096)
    with pytest.raises(LimitError) as caught:
        [reader.value("item") for _ in reader.items("the list")]
    assert caught.value.line == 3


def test_a_deep_card_in_a_set_file_is_refused_at_its_line():
    """The real Kaladesh file with one card, far into the file, given a field nested past the
    limit: refused with that card's line, as when the whole buffer was checked."""
    path = corpus_file("rulings/KLD.mtgjson-v5.json")
    text = path.read_text(encoding="utf-8")
    at = [i for i in range(len(text)) if text.startswith('"uuid"', i)][150]
    deep = "[" * (json_depth.MAX_DEPTH + 1) + "]" * (json_depth.MAX_DEPTH + 1)
    spoiled = text[:at] + '"x": ' + deep + ", " + text[at:]
    with pytest.raises(LimitError) as caught:
        mtgjson.parse(spoiled, "KLD.json")
    assert caught.value.line == text.count("\n", 0, at) + 1
    assert len([r for r in mtgjson.parse(text, "KLD.json") if r.kind == "card"]) > 200
