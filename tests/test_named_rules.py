"""The rules of a keyword a query names, ranked by the query's other words (index/named_rules.py)."""

from mtgrules.index import named_rules

COMMON = {"creature", "card", "turn", "end", "damage"}


def common(word: str) -> bool:
    return word.lower() in COMMON


def test_other_words_leave_out_the_title_little_and_common_words():
    assert named_rules.other_words("creature defender attacks", "Defender", common) == ["attacks"]
    assert named_rules.other_words('indestructible "lethal damage"', "Indestructible", common) == ["lethal"]
    assert named_rules.other_words("discard seven card end turn", "Discard", common) == ["seven"]


def test_a_phrase_holding_the_title_is_the_keyword_own():
    assert named_rules.other_words('"play a land" turn', "Play", common) == []
    assert named_rules.other_words('creature reach "blocked creature"', "Reach", common) == ["blocked"]


def test_fields_operators_and_wildcards_are_no_other_words():
    assert named_rules.other_words("defender OR attack* card:wall", "Defender", common) == []


def test_query_asks_for_the_heading_or_a_subrule_holding_every_other_word():
    text = named_rules.query({"702.3": "Defender"}, ["creature defender attacks blocks"], common)
    assert text.startswith("number:702.3 OR ((number:702.3a OR number:702.3b")
    assert text.endswith(") AND attacks AND blocks)")


def test_query_without_other_words_is_the_headings_alone():
    assert named_rules.query({"702.19": "Trample", "702.2": "Deathtouch"}, ["trample"], common) == (
        "number:702.19 OR number:702.2 OR ((" + " OR ".join(f"number:702.2{c}" for c in "abcdefghijklmnopqrstuvwxyz")
        + ") AND trample)")
    assert named_rules.query({"701.9": "Discard"}, ["discard card"], common) == "number:701.9"
