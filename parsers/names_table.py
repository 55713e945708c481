"""Card-name tables (set, number, name_en, name_es, name_fr, type_en, …) into `card` records.

These tab-separated tables list each card's printed names per language; they let a Spanish or
French card name resolve to the English one when no MTGJSON set file is ingested. Every column
`name_<lang>` is a printed name and `type_<lang>` a type line; a row whose `faceName_en` is set
is one face of a card and is folded into the card it belongs to.
"""

from __future__ import annotations

import re

from mtgrules.errors import ParseError
from mtgrules.i18n import _
from mtgrules.parsers import tables
from mtgrules.records import Record

_LANG_COLUMN = re.compile(r"^(name|type)_([a-z]{2,3})$")


def looks_like_names_table(text: str) -> bool:
    return tables.header_names(text, "name_en")


def parse(data: bytes | str, source: str) -> list[Record]:
    rows = tables.rows(data, source, "name_en", "card-name table")
    header = rows[0]
    columns = {i: m.groups() for i, name in enumerate(header) if (m := _LANG_COLUMN.match(name))}
    cards: dict[str, Record] = {}
    for line, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue
        if len(row) != len(header):
            raise ParseError(source, _("expected {count} columns, found {count2}")
                                       .format(count=len(header), count2=len(row)), line=line)
        cells = dict(zip(header, row))
        name = cells["name_en"].strip()
        if not name:
            raise ParseError(source, _("row has no English name"), line=line)
        if name in cards:
            continue
        names: dict[str, str] = {}
        types: dict[str, str] = {}
        for index, (field, lang) in columns.items():
            value = row[index].strip()
            if value:
                (names if field == "name" else types)[lang] = value
        cards[name] = Record(
            kind="card",
            lang="en",
            source=f"{source}:{line}",
            title=name,
            card=name,
            names=names,
            aligned=True,
            set_code=cells.get("set"), collector_number=cells.get("number"), type_lines=types, uuid=cells.get("uuid"),
        )
    return list(cards.values())
