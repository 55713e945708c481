"""`mtgrules parse` and `mtgrules ingest` through the command line."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import SEEDS, corpus_file

from mtgrules import store
from mtgrules.align import linking
from mtgrules.cli.main import cli


def seed(prefix):
    return str(next(SEEDS.glob(f"{prefix}_*.txt")))


def run(*args):
    return CliRunner().invoke(cli, list(args))


def json_lines(output):
    return [json.loads(line) for line in output.splitlines() if line.startswith("{")]


def test_parse_json_aligns_a_page_against_english_given_in_the_same_call():
    result = run("parse", seed("003"), str(corpus_file("cr/en-20260807.txt")), "--json")
    assert result.exit_code == 0, result.output
    page = [r for r in json_lines(result.stdout) if r["lang"] == "es" and r["kind"] == "rule"]
    assert [r["number"] for r in page] == ["701.28", "701.28b", "701.28c", "701.28d", "701.28e", "701.28f"]
    assert all({"kind", "lang", "number", "title", "text", "confidence", "source", "edition"} <= set(r) for r in page)
    assert "lacks English subrules 701.28a" in result.stderr


def test_parse_rulings_show_english_text_once_mtgjson_is_ingested():
    assert run("ingest", str(corpus_file("rulings/MH3-electrozoa.mtgjson-excerpt.json"))).exit_code == 0
    result = run("parse", seed("004"), "--json")
    rulings = json_lines(result.stdout)
    assert result.exit_code == 0
    first = rulings[0]
    assert (first["kind"], first["card"], first["date"], first["lang"]) == ("ruling", "Electrozoa", "2024-06-07", "es")
    assert first["en_text"].startswith("{E} is the energy symbol")
    assert first["confidence"] > 0.5
    assert rulings[5]["untranslated"] and rulings[5]["untranslated"][0] in rulings[5]["en_text"]


def test_parse_without_english_data_marks_records_unaligned():
    result = run("parse", seed("000"), "--json")
    records = json_lines(result.stdout)
    assert result.exit_code == 0
    assert not any(r["aligned"] for r in records)
    assert "numbered provisionally" in result.stderr


def test_ingest_then_reingest_replaces_the_documents_records(isolated_home, tmp_path):
    english = tmp_path / "en.txt"
    english.write_bytes(corpus_file("cr/en-20260807.txt").read_bytes())
    assert run("ingest", str(english)).exit_code == 0
    assert store.Store().count(kinds=["rule"], langs=["en"]) == 3162
    english.write_bytes(english.read_bytes().replace(b"Connive", b"Conspire", 1))
    assert run("ingest", str(english)).exit_code == 0
    assert store.Store().count(kinds=["rule"], langs=["en"]) == 3162


def test_an_identical_reingest_changes_nothing():
    page = seed("003")
    assert run("ingest", page).exit_code == 0
    generation = store.Store().generation()
    result = run("ingest", page)
    assert result.exit_code == 0 and ": unchanged, 6 records (rule page)" in result.stdout
    assert store.Store().generation() == generation, "an identical re-ingest must not rebuild the index"
    assert run("ingest", page, "--lang", "fr").exit_code == 0
    assert store.Store().generation() == generation + 1, "another language is another ingest"


def test_ingesting_a_seed_replaces_its_embedded_copy():
    before = [r for r in linking.all_records() if r.source.startswith("seeds/004")]
    assert len(before) == 9
    assert run("ingest", seed("004")).exit_code == 0
    rulings = [r for r in linking.all_records() if r.kind == "ruling" and r.card == "Electrozoa"]
    assert len(rulings) == 9, "the embedded records of the same document must not be duplicated"


@pytest.mark.parametrize(
    "content,message",
    [
        (b"", "the file is empty"),
        (b"\x00\x01\x02binary\x00", "binary data"),
        (b"just some words\nthat are not a rules document\n", "unrecognised document"),
        (b'{"data": {"cards": 3}, "meta": {}}', "not an MTGJSON set file"),
    ],
)
def test_bad_input_is_one_line_exit_2_and_nothing_is_ingested(tmp_path, isolated_home, content, message):
    bad = tmp_path / "bad.txt"
    bad.write_bytes(content)
    result = run("ingest", seed("000"), str(bad))
    assert result.exit_code == 2
    assert message in result.stderr and str(bad) in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert store.Store().count() == len(store.embedded_records()), "a failing call must store nothing"


def test_missing_file_is_bad_usage():
    result = run("parse", "/nonexistent/page.txt")
    assert result.exit_code == 2


def test_cli_runs_as_a_module_in_a_real_process(tmp_path):
    env_home = tmp_path / "home"
    result = subprocess.run(
        [sys.executable, "-m", "mtgrules", "parse", seed("002"), "--json"],
        capture_output=True, text=True, env={"MTGRULES_HOME": str(env_home), "PATH": ""},
    )
    assert result.returncode == 0, result.stderr
    assert len(json_lines(result.stdout)) == 8


def test_pages_ingested_before_english_are_aligned_when_it_arrives(tmp_path):
    page = tmp_path / "convertir.txt"
    page.write_bytes(next(SEEDS.glob("003_*.txt")).read_bytes().replace(b"Convertir", b"Convertir ", 1))
    assert run("ingest", str(page)).exit_code == 0

    def of_page():
        return [r for r in store.Store().records(kinds=["rule"]) if r.source.startswith(str(page))]

    provisional = of_page()
    assert [r.number for r in provisional][:2] == ["701.28", "701.28a"] and not any(r.aligned for r in provisional)
    result = run("ingest", str(corpus_file("cr/en-20260807.txt")))
    assert result.exit_code == 0 and "(aligned again)" in result.stdout
    assert [r.number for r in of_page()] == ["701.28", "701.28b", "701.28c", "701.28d", "701.28e", "701.28f"]


def test_an_interrupted_store_write_leaves_the_previous_corpus():
    assert run("ingest", seed("002")).exit_code == 0
    before_records = store.Store().records()
    before = [r.to_dict() for r in before_records]
    generation = store.Store().generation()
    with pytest.raises(KeyboardInterrupt), store.Store().writing() as writer:
        assert writer.remove(str(Path(seed("002")).resolve()))
        writer.put("/elsewhere/x.txt", "x", "rule page", before_records)
        raise KeyboardInterrupt  # Ctrl-C in the middle of an ingest
    assert [r.to_dict() for r in store.Store().records()] == before
    assert store.Store().generation() == generation


def test_a_translated_rules_edition_parses_with_lang_given():
    path = str(corpus_file("cr/zh-20240607.txt"))
    refused = run("parse", path)
    assert refused.exit_code == 2 and "--lang" in refused.stderr
    result = run("parse", path, "--lang", "zh", "--json")
    records = json_lines(result.stdout)
    rules = [r for r in records if r["kind"] == "rule"]
    assert result.exit_code == 0 and len(rules) == 2967 and {r["lang"] for r in records} == {"zh"}
    assert {r["edition"] for r in rules} == {"2024-06-07"}
    assert sum(r["kind"] == "glossary" for r in records) > 600
