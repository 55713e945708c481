"""Card names inside a query (index/card_mentions.py): whole printed names in any language,
accents, commas and a typo forgiven; one-word names only when they are clearly names."""

from __future__ import annotations

from mtgrules.index import card_mentions
from mtgrules.text import fold

NAMES = {
    "Murktide Regent": ["Murktide Regent", "Regente marea lúgubre", "Régent de Sombremarée"],
    "Uro, Titan of Nature's Wrath": ["Uro, Titan of Nature's Wrath", "Uro, titán de la ira de la naturaleza",
                                     "Ouro, titan de la Rage de la nature"],
    "Ragavan, Nimble Pilferer": ["Ragavan, Nimble Pilferer", "Ragavan, ratero hábil"],
    "Solitude": ["Solitude", "Soledad"],
    "Fury": ["Fury", "Furia"],
    "Oko, Thief of Crowns": ["Oko, Thief of Crowns", "Oko, Ladrón de Coronas"],
}


def names_from(prefix: str):
    for card, printed in NAMES.items():
        for name in printed:
            folded = fold(name).lower()
            if folded.startswith(prefix):
                yield folded, card


def cards(text: str) -> list[str]:
    return [mention.card for mention in card_mentions.find(text, names_from)]


def test_a_printed_name_in_any_language_names_its_card_with_the_question_around_it():
    assert cards("regente marea lugubre y objetivo ilegal") == ["Murktide Regent"]
    assert cards("Ouro titan de la rage de la nature évasion") == ["Uro, Titan of Nature's Wrath"]
    assert cards("Oko, Ladrón de Coronas") == ["Oko, Thief of Crowns"]


def test_a_typo_is_forgiven_but_not_a_different_word():
    assert cards("regente marea lugubra") == ["Murktide Regent"]
    assert cards("regente de las mareas") == []


def test_the_name_before_the_comma_names_the_card_when_long_enough():
    assert cards("Ragavan y el tesoro") == ["Ragavan, Nimble Pilferer"]
    assert cards("oko y los alces") == []  # three letters: too short to be sure


def test_a_one_word_name_counts_alone_or_with_a_capital():
    assert cards("Soledad evocar") == ["Solitude"]
    assert cards("soledad") == ["Solitude"]
    assert cards("la furia del combate") == []


def test_the_rest_of_the_query_is_what_the_name_leaves():
    text = "regente marea lugubre y objetivo ilegal"
    assert card_mentions.rest(text, card_mentions.find(text, names_from)) == "y objetivo ilegal"


def test_keyword_lines_of_a_card_text():
    titles = ["flying", "haste", "escape", "evoke", "delve", "lifelink"]
    text = "Flying, haste\nWhen this enters, draw a card.\nEscape—{G}{G}, Exile five other cards.\nEvoke {W}"
    assert card_mentions.keyword_lines(text, titles) == ["flying", "haste", "escape", "evoke"]
    assert card_mentions.keyword_lines("Target creature gains flying until end of turn.", titles) == []


def test_a_query_naming_a_keyword_names_its_rule_spelt_as_its_title():
    titles = {card_mentions.normalized(title): [number] for title, number in [
        ("Sacrifice", "701.21"), ("Scry", "701.22"), ("Counter", "701.6"), ("Double Strike", "702.4"),
        ("First Strike", "702.7"), ("Poisonous", "702.70")]}
    assert card_mentions.titled_rules("sacrifice creature", titles) == ["701.21"]
    assert card_mentions.titled_rules('"double strike" OR scry', titles) == ["702.4", "701.22"]
    assert card_mentions.titled_rules("counter target spell", titles) == ["701.6"]
    # Other words than the titles, whatever their stems.
    assert card_mentions.titled_rules("poison counters", titles) == []
    assert card_mentions.titled_rules("lethal damage", titles) == []


def test_a_one_word_name_nearly_typed_is_no_misspelling_of_a_word_the_languages_know():
    # "soleda" is a letter off Soledad; so is "soledade", but Portuguese has that word.
    assert [m.card for m in card_mentions.find("soleda", names_from, lambda word: False)] == ["Solitude"]
    assert card_mentions.find("soledade", names_from, lambda word: word == "soledade") == []
    assert [m.card for m in card_mentions.find("soledad", names_from, lambda word: True)] == ["Solitude"], "typed exactly: the name"


def test_title_spans_are_the_runs_of_up_to_four_words_a_title_is_compared_with():
    spans = card_mentions.title_spans('ten "poison counter" Two-Headed')
    assert {"ten", "poison counter", "ten poison counter two headed", "two headed"} <= set(spans)
    assert "ten counter" not in spans and len(spans) == len(set(spans))
    assert card_mentions.title_spans("NOT AND") == []


def test_a_title_named_in_the_plural_is_read_in_the_singular():
    assert card_mentions.singular("loyalty abilities") == "loyalty ability"
    assert card_mentions.singular("replacement effects") == "replacement effect"
    assert card_mentions.singular("state based actions") == "state based action"
    # "ss" and "us" end no plural; a short word is left alone.
    assert card_mentions.singular("first class") == "first class"
    assert card_mentions.singular("monstrous status") == "monstrous status"
    assert card_mentions.singular("has") == "has"
