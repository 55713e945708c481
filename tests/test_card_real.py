"""`mtgrules card` on real MTGJSON data (Kaladesh, and the Electrozoa and Kitnap excerpts):
the card's Oracle text and its printed text in the asked languages, from `foreignData`."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from conftest import corpus_file, ingested_home

from mtgrules.cli.main import cli
from mtgrules.lookup import engine_links
from mtgrules.lookup.cards import card_entry
from mtgrules.lookup.catalog import Catalog
from mtgrules.store import Store

pytestmark = pytest.mark.shared

KLD = "rulings/KLD.mtgjson-v5.json"


@pytest.fixture(scope="module")
def corpus_home(tmp_path_factory):
    files = [KLD, "rulings/MH3-electrozoa.mtgjson-excerpt.json", "rulings/BLB-kitnap.mtgjson-excerpt.json"]
    return ingested_home(tmp_path_factory.mktemp("cards"), files)


def card(*args):
    result = CliRunner().invoke(cli, ["card", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def kld_cards():
    data = json.loads(corpus_file(KLD).read_text(encoding="utf-8"))["data"]["cards"]
    return {c["name"]: c for c in data if "//" not in c["name"] and not c.get("faceName")}


def test_the_header_lists_only_the_asked_languages_and_the_card_shows_its_texts(home):
    entry = card("doma del relampago", "--lang", "es,en")
    assert entry["card"] == "Harnessed Lightning"
    assert list(entry["names"]) == ["en", "es"]
    assert len(entry["languages"]) > 5  # what the card has, for scripts
    source = kld_cards()["Harnessed Lightning"]
    assert entry["oracle"]["text"] == source["text"] and entry["oracle"]["type_line"] == source["type"]
    spanish = next(f for f in source["foreignData"] if f["language"] == "Spanish")
    assert entry["printed"] == {"es": {"name": "Doma del relámpago", "type_line": spanish["type"], "text": spanish["text"]}}
    assert entry["rulings"], "English rulings are shown beside the asked languages even untranslated"


def test_without_lang_the_printed_text_is_in_the_language_of_the_name_typed(home):
    assert list(card("Éclairs maîtrisés")["printed"]) == ["fr"]
    assert card("Harnessed Lightning")["printed"] == {}


def test_every_card_gives_its_printed_text_in_each_language_of_its_foreign_data(home):
    """The family: every Kaladesh card, in every language MTGJSON prints it in."""
    catalog = Catalog.load(corpus=Store(home / "corpus.sqlite3"))
    links = engine_links.load()
    checked = 0
    for name, source in kld_cards().items():
        printed = {foreign["language"]: foreign for foreign in source.get("foreignData", []) if foreign.get("text")}
        codes = {"Spanish": "es", "French": "fr", "German": "de", "Japanese": "ja"}
        langs = [code for language, code in codes.items() if language in printed]
        entry = card_entry(catalog, name, langs, links)
        for language, code in codes.items():
            if language in printed:
                assert entry["printed"][code]["text"] == printed[language]["text"], (name, code)
                checked += 1
        assert set(entry["names"]) <= {"en", *langs}
    assert checked > 800


def test_readable_output_shows_oracle_and_printed_text(home):
    output = CliRunner().invoke(cli, ["card", "doma del relampago", "--lang", "es"]).stdout
    header = output.splitlines()[0]
    assert header == "Harnessed Lightning  (es: Doma del relámpago)"  # the languages asked, beside the English name
    assert "Oracle" in output and "printed  Doma del relámpago" in output
    assert "(no es translation of" in output


def test_a_code_that_is_no_language_is_one_line_and_exit_2(home):
    result = CliRunner().invoke(cli, ["card", "electrozoa", "--lang", "xx"])
    assert result.exit_code == 2 and len(result.output.strip().splitlines()) == 1
