"""Scenario files: checking with line-accurate errors, and what a checked file resolves to."""

from __future__ import annotations

import re
import textwrap

import pytest
from conftest import REPO

from mtgrules.engine.state import KEYWORDS
from mtgrules.study import scenario
from mtgrules.study.actions import ACTIONS
from mtgrules.study.checks import COUNTER_KINDS
from mtgrules.study.scenario import ScenarioError
from mtgrules.study.tomllines import key_lines, line_of, render_path

BOARD = """\
title = "Two bears"

[[players]]
name = "Alice"
hand = ["Opt", { name = "Forest", types = ["land"] }]

[[players]]
name = "Bob"

[[permanents]]
name = "Grizzly Bears"
controller = "Alice"
types = ["Creature"]
power = 2
toughness = 2

[[permanents]]
name = "Grizzly Bears"
controller = "Bob"
types = ["Creature"]
power = 2
toughness = 2
"""


def error_of(text: str, source: str = "bad.toml") -> str:
    with pytest.raises(ScenarioError) as caught:
        scenario.loads(textwrap.dedent(text), source)
    return str(caught.value)


def test_key_lines_follow_tables_arrays_and_inline_values():
    lines = key_lines(BOARD)
    assert lines[("players", 0, "hand", 1, "types")] == 5
    assert lines[("players", 1, "name")] == 8
    assert lines[("permanents", 1)] == 17
    assert lines[("permanents", 1, "toughness")] == 22
    assert line_of(lines, ("permanents", 1, "counters", "+1/+1")) == 17  # falls back to its table
    assert render_path(("permanents", 0, "counters", "+1/+1")) == 'permanents[0].counters."+1/+1"'


