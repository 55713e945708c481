"""MTGJSON v5 data into `card` and English `ruling` records: a set file, or the whole of
MTGJSON (AllPrintings), read as a stream.

A set file is `{"meta": …, "data": {"code", "name", "cards": [...], …}}`; AllPrintings is
`{"meta": …, "data": {"10E": {set}, "KLD": {set}, …}}`, about 500 MB of JSON, which is read one
card at a time (`mtgrules.parsers.json_stream`), never whole. Each card gives its English name
and text, its rulings (`{date, text}`, in MTGJSON's own order) and its printed names, type lines
and texts in other languages (`foreignData`). Rulings keep their MTGJSON position
(`en_position`) and a digest of their text (`en_digest`): translated rulings point at their
English counterpart by these, so a translation never stores the English text itself.

One card, one card record, however many printings: a card printed in many sets, or several
times in one, gives its record at its first printing and its rulings once (MTGJSON repeats a
card's rulings on every printing). A later printing that brings languages not given before adds
a record for the same card holding only those (records with the same `card` are one card).
The faces of a split or double-faced card are consecutive entries with the card's whole name
("Fire // Ice"): their texts and type lines are joined with `//`, as the name is.

Every field read is checked for its type as it is read (`mtgrules.parsers.json_fields`): a
number where a text belongs, a list where an object belongs, is a ParseError naming the file,
the line and the byte, never a record that breaks a later command.
"""

from __future__ import annotations

import io
from collections.abc import Iterator

from mtgrules.errors import ParseError
from mtgrules.i18n import N_, _
from mtgrules.parsers.card_languages import LanguagesGiven
from mtgrules.parsers.json_fields import Fields
from mtgrules.parsers.json_stream import JsonReader, describe
from mtgrules.records import Record, ruling_digest

# MTGJSON's language names → the codes records use.
LANGUAGE_CODES = {
    "Spanish": "es",
    "French": "fr",
    "German": "de",
    "Italian": "it",
    "Portuguese (Brazil)": "pt",
    "Japanese": "ja",
    "Korean": "ko",
    "Russian": "ru",
    "Chinese Simplified": "zhs",
    "Chinese Traditional": "zht",
    "English": "en",
}

_WHAT = N_("an MTGJSON set file or AllPrintings")
MEND = N_("give an MTGJSON v5 set file or AllPrintings; a damaged download: download it again")


def looks_like_mtgjson(text: str) -> bool:
    head = text.lstrip()[:4000]
    return head.startswith("{") and '"data"' in head and ('"cards"' in text[:200000] or '"meta"' in head)


