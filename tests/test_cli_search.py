"""`mtgrules search`, driven as a person and a script would."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from click.testing import CliRunner
from test_index import sample_records, use_corpus

from mtgrules.cli.main import cli


@pytest.fixture(autouse=True)
def sample(monkeypatch):
    use_corpus(monkeypatch, sample_records())


def run(*args):
    return CliRunner().invoke(cli, ["search", *args])


def test_results_show_key_language_snippet_and_other_languages():
    result = run("criaturas")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    # The translations that found hits are said once, above the one ranking across languages.
    assert lines[0].startswith("translated [en]: criaturas → creat")
    first = next(line for line in lines if line.startswith("1. "))
    assert first.startswith("1. rule 704.5f [es]")
    assert "also in: en, zh" in first
    assert "**criatura**" in result.output
    # the English text of a hit shown in the query's language, under its own
    after = [line.lstrip() for line in lines[lines.index(first) + 1:]]
    english = next(n for n, line in enumerate(after) if line.startswith("[en] "))
    assert after[0].startswith("Una **criatura**") and english < next(n for n, line in enumerate(after) if line.startswith("2. "))
    assert after[english].startswith("[en] A **creature** with toughness 0")
    [hit] = [json.loads(line) for line in run("criaturas", "--json", "--limit", "1").output.splitlines()]
    assert hit["english"].startswith("A **creature** with toughness 0") and "\x02" not in hit["english"]


def test_accents_and_inflections_do_not_matter():
    assert "ruling Electrozoa #1 [es]" in run("energia", "--lang", "es").output


def test_json_is_one_object_per_line_with_stable_fields():
    result = run("energy OR energía", "--json", "--limit", "3")
    lines = result.output.splitlines()
    assert result.exit_code == 0 and len(lines) == 3
    for line in lines:
        hit = json.loads(line)
        assert {"key", "kind", "lang", "snippet", "other_langs", "score"} <= set(hit)
        assert "\x02" not in hit["snippet"]


def test_json_score_is_what_the_page_is_ordered_by():
    """A script sorting `--json` rows by score gets the page's order: a rule a glossary entry or a
    translation brings has the score it ranks by, not one search's bm25 (which was 0.0 for it)."""
    for query in ("energía", "contadores de energía", "criaturas", "marqueur"):
        hits = [json.loads(line) for line in run(query, "--json", "--limit", "8").output.splitlines()]
        scores = [hit["score"] for hit in hits if not hit["partial"]]
        assert scores and all(score > 0 for score in scores), query
        assert scores == sorted(scores, reverse=True), query


def test_lang_and_kind_options_filter():
    langs = {json.loads(line)["lang"] for line in run("energy OR energía", "--lang", "es", "--json").output.splitlines()}
    assert langs == {"es"}
    kinds = {json.loads(line)["kind"] for line in run("energy", "--kind", "glossary", "--json").output.splitlines()}
    assert kinds == {"glossary"}


def test_a_rule_number_shows_that_rule():
    result = run("704.5aa")
    assert result.exit_code == 0
    assert result.output.startswith("704.5aa")
    assert "space sculptor" in result.output


@pytest.mark.parametrize("spelt", ["CR 704.5AA", "704.5aa.", "regla 704,5aa", "règle 704.5(aa)", "§704.5aa"])
def test_a_rule_number_as_a_judge_writes_it_shows_that_rule(spelt):
    result = run(spelt)
    assert result.exit_code == 0, result.output
    assert result.output.startswith("704.5aa")


def test_nothing_found_exits_1_with_a_suggestion():
    result = run("criatras")
    assert result.exit_code == 1
    assert "did you mean: criatura" in result.output


def test_a_malformed_query_is_one_line_and_exit_2():
    result = run('"contador de')
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [result.output.strip()]
    assert "unbalanced quote" in result.output


def test_a_malformed_language_list_is_a_usage_error():
    result = run("criatura", "--lang", "spanish!")
    assert result.exit_code == 2
    assert "language codes" in result.output


def test_no_colour_outside_a_terminal():
    assert "\x1b[" not in run("criaturas").output


def test_a_real_process_searches_the_embedded_seeds(tmp_path):
    """No monkeypatching here: the committed seed corpus, a fresh MTGRULES_HOME, the console
    entry point; the index is built on first use and reused on the second call."""
    env = {**os.environ, "MTGRULES_HOME": str(tmp_path / "home")}
    env.pop("NO_COLOR", None)
    command = [sys.executable, "-m", "mtgrules", "search", "confabular", "--json"]
    first = subprocess.run(command, capture_output=True, text=True, env=env, timeout=120)
    assert first.returncode == 0, first.stderr
    assert any(json.loads(line)["key"][:2] == ["rule", "701.50"] for line in first.stdout.splitlines())
    missing = subprocess.run([*command[:4], "zzzzqqq"], capture_output=True, text=True, env=env, timeout=120)
    assert missing.returncode == 1
    assert "nothing found" in missing.stderr


def test_shell_completion_offers_commands_and_kinds():
    env = {"_MTGRULES_COMPLETE": "bash_complete", "COMP_WORDS": "mtgrules search x --kind r", "COMP_CWORD": "4"}
    result = CliRunner().invoke(cli, [], env=env, prog_name="mtgrules")
    assert result.output.split() == ["plain,rule", "plain,ruling"]


def test_on_a_terminal_matches_are_coloured_instead_of_starred(monkeypatch):
    monkeypatch.setattr("mtgrules.cli.show_search.use_colour", lambda: True)
    output = CliRunner().invoke(cli, ["search", "criaturas"], color=True).output
    assert "\x1b[" in output and "**criatura**" not in output


def test_a_language_absent_from_the_corpus_is_named():
    result = run("criatura", "--lang", "de")
    assert result.exit_code == 1
    assert "nothing in de: the corpus has en, es, fr, zh" in result.output


@pytest.mark.parametrize("code", ["xx", "esp", "qq"])
def test_a_code_that_is_no_language_is_one_line_and_exit_2(code):
    result = run("criatura", "--lang", code)
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [result.output.strip()]
    assert f"--lang {code}: not a language code" in result.output


def test_the_translation_line_names_the_words_it_left_out(monkeypatch):
    # "soixante" (sixty): the lexicon has no pair for it and English no such word. The person
    # sees it was not searched for, in their own language, and a script reads it in --json.
    result = run("soixante cartes")
    assert result.exit_code == 0
    line = next(line for line in result.output.splitlines() if line.startswith("translated [en]: "))
    assert line.startswith("translated [en]: soixante cartes → card") and line.endswith("(not translated: soixante)")
    hits = [json.loads(line) for line in run("soixante cartes", "--json").output.splitlines()]
    assert hits and all(hit["untranslated"] == ["soixante"] for hit in hits if hit["translation"])
    assert any(hit["translation"] for hit in hits)
    monkeypatch.setenv("MTGRULES_LANG", "fr")
    assert "(non traduit : soixante)" in run("soixante cartes").output
    monkeypatch.setenv("MTGRULES_LANG", "es")
    assert "(sin traducir: soixante)" in run("soixante cartes").output
    # Every word translated: nothing more is said.
    monkeypatch.delenv("MTGRULES_LANG")
    assert "not translated" not in run("criaturas").output
    assert all(hit["untranslated"] == [] for hit in map(json.loads, run("criaturas", "--json").output.splitlines()))
