"""Stems that keep a derivational suffix (`align.stemmers`): words the game tells apart keep
apart, in the lexicon's keys and the index's terms alike, while a word's inflections still share
one stem."""

from mtgrules.align.phrases import word_key
from mtgrules.index import analysis


def test_derived_words_keep_their_suffix_and_their_inflections_share_it():
    for word, base in [("enchantment", "enchant"), ("equipment", "equip"), ("permanently", "permanent"),
                       ("unblockable", "unblocked"), ("alternative", "alternate")]:
        assert word_key(word, "en") != word_key(base, "en"), word
    assert word_key("enchantments", "en") == word_key("enchantment", "en")
    assert word_key("enchanted", "en") == word_key("enchant", "en")
    assert word_key("equipped", "en") == word_key("equip", "en")
    # A word ending as a derived one does keeps one stem in all its forms ("-ment" of "implement").
    assert len({word_key(word, "en") for word in ("implement", "implemented", "implementing", "implements")}) == 1
    assert word_key("vigilancia", "es") != word_key("vigilar", "es")
    assert word_key("controlador", "es") != word_key("controlar", "es")


def test_what_the_stemmer_leaves_whole_and_the_noun_of_an_act_are_as_before():
    assert word_key("number", "en") == "number" and word_key("player", "en") == "player"
    assert word_key("regeneration", "en") == word_key("regenerate", "en")
    assert word_key("attackers", "en") == word_key("attack", "en")
    assert word_key("continuous", "en") == word_key("continue", "en")
    assert word_key("energías", "es") == word_key("energia", "es")


def test_the_index_and_the_lexicon_stem_alike():
    for word, lang in [("enchantments", "en"), ("equipment", "en"), ("vigilancia", "es"), ("Équipement", "fr")]:
        assert analysis.term(word.lower(), lang) == word_key(word, lang)
