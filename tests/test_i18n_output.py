"""No English label leaks into Spanish or French output (issue 23, item 3): each command is run
with MTGRULES_LANG=es and =fr on a small corpus, its help too and its usage errors, and every word
it prints (stdout and stderr) is checked against the English of the tool's own messages.

The English words looked for are those of every message in the catalogs (their msgids: our
messages, the commands' help, and click's own words), less those that are words of that
language's translations too (codes, "Oracle", "corpus", French "options"…) and those of the
data shown (the corpus's rules, names and rulings, the scenario files): what is left can only
come from a label that was not translated. A label never put through the catalogs is caught as
long as its words are the tool's words elsewhere, which nearly all are; a help text or metavar
never put through them is caught by `test_every_help_text_is_a_message_of_the_catalogs`.
"""

from __future__ import annotations

import re
from pathlib import Path

import click
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
# What a person types, which output and messages quote as it is typed: paths, option names
# (--no-translate), query fields (kind:ruling), choice lists ([rule|ruling]) and quoted values
# ('ruling'). Their words are no labels, in the output or in a translation.
_TYPED = re.compile(r"\S*/\S*|(?<!\w)--?[\w-]+|\w+:\S+|\[[\w|-]+\]|'[^'\s]+'|`[^`]*`")


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
    parsed = sorted(Path(SEEDS).glob("*.txt"))[0]  # the document `parse` prints the records of
    return words | _words(EXAMPLE.read_text(encoding="utf-8")) | _words(parsed.read_text(encoding="utf-8"))


def english_label_words(lang: str) -> set[str]:
    english: set[str] = set()
    translated: set[str] = set()
    for message in _catalog(lang):
        if not message.id:
            continue
        for text in _strings(message.id):
            english |= _words(_TYPED.sub(" ", _PLACEHOLDER.sub(" ", text)))
        for text in _strings(message.string):
            translated |= _words(_TYPED.sub(" ", _PLACEHOLDER.sub(" ", text)))
    commands = {name for name in COMMAND_NAMES}
    # "points" is French as much as English ("points de vie").
    return english - translated - _data_words() - commands - {"mtgrules", "points"}


ENGLISH = {lang: english_label_words(lang) for lang in ("es", "fr")}

# What a judge types in a day, on the sample corpus: found, not found, and mistyped.
COMMANDS = [
    ["search", "energía"],
    ["search", "confabular", "--lang", "fr"],
    ["search", "qwertyuiopzz"],
    ["search", "indestructible", "toughness"],
    # a query the search refuses: unbalanced, too many edits, little words only, a field with nothing
    ["search", "(energía"],
    ["search", "energía~5"],
    ["search", "de", "la"],
    ["search", "card:"],
    ["search", "energía", "AND"],
    ["search", "--edition", "1999-01-01", "energía"],
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
    # click's own words: a bad value, a choice, a missing value, an unknown option, one too many
    ["search", "--limit", "0", "energía"],
    ["search", "--kind", "rulings", "energía"],
    ["search", "energía", "--limit"],
    ["rule", "--bogus", "704.5"],
    ["config", "language", "es", "fr"],
    ["quiz", "--count", "many"],
    ["diff", "2024-06-07", "latest"],
    ["diff", "2026-08-07", "2026-08-07", "--moves"],
    ["cite", str(REPO / "tests" / "cite" / "articulo-juez-es.html")],
    ["cite", str(REPO / "tests" / "cite" / "article-juge-fr.txt"), "--edition", "1999-01-01"],
    ["parse", str(sorted(Path(SEEDS).glob("*.txt"))[0])],
    # every command's help (its text, its options', its metavars, and click's headings)
    ["--help"],
    *([name, "--help"] for name in sorted(COMMAND_NAMES)),
    ["engine", "coverage", "--help"],
]


@pytest.fixture(autouse=True)
def sample(monkeypatch):
    use_corpus(monkeypatch, sample_records())
    monkeypatch.setattr(registry, "implementations_for", lambda number: [])
    monkeypatch.setattr(registry, "tests_for_rule", lambda number: [])



