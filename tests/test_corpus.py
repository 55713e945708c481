"""The committed seed corpus: fresh, keyed, and free of English rules and rulings text."""

import json
import re

from conftest import CORPUS_DATA, REPO, corpus_file

from mtgrules.align import linking
from mtgrules.corpus import generate
from mtgrules.parsers import comprehensive_rules, mtgjson


def committed():
    return [json.loads(line) for line in (REPO / "corpus" / "seeds.jsonl").read_text(encoding="utf-8").splitlines()]


def test_corpus_is_not_stale():
    corpus_file("cr/en-20260807.txt")
    records, manifest = generate.generate(CORPUS_DATA)
    assert records == (REPO / "corpus" / "seeds.jsonl").read_text(encoding="utf-8"), (
        "corpus/seeds.jsonl is stale: run `python -m mtgrules.corpus.generate`"
    )
    assert manifest == (REPO / "corpus" / "seeds-manifest.json").read_text(encoding="utf-8")


def test_corpus_holds_no_english_rules_or_rulings_text():
    english_rules = comprehensive_rules.parse_file(corpus_file("cr/en-20260807.txt")).rules()
    english_sentences = {r.text for r in english_rules if len(r.text.split()) > 3}
    for name in ("BLB-kitnap.mtgjson-excerpt.json", "MH3-electrozoa.mtgjson-excerpt.json"):
        english_sentences |= {r.text for r in mtgjson.parse(corpus_file(f"rulings/{name}").read_bytes(), name) if r.kind == "ruling"}
    text = (REPO / "corpus" / "seeds.jsonl").read_text(encoding="utf-8")
    assert not [s for s in english_sentences if s in text]
    assert not any("en_text" in r for r in committed())
    one_word_titles = {r["en_title"] for r in committed() if r.get("en_title")}
    assert one_word_titles == {"Connive", "Convert"}


def test_seed_records_are_keyed_and_aligned():
    records = committed()
    rules = {r["number"] for r in records if r["kind"] == "rule"}
    assert {"701.28b", "701.28f", "701.50a", "701.50e", "704.5a", "704.5aa"} <= rules
    assert not {"701.28a", "701.50f"} & rules
    rulings = [r for r in records if r["kind"] == "ruling"]
    assert {r["card"] for r in rulings} == {"Kitnap", "Electrozoa"}
    assert all(r["aligned"] and r["en_digest"] and re.fullmatch(r"\d{4}-\d\d-\d\d", r["date"]) for r in rulings)


def test_embedded_corpus_is_searchable_with_no_setup():
    records = linking.all_records()
    assert len(records) == len(committed())
    assert {r.lang for r in records} == {"es", "fr"}
