"""The bilingual lexicon: learned from official card translations and aligned rules, committed
fresh, free of English rules and card text, growing from what the user ingests."""

from __future__ import annotations

from collections import Counter

import pytest
from conftest import CORPUS_DATA, REPO, corpus_file

from mtgrules.align import corpus_lexicon, lexicon
from mtgrules.align.lexicon import Lexicon
from mtgrules.align.phrases import phrase_key
from mtgrules.corpus import generate
from mtgrules.errors import ParseError
from mtgrules.parsers import comprehensive_rules, mtgjson

pytestmark = pytest.mark.shared


def committed_text() -> str:
    return (REPO / "corpus" / "lexicon.tsv").read_text(encoding="utf-8")


def best(lex: Lexicon, lang: str, phrase: str):
    """The best entry translating `phrase` (any inflection or spelling) from `lang`."""
    key = phrase_key(phrase, lang)
    found = [e for e in lex.entries if e.lang == lang and phrase_key(e.phrase, lang) == key]
    return max(found, key=lambda e: e.score, default=None)


def test_lexicon_is_not_stale():
    corpus_file("rulings/KLD.mtgjson-v5.json")
    pairs, sources, friends = generate.learned(CORPUS_DATA)
    assert pairs == committed_text(), "corpus/lexicon.tsv is stale: run `python -m mtgrules.corpus.generate`"
    assert sources == (REPO / "corpus" / "lexicon-sources.tsv").read_text(encoding="utf-8"), "corpus/lexicon-sources.tsv is stale"
    assert friends == (REPO / "corpus" / "false_friends.tsv").read_text(encoding="utf-8"), "corpus/false_friends.tsv is stale"


@pytest.mark.parametrize(
    "lang, phrase, english",
    [
        ("es", "campo de batalla", "battlefield"),
        ("es", "cementerio", "graveyard"),
        ("es", "robar", "draw"),  # printed "roba": one entry covers the verb's forms
        ("es", "daño", "damage"),
        ("es", "crea", "create"),  # "crea una ficha" ↔ "create a token": four words that always co-occur
        ("es", "ficha", "token"),
        ("fr", "marqueur", "counter"),
        ("fr", "champ de bataille", "battlefield"),
        ("fr", "blessures", "damage"),
        ("fr", "cimetière", "graveyard"),
        ("de", "Friedhof", "graveyard"),
        ("zh", "战场", "battlefield"),
        ("zh", "指示物", "counter"),
    ],
)
def test_official_card_translations_teach_phrase_pairs_with_a_score(lang, phrase, english):
    entry = best(corpus_lexicon.committed(), lang, phrase)
    assert entry is not None, f"{phrase!r} ({lang}) is not in the lexicon"
    assert phrase_key(entry.english, "en") == phrase_key(english, "en")
    assert entry.score >= 0.8 and entry.count >= 10 and "cards" in entry.sources


def test_stated_pairs_come_from_the_keyword_table_and_aligned_titles():
    lex = corpus_lexicon.committed()
    deathtouch = best(lex, "es", "toque mortal")
    assert deathtouch.english == "deathtouch" and deathtouch.score == 1.0 and "keywords" in deathtouch.sources
    confabular = best(lex, "es", "confabular")
    assert confabular.english == "connive" and "titles" in confabular.sources


def test_a_word_seen_once_in_an_aligned_rule_pairs_with_its_cognate():
    # "información": one rule, too rare to count, linked once, paired with its cognate.
    lex = corpus_lexicon.committed()
    information = best(lex, "es", "información")
    assert information.english == "information" and information.sources == "rules+cognate" and information.count == 1
    assert information.score < 0.8, "a pair guessed from spelling is never as sure as one seen often"
    # "letal" (704.5g once) is guessed so too; the core-terms table's "daño letal" confirms it.
    letal = best(lex, "es", "letal")
    assert letal.english == "lethal" and "cognate" in letal.sources and "core-terms" in letal.sources
    assert letal.score >= 0.8


def test_a_word_is_learned_where_it_stands_alone_though_its_english_is_common():
    # "first" is printed in every "first strike" ("initiative", "daña primero"): Dice against
    # "premier" is 0.11, yet the 11 times "premier" stands alone it is "first".
    lex = corpus_lexicon.committed()
    for lang, word in (("fr", "premier"), ("es", "primer"), ("es", "primero")):
        # "primero" as spelt: its key is that of "primeras", top ("las tres primeras cartas").
        entry = next((e for e in lex.entries if e.lang == lang and e.phrase == word), None)
        assert entry is not None and entry.english == "first", (lang, word, entry)
        assert lexicon.MIN_DICE <= entry.score < 0.8 and entry.count >= lexicon.MOSTLY_MIN_LINKS


