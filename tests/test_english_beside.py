"""English beside a missing translation, said once (issue 23, item 2): a rule with no text in
the language asked shows its English text with one note; several such rules, one note with the
count; `--json` gives the English as `english_instead`."""

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
    return CliRunner().invoke(cli, ["rule", *args])


def test_a_rule_without_the_language_asked_shows_the_english_with_one_note():
    result = run("704.5b", "--lang", "es")
    assert result.exit_code == 0
    lines = [line.strip() for line in result.stdout.splitlines()]
    assert "en  A player who drew from an empty library loses the game." in lines
    assert lines.count("(no es text for this rule in the corpus: English shown)") == 1
    entry = json.loads(run("704.5b", "--lang", "es", "--json").stdout)
    assert entry["texts"] == {"es": None}
    assert entry["english_instead"]["text"] == "A player who drew from an empty library loses the game."


def test_a_rule_with_the_language_asked_shows_no_english():
    result = run("704.5a", "--lang", "es")
    assert "A player with 0 or less life" not in result.stdout and "English shown" not in result.stdout
    assert "english_instead" not in json.loads(run("704.5a", "--lang", "es", "--json").stdout)


def test_several_rules_say_it_once_with_the_count():
    result = run("704.5", "--lang", "fr")
    assert result.exit_code == 0
    assert "A player who drew from an empty library loses the game." in result.stdout  # English in place of French
    assert "English shown" not in result.stdout.replace("(no fr text for 8 of the 8 rules shown: English shown for them)", "")
    assert result.stdout.count("(no fr text for 8 of the 8 rules shown: English shown for them)") == 1


def test_in_spanish_the_default_is_spanish_with_english_beside(monkeypatch):
    monkeypatch.setenv("MTGRULES_LANG", "es")
    result = run("704.5b")
    assert "en  A player who drew from an empty library loses the game." in [line.strip() for line in result.stdout.splitlines()]
    assert "(no hay texto en es de esta regla en el corpus: se muestra el inglés)" in result.stdout
    assert "es  Un jugador con 0 o menos vidas pierde la partida." in run("704.5a").stdout


def test_a_rule_in_neither_the_language_asked_nor_english_shows_the_one_it_has(monkeypatch):
    """The seeds alone hold their rules in Spanish: a French reader saw "no fr text" and
    nothing else. With no English either, the text of a language the corpus has is shown, said
    once; `--json` gives it as `shown_instead`, with its language."""
    monkeypatch.setenv("MTGRULES_LANG", "fr")
    use_corpus(monkeypatch, [record for record in sample_records() if record.lang != "en" or record.kind != "rule"])
    lines = [line.strip() for line in run("704.5a").stdout.splitlines()]
    assert "es  Un jugador con 0 o menos vidas pierde la partida." in lines
    assert "(aucun texte en fr pour cette règle dans le corpus : affichée en es)" in lines
    entry = json.loads(run("704.5a", "--json").stdout)
    assert entry["texts"] == {"fr": None} and "english_instead" not in entry
    assert (entry["shown_instead"]["lang"], entry["shown_instead"]["text"]) == ("es", "Un jugador con 0 o menos vidas pierde la partida.")
    # A language asked that has the text: nothing else is shown.
    assert "shown_instead" not in json.loads(run("704.5a", "--lang", "es", "--json").stdout)
