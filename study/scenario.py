"""Scenario files: a board, the actions to perform on it, the choices its players make, and
what the engine should find, in TOML, checked before anything runs (`load`), so that a mistake
costs one line naming the file, the line and the key:

    bad.toml:7: permanents[1].toughness: expected an integer from -1000000 to 1000000, got "x"

The format is documented with examples in examples/README.md. This module reads a file and
holds the schema of the board (players, their cards, permanents, choices); the value checkers
and the limits are in `checks`, the actions with their arguments in `actions`, `[expect]` in
`expect`. `judging` builds the engine's state from a `Scenario` and runs it. Checking is strict
(unknown keys are errors, with a suggestion; so are keywords and kinds of counter the engine
does not model) because anything silently ignored would make the engine judge another board
than the one the person meant. Everything a file controls is bounded (`checks.LIMITS`), the
size of the file and the nesting of its tables included, so no file can ask for unbounded work.

Everything the engine needs is resolved here: default ids (the name in lower case with dashes,
`grizzly-bears`, then `grizzly-bears-2`), owners, the order permanents enter in (their
timestamps), what permanents on the board entered with (a planeswalker's loyalty counters from
its printed loyalty, a battle's defense counters from its printed defense, when the file gives
none), card type capitalisation, and every reference to an object or a player.
"""

from __future__ import annotations

import difflib
import os
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path as FilePath
from typing import Any

from mtgrules.engine.choices import SECTORS
from mtgrules.engine.state import CopyOf, Face, Gift, Zone, slug  # slug: default ids look like the engine's own
from mtgrules.errors import ParseError
from mtgrules.i18n import _
from mtgrules.study import expect
from mtgrules.study.actions import ACTIONS, check_action
from mtgrules.study.checks import (
    LIMITS,
    Checker,
    Invalid,
    Refers,
    boolean,
    capitalised,
    card_type,
    counters,
    enchant,
    integer,
    keyword,
    listed,
    long_text,
    mapping,
    one_of,
    raw_table,
    replacement,
    supertype,
    table,
    tables,
    text,
)
from mtgrules.study.tomllines import Path, key_lines, line_of, render_path, too_deep

# The zones a scenario may put a player's cards in, in the order their cards are created.
PLAYER_ZONES = (Zone.LIBRARY, Zone.HAND, Zone.GRAVEYARD, Zone.EXILE, Zone.COMMAND)


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
    choices: dict[str, Any]  # see `CHOICES`
    expect: expect.Expectations | None = None  # the [expect] table, if any
    lines: dict[Path, int] = field(default_factory=dict)  # key path -> line, for what `--check` reports
    raw: dict[str, Any] = field(default_factory=dict)  # the TOML as read, for variants (quiz)


# the schema of the board ----------------------------------------------------------------------

_NUMBER = integer(-LIMITS.BIG, LIMITS.BIG)
_COUNT = integer(0, LIMITS.BIG)

FACE: dict[str, Checker] = {
    "name": text,
    "types": listed(card_type, 20),
    "subtypes": listed(capitalised, 20),
    "supertypes": listed(supertype, 20),
    "keywords": listed(keyword, 20),
    "power": _NUMBER,
    "toughness": _NUMBER,
    "loyalty": _COUNT,
    "defense": _COUNT,
}

CARD: dict[str, Checker] = {
    **FACE,
    "id": text,
    "counters": counters,
    "counter_limits": counters,
    "token": boolean,
    "copy": one_of(tuple(CopyOf)),
    "gift": one_of(tuple(Gift)),
    "chapters": integer(1, LIMITS.CHAPTERS),
    "rooms": listed(text, 20),
    "enchant": enchant,
    "other_face": lambda value, path: table(value, path, FACE, required=("name",)),
    "back_face_up": boolean,
    "cant_transform": boolean,
}

PERMANENT: dict[str, Checker] = {
    **CARD,
    "controller": text,
    "owner": text,
    "timestamp": integer(-LIMITS.TIMESTAMP, LIMITS.TIMESTAMP),
    "tapped": boolean,
    "summoning_sick": boolean,
    "damage": _COUNT,
    "deathtouch_damage": boolean,
    "regeneration_shields": integer(0, 1000),
    "attached_to": text,
    "protector": text,
    "attacking": text,
    "blocking": text,
    "blocked": boolean,
    "sector": one_of(SECTORS),
}
# Keys of a permanent that name something on the board, resolved once every id is known.
PERMANENT_REFERENCES = {"attached_to": Refers.OBJECT_OR_PLAYER, "attacking": Refers.OBJECT_OR_PLAYER,
                        "blocking": Refers.OBJECT, "protector": Refers.PLAYER}