def test_the_brief_example_error_names_file_line_and_key():
    bad = BOARD.replace("toughness = 2\n", 'toughness = "x"\n', 2).replace('toughness = "x"\n', "toughness = 2\n", 1)
    assert error_of(bad) == 'bad.toml:22: permanents[1].toughness: expected an integer, got "x"'


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('[[players]]\nname = "A"\nlife = true\n', 'bad.toml:3: players[0].life: expected an integer, got true'),
        ('[[players]]\nname = "A"\n[[permanents]]\nname = "X"\ncontroler = "A"\n',
         "bad.toml:5: permanents[0].controler: unknown key (did you mean 'controller'?)"),
        ('[[players]]\nname = "A"\n[[permanents]]\nname = "X"\n', "bad.toml:3: permanents[0]: missing key 'controller'"),
        ('[[players]]\nname = "A"\n[[permanents]]\nname = "X"\ncontroller = "Bob"\n',
         "bad.toml:5: permanents[0].controller: no player named 'Bob' (players: A)"),
        ('[[players]]\nname = "A"\n[[permanents]]\nname = "X"\ncontroller = "A"\ntypes = ["Creture"]\n',
         'bad.toml:6: permanents[0].types[0]: expected one of "Artifact", "Battle", "Creature", "Dungeon", '
         '"Enchantment", "Instant", "Kindred", "Land", "Planeswalker", "Sorcery", got "Creture"'),
        ('[[players]]\nname = "A"\n[[permanents]]\nname = "X"\ncontroller = "A"\ncounters = { "+1/+1" = -1 }\n',
         'bad.toml:6: permanents[0].counters."+1/+1": expected an integer from 0 to 1000000, got -1'),
        ('[[players]]\nname = "A"\n[[permanents]]\nname = "X"\ncontroller = "A"\nattached_to = "bear"\n',
         "bad.toml:6: permanents[0].attached_to: no object with id 'bear'"),
        ('[[players]]\nname = "A"\n[[permanents]]\nname = "X"\ncontroller = "A"\nprotector = "x"\n',
         "bad.toml:6: permanents[0].protector: no player named 'x' (players: A)"),
        ('[[players]]\nname = "A"\n[[actions]]\ndo = "connive"\npermanent = "spy"\n',
         "bad.toml:5: actions[0].permanent: no object with id 'spy'"),
        ('[[players]]\nname = "A"\n[[actions]]\ndo = "explode"\n',
         'bad.toml:4: actions[0].do: expected one of ' + ", ".join(f'"{name}"' for name in ACTIONS) + ', got "explode"'),
        # Whatever the engine does not model is refused, never carried along and ignored.
        ('[[players]]\nname = "A"\n[[permanents]]\nname = "X"\ncontroller = "A"\nkeywords = ["hexproof"]\n',
         'bad.toml:6: permanents[0].keywords[0]: "hexproof" is not a keyword the engine models; it models: '
         + ", ".join(KEYWORDS)),
        ('[[players]]\nname = "A"\n[[permanents]]\nname = "X"\ncontroller = "A"\nkeywords = ["lifelnk"]\n',
         'bad.toml:6: permanents[0].keywords[0]: "lifelnk" is not a keyword the engine models (did you mean \'lifelink\'?); '
         'it models: ' + ", ".join(KEYWORDS)),
        ('[[players]]\nname = "A"\n[[permanents]]\nname = "X"\ncontroller = "A"\ncounters = { stun = 1 }\n',
         "bad.toml:6: permanents[0].counters.stun: the engine doesn't model stun counters: stun counters stop untapping "
         "(122.1d), and the engine has no untap step"),
        ('[[players]]\nname = "A"\n[[permanents]]\nname = "X"\ncontroller = "A"\ncounters = { hexproof = 1 }\n',
         "bad.toml:6: permanents[0].counters.hexproof: the engine doesn't model hexproof counters: hexproof counters give "
         "hexproof (122.1b), a keyword the engine does not model"),
        ('[[players]]\nname = "A"\n[[permanents]]\nname = "X"\ncontroller = "A"\ncounters = { sheild = 1 }\n',
         "bad.toml:6: permanents[0].counters.sheild: \"sheild\" is not a kind of counter the engine models (did you mean "
         "'shield'?); it models +X/+Y and -X/-Y, " + ", ".join(COUNTER_KINDS)),
        ('[[players]]\nname = "A"\n[[permanents]]\nname = "X"\ncontroller = "A"\nenchant = "creature you control"\n',
         'bad.toml:6: permanents[0].enchant: expected one of "Artifact", "Battle", "Creature", "Dungeon", "Enchantment", '
         '"Instant", "Kindred", "Land", "Planeswalker", "Sorcery", "Permanent", "Player", got "creature you control"'),
        ('[[players]]\nname = "A"\n[[permanents]]\nname = "X"\ncontroller = "A"\n[[permanents]]\nname = "Y"\n'
         'controller = "A"\nblocking = "x"\n',
         "bad.toml:9: permanents[1].blocking: 'x' is not an attacking creature (give it `attacking`)"),
        ('[[players]]\nname = "A"\n[choices]\nsectors = { x = "delta" }\n',
         'bad.toml:4: choices.sectors.x: expected one of "alpha", "beta", "gamma", got "delta"'),
        ('[[players]]\nname = "A"\n[choices]\nprotectors = { siege = "A" }\n', "bad.toml:4: choices.protectors.siege: no object with id 'siege'"),
        ('[[players]]\nname = "A"\nhand = ["X"]\n[choices]\ndamage = { x = { Bob = 2 } }\n',
         "bad.toml:5: choices.damage.x.Bob: no object with id 'Bob'"),
        ('[[players]]\nname = "A"\n[expect.players.B]\nlife = 3\n', "bad.toml:3: expect.players.B: no player named 'B' (players: A)"),
        ('[[players]]\nname = "A"\n[expect]\nevents = ["7045g"]\n', 'bad.toml:4: expect.events[0]: expected a rule number such as "704.5g", got "7045g"'),
        ('[[players]]\nname = "A"\n[expect.objects.x]\nzone = "yard"\n',
         'bad.toml:4: expect.objects.x.zone: expected one of "library", "hand", "graveyard", "exile", "command", '
         '"battlefield", "stack", "gone", got "yard"'),
        ('[[players]]\nname = "A"\nventure = { dungeon = "mine", room = "Cave" }\n',
         "bad.toml:3: players[0].venture.dungeon: no dungeon with id 'mine' in A's command zone"),
        ('[[players]]\nname = "A"\n[[actions]]\ndo = "pay_energy"\nplayer = "A"\n',
         "bad.toml:3: actions[0]: missing key 'amount'"),
        ('[[players]]\nname = "A"\n[[actions]]\ndo = "connive"\n',
         "bad.toml:3: actions[0]: connive needs either 'permanent' or 'permanents'"),
        ('[[players]]\nname = "A"\nhand = ["Spy"]\n[[actions]]\ndo = "connive"\npermanent = "spy"\npermanents = ["spy"]\n',
         "bad.toml:4: actions[0]: connive needs either 'permanent' or 'permanents'"),
        ('[[players]]\nname = "A"\n[[actions]]\ndo = "draw"\nplayer = "B"\n',
         "bad.toml:5: actions[0].player: no player named 'B' (players: A)"),
        ('[[players]]\nname = "A"\n[[actions]]\ndo = "damage"\nsource = "A"\ntarget = "A"\namount = 1\n',
         "bad.toml:5: actions[0].source: no object with id 'A'"),
        ('[[players]]\nname = "A"\nspeed = 5\n', "bad.toml:3: players[0].speed: expected an integer from 1 to 4, got 5"),
        ('[[players]]\nname = "A"\n[[players]]\nname = "A"\n', "bad.toml:4: players[1].name: player 'A' is already players[0]"),
        ('title = "nobody"\n', "bad.toml: players: a scenario needs at least one [[players]] table"),
        ('[[players]]\nname = "A"\nhand = [\n  "Opt",\n  { name = "Bolt", gift = "a pony" },\n]\n',
         'bad.toml:5: players[0].hand[1].gift: expected one of "a Food", "a card", "a tapped Fish", '
         '"an extra turn", "a Treasure", "an Octopus", got "a pony"'),
        ('[[players]]\nname = "A"\n[choices]\ndiscard = ["opt", "bolt"]\n[[players]]\nname = "B"\nhand = ["Opt"]\n',
         "bad.toml:4: choices.discard[1]: no object with id 'bolt'"),
    ],
)
def test_invalid_files_give_one_line_naming_file_line_and_key(text, expected):
    message = error_of(text)
    assert message == expected
    assert "\n" not in message


