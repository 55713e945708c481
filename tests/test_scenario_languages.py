"""Scenario files in Spanish and French (issue 23, item 3): keyword names as cards print them
("toque mortal", "arrolla", "piétinement") and action names as a judge writes them ("atacar",
"bloquer") are read as the English ones, so the same board is judged the same."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from conftest import REPO

from mtgrules.cli.main import cli
from mtgrules.engine.state import KEYWORDS
from mtgrules.study.actions import ACTIONS
from mtgrules.study.messages import ACTION_NAMES, GAME_WORDS, english_action, english_keyword, game_word

EXAMPLE = REPO / "examples" / "combat-trample-deathtouch.toml"

TRANSLATIONS = {
    "es": {'"trample", "deathtouch"': '"Arrolla", "toque mortal"', 'do = "attack"': 'do = "atacar"',
           'do = "block"': 'do = "bloquear"', 'do = "combat_damage"': 'do = "daño de combate"'},
    "fr": {'"trample", "deathtouch"': '"piétinement", "Contact mortel"', 'do = "attack"': 'do = "attaquer"',
           'do = "block"': 'do = "bloquer"', 'do = "combat_damage"': 'do = "blessures de combat"'},
}


def judged(path) -> list[dict]:
    result = CliRunner().invoke(cli, ["judge", str(path), "--json", "--lang", "en"])
    assert result.exit_code == 0, result.output
    return [json.loads(line) for line in result.stdout.splitlines()]


@pytest.mark.parametrize("lang", sorted(TRANSLATIONS))
def test_a_scenario_written_in_spanish_or_french_is_judged_as_in_english(lang, tmp_path):
    text = EXAMPLE.read_text(encoding="utf-8")
    for english, translated in TRANSLATIONS[lang].items():
        assert english in text
        text = text.replace(english, translated)
    translated_file = tmp_path / f"{lang}.toml"
    translated_file.write_text(text, encoding="utf-8")
    assert judged(translated_file) == judged(EXAMPLE)
    check = CliRunner().invoke(cli, ["judge", "--check", str(translated_file)])
    assert check.exit_code == 0, check.output  # its [expect] holds too


def test_every_keyword_the_engine_models_has_its_printed_names():
    """The family: each Spanish and French printed name of each keyword reads as the keyword."""
    for lang in ("es", "fr"):
        for english in GAME_WORDS["keyword"]:
            printed = game_word("keyword", english, lang)
            assert printed != english or english in ("indestructible", "menace", "vigilance"), (lang, english)
            if english in KEYWORDS:
                assert english_keyword(printed) == english and english_keyword(printed.upper()) == english
    assert english_keyword("volar") == "flying" and english_keyword("toque  mortal") == "deathtouch"
    assert english_keyword("mortal") is None


def test_every_action_has_a_spanish_and_a_french_name():
    for lang in ("es", "fr"):
        assert set(ACTION_NAMES[lang].values()) == set(ACTIONS), lang
    assert english_action("Hacer daño") == "damage" and english_action("détruire") == "destroy"
    assert english_action("Poner en el campo de batalla") == "put_onto_battlefield"


def test_an_unknown_keyword_in_any_language_is_still_refused(tmp_path):
    text = EXAMPLE.read_text(encoding="utf-8").replace('"trample", "deathtouch"', '"toque letal"')
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(cli, ["judge", str(path)])
    assert result.exit_code == 2 and "is not a keyword the engine models" in result.output
