"""One ranking across languages (index/fusion.py): what a person relies on is the order of the
fused page, whatever the scores of the searches behind it."""

from __future__ import annotations

import pytest

from mtgrules.index import fusion
from mtgrules.index.fusion import Ranked


def test_a_record_found_by_the_query_and_by_its_translation_comes_first():
    # "daño letal": the Spanish search finds a ruling on one little word first and 704.5g
    # third; the English translation finds 704.5g first.
    spanish = Ranked(["ruling-de", "ruling-la", "704.5g", "120.6"])
    english = Ranked(["704.5g", "120.6", "702.2c"])
    assert fusion.order([spanish, english])[:2] == ["704.5g", "120.6"]


def test_a_weak_same_language_list_does_not_fill_the_page_before_a_strong_translation():
    # The Spanish search matched one word of two (weight a quarter): its hits rank below the
    # translated search that matched both.
    spanish = Ranked([f"es-{n}" for n in range(10)], weight=fusion.coverage_weight(1, 2))
    english = Ranked([f"en-{n}" for n in range(10)], weight=fusion.coverage_weight(2, 2))
    page = fusion.order([spanish, english])[:10]
    assert page[:5] == [f"en-{n}" for n in range(5)]
    assert sum(key.startswith("en-") for key in page) > sum(key.startswith("es-") for key in page)


def test_languages_not_asked_for_come_after_every_asked_for_hit():
    chinese = Ranked(["zh-1", "zh-2", "shared"], asked=False)
    french = Ranked(["fr-1", "shared"])
    english = Ranked(["en-1"], weight=0.1)
    ordered = fusion.order([chinese, french, english])
    assert ordered.index("zh-1") > max(ordered.index(key) for key in ("fr-1", "shared", "en-1"))
    assert "shared" in ordered[:3]  # found by an asked-for list too: ranked with them


def test_a_key_listed_twice_in_one_list_counts_once():
    doubled = fusion.fused_scores([Ranked(["a", "a", "b"])])
    single = fusion.fused_scores([Ranked(["a", "b"])])
    assert doubled["a"] == single["a"]


def test_coverage_weight_grows_with_the_share_of_words_matched_and_is_nothing_without_words():
    assert fusion.coverage_weight(0, 0) == 0.0
    assert fusion.coverage_weight(1, 4) < fusion.coverage_weight(2, 4) < fusion.coverage_weight(4, 4) == 1.0
    assert fusion.coverage_weight(5, 4) == 1.0


def test_a_boosted_key_moves_up_within_its_part():
    lists = [Ranked(["a", "b", "c"])]
    assert fusion.order(lists, boost={"c": 10.0})[0] == "c"
    assert fusion.order([Ranked(["x"], asked=False), Ranked(["a"])], boost={"x": 100.0}) == ["a", "x"]


def test_a_list_of_weight_zero_adds_nothing():
    assert fusion.order([Ranked(["a"], weight=0.0), Ranked(["b"])]) == ["b"]


def test_a_language_not_asked_for_does_not_reorder_the_asked_for_hits():
    english = Ranked(["702.2", "term", "glossary", "704.5h"])
    spanish = Ranked(["704.5h", "702.2c"], asked=False)  # the few Spanish records, found by translation
    assert fusion.order([english, spanish]) == ["702.2", "term", "glossary", "704.5h", "702.2c"]


def test_a_heading_brings_the_rule_it_opens_to_its_place_and_goes_just_after_it():
    # "stack": section 405 (its title alone) first, glossary Stack second, 405.1 far down.
    english = Ranked(["section-405", "glossary-stack", "807.5", "112.1", "405.1"])
    heirs = {"section-405": fusion.Heirs(["405.1"], gives=1.0, keeps=0.99)}
    assert fusion.order([english], heirs=heirs)[:3] == ["405.1", "section-405", "glossary-stack"]


def test_a_record_stood_for_but_not_found_is_ranked_and_counts_as_asked_for():
    english = Ranked(["glossary-stack", "807.5"])
    ordered = fusion.order([english, Ranked(["zh-1"], asked=False)], heirs={"glossary-stack": fusion.Heirs(["405.1"], gives=1.01)})
    assert ordered == ["405.1", "glossary-stack", "807.5", "zh-1"]


def test_shares_weigh_each_key_of_a_list():
    # Any word enough: a record holding one word of the query's two counts a quarter.
    scores = fusion.fused_scores([Ranked(["one-word", "both"], shares=[0.25, 1.0])])
    assert scores["both"] > scores["one-word"]


def test_the_first_of_a_small_sample_ranks_as_a_sample_would_among_the_whole():
    # "régénérer": the query as typed and its Spanish translation each find three of the seeds'
    # 38 Spanish rules (one English rule in 83 has a Spanish twin); the English translation
    # finds the English rules on regeneration.
    sampled, whole = ([Ranked(["704.5f", "704.5h", "704.5g"], weight=weight, scales=scales) for weight in (0.8, 1.0)]
                         for scales in ([83.0] * 3, None))
    english = Ranked(["701.19a", "701.19", "glossary-regenerate", "701.19c"])
    assert fusion.order([*sampled, english])[:4] == ["701.19a", "701.19", "glossary-regenerate", "701.19c"]
    assert fusion.order([*whole, english])[0] == "704.5f", "ranked as a whole, the sample's first would lead"


def test_a_sample_record_found_by_the_translation_too_still_adds_to_its_twin():
    # "robar de una biblioteca sin cartas": the Spanish 704.5b holds every word typed, and the
    # English 704.5b is found far down by the translation: one key, found by both searches.
    spanish = Ranked(["704.5b"], weight=0.8, scales=[83.0])
    english = Ranked(["card-library-larcenist", "glossary-library", "121.5", *[f"other-{n}" for n in range(4)], "704.5b"])
    assert fusion.order([spanish, english])[0] == "704.5b"


def test_a_sample_cannot_outvote_a_record_it_could_not_hold():
    # "régénérer" translated into Spanish finds the seeds' 704.5f (one Spanish rule for 83 English
    # ones), which the English translation found second; 701.19a, first in English, has no
    # Spanish twin for the Spanish list to find: it gets the vote the sample would give it.
    english = Ranked(["701.19a", "704.5f", "701.19"])
    spanish = Ranked(["704.5f"], scales=[83.0])
    assert fusion.order([english, spanish])[0] == "704.5f", "the sample's vote alone"
    held = {"704.5f"}
    spanish.missing = lambda key: None if key in held else 83.0
    assert fusion.order([english, spanish])[:3] == ["701.19a", "704.5f", "701.19"]


def test_a_record_the_sample_lacks_is_given_the_place_its_best_rank_stands_for():
    english = Ranked([f"rule-{n}" for n in range(1, 201)])
    spanish = Ranked(["rule-200"], scales=[83.0], missing=lambda key: None if key == "rule-200" else 83.0)
    scores = fusion.fused_scores([english, spanish])
    assert scores["rule-1"] == pytest.approx(1 / 61 + 1 / (60 + 83))  # the sample's first place
    assert scores["rule-83"] == pytest.approx(1 / (60 + 83) + 1 / (60 + 83))
    assert scores["rule-84"] == pytest.approx(1 / (60 + 84) + 1 / (60 + 2 * 83))  # its second
    assert scores["rule-200"] == pytest.approx(1 / 260 + 1 / 143)  # found: its own vote
