"""No English label leaks into Spanish or French output (issue 23, item 3): each command is run
with MTGRULES_LANG=es and =fr on a small corpus, and every word it prints (stdout and stderr)
is checked against the English of the tool's own messages.

The English words looked for are those of every message in the catalogs (their msgids), less
those that are words of the translations too (codes, "Oracle", "corpus"…) and those of the data
shown (the corpus's rules, names and rulings, the scenario files): what is left can only come
from a label that was not translated. A label never put through the catalogs is caught as long
as its words are the tool's words elsewhere, which nearly all are.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from click.testing import CliRunner
from conftest import REPO, SEEDS
from test_index import sample_records, use_corpus

from mtgrules.cli.main import COMMANDS as COMMAND_NAMES
from mtgrules.cli.main import cli
from mtgrules.engine import registry

LOCALE = REPO / "core" / "locale"
EXAMPLE = REPO / "examples" / "sba-creatures.toml"
_WORD = re.compile(r"[^\W\d_]{3,}")
_PLACEHOLDER = re.compile(r"\{[^}]*\}")


def _words(text: str) -> set[str]:
    return {word.casefold() for word in _WORD.findall(text)}


def _catalog(lang: str):
    with open(LOCALE / lang / "LC_MESSAGES" / "mtgrules.po", "rb") as handle:
        return read_po(handle, locale=lang)


def _strings(value) -> list[str]:
    return list(value) if isinstance(value, tuple) else [value]


def _data_words() -> set[str]:
    words: set[str] = set()
    for record in sample_records():
        for text in (record.text, record.title, record.card, record.printed_name, *record.examples,
                     *record.names.values(), record.source):
            words |= _words(text or "")
    return words | _words(EXAMPLE.read_text(encoding="utf-8"))


def english_label_words() -> set[str]:
    english: set[str] = set()
    translated: set[str] = set()
    for lang in ("es", "fr"):
        for message in _catalog(lang):
            if not message.id:
                continue
            for text in _strings(message.id):
                english |= _words(_PLACEHOLDER.sub(" ", text))
            for text in _strings(message.string):
                translated |= _words(_PLACEHOLDER.sub(" ", text))
    commands = {name for name in COMMAND_NAMES}
    # "points" is French as much as English ("points de vie").
    return english - translated - _data_words() - commands - {"mtgrules", "points"}


ENGLISH = english_label_words()

# What a judge types in a day, on the sample corpus: found, not found, and mistyped.
COMMANDS = [
    ["search", "energía"],
    ["search", "confabular", "--lang", "fr"],
    ["search", "qwertyuiopzz"],
    ["search", "indestructible", "toughness"],
    ["rule", "704.5"],
    ["rule", "701.50a", "--lang", "fr"],
    ["rule", "999.9"],
    ["rule", "not-a-number"],
    ["card", "electrozoa"],
    ["card", "electrozoo"],
    ["card", "planta", "de"],
    ["card", "xyzzy", "qwerty"],
    ["term", "confabular"],
    ["term", "gift", "--lang", "fr"],
    ["term", "qwertyuiop"],
    ["engine", "coverage"],
    ["judge", str(EXAMPLE)],
    ["judge", "--check", str(EXAMPLE)],
    ["config"],
    ["config", "colour", "red"],
    ["history", "704.5a"],
    ["stale"],
    ["nosuchcommand"],
    ["rule"],
    ["card", "--lang", "xx", "electrozoa"],
]


@pytest.fixture(autouse=True)
def sample(monkeypatch):
    use_corpus(monkeypatch, sample_records())
    monkeypatch.setattr(registry, "implementations_for", lambda number: [])
    monkeypatch.setattr(registry, "tests_for_rule", lambda number: [])


def leaks(output: str) -> list[str]:
    """The English label words in `output`, paths left out (a folder's name is no label)."""
    return sorted(_words(re.sub(r"\S*/\S*", " ", output)) & ENGLISH)


def test_the_english_words_are_many():
    """The check has teeth: the words it looks for include the labels of every command."""
    assert {"parent", "previous", "cited", "answer", "closest", "missing", "translated", "ruling"} <= ENGLISH
    assert len(ENGLISH) > 200


@pytest.mark.parametrize("lang", ["es", "fr"])
@pytest.mark.parametrize("args", COMMANDS, ids=" ".join)
def test_no_english_label_in_the_output(lang, args, monkeypatch):
    monkeypatch.setenv("MTGRULES_LANG", lang)
    result = CliRunner().invoke(cli, args)
    output = result.stdout + result.stderr
    assert output.strip(), args
    assert "Traceback" not in output
    assert not leaks(output), f"{' '.join(args)} in {lang}: {leaks(output)}\n{output}"
    print(output)


@pytest.mark.parametrize("lang", ["es", "fr"])
def test_no_english_label_in_a_quiz(lang, monkeypatch):
    monkeypatch.setenv("MTGRULES_LANG", lang)
    result = CliRunner().invoke(cli, ["quiz", "--count", "2", "--seed", "3"], input="1\nq\n")
    output = result.stdout + result.stderr
    assert "Traceback" not in output and output.strip()
    assert not leaks(output), f"quiz in {lang}: {leaks(output)}\n{output}"


@pytest.mark.parametrize("lang", ["es", "fr"])
def test_no_english_label_when_ingesting(lang, monkeypatch, tmp_path):
    monkeypatch.setenv("MTGRULES_LANG", lang)
    empty = tmp_path / "empty"
    empty.mkdir()
    for args in (["ingest", str(sorted(Path(SEEDS).glob("*.txt"))[0])], ["ingest", str(empty)], ["update", "--from", str(empty)]):
        result = CliRunner().invoke(cli, args)
        output = result.stdout + result.stderr
        assert "Traceback" not in output and output.strip(), args
        assert not leaks(output), f"{' '.join(args)} in {lang}: {leaks(output)}\n{output}"
