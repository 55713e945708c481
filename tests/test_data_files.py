"""Whole card data read as a stream: MTGJSON AllPrintings (plain or compressed) and Scryfall
bulk files, recognised by content, checked field by field, each card and ruling given once."""

from __future__ import annotations

import io
import json

import pytest
from card_data import all_printings, renamed, scryfall_cards, scryfall_rulings, set_file, write

from mtgrules.errors import ParseError
from mtgrules.parsers import data_files, mtgjson, scryfall
from mtgrules.parsers.json_stream import JsonReader
from mtgrules.records import ruling_digest


def stream_records(path):
    return list(data_files.records(path, data_files.kind_of(path)))


def comparable(records):
    return [(r.kind, r.card, r.text, r.names, r.type_lines, r.texts, r.en_position, r.en_digest, r.oracle_id) for r in records]


@pytest.mark.parametrize("compression", [None, "gzip", "xz", "bzip2", "zip"])
def test_all_printings_plain_or_compressed_gives_each_card_and_its_rulings_once(tmp_path, compression):
    kld = set_file()["data"]
    mh3 = set_file("MH3-electrozoa.mtgjson-excerpt.json")["data"]
    # Named .bin: the kind and the compression are read from the bytes, not the name.
    path = write(tmp_path / "download.bin", all_printings(kld, mh3, renamed(kld, "KLR")), compression)
    assert data_files.kind_of(path) == data_files.MTGJSON
    records = stream_records(path)
    one_by_one = mtgjson.parse(json.dumps({"data": kld}), "kld") + mtgjson.parse(json.dumps({"data": mh3}), "mh3")
    assert comparable(records) == comparable(one_by_one), "the reprint set KLR adds nothing: same cards, same languages"
    assert {r.set_code for r in records if r.kind == "card"} == {"KLD", "MH3"}
    assert records[0].source == f"{path}:KLD card 1"


def test_a_reprint_that_brings_a_language_adds_only_that_language(tmp_path):
    kld = set_file()["data"]
    first = renamed(kld, "AAA")  # sorts before KLD, so it is the first printing read
    for card in first["cards"]:
        card["foreignData"] = [f for f in card["foreignData"] if f["language"] == "Spanish"]
        card["rulings"] = []
    records = stream_records(write(tmp_path / "AllPrintings.json", all_printings(first, kld)))
    aviary = [r for r in records if r.kind == "card" and r.card == "Aviary Mechanic"]
    assert [r.set_code for r in aviary] == ["AAA", "KLD"]
    assert aviary[0].names["es"] == "Mecánica de aeródromo" and "fr" not in aviary[0].names and aviary[0].text
    assert aviary[1].names["fr"] == "Mécanicienne de la volière" and "es" not in aviary[1].names
    assert "es" not in aviary[1].texts and aviary[1].texts["fr"] and aviary[1].text == "", "the English text is given once"
    ruled = next(c for c in kld["cards"] if len(c["rulings"]) > 2)
    rulings = [r for r in records if r.kind == "ruling" and r.card == ruled["name"]]
    assert [r.text for r in rulings] == [x["text"] for x in ruled["rulings"]], "rulings from the first printing that has them, once"
    assert {r.set_code for r in rulings} == {"KLD"}


def test_the_faces_of_a_double_faced_card_are_one_card_with_joined_texts():
    faces = [
        {"name": "Dawn // Dusk", "faceName": "Dawn", "side": "a", "setCode": "TST", "number": "7", "type": "Creature — Spirit",
         "text": "Flying", "rulings": [{"date": "2026-01-02", "text": "It transforms."}],
         "foreignData": [{"language": "Spanish", "name": "Alba // Ocaso", "faceName": "Alba", "text": "Vuela.", "type": "Criatura — Espíritu"}]},
        {"name": "Dawn // Dusk", "faceName": "Dusk", "side": "b", "setCode": "TST", "number": "7", "type": "Creature — Horror",
         "text": "Menace", "rulings": [{"date": "2026-01-02", "text": "It transforms."}],
         "foreignData": [{"language": "Spanish", "name": "Alba // Ocaso", "faceName": "Ocaso", "text": "Amenaza.", "type": "Criatura — Horror"}]},
        {"name": "Dawn // Dusk", "faceName": "Dawn", "side": "a", "setCode": "TST", "number": "70", "type": "Creature — Spirit",
         "text": "Flying", "foreignData": []},
    ]
    records = mtgjson.parse(json.dumps({"data": {"code": "TST", "cards": faces}}), "dfc.json")
    cards = [r for r in records if r.kind == "card"]
    assert len(cards) == 1, "the showcase printing (number 70) brings nothing new"
    assert cards[0].text == "Flying\n//\nMenace"
    assert cards[0].type_lines == {"en": "Creature — Spirit // Creature — Horror", "es": "Criatura — Espíritu // Criatura — Horror"}
    assert cards[0].texts == {"es": "Vuela.\n//\nAmenaza."} and cards[0].names == {"en": "Dawn // Dusk", "es": "Alba // Ocaso"}
    assert [r.text for r in records if r.kind == "ruling"] == ["It transforms."]


