"""Checking the values of a scenario file, key by key, and the limits on what a file controls.

A checker takes a value as `tomllib` read it and its key path (`("permanents", 1, "toughness")`)
and returns the value as the engine wants it ("aura" -> "Aura", an array -> a list of checked
items), or raises `Invalid` with that path and what was expected, so `scenario` can name the
file, the line and the key. `table` checks a whole table against a spec (key -> checker) and
refuses unknown keys with a suggestion: a misspelt key silently ignored would make the engine
judge another board than the one the person meant. For the same reason the words the engine
reads are closed lists: a keyword it does not model, a kind of counter whose rules it does
not know, is refused, never carried along and ignored.

Everything a file controls is bounded (`LIMITS`): every number has a range, every array a
length, every string a size, so a file can't ask for unbounded work ("draw 1e9 cards"); the
error names the limit. The file's size and the nesting of its arrays and tables are bounded
before it is parsed (`scenario.load`).

What a value names (an object id, a player) is declared with `Refers` and resolved by
`scenario` once every id of the file is known.
"""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Callable
from enum import Enum
from typing import Any

from mtgrules.engine.choices import REPLACEMENTS
from mtgrules.engine.state import KEYWORD_COUNTERS, KEYWORDS, pt_counter
from mtgrules.study.tomllines import Path

Checker = Callable[[Any, Path], Any]

# The words of the format, as the engine writes them; a scenario may use any capitalisation.
CARD_TYPES = ("Artifact", "Battle", "Creature", "Dungeon", "Enchantment", "Instant", "Kindred", "Land",
              "Planeswalker", "Sorcery")
SUPERTYPES = ("Basic", "Legendary", "Ongoing", "Snow", "World")
ENCHANT = CARD_TYPES + ("Permanent", "Player")  # what an Aura may enchant

# Kinds of counter the engine knows the rules of: +X/+Y and -X/-Y (122.1a) are recognised by
# their shape; these by name: those with rules of their own, keyword counters of modelled
# keywords (122.1b), and kinds with no rules of their own beyond being counted (704.5r).
RULED_COUNTERS = ("loyalty", "defense", "lore", "shield", "finality")
PLAIN_COUNTERS = ("age", "charge", "fade", "ice", "level", "oil", "quest", "time", "verse")
COUNTER_KINDS = RULED_COUNTERS + KEYWORD_COUNTERS + PLAIN_COUNTERS
# Kinds people will write that the engine cannot honour, and why.
REFUSED_COUNTERS = {
    "stun": "stun counters stop untapping (122.1d), and the engine has no untap step",
    "hone": "hone counters pump what an Equipment is attached to (122.1j), which the engine does not model",
    "poison": "poison counters are a player's: write `poison` on the [[players]] table",
    "energy": "energy counters are a player's: write `energy` on the [[players]] table",
    "rad": "rad counters are a player's (122.1i), and the engine does not model them",
    "experience": "experience counters are a player's, and the engine does not model them",
    **{k: f"{k} counters give {k} (122.1b), a keyword the engine does not model" for k in ("decayed", "exalted", "hexproof", "shadow")},
}


class LIMITS:
    """The bounds on everything a scenario file controls."""

    FILE_BYTES = 1 << 20  # 1 MiB
    NESTING = 16  # arrays and inline tables inside each other
    NAME = 200  # characters of a name, id or word
    TEXT = 10_000  # characters of a title or description
    PLAYERS = 8
    CARDS = 500  # cards in one zone of one player, permanents on the battlefield
    ACTIONS = 1000
    LIST = 1000  # any other array: choices, expectations
    BIG = 1_000_000  # life, counters, damage, energy and the like
    DRAW = 1000  # cards drawn by one action
    CONNIVE = 100  # connive N
    CHAPTERS = 100
    TIMESTAMP = 1_000_000_000


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


def shown(value: Any) -> str:
    """A value as the person wrote it in TOML: strings quoted, tables and arrays by kind."""
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, str) and len(value) > 60:
        return json.dumps(value[:57] + "…", ensure_ascii=False)
    if isinstance(value, (str, bool, int, float)):
        return json.dumps(value, ensure_ascii=False)
    return str(value)


def integer(minimum: int, maximum: int) -> Checker:
    """An integer within bounds (every number a file gives is bounded)."""
    def check(value: Any, path: Path) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise Invalid(path, f"expected an integer, got {shown(value)}")
        if value < minimum or value > maximum:
            raise Invalid(path, f"expected an integer from {minimum} to {maximum}, got {value}")
        return value
    return check


def _bounded(value: Any, path: Path, most: int) -> str:
    if not isinstance(value, str) or not value.strip():
        raise Invalid(path, f"expected a non-empty string, got {shown(value)}")
    if len(value) > most:
        raise Invalid(path, f"at most {most} characters, got {len(value)}")
    return value.strip()


def text(value: Any, path: Path) -> str:
    """A name, id or word."""
    return _bounded(value, path, LIMITS.NAME)


def long_text(value: Any, path: Path) -> str:
    """A title or description."""
    return _bounded(value, path, LIMITS.TEXT)


