"""Scenario files: a board and the actions to perform on it, in TOML, checked before anything
runs (`load`), so that a mistake costs one line naming the file, the line and the key:

    bad.toml:7: permanents[1].toughness: expected an integer, got "x"

The format is documented with examples in examples/README.md. This module reads a file and
holds the schema of the board (players, their cards, permanents, choices); the value checkers
are in `checks` and the actions, with their arguments, in `actions`. `judging` builds the
engine's state from a `Scenario` and runs it. Checking is strict (unknown keys are errors, with
a suggestion) because a misspelt key silently ignored would make the engine judge another board
than the one the person meant.

Everything the engine needs is resolved here: default ids (the name in lower case with dashes,
`grizzly-bears`, then `grizzly-bears-2`), owners, the order permanents enter in (their
timestamps), card type capitalisation, and every reference to an object or a player.
"""

from __future__ import annotations

import difflib
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path as FilePath
from typing import Any

from mtgrules.engine.choices import SECTORS
from mtgrules.engine.state import CopyOf, Face, Gift, Zone, slug  # slug: default ids look like the engine's own
from mtgrules.errors import ParseError
from mtgrules.study.actions import ACTIONS, check_action
from mtgrules.study.checks import (
    Checker,
    Invalid,
    Refers,
    boolean,
    capitalised,
    card_type,
    counters,
    integer,
    listed,
    lowered,
    one_of,
    raw_table,
    supertype,
    table,
    text,
)
from mtgrules.study.tomllines import Path, key_lines, line_of, render_path

# The zones a scenario may put a player's cards in, in the order their cards are created.
PLAYER_ZONES = (Zone.LIBRARY, Zone.HAND, Zone.GRAVEYARD, Zone.EXILE)


class ScenarioError(ParseError):
    """A scenario file that can't be judged: names the file, the line and the key."""


@dataclass
class CardSpec:
    """One object to create: where, whose, and the `GameObject` fields it starts with."""

    id: str
    name: str
    owner: str
    zone: Zone
    fields: dict[str, Any] = field(default_factory=dict)
    order: tuple[int, ...] = ()  # battlefield: (timestamp, 0 when not given; position in the file): entering order


@dataclass
class Scenario:
    source: str
    title: str
    description: str
    players: list[dict[str, Any]]  # `Player` keyword arguments, turn order
    active: str
    cards: list[CardSpec]  # players' cards first (zone order), then permanents in entering order
    actions: list[dict[str, Any]]  # {"do": name, ...arguments as written, checked}: see `actions.ACTIONS`
    choices: dict[str, list[str]]  # "discard" / "keep": object ids, in order of preference
    raw: dict[str, Any] = field(default_factory=dict)  # the TOML as read, for variants (quiz)


# the schema of the board ----------------------------------------------------------------------

FACE: dict[str, Checker] = {
    "name": text,
    "types": listed(card_type),
    "subtypes": listed(capitalised),
    "supertypes": listed(supertype),
    "power": integer(),
    "toughness": integer(),
}

CARD: dict[str, Checker] = {
    **FACE,
    "id": text,
    "keywords": listed(lowered),
    "counters": counters,
    "counter_limits": counters,
    "token": boolean,
    "copy": one_of(tuple(CopyOf)),
    "gift": one_of(tuple(Gift)),
    "chapters": integer(1),
    "enchant": capitalised,
    "other_face": lambda value, path: table(value, path, FACE, required=("name",)),
    "cant_transform": boolean,
}

PERMANENT: dict[str, Checker] = {
    **CARD,
    "controller": text,
    "owner": text,
    "timestamp": integer(),
    "tapped": boolean,
    "damage": integer(0),
    "deathtouch_damage": boolean,
    "regeneration_shields": integer(0),
    "attached_to": text,
    "protector": text,
    "attacking": text,
    "sector": one_of(SECTORS),
}
# Keys of a permanent that name something on the board, resolved once every id is known.
PERMANENT_REFERENCES = {"attached_to": Refers.OBJECT_OR_PLAYER, "attacking": Refers.OBJECT_OR_PLAYER,
                        "protector": Refers.PLAYER}


