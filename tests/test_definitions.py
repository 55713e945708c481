"""Which rules define what a query names (index/definitions.py): the rule a judge cites for
"copy a spell" is the one that says what copying a spell is."""

from __future__ import annotations

from mtgrules.index import analysis, definitions


def stems(text: str) -> set[str]:
    return set(analysis.terms(text, "en"))


def test_a_rule_that_says_what_doing_a_thing_means_defines_it():
    text = "To copy a spell, activated ability, or triggered ability means to put a copy of it onto the stack."
    assert definitions.defines(text, [stems("copy spell")])
    assert not definitions.defines(text, [stems("copy permanent")]), "every word must be in the defined part"


def test_a_definition_in_the_second_sentence_counts_and_the_third_does_not():
    second = "Some spells have alternative costs. An alternative cost is a cost listed in a spell's text."
    assert definitions.defines(second, [stems("alternative cost")])
    third = "Some spells have costs. Costs vary. An alternative cost is a cost listed in a spell's text."
    assert not definitions.defines(third, [stems("alternative cost")])


def test_words_used_after_the_defined_part_do_not_make_a_definition():
    keyword = "Demonstrate is a triggered ability. It means that when you cast this spell, you may copy it."
    assert not definitions.defines(keyword, [stems("copy spell")])
    assert definitions.defines(keyword, [stems("demonstrate")])


def test_one_of_several_searches_defined_is_enough_and_no_search_is_none():
    text = "Regeneration is a destruction-replacement effect."
    assert definitions.defines(text, [stems("regenerate permanent"), stems("regeneration")])
    assert not definitions.defines(text, [])
    assert not definitions.defines(text, [set()])


def test_a_phrase_searched_counts_by_each_of_its_stems():
    text = "A triggered ability is an ability that begins with when, whenever, or at."
    assert definitions.defines(text, [{" ".join(analysis.terms("triggered ability", "en"))}])


def test_a_glossary_entry_says_what_its_title_is_in_its_opening_words():
    command = "A zone for certain specialized objects that have an overarching effect on the game. See rule 408."
    assert stems("zone") <= set(definitions.genus(command))
    draw = "To move a card from the top of a player's library to that player's hand."
    assert not stems("player turn") & set(definitions.genus(draw))
