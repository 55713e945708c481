"""What a person types made into what the search looks for (index/query_text.py): question
marks are punctuation, little words never match on their own."""

from __future__ import annotations

import pytest

from mtgrules.index import query_text


@pytest.mark.parametrize("typed, searched", [
    ("¿cuándo recibo prioridad?", "cuándo recibo prioridad"),
    ("quand ai-je la priorité ?", "quand ai-je la priorité"),
    ("¡prisa!", "prisa"),
    ("prioridad?", "prioridad"),
    ("conf?ve", "conf?ve"),  # a wildcard inside a word stays
    ("conf?ve draw", "conf?ve draw"),
])
def test_question_marks_are_punctuation_and_wildcards_stay(typed, searched):
    assert query_text.without_question_marks(typed) == searched


def test_little_words_are_left_out_of_plain_words_only():
    assert query_text.little_words_left_out("règle des légendes", ["fr"]) == ("règle légendes", ["des"])
    assert query_text.little_words_left_out('"campo de batalla" de la pila', ["es"]) == ('"campo de batalla" pila', ["de", "la"])
    assert query_text.little_words_left_out("qu'arrive-t-il si un sort est contrecarré", ["fr"])[0] == "sort contrecarré"
    assert query_text.little_words_left_out("pila OR de", ["es"]) == ("pila", ["de"])
    assert query_text.little_words_left_out("une créature peut-elle attaquer", ["fr"])[0] == "créature attaquer"
    # An inverted verb that says what is asked stays, without its subject: "check".
    assert query_text.little_words_left_out("quand vérifie-t-on les actions", ["fr"])[0] == "vérifie actions"
    # Nothing but little words: unchanged (the search says so).
    assert query_text.little_words_left_out("de la", ["es"]) == ("de la", [])


def test_a_query_of_little_words_only_is_named_as_such():
    assert query_text.only_little_words("de la", ["es"]) == ["de", "la"]
    assert query_text.only_little_words("¿qué pasa", ["es"]) is None  # "¿" is not a word: tidied first
    assert query_text.only_little_words("qué pasa", ["es"]) == ["qué", "pasa"]
    assert query_text.only_little_words("de pila", ["es"]) is None
    assert query_text.only_little_words('"de la"', ["es"]) is None  # a phrase is asked for as such


@pytest.mark.parametrize("word, verb", [
    ("vérifie-t-on", "vérifie"),
    ("attaque-t-elle", "attaque"),
    ("peut-elle", ""),  # a verb that only asks
    ("ai-je", ""),
    ("qu'arrive-t-il", ""),  # the form of "what happens"
    ("est-ce", None),  # no subject after the verb
    ("anti-malocchio", None),
])
def test_a_french_inversion_keeps_its_verb_when_the_verb_is_what_is_asked(word, verb):
    assert query_text.inverted_verb(word, "fr") == verb
    assert query_text.inverted_verb(word, "es") is None