def card_entry(value: Any, path: Path) -> dict[str, Any]:
    """A card in a player's zone: a name, or a table like a permanent's."""
    if isinstance(value, str):
        return {"name": text(value, path)}
    return table(value, path, CARD, required=("name",))


PLAYER: dict[str, Checker] = {
    "name": text,
    "life": _NUMBER,
    "poison": _COUNT,
    "energy": _COUNT,
    "speed": integer(1, 4),
    "venture": lambda value, path: table(value, path, {"dungeon": text, "room": text}, required=("dungeon", "room")),
    **{zone.value: listed(card_entry, LIMITS.CARDS) for zone in PLAYER_ZONES},
}

# `[choices]`: one way of writing down each choice the engine asks of a `Chooser`, and what
# the values name (for a list, its items; for a table, its keys and its values).
CHOICES: dict[str, Checker] = {
    "discard": listed(text), "keep": listed(text), "connive_order": listed(text), "trigger_order": listed(text),
    "pay": listed(boolean),
    "sectors": mapping(text, one_of(SECTORS)), "protectors": mapping(text, text), "replacement": mapping(text, replacement),
    "cast_transformed": mapping(text, boolean), "damage": mapping(text, mapping(text, integer(0, LIMITS.BIG))),
}
CHOICE_REFERENCES: dict[str, tuple[Refers, Refers]] = {  # key -> (what items or keys name, what values name)
    "discard": (Refers.OBJECT, Refers.NOTHING), "keep": (Refers.OBJECT, Refers.NOTHING),
    "connive_order": (Refers.OBJECT, Refers.NOTHING), "trigger_order": (Refers.OBJECT, Refers.NOTHING),
    "pay": (Refers.NOTHING, Refers.NOTHING), "sectors": (Refers.OBJECT, Refers.NOTHING),
    "protectors": (Refers.OBJECT, Refers.PLAYER), "replacement": (Refers.OBJECT, Refers.NOTHING),
    "cast_transformed": (Refers.OBJECT, Refers.NOTHING), "damage": (Refers.OBJECT, Refers.OBJECT_OR_PLAYER),
}

TOP: dict[str, Checker] = {
    "title": long_text, "description": long_text, "active": text, "players": tables(LIMITS.PLAYERS),
    "permanents": tables(LIMITS.CARDS), "actions": tables(LIMITS.ACTIONS), "choices": raw_table, "expect": raw_table,
}


# from checked tables to a Scenario ---------------------------------------------------------------

_WORD_LISTS = ("types", "subtypes", "supertypes", "keywords")
_RENAMED = {"deathtouch_damage": "dealt_deathtouch_damage", "back_face_up": "back_up"}


def _frozen(entry: dict[str, Any]) -> dict[str, Any]:
    """Lists of words (types, keywords …) as the frozensets `GameObject` and `Face` hold."""
    return {k: frozenset(v) if k in _WORD_LISTS else v for k, v in entry.items()}


def _object_fields(entry: dict[str, Any]) -> dict[str, Any]:
    """Checked TOML keys -> `GameObject` keyword arguments."""
    fields = _frozen({k: v for k, v in entry.items() if k not in ("id", "name", "owner", "timestamp")})
    for written, engine_name in _RENAMED.items():
        if written in fields:
            fields[engine_name] = fields.pop(written)
    if "other_face" in fields:
        fields["other_face"] = Face(**_frozen(fields["other_face"]))
    if "rooms" in fields:
        fields["rooms"] = tuple(fields["rooms"])
    if "blocking" in fields:
        fields["blocking"] = (fields["blocking"],)
    return fields


