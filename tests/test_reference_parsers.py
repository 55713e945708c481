"""MTGJSON set files and the keyword table: the English side every record is tied to."""

import json

import pytest
from conftest import corpus_file

from mtgrules.errors import ParseError
from mtgrules.parsers import keyword_table, mtgjson, names_table
from mtgrules.records import ruling_digest


def test_kaladesh_cards_rulings_and_printed_names():
    path = corpus_file("rulings/KLD.mtgjson-v5.json")
    records = mtgjson.parse(path.read_bytes(), str(path))
    document = json.loads(path.read_text(encoding="utf-8"))
    names = {card["name"] for card in document["data"]["cards"]}
    cards = [r for r in records if r.kind == "card"]
    assert {c.card for c in cards} == names, "one card record per distinct English name"
    aviary = next(c for c in cards if c.card == "Aviary Mechanic")
    assert aviary.names["es"] == "Mecánica de aeródromo" and aviary.names["fr"] == "Mécanicienne de la volière"
    rulings = [r for r in records if r.kind == "ruling"]
    first_card = document["data"]["cards"][0]
    mine = [r for r in rulings if r.card == first_card["name"]]
    assert [r.text for r in mine] == [x["text"] for x in first_card["rulings"]]
    assert [r.en_position for r in mine] == list(range(1, len(mine) + 1))
    assert all(r.en_digest == ruling_digest(r.text) and r.lang == "en" for r in rulings)


def test_kaladesh_cards_keep_their_printed_texts_and_type_lines_in_every_language():
    path = corpus_file("rulings/KLD.mtgjson-v5.json")
    cards = {r.card: r for r in mtgjson.parse(path.read_bytes(), str(path)) if r.kind == "card"}
    shieldguard = cards["Consul's Shieldguard"]
    assert "campo de batalla" in shieldguard.texts["es"] and "marqueurs « énergie »" in shieldguard.texts["fr"]
    assert "能量指示物" in shieldguard.texts["zhs"]
    assert shieldguard.type_lines["en"].startswith("Creature") and shieldguard.type_lines["es"].startswith("Criatura")
    assert "en" not in shieldguard.texts, "the English text is the record's own text"
    with_texts = [card for card in cards.values() if card.texts]
    assert len(with_texts) == 253 and all(len(card.texts) == 10 for card in with_texts)


def test_energy_rulings_are_shared_across_kaladesh_cards():
    path = corpus_file("rulings/KLD.mtgjson-v5.json")
    rulings = [r for r in mtgjson.parse(path.read_bytes(), str(path)) if r.kind == "ruling"]
    by_digest = {}
    for ruling in rulings:
        by_digest.setdefault(ruling.en_digest, set()).add(ruling.card)
    assert max(len(cards) for cards in by_digest.values()) >= 20


def test_mtgjson_that_is_not_a_set_file_is_refused():
    with pytest.raises(ParseError, match=r"not an MTGJSON set file or AllPrintings: data\.cards is an object, expected a list"):
        mtgjson.parse(b'{"meta": {}, "data": {"cards": {}}}', "x.json")
    with pytest.raises(ParseError, match=r"x.json:3: not valid JSON"):
        mtgjson.parse(b'{\n"data":\n  {"KLD": [,]}}', "x.json")


def test_keyword_table_terms_with_aliases_and_notes_removed():
    path = corpus_file("cr/keywords_en_es_fr.tsv")
    terms = {t.title: t for t in keyword_table.parse(path.read_bytes(), str(path))}
    assert terms["Connive"].names == {"en": "Connive", "es": "confabular", "fr": "conniver"}
    assert terms["Gift"].aliases["fr"] == ["faire cadeau", "cadeau"]
    energy = terms["Energy counter"]
    assert energy.names == {"en": "Energy counter", "es": "contador de energía", "fr": "marqueur « énergie »"}
    assert "{E}" in energy.aliases["en"]
    assert "es" not in terms["Convert"].names, "NOT FOUND cells give no name"


def test_keyword_table_rows_derived_from_card_data_are_not_certain():
    path = corpus_file("cr/keywords_en_es_fr.tsv")
    terms = {t.title: t for t in keyword_table.parse(path.read_bytes(), str(path))}
    assert terms["Connive"].confidence is None, "transcribed from printed cards and checked by hand"
    assert terms["Boast"].confidence == round(19 / 20, 3), "derived from 19 cards"
    assert terms["Cleave"].confidence == round(12 / 13, 3), "the smaller of its counts (12 es, 18 fr)"
    assert terms["Aftermath"].confidence == 0.5, "seen on one card"
    uncounted = keyword_table.parse("keyword_en\tes_printed\tsource\nWard\tAntimaleficio\tderived: cards\n", "k.tsv")
    assert uncounted[0].confidence == 0.5


def test_keyword_table_without_header_is_refused():
    with pytest.raises(ParseError, match="no keyword_en column"):
        keyword_table.parse("Gift\tregalo\tcadeau\n", "k.tsv")


def test_card_name_table_gives_printed_names_and_type_lines():
    path = corpus_file("names/MH2_names_en_es_fr.tsv")
    cards = names_table.parse(path.read_bytes(), str(path))
    grace = next(c for c in cards if c.card == "Abiding Grace")
    assert grace.names == {"en": "Abiding Grace", "es": "Gracia duradera", "fr": "Grâce irréductible"}
    assert grace.type_lines["es"] == "Encantamiento" and grace.set_code == "MH2"
    assert len({c.card for c in cards}) == len(cards)


def test_card_name_table_row_of_the_wrong_width_names_its_line():
    with pytest.raises(ParseError, match=r"t.tsv:3: expected 3 columns"):
        names_table.parse("set\tname_en\tname_es\nMH2\tA\tB\nMH2\tC\n", "t.tsv")


def test_a_spanish_ruling_page_resolves_its_card_through_a_name_table(tmp_path):
    from mtgrules.align import documents

    page = tmp_path / "gracia.txt"
    page.write_text("Gracia duradera\n\n18/06/2021\n\nSi Gracia duradera deja el campo de batalla, no ocurre nada.\n", encoding="utf-8")
    parsed = documents.parse_files([str(page), str(corpus_file("names/MH2_names_en_es_fr.tsv"))])
    ruling = parsed[0].records[0]
    assert (ruling.card, ruling.printed_name, ruling.aligned) == ("Abiding Grace", "Gracia duradera", False)