def test_a_word_never_takes_a_longer_english_phrase_than_one_word_more():
    # "en orden aleatorio" ↔ "in a random order": the word alone is "random", not the phrase.
    lex = corpus_lexicon.committed()
    for lang, word in (("es", "aleatorio"), ("fr", "aléatoire"), ("it", "casuale"), ("pt", "aleatória")):
        assert best(lex, lang, word).english == "random", (lang, word)
    long_pairs = [entry for entry in lex.entries if entry.lang in lexicon.ONE_TO_ONE_LANGUAGES and "cards" in entry.sources
                  and len(entry.english.split()) > len(entry.phrase.split()) + 1]
    assert not long_pairs


def test_card_names_are_not_learned_as_terms():
    lex = corpus_lexicon.committed()
    assert best(lex, "es", "Cortescudo del cónsul") is None and best(lex, "es", "cortescudo") is None
    assert best(lex, "fr", "gardebouclier") is None


def test_the_committed_lexicon_holds_phrase_pairs_not_english_sentences():
    rules = comprehensive_rules.parse_file(corpus_file("cr/en-20260807.txt")).rules()
    path = corpus_file("rulings/KLD.mtgjson-v5.json")
    cards = [r for r in mtgjson.parse(path.read_bytes(), str(path)) if r.kind == "card"]
    sentences = {r.text for r in rules if len(r.text.split()) > 5} | {
        line for card in cards for line in card.text.splitlines() if len(line.split()) > 5
    }
    text = committed_text()
    assert not [sentence for sentence in sentences if sentence in text]
    lex = Lexicon.from_tsv(text, "lexicon.tsv")
    assert max(len(entry.english.split()) for entry in lex.entries) <= lexicon.ENGLISH_MAX_WORDS + 2
    assert set(lex.languages()) == set(generate.LEXICON_LANGUAGES)


def test_a_damaged_lexicon_file_names_its_line():
    with pytest.raises(ParseError, match=r"lexicon.tsv:3: expected lang, phrase"):
        Lexicon.from_tsv(lexicon.TSV_HEADER + "\nes\tcarta\tcard\t0.9\t3\tcards\nes\tcarta\n", "lexicon.tsv")
    with pytest.raises(ParseError, match=r"lexicon.tsv:1: not a lexicon"):
        Lexicon.from_tsv("carta\tcard\n", "lexicon.tsv")


def test_a_translated_rules_edition_gives_its_titles_and_glossary_terms():
    chinese = comprehensive_rules.parse_file(corpus_file("cr/zh-20240607.txt"), lang="zh").records
    english = comprehensive_rules.parse_file(corpus_file("cr/en-20240607.txt")).records
    stated = Lexicon(lexicon.listed_entries(chinese + english))
    assert best(stated, "zh", "施放").english == "cast" and "titles" in best(stated, "zh", "施放").sources
    assert best(stated, "zh", "抵受").english == "absorb" and "glossary" in best(stated, "zh", "抵受").sources


def test_card_texts_grow_the_lexicon_of_a_records_only_build_and_the_learning_is_cached(tmp_path):
    # Traditional Chinese: printed on the cards, not in the committed lexicon (no rules or pages
    # in it to find); a corpus with something in it learns it from the cards.
    path = corpus_file("rulings/KLD.mtgjson-v5.json")
    cards = [r for r in mtgjson.parse(path.read_bytes(), str(path)) if r.kind == "card"]
    assert "zht" not in corpus_lexicon.committed().languages()
    chinese = comprehensive_rules.parse_file(corpus_file("cr/en-20260807.txt")).records[:1]
    chinese[0].lang = "zht"
    grown = corpus_lexicon.for_corpus(cards + chinese, tmp_path)
    battlefield = best(grown, "zht", "戰場")
    assert battlefield.english == "battlefield" and battlefield.count >= 10 and battlefield.sources == "cards"
    [cached] = tmp_path.glob("lexicon-*.tsv")
    assert corpus_lexicon.for_corpus(cards + chinese, tmp_path).entries == grown.entries
    # The second build read the cache instead of learning again: a cache cut to one line shows.
    lines = cached.read_text(encoding="utf-8").splitlines()
    cached.write_text("\n".join([lines[0], *[line for line in lines if line.startswith("zht\t戰場\t")]]) + "\n", encoding="utf-8")
    again = corpus_lexicon.for_corpus(cards + chinese, tmp_path)
    assert best(again, "zht", "戰場") is not None and len([e for e in again.entries if e.lang == "zht"]) == 1
    cached.write_text("not a lexicon\n", encoding="utf-8")  # a damaged cache is learned again, not an error
    assert corpus_lexicon.for_corpus(cards + chinese, tmp_path).entries == grown.entries


