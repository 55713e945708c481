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


def test_only_titles_is_a_query_of_keyword_titles_and_nothing_else():
    assert named_rules.only_titles(["trample deathtouch"], ["trample", "deathtouch"])
    assert named_rules.only_titles(['"first strike" deathtouch'], ["first strike", "deathtouch"])
    assert not named_rules.only_titles(["trample deathtouch blocked"], ["trample", "deathtouch"])
    assert not named_rules.only_titles([], ["trample"])


def test_interactions_are_each_keyword_rule_sharing_most_with_the_other():
    weight = {"lethal": 3.0, "excess": 3.0, "assign": 1.0, "damag": 0.5, "static": 0.2, "multipl": 0.5, "instanc": 0.5,
              "redund": 1.0, "same": 0.3, "object": 0.5, "creatur": 0.1}.get
    subrules = {
        "702.2": [("702.2a", {"static"}), ("702.2c", {"lethal", "excess", "damag", "assign"}),
                  ("702.2f", {"multipl", "instanc", "same", "object", "redund"})],
        "702.19": [("702.19a", {"static", "assign", "damag"}), ("702.19b", {"lethal", "excess", "assign", "damag", "block", "attack", "player",
                                                                          "control", "chose", "check"}),
                   ("702.19g", {"multipl", "instanc", "same", "creatur", "redund"})],
    }
    assert named_rules.interactions(subrules, lambda stem: weight(stem, 0.0)) == ["702.2c", "702.19b"]


def test_a_rule_every_keyword_has_in_its_own_words_is_no_interaction():
    subrules = {"702.2": [("702.2f", {"multipl", "instanc", "same", "object", "redund"})],
                "702.7": [("702.7d", {"multipl", "instanc", "same", "creatur", "redund"})]}
    assert named_rules.interactions(subrules, lambda stem: 1.0) == []


def test_keywords_named_together_put_their_interactions_in_place_of_the_headings():
    text = named_rules.query({"702.19": "Trample", "702.2": "Deathtouch"}, ["trample deathtouch"], common, ["702.2c", "702.19b"])
    assert text.startswith("number:702.2c OR number:702.19b OR ((")
    assert "number:702.19 OR" not in text


def test_section_query_asks_for_the_rules_under_a_cited_section_holding_any_other_word():
    text = named_rules.section_query({"606": "Loyalty Ability"}, ['"loyalty abilities" "once each turn"'],
                                     lambda number, word: False)
    assert text == "((number:606.*) AND (once OR each OR turn))"


def test_section_query_leaves_out_words_most_of_the_section_holds():
    def pervasive(number, word):
        return (number, word) == ("615", "damage")

    assert named_rules.section_query({"615": "Prevention Effect"}, ['"prevention effect" damage'], pervasive) == ""
    text = named_rules.section_query({"615": "Prevention Effect"}, ['"prevention effect" damage combat'], pervasive)
    assert text == "((number:615.*) AND (combat))"


def test_section_query_under_a_rule_asks_for_its_lettered_subrules():
    text = named_rules.section_query({"306.5": "Loyalty"}, ["loyalty counters"], lambda number, word: False)
    assert text.startswith("((number:306.5a OR number:306.5b") and text.endswith(") AND (counters))")
