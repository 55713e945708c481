"""Checking the values of a scenario file, key by key.

A checker takes a value as `tomllib` read it and its key path (`("permanents", 1, "toughness")`)
and returns the value as the engine wants it ("aura" -> "Aura", an array -> a list of checked
items), or raises `Invalid` with that path and what was expected, so `scenario` can name the
file, the line and the key. `table` checks a whole table against a spec (key -> checker) and
refuses unknown keys with a suggestion: a misspelt key silently ignored would make the engine
judge another board than the one the person meant.

What a value names (an object id, a player) is declared with `Refers` and resolved by
`scenario` once every id of the file is known.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Callable
from enum import Enum
from typing import Any

from mtgrules.study.tomllines import Path

Checker = Callable[[Any, Path], Any]

# The words of the format, as the engine writes them; a scenario may use any capitalisation.
CARD_TYPES = ("Artifact", "Battle", "Creature", "Dungeon", "Enchantment", "Instant", "Kindred", "Land",
              "Planeswalker", "Sorcery")
SUPERTYPES = ("Basic", "Legendary", "Ongoing", "Snow", "World")


class Invalid(Exception):
    """A value that fails its check: where it is (a key path) and what was expected."""

    def __init__(self, path: Path, message: str):
        super().__init__(message)
        self.path, self.message = path, message


class Refers(Enum):
    """What a checked value names, resolved against the board once all ids are known."""

    NOTHING = "nothing"  # a number, a word, a counter kind
    OBJECT = "object"  # an object id
    PLAYER = "player"  # a player name
    OBJECT_OR_PLAYER = "object or player"  # a player name, else an object id


def _show(value: Any) -> str:
    """A value as the person wrote it in TOML: strings quoted, tables and arrays by kind."""
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, (str, bool, int, float)):
        return json.dumps(value, ensure_ascii=False)
    return str(value)


def integer(minimum: int | None = None, maximum: int | None = None) -> Checker:
    def check(value: Any, path: Path) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise Invalid(path, f"expected an integer, got {_show(value)}")
        if (minimum is not None and value < minimum) or (maximum is not None and value > maximum):
            bounds = f"from {minimum} to {maximum}" if maximum is not None else f"of at least {minimum}"
            raise Invalid(path, f"expected an integer {bounds}, got {value}")
        return value
    return check


def text(value: Any, path: Path) -> str:
    if not isinstance(value, str) or not value.strip():
        raise Invalid(path, f"expected a non-empty string, got {_show(value)}")
    return value.strip()


def boolean(value: Any, path: Path) -> bool:
    if not isinstance(value, bool):
        raise Invalid(path, f"expected true or false, got {_show(value)}")
    return value


def one_of(options: tuple[str, ...], *, fold: bool = False) -> Checker:
    """A string among `options`; with `fold`, any capitalisation, returned as in `options`
    (so options that are enum members come back as members)."""
    def check(value: Any, path: Path) -> str:
        value = text(value, path)
        for option in options:
            if value == option or (fold and value.lower() == option.lower()):
                return option
        raise Invalid(path, f"expected one of {', '.join(json.dumps(o) for o in options)}, got {_show(value)}")
    return check


def card_type(value: Any, path: Path) -> str:
    return one_of(CARD_TYPES, fold=True)(value, path)


def supertype(value: Any, path: Path) -> str:
    return one_of(SUPERTYPES, fold=True)(value, path)


def listed(item: Checker) -> Checker:
    def check(value: Any, path: Path) -> list:
        if not isinstance(value, list):
            raise Invalid(path, f"expected an array, got {_show(value)}")
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
        raise Invalid(path, f'expected a table of counter kinds and numbers such as {{ "+1/+1" = 2 }}, got {_show(value)}')
    return {kind: integer(0)(count, path + (kind,)) for kind, count in value.items()}


def table(value: Any, path: Path, spec: dict[str, Checker], required: tuple[str, ...] = ()) -> dict[str, Any]:
    """Check a table against `spec` (key -> checker): unknown keys are errors with a suggestion."""
    if not isinstance(value, dict):
        raise Invalid(path, f"expected a table, got {_show(value)}")
    for key in value:
        if key not in spec:
            close = difflib.get_close_matches(key, list(spec), n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else f" (known keys: {', '.join(spec)})"
            raise Invalid(path + (key,), f"unknown key{hint}")
    for key in required:
        if key not in value:
            raise Invalid(path, f"missing key {key!r}")
    return {key: spec[key](item, path + (key,)) for key, item in value.items()}


def raw_table(value: Any, path: Path) -> dict[str, Any]:
    """A table checked later, key by key, by the code that knows what it holds."""
    if not isinstance(value, dict):
        raise Invalid(path, f"expected a table, got {_show(value)}")
    return value