def test_a_spelling_that_translates_otherwise_than_its_stem_keeps_its_own_pair():
    """Spanish "mano" (hand) and "maná" (mana) stem alike: the compiled table keeps both, each
    with its spelling, so that a lookup of "maná" does not answer "hand"."""
    lex = corpus_lexicon.committed()
    pairs = {(e.phrase, e.english) for e in lex.entries if e.lang == "es" and phrase_key(e.phrase, "es") == phrase_key("mano", "es")}
    assert {("mano", "hand"), ("maná", "mana")} <= pairs
    table = lex.compile()["to_english"]["es"][phrase_key("maná", "es")]
    assert ["mana", "mana"] in [[english, spelling] for english, _, spelling in table]


def test_a_keyword_of_several_words_is_learned_from_its_printed_lines():
    """"First strike" is printed "Initiative" (fr), "Daña primero." (es): a keyword line of two
    words pairs as one; and "initiative" alone is not "strike", which association learned from
    "Double initiative" / "Double strike"."""
    committed = corpus_lexicon.committed()
    for lang, printed in (("fr", "initiative"), ("es", "daña primero"), ("it", "attacco improvviso")):
        entry = best(committed, lang, printed)
        assert entry is not None and entry.english == "first strike" and "keyword-lines" in entry.sources, (lang, entry)
    assert not [e for e in committed.entries if e.lang == "fr" and e.phrase == "initiative" and e.english == "strike"]


def test_a_learned_pair_that_gives_part_of_a_printed_name_is_left_out():
    learned = [lexicon.Entry("fr", "initiative", "strike", 0.99, 196, "cards"),
               lexicon.Entry("fr", "initiative", "initiative", 0.5, 2, "cards"),
               lexicon.Entry("fr", "vol", "flying", 0.99, 900, "cards")]
    named = [lexicon.Entry("fr", "initiative", "first strike", 1.0, 46, "keyword-lines")]
    assert [(e.phrase, e.english) for e in lexicon.without_partial(learned, named)] == [
        ("initiative", "initiative"), ("vol", "flying")]
    assert lexicon._keyword_items("Jump-start") == ["jump-start"]
    assert lexicon._keyword_items("Equip—Pay 3 life") == ["equip"]
    assert lexicon._keyword_items("First strike, menace") == ["first strike", "menace"]


def test_a_cjk_character_printed_only_inside_one_word_is_learned_as_that_word():
    """Card texts print 库 almost only in 牌库 (library: 832 of 835 segments, the counts here) and
    牌 everywhere (card): competitive linking gives 牌 to "card" first and learned 库 alone as
    library, so "牌库" was searched as "card library". The word that holds the character in
    nearly all its segments, and goes with its English as well, takes the pair."""
    f_count = Counter({"库": 835, "牌": 3456, "牌 库": 832, "库 顶": 523, "的 牌": 900})
    e_count = Counter({"librari": 765, "card": 3300})
    together = Counter({("库", "librari"): 763, ("牌 库", "librari"): 763, ("库 顶", "librari"): 480})
    surfaces = {("zh", "牌 库"): Counter({"牌库": 832})}
    learned = [lexicon.Entry("zh", "库", "library", 0.712, 572, "cards"), lexicon.Entry("zh", "牌", "card", 0.925, 2938, "cards")]
    assert [(e.phrase, e.english, e.count) for e in lexicon._whole_words("zh", learned, f_count, e_count, together, surfaces)] \
        == [("牌库", "library", 572), ("牌", "card", 2938)]
    together[("牌 库", "librari")] = 400  # the word goes with library less than the character: kept alone
    assert lexicon._whole_words("zh", learned, f_count, e_count, together, surfaces) == learned


def test_a_cjk_word_is_not_grown_across_a_word_that_holds_its_neighbour():
    """The two characters must make a word: 控 is printed inside 操控 (control), so 下 beside it
    ("操控下", under the control) is not grown into "控下"."""
    f_count = Counter({"下": 10, "控": 20, "操 控": 20, "控 下": 10})
    e_count = Counter({"under": 10})
    together = Counter({("下", "under"): 10, ("控 下", "under"): 10})
    surfaces = {("zh", "控 下"): Counter({"控下": 10})}
    entry = lexicon.Entry("zh", "下", "under", 0.9, 10, "cards")
    assert lexicon._whole_words("zh", [entry], f_count, e_count, together, surfaces) == [entry]
    f_count["操 控"], f_count["控"] = 2, 30  # 控 free: 控下 holds every 下 and is a word here
    assert [e.phrase for e in lexicon._whole_words("zh", [entry], f_count, e_count, together, surfaces)] == ["控下"]


def test_the_committed_lexicon_translates_library_as_one_chinese_word():
    committed = corpus_lexicon.committed()
    assert best(committed, "zh", "牌库").english == "library"
    assert best(committed, "zh", "库") is None
