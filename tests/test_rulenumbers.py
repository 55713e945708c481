"""Rule-number arithmetic that lookups, ranges and alignment rely on."""

import pytest

from mtgrules import rulenumbers as rn


def test_letters_skip_l_and_o_and_continue_with_aa():
    sequence = [rn.letters_at(i) for i in range(26)]
    assert "l" not in sequence and "o" not in sequence
    assert sequence[9:12] == ["j", "k", "m"]
    assert sequence[23:26] == ["z", "aa", "ab"]
    assert all(rn.letter_index(rn.letters_at(i)) == i for i in range(60))


def test_parents_climb_from_subrule_to_chapter():
    assert rn.parent("704.5aa") == "704.5"
    assert rn.parent("704.5") == "704"
    assert rn.parent("704") == "7"
    assert rn.parent("7") is None


def test_sort_order_follows_the_rules_not_the_alphabet():
    numbers = ["704.5aa", "701.10", "704.5z", "701.9", "704.5", "704"]
    assert sorted(numbers, key=rn.sort_key) == ["701.9", "701.10", "704", "704.5", "704.5z", "704.5aa"]


@pytest.mark.parametrize(
    "start,end,expected",
    [
        ("704.5a", "704.5d", ["704.5a", "704.5b", "704.5c", "704.5d"]),
        ("701.27a", "f", ["701.27a", "701.27b", "701.27c", "701.27d", "701.27e", "701.27f"]),
        ("712.9", "10", ["712.9", "712.10"]),
        ("704.5k", "704.5m", ["704.5k", "704.5m"]),
    ],
)
def test_ranges_expand(start, end, expected):
    assert rn.expand_range(start, end) == expected


@pytest.mark.parametrize("start,end", [("704.5d", "704.5a"), ("704.5a", "705.1b")])
def test_bad_ranges_are_refused(start, end):
    with pytest.raises(ValueError):
        rn.expand_range(start, end)


def test_references_in_english_spanish_french_and_chinese():
    english = "This follows rules 701.27a–f, 712.9–10, and 712.18. See rule 714, “Saga Cards.”"
    assert rn.references(english) == [
        "701.27a", "701.27b", "701.27c", "701.27d", "701.27e", "701.27f", "712.9", "712.10", "712.18", "714",
    ]
    assert rn.references("véase la regla 701.50b") == ["701.50b"]
    assert rn.references("voir la règle 704.5 et la règle 702.179") == ["704.5", "702.179"]
    assert rn.references("参见规则701.44，“囤兵”") == ["701.44"]


def test_a_range_ending_a_sentence_is_expanded():
    assert rn.references("See rules 603.7d–f. Then 712.9–10.") == ["603.7d", "603.7e", "603.7f", "712.9", "712.10"]


def test_plain_numbers_are_not_references():
    assert rn.references("Each player starts with 20 life; a Commander game starts at 40, and 100 is a lot.") == []
