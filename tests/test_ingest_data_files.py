"""Card data files through ingest: recognised by content and streamed, Scryfall rulings named
by the cards ingested with them, bad data refused in one line with nothing stored."""

from __future__ import annotations

import json

from card_data import all_printings, scryfall_cards, scryfall_rulings, set_file, write
from click.testing import CliRunner
from test_data_files import CARD

from mtgrules.align import documents
from mtgrules.cli.main import cli
from mtgrules.parsers import data_files


def test_scryfall_rulings_get_their_card_names_from_the_cards_ingested_with_them(tmp_path):
    kld = set_file()["data"]
    objects = scryfall_rulings(kld)
    ruled = next(card for card in kld["cards"] if len(card["rulings"]) > 1)
    # Listed first among the card's rulings by Scryfall: position 1 there, which MTGJSON's first holds.
    objects.insert(0, {"object": "ruling", "oracle_id": ruled["identifiers"]["scryfallOracleId"], "source": "wotc",
                       "published_at": "2026-09-01", "comment": "A ruling newer than the set file."})
    objects.append({"object": "ruling", "oracle_id": "11111111-2222-3333-4444-555555555555", "source": "wotc",
                    "published_at": "2026-09-01", "comment": "A ruling of a card nobody ingested."})
    rulings = write(tmp_path / "rulings.json", objects)
    cards = write(tmp_path / "cards.json", scryfall_cards(kld))
    parsed = documents.parse_files([str(rulings), str(cards)])
    named = parsed[0].records
    assert parsed[0].kind == data_files.SCRYFALL_RULINGS and len(named) == len(objects) - 1
    assert {r.card for r in named} == {c["name"] for c in kld["cards"] if c.get("rulings")}
    assert parsed[0].warnings == [f"{rulings}: rulings of 1 cards left out: no card ingested has their oracle id "
                                  "(ingest MTGJSON AllPrintings or a Scryfall cards file with them)"]
    assert parsed[0].digest == data_files.file_digest(rulings) and parsed[0].raw == b""
    # With MTGJSON, which has the same rulings, only the newer one is Scryfall's to add.
    kld_file = write(tmp_path / "KLD.json", {"meta": {}, "data": kld})
    parsed = documents.parse_files([str(kld_file), str(rulings)])
    assert [r.text for r in parsed[1].records] == ["A ruling newer than the set file."]
    newer = parsed[1].records[0]
    assert newer.card == ruled["name"] and newer.en_position == len(ruled["rulings"]) + 1, "numbered after MTGJSON's"


def run(*args):
    return CliRunner().invoke(cli, list(args))


def test_ingest_of_a_bad_data_file_is_one_line_exit_2_and_stores_nothing_of_it(tmp_path, isolated_home):
    good = write(tmp_path / "KLD.json.gz", {"meta": {}, "data": set_file()["data"]}, "gzip")
    bad = write(tmp_path / "AllPrintings.json.xz", all_printings({"code": "TST", "cards": [CARD, {**CARD, "text": 5}]}), "xz")
    refused = f"{bad}:1: card 2 of data.TST.cards: text is a number, expected text (byte "
    result = run("ingest", "--all-or-nothing", str(good), str(bad))
    assert result.exit_code == 2
    assert result.stderr.startswith(f"mtgrules: {refused}") and result.stderr.count("\n") == 1
    assert not (isolated_home / "corpus" / "manifest.json").exists()
    result = run("ingest", str(good), str(bad))
    assert result.exit_code == 2 and result.stderr.startswith(f"not stored: {refused}") and "Traceback" not in result.stderr
    assert f"{good}: " in result.stdout and "(mtgjson)" in result.stdout
    shown = run("card", "Mecánica de aeródromo", "--json")
    assert shown.exit_code == 0 and json.loads(shown.stdout.splitlines()[0])["card"] == "Aviary Mechanic"
    assert run("card", "Test Card").exit_code == 1, "nothing of the bad file was stored"


def test_a_folder_of_downloads_is_read_compressed_files_included(tmp_path, isolated_home):
    folder = tmp_path / "downloads"
    folder.mkdir()
    data = write(folder / "AllPrintings.json.xz", all_printings(set_file()["data"]), "xz")
    notes = folder / "notes.txt.gz"
    notes.write_bytes(__import__("gzip").compress(b"my notes"))
    result = run("ingest", str(folder))
    assert result.exit_code == 2
    assert f"{data}: " in result.stdout and "(mtgjson)" in result.stdout
    assert f"not stored: {notes}:1: gzip-compressed, and not MTGJSON or Scryfall data" in result.stderr
