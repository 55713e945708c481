"""Scenario files: a board and the actions to perform on it, in TOML, checked before anything
runs (`load`), so that a mistake costs one line naming the file, the line and the key:

    bad.toml:7: permanents[1].toughness: expected an integer, got "x"

The format is documented with examples in examples/README.md. This module only reads and
checks; `judging` builds the engine's state from a `Scenario` and runs it. Checking is strict
(unknown keys are errors, with a suggestion) because a misspelt key silently ignored would make
the engine judge another board than the one the person meant.

Everything the engine needs is resolved here: default ids (the name in lower case with dashes,
`grizzly-bears`, then `grizzly-bears-2`), owners, the order permanents enter in (their
timestamps), card type capitalisation, and every reference to an object or a player.
"""

from __future__ import annotations

import difflib
import json
import re
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path as FilePath
from typing import Any

from mtgrules.engine.choices import SECTORS
from mtgrules.engine.gift import GIFTS
from mtgrules.engine.state import Face, slug  # slug: default ids look like the engine's own
from mtgrules.errors import ParseError
from mtgrules.study.tomllines import Path, key_lines, line_of, render_path

CARD_TYPES = ("Artifact", "Battle", "Creature", "Dungeon", "Enchantment", "Instant", "Kindred", "Land",
              "Planeswalker", "Sorcery")
SUPERTYPES = ("Basic", "Legendary", "Ongoing", "Snow", "World")
PLAYER_ZONES = ("library", "hand", "graveyard", "exile")


class ScenarioError(ParseError):
    """A scenario file that can't be judged: names the file, the line and the key."""


class _Invalid(Exception):
    def __init__(self, path: Path, message: str):
        super().__init__(message)
        self.path, self.message = path, message


@dataclass
class CardSpec:
    """One object to create: where, whose, and the `GameObject` fields it starts with."""

    id: str
    name: str
    owner: str
    zone: str
    fields: dict[str, Any] = field(default_factory=dict)
    order: tuple = ()  # battlefield: (timestamp, 0 when not given; position in the file): entering order


@dataclass
class Scenario:
    source: str
    title: str
    description: str
    players: list[dict[str, Any]]  # `Player` keyword arguments, turn order
    active: str
    cards: list[CardSpec]  # players' cards first (zone order), then permanents in entering order
    actions: list[dict[str, Any]]  # {"do": kind, ...arguments}, references resolved
    choices: dict[str, list[str]]  # "discard" / "keep": object ids, in order of preference
    raw: dict[str, Any] = field(default_factory=dict)  # the TOML as read, for variants (quiz)


# checking values ------------------------------------------------------------------------------


def _show(value: Any) -> str:
    """A value as the person wrote it in TOML: strings quoted, tables and arrays by kind."""
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, (str, bool, int, float)):
        return json.dumps(value, ensure_ascii=False)
    return str(value)


def integer(minimum: int | None = None, maximum: int | None = None) -> Callable:
    def check(value: Any, path: Path) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise _Invalid(path, f"expected an integer, got {_show(value)}")
        if (minimum is not None and value < minimum) or (maximum is not None and value > maximum):
            bounds = f"from {minimum} to {maximum}" if maximum is not None else f"of at least {minimum}"
            raise _Invalid(path, f"expected an integer {bounds}, got {value}")
        return value
    return check


def text(value: Any, path: Path) -> str:
    if not isinstance(value, str) or not value.strip():
        raise _Invalid(path, f"expected a non-empty string, got {_show(value)}")
    return value.strip()


def boolean(value: Any, path: Path) -> bool:
    if not isinstance(value, bool):
        raise _Invalid(path, f"expected true or false, got {_show(value)}")
    return value


def one_of(options: tuple[str, ...], *, fold: bool = False) -> Callable:
    """A string among `options`; with `fold`, any capitalisation, returned as in `options`."""
    def check(value: Any, path: Path) -> str:
        value = text(value, path)
        for option in options:
            if value == option or (fold and value.lower() == option.lower()):
                return option
        raise _Invalid(path, f"expected one of {', '.join(json.dumps(o) for o in options)}, got {_show(value)}")
    return check


def listed(item: Callable) -> Callable:
    def check(value: Any, path: Path) -> list:
        if not isinstance(value, list):
            raise _Invalid(path, f"expected an array, got {_show(value)}")
        return [item(element, path + (index,)) for index, element in enumerate(value)]
    return check


