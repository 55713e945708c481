"""`mtgrules term WORD`."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from test_index import sample_records, use_corpus

from mtgrules.cli.main import cli


@pytest.fixture(autouse=True)
def sample(monkeypatch):
    use_corpus(monkeypatch, sample_records())


def run(*args):
    return CliRunner().invoke(cli, ["term", *args])


def lookup(word):
    result = run(word, "--json")
    assert result.exit_code == 0, result.output
    return [json.loads(line) for line in result.output.splitlines()]


def test_a_spanish_rule_title_finds_the_term_in_every_language():
    [entry] = lookup("confabular")
    assert entry["term"] == "Connive"
    assert [rule["number"] for rule in entry["rules"]] == ["701.50"]
    assert entry["names"]["en"] == ["Connive"]
    assert entry["names"]["es"] == ["confabular"]
    assert entry["names"]["fr"] == ["conniver"]


def test_a_french_alias_finds_gift():
    [entry] = lookup("cadeau")
    assert (entry["term"], [r["number"] for r in entry["rules"]]) == ("Gift", ["702.174"])


def test_a_word_of_a_longer_name_finds_energy_counters():
    [entry] = lookup("energía")
    assert entry["term"] == "Energy counter"
    assert [r["number"] for r in entry["rules"]] == ["107.14", "122.1"]


def test_a_conjugated_form_is_found_through_its_stem():
    assert lookup("confabula")[0]["term"] == "Connive"


def test_readable_output():
    result = run("Connive")
    assert result.output.splitlines()[0].startswith("Connive  (701.50)")
    assert "  fr  conniver" in result.output


def test_an_unknown_word_exits_1_with_a_suggestion():
    result = run("confabulr")
    assert result.exit_code == 1
    assert "did you mean: confabular" in result.output.lower()
