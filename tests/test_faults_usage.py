"""Fault injection, the command line: every usage error is one line, exit 2.

click prints a usage block, a hint and the error over five lines; mtgrules prints
`mtgrules: <command>: <what is wrong> (<mend>)`. A misspelt command gets the closest names,
a missing argument the command's usage, an empty argument what to give. `--help` is unchanged.
"""

from __future__ import annotations

import pytest
from faults import assert_clean, assert_refused, run

from mtgrules.cli.main import COMMANDS

USAGE_ERRORS = [
    (["serch", "energía"], "no such command 'serch' (did you mean search"),
    (["Search", "energía"], "(did you mean search"),
    (["rul", "704.5"], "(did you mean rule?)"),
    (["qiz"], "(did you mean quiz?)"),
    (["ingets", "x"], "(did you mean ingest or engine?)"),
    (["xyzzy"], "no such command 'xyzzy' (the commands are card, cite, config, diff,"),
    (["engine", "covrage"], "engine: no such command 'covrage' (did you mean coverage?)"),
    (["card"], "card: missing argument 'NAME...' (usage: mtgrules card [OPTIONS] NAME...)"),
    (["rule"], "rule: missing argument 'NUMBER' (usage: mtgrules rule"),
    (["search"], "search: missing argument 'QUERY...'"),
    (["judge"], "judge: missing argument 'FILES...'"),
    (["diff", "2024-06-07"], "diff: missing argument 'NEW'"),
    (["parse"], "parse: missing argument"),
    (["search", "--limit", "0", "energía"], "search: invalid value for '--limit': 0 is not in the range"),
    (["search", "--limit", "many", "energía"], "search: invalid value for '--limit': 'many' is not a valid integer"),
    (["search", "--bogus", "energía"], "search: no such option '--bogus' (see 'mtgrules search --help')"),
    (["search", "--jsn", "energía"], "search: no such option '--jsn'"),
    (["--bogus"], "no such option '--bogus' (see 'mtgrules --help')"),
    (["search", "energía", "--lang"], "search: option '--lang' requires an argument"),
    (["search", "--lang", "1x", "energía"], "search: invalid value for '--lang'"),
    (["search", "--kind", "bogus", "energía"], "search: invalid value for '--kind': 'bogus' is not one of"),
    (["rule", "not-a-number"], "rule: invalid value: 'not-a-number': not a rule number"),
    (["quiz", "--count", "0"], "quiz: invalid value for '--count'"),
    (["ingest", "/nonexistent/file.txt"], "ingest: invalid value for 'PATHS...'"),
    (["judge", "/nonexistent.toml"], "/nonexistent.toml: can't read the scenario"),
    (["rule", "704.5", "extra"], "rule: got unexpected extra argument (extra)"),
]


@pytest.mark.parametrize("arguments, says", USAGE_ERRORS, ids=[" ".join(a) for a, _ in USAGE_ERRORS])
def test_a_usage_error_is_one_line(arguments, says):
    line = assert_refused(run(*arguments), says)
    assert not any(word in line for word in ("Usage:", "Try '", "Error:"))


EMPTY = [
    (["card", ""], "card: NAME is empty (give a card name"),
    (["card", " "], "card: NAME is empty"),
    (["card", "", "  "], "card: NAME is empty"),
    (["term", ""], "term: WORD is empty (give a game term"),
    (["term", "\t"], "term: WORD is empty"),
    (["search", ""], "search: QUERY is empty (give words to search for"),
    (["search", " ", ""], "search: QUERY is empty"),
    (["search", "--lang", "es", ""], "search: QUERY is empty"),
    (["rule", ""], "rule: NUMBER is empty (give a rule number"),
    (["rule", "  "], "rule: NUMBER is empty"),
]


@pytest.mark.parametrize("arguments, says", EMPTY, ids=[repr(a) for a, _ in EMPTY])
def test_an_empty_argument_is_bad_usage_not_nothing_found(arguments, says):
    assert_refused(run(*arguments), says)


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_help_is_unchanged(command):
    outcome = run(command, "--help")
    assert_clean(outcome)
    assert outcome.stdout.startswith(f"Usage: cli {command}")
    assert "Options:" in outcome.stdout and "--help" in outcome.stdout


def test_the_groups_help_lists_every_command():
    outcome = run("--help")
    assert_clean(outcome)
    assert outcome.stdout.startswith("Usage: cli [OPTIONS] COMMAND [ARGS]...")
    assert all(f"  {name} " in outcome.stdout for name in COMMANDS)


def test_a_folder_without_documents(tmp_path):
    for command in ("parse", "ingest"):
        assert_refused(run(command, str(tmp_path)), f"{command}: no documents to read in {tmp_path}")
