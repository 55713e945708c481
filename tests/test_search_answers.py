"""What `mtgrules search --json` answers, held fixed on a small real corpus (the 2026-08-07
Comprehensive Rules, Kaladesh, two MTGJSON excerpts, the keyword table and the seeds): the hits,
their order, scores, keys, languages, editions, translations, "also in", cards, partial marks
and suggestions, and a digest of each snippet and title (no rules or rulings text is kept
here), for a wide set of queries: words, phrases, `card:`, `number:`, `lang:`, `kind:`, fuzzy,
prefix, operators, translated, partial, nothing found, and the command's options.

Making a search cheaper must not change what it answers: the expected answers in
search_answers.json were written by the code before the search was made cheaper (issue 13).
A change meant to change answers writes them again:
`MTGRULES_WRITE_ANSWERS=1 python -m pytest tests/test_search_answers.py`, and the diff of
search_answers.json shows what changed.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import CORPUS_DATA, REAL_CORPUS, ingested_home

from mtgrules.cli.main import cli

pytestmark = pytest.mark.shared

ANSWERS = Path(__file__).with_name("search_answers.json")

QUERIES = [
    "energía", "energia", "énergie", "energy", "energy counter", "daño letal", "toque mortal", "deathtouch", "lethal damage",
    '"lethal damage"', '"lethal damage"~3', "marqueurs poison", "contadores de veneno", "poison counters", "confabular",
    "connive", "conspirer", "criaturas resistencia", "créature", "indestructible", "robar una carta", "draw a card",
    "electrozoa", "card:electrozoa", 'card:"aether hub"', "card:électrozoaire", 'card:"aether hub" energy', "number:704.5*",
    "number:701.50", "lang:fr énergie", "kind:ruling energy", "kind:glossary damage", "electrozoo~", "energia~2", "confab*",
    "ener*", "xyzzyq", "energyy", "dañoo letall", "energía zzzplugh", "energy AND NOT counter", "(poison OR energy) counter",
    '"state-based actions"', "acciones basadas en estado", "maná", "the", "transform", "sacrifier", "exiliar", "aether",
    "704", "prevent damage", "electrozoo~ energy", "phyrexian", "planeswalker loyalty", "counter* energy", "生物",
]
OPTIONS = [["--lang", "es"], ["--lang", "en"], ["--lang", "fr,es"], ["--kind", "rule"], ["--kind", "ruling", "--kind", "glossary"],
           ["--limit", "3"], ["--no-translate"]]
WITH_OPTIONS = ["energía", "daño letal", "energy", "card:electrozoa", "marqueurs poison", "energía zzzplugh"]


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def answer(arguments: list[str]) -> dict:
    """One search's answer, its texts (and long lists of cards) as digests."""
    result = CliRunner().invoke(cli, ["search", *arguments, "--json"])
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    for line in lines:
        if "source" in line:  # where the corpus is on this machine left out
            line["source"] = line["source"].removeprefix(f"{CORPUS_DATA}{os.sep}")
        if len(line.get("cards", [])) > 2:  # a ruling on many cards: its first two and a digest of all
            line["cards"] = [*line["cards"][:2], digest(json.dumps(line["cards"]))]
        for name in ("snippet", "title"):
            if name in line:
                line[name] = digest(line[name])
    return {"exit": result.exit_code, "lines": lines, "stderr": digest(result.stderr)}


def answers() -> dict[str, dict]:
    cases = [[query] for query in QUERIES] + [[query, *option] for query in WITH_OPTIONS for option in OPTIONS]
    cases += [["energía", "--limit", "25"], ["daño letal", "--limit", "25", "--lang", "es,en"]]
    return {" ".join(case): answer(case) for case in cases}


def write(found: dict[str, dict]) -> None:
    """One query a line, so that a diff shows the queries whose answers changed."""
    lines = [f"{json.dumps(query, ensure_ascii=False)}: {json.dumps(answered, ensure_ascii=False, separators=(',', ':'))}"
             for query, answered in found.items()]
    ANSWERS.write_text("{\n" + ",\n".join(lines) + "\n}\n", encoding="utf-8")


@pytest.fixture(scope="module")
def corpus_home(tmp_path_factory):
    return ingested_home(tmp_path_factory.mktemp("answers-home"), REAL_CORPUS)


def test_search_answers_as_before(home):
    found = answers()
    if os.environ.get("MTGRULES_WRITE_ANSWERS"):
        write(found)
    expected = json.loads(ANSWERS.read_text(encoding="utf-8"))
    assert sorted(found) == sorted(expected), "the same queries"
    for query, answered in expected.items():
        assert found[query] == answered, f"mtgrules search {query} --json answers otherwise"
    assert sum(bool(a["lines"]) for a in found.values()) > 0.8 * len(found), "most queries find something"
