"""The plain forms of `search` and the lookups, run without click (`mtgrules.cli.plain`): read as
click reads them, or left to click; run as the click group runs them; and without importing
click."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from mtgrules.cli import plain
from mtgrules.cli.group import cli
from mtgrules.store import StoreError

# Words, values and option spellings a person (or a fumbling one) types.
WORDS = ["energía", "704.5g", "701.50", "aether", "hub", "confabular", "CR 704.5AA", "", " ", "-", "--", "a=b", "704.5a-704.5d",
         "704.5zz", "x"]
VALUES = ["es", "es,fr", "ES, fr", "xx", "spanish!", ",", "", "5", "0", "1000", "1001", "007", "٣", " 5", "-3", "rule", "glossary",
          "Rule", "latest", "LATEST", "2026-08-07", "2026-8-7", "--json"]
EXTRA = ["--help", "-h", "--debug", "--nope", "--jso", "--json=1", "--lang=es", "--lang=", "--limit=0", "--limit=3", "--kind=ruling",
         "--edition=latest", "--no-translate=yes"]


def click_params(name: str, args: list[str]) -> dict | None:
    """The parameters click gives the command for `args`, or None when click refuses them or
    does something else (help)."""
    command = cli.get_command(click.Context(cli), name)
    parent = click.Context(cli, info_name="mtgrules", help_option_names=["-h", "--help"])
    try:
        with command.make_context(name, list(args), parent=parent) as ctx:
            return dict(ctx.params)
    except (click.exceptions.ClickException, click.exceptions.Exit):
        return None


@pytest.mark.parametrize("name", sorted(plain.FORMS))
def test_each_form_has_exactly_its_click_commands_options(name):
    """An option added to a command and not to its form would make every use of it slow, not
    wrong (the form leaves it to click); a form's option that click lacks would be wrong."""
    form = plain.FORMS[name]
    command = cli.get_command(click.Context(cli), name)
    options = {opt: param for param in command.params if isinstance(param, click.Option) for opt in param.opts if opt != "--help"}
    assert set(options) == {option.name for option in form.options}
    for option in form.options:
        param = options[option.name]
        assert param.name == option.dest
        assert param.is_flag == (option.value is None)
        assert param.multiple == option.repeatable
    [argument] = [param for param in command.params if isinstance(param, click.Argument)]
    assert argument.name == form.dest and (argument.nargs == -1) == form.words


@pytest.mark.parametrize("name", sorted(plain.FORMS))
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_a_plain_form_reads_as_click_reads_it_or_is_left_to_click(name, data):
    form = plain.FORMS[name]
    tokens = WORDS + VALUES + EXTRA + [option.name for option in form.options]
    args = data.draw(st.lists(st.sampled_from(tokens), max_size=6))
    ours = form.parse(args)
    if ours is not None:
        assert ours == click_params(name, args), args


@pytest.mark.parametrize(("name", "args"), [
    ("search", ["energía"]),
    ("search", ["daño", "letal", "--json"]),
    ("search", ["--lang", "es", "criatura", "--limit=5"]),
    ("search", ["energy", "--kind", "rule", "--kind", "glossary", "--no-translate", "--edition", "latest"]),
    ("rule", ["704.5g", "--lang", "es,en"]),
    ("rule", ["CR 704.5AA", "--json"]),
    ("card", ["aether", "hub"]),
    ("term", ["confabular", "--lang=es"]),
    ("history", ["701.50.", "--edition", "2026-08-07"]),
])
def test_what_a_person_types_every_day_is_a_plain_form(name, args):
    ours = plain.FORMS[name].parse(args)
    assert ours is not None and ours == click_params(name, args)


@pytest.mark.parametrize("args", [["search", "--help"], ["-h"], ["search"], ["search", " "], ["search", "x", "--limit", "0"],
                                  ["search", "x", "--nope"], ["rule", "zzz"], ["history", "abc"], ["ingest"], ["--version"],
                                  ["search", "--", "-x"], []])
def test_help_errors_and_other_commands_are_left_to_click(args, monkeypatch):
    monkeypatch.setattr(sys, "argv", ["mtgrules", *args])
    assert plain.run(args) is False


