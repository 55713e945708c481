"""A word no pair of the lexicon translates reaches its English cognate among the corpus's
English words (`mtgrules.index.cognates`), and a false friend does not."""

import pytest

from mtgrules.index import cognates

# English words as the corpus's vocabulary holds them (folded), looked up by their first letters.
ENGLISH = ["monarch", "monarchs", "hybrid", "partial", "party", "priority", "vigilance", "vigil", "history", "historic",
           "physical", "decide", "destructive", "emblem", "lethal", "construct", "constructed", "construction", "defining",
           "define", "controlled", "activated", "doubled", "pending", "milled", "performing", "banded", "exceed", "excess", "success"]


# The words the rules use ("vigil" only names cards).
RULES = set(ENGLISH) - {"vigil"}


def english_words(prefix):
    return [word for word in ENGLISH if word.startswith(prefix)]


@pytest.mark.parametrize("word, lang, english", [
    ("monarca", "es", "monarch"),      # the inflection off, an English letter added
    ("monarque", "fr", "monarch"),     # qu is c, as -ch ends it
    ("híbrido", "es", "hybrid"),       # y/i, accents
    ("hybrides", "fr", "hybrid"),
    ("prioridad", "es", "priority"),   # -dad is -ty
    ("físico", "es", "physical"),      # ph/f and -ico, -ic(al)
    ("destructivo", "es", "destructive"),
    ("emblema", "es", "emblem"),
    ("letale", "it", "lethal"),        # th/t
    ("historia", "es", "history"),     # -ia is -y
    ("excès", "fr", "excess"),         # less "es", "exc" is too short: less "s", "exce" (not "exceed")
    ("succès", "fr", "success"),       # less "es", "succ" begins no word: less "s"
])
def test_a_latinate_word_reaches_its_english_cognate(word, lang, english):
    assert cognates.cognate(word, lang, english_words) == english


@pytest.mark.parametrize("word, lang", [
    ("partida", "es"),   # a game, not "partial": the whole stem must begin the English word
    ("vigilar", "es"),   # surveil: "vigilance" adds too many letters, "vigil" is no word of the rules
    ("historia", "de"),  # a language without these spellings is left alone
    ("sala", "es"),      # too short to be sure of
    ("carta", "es"),     # no English word begins with "cart" here
])
def test_no_cognate_for_a_false_friend_or_a_short_word(word, lang):
    assert cognates.cognate(word, lang, english_words, RULES.__contains__) is None


def test_a_suffix_with_an_english_spelling_is_that_spelling_or_nothing():
    # Without "history", "historia" (story, lore) is not taken for "historic" (a keyword).
    assert cognates.cognate("historia", "es", lambda prefix: [w for w in ["historic"] if w.startswith(prefix)]) is None


@pytest.mark.parametrize("word, lang, english", [
    ("construido", "es", "constructed"),   # the stem, two letters, -ed: a constructed deck
    ("construidos", "es", "constructed"),
    ("construído", "pt", "constructed"),
    ("construit", "fr", "constructed"),    # French -it participles ("construit", "produit")
    ("contrôlé", "fr", "controlled"),      # doubled letters are one
    ("activada", "es", "activated"),
    ("définissant", "fr", "defining"),     # a present participle is English -ing, straight after the stem
])
def test_a_participle_reaches_the_english_participle(word, lang, english):
    assert cognates.cognate(word, lang, english_words) == english


@pytest.mark.parametrize("word, lang", [
    ("double", "fr"),     # an adjective, not doublé: French participles are written with their accent
    ("mille", "fr"),      # a thousand
    ("pendant", "fr"),    # during: a stem of four letters is too short to be sure of
    ("perforant", "fr"),  # piercing: -ing adds no letter to the stem ("perfor|m|ing")
    ("bandido", "es"),    # a bandit, not "banded"
])
def test_no_participle_for_a_word_that_only_ends_as_one(word, lang):
    assert cognates.participle(word, lang, english_words) is None


def test_a_cognate_only_card_names_and_rulings_print_is_no_guess():
    # French "temps" (time) reads as "temple" by its letters; the rules never say "temple"
    # (Temple of Mystery and its rulings do): no guess, rather than a false friend.
    words = ["temple", "tempest", "illegal", "illegally"]

    def starting(prefix):
        return [word for word in words if word.startswith(prefix)]

    in_rules = {"illegal", "tempest"}.__contains__
    assert cognates.cognate("temps", "fr", starting) == "temple"
    assert cognates.cognate("temps", "fr", starting, in_rules) is None


def test_an_accented_word_english_spells_without_its_accent_is_its_own_cognate():
    words = ["illegal", "illegally"]
    assert cognates.cognate("illégal", "fr", lambda prefix: [w for w in words if w.startswith(prefix)]) == "illegal"


@pytest.mark.parametrize("word, lang, english", [
    ("changer", "fr", "change"),
    ("limitar", "es", "limit"),
    ("ignorer", "fr", "ignore"),
])
def test_an_infinitive_reaches_the_english_verb(word, lang, english):
    words = ["change", "changed", "limit", "limited", "ignore"]
    assert cognates.cognate(word, lang, lambda prefix: [w for w in words if w.startswith(prefix)]) == english
