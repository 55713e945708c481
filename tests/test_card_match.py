"""How `mtgrules card NAME` finds its card, and says so (issue 23, item 1), on real MTGJSON data:
every printed name in every language finds its card exactly; a typo finds the closest name with
its edit distance; names in every language are searched as words; a name near no card's is
"nothing found" (exit 1) with the closest names suggested, never another card shown."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner
from conftest import corpus_file, ingested_home

from mtgrules.cli.main import cli
from mtgrules.lookup.card_names import edit_distance, match_card
from mtgrules.lookup.catalog import Catalog
from mtgrules.text import fold

pytestmark = pytest.mark.shared

KLD = "rulings/KLD.mtgjson-v5.json"


@pytest.fixture(scope="module")
def corpus_home(tmp_path_factory):
    return ingested_home(tmp_path_factory.mktemp("match"), [KLD])


def kld_names() -> dict[str, dict[str, str]]:
    """English name -> {lang: printed name} of every Kaladesh card."""
    codes = {"Spanish": "es", "French": "fr", "German": "de", "Italian": "it", "Portuguese (Brazil)": "pt"}
    data = json.loads(corpus_file(KLD).read_text(encoding="utf-8"))["data"]["cards"]
    names: dict[str, dict[str, str]] = {}
    for card in data:
        if "//" in card["name"] or card.get("faceName"):
            continue
        printed = names.setdefault(card["name"], {"en": card["name"]})
        for foreign in card.get("foreignData", []):
            if foreign.get("language") in codes and foreign.get("name"):
                printed[codes[foreign["language"]]] = foreign["name"]
    return names


def run(*args):
    return CliRunner().invoke(cli, ["card", *args])


def test_every_printed_name_finds_its_card_exactly_and_says_its_language(home):
    catalog = Catalog.load(None)
    names = kld_names()
    owners: dict[str, set[str]] = {}
    for card, printed in names.items():
        for name in printed.values():
            owners.setdefault(" ".join(fold(name).split()), set()).add(card)
    checked = 0
    for card, printed in names.items():
        for lang, name in printed.items():
            if len(owners[" ".join(fold(name).split())]) > 1:
                continue  # a printed name two cards share is ambiguous, and listed as such
            match = match_card(catalog, name)
            assert (match.kind, match.cards) == ("exact", [card]), (name, lang)
            assert fold(match.candidates[0].name) == fold(name)
            checked += 1
    assert checked > 1000


def test_a_spanish_name_is_said_to_be_spanish(home):
    result = run("Doma del relámpago", "--lang", "es")
    assert result.exit_code == 0
    assert result.output.splitlines()[:2] == ["Harnessed Lightning  (es: Doma del relámpago)", "  (Spanish name: Doma del relámpago)"]
    entry = json.loads(run("doma del relampago", "--json").output)
    assert entry["match"] == {"kind": "exact", "typed": "doma del relampago", "name": "Doma del relámpago", "lang": "es", "distance": None}


def test_one_typo_finds_the_closest_name_with_its_distance(home):
    """The family: every 25th Kaladesh card's names of eight letters or more, one letter changed."""
    catalog = Catalog.load(None)
    every_name = {" ".join(fold(n).split()) for printed in kld_names().values() for n in printed.values()}
    checked = 0
    for card, printed in list(kld_names().items())[::25]:
        for name in printed.values():
            folded = " ".join(fold(name).split())
            if len(folded) < 8:
                continue
            typo = folded[:4] + ("x" if folded[4] != "x" else "y") + folded[5:]
            if any(edit_distance(typo, other) <= 1 for other in every_name if other != folded):
                continue  # as near another name: not this test's case
            match = match_card(catalog, typo)
            assert (match.kind, match.cards, match.distance) == ("closest", [card], 1), (name, typo)
            checked += 1
    assert checked > 40


def test_a_name_near_no_card_is_nothing_found_with_suggestions(home):
    for typed in ("Lanza del relámpago", "Doma del rayo", "Relámpago de la tormenta eterna"):
        result = run(typed)
        assert result.exit_code == 1, (typed, result.output)
        assert "Harnessed Lightning" not in result.stdout  # no card shown
        assert f"no card named {typed!r} in the corpus" in result.output
    result = run("Lanza del relámpago")
    assert "Doma del relámpago  [es]  (Harnessed Lightning)" in result.output  # the nearest, suggested
    data = json.loads(run("Doma del rayo", "--json").stdout)
    assert data["match"]["kind"] == "none" and data["suggestions"]


def test_names_in_every_language_are_searched_as_words(home):
    wanted = sorted(card for card, printed in kld_names().items()
                    if any("eter" in re.findall(r"\w+", fold(name)) for name in printed.values()))
    assert len(wanted) > 6
    result = run("éter", "--json")
    assert result.exit_code == 1  # several cards: listed, none chosen
    data = json.loads(result.stdout)
    assert data["match"]["kind"] == "words" and data["total"] == len(wanted)
    assert data["candidates"] == wanted[:30]
    assert all("eter" in re.findall(r"\w+", fold(n["name"])) for n in data["names"])
    assert "Planta de éter central  [es]  (Aether Hub)" in result.output
    # letters inside a word are not the word: no "eternauta" for "eter"
    assert all(not fold(n["name"]).startswith("etern") for n in data["names"])


def complete(*words):
    from click.shell_completion import ShellComplete

    *args, incomplete = words
    return [item.value for item in ShellComplete(cli, {}, "mtgrules", "_MTGRULES_COMPLETE").get_completions(list(args), incomplete)]


def test_completion_keeps_what_was_typed_and_completes_in_the_language_typed(home):
    """Issue 23, item 9, on Kaladesh's names: accents as printed, the typed letters as typed."""
    assert complete("card", "armonia", "con", "el", "") == ["éter"]
    assert complete("card", "Armonía", "con", "el", "et") == ["eter"]
    assert complete("card", "éclairs", "") == ["maîtrisés"]
    assert complete("card", "Éclairs", "ma") == ["maîtrisés"]
    assert all(word.startswith("Élec") for word in complete("card", "Élec"))
