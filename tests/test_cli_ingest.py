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


def user_documents():
    """The paths of the documents the user ingested (the embedded seeds left out)."""
    return [path for path, document in store.Store().documents().items() if not document.embedded]


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


BAD_INPUTS = [
    (b"", "the file is empty"),
    (b"\x00\x01\x02binary\x00", "binary data"),
    (b"just some words\nthat are not a rules document\n", "unrecognised document"),
    (b'{"data": {"cards": 3}, "meta": {}}', "not an MTGJSON set file"),
]


@pytest.mark.parametrize("content,message", BAD_INPUTS)
def test_all_or_nothing_stores_nothing_when_a_file_is_bad(tmp_path, isolated_home, content, message):
    bad = tmp_path / "bad.txt"
    bad.write_bytes(content)
    result = run("ingest", "--all-or-nothing", seed("000"), str(bad))
    assert result.exit_code == 2
    assert message in result.stderr and str(bad) in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert store.Store().count() == len(store.embedded_records()), "a failing call must store nothing"


@pytest.mark.parametrize("content,message", BAD_INPUTS)
def test_a_bad_file_is_listed_with_its_reason_and_the_good_ones_are_stored(tmp_path, content, message):
    bad = tmp_path / "bad.txt"
    bad.write_bytes(content)
    result = run("ingest", seed("004"), str(bad))
    assert result.exit_code == 2
    failure = [line for line in result.stderr.splitlines() if str(bad) in line]
    assert len(failure) == 1 and message in failure[0]
    assert f"{seed('004')}: 9 records (ruling page)" in result.stdout
    assert "1 of 2 file(s) not stored" in result.stderr
    assert user_documents() == [str(next(SEEDS.glob("004_*.txt")).resolve())]


def test_a_folder_is_read_recursively_good_pages_stored_bad_ones_listed(tmp_path):
    pages = tmp_path / "saved"
    (pages / "es" / "Electrozoa_files").mkdir(parents=True)
    (pages / "fr").mkdir()
    (pages / "es" / "electrozoa.txt").write_bytes(next(SEEDS.glob("004_*.txt")).read_bytes())
    (pages / "fr" / "kitnap.txt").write_bytes(next(SEEDS.glob("002_*.txt")).read_bytes())
    (pages / "es" / "Electrozoa_files" / "site.css").write_text("p { color: red }")
    (pages / "es" / "Electrozoa_files" / "logo.png").write_bytes(b"\x89PNG\r\n")
    (pages / ".DS_Store").write_bytes(b"\x00\x00")
    (pages / "fr" / "accueil.html").write_text("<html><body><h1>Bienvenue</h1><p>Choisissez une carte.</p></body></html>")
    (pages / "es" / "vacio.txt").write_text("")
    result = run("ingest", str(pages))
    assert result.exit_code == 2
    assert result.stdout.splitlines() == [
        f"{pages / 'es' / 'electrozoa.txt'}: 9 records (ruling page)",
        f"{pages / 'fr' / 'kitnap.txt'}: 8 records (ruling page)",
    ]
    not_stored = [line for line in result.stderr.splitlines() if line.startswith("not stored:")]
    assert [line.split(": ", 2)[1].split(":")[0] for line in not_stored] == [str(pages / "es" / "vacio.txt"), str(pages / "fr" / "accueil.html")]
    assert "the file is empty" in not_stored[0] and "unrecognised document" in not_stored[1]
    assert "skipped 2 file(s) that are not documents (.css, .png)" in result.stderr
    assert sorted(Path(p).name for p in user_documents()) == ["electrozoa.txt", "kitnap.txt"]
    assert len([r for r in store.Store().records() if r.kind == "ruling"]) == 17


def test_a_folder_with_all_or_nothing_stores_nothing_if_one_page_is_bad(tmp_path, isolated_home):
    pages = tmp_path / "saved"
    pages.mkdir()
    (pages / "a.txt").write_bytes(next(SEEDS.glob("004_*.txt")).read_bytes())
    (pages / "b.html").write_text("<html><body><p>Nada por aquí.</p></body></html>")
    result = run("ingest", "--all-or-nothing", str(pages))
    assert result.exit_code == 2 and "b.html" in result.stderr
    assert not (isolated_home / "corpus").exists()


def test_a_folder_without_documents_is_bad_usage(tmp_path):
    (tmp_path / "style.css").write_text("p {}")
    result = run("ingest", str(tmp_path))
    assert result.exit_code == 2 and "no documents" in result.stderr


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


def test_a_translated_rules_edition_is_recognised_by_its_content():
    path = str(corpus_file("cr/zh-20240607.txt"))
    recognised = run("parse", path, "--json")
    result = run("parse", path, "--lang", "zh", "--json")
    assert recognised.exit_code == 0 and recognised.stdout == result.stdout  # the same records as with --lang zh
    records = json_lines(result.stdout)
    rules = [r for r in records if r["kind"] == "rule"]
    assert result.exit_code == 0 and len(rules) == 2967 and {r["lang"] for r in records} == {"zh"}
    assert {r["edition"] for r in rules} == {"2024-06-07"}
    assert sum(r["kind"] == "glossary" for r in records) > 600
