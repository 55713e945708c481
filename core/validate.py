"""Records checked against their schema before they are stored.

Parsers check what they read (`mtgrules.parsers.json_fields` checks MTGJSON field by field),
but the store is where a bad record would do lasting harm: a number where a card's name belongs,
or a name of three million characters, stored once, breaks or slows every later `search`,
`card` and search, far from its cause. So every record is checked here, whatever parser
made it, before `align.documents` hands it on to be stored and when an old-layout corpus is
migrated: each field has its type (`Record`'s annotations) and a size, and no text holds a NUL
or a lone surrogate (which cannot be written as UTF-8). A record that fails is a ParseError
naming the file and line the record came from (its `source`), the field and what was expected.

The limits are far above anything real (the longest rule of the Comprehensive Rules is some
2,000 characters, the longest card name under 150) and low enough that no single record can
make a lookup slow.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

from mtgrules.errors import ParseError
from mtgrules.i18n import N_, _, number
from mtgrules.records import KINDS, Record

SHORT = 1_000  # characters of a name, title, number, code, date or language
LONG = 1_000_000  # characters of a text (a rule, a ruling, a card's text)
ITEMS = 10_000  # entries of a list or mapping field
SOURCE = 5_000  # characters of `source` (a path and a line)
MEND = N_("the file is damaged or not what it claims to be: give a good copy; a damaged download: download it again")

_UNWRITABLE = re.compile(r"[\x00\ud800-\udfff]")

Check = Callable[[Any], str | None]  # None when good, else what is wrong


def _text(limit: int, optional: bool) -> Check:
    def check(value: Any) -> str | None:
        if value is None:
            return None if optional else _("expected a text, got {kind}").format(kind="null")
        if not isinstance(value, str):
            return _("expected a text, got {kind}").format(kind=_kind(value))
        if len(value) > limit:
            return _("a text of {length} characters (at most {limit})").format(length=number(len(value)), limit=number(limit))
        if ("\x00" in value) if value.isascii() else _UNWRITABLE.search(value):
            return _("a NUL character or a lone surrogate in the text")
        return None

    return check


def _texts(limit: int) -> Check:
    item = _text(limit, optional=False)

    def check(value: Any) -> str | None:
        if not isinstance(value, list):
            return _("expected a list of texts, got {kind}").format(kind=_kind(value))
        if len(value) > ITEMS:
            return _("a list of {count} entries (at most {limit})").format(count=number(len(value)), limit=number(ITEMS))
        return next((_("entry {entry}: {problem}").format(entry=n + 1, problem=problem)
                     for n, v in enumerate(value) if (problem := item(v))), None)

    return check


def _mapping(value_check: Check) -> Check:
    key = _text(SHORT, optional=False)

    def check(value: Any) -> str | None:
        if not isinstance(value, dict):
            return _("expected an object, got {kind}").format(kind=_kind(value))
        if len(value) > ITEMS:
            return _("an object of {count} entries (at most {limit})").format(count=number(len(value)), limit=number(ITEMS))
        for k, v in value.items():
            problem = key(k) or value_check(v)
            if problem:
                return _("entry {entry}: {problem}").format(entry=repr(str(k)[:40]), problem=problem)
        return None

    return check


def _whole(value: Any) -> str | None:
    if value is None or (isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 1 << 31):
        return None
    return _("expected a whole number from 0, got {kind}").format(kind=_kind(value))


def _share(value: Any) -> str | None:
    if value is None or (isinstance(value, int | float) and not isinstance(value, bool) and 0 <= value <= 1):
        return None
    return _("expected a number from 0 to 1, got {kind}").format(kind=_kind(value))


def _flag(value: Any) -> str | None:
    return None if isinstance(value, bool) else _("expected true or false, got {kind}").format(kind=_kind(value))


def _kind_of_record(value: Any) -> str | None:
    return None if value in KINDS else _("expected one of {kinds}, got {kind}").format(kinds=", ".join(KINDS), kind=_kind(value))


_SHORT_OPTIONAL = _text(SHORT, optional=True)
FIELDS: dict[str, Check] = {
    "kind": _kind_of_record,
    "lang": _text(SHORT, optional=False),
    "source": _text(SOURCE, optional=False),
    "text": _text(LONG, optional=False),
    "en_text": _text(LONG, optional=True),
    "examples": _texts(LONG),
    "untranslated": _texts(LONG),
    "texts": _mapping(_text(LONG, optional=False)),
    "names": _mapping(_text(SHORT, optional=False)),
    "type_lines": _mapping(_text(SHORT, optional=False)),
    "aliases": _mapping(_texts(SHORT)),
    "references": _texts(SHORT),
    "rules": _texts(SHORT),
    "missing": _texts(SHORT),
    "merged": _texts(SHORT),
    "position": _whole,
    "en_position": _whole,
    "confidence": _share,
    "aligned": _flag,
    "provisional": _flag,
    **{name: _SHORT_OPTIONAL for name in ("number", "title", "edition", "en_title", "card", "oracle_id", "printed_name",
                                          "date", "issued_by", "en_digest", "set_code", "collector_number", "uuid")},
}


def check(record: Record) -> None:
    """Raise a ParseError naming the record's file and line when a field is not what a
    `Record` holds (see the module docstring)."""
    values = record.__dict__
    for name, field_check in FIELDS.items():
        value = values.get(name)
        if value is None:
            if name in _NULL_GOOD:
                continue
        elif not value and type(value) is _EMPTY_GOOD.get(name):
            continue
        problem = field_check(value)
        if problem:
            raise _error(record, name, problem)


def check_all(records: Iterable[Record]) -> None:
    for record in records:
        check(record)


def _error(record: Record, field: str, problem: str) -> ParseError:
    source = record.source if isinstance(record.source, str) else "?"
    path, _colon, line = source[:SOURCE].rpartition(":")
    what = _("{kind} record").format(kind=record.kind) if isinstance(record.kind, str) and record.kind in KINDS else _("record")
    if path and line.isdigit():
        return ParseError(path, f"{what}: {field}: {problem}", line=int(line), mend=MEND)
    return ParseError(source[:SOURCE], f"{what}: {field}: {problem}", mend=MEND)


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        if len(value) > 40:
            return _("a text of {length} characters").format(length=number(len(value)))
        return _("the text {text}").format(text=repr(value))
    if isinstance(value, int | float):
        return _("the number {number}").format(number=repr(value))
    if isinstance(value, list):
        return _("a list")
    if isinstance(value, dict):
        return _("an object")
    return type(value).__name__


# Fields a null (or an empty list or mapping) leaves good, worked out here, after `_kind`, which
# the checks call: most of a record's fields are null or empty, and passing those by without
# calling their check halved the time of checking 82,000 records.
_NULL_GOOD = frozenset(name for name, field_check in FIELDS.items() if field_check(None) is None)
_EMPTIES: tuple[list, dict] = ([], {})
_EMPTY_GOOD = {name: type(empty) for name, field_check in FIELDS.items() for empty in _EMPTIES if field_check(empty) is None}