def test_shell_completion_is_left_to_click(monkeypatch):
    monkeypatch.setenv(plain.COMPLETION, "bash_complete")
    assert plain.run(["search", "energía"]) is False


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    """A fresh MTGRULES_HOME over the committed seed corpus, its index built once."""
    home = tmp_path_factory.mktemp("home")
    environment = {**os.environ, "MTGRULES_HOME": str(home)}
    environment.pop("NO_COLOR", None)
    subprocess.run([sys.executable, "-m", "mtgrules", "search", "confabular"], env=environment, capture_output=True, timeout=300, check=True)
    return environment


def mtgrules(environment: dict, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-X", "importtime", "-m", "mtgrules", *args], env=environment, capture_output=True,
                          text=True, timeout=120)


def imported(process: subprocess.CompletedProcess) -> set[str]:
    return {line.split("|")[-1].strip() for line in process.stderr.splitlines() if line.startswith("import time:")}


def said(process: subprocess.CompletedProcess) -> str:
    return "".join(line + "\n" for line in process.stderr.splitlines() if not line.startswith("import time:"))


@pytest.mark.parametrize("args", [
    ["search", "confabular"],
    ["search", "confabular", "--json", "--limit", "2"],
    ["search", "criatras"],  # nothing found: exit 1 with a suggestion
    ["search", '"contador de'],  # a malformed query: one line, exit 2
    ["search", "criatura", "--lang", "de"],  # a language the corpus lacks
    ["search", "704.5aa"],  # a rule number
    ["search", "energía", "--edition", "1999-01-01"],  # an edition the corpus lacks
    ["rule", "704.5aa", "--lang", "es"],
    ["rule", "999.9"],
    ["card", "electrozoa", "--json"],
    ["card", "zzzzqqq"],
    ["term", "confabular", "--lang", "es"],
    ["history", "701.50"],
])
def test_a_plain_form_runs_without_click_and_as_the_click_group_runs_it(home, args, monkeypatch):
    process = mtgrules(home, *args)
    assert not {name for name in imported(process) if name == "click" or name.startswith("click.")}, args
    monkeypatch.setenv("MTGRULES_HOME", home["MTGRULES_HOME"])
    through_click = CliRunner().invoke(cli, args, prog_name="mtgrules")
    assert (process.returncode, process.stdout, said(process)) == (through_click.exit_code, through_click.stdout, through_click.stderr)


def test_a_usage_error_raised_while_searching_is_worded_by_click_as_before(home, monkeypatch):
    """An unknown `--lang` code is found only once the corpus's languages are known: click
    (imported then) words it, as through the group."""
    args = ["search", "criatura", "--lang", "xx"]
    process = mtgrules(home, *args)
    monkeypatch.setenv("MTGRULES_HOME", home["MTGRULES_HOME"])
    through_click = CliRunner().invoke(cli, args, prog_name="mtgrules")
    assert process.returncode == 2 and said(process) == through_click.stderr
    assert said(process).startswith("mtgrules: search: --lang xx: not a language code (the corpus has records in ")


def test_help_still_goes_through_click(home):
    process = mtgrules(home, "search", "--help")
    assert process.returncode == 0 and "Usage: mtgrules search [OPTIONS] QUERY..." in process.stdout
    assert "click" in imported(process)


def test_debug_shows_the_traceback_of_an_error(home):
    process = mtgrules(home, "--debug", "search", '"contador de')
    assert process.returncode == 1
    assert "Traceback" in said(process) and "QueryError: unbalanced quote" in said(process)


def test_json_lines_of_a_plain_search_read_back(home):
    process = mtgrules(home, "search", "confabular", "--json")
    assert process.returncode == 0
    assert any(json.loads(line)["key"][:2] == ["rule", "701.50"] for line in process.stdout.splitlines())


def _raises(error: BaseException):
    def show(*args, **kwargs):
        raise error

    return show


