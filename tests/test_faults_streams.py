"""Fault injection, the process's streams and arguments, and what data prints: standard output
or input closed, output that cannot be written (/dev/full), an output encoding lacking
characters, arguments and file names that are not UTF-8, a FIFO given to `judge`, escape
sequences and bidi overrides in data, TERM=dumb; and real data files with quirks.

Each ends one of two ways: one line and exit 2, or the work done; never a traceback or a hang.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import corpus_file
from faults import REPO, assert_clean, assert_refused, run, run_process, seed

from mtgrules.cli.terminal import safe

GIFT = str(REPO / "examples" / "gift.toml")


def run_with(args: list[str], *, close: int | None = None, stdout=None, env: dict[str, str] | None = None,
             home: Path) -> subprocess.CompletedProcess:
    """`python -m mtgrules` with descriptor `close` closed, or stdout sent to `stdout`."""
    environment = {"PATH": os.environ["PATH"], "LANG": "C.UTF-8", "MTGRULES_HOME": str(home), **(env or {})}
    closing = (lambda: os.close(close)) if close is not None else None
    return subprocess.run([sys.executable, "-m", "mtgrules", *args], env=environment, preexec_fn=closing,
                          stdout=stdout if stdout is not None else subprocess.PIPE, stderr=subprocess.PIPE,
                          stdin=subprocess.DEVNULL if close != 0 else None, timeout=120)


@pytest.mark.parametrize("args", [["search", "energía"], ["rule", "704.5"], ["--help"], ["judge", GIFT],
                                  ["card", "electrozoa"], ["diff", "latest", "latest"]], ids=lambda a: a[0])
def test_stdout_closed_is_no_traceback(tmp_path, args):
    done = run_with(args, close=1, home=tmp_path / "home")
    assert b"Traceback" not in done.stderr, done.stderr.decode()
    assert done.returncode in (0, 1, 2) and len(done.stderr.splitlines()) <= 1


def test_a_quiz_with_stdin_closed_stops_cleanly(tmp_path):
    done = run_with(["quiz", "--count", "1"], close=0, home=tmp_path / "home")
    assert b"Traceback" not in done.stderr, done.stderr.decode()
    assert done.returncode == 0


@pytest.mark.parametrize("args", [["--help"], ["search", "--help"], ["search", "energía"], ["rule", "704.5"]],
                         ids=lambda a: "-".join(a))
def test_output_to_a_full_device_is_one_line(tmp_path, args):
    with open("/dev/full", "wb") as full:
        done = run_with(args, stdout=full, home=tmp_path / "home")
    assert done.returncode == 2 and b"Traceback" not in done.stderr, done.stderr.decode()
    line = done.stderr.decode().splitlines()[-1]  # after a first search's note that it builds the index
    assert line.startswith("mtgrules: ") and "no space left on" in line


@pytest.mark.parametrize("encoding", ["latin-1", "ascii"])
def test_an_output_encoding_lacking_characters_shows_them_escaped(tmp_path, encoding):
    done = run_with(["search", "energy"], env={"PYTHONIOENCODING": encoding}, home=tmp_path / "home")
    assert b"Traceback" not in done.stderr, done.stderr.decode(errors="replace")
    assert done.returncode == 0
    if encoding == "latin-1":  # (for ASCII, click writes UTF-8 bytes itself, as it does on any ASCII stream)
        assert b"\\u2192" in done.stdout


@pytest.mark.parametrize("args", [["card", b"aether\xff hub"], ["search", b"energ\xff*"], ["rule", b"704\xff"],
                                  ["term", b"\xc3"]], ids=lambda a: a[0])
def test_arguments_that_are_not_utf8_are_one_line(tmp_path, args):
    argv = [os.fsdecode(arg) if isinstance(arg, bytes) else arg for arg in args]
    outcome = run_process(*argv, env={"MTGRULES_HOME": str(tmp_path / "home")})
    assert_refused(outcome, "is not UTF-8 text", "\\x")
    assert not (tmp_path / "home" / "cache").exists(), "never taken for a damaged index"


def test_a_file_name_that_is_not_utf8_is_refused_and_the_rest_stored(tmp_path):
    folder = tmp_path / "pages"
    folder.mkdir()
    bad = Path(os.fsdecode(bytes(folder) + b"/rules\xff.txt"))
    bad.write_bytes(seed("004").read_bytes())
    (folder / "good.txt").write_bytes(seed("005").read_bytes() if list(seed("004").parent.glob("005_*")) else
                                      seed("004").read_bytes())
    home = {"MTGRULES_HOME": str(tmp_path / "home")}
    single = run_process("ingest", str(bad), env=home)
    assert single.code == 2 and "Traceback" not in single.stderr
    assert "the file name is not UTF-8 text" in single.stderr and "rename the file" in single.stderr
    both = run_process("ingest", str(folder), env=home)
    assert both.code == 2 and "Traceback" not in both.stderr
    assert "good.txt: " in both.stdout


def test_judge_on_a_fifo_without_a_writer_does_not_hang(tmp_path, isolated_home):
    fifo = tmp_path / "scenario.toml"
    os.mkfifo(fifo)
    outcome = run_process("judge", str(fifo), env={"MTGRULES_HOME": str(isolated_home)}, timeout=30)
    assert_refused(outcome, str(fifo))


# --- what data prints ---------------------------------------------------------------------------------


@pytest.mark.parametrize("text, shown", [
    ("plain text, accents: energía", "plain text, accents: energía"),
    ("\x1b]0;owned\x07\x1b[2J", "\\x1b]0;owned\\x07\\x1b[2J"),
    ("line\nbreak\rreturn", "line\\x0abreak\\x0dreturn"),
    ("\u202eevil", "\\u202eevil"),
    ("\u2066isolate\u2069", "\\u2066isolate\\u2069"),
    ("csi\x9b31m", "csi\\x9b31m"),
    (os.fsdecode(b"byte\xff"), "byte\\xff"),
])
def test_safe_shows_control_and_direction_characters_escaped(text, shown):
    assert safe(text) == shown


def test_safe_keeps_newlines_in_text_shown_on_lines():
    assert safe("one\ntwo\x1b[2J", lines=True) == "one\ntwo\\x1b[2J"


def scenario_with(tmp_path, title: str, player: str) -> Path:
    text = (REPO / "examples" / "gift.toml").read_text(encoding="utf-8")
    path = tmp_path / "escapes.toml"
    import tomllib

    data = tomllib.loads(text)
    first = data["players"][0]["name"]
    text = text.replace(json.dumps(data["title"]), json.dumps(title), 1) if "title" in data else text
    text = text.replace(f'"{first}"', json.dumps(player))
    path.write_text(text, encoding="utf-8")
    return path


def test_escape_sequences_in_a_scenario_never_reach_the_terminal(tmp_path, isolated_home):
    path = scenario_with(tmp_path, "Title \x1b]0;owned\x07\x1b[2J", "Ali\u202ece")
    outcome = run("judge", str(path))
    assert outcome.code in (0, 1, 2), outcome.stderr
    for shown in (outcome.stdout, outcome.stderr):
        assert "\x1b]" not in shown and "\x1b[2J" not in shown and "\u202e" not in shown and "\x07" not in shown


def test_term_dumb_gets_no_colour(monkeypatch):
    from mtgrules.cli import output

    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    assert output.style("x", bold=True) != "x"
    monkeypatch.setenv("TERM", "dumb")
    assert output.style("x", bold=True) == "x"


# --- real data ----------------------------------------------------------------------------------------


def test_the_real_stx_set_is_stored_but_its_empty_ruling(isolated_home):
    path = corpus_file("sets/STX.json")
    outcome = run("ingest", str(path))
    assert_clean(outcome)
    warnings = [line for line in outcome.stderr.splitlines() if line.startswith("warning: ")]
    assert len(warnings) == 1 and "Wandering Archaic" in warnings[0] and "has no text; skipped" in warnings[0]
    card = run("card", "Wandering Archaic", "--json")
    assert_clean(card)
    rulings = json.loads(card.stdout.splitlines()[0])["rulings"]
    assert rulings and all(ruling["texts"]["en"].strip() for ruling in rulings)


def test_every_real_set_file_ingests(isolated_home):
    folder = corpus_file("sets")
    assert_clean(run("ingest", str(folder)))


def test_a_ruling_page_whose_ruling_is_only_markup_stores_no_empty_ruling(tmp_path, isolated_home):
    page = tmp_path / "electrozoa.html"
    page.write_text('<html lang="es"><body><h1>Electrozoa</h1>\n'
                    "<p>07/06/2024</p><p>{E} es el símbolo de energía. Representa un contador de energía.</p>\n"
                    '<p>08/06/2024</p><p><a href="x">&#8203;</a> <img src="y"> &nbsp;</p>\n'
                    "<p>09/06/2024</p><p>Si Electrozoa deja el campo de batalla, el jugador conserva su energía.</p>\n"
                    "</body></html>\n", encoding="utf-8")
    outcome = run("parse", str(page), "--json")
    assert "Traceback" not in outcome.stderr
    if outcome.code == 2:
        assert_refused(outcome, str(page))
        return
    texts = [json.loads(line)["text"] for line in outcome.stdout.splitlines()]
    assert texts and all(text.strip() for text in texts)


EVIL_NAME = "Evil\x1b]0;owned\x07\x1b[2J\u202eCard"


def hostile_set(tmp_path) -> Path:
    """The Kaladesh set file with one card's name, type line, text and ruling full of escape
    sequences, carriage returns and a right-to-left override."""
    from card_data import set_file

    data = set_file()["data"]
    ruled = next(card for card in data["cards"] if card.get("rulings"))["name"]
    for card in data["cards"]:
        if card["name"] == ruled:
            card["name"] = EVIL_NAME
            card["type"] = "Creature \x1b[5m\u2014 Elf\nsplit"
            card["text"] = "Text \x1b[31mred\r\nline2 \u202ereversed"
            card["rulings"][0]["text"] = "Ruling \x1b]0;title\x07 text\u202e"
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps({"meta": {}, "data": data}), encoding="utf-8")
    return path


@pytest.mark.parametrize("args", [["card", "Evil"], ["search", "Evil"], ["search", "Ruling", "title"], ["term", "Evil"]],
                         ids=lambda a: "-".join(a))
def test_escape_sequences_in_card_data_never_reach_the_terminal(tmp_path, isolated_home, args):
    assert_clean(run("ingest", str(hostile_set(tmp_path))))
    outcome = run(*args)
    assert outcome.crashed is None and "Traceback" not in outcome.stderr
    for shown in (outcome.stdout, outcome.stderr):
        assert not any(character in shown for character in "\x1b\x07\r\u202e"), shown
    if args[0] == "card":
        assert "Evil\\x1b]0;owned\\x07\\x1b[2J\\u202eCard" in outcome.stdout.splitlines()[0]