def test_syntax_errors_give_the_line_too():
    assert error_of('[[players]]\nname = "A"\nlife = \n') == "bad.toml:3: TOML syntax: Invalid value (column 8)"
    assert error_of('[[players]]\nname = "A"\nname = "B"\n').startswith("bad.toml:3: TOML syntax: ")


def test_default_ids_owners_and_capitalisation_are_resolved():
    checked = scenario.loads(BOARD, "board.toml")
    assert [c.id for c in checked.cards] == ["opt", "forest", "grizzly-bears", "grizzly-bears-2"]
    cards = {card.id: card for card in checked.cards}
    forest = cards["forest"]
    assert (forest.zone, forest.owner, forest.fields["types"]) == ("hand", "Alice", frozenset({"Land"}))
    assert cards["grizzly-bears-2"].owner == "Bob"
    assert checked.active == "Alice" and checked.title == "Two bears"


def test_timestamps_order_the_battlefield_and_explicit_ids_must_be_unique():
    text = BOARD.replace('[[permanents]]\nname = "Grizzly Bears"\ncontroller = "Alice"\n',
                         '[[permanents]]\nname = "Grizzly Bears"\ncontroller = "Alice"\ntimestamp = 9\n')
    checked = scenario.loads(text, "board.toml")
    assert [c.id for c in checked.cards if c.zone == "battlefield"] == ["grizzly-bears-2", "grizzly-bears"]
    clash = BOARD.replace('name = "Bob"\n', 'name = "Bob"\nhand = [{ id = "opt", name = "Opt" }]\n')
    assert "players[1].hand[0].id: id 'opt' is already used by players[0].hand[0]" in error_of(clash)


def test_a_missing_timestamp_counts_as_0_as_examples_readme_says():
    permanent = '[[permanents]]\nname = "{}"\ncontroller = "A"\n{}'
    text = '[[players]]\nname = "A"\n' + "".join(permanent.format(name, stamp) for name, stamp in (
        ("W", ""), ("X", "timestamp = 1\n"), ("Y", "timestamp = -1\n"), ("Z", "timestamp = 0\n")))
    assert [c.id for c in scenario.loads(text, "t.toml").cards] == ["y", "w", "z", "x"]


def test_unreadable_and_non_utf8_files(tmp_path):
    missing = tmp_path / "missing.toml"
    with pytest.raises(ScenarioError, match=r"missing\.toml: can't read the scenario"):
        scenario.load(missing)
    latin = tmp_path / "latin.toml"
    latin.write_bytes(b'[[players]]\nname = "Jos\xe9"\n')
    with pytest.raises(ScenarioError, match=r"latin\.toml:2: not UTF-8 text"):
        scenario.load(latin)


def test_every_action_declares_its_arguments_consistently():
    for name, spec in ACTIONS.items():
        assert set(spec.exactly_one_of) <= set(spec.arguments), name
        assert not any(spec.arguments[key].required for key in spec.exactly_one_of), name
        assert all(argument.default is None for argument in spec.arguments.values() if argument.required), name


def test_examples_readme_documents_every_action_its_arguments_and_defaults():
    """examples/README.md is where people learn the actions: its table must say what
    `actions.ACTIONS` accepts, argument for argument, and the same defaults."""
    readme = (REPO / "examples" / "README.md").read_text(encoding="utf-8")
    section = readme.split("### `[[actions]]`")[1].split("\n### ")[0]
    documented, defaults = {}, {}
    body = section.split("|---|---|\n")[1]  # the rows under the header
    for row in (line for line in body.splitlines() if line.startswith("| `")):
        names, arguments = row.strip("|").split("|")[:2]
        for name in re.findall(r"`(\w+)`", names):
            documented[name] = set(re.findall(r"`(\w+)", arguments))
            defaults.update({(name, key): value for key, value in re.findall(r"`(\w+)` \(default ([^)]+)\)", arguments)})
    assert list(documented) == list(ACTIONS)
    for name, spec in ACTIONS.items():
        assert documented[name] == set(spec.arguments), name
        for key, argument in spec.arguments.items():
            if (name, key) in defaults:
                assert str(argument.default) == defaults[name, key], (name, key)
    assert defaults, "the README states no defaults: has its table changed shape?"
