"""`mtgrules judge`: every scenario of examples/ checked against its own [expect] through the
command line; messages and citations in the language asked for; the board at the end; what
`--check` says when the engine disagrees; bad files."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib

import pytest
from click.testing import CliRunner
from conftest import REPO, corpus_file

from mtgrules.cli.main import cli

EXAMPLES = REPO / "examples"
SCENARIOS = sorted(EXAMPLES.glob("*.toml"))


def judge_json(*arguments: str) -> list[dict]:
    result = CliRunner().invoke(cli, ["judge", "--json", *arguments])
    assert result.exit_code == 0, result.output
    return [json.loads(line) for line in result.output.splitlines()]


def events_of(rows: list[dict]) -> list[dict]:
    return [row for row in rows if "board" not in row]


def test_every_example_states_its_answer_and_the_engine_agrees():
    """examples/ is a self-checking suite: each file has [expect], and `judge --check` agrees
    with all of them (exit 0) in one run."""
    assert len(SCENARIOS) >= 60
    result = CliRunner().invoke(cli, ["judge", "--check", "--json", *map(str, SCENARIOS)])
    rows = [json.loads(line) for line in result.output.splitlines()]
    disagreements = [(row["file"], row["mismatches"]) for row in rows if not row["agrees"]]
    assert disagreements == [] and result.exit_code == 0
    assert len(rows) == len(SCENARIOS) and all(row["expectations"] > 0 for row in rows)


def test_the_examples_cover_each_state_based_action_combat_and_the_audited_cases():
    """Among the examples: one expecting each rule of 704.5, combat's rules, and each case the
    audit found judged wrong."""
    from mtgrules.rulenumbers import subrule

    expected_rules = set()
    for path in SCENARIOS:
        for event in tomllib.loads(path.read_text(encoding="utf-8"))["expect"].get("events", []):
            expected_rules.add(event if isinstance(event, str) else event.get("rule"))
    needed = {subrule("704.5", i) for i in range(25)} | {"508.1a", "509.1a", "510.1b", "510.1c", "510.1d", "702.19b",
                                                          "510.4", "704.5h", "702.15b", "702.19d", "702.89a", "122.1c",
                                                          "122.1h", "120.3b", "120.3d", "306.5b", "714.3a", "310.12b",
                                                          "800.4a", "800.4d", "608.2b", "603.3b", "704.5k"}
    assert sorted(needed - expected_rules) == []


def test_check_names_the_line_and_key_of_each_disagreement_and_exits_1(tmp_path):
    wrong = tmp_path / "wrong.toml"
    wrong.write_text((EXAMPLES / "sba-704-5g-lethal-damage.toml").read_text(encoding="utf-8").replace(
        "damage = 20\n", "damage = 19\n").replace('events = [{ rule = "704.5g"', 'absent = ["120.3e"]\nevents = [{ rule = "704.5g"'))
    result = CliRunner().invoke(cli, ["judge", "--check", str(wrong)])
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[0] == f"{wrong}: the engine disagrees:"
    assert any(line.startswith(f"  {wrong}:") and ": expect.absent[0]: expected no 120.3e, the engine cites it" in line
               for line in lines)
    assert f"  {wrong}:61: expect.objects.darksteel-colossus.damage: expected 19, the engine says 20" in lines
    result = CliRunner().invoke(cli, ["judge", "--check", "--json", str(wrong), str(EXAMPLES / "energy.toml")])
    rows = [json.loads(line) for line in result.output.splitlines()]
    assert [row["agrees"] for row in rows] == [False, True] and result.exit_code == 1
    assert {"line": 61, "key": "expect.objects.darksteel-colossus.damage",
            "message": "expected 19, the engine says 20"} in rows[0]["mismatches"]


def test_check_refuses_a_file_without_expect(tmp_path):
    bare = tmp_path / "bare.toml"
    bare.write_text('[[players]]\nname = "A"\n')
    result = CliRunner().invoke(cli, ["judge", "--check", str(bare)])
    assert result.exit_code == 2 and result.output == f"mtgrules: {bare}: no [expect] table to check the engine against\n"


def test_an_unexpected_refusal_is_a_disagreement(tmp_path):
    """With [expect] and no `illegal`, an action the engine refuses is reported."""
    refused = tmp_path / "refused.toml"
    refused.write_text('[[players]]\nname = "A"\n[[actions]]\ndo = "resolve"\n[expect]\n')
    result = CliRunner().invoke(cli, ["judge", "--check", str(refused)])
    assert result.exit_code == 1
    assert f"{refused}:5: expect.illegal: expected the engine to refuse steps [], it refuses [1] (step 1: the stack is empty)" in result.output


def test_json_ends_with_the_board(tmp_path):
    rows = judge_json(str(EXAMPLES / "combat-trample.toml"), "--lang", "en")
    board = rows[-1]["board"]
    assert [p["life"] for p in board["players"]] == [20, 16]
    [wurm] = [p for p in board["battlefield"] if p["id"] == "craw-wurm"]
    assert (wurm["tapped"], wurm["damage"], wurm["attacking"], wurm["blocked"]) == (True, 3, "Bob", True)
    assert board["players"][1]["graveyard"] == ["hill-giant"] and board["winner"] is None
    assert all("board" not in row for row in rows[:-1])


def test_spanish_messages_and_citations_from_the_seeds_and_missing_ones_say_so():
    rows = judge_json(str(EXAMPLES / "sba-creatures.toml"), "--lang", "es")
    lethal = events_of(rows)[1]
    assert lethal["players"] == ["Alice"] and lethal["message"] == "Grizzly Bears es destruido: daño letal"
    assert lethal["message_en"] == "Grizzly Bears is destroyed: lethal damage"
    assert lethal["text_lang"] == "es" and lethal["text"].startswith("Si una criatura tiene resistencia mayor que 0")
    assert lethal["note"] is None
    cast = judge_json(str(EXAMPLES / "gift.toml"), "--lang", "es")[0]
    assert cast["text"] is None and cast["text_lang"] is None
    assert "601.2 no está en el corpus" in cast["note"]  # the note in the language of the judging


def test_french_messages():
    rows = events_of(judge_json(str(EXAMPLES / "combat-trample.toml"), "--lang", "fr"))
    messages = [row["message"] for row in rows]
    assert "Craw Wurm attaque Bob" in messages
    assert "Craw Wurm assigne 4 blessures de combat à Bob" in messages
    assert "Hill Giant est détruit : blessures mortelles" in messages


def test_fallback_to_english_with_a_note_once_english_is_ingested():
    runner = CliRunner()
    assert runner.invoke(cli, ["ingest", str(corpus_file("cr/en-20260807.txt"))]).exit_code == 0
    rows = judge_json(str(EXAMPLES / "gift.toml"), "--lang", "es")
    promised = rows[1]
    assert promised["rule"] == "702.174k" and promised["text_lang"] == "en"
    assert "declares the intention to pay" in promised["text"]
    assert promised["note"] == "no hay texto en es de 702.174k en el corpus; texto en inglés"
    text = runner.invoke(cli, ["judge", str(EXAMPLES / "sba-creatures.toml"), "--lang", "fr"]).output
    assert "704.5g — Grizzly Bears est détruit : blessures mortelles" in text
    assert "remarque : aucun texte en fr pour 704.5g dans le corpus ; texte anglais" in text
    assert "If a creature has toughness greater than 0" in text
    # With English ingested, English is the default language.
    default = judge_json(str(EXAMPLES / "convert.toml"))
    assert default[0]["text_lang"] == "en" and default[0]["note"] is None and default[0]["message"] == default[0]["message_en"]


def test_human_output_lists_steps_events_the_board_and_the_verdict():
    result = CliRunner().invoke(cli, ["judge", str(EXAMPLES / "energy.toml"), "--lang", "es"])
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0].startswith("Get energy, keep it past the end of a step, pay it")
    assert "1. get_energy: player = Alice, amount = 2" in lines
    assert "  107.14 — Alice obtiene {E}{E} (3 en total)" in lines
    assert "2. end_step" in lines and "  no pasa nada" in lines
    assert any("ilegal: Alice no puede pagar {E}{E}{E}{E}: solo tiene 1 de energía (nada cambia)" in line for line in lines)
    assert "El tablero al final:" in lines and "  Alice: 20 vidas, 1 energía" in lines
    assert lines[-1] == f"{EXAMPLES / 'energy.toml'}: el motor está de acuerdo (4 expectativas)"
    board = CliRunner().invoke(cli, ["judge", str(EXAMPLES / "sba-creatures.toml"), "--lang", "es"]).output
    assert "  704.5g — Grizzly Bears es destruido: daño letal" in board
    assert "daño letal" in board
    assert "    Darksteel Myr [darksteel-myr] 0/1: controlado por Bob; daño 5" in board.splitlines()


def test_several_files_are_judged_in_turn():
    result = CliRunner().invoke(cli, ["judge", "--lang", "en", str(EXAMPLES / "energy.toml"), str(EXAMPLES / "convert.toml")])
    assert result.exit_code == 0
    assert result.output.count("The board at the end:") == 2


def test_bad_scenario_is_one_line_with_file_line_key_and_exit_2(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('[[players]]\nname = "A"\n\n[[permanents]]\nname = "X"\ncontroller = "A"\ntoughness = "x"\n')
    result = CliRunner().invoke(cli, ["judge", str(bad)])
    assert result.exit_code == 2
    assert result.output == f'mtgrules: {bad}:7: permanents[0].toughness: expected an integer, got "x"\n'
    bad.write_text('[[players]\nname = "A"\n')
    result = CliRunner().invoke(cli, ["judge", str(bad)])
    assert result.exit_code == 2 and result.output.startswith(f"mtgrules: {bad}:1: TOML syntax:")
    assert CliRunner().invoke(cli, ["judge", str(bad), "--lang", "español"]).exit_code == 2
    good = EXAMPLES / "energy.toml"
    result = CliRunner().invoke(cli, ["judge", str(good), str(bad)])  # nothing is judged when one file is bad
    assert result.exit_code == 2 and "Get energy" not in result.output


def test_judge_in_a_real_process(tmp_path):
    """The console entry point, stdout and exit codes as a shell sees them."""
    environment = {**os.environ, "MTGRULES_HOME": str(tmp_path / "home"), "NO_COLOR": "1"}
    command = [sys.executable, "-m", "mtgrules", "judge", str(EXAMPLES / "convert.toml"), "--json"]
    done = subprocess.run(command, capture_output=True, text=True, env=environment, timeout=60)
    assert done.returncode == 0, done.stderr
    first = json.loads(done.stdout.splitlines()[0])
    assert (first["rule"], first["event"], first["text_lang"]) == ("701.28a", "converts", None)
    assert "board" in json.loads(done.stdout.splitlines()[-1])
    bad = tmp_path / "bad.toml"
    bad.write_text("[[players]]\nname = 1\n")
    done = subprocess.run([sys.executable, "-m", "mtgrules", "judge", str(bad)], capture_output=True, text=True,
                          env=environment, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == f"mtgrules: {bad}:2: players[0].name: expected a non-empty string, got 1\n"
    done = subprocess.run([sys.executable, "-m", "mtgrules", "judge", "--check", *map(str, SCENARIOS)], capture_output=True,
                          text=True, env=environment, timeout=120)
    assert done.returncode == 0 and done.stdout.splitlines()[-1] == f"{len(SCENARIOS)} scenarios: {len(SCENARIOS)} agree, 0 disagree"


def test_lang_takes_one_code_of_the_form_the_lookups_accept():
    scenario = str(EXAMPLES / "connive.toml")
    several = CliRunner().invoke(cli, ["judge", scenario, "--lang", "es,fr"])
    assert several.exit_code == 2 and "give one language code" in several.output
    subtagged = CliRunner().invoke(cli, ["judge", scenario, "--lang", "zh-hans"])
    assert subtagged.exit_code == 0, subtagged.output
    assert "Alice draws Lightning Bolt" in subtagged.output  # no catalogue for zh: English


@pytest.mark.parametrize(("text", "complaint"), [
    ("[[players]]\nname = \"A\"\n[[actions]]\ndo = \"draw\"\nplayer = \"A\"\ncount = 1000000000\n",
     "{f}:6: actions[0].count: expected an integer from 1 to 1000, got 1000000000"),
    ("[[players]]\nname = \"A\"\n[[permanents]]\nname = \"X\"\ncontroller = \"A\"\n[[actions]]\ndo = \"connive\"\n"
     "permanent = \"x\"\nn = 1000000000\n", "{f}:9: actions[0].n: expected an integer from 0 to 100, got 1000000000"),
    ("[[players]]\nname = \"A\"\nlife = 10000000000\n", "{f}:3: players[0].life: expected an integer from -1000000 to 1000000, got 10000000000"),
    ("x = " + "[" * 10000 + "]" * 10000 + "\n", "{f}:1: arrays and tables nested more than 16 deep"),
    ("[[players]]\nname = \"" + "N" * 300 + "\"\n", "{f}:2: players[0].name: at most 200 characters, got 300"),
    ("".join(f"[[players]]\nname = \"P{i}\"\n" for i in range(9)), "{f}:1: players: at most 8 items, got 9"),
    ("[[players]]\nname = \"A\"\n" + "[[permanents]]\nname = \"X\"\ncontroller = \"A\"\n" * 501,
     "{f}:3: permanents: at most 500 items, got 501"),
])
def test_everything_a_file_controls_is_bounded_and_past_a_limit_is_one_line_exit_2(tmp_path, text, complaint):
    """Issue 14: a count, a number of things, a string or a nesting past its limit is refused
    before any work, in one line naming file, line, key and the limit."""
    path = tmp_path / "big.toml"
    path.write_text(text)
    result = CliRunner().invoke(cli, ["judge", str(path)])
    assert result.exit_code == 2 and result.output == f"mtgrules: {complaint.format(f=path)}\n"


def test_a_file_larger_than_the_limit_is_not_read(tmp_path):
    path = tmp_path / "huge.toml"
    path.write_bytes(b"# " + b"x" * (1 << 20) + b"\n")
    result = CliRunner().invoke(cli, ["judge", str(path)])
    assert result.exit_code == 2 and result.output == f"mtgrules: {path}: larger than 1024 KiB, the most a scenario file may be\n"
