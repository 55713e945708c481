"""`[expect]`: what a scenario says the engine must find, and how its judgement is held to it.

A scenario may state its answer: board facts at the end (per player and per object, the same
facts `board` shows) and events by rule. `check` reads the table when the file is loaded (every
key checked like the rest of the file); `compare` holds a judgement to it and returns each
disagreement with the key path of the expectation, so `judge --check` can name the line:

    [expect]
    events = ["704.5g", { rule = "704.5m", objects = ["pacifism"] }]  # in this order, among others
    absent = ["704.5h"]                                                # rules that must not be cited
    illegal = [3]                                                      # the steps the engine refuses
    winner = "Alice"                                                   # or draw = true
    stack = ["Kitnap gift"]                                            # names, bottom first
    [expect.players.Alice]
    life = 18
    graveyard = ["grizzly-bears"]                                      # ids in any order, or a count
    [expect.objects.grizzly-bears]
    zone = "graveyard"

Events are an ordered subsequence of what happened: each must come after the one before, with
anything in between. With `[expect]` present and no `illegal` key, no step may be refused: an
action written to happen that the engine refuses is a disagreement.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from mtgrules.engine.choices import SECTORS
from mtgrules.engine.state import PLAYER_ZONES, ZONES
from mtgrules.study import board
from mtgrules.study.checks import (
    LIMITS,
    Checker,
    Invalid,
    boolean,
    counter_kind,
    integer,
    listed,
    mapping,
    one_of,
    rule_number,
    shown,
    table,
    text,
)
from mtgrules.study.tomllines import Path

NOTHING = False  # `attached_to = false`: attached to nothing (likewise attacking, blocking, protector, sector)


def _text_or_false(value: Any, path: Path) -> str | bool:
    if value is False:
        return NOTHING
    return text(value, path)


def _sector_or_false(value: Any, path: Path) -> str | bool:
    """A sector, or `false`: no sector designation (it ended, 702.158b)."""
    if value is False:
        return NOTHING
    return one_of(SECTORS)(value, path)


def _zone_contents(value: Any, path: Path) -> int | list[str]:
    if isinstance(value, int) and not isinstance(value, bool):
        return integer(0, LIMITS.CARDS)(value, path)
    if isinstance(value, list):
        return listed(text, LIMITS.CARDS)(value, path)
    raise Invalid(path, f"expected a number of cards or an array of ids, got {shown(value)}")


EVENT: dict[str, Checker] = {"rule": rule_number, "event": text, "objects": listed(text, 20), "players": listed(text, 20),
                             "step": integer(0, LIMITS.ACTIONS)}


def _event(value: Any, path: Path) -> dict[str, Any]:
    """"704.5g", or a table saying more about the event."""
    if isinstance(value, str):
        return {"rule": rule_number(value, path)}
    checked = table(value, path, EVENT)
    if not checked:
        raise Invalid(path, "an empty event expectation matches anything: give a rule, an event or objects")
    return checked


PLAYER_FACTS: dict[str, Checker] = {
    "life": integer(-LIMITS.BIG, LIMITS.BIG), "poison": integer(0, LIMITS.BIG), "energy": integer(0, LIMITS.BIG),
    "speed": integer(1, 4), "lost": boolean, "extra_turns": integer(0, LIMITS.BIG),
    **{zone.value: _zone_contents for zone in PLAYER_ZONES},
}
OBJECT_FACTS: dict[str, Checker] = {
    "zone": one_of(tuple(str(z) for z in ZONES) + (board.GONE,)), "name": text, "owner": text, "controller": text,
    "tapped": boolean, "token": boolean, "damage": integer(0, LIMITS.BIG),
    "power": integer(-LIMITS.BIG, LIMITS.BIG), "toughness": integer(-LIMITS.BIG, LIMITS.BIG),
    "counters": mapping(counter_kind, integer(0, LIMITS.BIG), 50),
    "attached_to": _text_or_false, "attacking": _text_or_false, "blocking": _text_or_false, "blocked": boolean,
    "protector": _text_or_false, "sector": _sector_or_false,
}
EXPECT: dict[str, Checker] = {
    "events": listed(_event), "absent": listed(rule_number), "illegal": listed(integer(1, LIMITS.ACTIONS)),
    "winner": text, "draw": boolean, "stack": listed(text),
    "players": mapping(text, lambda value, path: table(value, path, PLAYER_FACTS), LIMITS.PLAYERS),
    "objects": mapping(text, lambda value, path: table(value, path, OBJECT_FACTS)),
}


@dataclass
class Expectations:
    facts: dict[str, Any]  # the checked [expect] table
    count: int = 0  # how many things it expects (for "agrees (N expectations)")


@dataclass
class Mismatch:
    path: Path  # the expectation's key path: ("expect", "players", "Alice", "life")
    message: str  # "expected 18, the engine says 20"


@dataclass
class Verdict:
    expectations: int
    mismatches: list[Mismatch] = field(default_factory=list)

    @property
    def agrees(self) -> bool:
        return not self.mismatches


def check(value: Any, path: Path, players: dict[str, int]) -> Expectations:
    """The [expect] table, checked; players it names must be the scenario's."""
    facts = table(value, path, EXPECT)
    for name in facts.get("players", {}):
        if name not in players:
            raise Invalid(path + ("players", name), f"no player named {name!r} (players: {', '.join(players)})")
    if "winner" in facts and facts["winner"] not in players:
        raise Invalid(path + ("winner",), f"no player named {facts['winner']!r} (players: {', '.join(players)})")
    count = sum(len(facts.get(key, ())) for key in ("events", "absent", "stack"))
    count += sum(len(f) for key in ("players", "objects") for f in facts.get(key, {}).values())
    count += sum(1 for key in ("illegal", "winner", "draw") if key in facts)
    return Expectations(facts, count)