def card_entry(value: Any, path: Path) -> dict[str, Any]:
    """A card in a player's zone: a name, or a table like a permanent's."""
    if isinstance(value, str):
        return {"name": text(value, path)}
    return table(value, path, CARD, required=("name",))


PLAYER: dict[str, Checker] = {
    "name": text,
    "life": integer(),
    "poison": integer(0),
    "energy": integer(0),
    "speed": integer(1, 4),
    **{zone.value: listed(card_entry) for zone in PLAYER_ZONES},
}

TOP: dict[str, Checker] = {
    "title": text, "description": text, "active": text, "players": listed(raw_table),
    "permanents": listed(raw_table), "actions": listed(raw_table), "choices": raw_table,
}


# from checked tables to a Scenario ---------------------------------------------------------------


def _frozen(entry: dict[str, Any]) -> dict[str, Any]:
    """Lists of words (types, keywords …) as the frozensets `GameObject` and `Face` hold."""
    return {k: frozenset(v) if k in ("types", "subtypes", "supertypes", "keywords") else v for k, v in entry.items()}


def _object_fields(entry: dict[str, Any]) -> dict[str, Any]:
    """Checked TOML keys -> `GameObject` keyword arguments."""
    fields = _frozen({k: v for k, v in entry.items() if k not in ("id", "name", "owner", "timestamp")})
    if "deathtouch_damage" in fields:
        fields["dealt_deathtouch_damage"] = fields.pop("deathtouch_damage")
    if "other_face" in fields:
        fields["other_face"] = Face(**_frozen(fields["other_face"]))
    return fields


