"""`mtgrules rule NUMBER`."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest
from click.testing import CliRunner
from test_index import sample_records, use_corpus

from mtgrules.cli.main import cli
from mtgrules.engine import registry


@pytest.fixture(autouse=True)
def sample(monkeypatch):
    use_corpus(monkeypatch, sample_records())
    monkeypatch.setattr(registry, "implementations_for", lambda number: [])
    monkeypatch.setattr(registry, "tests_for_rule", lambda number: [])


def run(*args):
    return CliRunner().invoke(cli, ["rule", *args])


def heads(output):
    """The numbers that start a block of output, in order."""
    return [line.split()[0] for line in output.splitlines() if line and not line.startswith(" ")]


def test_a_rule_shows_all_its_subrules_in_rules_order():
    result = run("704.5")
    assert result.exit_code == 0
    assert heads(result.output) == ["704.5", "704.5a", "704.5b", "704.5c", "704.5d", "704.5f", "704.5z", "704.5aa"]


def test_languages_side_by_side_with_missing_translations_said():
    result = run("704.5a", "--lang", "es,en,fr")
    lines = [line.strip() for line in result.output.splitlines()]
    assert "es  Un jugador con 0 o menos vidas pierde la partida." in lines
    assert "en  A player with 0 or less life loses the game." in lines
    assert "(no fr text for this rule in the corpus)" in lines
    assert lines.index("es  Un jugador con 0 o menos vidas pierde la partida.") < lines.index("en  A player with 0 or less life loses the game.")


def test_parent_and_neighbours():
    output = run("704.5", "--lang", "en").output
    assert "parent: 704  State-Based Actions" in output
    assert "previous: 704.4" in output
    assert "next: 704.6" in output


def test_references_are_resolved_to_titles():
    assert "see: 702.174 Gift" in run("701.50a").output
    assert "see: 704.6b A team with fifteen or more poison counters loses." in run("704.5c").output


def test_ranges():
    result = run("704.5a-704.5c")
    assert heads(result.output) == ["704.5a", "704.5b", "704.5c"]
    assert heads(run("704.5a–c").output) == ["704.5a", "704.5b", "704.5c"]


def test_engine_implementations_and_tests_are_shown(monkeypatch):
    implementation = SimpleNamespace(module="mtgrules.engine.sba", function="zero_life", path="engine/sba.py", line=58)
    monkeypatch.setattr(registry, "implementations_for", lambda number: [implementation] if number == "704.5a" else [])
    monkeypatch.setattr(registry, "tests_for_rule", lambda number: ["tests/test_sba.py::test_zero_life"] if number == "704.5a" else [])
    assert "engine" not in run("704.5a").output  # developer links only when asked
    output = run("704.5a", "--links").output
    assert "implemented by mtgrules.engine.sba.zero_life (engine/sba.py:58)" in output
    assert "tested by tests/test_sba.py::test_zero_life" in output
    data = json.loads(run("704.5a", "--json").output)
    assert data["implemented_by"] == [{"module": "mtgrules.engine.sba", "function": "zero_life", "path": "engine/sba.py", "line": 58}]
    assert data["tests"] == ["tests/test_sba.py::test_zero_life"]


def test_json_is_one_object_per_rule():
    lines = run("704.5", "--json", "--lang", "en,es").output.splitlines()
    entries = [json.loads(line) for line in lines]
    assert [e["number"] for e in entries][:3] == ["704.5", "704.5a", "704.5b"]
    assert entries[0]["parent"] == {"number": "704", "title": "State-Based Actions"}
    assert entries[2]["texts"]["es"] is None


def test_an_aligned_translation_shows_its_title():
    output = run("701.50").output
    assert "es  Confabular" in output
    assert "en  Connive" in output


@pytest.mark.parametrize("number, code, message", [("7x4", 2, "expected a rule number"), ("704.5d-704.5a", 2, "backwards"), ("999.9", 1, "no rule 999.9")])
def test_bad_or_unknown_numbers(number, code, message):
    result = run(number)
    assert result.exit_code == code
    assert message in result.output


def test_examples_follow_their_rule_text():
    lines = [line.strip() for line in run("704.5f", "--lang", "en").output.splitlines()]
    assert lines.index("Example: A 2/0 creature dies.") == lines.index("en  A creature with toughness 0 or less goes to its owner's graveyard.") + 1


@pytest.mark.parametrize("spelt", ["704.5A", "CR 704.5a", "704.5a.", "cr704.5a", "Rule 704.5a", "regla 704.5a", "règle 704.5a",
                                   "§704.5a", "704,5a", "704.5 a", "704.5(a)", " 704.5a "])
def test_a_number_is_read_however_a_judge_writes_it(spelt):
    result = run(spelt, "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["number"] == "704.5a"


def test_a_range_is_read_however_a_judge_writes_it():
    assert heads(run("CR 704.5A-704.5C").output) == ["704.5a", "704.5b", "704.5c"]


def test_a_language_missing_from_several_rules_is_said_once_with_the_count():
    result = run("704.5", "--lang", "fr,en")
    assert result.exit_code == 0
    assert "no fr text" not in result.output.replace("(no fr text for 8 of the 8 rules shown)", "")
    assert result.output.count("(no fr text for 8 of the 8 rules shown)") == 1
    json_lines = [json.loads(line) for line in run("704.5", "--lang", "fr,en", "--json").stdout.splitlines()]
    assert all(entry["texts"]["fr"] is None for entry in json_lines)


@pytest.mark.parametrize("code", ["xx", "esp", "qq"])
def test_a_code_that_is_no_language_is_one_line_and_exit_2(code):
    result = run("704.5a", "--lang", code)
    assert result.exit_code == 2
    assert len(result.output.strip().splitlines()) == 1
    assert f"--lang {code}: not a language code" in result.output


def test_a_language_the_corpus_lacks_is_said_once_not_an_error():
    result = run("704.5a", "--lang", "de,en")
    assert result.exit_code == 0
    assert result.stderr.count("the corpus has no rules in de") == 1


def complete(*words):
    from click.shell_completion import ShellComplete

    *args, incomplete = words
    return [item.value for item in ShellComplete(cli, {}, "mtgrules", "_MTGRULES_COMPLETE").get_completions(list(args), incomplete)]


def test_shell_completion_gives_rule_numbers_in_rules_order():
    assert complete("rule", "704.5") == ["704.5", "704.5a", "704.5b", "704.5c", "704.5d", "704.5f", "704.5z", "704.5aa"]
    assert complete("rule", "704.5A") == ["704.5a", "704.5aa"]
    assert complete("rule", "999") == []