def _describe(expected: dict[str, Any]) -> str:
    parts = [expected.get("rule", "")] + [f"{k} {v}" for k, v in expected.items() if k != "rule"]
    return " ".join(str(p) for p in parts if p)


def _matches(expected: dict[str, Any], step: int, event: Any) -> bool:
    return ((expected.get("rule") in (None, event.rule)) and expected.get("event") in (None, event.event)
            and expected.get("step") in (None, step)
            and all(o in event.objects for o in expected.get("objects", ()))
            and all(p in event.players for p in expected.get("players", ())))


def _events(expectations: Expectations, judgement: Any) -> Iterator[Mismatch]:
    happened = [(step.index, event) for step in judgement.steps for event in step.events]
    position = 0
    for index, expected in enumerate(expectations.facts.get("events", [])):
        found = next((i for i in range(position, len(happened)) if _matches(expected, *happened[i])), None)
        if found is None:
            cited = ", ".join(e.rule for _, e in happened[position:position + 20]) or "none"
            yield Mismatch(("expect", "events", index),
                           f"expected an event {_describe(expected)} here; the engine's next events: {cited}")
            continue
        position = found + 1
    for index, rule in enumerate(expectations.facts.get("absent", [])):
        citing = [(step, e) for step, e in happened if e.rule == rule]
        if citing:
            step, event = citing[0]
            yield Mismatch(("expect", "absent", index), f"expected no {rule}, the engine cites it (step {step}: {event.message})")
    refused = sorted(step.index for step in judgement.steps if step.illegal)
    expected_refused = sorted(expectations.facts.get("illegal", []))
    if refused != expected_refused:
        why = "; ".join(f"step {s.index}: {s.illegal}" for s in judgement.steps if s.illegal) or "it refuses none"
        yield Mismatch(("expect", "illegal"), f"expected the engine to refuse steps {expected_refused}, it refuses {refused} ({why})")


def _same(expected: Any, actual: Any) -> bool:
    if isinstance(expected, list):
        return isinstance(actual, list) and sorted(expected) == sorted(actual)
    if isinstance(expected, int) and not isinstance(expected, bool) and isinstance(actual, list):
        return expected == len(actual)
    if expected is NOTHING and not isinstance(actual, bool):
        return actual is None
    if isinstance(expected, dict):
        return {k: v for k, v in expected.items() if v} == actual
    return bool(expected == actual)


def _facts(expected: dict[str, dict[str, Any]], actual_of: Any, where: str) -> Iterator[Mismatch]:
    for name, facts in expected.items():
        actual = actual_of(name)
        if actual is None:
            yield Mismatch(("expect", where, name), f"the engine has no object with id {name!r}")
            continue
        for key, value in facts.items():
            if key not in actual and key != "zone":
                yield Mismatch(("expect", where, name, key), f"expected {_show_fact(value)}, but it is in {actual['zone']}")
            elif not _same(value, actual.get(key)):
                yield Mismatch(("expect", where, name, key), f"expected {_show_fact(value)}, the engine says {_show_fact(actual.get(key))}")


def _show_fact(value: Any) -> str:
    if value is None or value is NOTHING:
        return "nothing"
    if isinstance(value, (list, dict)):
        return repr(value)
    return shown(value)


def compare(expectations: Expectations, judgement: Any) -> Verdict:
    """Hold a judgement (`judging.Judgement`) to the expectations."""
    state, facts = judgement.state, expectations.facts
    mismatches = list(_events(expectations, judgement))
    if "winner" in facts and state.winner != facts["winner"]:
        mismatches.append(Mismatch(("expect", "winner"), f"expected {facts['winner']} to win, the engine says "
                                   + (f"{state.winner} wins" if state.winner else "nobody has won")))
    if "draw" in facts and state.drawn != facts["draw"]:
        mismatches.append(Mismatch(("expect", "draw"), f"expected draw = {str(facts['draw']).lower()}, the engine says "
                                   + str(state.drawn).lower()))
    if "stack" in facts:
        names = [state.get(i).name for i in state.stack]
        if names != facts["stack"]:
            mismatches.append(Mismatch(("expect", "stack"), f"expected the stack {facts['stack']}, the engine has {names}"))
    mismatches += _facts(facts.get("players", {}), lambda name: board.player_facts(state, name), "players")
    mismatches += _facts(facts.get("objects", {}), lambda object_id: board.object_facts(state, object_id), "objects")
    return Verdict(expectations.count, mismatches)
