"""`mtgrules term` as a dictionary, on the real data: definitions, the defining rule, the names
in each language with where each came from and how sure it is.

One store per module: the 2026-08-07 English edition, the keyword table and the seeds (whose
Spanish 704.5 is titled "Acciones basadas en estado" while the English 704.5 has no title).
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from conftest import corpus_file, ingested_home

from mtgrules.cli.main import cli
from mtgrules.lookup.catalog import Catalog
from mtgrules.lookup.terms import Dictionary, Match, glossary_forms
from mtgrules.store import Store

pytestmark = pytest.mark.shared


@pytest.fixture(scope="module")
def corpus_home(tmp_path_factory):
    return ingested_home(tmp_path_factory.mktemp("dictionary"), ["cr/en-20260807.txt", "cr/keywords_en_es_fr.tsv"])


def term(*args):
    result = CliRunner().invoke(cli, ["term", *args, "--json"])
    assert result.exit_code == 0, result.output
    return [json.loads(line) for line in result.stdout.splitlines()]


def test_every_glossary_entry_of_several_words_is_found_with_its_definition(home):
    """The family of `term "lethal damage"`: every name of every English glossary entry, typed
    in lower case, finds the entry, defined by its glossary text."""
    catalog = Catalog.load(corpus=Store(home / "corpus.sqlite3"))
    dictionary = Dictionary(catalog)
    titles = [title for lang, title, _ in catalog.corpus.glossary_titles(catalog.edition) if lang == "en"]
    forms = [form for title in titles for form in glossary_forms(title) if " " in form]
    assert len(forms) > 300
    for form in forms:
        found = dictionary.find(form.lower())
        assert found.entries, form
        names = {name.folded for entry in found.entries for name in entry.names}
        assert " ".join(form.lower().split()) in {n.lower() for n in names} or any(
            form.lower() in n for n in names), form
        assert any(entry.glossary.get("en") for entry in found.entries), form


def test_a_name_is_found_whole_whatever_its_punctuation(home):
    """The family of `term "state based actions"`: every glossary name written with hyphens as
    spaces, in quotes, or with a final period, names its entry exactly."""
    catalog = Catalog.load(corpus=Store(home / "corpus.sqlite3"))
    dictionary = Dictionary(catalog)
    titles = [title for lang, title, _ in catalog.corpus.glossary_titles(catalog.edition) if lang == "en"]
    hyphenated = [form for title in titles for form in glossary_forms(title) if "-" in form]
    assert len(hyphenated) >= 20
    for form in hyphenated:
        for typed in (form.replace("-", " "), f"“{form}”", f"{form}."):
            found = dictionary.find(typed)
            assert found.match == Match.EXACT and any(
                form.lower() in {name.name.lower() for name in entry.names} for entry in found.entries), (typed, found)


def test_a_conjugated_or_singular_translated_title_is_found_by_its_stems(home):
    [entry] = term("acción basada en estado")
    # The core-terms table (issue 21) pairs the singular with the English term outright.
    assert entry["term"] == "State-Based Actions" and entry["match"] in ("stem", "translated")


def test_lethal_damage_gives_its_glossary_definition_and_rules(home):
    [entry] = term("lethal damage")
    assert entry["term"] == "Lethal Damage"
    [definition] = entry["definitions"]
    assert (definition["lang"], definition["from"]) == ("en", "glossary")
    assert "toughness" in definition["text"]
    assert [rule["number"] for rule in entry["rules"]] == ["120.4a", "120.6", "510.1", "704.5g"]


def test_conniver_gives_a_definition_the_defining_rule_and_sourced_names(home):
    [entry] = term("conniver", "--lang", "es,fr")
    assert entry["term"] == "Connive" and entry["defining_rule"] == "701.50"
    assert "+1/+1 counter" in entry["definitions"][0]["text"]
    assert entry["missing_definitions"] == ["es", "fr"]
    [french] = entry["name_sources"]["fr"]
    assert french["name"] == "conniver" and french["certain"]  # a row of the keyword table checked by hand
    assert {source["kind"] for source in french["sources"]} == {"keyword table"}


def test_a_translated_title_of_an_untitled_rule_finds_its_term_and_is_not_certain(home):
    """The Spanish 704.5 is titled, the English 704.5 is not: the Spanish title is paired with
    "State-Based Actions" (704) through the lexicon, and says so."""
    [entry] = term("acciones basadas en estado")
    assert entry["term"] == "State-Based Actions"
    assert entry["defining_rule"] == "704"
    [spanish] = entry["name_sources"]["es"]
    assert not spanish["certain"] and 0 < spanish["confidence"] < 1
    assert "lexicon" in spanish["sources"][0]["where"]


def test_a_word_found_by_translation_says_it_was_translated(home):
    [entry] = term("daño letal")
    assert entry["term"] == "Lethal Damage" and entry["match"] == "translated"
    assert entry["translation"].startswith("daño letal → ")


def test_names_learned_from_data_are_never_certain(home):
    """Every keyword-table row derived from card data (not checked by hand) gives names with a
    confidence under 1, never "certain"; readable output says "learned"."""
    path = corpus_file("cr/keywords_en_es_fr.tsv")
    derived = [line.split("\t") for line in path.read_text(encoding="utf-8").splitlines()[1:] if "\tderived:" in line]
    assert len(derived) > 50
    for english, *_ in derived[:20]:
        [entry] = [e for e in term(english) if e["term"] == english]
        for lang in ("es", "fr"):
            for name in entry["name_sources"].get(lang, []):
                assert not name["certain"] and name["confidence"] < 1, (english, name)
    output = CliRunner().invoke(cli, ["term", "scry"]).output
    assert "Adivina  [learned, 0." in output


def test_an_unknown_language_code_is_one_line_and_exit_2(home):
    result = CliRunner().invoke(cli, ["term", "connive", "--lang", "xx"])
    assert result.exit_code == 2
    assert len(result.output.strip().splitlines()) == 1 and "xx" in result.output
