"""What `mtgrules engine coverage` shows: for every rule and ruling of the corpus, the engine
code that executes it (`path:line`) and the tests that demonstrate it, so a gap is visible at
a glance. Rules are counted once per number whatever the language; rulings once per card and
English counterpart.
"""

from __future__ import annotations

from typing import Any

from mtgrules import rulenumbers
from mtgrules.records import Record


def within(number: str, section: str) -> bool:
    """Is `number` the section itself or below it (704.5aa is within 704.5, 704 and 7)?"""
    current: str | None = number
    while current is not None:
        if current == section:
            return True
        current = rulenumbers.parent(current)
    return False


def _rule_rows(records: list[Record], section: str | None, registry) -> list[dict[str, Any]]:
    numbers = {r.number for r in records if r.kind == "rule" and r.number and rulenumbers.is_rule_number(r.number)}
    return [
        {
            "kind": "rule",
            "number": number,
            "implemented": [i.location for i in registry.implementations_for(number)],
            "tests": registry.tests_for_rule(number),
        }
        for number in sorted(numbers, key=rulenumbers.sort_key)
        if section is None or within(number, section)
    ]


def _ruling_rows(records: list[Record], card: str | None, registry) -> list[dict[str, Any]]:
    """One row per card and English counterpart; the record kept is one that carries the
    English text when any does."""
    rulings: dict[tuple, Record] = {}
    for r in records:
        if r.kind == "ruling" and r.card and (card is None or r.card.lower() == card.lower()):
            key = (r.card, r.en_position, r.en_digest)
            if key not in rulings or (rulings[key].en_text is None and r.en_text is not None):
                rulings[key] = r
    rows = []
    for (name, position, digest), record in sorted(rulings.items(), key=lambda item: (item[0][0], item[0][1] or 0)):
        rows.append({
            "kind": "ruling",
            "card": name,
            "en_position": position,
            "en_digest": digest,
            "en_text": record.en_text,
            "implemented": [i.location for i in registry.implementations_for_ruling(name, digest)] if digest else [],
            "tests": registry.tests_for_ruling(name, digest) if digest else [],
        })
    return rows


def coverage_rows(records: list[Record], section: str | None, card: str | None, registry) -> list[dict[str, Any]]:
    """One dict per rule (deduplicated by number) and per ruling (by card and English
    counterpart) in `records`, with the implementations and tests that link to it: the rules
    under `section` and the rulings of `card`, or everything when neither is given.
    `registry` is `mtgrules.engine.registry`."""
    rows: list[dict[str, Any]] = []
    if section is not None or card is None:
        rows += _rule_rows(records, section, registry)
    if card is not None or section is None:
        rows += _ruling_rows(records, card, registry)
    return rows


def summary(rows: list[dict[str, Any]], plural: str) -> str:
    """"25 rules: 25 implemented, 25 tested"."""
    implemented = sum(1 for r in rows if r["implemented"])
    tested = sum(1 for r in rows if r["tests"])
    return f"{len(rows)} {plural}: {implemented} implemented, {tested} tested"


def by_section(rows: list[dict[str, Any]], section: str | None = None) -> list[tuple[str, int, int, int]]:
    """(section, rules, implemented, tested) for each section where the engine implements a
    rule, in rules order: the rows one level below `section` (704 -> 704.5), or the
    three-digit sections when no section is given. Nothing when every one would hold a single
    rule: the list itself says as much."""
    groups: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        if row["kind"] != "rule" or row["number"] == section:
            continue
        key = _child(row["number"], section)
        groups.setdefault(key, []).append(row)
    if all(len(members) == 1 for members in groups.values()):
        return []
    out = []
    for key in sorted(groups, key=rulenumbers.sort_key):
        members = groups[key]
        implemented = sum(1 for r in members if r["implemented"])
        if implemented:
            out.append((key, len(members), implemented, sum(1 for r in members if r["tests"])))
    return out


def _child(number: str, section: str | None) -> str:
    """The ancestor of `number` just below `section` (a three-digit section when None)."""
    current, path = number, [number]
    while (parent := rulenumbers.parent(current)) is not None:
        path.append(parent)
        current = parent
    path.reverse()  # chapter, section, rule, subrule
    if section is None:
        return path[1] if len(path) > 1 else path[0]
    depth = path.index(section) if section in path else len(path) - 2
    return path[min(depth + 1, len(path) - 1)]


def untested(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Rules and rulings the engine implements that no test demonstrates."""
    return [r for r in rows if r["implemented"] and not r["tests"]]