class _Builder:
    def __init__(self, data: dict[str, Any]):
        self.data = data
        self.ids: dict[str, Path] = {}

    def new_id(self, entry: dict[str, Any], path: Path) -> str:
        if "id" in entry:
            if entry["id"] in self.ids:
                raise Invalid(path + ("id",), f"id {entry['id']!r} is already used by {render_path(self.ids[entry['id']])}")
            object_id = entry["id"]
        else:
            base = object_id = slug(entry["name"])
            number = 1
            while object_id in self.ids:
                number += 1
                object_id = f"{base}-{number}"
        self.ids[object_id] = path
        return object_id

    def build(self, source: str) -> Scenario:
        data = table(self.data, (), TOP)
        players = [table(p, ("players", i), PLAYER, required=("name",)) for i, p in enumerate(data.get("players", []))]
        if not players:
            raise Invalid(("players",), "a scenario needs at least one [[players]] table")
        names: dict[str, int] = {}
        for index, player in enumerate(players):
            if player["name"] in names:
                raise Invalid(("players", index, "name"), f"player {player['name']!r} is already players[{names[player['name']]}]")
            names[player["name"]] = index
        cards: list[CardSpec] = []
        for index, player in enumerate(players):
            for zone in PLAYER_ZONES:
                for position, entry in enumerate(player.get(zone.value, [])):
                    path: Path = ("players", index, zone.value, position)
                    cards.append(CardSpec(self.new_id(entry, path), entry["name"], player["name"], zone, _object_fields(entry)))
        permanents = []
        for index, raw in enumerate(data.get("permanents", [])):
            path = ("permanents", index)
            entry = table(raw, path, PERMANENT, required=("name", "controller"))
            for key in ("controller", "owner"):
                if key in entry and entry[key] not in names:
                    raise Invalid(path + (key,), f"no player named {entry[key]!r} (players: {', '.join(names)})")
            spec = CardSpec(self.new_id(entry, path), entry["name"], entry.get("owner", entry["controller"]), Zone.BATTLEFIELD,
                            _object_fields(entry), order=(entry.get("timestamp", 0), index))
            permanents.append((spec, path))
        permanents.sort(key=lambda pair: pair[0].order)
        for spec, path in permanents:
            self.check_references(spec, path, names)
        cards += [spec for spec, _ in permanents]
        active = data.get("active", players[0]["name"])
        if active not in names:
            raise Invalid(("active",), f"no player named {active!r} (players: {', '.join(names)})")
        actions = [check_action(a, ("actions", i)) for i, a in enumerate(data.get("actions", []))]
        for index, action in enumerate(actions):
            self.check_action(action, ("actions", index), names)
        choices = table(data.get("choices", {}), ("choices",), {"discard": listed(text), "keep": listed(text)})
        for key, ids in choices.items():
            for position, object_id in enumerate(ids):
                self.expect_object(object_id, ("choices", key, position))
        for player in players:
            for zone in PLAYER_ZONES:
                player.pop(zone.value, None)
        return Scenario(source, data.get("title", FilePath(source).stem), data.get("description", ""), players, active,
                        cards, actions, choices, raw=self.data)

    def expect_object(self, object_id: str, path: Path) -> None:
        if object_id not in self.ids:
            close = difflib.get_close_matches(object_id, list(self.ids), n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise Invalid(path, f"no object with id {object_id!r}{hint}")

    def expect(self, value: str, refers: Refers, path: Path, players: dict[str, int]) -> None:
        """`value` must name what `refers` says: a player, an object, or a player else an object."""
        if refers is Refers.PLAYER and value not in players:
            raise Invalid(path, f"no player named {value!r} (players: {', '.join(players)})")
        if refers is Refers.OBJECT or (refers is Refers.OBJECT_OR_PLAYER and value not in players):
            self.expect_object(value, path)

    def check_references(self, spec: CardSpec, path: Path, players: dict[str, int]) -> None:
        """`attached_to` and `attacking` name a player or an object; `protector` a player."""
        for key, refers in PERMANENT_REFERENCES.items():
            value = spec.fields.get(key)
            if value is not None:
                self.expect(value, refers, path + (key,), players)

    def check_action(self, action: dict[str, Any], path: Path, players: dict[str, int]) -> None:
        """Every argument that names a player or an object (see `actions.ACTIONS`) names one."""
        arguments = ACTIONS[action["do"]].arguments
        for key, value in action.items():
            if key == "do":
                continue
            refers = arguments[key].refers
            if refers is Refers.NOTHING:
                continue
            values = value if isinstance(value, list) else [value]
            for position, item in enumerate(values):
                where = path + (key,) + ((position,) if isinstance(value, list) else ())
                self.expect(item, refers, where, players)


# entry points --------------------------------------------------------------------------------


def _syntax_error(error: tomllib.TOMLDecodeError, source: str) -> ScenarioError:
    """tomllib says "Invalid value (at line 3, column 10)": move the line to the front."""
    message = str(error)
    match = re.search(r"\s*\(at line (\d+), column (\d+)\)$", message)
    if match:
        return ScenarioError(source, f"TOML syntax: {message[:match.start()]} (column {match.group(2)})", line=int(match.group(1)))
    return ScenarioError(source, f"TOML syntax: {message}")


def from_data(data: dict[str, Any], source: str, lines: dict[Path, int] | None = None) -> Scenario:
    """Check parsed TOML and resolve it into a `Scenario`; errors name `source` and the line."""
    try:
        return _Builder(data).build(source)
    except Invalid as invalid:
        line = line_of(lines or {}, invalid.path)
        where = render_path(invalid.path)
        raise ScenarioError(source, f"{where}: {invalid.message}" if where else invalid.message, line=line) from None


def loads(text_: str, source: str) -> Scenario:
    try:
        data = tomllib.loads(text_)
    except tomllib.TOMLDecodeError as error:
        raise _syntax_error(error, source) from None
    return from_data(data, source, key_lines(text_))


def load(path: str | FilePath) -> Scenario:
    """Read and check a scenario file; `source` in errors is the path as given."""
    try:
        raw = FilePath(path).read_bytes()
    except OSError as error:
        raise ScenarioError(str(path), f"can't read the scenario: {error.strerror}") from None
    try:
        content = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = raw[: error.start].count(b"\n") + 1
        raise ScenarioError(str(path), "not UTF-8 text (TOML files are UTF-8)", line=line) from None
    return loads(content, str(path))