def _entered_with(entry: dict[str, Any]) -> dict[str, Any]:
    """A permanent on the board entered with its printed loyalty or defense in counters
    (306.5b, 310.4b); the file's own counters, when it gives them, say what is left."""
    held = dict(entry.get("counters", {}))
    types = entry.get("types", [])
    for kind, printed, needed in (("loyalty", entry.get("loyalty"), "Planeswalker"), ("defense", entry.get("defense"), "Battle")):
        if needed in types and printed is not None and kind not in held:
            held[kind] = printed
    return {**entry, "counters": held} if held else entry


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

    def build(self, source: str, lines: dict[Path, int]) -> Scenario:
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
            entry = _entered_with(table(raw, path, PERMANENT, required=("name", "controller")))
            for key in ("controller", "owner"):
                if key in entry and entry[key] not in names:
                    raise Invalid(path + (key,), f"no player named {entry[key]!r} (players: {', '.join(names)})")
            spec = CardSpec(self.new_id(entry, path), entry["name"], entry.get("owner", entry["controller"]), Zone.BATTLEFIELD,
                            _object_fields(entry), order=(entry.get("timestamp", 0), index))
            permanents.append((spec, path))
        permanents.sort(key=lambda pair: pair[0].order)
        for spec, path in permanents:
            self.check_references(spec, path, names)
        self.check_combat(permanents)
        cards += [spec for spec, _ in permanents]
        for index, player in enumerate(players):
            if "venture" in player:
                player["venture"] = self.venture(player, ("players", index, "venture"), cards)
        active = data.get("active", players[0]["name"])
        if active not in names:
            raise Invalid(("active",), f"no player named {active!r} (players: {', '.join(names)})")
        actions = [check_action(a, ("actions", i)) for i, a in enumerate(data.get("actions", []))]
        for index, action in enumerate(actions):
            self.check_action(action, ("actions", index), names)
        choices = table(data.get("choices", {}), ("choices",), CHOICES)
        for key, value in choices.items():
            self.check_choice(key, value, names)
        expectations = expect.check(data["expect"], ("expect",), names) if "expect" in data else None
        for player in players:
            for zone in PLAYER_ZONES:
                player.pop(zone.value, None)
        return Scenario(source, data.get("title", FilePath(source).stem), data.get("description", ""), players, active,
                        cards, actions, choices, expectations, lines, raw=self.data)

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
        """`attached_to` and `attacking` name a player or an object; `blocking` an object,
        `protector` a player."""
        for key, refers in PERMANENT_REFERENCES.items():
            value = spec.fields.get(key)
            if isinstance(value, tuple):
                value = value[0]
            if value is not None:
                self.expect(value, refers, path + (key,), players)

    def check_combat(self, permanents: list[tuple[CardSpec, Path]]) -> None:
        """A blocker blocks an attacking creature; an attacker blocked by one is blocked. A board
        the rules forbid is refused here, as the actions refuse it (`engine.combat`): a creature
        attacking itself (506.3: only a player, a planeswalker or a battle can be attacked), its
        own controller or what its controller controls (508.1b: an opponent's), blocking itself,
        a creature of its own controller, or while attacking (509.1a: the defending player's
        creatures block; two creatures blocking each other are both)."""
        by_id = {spec.id: spec for spec, _ in permanents}
        for spec, path in permanents:
            attacked = spec.fields.get("attacking")
            controller = spec.fields.get("controller")
            if attacked is not None:
                if attacked == spec.id:
                    raise Invalid(path + ("attacking",), f"{spec.id!r} attacks itself: only a player, a planeswalker or a"
                                                         " battle can be attacked (506.3)")
                target = by_id.get(attacked)
                owner_of_target = target.fields.get("protector") or target.fields.get("controller") if target else attacked
                if owner_of_target == controller:
                    what = "its own controller" if target is None else f"{attacked!r}, which its controller {controller} controls"
                    raise Invalid(path + ("attacking",), f"{spec.id!r} attacks {what}: a creature attacks an opponent, a"
                                                         " planeswalker an opponent controls or a battle an opponent protects"
                                                         " (508.1b)")
            for attacker_id in spec.fields.get("blocking", ()):
                attacker = by_id.get(attacker_id)
                if attacker_id == spec.id:
                    raise Invalid(path + ("blocking",), f"{spec.id!r} blocks itself: a blocker blocks a creature attacking"
                                                        " its controller (509.1a)")
                if attacked is not None:
                    raise Invalid(path + ("blocking",), f"{spec.id!r} both attacks and blocks: the defending player's creatures"
                                                        " block, the attacking player's attack (509.1a)")
                if attacker is None or "attacking" not in attacker.fields:
                    raise Invalid(path + ("blocking",), f"{attacker_id!r} is not an attacking creature (give it `attacking`)")
                if attacker.fields.get("controller") == controller:
                    raise Invalid(path + ("blocking",), f"{spec.id!r} blocks {attacker_id!r}, a creature of its own controller"
                                                        f" {controller}: the defending player's creatures block (509.1a)")
                if attacker.fields.get("blocked") is False:
                    raise Invalid(path + ("blocking",), f"{attacker_id!r} says blocked = false")
                attacker.fields.setdefault("blocked", True)

    def venture(self, player: dict[str, Any], path: Path, cards: list[CardSpec]) -> tuple[str, str]:
        """A venture marker: on a room of a dungeon in the player's command zone."""
        dungeon, room = player["venture"]["dungeon"], player["venture"]["room"]
        spec = next((c for c in cards if c.id == dungeon and c.zone == Zone.COMMAND and c.owner == player["name"]), None)
        if spec is None:
            raise Invalid(path + ("dungeon",), f"no dungeon with id {dungeon!r} in {player['name']}'s command zone")
        if room not in spec.fields.get("rooms", ()):
            raise Invalid(path + ("room",), f"{spec.name} has no room {room!r} (rooms: {', '.join(spec.fields.get('rooms', ()))})")
        return dungeon, room

    def check_action(self, action: dict[str, Any], path: Path, players: dict[str, int]) -> None:
        """Every argument that names a player or an object (see `actions.ACTIONS`) names one."""
        arguments = ACTIONS[action["do"]].arguments
        for key, value in action.items():
            if key == "do":
                continue
            argument = arguments[key]
            if isinstance(value, dict):
                for name, item in value.items():
                    if argument.refers_keys is not Refers.NOTHING:
                        self.expect(name, argument.refers_keys, path + (key, name), players)
                    if argument.refers is not Refers.NOTHING:
                        self.expect(item, argument.refers, path + (key, name), players)
                continue
            if argument.refers is Refers.NOTHING:
                continue
            values = value if isinstance(value, list) else [value]
            for position, item in enumerate(values):
                where = path + (key,) + ((position,) if isinstance(value, list) else ())
                self.expect(item, argument.refers, where, players)

    def check_choice(self, key: str, value: Any, players: dict[str, int]) -> None:
        keys, values = CHOICE_REFERENCES[key]
        path: Path = ("choices", key)
        if isinstance(value, list):
            if keys is not Refers.NOTHING:
                for position, item in enumerate(value):
                    self.expect(item, keys, path + (position,), players)
            return
        for name, item in value.items():
            self.expect(name, keys, path + (name,), players)
            if values is Refers.NOTHING:
                continue
            for target in item if isinstance(item, dict) else [item]:
                self.expect(target, values, path + (name, target) if isinstance(item, dict) else path + (name,), players)


