"""`mtgrules rule` on the real 2026-08-07 edition: the rules that cite a rule, read from the
citations the store keeps."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from conftest import corpus_file, ingested_home

from mtgrules.cli.main import cli
from mtgrules.parsers import comprehensive_rules

pytestmark = pytest.mark.shared


@pytest.fixture(scope="module")
def corpus_home(tmp_path_factory):
    return ingested_home(tmp_path_factory.mktemp("rules"), ["cr/en-20260807.txt"])


def rule(*args):
    result = CliRunner().invoke(cli, ["rule", *args, "--json", "--lang", "en"])
    assert result.exit_code == 0, result.output
    return {entry["number"]: entry for entry in map(json.loads, result.stdout.splitlines())}


def test_lethal_damage_is_cited_by_deathtouch_and_destroy(home):
    assert rule("704.5g")["704.5g"]["cited_by"] == ["701.8b", "702.12b"]


def test_cited_by_is_every_rule_whose_text_cites_it(home):
    """The family: for every rule of 704 and its subrules, "cited by" is exactly the rules of the
    edition whose parsed references name it."""
    records = comprehensive_rules.parse_file(corpus_file("cr/en-20260807.txt")).records
    citing: dict[str, set[str]] = {}
    for record in records:
        if record.kind in ("rule", "section") and record.number:
            for cited in record.references:
                if cited != record.number:
                    citing.setdefault(cited, set()).add(record.number)
    shown = rule("704")
    shown.update(rule("704.5"))
    assert len(shown) > 20
    for number, entry in shown.items():
        assert set(entry["cited_by"]) == citing.get(number, set()), number


def test_the_readable_output_lists_a_few_and_counts_the_rest(home):
    many = rule("601.2b")["601.2b"]["cited_by"]
    assert len(many) > 40
    output = CliRunner().invoke(cli, ["rule", "601.2b", "--lang", "en"]).output
    listed = " ".join(output.split("cited by: ", 1)[1].split("\n  implemented")[0].split())
    assert listed.startswith(", ".join(many[:12])) and listed.endswith(f"and {len(many) - 12} more")
