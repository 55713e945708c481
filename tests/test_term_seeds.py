"""`mtgrules term` on the embedded seed corpus alone: Spanish and French pages, no English
rules or glossary. A judge looking a term up there still reads what the rule says."""

from __future__ import annotations

import json

from click.testing import CliRunner

from mtgrules.cli.main import cli


def test_without_english_text_the_definition_is_the_translated_rule(tmp_path, monkeypatch):
    monkeypatch.setenv("MTGRULES_HOME", str(tmp_path))
    result = CliRunner().invoke(cli, ["term", "confabular", "--json"])
    assert result.exit_code == 0, result.output
    [entry] = [json.loads(line) for line in result.stdout.splitlines()]
    assert entry["term"] == "Connive"
    assert entry["missing_definitions"] == ["en"]
    [definition] = entry["definitions"]
    assert (definition["lang"], definition["from"]) == ("es", "rule 701.50a")
    assert "confabule" in definition["text"]


def test_the_text_output_says_which_language_is_shown(tmp_path, monkeypatch):
    monkeypatch.setenv("MTGRULES_HOME", str(tmp_path))
    result = CliRunner().invoke(cli, ["term", "conniver"])
    assert result.exit_code == 0, result.output
    assert "(no en definition in the corpus; shown: es)" in result.output
