"""What `mtgrules engine coverage` shows: for every rule of one edition's view and every ruling
of the corpus, the engine code that executes it (`path:line`) and the tests that demonstrate
it, so a gap is visible at a glance. Rules are counted once per number whatever the language;
rulings once per card and English counterpart.

The engine cites rules by their numbers in one edition, `ENGINE_EDITION` (its citations are
checked against that edition's text by tests/test_engine_links.py). In the view of another
edition a citation is followed to the same rule by identity: the engine's convert (701.28 in
2026-08-07) is rule 701.50 in the 2024-06-07 view. Where the identity cannot be traced (the
engine's edition or the view's has no English text in the corpus) no rule is linked.
"""

from __future__ import annotations

from typing import Any

from mtgrules import rulenumbers
from mtgrules.i18n import _
from mtgrules.lookup.catalog import Catalog
from mtgrules.records import Record

ENGINE_EDITION = "2026-08-07"


def _to_engine(catalog: Catalog, numbers: list[str]) -> dict[str, str]:
    """Numbers of the view -> the same rules' numbers in the engine's edition."""
    if catalog.edition is None or catalog.edition == ENGINE_EDITION:
        return {n: n for n in numbers}
    if not catalog.english or ENGINE_EDITION not in catalog.corpus.english_editions():
        return {}
    return catalog.corpus.map_numbers(catalog.edition, numbers, ENGINE_EDITION)


def from_engine(catalog: Catalog, numbers: list[str]) -> dict[str, str]:
    """Numbers the engine cites -> the same rules' numbers in the view (those it can tell)."""
    if catalog.edition is None or catalog.edition == ENGINE_EDITION:
        return {n: n for n in numbers}
    if not catalog.english or ENGINE_EDITION not in catalog.corpus.english_editions():
        return {}
    return catalog.corpus.map_numbers(ENGINE_EDITION, numbers, catalog.edition)


def engine_number(catalog: Catalog, number: str) -> str | None:
    """The number the engine cites the view's rule `number` by, None when it cannot be told."""
    return _to_engine(catalog, [number]).get(number)


def within(number: str, section: str) -> bool:
    """Is `number` the section itself or below it (704.5aa is within 704.5, 704 and 7)?"""
    current: str | None = number
    while current is not None:
        if current == section:
            return True
        current = rulenumbers.parent(current)
    return False


def view_rule_numbers(catalog: Catalog) -> list[str]:
    """Every rule number of the view, in rules order."""
    numbers = catalog.corpus.numbers(kinds=("rule",), edition=None)
    if catalog.edition is not None:
        numbers |= catalog.corpus.numbers(kinds=("rule",), edition=catalog.edition)
    return sorted((n for n in numbers if rulenumbers.is_rule_number(n)), key=rulenumbers.sort_key)


def _rule_rows(catalog: Catalog, section: str | None, registry) -> list[dict[str, Any]]:
    numbers = [n for n in view_rule_numbers(catalog) if section is None or within(n, section)]
    in_engine = _to_engine(catalog, numbers)
    rows = []
    for number in numbers:
        cited = in_engine.get(number)
        rows.append({
            "kind": "rule",
            "number": number,
            "implemented": [i.location for i in registry.implementations_for(cited)] if cited else [],
            "tests": registry.tests_for_rule(cited) if cited else [],
        })
    return rows


def _ruling_rows(rulings: list[Record], registry) -> list[dict[str, Any]]:
    """One row per card and English counterpart; the record kept is one that carries the
    English text when any does."""
    kept: dict[tuple, Record] = {}
    for r in rulings:
        if r.card:
            key = (r.card, r.en_position, r.en_digest)
            if key not in kept or (kept[key].en_text is None and r.en_text is not None):
                kept[key] = r
    rows = []
    for (name, position, digest), record in sorted(kept.items(), key=lambda item: (item[0][0], item[0][1] or 0)):
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


def _rulings(catalog: Catalog, card: str | None) -> list[Record]:
    """The rulings of `card` (by any of its names, in any case), or of every card."""
    if card is None:
        from mtgrules.align.linking import fill_english_rulings

        rulings = catalog.corpus.records(kinds=["ruling"])
        fill_english_rulings(rulings)
        return rulings
    names = catalog.cards_named(card) | {card}
    return [ruling for name in sorted(names) for ruling in catalog.rulings(name)]


def coverage_rows(catalog: Catalog, section: str | None, card: str | None, registry) -> list[dict[str, Any]]:
    """One dict per rule of the view (by number) and per ruling (by card and English
    counterpart), with the implementations and tests that link to it: the rules under
    `section` and the rulings of `card`, or everything when neither is given.
    `registry` is `mtgrules.engine.registry` or its cache, `engine_links.load()`."""
    rows: list[dict[str, Any]] = []
    if section is not None or card is None:
        rows += _rule_rows(catalog, section, registry)
    if card is not None or section is None:
        rows += _ruling_rows(_rulings(catalog, card), registry)
    return rows


def summary(rows: list[dict[str, Any]], plural: str) -> str:
    """"25 rules: 25 implemented, 25 tested" (`plural` names the rows, in the person's language)."""
    implemented = sum(1 for r in rows if r["implemented"])
    tested = sum(1 for r in rows if r["tests"])
    return _("{count} {what}: {implemented} implemented, {tested} tested").format(
        count=len(rows), what=plural, implemented=implemented, tested=tested)


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
