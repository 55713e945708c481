"""Scryfall bulk data files into English `ruling` records and `card` records, read as a stream.

Scryfall's bulk files (https://scryfall.com/docs/api/bulk-data) are JSON arrays of objects that
say what they are (`"object": "ruling"` or `"card"`), read one object at a time
(`mtgrules.parsers.json_stream`):

- Rulings: `{oracle_id, source, published_at, comment}`. A ruling belongs to an oracle id, that
  is to every printing of one card, and the file never names the card: records keep the oracle
  id with `card` empty, and `mtgrules.align.oracle_ids` names them from the cards ingested.
  `en_position` counts a card's rulings in file order; `issued_by` keeps `source` ("wotc" for
  Wizards' rulings, "scryfall" for Scryfall's own notes).
- Cards (oracle-cards, default-cards, all-cards; all-cards is about 2 GB, one object for each
  printing in each language): the English `name` and Oracle text (`oracle_text`, `type_line`)
  and, in the printing's language (`lang`), what is printed (`printed_name`, `printed_text`,
  `printed_type_line`); multi-faced cards give these per face (`card_faces`), joined here with
  `//` as the name is. As from MTGJSON, one card record per card name, plus a record for the
  same card whenever a printing brings a language not given before. Tokens, emblems and art
  cards are left out: they are not cards anyone asks rulings of, and share names with cards.

Every field read is checked for its type as it is read (`mtgrules.parsers.json_fields`).
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from dataclasses import dataclass

from mtgrules.errors import ParseError
from mtgrules.i18n import N_, _
from mtgrules.parsers.card_languages import LanguagesGiven
from mtgrules.parsers.json_fields import Fields
from mtgrules.parsers.json_stream import JsonReader
from mtgrules.records import Record, ruling_digest

RULINGS, CARDS = "ruling", "card"
NOT_CARDS = frozenset({"token", "double_faced_token", "emblem", "art_series"})
MEND = N_("give a Scryfall bulk data file (rulings, oracle-cards, default-cards or all-cards); a damaged download: download it again")
_LANG = re.compile(r"[a-z]{2,3}")


def records(reader: JsonReader, kind: str) -> Iterator[Record]:
    """The records of a Scryfall bulk file of `kind` (RULINGS or CARDS), as they are read.
    Raises ParseError at the first object that is not of that kind or has a field of the wrong type."""
    if not reader.peek():
        raise ParseError(reader.source, _("the file is empty"), mend=MEND)
    reader.expect(N_("a Scryfall bulk data file"), MEND)
    cards = _Cards(reader.source)
    rulings_of: dict[str, int] = {}  # oracle id -> its rulings so far
    for index in reader.items("the Scryfall file"):
        what = _("object {number}").format(number=index + 1)
        value, at = reader.located(what)
        item = Fields(value, what, reader, at, MEND)
        found = item.required("object")
        if found != kind:
            raise reader.error(_("{what} is a {found!r}, expected a {kind!r} like the objects before it")
                                 .format(what=what, found=found, kind=kind), at=at, mend=MEND)
        if kind == RULINGS:
            yield _ruling(item, f"{reader.source}:ruling {index + 1}", rulings_of)
        else:
            yield from cards.add(item, f"{reader.source}:card {index + 1}")
    reader.finish()


@dataclass(frozen=True)
class BulkFile:
    """One file of Scryfall's bulk data list (https://api.scryfall.com/bulk-data)."""

    type: str  # "rulings", "oracle_cards", "default_cards", "all_cards", …
    url: str  # where to download it; its name changes with each day's file
    size: int | None  # bytes, as Scryfall states them
    updated_at: str | None  # when Scryfall made it: a new value is a new file


LIST_MEND = N_("the Scryfall API answered something else than its bulk data list: give --scryfall-url the bulk-data address")