def boolean(value: Any, path: Path) -> bool:
    if not isinstance(value, bool):
        raise Invalid(path, f"expected true or false, got {shown(value)}")
    return value


def one_of(options: tuple[str, ...], *, fold: bool = False, what: str = "") -> Checker:
    """A string among `options`; with `fold`, any capitalisation, returned as in `options`
    (so options that are enum members come back as members). `what` names the list in the
    error, with a suggestion, when it is long."""
    def check(value: Any, path: Path) -> str:
        value = text(value, path)
        for option in options:
            if value == option or (fold and value.lower() == option.lower()):
                return option
        if what:
            close = difflib.get_close_matches(value.lower(), [o.lower() for o in options], n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise Invalid(path, f"{shown(value)} is not {what} the engine models{hint}; it models: {', '.join(options)}")
        raise Invalid(path, f"expected one of {', '.join(json.dumps(o) for o in options)}, got {shown(value)}")
    return check


def card_type(value: Any, path: Path) -> str:
    return one_of(CARD_TYPES, fold=True)(value, path)


def supertype(value: Any, path: Path) -> str:
    return one_of(SUPERTYPES, fold=True)(value, path)


def keyword(value: Any, path: Path) -> str:
    """A keyword the engine reads, in English or as Spanish and French cards print it ("toque
    mortal", "vol"); any other would be silently ignored, so it is refused."""
    from mtgrules.study.messages import english_keyword

    if isinstance(value, str) and (english := english_keyword(value)) in KEYWORDS:
        return english
    return one_of(KEYWORDS, fold=True, what="a keyword")(value, path)


def enchant(value: Any, path: Path) -> str:
    return one_of(ENCHANT, fold=True)(value, path)


def replacement(value: Any, path: Path) -> str:
    return one_of(REPLACEMENTS, fold=True)(value, path)


_RULE = re.compile(r"^\d{3}(\.\d+[a-z]*)?$")


def rule_number(value: Any, path: Path) -> str:
    """A rule number as the engine cites it: 704.5g, 120.3a, 601.2."""
    value = text(value, path).rstrip(".").lower()
    if not _RULE.match(value):
        raise Invalid(path, f"expected a rule number such as \"704.5g\", got {shown(value)}")
    return value


def counter_kind(value: Any, path: Path) -> str:
    """A kind of counter whose rules the engine knows (`COUNTER_KINDS`, or +X/+Y)."""
    kind = text(value, path).lower()
    if pt_counter(kind) is not None or kind in COUNTER_KINDS:
        return kind
    if kind in REFUSED_COUNTERS:
        raise Invalid(path, f"the engine doesn't model {kind} counters: {REFUSED_COUNTERS[kind]}")
    close = difflib.get_close_matches(kind, list(COUNTER_KINDS), n=1)
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    raise Invalid(path, f"{shown(kind)} is not a kind of counter the engine models{hint}; it models +X/+Y and -X/-Y, "
                        f"{', '.join(COUNTER_KINDS)}")


def listed(item: Checker, most: int = LIMITS.LIST) -> Checker:
    def check(value: Any, path: Path) -> list:
        if not isinstance(value, list):
            raise Invalid(path, f"expected an array, got {shown(value)}")
        if len(value) > most:
            raise Invalid(path, f"at most {most} items, got {len(value)}")
        return [item(element, path + (index,)) for index, element in enumerate(value)]
    return check


def mapping(key: Checker, item: Checker, most: int = LIMITS.LIST) -> Checker:
    """A table of any keys (each checked by `key`) to values (each by `item`)."""
    def check(value: Any, path: Path) -> dict:
        if not isinstance(value, dict):
            raise Invalid(path, f"expected a table, got {shown(value)}")
        if len(value) > most:
            raise Invalid(path, f"at most {most} entries, got {len(value)}")
        return {key(k, path + (k,)): item(v, path + (k,)) for k, v in value.items()}
    return check


def capitalised(value: Any, path: Path) -> str:
    """Subtypes as the engine reads them: "aura" -> "Aura"."""
    value = text(value, path)
    return value[0].upper() + value[1:]


def counters(value: Any, path: Path) -> dict[str, int]:
    if not isinstance(value, dict):
        raise Invalid(path, f'expected a table of counter kinds and numbers such as {{ "+1/+1" = 2 }}, got {shown(value)}')
    return mapping(counter_kind, integer(0, LIMITS.BIG), most=len(COUNTER_KINDS) + 20)(value, path)


def table(value: Any, path: Path, spec: dict[str, Checker], required: tuple[str, ...] = ()) -> dict[str, Any]:
    """Check a table against `spec` (key -> checker): unknown keys are errors with a suggestion."""
    if not isinstance(value, dict):
        raise Invalid(path, f"expected a table, got {shown(value)}")
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
        raise Invalid(path, f"expected a table, got {shown(value)}")
    return value


def tables(most: int) -> Checker:
    """An array of tables checked later, at most `most` of them."""
    return listed(raw_table, most)
