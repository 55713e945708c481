"""Words a language prints as English spells them, meaning something else, learned from card
texts printed in both (`mtgrules.align.false_friends`), and never searched as English words."""

from __future__ import annotations

from test_index import rule, sample_records, use_corpus

from mtgrules.align import false_friends
from mtgrules.align.lexicon import Segment
from mtgrules.index.query import Index


def card(lang: str, translated: str, english: str) -> Segment:
    return Segment(lang, translated, english, "cards")


def test_a_word_the_english_text_does_not_print_beside_it_is_a_false_friend():
    segments = [card("fr", f"Piochez une carte de plus. Uro {n}", f"Draw an additional card. Uro {n}") for n in range(12)]
    segments += [card("fr", "Indestructible", "Indestructible")] * 12  # the same word in both: searched as typed
    segments += [card("fr", "Le plus grand", "Plus one")]  # English spells "plus": it is an English word
    segments += [card("fr", "Rare rare", "Rare rare")] * 3 + [card("fr", "rare", "scarce")] * 9  # together in 3 of 12
    segments += [card("es", "Un sea", "A sea")] * 12 + [card("es", "Otro sea", "Another")] * 3  # not rare enough (12 of 15)
    found = {(lang, word) for lang, word, _printed, _together in false_friends.learn(segments)}
    assert ("fr", "plus") in found and ("fr", "rare") in found
    assert not {("fr", "uro"), ("fr", "indestructible"), ("es", "sea")} & found
    # "de", "une": little words are never searched on their own anyway.
    assert not {word for _, word in found} & {"de", "une", "le"}


def test_the_table_reads_back_as_it_is_written():
    found = [("fr", "plus", 272, 42), ("it", "non", 1438, 78)]
    assert false_friends.from_tsv(false_friends.to_tsv(found), "t.tsv") == {"fr": {"plus"}, "it": {"non"}}
    assert "plus" in false_friends.committed()["fr"] and "non" in false_friends.committed()["it"]


def test_a_false_friend_is_left_out_of_the_translation_and_said(monkeypatch):
    # Italian "non" (not) is spelt as English "non": searched as English, it found "non-Aura".
    use_corpus(monkeypatch, [*sample_records(), rule("303.4k", "en", "A non Aura permanent can't be attached.")])
    with Index.current() as index:
        [translation] = [t for t in index.search("il giocatore non pesca").plan.translations if t.target == "en"]
        assert "non" not in translation.query.split()
        assert "non" in translation.untranslated