def bulk_files(data: bytes, source: str) -> dict[str, BulkFile]:
    """The files of Scryfall's bulk data list, by type. Raises ParseError when it is not one."""
    reader = JsonReader(io.BytesIO(data), source)
    reader.expect(N_("Scryfall's bulk data list"), LIST_MEND)
    files: dict[str, BulkFile] = {}
    listed = False
    for key in reader.members("the bulk data list"):
        if key != "data":
            continue
        listed = True
        for index in reader.items("data"):
            value, at = reader.located(f"bulk file {index + 1}")
            item = Fields(value, _("bulk file {number}").format(number=index + 1), reader, at, LIST_MEND)
            kind = item.required("type")
            files[kind] = BulkFile(kind, item.required("download_uri"), item.whole_number("size"), item.text("updated_at"))
    reader.finish()
    if not listed:
        raise ParseError(source, _("not Scryfall's bulk data list: no data list"), mend=LIST_MEND)
    return files


def _ruling(item: Fields, source: str, rulings_of: dict[str, int]) -> Record:
    oracle_id = item.required("oracle_id")
    text = item.required("comment")
    position = rulings_of[oracle_id] = rulings_of.get(oracle_id, 0) + 1
    return Record(
        kind="ruling",
        lang="en",
        source=source,
        oracle_id=oracle_id,
        date=item.date("published_at"),
        issued_by=item.text("source"),
        text=text,
        position=position,
        en_position=position,
        en_digest=ruling_digest(text),
        aligned=True,
    )


class _Cards:
    """Card objects, in file order, into card records: one per name, and one more for each
    printing that brings a language not given before (holding only that language)."""

    def __init__(self, source: str):
        self.source = source
        self.langs = LanguagesGiven()

    def add(self, item: Fields, source: str) -> Iterator[Record]:
        card = _Printing(item)
        if card.layout in NOT_CARDS:
            return
        given = self.langs.get(card.name)
        if given is None:  # the card's first record: its English side, and this printing's language
            self.langs.add(card.name, {"en", card.lang} if card.printed else {"en"})
            yield card.record(source, with_english=True)
        elif card.printed and card.lang not in given:
            self.langs.add(card.name, {card.lang})
            yield card.record(source, with_english=False)


class _Printing:
    """The fields of one Scryfall card object that records keep, read with their types checked
    (all of them, so that a wrong type is found whatever the object turns out to be)."""

    def __init__(self, item: Fields):
        self.name = item.required("name")
        self.lang = item.required("lang")
        if not _LANG.fullmatch(self.lang):
            raise item.error(_("lang is {lang!r}, expected a language code such as 'es'").format(lang=self.lang[:20]))
        faces = item.objects("card_faces")
        self.english_text = _whole(item, faces, "oracle_text", "\n//\n") or ""
        self.english_type = _whole(item, faces, "type_line", " // ")
        printed = {"name": _whole(item, faces, "printed_name", " // "),
                   "type": _whole(item, faces, "printed_type_line", " // "),
                   "text": _whole(item, faces, "printed_text", "\n//\n")}
        # An English printing's printed name is a variant of the English name, not a translation.
        self.printed = {} if self.lang == "en" else {key: value for key, value in printed.items() if value}
        self.oracle_id = item.text("oracle_id") or next((face.text("oracle_id") for face in faces if face.text("oracle_id")), None)
        self.layout = item.text("layout")
        set_code = item.text("set")
        self.set_code = set_code.upper() if set_code else None
        self.number = item.text("collector_number")

    def record(self, source: str, *, with_english: bool) -> Record:
        """The card record of this printing: its language's printed name, type line and text,
        and `with_english`, the card's English text and type line."""
        names = {"en": self.name}
        type_lines = {"en": self.english_type} if with_english and self.english_type else {}
        texts: dict[str, str] = {}
        for table, key in ((names, "name"), (type_lines, "type"), (texts, "text")):
            if key in self.printed:
                table[self.lang] = self.printed[key]
        return Record(
            kind="card",
            lang="en",
            source=source,
            title=self.name,
            card=self.name,
            oracle_id=self.oracle_id,
            text=self.english_text if with_english else "",
            names=names,
            type_lines=type_lines,
            texts=texts,
            aligned=True,
            set_code=self.set_code,
            collector_number=self.number,
        )


def _whole(item: Fields, faces: list[Fields], key: str, separator: str) -> str | None:
    """A field of the card, or of its faces joined with `separator` when the card has none."""
    value = item.text(key)
    if value is not None or not faces:
        return value
    parts = [part for part in (face.text(key) for face in faces) if part]
    return separator.join(parts) or None
