"""`mtgrules card NAME`."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from test_index import ruling, sample_records, use_corpus

from mtgrules.cli.main import cli
from mtgrules.engine import registry
from mtgrules.records import Record


@pytest.fixture(autouse=True)
def sample(monkeypatch):
    use_corpus(monkeypatch, sample_records())
    monkeypatch.setattr(registry, "tests_for_ruling", lambda card, digest: [])


def run(*args):
    return CliRunner().invoke(cli, ["card", *args])


@pytest.mark.parametrize(
    "name, card",
    [
        ("Electrozoa", "Electrozoa"),
        ("électrozoaire", "Electrozoa"),
        ("electrozoo", "Electrozoa"),
        ("En las garras del sueño", "Kitnap"),
        ("Sieste du jeune raton", "Kitnap"),
        ("planta de eter central", "Aether Hub"),
    ],
)
def test_a_card_is_found_by_any_of_its_names_and_typos_are_forgiven(name, card):
    result = run(name, "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["card"] == card


def test_the_header_names_only_the_names_that_differ_from_the_english():
    """Electrozoa is printed "Electrozoa" in Spanish: "(es: Electrozoa)" would say nothing."""
    assert run("Electrozoa", "--lang", "es").output.splitlines()[0] == "Electrozoa"
    assert run("Electrozoa", "--lang", "es,fr").output.splitlines()[0] == "Electrozoa  (fr: Électrozoaire)"


def test_rulings_show_dates_and_the_english_original_beside_the_translation():
    result = run("Kitnap", "--lang", "fr")
    lines = [line.strip() for line in result.output.splitlines()]
    assert lines[0].startswith("Kitnap")
    assert "1. 2024-07-26" in lines
    at = lines.index("fr  Les blessures du cadeau promis ne comptent pas.")
    assert lines[at + 1] == "en  Promised gifts are given later."


def test_a_ruling_shared_by_several_cards_says_so():
    entry = json.loads(run("Aether Hub", "--json").output)
    assert entry["rulings"][0]["cards_with_same_ruling"] == 2
    assert "[same ruling on 2 cards]" in run("Aether Hub").output


def test_rulings_an_engine_test_enforces_are_marked(monkeypatch):
    from mtgrules.lookup import engine_links

    links = engine_links.EngineLinks({"tests_available": True, "rules": {}, "rulings": {
        "Electrozoa\ne1": {"implemented": [], "tests": ["tests/test_energy.py::test_symbol"]},
    }})
    monkeypatch.setattr(engine_links, "load", lambda: links)
    assert "test" not in run("Electrozoa").output  # developer links only when asked
    output = run("Electrozoa", "--links").output
    assert output.count("[enforced by an engine test]") == 1
    assert "tested by tests/test_energy.py::test_symbol" in output
    assert json.loads(run("Electrozoa", "--json").output)["rulings"][0]["tests"] == ["tests/test_energy.py::test_symbol"]


def test_rulings_are_grouped_by_their_english_counterpart():
    rulings = json.loads(run("Electrozoa", "--json").output)["rulings"]
    assert [r["en_position"] for r in rulings] == [1, 2]
    assert set(rulings[0]["texts"]) == {"en", "es"}


def test_an_ambiguous_name_lists_the_candidates_and_exits_1(monkeypatch):
    records = sample_records()
    records.append(Record(kind="card", lang="en", source="x:1", card="Electrozoa Prime"))
    use_corpus(monkeypatch, records)
    result = run("electroz")
    assert result.exit_code == 1
    assert result.output.splitlines() == ["mtgrules: 2 cards match 'electroz':", "  Electrozoa  [en]", "  Electrozoa Prime  [en]"]


def test_sharp_s_and_ss_are_the_same_letters_in_a_name(monkeypatch):
    """Names are compared case-folded, not lower-cased: German names write ß where a person
    types ss (and the start of a long name is too far from it for typo tolerance to help)."""
    records = sample_records()
    records.append(Record(kind="card", lang="en", source="kld:2", card="Spontaneous Artist", names={"de": "Spontane Straßenkünstlerin"}))
    use_corpus(monkeypatch, records)
    result = run("spontane strass", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["card"] == "Spontaneous Artist"


def test_an_unknown_card_exits_1():
    result = run("Black Lotus")
    assert result.exit_code == 1
    assert "no card named 'Black Lotus'" in result.output


def test_a_card_given_by_two_documents_shows_the_names_of_both(monkeypatch):
    use_corpus(monkeypatch, [
        Record(kind="card", lang="en", source="set.json:card 1", card="Abiding Grace", names={"en": "Abiding Grace", "de": "Bleibende Gnade"}),
        Record(kind="card", lang="en", source="names.tsv:2", card="Abiding Grace", names={"en": "Abiding Grace", "es": "Gracia duradera"}),
    ])
    assert json.loads(run("Gracia duradera", "--json").output)["names"] == {"en": "Abiding Grace", "de": "Bleibende Gnade", "es": "Gracia duradera"}


def complete(*words):
    from click.shell_completion import ShellComplete

    *args, incomplete = words
    return [item.value for item in ShellComplete(cli, {}, "mtgrules", "_MTGRULES_COMPLETE").get_completions(list(args), incomplete)]


def test_shell_completion_gives_the_next_word_of_names_in_any_language():
    assert "electrozoa" in complete("card", "elec")
    assert "Électrozoaire" in complete("card", "Élec")  # as printed, what was typed kept
    assert "electrozoaire" in complete("card", "elec")
    assert complete("card", "planta", "de", "") == ["éter"]  # accents kept
    assert complete("card", "planta", "de", "é") == ["éter"]
    assert complete("card", "planta", "de", "ete") == ["eter"]  # what was typed, as typed
    assert complete("card", "Sieste", "du", "") == ["jeune"]
    assert complete("card", "zzz") == []


def test_a_ruling_with_no_english_original_is_shown_in_its_own_language(monkeypatch):
    """The seeds hold Electrozoa's rulings in Spanish alone: an English reader was told "no
    rulings in the corpus". A ruling in none of the languages shown and without its English
    original is shown in the languages it has, with one line saying so."""
    monkeypatch.setenv("MTGRULES_LANG", "en")
    use_corpus(monkeypatch, [*sample_records(), ruling("Aether Hub", "es", 2, "h2", "Puedes pagar {E} en vez de maná.")])
    lines = [line.strip() for line in run("Aether Hub").output.splitlines()]
    assert "es  Puedes pagar {E} en vez de maná." in lines and "en  {E} stands for one energy counter." in lines
    assert "(no English original of 1 of the 2 rulings in the corpus: shown in es)" in lines
    assert "no rulings in the corpus" not in lines
    entry = json.loads(run("Aether Hub", "--lang", "fr", "--json").output)
    assert [r["texts"] for r in entry["rulings"]][1] == {"es": "Puedes pagar {E} en vez de maná."}
    assert (entry["other_language_rulings"], entry["other_ruling_langs"]) == (1, ["es"])
    # Shown in a language asked, it is no ruling of another language.
    assert json.loads(run("Aether Hub", "--lang", "es", "--json").output)["other_language_rulings"] == 0
