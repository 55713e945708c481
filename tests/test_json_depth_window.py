"""The depth check a streaming reader runs before decoding each value reads only as far as
that value goes (`json_depth.value_deeper_than`), and agrees with the decoder on the value."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtgrules.errors import LimitError
from mtgrules.parsers import json_depth, mtgjson
from tests.conftest import corpus_file

_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(alphabet='[]{}"\\ ab', max_size=6),
    lambda children: st.lists(children, max_size=3) | st.dictionaries(st.text(alphabet='[]{}"\\ab', max_size=3), children, max_size=3),
    max_leaves=40,
)


def _depth(value) -> int:
    if isinstance(value, list):
        return 1 + max(map(_depth, value), default=0)
    if isinstance(value, dict):
        return 1 + max(map(_depth, value.values()), default=0)
    return 0


@settings(max_examples=300, deadline=None)
@given(value=_VALUES, sibling=_VALUES, indent=st.sampled_from([None, 1]), limit=st.integers(0, 8),
       window=st.integers(1, 40))
def test_the_check_of_one_value_agrees_with_the_decoder(value, sibling, indent, limit, window):
    """Whatever follows the value (a deeper sibling, parents closing, a string cut short), and
    however small the first window: True exactly when the value itself nests deeper."""
    before = '{"cards": [1, '
    text = before + json.dumps(value, indent=indent) + ", " + json.dumps(sibling, indent=indent) + "]}, " + '"cut [[[['
    assert json_depth.value_deeper_than(text, len(before), limit, window=window) == (_depth(value) > limit)


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