@pytest.mark.parametrize("chunk_size", [1, 3, 17, 4096])
def test_records_do_not_depend_on_where_the_reads_split_the_text(chunk_size):
    name = "MH3-electrozoa.mtgjson-excerpt.json" if chunk_size < 17 else "KLD.mtgjson-v5.json"
    raw = json.dumps(set_file(name), indent=1 if chunk_size == 3 else None, ensure_ascii=chunk_size == 17).encode()
    whole = mtgjson.parse(raw, "x.json")
    streamed = list(mtgjson.records(JsonReader(io.BytesIO(raw), "x.json", chunk_size=chunk_size)))
    assert comparable(streamed) == comparable(whole) and whole


CARD = {"name": "Test Card", "setCode": "TST", "number": "1", "text": "Draw a card.", "rulings": [{"date": "2026-01-02", "text": "A ruling."}]}


def with_card(**fields):
    card = {**CARD, **fields}
    return {"meta": {}, "data": {"code": "TST", "cards": [CARD, card]}}


@pytest.mark.parametrize(
    "document, message",
    [
        (with_card(text=3), "card 2 of data.cards: text is a number, expected text"),
        (with_card(name=["Test"]), "card 2 of data.cards: name is a list, expected text"),
        ({"data": {"cards": [CARD, {"text": "x"}]}}, "card 2 of data.cards: name is missing"),
        (with_card(name=" "), "card 2 of data.cards: name is empty"),
        (with_card(name="Bad\ud800"), "name holds half of a UTF-16 surrogate pair"),
        (with_card(text="Nul\u0000"), "text holds a NUL character"),
        (with_card(foreignData={"language": "Spanish"}), "foreignData is an object, expected a list"),
        (with_card(foreignData=[{"language": "Spanish", "name": 7}]), "foreignData[0].name is a number, expected text"),
        (with_card(rulings=[["2026-01-02", "x"]]), "rulings[0] is a list, expected an object"),
        (with_card(rulings=[{"date": "2 Jan 2026", "text": "x"}]), "rulings[0].date is '2 Jan 2026', expected a date YYYY-MM-DD"),
        (with_card(identifiers=[]), "identifiers is a list, expected an object"),
        ({"data": {"code": "TST", "cards": [CARD, "Test Card"]}}, "card 2 of data.cards is text, expected an object"),
        ({"meta": {}, "data": [CARD]}, "not an MTGJSON set file or AllPrintings: data is a list, expected an object"),
        ({"data": {"KLD": {"cards": {"0": CARD}}}}, "data.KLD.cards is an object, expected a list"),
        ({"meta": {}, "data": {}}, "no data.cards list, nor sets with cards under data"),
    ],
)
def test_a_field_of_the_wrong_type_is_a_parse_error_naming_file_line_and_byte(tmp_path, document, message):
    path = tmp_path / "AllPrintings.json"
    path.write_text(json.dumps(document, indent=1), encoding="utf-8")
    with pytest.raises(ParseError) as raised:
        stream_records(path)
    assert message in str(raised.value) and str(raised.value).startswith(f"{path}:")
    assert raised.value.mend


def test_the_error_names_the_line_and_byte_where_the_bad_card_starts(tmp_path):
    bad = {**CARD, "text": {"en": "Draw"}}
    text = json.dumps({"meta": {}, "data": {"code": "TST", "cards": [CARD, CARD, bad]}}, indent=1)
    path = tmp_path / "TST.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ParseError) as raised:
        stream_records(path)
    third_name = text.index('"name"', text.index('"name"', text.index('"name"') + 1) + 1)
    start = text.rindex("{", 0, third_name)
    assert raised.value.line == text[:start].count("\n") + 1
    assert f"(byte {start:,})" in str(raised.value)
    minified = tmp_path / "min.json"
    minified.write_text(json.dumps(json.loads(text), separators=(",", ":")), encoding="utf-8")
    with pytest.raises(ParseError) as raised:
        stream_records(minified)
    offset = int(str(raised.value).split("(byte ")[1].split(")")[0].replace(",", ""))
    assert raised.value.line == 1 and minified.read_bytes()[offset:].startswith(b'{"name":"Test Card","setCode":"TST","number":"1","text":{')


