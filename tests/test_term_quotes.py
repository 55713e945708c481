"""`mtgrules term` finds what the rules name in quotes in any language (issue 23, item 6):
«regla de leyendas», « règle des légendes » and the “legend rule” are 704.5j's own names for
the term; and keyword names as printed on cards, in any inflection (vuela, vuelan → Flying)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from test_index import rule, sample_records, use_corpus

from mtgrules.cli.main import cli
from mtgrules.lookup.terms import quoted_phrases
from mtgrules.records import Record


def legend_records() -> list[Record]:
    return sample_records() + [
        rule("704.5j", "en", "If two or more legendary permanents with the same name are controlled by the same player, that player"
             " chooses one of them, and the rest are put into their owners’ graveyards. This is called the “legend rule.”"),
        rule("704.5j", "es", "Si el mismo jugador controla dos o más permanentes legendarios con el mismo nombre, ese jugador elige"
             " uno de ellos, y el resto van a los cementerios de sus propietarios. Esto se llama la «regla de leyendas»."),
        rule("704.5j", "fr", "Si un joueur contrôle plusieurs permanents légendaires ayant le même nom, il en choisit un et met"
             " les autres dans le cimetière de leur propriétaire. C'est ce qu'on appelle la « règle des légendes »."),
        Record(kind="glossary", lang="en", source="cr:10", title="Legend Rule", text="A state-based action. See rule 704.5j.",
               references=["704.5j"]),
        rule("702.9", "en", "", title="Flying"),
        rule("702.9a", "en", "Flying is an evasion ability."),
    ]


@pytest.fixture(autouse=True)
def sample(monkeypatch):
    use_corpus(monkeypatch, legend_records())


def lookup(*args):
    result = CliRunner().invoke(cli, ["term", *args, "--json"])
    assert result.exit_code == 0, result.output
    return [json.loads(line) for line in result.stdout.splitlines()]


def test_quoted_phrases_in_every_quoting_style():
    assert quoted_phrases("la «regla de leyendas». Y “legend rule.” o « règle des légendes », 「传奇规则」") == [
        "regla de leyendas", "legend rule", "règle des légendes", "传奇规则"]


@pytest.mark.parametrize("typed", ["regla de leyendas", "«regla de leyendas»", "Regla de Leyendas", "règle des légendes",
                                   "« règle des légendes »", "regle des legendes"])
def test_a_rule_named_in_quotes_in_any_language_is_the_term(typed):
    [entry] = lookup(typed)
    assert entry["term"].casefold() == "legend rule" and entry["defining_rule"] == "704.5j"  # what the English text quotes
    names = {lang: [name["name"] for name in names] for lang, names in entry["name_sources"].items()}
    assert "regla de leyendas" in names.get("es", []) or "règle des légendes" in names.get("fr", [])
    quoted = [source for names in entry["name_sources"].values() for name in names for source in name["sources"]
              if source["kind"] == "quoted in a rule"]
    assert quoted and all("704.5j" in source["where"] for source in quoted)


def test_a_quoted_phrase_that_is_only_part_of_a_text_is_no_term():
    result = CliRunner().invoke(cli, ["term", "regla de"])
    assert result.exit_code == 1


@pytest.mark.shared
def test_on_the_real_rules_the_quoted_name_joins_the_glossary_entry(monkeypatch, tmp_path):
    """The seeds' Spanish 704.5 page quotes the «regla de leyendas»; with the 2026 rules ingested
    the term is the glossary's Legend Rule, with the Spanish name beside the English."""
    from conftest import ingested_home

    monkeypatch.undo()  # the real store, not the sample
    monkeypatch.setenv("MTGRULES_HOME", str(ingested_home(tmp_path / "home", ["cr/en-20260807.txt"])))
    monkeypatch.setenv("MTGRULES_LANG", "en")
    [entry] = lookup("regla de leyendas")
    assert entry["term"] == "Legend Rule" and entry["defining_rule"] == "704.5j"
    assert [name["name"] for name in entry["name_sources"]["es"]] == ["regla de leyendas"]


@pytest.mark.shared
@pytest.mark.parametrize("typed", ["vuela", "vuelan", "vuelen", "Vuela", "vol", "vols"])
def test_a_keyword_as_printed_on_cards_in_any_inflection_is_the_keyword(typed):
    """The committed lexicon pairs "vuela" and "vol" with flying (Kaladesh's cards); other
    inflections reach it by their stems."""
    [entry] = lookup(typed)
    assert entry["term"] == "Flying"