@pytest.mark.parametrize("error", [
    KeyboardInterrupt(),
    OSError(28, "No space left on device", "/somewhere/file"),
    OSError(13, "Permission denied"),
    RecursionError("maximum recursion depth exceeded"),
    StoreError("/home/corpus.sqlite3: the corpus database is locked by another program (close it)"),
], ids=lambda error: type(error).__name__ + str(getattr(error, "errno", "")))
def test_a_failure_of_a_plain_form_is_shown_as_the_click_group_shows_it(error, monkeypatch, capsys):
    """(A reader that left, 141, is tested on real processes: test_cli_main.py.)"""
    monkeypatch.setattr("mtgrules.cli.show_search.show", _raises(error))
    with pytest.raises(SystemExit) as plain_exit:
        plain.run(["search", "energía"])
    plain_err = capsys.readouterr().err
    through_click = CliRunner().invoke(cli, ["search", "energía"])
    assert (plain_exit.value.code, plain_err) == (through_click.exit_code, through_click.stderr)


@pytest.mark.parametrize("args", [["search", "confabular"], ["rule", "704.5aa"], ["card", "electrozoa"], ["term", "confabular"]])
def test_search_and_the_lookups_run_without_inspect(home, args):
    """`dataclasses` imports `inspect` (some 8 ms) for dataclasses without a docstring only
    (`mtgrules.cli.main.import_dataclasses_without_inspect`); those on these paths have one."""
    process = mtgrules(home, *args)
    assert process.returncode == 0 and "inspect" not in imported(process)


def test_dataclasses_made_without_inspect_are_made_as_with_it():
    code = """
        import sys
        from mtgrules.cli.main import import_dataclasses_without_inspect
        import_dataclasses_without_inspect()
        import dataclasses
        print("inspect" in sys.modules)

        @dataclasses.dataclass(frozen=True)
        class Plain:
            number: str
            langs: list = dataclasses.field(default_factory=list)

        print(Plain.__doc__)
        import inspect
        print(inspect.signature is dataclasses.inspect.signature, hasattr(inspect, "getsource"))
    """
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["False", "Plain(number: str, langs: list = <factory>)", "True True"]


def on_a_terminal(command: list[str], environment: dict) -> tuple[int, bytes, bytes]:
    """Exit code, what a terminal shows (stdout on a pseudo-terminal) and stderr of `command`."""
    import pty

    master, slave = pty.openpty()
    process = subprocess.Popen(command, stdout=slave, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, env=environment)
    os.close(slave)
    shown = b""
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # the other end closed
            break
        if not chunk:
            break
        shown += chunk
    os.close(master)
    error = process.stderr.read() if process.stderr else b""
    return process.wait(timeout=120), shown, error


@pytest.mark.parametrize("args", [["search", "confabular"], ["search", "criatura", "--lang", "es", "--limit", "3"], ["rule", "704.5aa"],
                                  ["card", "electrozoa"], ["term", "confabular"], ["history", "701.50"]])
def test_on_a_terminal_a_plain_form_shows_what_the_click_group_shows(home, args):
    """Colours, wrapping, every byte, through a pseudo-terminal."""
    through_click = [sys.executable, "-c", "from mtgrules.cli.group import cli; cli(prog_name='mtgrules')"]
    plain_shown = on_a_terminal([sys.executable, "-m", "mtgrules", *args], home)
    click_shown = on_a_terminal([*through_click, *args], home)
    assert plain_shown == click_shown
    assert plain_shown[0] == 1 or b"\x1b[" in plain_shown[1]  # history: the seeds hold no English edition


@pytest.fixture(scope="module")
def ingested_home(tmp_path_factory):
    """A MTGRULES_HOME whose corpus is a database on disk (one page ingested besides the seeds:
    a corpus of the seeds alone is read in memory, and only a database on disk lets a search
    find its index current without the store), its index built once."""
    home = tmp_path_factory.mktemp("ingested")
    environment = {**os.environ, "MTGRULES_HOME": str(home)}
    page = Path(__file__).parent / "pages" / "rule-es-704-6-table.html"
    subprocess.run([sys.executable, "-m", "mtgrules", "ingest", str(page)], env=environment, capture_output=True, timeout=300, check=True)
    subprocess.run([sys.executable, "-m", "mtgrules", "search", "confabular"], env=environment, capture_output=True, timeout=300, check=True)
    return environment
