"""Fault injection, records of the wrong shape: MTGJSON whose fields hold the wrong type (null,
a number, a text, a list, an object, a boolean, a text past every size limit), made from
the real shared MTGJSON excerpt, one field at a time. Each variant is refused in one line
naming the file (exit 2) or read; what is read and stored never breaks a later `search` or
`card`. Before the schema check, 23 such variants gave tracebacks and 10 were stored and then
broke every later command (a `text` that was a number, a name that was a list). And whatever
parser made a record, `mtgrules.validate` checks it against the schema before it is stored.
"""

from __future__ import annotations

import copy
import dataclasses
import json
from pathlib import Path

import pytest
from conftest import corpus_file
from faults import assert_clean, assert_refused, run

from mtgrules import validate
from mtgrules.errors import ParseError
from mtgrules.records import Record

EXCERPT = "rulings/MH3-electrozoa.mtgjson-excerpt.json"
CARD = ("data", "cards", 0)
FIELDS = [
    ("meta",), ("data",), ("data", "code"), ("data", "name"), ("data", "cards"), CARD,
    *[(*CARD, name) for name in ("name", "setCode", "number", "uuid", "identifiers", "type", "text", "faceName",
                                 "rulings", "foreignData")],
    (*CARD, "identifiers", "scryfallOracleId"), (*CARD, "rulings", 0), (*CARD, "rulings", 0, "date"),
    (*CARD, "rulings", 0, "text"),
    *[(*CARD, "foreignData", 0, name) for name in ("language", "name", "type", "text")],
]
HUGE = "Z" * (validate.LONG + 1)  # past every limit: a name or text no real file holds
VALUES = {"null": None, "number": 12345, "text": "x", "list": [1, "a"], "object": {"k": 1}, "bool": True, "huge": HUGE}
CASES = [(path, kind) for path in FIELDS for kind in VALUES]


def variant(folder: Path, path: tuple, kind: str) -> Path:
    """The real excerpt with the value at `path` replaced by one of `kind`."""
    data = json.loads(corpus_file(EXCERPT).read_text(encoding="utf-8"))
    place = data
    for key in path[:-1]:
        place = place[key]
    place[path[-1]] = copy.deepcopy(VALUES[kind])
    file = folder / f"{'.'.join(map(str, path))}-{kind}.json"
    file.write_text(json.dumps(data), encoding="utf-8")
    return file


def refused_or_read(file: Path) -> bool:
    """True when the file is read, False when it is refused in one line naming it."""
    outcome = run("parse", str(file), "--json")
    if outcome.code == 0:
        assert_clean(outcome)
        for line in outcome.stdout.splitlines():
            validate.check(Record.from_dict(json.loads(line)))
        return True
    assert_refused(outcome, file=file)
    return False


@pytest.mark.parametrize(("path", "kind"), CASES, ids=[f"{'.'.join(map(str, p))}-{k}" for p, k in CASES])
def test_a_field_of_the_wrong_type_is_refused_or_read(tmp_path, path, kind):
    refused_or_read(variant(tmp_path, path, kind))


def test_what_is_read_is_stored_and_search_and_card_keep_working(tmp_path):
    """Every variant that is read, ingested at once; then lookups still work, and the card's
    name reaches `card`."""
    read = [file for path, kind in CASES if refused_or_read(file := variant(tmp_path, path, kind))]
    assert len(read) > 20  # nulls of optional fields, texts, unused fields
    outcome = run("ingest", *map(str, read))
    assert_clean(outcome)
    assert_clean(run("search", "energía"))
    assert_clean(run("search", "Electrozoa"))
    for name in ("Electrozoa", "x"):  # "x": the English name of one variant, the Spanish of another
        card = run("card", name)
        assert card.crashed is None and "Traceback" not in card.stderr, card.stderr
        assert card.code in (0, 1) and "Electrozoa" in card.stdout + card.stderr  # shown, or "2 cards match"
    assert_clean(run("rule", "704.5g"))


@pytest.mark.parametrize("kind", ["number", "list", "object", "huge"])
def test_a_wrong_name_is_refused_naming_the_field(tmp_path, kind):
    file = variant(tmp_path, (*CARD, "name"), kind)
    assert_refused(run("ingest", "--all-or-nothing", str(file)), "name", file=file)
    assert_clean(run("card", "Electrozoa"))


def test_every_record_field_has_a_check():
    assert set(validate.FIELDS) == {field.name for field in dataclasses.fields(Record)}


GOOD = Record(kind="card", lang="en", source="cards.json:7", title="Electrozoa", card="Electrozoa", text="Flash",
              names={"en": "Electrozoa", "es": "Electrozoa"})


@pytest.mark.parametrize(("field", "value", "says"), [
    ("text", 3, "text: expected a text, got the number 3"),
    ("text", None, "text: expected a text, got null"),
    ("card", ["a"], "card: expected a text, got a list"),
    ("title", "Z" * (validate.SHORT + 1), "title: a text of 1,001 characters (at most 1,000)"),
    ("text", "Z" * (validate.LONG + 1), "text: a text of 1,000,001 characters"),
    ("names", {"es": 5}, "names: entry 'es': expected a text, got the number 5"),
    ("names", ["es"], "names: expected an object, got a list"),
    ("examples", "text", "examples: expected a list of texts"),
    ("references", [None], "references: entry 1: expected a text, got null"),
    ("position", "3", "position: expected a whole number"),
    ("position", True, "position: expected a whole number from 0, got true"),
    ("confidence", 7, "confidence: expected a number from 0 to 1, got the number 7"),
    ("aligned", "yes", "aligned: expected true or false"),
    ("kind", "spell", "kind: expected one of"),
    ("printed_name", "a\x00b", "printed_name: a NUL character"),
    ("aliases", {"es": "x"}, "aliases: entry 'es': expected a list of texts"),
])
def test_a_record_of_the_wrong_shape_is_refused_naming_its_line(field, value, says):
    validate.check(GOOD)
    bad = dataclasses.replace(GOOD, **{field: value})
    with pytest.raises(ParseError) as raised:
        validate.check(bad)
    assert raised.value.source == "cards.json" and raised.value.line == 7
    assert says in str(raised.value)
