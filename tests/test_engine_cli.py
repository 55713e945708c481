"""`mtgrules engine coverage`, through click's runner."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from test_index import use_corpus

import mtgrules.store
from mtgrules.cli.main import cli
from mtgrules.records import Record
from mtgrules.rulenumbers import subrule


def rule(number: str, lang: str = "es") -> Record:
    return Record(kind="rule", lang=lang, source="test:1", number=number, text="…")


def ruling(card: str, position: int, digest: str, lang: str = "fr", text: str = "…") -> Record:
    return Record(kind="ruling", lang=lang, source="test:1", card=card, en_position=position, en_digest=digest, text=text)


class Corpus(list):
    """The records of the store: appending one stores it too."""

    def __init__(self, monkeypatch, records):
        super().__init__(records)
        self.monkeypatch = monkeypatch
        use_corpus(monkeypatch, self)

    def append(self, record):
        super().append(record)
        use_corpus(self.monkeypatch, self)


@pytest.fixture
def corpus(monkeypatch):
    return Corpus(monkeypatch, [rule(subrule("704.5", i)) for i in range(25)] + [
        rule("704.5a", "fr"),  # the same rule in another language counts once
        rule("701.50e"),
        rule("999.1a"),  # a rule the engine does not implement
        ruling("Kitnap", 8, "a2c8860b84ae"),
        ruling("Kitnap", 8, "a2c8860b84ae", lang="en", text="(English text read at display time)"),
        ruling("Kitnap", 9, "ffffffffffff"),
    ])


def run(*arguments: str):
    return CliRunner().invoke(cli, ["engine", "coverage", *arguments])


def test_section_704_5_is_fully_implemented_and_tested(corpus):
    result = run("--section", "704.5", "--json")
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in result.output.splitlines()]
    assert [r["number"] for r in rows] == [subrule("704.5", i) for i in range(25)]
    assert all(r["implemented"] and r["tests"] for r in rows)
    assert rows[6]["number"] == "704.5g" and rows[6]["implemented"][0].startswith("engine/sba.py:")
    assert "tests/test_engine_sba.py::test_lethal_damage_destroys" in rows[6]["tests"]


def test_human_output_is_a_summary_first_and_the_table_behind_a_flag(corpus):
    result = run("--section", "704")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines == ["25 rules under 704: 25 implemented, 25 tested",
                     "  704.5       25 of 25   implemented,   25 tested",
                     "(--list shows every rule and ruling with its code and tests)"]
    listed = run("--section", "704", "--list").output.splitlines()
    assert listed[:3] == lines and listed[3] == ""
    assert any(line.startswith("704.5aa ") and "engine/sba.py:" in line for line in listed)


def test_a_section_row_is_shown_but_not_counted(corpus):
    corpus.append(rule("704.5"))
    lines = run("--section", "704.5", "--list").output.splitlines()
    assert lines[0] == "25 rules under 704.5: 25 implemented, 25 tested"
    assert lines[1].startswith("(--list") and lines[4].startswith("704.5 ") and lines[5].startswith("704.5a ")


def test_without_options_rules_and_rulings_are_listed(corpus):
    result = run("--json")
    rows = [json.loads(line) for line in result.output.splitlines()]
    by_key = {r.get("number") or (r["card"], r["en_position"]): r for r in rows}
    assert by_key["999.1a"]["implemented"] == [] and by_key["999.1a"]["tests"] == []
    assert by_key[("Kitnap", 8)]["implemented"] and by_key[("Kitnap", 8)]["tests"]
    assert by_key[("Kitnap", 8)]["en_text"] == "(English text read at display time)"
    assert by_key[("Kitnap", 9)] == {"kind": "ruling", "card": "Kitnap", "en_position": 9, "en_digest": "ffffffffffff",
                                     "en_text": None, "implemented": [], "tests": []}
    lines = run().output.splitlines()
    assert lines[0] == "27 rules: 26 implemented, 26 tested; 2 rulings: 1 implemented, 1 tested"
    assert lines[1:3] == ["  701          1 of 1    implemented,    1 tested", "  704         25 of 25   implemented,   25 tested"]


def test_card_option_limits_to_its_rulings(corpus):
    rows = [json.loads(line) for line in run("--card", "kitnap", "--json").output.splitlines()]
    assert [(r["kind"], r["en_position"]) for r in rows] == [("ruling", 8), ("ruling", 9)]


def test_nothing_found_exits_1_and_bad_usage_exits_2(corpus):
    result = run("--section", "999.9")
    assert result.exit_code == 1 and "no rules or rulings under 999.9" in result.output
    assert run("--section", "seven").exit_code == 2


def test_with_a_stored_corpus_and_no_tests_folder(tmp_path, monkeypatch):
    """Through the real store under MTGRULES_HOME; without tests, it says so on stderr."""
    from mtgrules.engine import registry

    with mtgrules.store.Store().writing() as writer:
        writer.put("rules-es.html", "x", "rules", [rule("701.50d"), rule("701.50b")])
    monkeypatch.setattr(registry, "TESTS_DIR", tmp_path / "absent")
    result = CliRunner().invoke(cli, ["engine", "coverage", "--section", "701.50", "--json"])
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r["number"] for r in rows if r["number"] in ("701.50b", "701.50d")] == ["701.50b", "701.50d"]
    assert all(r["tests"] == [] for r in rows)
    assert "carries no test links" in result.stderr


def test_an_installed_package_knows_its_tests_from_the_manifest(tmp_path, monkeypatch, corpus):
    """Without the tests folder (a non-editable install), the manifest the build wrote says
    which tests demonstrate each rule."""
    from mtgrules.engine import registry, testlinks

    manifest = tmp_path / testlinks.MANIFEST_NAME
    testlinks.write_manifest(registry.TESTS_DIR, manifest)
    monkeypatch.setattr(registry, "TESTS_DIR", tmp_path / "absent")
    monkeypatch.setattr(registry, "MANIFEST", manifest)
    result = run("--section", "704")
    assert result.output.splitlines()[0] == "25 rules under 704: 25 implemented, 25 tested" and result.stderr == ""
    result = run("--section", "704", "--list")
    assert any(line.startswith("704.5g ") and line.rstrip().split()[-1].isdigit() for line in result.output.splitlines())