def leaks(output: str, lang: str) -> list[str]:
    """The English label words in `output`, what the person typed left out."""
    return sorted(_words(_TYPED.sub(" ", output)) & ENGLISH[lang])


def test_the_english_words_are_many():
    """The check has teeth: the words it looks for include the labels of every command, the
    words of the help and click's own."""
    for lang in ("es", "fr"):
        assert {"parent", "previous", "cited", "answer", "closest", "missing", "translated", "ruling", "show", "exit",
                "invalid", "value"} <= ENGLISH[lang]
        assert len(ENGLISH[lang]) > 400
    assert {"usage", "options", "message", "argument"} <= ENGLISH["es"]  # French writes them alike


@pytest.mark.parametrize("lang", ["es", "fr"])
def test_english_help_would_be_caught(lang, monkeypatch):
    """The help as an English reader sees it is full of leaks for a Spanish or French one."""
    monkeypatch.setenv("MTGRULES_LANG", "en")
    output = CliRunner().invoke(cli, ["search", "--help"]).output
    found = leaks(output, lang)
    assert {"show", "exit", "languages"} <= set(found) and len(found) > 20


@pytest.mark.parametrize("lang", ["es", "fr"])
@pytest.mark.parametrize("args", COMMANDS, ids=" ".join)
def test_no_english_label_in_the_output(lang, args, monkeypatch):
    monkeypatch.setenv("MTGRULES_LANG", lang)
    result = CliRunner().invoke(cli, args)
    output = result.stdout + result.stderr
    assert output.strip(), args
    assert "Traceback" not in output
    assert not leaks(output, lang), f"{' '.join(args)} in {lang}: {leaks(output, lang)}\n{output}"
    print(output)


@pytest.mark.parametrize("lang", ["es", "fr"])
def test_no_english_label_in_a_quiz(lang, monkeypatch):
    monkeypatch.setenv("MTGRULES_LANG", lang)
    result = CliRunner().invoke(cli, ["quiz", "--count", "2", "--seed", "3"], input="1\nq\n")
    output = result.stdout + result.stderr
    assert "Traceback" not in output and output.strip()
    assert not leaks(output, lang), f"quiz in {lang}: {leaks(output, lang)}\n{output}"


@pytest.mark.parametrize("lang", ["es", "fr"])
def test_no_english_label_when_ingesting(lang, monkeypatch, tmp_path):
    monkeypatch.setenv("MTGRULES_LANG", lang)
    empty = tmp_path / "empty"
    empty.mkdir()
    for args in (["ingest", str(sorted(Path(SEEDS).glob("*.txt"))[0])], ["ingest", str(empty)], ["update", "--from", str(empty)]):
        result = CliRunner().invoke(cli, args)
        output = result.stdout + result.stderr
        assert "Traceback" not in output and output.strip(), args
        assert not leaks(output, lang), f"{' '.join(args)} in {lang}: {leaks(output, lang)}\n{output}"


# Documents that are not what mtgrules reads, each refused for its own reason by a parser.
BAD_DOCUMENTS = {
    "notas.txt": b"nota para mi, nada de reglas\n",
    "AER.json": b'{"meta": {"version": "5.2.2"}, "data": {"cards": [1, 2',
    "latin.txt": "café olé déjà, à la française, très élégant\n".encode("cp1252") * 3,
    "vacio.txt": b"",
    "reglas.txt": b"Reglas completas de Magic\n\nEstas reglas entran en vigor el 1 de mayo de 2026.\n\nIndice\n\n1. Conceptos\n",
    "pagina.html": b"<html><body>" + b"<div>" * 400 + b"</body></html>",
}