def parse(data: bytes | str, source: str, warnings: list[str] | None = None) -> list[Record]:
    """The records of an MTGJSON document held in memory (a set file, say)."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    return list(records(JsonReader(io.BytesIO(raw), source), warnings))


def records(reader: JsonReader, warnings: list[str] | None = None) -> Iterator[Record]:
    """The records of the MTGJSON document `reader` reads, a set file or AllPrintings, as they
    are read. Raises ParseError at the first field of the wrong type or the first syntax error.
    Real files have quirks that say nothing against the rest of the file: a ruling with empty
    text (STX's Wandering Archaic, on four printings) is skipped, with one line in `warnings`
    naming it, and the rest stored."""
    if not reader.peek():
        raise ParseError(reader.source, _("the file is empty"), mend=MEND)
    reader.expect(_WHAT, MEND)
    document = _Document(reader)
    printings = _Printings(reader.source, warnings if warnings is not None else [])
    for key in reader.members("the MTGJSON document"):
        if key == "data":
            for card, where, set_code in document.cards():
                yield from printings.add(card, where, set_code)
    yield from printings.flush()
    reader.finish()
    if not document.card_lists:
        raise ParseError(reader.source, _("not {WHAT}: no data.cards list, nor sets with cards under data")
                                          .format(WHAT=_(_WHAT)), line=1, mend=MEND)


class _Document:
    """Finds the card lists of a set file (`data.cards`) or of AllPrintings (`data.<code>.cards`)."""

    def __init__(self, reader: JsonReader):
        self.reader = reader
        self.card_lists = 0

    def cards(self) -> Iterator[tuple[Fields, str, str | None]]:
        """Each card entry with where it is ("card 3", "KLD card 3") and its set's code."""
        reader = self.reader
        set_code = None
        for key in reader.members("data"):
            if key == "cards":  # a set file: data is the set
                yield from self._list("data.cards", "", set_code)
            elif key == "code":
                code, at = reader.located("data.code")
                if not isinstance(code, str):
                    raise reader.error(_("data.code is {describe}, expected text").format(describe=describe(code)), at=at, mend=MEND)
                set_code = code
            elif reader.peek() == "{":  # AllPrintings: a set under its code (or a set file's other objects)
                for field in reader.members(f"data.{key}"):
                    if field == "cards":
                        yield from self._list(f"data.{key}.cards", f"{key} ", key)

    def _list(self, what: str, label: str, set_code: str | None) -> Iterator[tuple[Fields, str, str | None]]:
        self.card_lists += 1
        card_of = _("card {number} of {what}")  # translated once per list, not once per card
        for index in self.reader.items(what):
            card = card_of.format(number=index + 1, what=what)
            value, at = self.reader.located(card)
            yield (Fields(value, card, self.reader, at, MEND),
                   f"{label}card {index + 1}", set_code)


class _Printings:
    """Card entries, in file order, into records: one card record per name (plus one for each
    printing that brings new languages), its rulings once, and faces of one printing joined."""

    def __init__(self, source: str, warnings: list[str]):
        self.source = source
        self.warnings = warnings
        self.langs = LanguagesGiven()
        self.ruled: set[str] = set()  # card names whose rulings were given
        self.pending: Record | None = None  # the card record of the last printing, open to its other faces
        self.pending_printing: tuple[str | None, str | None] = (None, None)
        self.pending_langs: set[str] | None = None  # languages the pending record adds; None: all
        self.rulings: list[Record] = []

    def add(self, card: Fields, where: str, set_code: str | None) -> Iterator[Record]:
        entry = _Entry(card, set_code)
        if self.pending is not None and entry.is_face_of(self.pending, self.pending_printing):
            self._join_face(entry)
            self._take_rulings(entry, where)
            return
        yield from self.flush()
        given = self.langs.get(entry.name)
        if given is None:
            self.langs.add(entry.name, entry.langs)
            self._hold(entry.record(f"{self.source}:{where}"), entry, None)
        else:
            new = entry.langs - given
            if new:
                self.langs.add(entry.name, new)
                self._hold(entry.record(f"{self.source}:{where}", only=new), entry, new)
        self._take_rulings(entry, where)

    def flush(self) -> Iterator[Record]:
        """The records held back for the faces that may follow."""
        if self.pending is not None:
            yield self.pending
        yield from self.rulings
        self.pending, self.pending_langs, self.rulings = None, None, []

    def _hold(self, record: Record, entry: _Entry, langs: set[str] | None) -> None:
        self.pending, self.pending_printing, self.pending_langs = record, entry.printing, langs

    def _join_face(self, entry: _Entry) -> None:
        record = self.pending
        assert record is not None
        keep = self.pending_langs
        if keep is None:
            record.text = _joined(record.text, entry.text, "\n//\n")
        for table, other, separator in ((record.type_lines, entry.type_lines, " // "), (record.texts, entry.texts, "\n//\n")):
            for lang, value in other.items():
                if keep is None or lang in keep:
                    table[lang] = _joined(table.get(lang, ""), value, separator)
        for lang, name in entry.names.items():
            if keep is None or lang in keep:
                record.names.setdefault(lang, name)
        if keep is None:
            self.langs.add(entry.name, entry.langs)
        self.pending_printing = entry.printing

    def _take_rulings(self, entry: _Entry, where: str) -> None:
        if entry.name in self.ruled or not (entry.rulings or entry.skipped):
            return
        self.ruled.add(entry.name)
        self.warnings += entry.skipped
        self.rulings = [
            Record(
                kind="ruling",
                lang="en",
                source=f"{self.source}:{where}",
                card=entry.name,
                printed_name=entry.name,
                oracle_id=entry.oracle_id,
                date=date,
                text=text,
                position=position,
                en_position=position,
                en_digest=ruling_digest(text),
                aligned=True,
                set_code=entry.set_code,
            )
            for position, (date, text) in enumerate(entry.rulings, start=1)
        ]


def _joined(first: str, second: str, separator: str) -> str:
    return first + separator + second if first and second else first or second


class _Entry:
    """The fields of one MTGJSON card entry that records keep, read with their types checked."""

    def __init__(self, card: Fields, set_code: str | None):
        self.name = card.required("name")
        self.face = card.text("faceName")
        self.set_code = card.text("setCode") or set_code
        self.number = card.text("number")
        self.uuid = card.text("uuid")
        self.text = card.text("text") or ""
        identifiers = card.object("identifiers")
        self.oracle_id = identifiers.text("scryfallOracleId") if identifiers else None
        self.names = {"en": self.name}
        english_type = card.text("type")
        self.type_lines = {"en": english_type} if english_type else {}
        self.texts: dict[str, str] = {}
        for foreign in card.objects("foreignData"):
            code = LANGUAGE_CODES.get(foreign.text("language") or "")
            if not code:
                continue
            for table, key in ((self.names, "name"), (self.type_lines, "type"), (self.texts, "text")):
                value = foreign.text(key)
                if value:
                    table.setdefault(code, value)
        self.rulings: list[tuple[str | None, str]] = []
        self.skipped: list[str] = []  # rulings without text, said once per card
        for number, ruling in enumerate(card.objects("rulings"), start=1):
            date, text = ruling.date("date"), ruling.text("text")
            if text and text.strip():
                self.rulings.append((date, text))
            else:
                problem = card.error(_("{name}: ruling {number} ({value}) has no text; skipped")
                                       .format(name=self.name, number=number, value=date or 'no date'))
                self.skipped.append(f"{problem.source}:{problem.line}: {problem.message}")

    @property
    def langs(self) -> set[str]:
        """The languages this entry gives a name, type line or text in."""
        return set(self.names) | set(self.type_lines) | set(self.texts)

    @property
    def printing(self) -> tuple[str | None, str | None]:
        return (self.set_code, self.number)

    def is_face_of(self, record: Record, printing: tuple[str | None, str | None]) -> bool:
        """A further face of the printing `record` was made from: same name, same printing."""
        return self.face is not None and self.name == record.card and self.printing == printing

    def record(self, source: str, only: set[str] | None = None) -> Record:
        """The card record of this entry; with `only`, just those languages (and the name)."""

        def kept(table: dict[str, str]) -> dict[str, str]:
            return dict(table) if only is None else {lang: value for lang, value in table.items() if lang in only}

        return Record(
            kind="card",
            lang="en",
            source=source,
            title=self.name,
            card=self.name,
            oracle_id=self.oracle_id,
            text=self.text if only is None else "",
            names={"en": self.name, **kept(self.names)},
            aligned=True,
            set_code=self.set_code,
            collector_number=self.number,
            type_lines=kept(self.type_lines),
            texts=kept(self.texts),
            uuid=self.uuid,
        )
