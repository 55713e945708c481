"""The term dictionary: keyword-table terms linked to the rules that define them."""

from conftest import corpus_file

from mtgrules.align import lexicon, terms
from mtgrules.align.phrases import phrase_key
from mtgrules.parsers import comprehensive_rules, keyword_table


def linked_terms():
    records = comprehensive_rules.parse_file(corpus_file("cr/en-20260807.txt")).records
    path = corpus_file("cr/keywords_en_es_fr.tsv")
    table = keyword_table.parse(path.read_bytes(), str(path))
    terms.link_terms(records + table)
    return {t.title: t for t in table}


def test_terms_link_to_their_defining_rules():
    linked = linked_terms()
    assert linked["Connive"].rules == ["701.50"]
    assert linked["Gift"].rules == ["702.174"]
    assert linked["Energy counter"].rules == ["107.14", "122.1"]
    assert linked["Connive"].edition == "2026-08-07"


def test_keyword_terms_give_the_lexicon_pairs_for_alignment():
    listed = lexicon.Lexicon(lexicon.listed_entries(list(linked_terms().values())))
    french, spanish = listed.term_pairs("fr", 0.5), listed.term_pairs("es", 0.5)
    assert french[phrase_key("cadeau", "fr")] == "gift" and french[phrase_key("conniver", "fr")] == phrase_key("connive", "en")
    assert spanish[phrase_key("confabular", "es")] == phrase_key("connive", "en")
    assert spanish[phrase_key("contador de energía", "es")] == phrase_key("energy counter", "en")
