"""`mtgrules history`, `diff` and `stale` through the command line, on real editions ingested
into an isolated MTGRULES_HOME: en-20240607, en-20250606, en-20260807 and the Chinese
translation of 2024-06-07 (the embedded seeds bring Spanish pages aligned against 2026-08-07)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from conftest import corpus_file

from mtgrules.cli import editions as cli_editions
from mtgrules.cli.main import cli

ENGLISH = ["cr/en-20240607.txt", "cr/en-20250606.txt", "cr/en-20260807.txt"]


@pytest.fixture(scope="module")
def corpus_home(tmp_path_factory):
    paths = [str(corpus_file(name)) for name in ENGLISH]
    chinese = str(corpus_file("cr/zh-20240607.txt"))
    home = tmp_path_factory.mktemp("editions-home")
    runner = CliRunner(env={"MTGRULES_HOME": str(home)})
    assert runner.invoke(cli, ["ingest", *paths]).exit_code == 0
    assert runner.invoke(cli, ["ingest", "--lang", "zh", chinese]).exit_code == 0
    return home


@pytest.fixture
def run(corpus_home, monkeypatch):
    monkeypatch.setenv("MTGRULES_HOME", str(corpus_home))

    def invoke(*args, color=False):
        return CliRunner().invoke(cli, list(args), color=color)

    return invoke


def json_lines(output: str) -> list[dict]:
    return [json.loads(line) for line in output.splitlines() if line.startswith("{")]


def test_history_follows_transform_from_the_number_it_had_in_2024(run):
    result = run("history", "701.28", "--edition", "2024-06-07", "--json")
    assert result.exit_code == 0, result.output
    head = json_lines(result.stdout)[0]
    assert head["title"] == "Transform"
    assert [(s["edition"], s["number"], s["change"]) for s in head["steps"]] == [
        ("2024-06-07", "701.28", None), ("2025-06-06", "701.27", "moved"), ("2026-08-07", "701.27", "unchanged"),
    ]
    assert [s["number_holds"]["title"] if s["number_holds"] else None for s in head["steps"]] == [None, "Convert", "Convert"]


def test_history_of_connive_says_which_edition_each_translation_follows(run):
    result = run("history", "701.50", "--lang", "zh,es")
    assert result.exit_code == 0, result.output
    lines = [line.strip() for line in result.stdout.splitlines()]
    assert lines[0].startswith("701.50  Connive")
    assert "2024-06-07  701.47" in lines and "2025-06-06  701.50    moved from 701.47" in lines
    assert "note: 701.50 is another rule in 2024-06-07: Convert" in lines
    assert "zh  follows 2024-06-07 as 701.47: current" in lines
    assert "es  follows 2026-08-07 as 701.50: current" in lines
    # The Chinese 701.47d is Connive's fourth subrule, edited since: not current.
    assert "zh  follows 2024-06-07 as 701.47d: the English has changed since (2025-06-06, 2026-08-07)" in lines


def test_history_shows_word_differences_marked_without_colour(run):
    result = run("history", "704.5y")
    assert result.exit_code == 0
    assert "2026-08-07  704.5y    moved from 704.5x, edited" in result.stdout
    assert "[-Siege’s controller-]{+battle’s protector+}" in result.stdout
    assert "\x1b[" not in result.stdout


def test_word_differences_are_coloured_on_a_terminal(run, monkeypatch):
    monkeypatch.setattr(cli_editions, "use_colour", lambda: True)
    result = run("diff", "2025-06-06", "2026-08-07", "--section", "704.5", color=True)
    assert result.exit_code == 0
    assert "\x1b[31m\x1b[9mSiege’s controller\x1b[0m" in result.stdout and "[-" not in result.stdout


def test_diff_json_gives_a_renumbering_as_one_move(run):
    result = run("diff", "2024-06-07", "2025-06-06", "--section", "701", "--json")
    assert result.exit_code == 0
    entries = json_lines(result.stdout)
    by_old = {e["old"]: e for e in entries if e["old"]}
    assert (by_old["701.28"]["change"], by_old["701.28"]["new"], by_old["701.28"]["title"]) == ("moved", "701.27", "Transform")
    assert (by_old["701.50"]["change"], by_old["701.50"]["new"]) == ("moved", "701.28")
    assert (by_old["701.47"]["change"], by_old["701.47"]["new"]) == ("moved", "701.50")
    convert_a = by_old["701.50a"]
    assert convert_a["references_only"] and ["delete", "701.28a"] in convert_a["diff"] and ["insert", "701.27a"] in convert_a["diff"]
    assert not [e for e in entries if e["change"] in ("added", "removed") and e["title"] in ("Transform", "Convert", "Connive")]
    assert all(e["old"] is None or e["old"].startswith("701") or e["new"].startswith("701") for e in entries)


def test_diff_moves_is_the_renumbering_map_and_nothing_else(run):
    result = run("diff", "2024-06-07", "2025-06-06", "--moves", "--json")
    assert result.exit_code == 0, result.output
    moves = json_lines(result.stdout)
    by_old = {m["old"]: m for m in moves}
    assert (by_old["701.28"]["new"], by_old["701.28"]["title"]) == ("701.27", "Transform")
    assert (by_old["701.50"]["new"], by_old["701.50"]["title"]) == ("701.28", "Convert")
    assert (by_old["701.47"]["new"], by_old["701.47"]["title"]) == ("701.50", "Connive")
    assert all(set(m) == {"old", "new", "title", "text_changed"} and m["old"] != m["new"] for m in moves)
    # The very moves the full diff lists, no more (no edits, additions or removals).
    full = json_lines(run("diff", "2024-06-07", "2025-06-06", "--json").stdout)
    assert [(m["old"], m["new"]) for m in moves] == [(e["old"], e["new"]) for e in full if e["change"] == "moved"]
    readable = run("diff", "2024-06-07", "2025-06-06", "--moves", "--section", "701.28").stdout.splitlines()
    assert readable[0].split() == ["701.28", "→", "701.27", "Transform"]


def test_diff_moves_without_moves_exits_1(run):
    result = run("diff", "latest", "2026-08-07", "--moves")
    assert result.exit_code == 1 and "no rule moved from 2026-08-07 to 2026-08-07" in result.stderr


def test_diff_summarises_then_lists_changes(run):
    result = run("diff", "2025-06-06", "latest", "--section", "704")
    lines = result.stdout.splitlines()
    assert result.exit_code == 0
    assert lines[0].startswith("2025-06-06 → 2026-08-07: ") and "unchanged)" in lines[0]
    assert any(line.startswith("added     704.5w") for line in lines)
    assert any(line.startswith("moved     704.5y → 704.5z") for line in lines)


def test_diff_without_changes_exits_1(run):
    result = run("diff", "latest", "2026-08-07")
    assert result.exit_code == 1 and "no changes from 2026-08-07 to 2026-08-07" in result.stderr


@pytest.mark.parametrize(
    "args,message",
    [
        (["diff", "2023-01-01", "latest"], "no English edition 2023-01-01 in the corpus (it holds: 2024-06-07, 2025-06-06, 2026-08-07)"),
        (["diff", "June 2024", "latest"], "give an edition as its date"),
        (["diff", "2024-06-07", "latest", "--section", "seven"], "give a chapter, section or rule number"),
        (["history", "701.28", "--edition", "2025-01-01"], "no English edition 2025-01-01"),
        (["history", "Transform"], "is not a rule number"),
        (["stale", "--lang", "es,en"], "English is what translations follow"),
    ],
)
def test_bad_usage_exits_2(run, args, message):
    result = run(*args)
    assert result.exit_code == 2 and message in result.stderr


def test_history_of_a_number_no_edition_has_exits_1(run):
    result = run("history", "799.1")
    assert result.exit_code == 1 and "no rule 799.1 in any English edition" in result.stderr


def test_a_number_gone_from_the_newest_edition_is_read_where_it_last_was(run):
    result = run("history", "509.6", "--json")
    assert result.exit_code == 0
    assert "509.6 is not in 2026-08-07; read as numbered in 2024-06-07" in result.stderr
    steps = json_lines(result.stdout)[0]["steps"]
    assert [(s["number"], s["change"]) for s in steps] == [("509.6", None), (None, "removed"), (None, None)]


def test_stale_lists_chinese_rules_whose_english_changed_and_rules_never_translated(run):
    result = run("stale", "--lang", "zh", "--json")
    assert result.exit_code == 0
    entries = json_lines(result.stdout)
    by_status: dict[str, list[dict]] = {}
    for entry in entries:
        by_status.setdefault(entry["status"], []).append(entry)
    stale = {e["translated_number"]: e for e in by_status["stale"]}
    # Connive's fourth subrule: 701.47d in the Chinese text, 701.50c now, edited in both later editions.
    assert stale["701.47d"]["number"] == "701.50c" and stale["701.47d"]["english_changed_in"] == ["2025-06-06", "2026-08-07"]
    assert "701.28b" not in stale  # Transform's 701.28b moved to 701.27b without a word changed: still current
    assert "509.2" in {e["translated_number"] for e in by_status["removed"]}
    untranslated = {e["number"] for e in by_status["untranslated"]}
    assert {"704.5w", "701.50e"} <= untranslated and "701.50" not in untranslated


def test_stale_in_spanish_is_the_rules_left_to_translate(run):
    result = run("stale", "--lang", "es")
    assert result.exit_code == 0
    first = result.stdout.splitlines()[0]
    assert first.startswith("es: 38 translated rules: 38 current, 0 stale")
    assert "untranslated in 2026-08-07: 100.1–100.7 (19)" in result.stdout


def test_edition_commands_need_an_english_edition(isolated_home):
    result = CliRunner().invoke(cli, ["history", "701.28"])
    assert result.exit_code == 1 and "no English edition of the Comprehensive Rules in the corpus" in result.stderr
