"""One index entry per distinct content (`mtgrules.index.entries`): an English rule standing in
two editions is indexed once and shown in each view under that view's edition and number; a
ruling on 47 Kaladesh cards is indexed once, found by each card's name, and shown once as
shared. On the real 2024 and 2026 editions and Kaladesh's MTGJSON file."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from conftest import ingested_home

from mtgrules.cli.main import cli
from mtgrules.index.query import Index
from mtgrules.store import Store

pytestmark = pytest.mark.shared

ENERGY = "You can't pay more energy counters than you have."


@pytest.fixture(scope="module")
def corpus_home(tmp_path_factory):
    return ingested_home(tmp_path_factory.mktemp("entries"), ["cr/en-20240607.txt", "cr/en-20260807.txt", "rulings/KLD.mtgjson-v5.json"])


def entries() -> list[dict]:
    """What every entry of the search tables of the current corpus shows."""
    with Index.current() as index:
        return [json.loads(stored) for (stored,) in index.db.execute("SELECT stored FROM search_entries")]


def search(*args) -> list[dict]:
    result = CliRunner().invoke(cli, ["search", *args, "--json", "--limit", "100"])
    assert result.exit_code in (0, 1), result.output
    return [json.loads(line) for line in result.stdout.splitlines()]


def test_an_english_text_of_two_editions_is_one_entry(home):
    english = [e for e in entries() if e["kind"] == "rule" and e["lang"] == "en"]
    entry_of = {}  # (edition, number) -> the entry showing that edition's rule
    for position, entry in enumerate(english):
        for edition, (number, _) in (entry.get("shown") or {entry["edition"]: (entry["number"], "")}).items():
            assert (edition, number) not in entry_of, f"rule {number} of {edition} indexed twice"
            entry_of[(edition, number)] = position
    corpus = Store()
    records = {(r.edition, r.number): (r.title, r.text, r.examples) for r in corpus.records(kinds=["rule"], langs=["en"])}
    assert set(entry_of) == set(records), "every rule of every edition has an entry"
    numbers: dict[str, dict[str, str]] = {}
    for edition, number, identity in corpus.all_identities():
        numbers.setdefault(identity, {})[edition] = number
    same = [(by["2024-06-07"], by["2026-08-07"]) for by in numbers.values() if len(by) == 2
            and ("2024-06-07", by["2024-06-07"]) in records
            and records[("2024-06-07", by["2024-06-07"])] == records.get(("2026-08-07", by["2026-08-07"]))]
    assert len(same) > 1000
    for old, new in same:
        assert entry_of[("2024-06-07", old)] == entry_of[("2026-08-07", new)], f"{old} (2024) and {new} (2026) are one text"
    assert len(english) < len(records) - 1000


def renumbered(corpus: Store) -> tuple[str, str, str]:
    """(text, its 2024 number, its 2026 number) of a rule renumbered with its text unchanged."""
    numbers: dict[str, dict[str, str]] = {}
    for edition, number, identity in corpus.all_identities():
        numbers.setdefault(identity, {})[edition] = number
    texts = {(r.edition, r.number): r.text for r in corpus.records(kinds=["rule"], langs=["en"])}
    for by_edition in numbers.values():
        old, new = by_edition.get("2024-06-07"), by_edition.get("2026-08-07")
        if old and new and old != new and texts.get(("2024-06-07", old)) == texts.get(("2026-08-07", new)) and len(texts[("2024-06-07", old)]) > 60:
            return texts[("2024-06-07", old)], old, new
    raise AssertionError("no rule renumbered between 2024 and 2026 with the same text")


def test_a_renumbered_rule_is_one_entry_shown_under_each_views_number(home):
    corpus = Store()
    text, old, new = renumbered(corpus)
    [entry] = [e for e in entries() if e["kind"] == "rule" and e["lang"] == "en" and e["body"].startswith(text)]
    assert {edition: shown[0] for edition, shown in entry["shown"].items()} == {"2024-06-07": old, "2026-08-07": new}
    phrase = f'"{" ".join(text.split()[:12])}"'
    for edition, number in (("2024-06-07", old), ("2026-08-07", new)):
        [hit] = [h for h in search(phrase, "--lang", "en", "--kind", "rule", "--edition", edition) if h["number"] == number]
        [record] = corpus.records(kinds=["rule"], langs=["en"], edition=edition, numbers=[number])
        assert (hit["edition"], hit["key"], hit["source"]) == (edition, ["rule", number], record.source)
    assert [h["number"] for h in search(phrase, "--lang", "en", "--kind", "rule")].count(new) == 1, "shown once in a view"
    assert new in [h["number"] for h in search(f"number:{new}", "--kind", "rule", "--lang", "en")]


def test_a_ruling_on_many_cards_is_one_entry_found_by_each_cards_name(home):
    [entry] = [e for e in entries() if e["kind"] == "ruling" and e["body"] == ENERGY]
    cards = entry["cards"]
    assert len(cards) == 47 and {"Aether Hub", "Harnessed Lightning"} <= set(cards)
    for card in ("Aether Hub", "Harnessed Lightning", cards[-1]):
        hits = [h for h in search(f'card:"{card}"', "energy", "counters", "pay") if h["kind"] == "ruling" and h["snippet"].replace("**", "") == ENERGY]
        assert len(hits) == 1 and set(hits[0]["cards"]) == set(cards), card
        assert hits[0]["card"] == hits[0]["cards"][0] == card, "shown first under the card searched for"
    [hit] = [h for h in search('card:"Planta de éter central"', "--kind", "ruling") if h["snippet"].replace("**", "") == ENERGY]
    assert hit["card"] == "Aether Hub", "any printed name of the card"


def test_a_shared_ruling_is_shown_once_naming_its_cards(home):
    result = CliRunner().invoke(cli, ["search", '"pay more energy counters than you have"', "--lang", "en"])
    assert result.exit_code == 0, result.output
    heads = [line for line in result.output.splitlines() if line[:1].isdigit()]
    assert len(heads) == 1 and "and 45 other cards" in heads[0], result.output
    named = CliRunner().invoke(cli, ["search", 'card:"harnessed lightning"', '"pay more energy counters"'])
    assert "ruling Harnessed Lightning, " in named.output, named.output