def capitalised(value: Any, path: Path) -> str:
    """Subtypes and enchant words as the engine reads them: "aura" -> "Aura"."""
    value = text(value, path)
    return value[0].upper() + value[1:]


def lowered(value: Any, path: Path) -> str:
    return text(value, path).lower()


def counters(value: Any, path: Path) -> dict[str, int]:
    if not isinstance(value, dict):
        raise _Invalid(path, f'expected a table of counter kinds and numbers such as {{ "+1/+1" = 2 }}, got {_show(value)}')
    return {kind: integer(0)(count, path + (kind,)) for kind, count in value.items()}


def table(value: Any, path: Path, spec: dict[str, Callable], required: tuple[str, ...] = ()) -> dict[str, Any]:
    """Check a table against `spec` (key -> checker): unknown keys are errors with a suggestion."""
    if not isinstance(value, dict):
        raise _Invalid(path, f"expected a table, got {_show(value)}")
    for key in value:
        if key not in spec:
            close = difflib.get_close_matches(key, list(spec), n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else f" (known keys: {', '.join(spec)})"
            raise _Invalid(path + (key,), f"unknown key{hint}")
    for key in required:
        if key not in value:
            raise _Invalid(path, f"missing key {key!r}")
    return {key: spec[key](item, path + (key,)) for key, item in value.items()}


# the schema ----------------------------------------------------------------------------------

FACE = {
    "name": text,
    "types": listed(one_of(CARD_TYPES, fold=True)),
    "subtypes": listed(capitalised),
    "supertypes": listed(one_of(SUPERTYPES, fold=True)),
    "power": integer(),
    "toughness": integer(),
}

CARD = {
    **FACE,
    "id": text,
    "keywords": listed(lowered),
    "counters": counters,
    "counter_limits": counters,
    "token": boolean,
    "copy": one_of(("spell", "card")),
    "gift": one_of(tuple(GIFTS)),
    "chapters": integer(1),
    "enchant": capitalised,
    "other_face": lambda value, path: table(value, path, FACE, required=("name",)),
    "cant_transform": boolean,
}

PERMANENT = {
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


def card_entry(value: Any, path: Path) -> dict[str, Any]:
    """A card in a player's zone: a name, or a table like a permanent's."""
    if isinstance(value, str):
        return {"name": text(value, path)}
    return table(value, path, CARD, required=("name",))


PLAYER = {
    "name": text,
    "life": integer(),
    "poison": integer(0),
    "energy": integer(0),
    "speed": integer(1, 4),
    **{zone: listed(card_entry) for zone in PLAYER_ZONES},
}

# Each action: its arguments and which of them name objects or players (checked after).
ACTIONS: dict[str, dict[str, Callable]] = {
    "connive": {"permanent": text, "permanents": listed(text), "n": integer(0)},
    "convert": {"permanent": text},
    "get_energy": {"player": text, "amount": integer(1)},
    "pay_energy": {"player": text, "amount": integer(1)},
    "cast": {"card": text, "targets": listed(text), "target_type": one_of(CARD_TYPES, fold=True),
             "gift_to": text, "gift_targets": listed(text)},
    "counter": {"spell": text},
    "resolve": {},
    "damage": {"source": text, "target": text, "amount": integer(1)},
    "draw": {"player": text, "count": integer(1)},
    "counters": {"permanent": text, "kind": text, "count": integer(1)},
    "lore": {"permanent": text, "count": integer(1)},
    "end_step": {},
}
REQUIRED = {
    "connive": (), "convert": ("permanent",), "get_energy": ("player", "amount"), "pay_energy": ("player", "amount"),
    "cast": ("card",), "counter": ("spell",), "resolve": (), "damage": ("source", "target", "amount"),
    "draw": ("player",), "counters": ("permanent", "kind"), "lore": ("permanent",), "end_step": (),
}
OBJECT_ARGUMENTS = ("permanent", "permanents", "card", "spell", "source")
PLAYER_ARGUMENTS = ("player", "gift_to")
ANY_ARGUMENTS = ("target", "targets", "gift_targets")  # an object or a player

def raw_table(value: Any, path: Path) -> dict[str, Any]:
    """A table checked later, key by key, by the code that knows what it holds."""
    if not isinstance(value, dict):
        raise _Invalid(path, f"expected a table, got {_show(value)}")
    return value


TOP = {"title": text, "description": text, "active": text, "players": listed(raw_table),
       "permanents": listed(raw_table), "actions": listed(raw_table), "choices": raw_table}


def action_entry(value: dict[str, Any], path: Path) -> dict[str, Any]:
    """An action table (`TOP` has checked that it is a table): `do` and its arguments."""
    if "do" not in value:
        raise _Invalid(path, f"missing key 'do' (one of: {', '.join(ACTIONS)})")
    kind = one_of(tuple(ACTIONS))(value["do"], path + ("do",))
    checked = table({k: v for k, v in value.items() if k != "do"}, path, ACTIONS[kind], REQUIRED[kind])
    if kind == "connive" and ("permanent" in checked) == ("permanents" in checked):
        raise _Invalid(path, "connive needs either 'permanent' or 'permanents'")
    return {"do": kind, **checked}


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
                raise _Invalid(path + ("id",), f"id {entry['id']!r} is already used by {render_path(self.ids[entry['id']])}")
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
            raise _Invalid(("players",), "a scenario needs at least one [[players]] table")
        names: dict[str, int] = {}
        for index, player in enumerate(players):
            if player["name"] in names:
                raise _Invalid(("players", index, "name"), f"player {player['name']!r} is already players[{names[player['name']]}]")
            names[player["name"]] = index
        cards: list[CardSpec] = []
        for index, player in enumerate(players):
            for zone in PLAYER_ZONES:
                for position, entry in enumerate(player.get(zone, [])):
                    path = ("players", index, zone, position)
                    cards.append(CardSpec(self.new_id(entry, path), entry["name"], player["name"], zone, _object_fields(entry)))
        permanents = []
        for index, raw in enumerate(data.get("permanents", [])):
            path = ("permanents", index)
            entry = table(raw, path, PERMANENT, required=("name", "controller"))
            for key in ("controller", "owner"):
                if key in entry and entry[key] not in names:
                    raise _Invalid(path + (key,), f"no player named {entry[key]!r} (players: {', '.join(names)})")
            spec = CardSpec(self.new_id(entry, path), entry["name"], entry.get("owner", entry["controller"]), "battlefield",
                            _object_fields(entry), order=(entry.get("timestamp", 0), index))
            permanents.append((spec, path))
        permanents.sort(key=lambda pair: pair[0].order)
        for spec, path in permanents:
            self.check_references(spec, path, names)
        cards += [spec for spec, _ in permanents]
        active = data.get("active", players[0]["name"])
        if active not in names:
            raise _Invalid(("active",), f"no player named {active!r} (players: {', '.join(names)})")
        actions = [action_entry(a, ("actions", i)) for i, a in enumerate(data.get("actions", []))]
        for index, action in enumerate(actions):
            self.check_action(action, ("actions", index), names)
        choices = table(data.get("choices", {}), ("choices",), {"discard": listed(text), "keep": listed(text)})
        for key, ids in choices.items():
            for position, object_id in enumerate(ids):
                self.expect_object(object_id, ("choices", key, position))
        for player in players:
            for zone in PLAYER_ZONES:
                player.pop(zone, None)
        return Scenario(source, data.get("title", FilePath(source).stem), data.get("description", ""), players, active,
                        cards, actions, choices, raw=self.data)

    def expect_object(self, object_id: str, path: Path) -> None:
        if object_id not in self.ids:
            close = difflib.get_close_matches(object_id, list(self.ids), n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise _Invalid(path, f"no object with id {object_id!r}{hint}")

    def check_references(self, spec: CardSpec, path: Path, players: dict[str, int]) -> None:
        """`attached_to` and `attacking` name a player or an object; `protector` a player."""
        for key, or_object in (("attached_to", True), ("attacking", True), ("protector", False)):
            value = spec.fields.get(key)
            if value is None or value in players:
                continue
            if not or_object:
                raise _Invalid(path + (key,), f"no player named {value!r} (players: {', '.join(players)})")
            self.expect_object(value, path + (key,))

    def check_action(self, action: dict[str, Any], path: Path, players: dict[str, int]) -> None:
        for key, value in action.items():
            values = value if isinstance(value, list) else [value]
            for position, item in enumerate(values):
                where = path + (key,) + ((position,) if isinstance(value, list) else ())
                if key in PLAYER_ARGUMENTS and item not in players:
                    raise _Invalid(where, f"no player named {item!r} (players: {', '.join(players)})")
                if key in OBJECT_ARGUMENTS:
                    self.expect_object(item, where)
                if key in ANY_ARGUMENTS and item not in players:
                    self.expect_object(item, where)


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
    except _Invalid as invalid:
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
