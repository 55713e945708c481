"""Fault injection, work a person can ask for by a number: a fuzzy search of 99,999 edits
(`electrozoo~99999` took 11 s and 378 MB, `a~99 b~99 c~99` 31 s), a scenario that draws a
billion cards, connives a billion times, puts a million permanents on the battlefield or gives
a life total past any game. Each is one line saying the limit (exit 2), at once; at the limit,
the work is done.
"""

from __future__ import annotations

import time

import pytest
from faults import assert_clean, assert_refused, run

from mtgrules.index.query import MAX_EDITS
from mtgrules.study.checks import LIMITS


@pytest.mark.parametrize("query", ["electrozoo~99999", "a~99 b~99 c~99", "electrozoo~3", "card:electrozoo~10",
                                   "energía~1000000000000000000000", "electrozoo~9/2"])
def test_a_fuzzy_word_past_the_limit_is_refused_at_once(query):
    start = time.process_time()
    assert_refused(run("search", query), f"a fuzzy word allows at most {MAX_EDITS}")
    assert time.process_time() - start < 5  # before any search: not 11 s


@pytest.mark.parametrize("query", ["electrozoo~", "electrozo~2"])
def test_a_fuzzy_word_within_the_limit_is_searched(query):
    outcome = run("search", query, "--json")
    assert_clean(outcome)
    assert "Electrozoa" in outcome.stdout


PLAYER = '[[players]]\nname = "Alice"\nlibrary = ["Opt", "Opt"]\nhand = ["Opt"]\n'
INFORMANT = ('[[permanents]]\nname = "Raffine\'s Informant"\ncontroller = "Alice"\ntypes = ["Creature"]\n'
             "power = 2\ntoughness = 1\n")


def scenario(tmp_path, body: str):
    file = tmp_path / "hostile.toml"
    file.write_text('title = "hostile"\n' + body, encoding="utf-8")
    return file


@pytest.mark.parametrize(("body", "says", "line"), [
    (PLAYER + '[[actions]]\ndo = "draw"\nplayer = "Alice"\ncount = 1000000000\n', f"from 1 to {LIMITS.DRAW}", 9),
    (PLAYER + INFORMANT + '[[actions]]\ndo = "connive"\npermanent = "raffine-s-informant"\nn = 1000000000\n',
     f"from 0 to {LIMITS.CONNIVE}", 15),
    (PLAYER.replace('hand = ["Opt"]', "life = 1000000000000"), f"to {LIMITS.BIG}", 5),
    (PLAYER + '[[actions]]\ndo = "draw"\nplayer = "Alice"\ncount = 1e9\n', "expected an integer", 9),
])
def test_a_scenario_asking_for_unbounded_work_is_one_line(tmp_path, body, says, line):
    file = scenario(tmp_path, body)
    start = time.process_time()
    assert_refused(run("judge", str(file)), says, file=file, line=line)
    assert time.process_time() - start < 5


def test_a_million_permanents_are_refused_by_the_files_size(tmp_path):
    body = PLAYER + "".join(f'[[permanents]]\nname = "Bear {n}"\ncontroller = "Alice"\n' for n in range(1_000_000 // 20))
    file = scenario(tmp_path, body)
    assert file.stat().st_size > LIMITS.FILE_BYTES
    assert_refused(run("judge", str(file)), file=file)


def test_more_permanents_than_the_limit_are_refused(tmp_path):
    body = PLAYER + "".join(f'[[permanents]]\nname = "Bear {n}"\ncontroller = "Alice"\n' for n in range(LIMITS.CARDS + 1))
    file = scenario(tmp_path, body)
    assert file.stat().st_size < LIMITS.FILE_BYTES
    assert_refused(run("judge", str(file)), f"{LIMITS.CARDS}", file=file)


def test_drawing_at_the_limit_is_judged(tmp_path):
    """The most cards one action draws, from the largest library: judged (Alice loses, 704.5b)."""
    library = ", ".join('"Opt"' for _ in range(LIMITS.CARDS))
    body = f'[[players]]\nname = "Alice"\nlibrary = [{library}]\n[[actions]]\ndo = "draw"\nplayer = "Alice"\ncount = {LIMITS.DRAW}\n'
    assert_clean(run("judge", str(scenario(tmp_path, body))))


def test_a_phrase_with_its_slop_is_no_fuzzy_word():
    """`"…"~3` lets the phrase's words stand three apart: once refused as a word without letters."""
    outcome = run("search", '"pierde juego"~3', "--json")
    assert_clean(outcome)
    assert '"704.5a"' in outcome.stdout
