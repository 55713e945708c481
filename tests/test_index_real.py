"""Search and lookups on the real corpus: the 2026-08-07 Comprehensive Rules, Kaladesh and two
MTGJSON excerpts, the keyword table, and the seed pages, ingested through `mtgrules ingest`
exactly as a user would (read in place from ../shared/corpus-data; skipped when absent)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from conftest import SEEDS, corpus_file

from mtgrules.cli.main import cli

pytestmark = pytest.mark.shared

DOCUMENTS = [
    "cr/en-20260807.txt",
    "rulings/KLD.mtgjson-v5.json",
    "rulings/MH3-electrozoa.mtgjson-excerpt.json",
    "rulings/BLB-kitnap.mtgjson-excerpt.json",
    "cr/keywords_en_es_fr.tsv",
]


@pytest.fixture(scope="module")
def real_home(tmp_path_factory):
    paths = [str(corpus_file(name)) for name in DOCUMENTS] + [str(p) for p in sorted(SEEDS.glob("*.txt"))]
    home = tmp_path_factory.mktemp("real-home")
    result = CliRunner(env={"MTGRULES_HOME": str(home)}).invoke(cli, ["ingest", *paths])
    assert result.exit_code == 0, result.output
    return home


@pytest.fixture
def run(real_home, monkeypatch):
    monkeypatch.setenv("MTGRULES_HOME", str(real_home))

    def invoke(*args):
        return CliRunner().invoke(cli, list(args))

    return invoke


def lines_of(result):
    return [json.loads(line) for line in result.output.splitlines()]


def test_spanish_search_finds_the_translated_state_based_actions(run):
    hits = lines_of(run("search", "criaturas", "resistencia", "--json"))
    assert hits and all(hit["lang"] == "es" for hit in hits)
    assert hits[0]["key"][0] == "rule" and hits[0]["number"].startswith("704.5")
    assert "en" in hits[0]["other_langs"]


def test_rule_704_5_lists_its_subrules_to_704_5aa_skipping_l_and_o(run):
    entries = lines_of(run("rule", "704.5", "--json", "--lang", "en,es"))
    numbers = [entry["number"] for entry in entries]
    assert numbers[0] == "704.5"
    assert numbers[-1] == "704.5aa"
    assert "704.5l" not in numbers and "704.5o" not in numbers
    assert len(numbers) == 1 + 25
    assert entries[7]["texts"]["es"] is not None  # 704.5g, translated in the seed page


def test_a_rule_number_query_shows_the_rule(run):
    result = run("search", "704.5aa")
    assert result.exit_code == 0
    assert result.output.startswith("704.5aa")


def test_connive_ranks_its_rule_first(run):
    hits = lines_of(run("search", "connive", "--lang", "en", "--kind", "rule", "--json"))
    assert hits[0]["number"] == "701.50"


def test_kaladesh_energy_rulings_say_how_many_cards_share_them(run):
    entry = json.loads(run("card", "aether hub", "--json").output)
    assert max(ruling["cards_with_same_ruling"] for ruling in entry["rulings"]) >= 40


def test_a_misspelt_card_shows_spanish_rulings_beside_the_english(run):
    entry = json.loads(run("card", "electrozoo", "--lang", "es", "--json").output)
    assert entry["card"] == "Electrozoa"
    translated = [ruling for ruling in entry["rulings"] if "es" in ruling["texts"]]
    assert translated and all(ruling["en_text"] for ruling in translated)


@pytest.mark.parametrize(
    "word, term, number",
    [("confabular", "Connive", "701.50"), ("cadeau", "Gift", "702.174"), ("energía", "Energy counter", "107.14")],
)
def test_terms_across_languages(run, word, term, number):
    entries = lines_of(run("term", word, "--json"))
    assert entries[0]["term"] == term
    assert number in [rule["number"] for rule in entries[0]["rules"]]


def test_confabular_gives_the_french_name(run):
    [entry] = lines_of(run("term", "confabular", "--json"))
    assert "conniver" in entry["names"]["fr"]