# entry points --------------------------------------------------------------------------------


def _syntax_error(error: tomllib.TOMLDecodeError, source: str) -> ScenarioError:
    """tomllib says "Invalid value (at line 3, column 10)": move the line to the front."""
    message = str(error)
    match = re.search(r"\s*\(at line (\d+), column (\d+)\)$", message)
    if match:
        return ScenarioError(source, _("TOML syntax: {message} (column {group})")
                                       .format(message=message[:match.start()], group=match.group(2)), line=int(match.group(1)))
    return ScenarioError(source, _("TOML syntax: {message}").format(message=message))


def from_data(data: dict[str, Any], source: str, lines: dict[Path, int] | None = None) -> Scenario:
    """Check parsed TOML and resolve it into a `Scenario`; errors name `source` and the line."""
    try:
        return _Builder(data).build(source, lines or {})
    except Invalid as invalid:
        line = line_of(lines or {}, invalid.path)
        where = render_path(invalid.path)
        raise ScenarioError(source, f"{where}: {invalid.message}" if where else invalid.message, line=line) from None


def loads(text_: str, source: str) -> Scenario:
    """Check TOML text: nesting first (a bound on the parser's recursion), then syntax, then keys."""
    deep = too_deep(text_, LIMITS.NESTING)
    if deep is not None:
        raise ScenarioError(source, _("arrays and tables nested more than {NESTING} deep")
                                      .format(NESTING=LIMITS.NESTING), line=deep)
    try:
        data = tomllib.loads(text_)
    except tomllib.TOMLDecodeError as error:
        raise _syntax_error(error, source) from None
    return from_data(data, source, key_lines(text_))


def load(path: str | FilePath) -> Scenario:
    """Read and check a scenario file; `source` in errors is the path as given. A named pipe is
    opened without waiting for a writer (one nobody writes to reads as empty, never hangs; a
    pipe from `<(command)` has its writer already)."""
    try:
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
        with open(descriptor, "rb") as handle:
            os.set_blocking(descriptor, True)
            raw = handle.read(LIMITS.FILE_BYTES + 1)
    except OSError as error:
        raise ScenarioError(str(path), _("can't read the scenario: {strerror}").format(strerror=error.strerror)) from None
    return load_bytes(raw, str(path))


def load_bytes(raw: bytes, source: str) -> Scenario:
    """Check a scenario's bytes as read from a file or sent to the web's scenario page (at
    most `LIMITS.FILE_BYTES`, UTF-8), then as `loads`."""
    if len(raw) > LIMITS.FILE_BYTES:
        raise ScenarioError(source, _("larger than {value} KiB, the most a scenario file may be")
                                      .format(value=LIMITS.FILE_BYTES // 1024))
    try:
        content = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = raw[: error.start].count(b"\n") + 1
        raise ScenarioError(source, _("not UTF-8 text (TOML files are UTF-8)"), line=line) from None
    return loads(content, source)