@pytest.mark.parametrize("lang", ["es", "fr"])
def test_no_english_in_the_reasons_a_document_or_a_download_is_refused(lang, monkeypatch, tmp_path):
    """Parser, download and folder errors: the reason inside the translated line is translated too."""
    monkeypatch.setenv("MTGRULES_LANG", lang)
    folder = tmp_path / "bad"
    folder.mkdir()
    for name, data in BAD_DOCUMENTS.items():
        (folder / name).write_bytes(data)
    a_file = tmp_path / "a-file"
    a_file.write_text("x")
    for args, env in ((["ingest", str(folder)], {}), (["update", "--from", str(folder)], {}),
                      (["update", "--only", "rules", "--rules-page", "ftp://example.org/x"], {}),
                      (["update", "--only", "rules", "--rules-page", "http://127.0.0.1:9/"], {}),
                      (["ingest", str(folder / "notas.txt")], {"MTGRULES_HOME": str(a_file)})):
        result = CliRunner().invoke(cli, args, env=env)
        output = result.stdout + result.stderr
        assert "Traceback" not in output and result.exit_code == 2, (args, output)
        assert not leaks(output, lang), f"{' '.join(args)} in {lang}: {leaks(output, lang)}\n{output}"


def _commands(command: click.Command, path: str = "mtgrules"):
    yield path, command
    if isinstance(command, click.Group):
        for name in command.list_commands(click.Context(command)):
            yield from _commands(command.get_command(click.Context(command), name), f"{path} {name}")


def test_every_help_text_is_a_message_of_the_catalogs():
    """Every command's help, every option's and argument's help and every metavar in words is a
    message the catalogs translate (marked N_ where the command is defined)."""
    messages = {message.id for message in _catalog("es") if message.id}
    unmarked = []
    for path, command in _commands(cli):
        ctx = click.Context(command, info_name=path)
        texts = [command.help, command.short_help, command.epilog, command.options_metavar]
        for param in command.get_params(ctx):
            texts += [getattr(param, "help", None), param.metavar]
        unmarked += [f"{path}: {text!r}" for text in texts if text and _WORD.search(text) and text not in messages]
    assert not unmarked, unmarked


@pytest.mark.parametrize(("lang", "headings"), [
    ("fr", ["Usage :", "Options :", "Commandes :"]),
    ("es", ["Uso:", "Opciones:", "Órdenes:"]),
    ("en", ["Usage:", "Options:", "Commands:"]),
])
def test_help_headings_are_punctuated_the_languages_way(lang, headings, monkeypatch):
    """French sets a space before a colon: "Options :" as its "Usage :", not "Options:"."""
    monkeypatch.setenv("MTGRULES_LANG", lang)
    lines = CliRunner().invoke(cli, ["--help"]).output.splitlines()
    assert lines[0].startswith(headings[0] + " ")
    assert headings[1] in lines and headings[2] in lines
    options = CliRunner().invoke(cli, ["search", "--help"]).output.splitlines()
    assert headings[1] in options


# MTGJSON files damaged in the ways a download or an editor damages them: cut short, a level of
# the wrong kind, a missing comma, a value of the wrong kind, a byte that is not UTF-8.
DAMAGED_JSON = [
    b'{"data":{"cards":[',
    b'{"meta":{"version":"5"},"data":{"cards":{"a":1}}}',
    b'{"meta":{"version":"5"},"data":{"cards":[{"name":"X"} {"name":"Y"}]}}',
    b'{"meta":{"version":"5"},"data":{"cards":[{"name": 5}]}}',
    b'{"meta":{},"data":{"cards":[{"name":"' + b"a" * 20000 + b'\xff"}]}}',
]


@pytest.mark.parametrize("lang", ["es", "fr"])
@pytest.mark.parametrize("data", DAMAGED_JSON, ids=range(len(DAMAGED_JSON)))
def test_a_damaged_data_file_is_refused_in_the_persons_words(lang, data, tmp_path, monkeypatch):
    """The reason names the place ("card 1 of data.cards", "byte 20,037") in the person's
    language and writes numbers its way."""
    monkeypatch.setenv("MTGRULES_LANG", lang)
    damaged = tmp_path / "set.json"
    damaged.write_bytes(data)
    result = CliRunner().invoke(cli, ["ingest", str(damaged)])
    output = result.stdout + result.stderr
    assert result.exit_code == 2 and "Traceback" not in output
    assert not leaks(output, lang), f"{lang}: {leaks(output, lang)}\n{output}"
    if b"\xff" in data:
        assert {"es": "20.037", "fr": "20\u202f037"}[lang] in output