@pytest.mark.parametrize(
    "raw, message",
    [
        (b'{"data": {"cards": [{"name": "A", "text": ' + b"[" * 100_000 + b"]" * 100_000 + b"}]}}", "arrays and objects nested more than 64 deep"),
        (b'{"data": {"cards": [{"name": "A", "number": ' + b"9" * 5000 + b"}]}}", "holds a number too long to read"),
        (b'{"data": {"cards": [{"name": "A\xff"}]}}', r"not UTF-8 text \(byte 31\)"),
        (b'{"data": {"cards": [{"name": "A"}, {"name": "B", "text": "cut sh', "download it again"),
        (b'{"data": {"cards": [{"name": "A"} {"name": "B"}]}}', "expected ',' or ']' in data.cards"),
    ],
)
def test_broken_json_is_a_parse_error_not_a_traceback(tmp_path, raw, message):
    path = tmp_path / "x.json"
    path.write_bytes(raw)
    with pytest.raises(ParseError, match=message):
        stream_records(path)


def test_a_cut_compressed_download_is_a_parse_error(tmp_path):
    whole = write(tmp_path / "whole.xz", all_printings(set_file()["data"]), "xz").read_bytes()
    cut = tmp_path / "AllPrintings.json.xz"
    cut.write_bytes(whole[: len(whole) // 2])
    with pytest.raises(ParseError, match=r"damaged xz data.*download it again"):
        stream_records(cut)


def test_kind_is_read_from_the_content(tmp_path, cr_2026):
    rulings = write(tmp_path / "a.json", scryfall_rulings(set_file()["data"]), indent=2)
    cards = write(tmp_path / "b.json.gz", scryfall_cards(set_file()["data"]), "gzip")
    assert data_files.kind_of(rulings) == data_files.SCRYFALL_RULINGS
    assert data_files.kind_of(cards) == data_files.SCRYFALL_CARDS
    assert data_files.kind_of(cr_2026) is None
    assert data_files.kind_of(tmp_path) is None
    packed = tmp_path / "rules.txt.gz"
    packed.write_bytes(__import__("gzip").compress(cr_2026.read_bytes()))
    with pytest.raises(ParseError, match="gzip-compressed, and not MTGJSON or Scryfall data"):
        data_files.kind_of(packed)


def test_scryfall_rulings_are_per_oracle_id_with_who_issued_them(tmp_path):
    kld = set_file()["data"]
    objects = scryfall_rulings(kld)
    objects[1]["source"] = "scryfall"
    records = stream_records(write(tmp_path / "rulings.json", objects))
    first = next(c for c in kld["cards"] if c.get("rulings"))
    mine = [r for r in records if r.oracle_id == first["identifiers"]["scryfallOracleId"]]
    assert [r.text for r in mine] == [x["text"] for x in first["rulings"]]
    assert [r.en_position for r in mine] == list(range(1, len(mine) + 1))
    assert [r.issued_by for r in mine[:2]] == ["wotc", "scryfall"]
    assert all(r.card is None and r.en_digest == ruling_digest(r.text) and r.lang == "en" for r in records)


def test_scryfall_cards_one_record_per_card_and_new_language(tmp_path):
    kld = set_file()["data"]
    records = stream_records(write(tmp_path / "all-cards.json", scryfall_cards(kld)))
    aviary = [r for r in records if r.card == "Aviary Mechanic"]
    assert aviary[0].text and aviary[0].type_lines["en"] == "Creature — Dwarf Artificer" and aviary[0].set_code == "KLD"
    merged = {lang: name for record in aviary for lang, name in record.names.items()}
    assert merged == {"en": "Aviary Mechanic", "es": "Mecánica de aeródromo", "fr": "Mécanicienne de la volière",
                      "de": next(f["name"] for c in kld["cards"] if c["name"] == "Aviary Mechanic" for f in c["foreignData"] if f["language"] == "German"),
                      "ja": next(f["name"] for c in kld["cards"] if c["name"] == "Aviary Mechanic" for f in c["foreignData"] if f["language"] == "Japanese")}
    assert [sorted(r.names) for r in aviary[1:]] == [sorted(["en", lang]) for lang in ("de", "es", "fr", "ja")]
    assert "Servo" not in {r.card for r in records}, "tokens are not cards"
    assert len({r.card for r in records}) == len({c["name"] for c in kld["cards"]})


def test_scryfall_object_of_another_kind_is_refused(tmp_path):
    objects = scryfall_rulings(set_file()["data"])[:3] + [{"object": "card", "name": "X", "lang": "en"}]
    with pytest.raises(ParseError, match="object 4 is a 'card', expected a 'ruling'"):
        stream_records(write(tmp_path / "rulings.json", objects))
    with pytest.raises(ParseError, match="object 1: comment is a number"):
        list(scryfall.records(JsonReader(io.BytesIO(b'[{"object":"ruling","oracle_id":"x","comment":5}]'), "r.json"), scryfall.RULINGS))
