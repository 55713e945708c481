"""Scryfall rulings name their card by oracle id: here they get the card's English name.

An oracle id is Scryfall's name for a card, shared by all its printings; the rulings file
gives nothing else. The cards ingested say which name each oracle id is: MTGJSON card records
(from `identifiers.scryfallOracleId`) and Scryfall card records carry it. Rulings of a card
none of them names are left out, with a warning, rather than stored nameless: no command could
show a ruling without its card. So is a ruling the card already has from MTGJSON (same text):
Scryfall is where MTGJSON gets its rulings, and a ruling is stored once. The rulings kept of a
card MTGJSON gives rulings of are numbered after MTGJSON's (`en_position`), since a card's
English rulings are told apart by their position.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from mtgrules.i18n import _, number
from mtgrules.parsers.data_files import SCRYFALL_RULINGS
from mtgrules.records import Record


class Document(Protocol):
    path: str
    kind: str
    records: list[Record]
    warnings: list[str]


def name_rulings(documents: Iterable[Document], context: Iterable[Record]) -> None:
    """Name the rulings of the Scryfall rulings documents among `documents` from the cards of
    all of them and of `context` (the records ingested before); leave out the others, warning."""
    documents = list(documents)
    rulings_documents = [document for document in documents if document.kind == SCRYFALL_RULINGS]
    if not rulings_documents:
        return
    names: dict[str, str] = {}
    known: set[tuple[str | None, str | None]] = set()  # (card, digest) of the English rulings given elsewhere
    last: dict[str, int] = {}  # card -> the last position of those
    for records in [context, *(document.records for document in documents if document.kind != SCRYFALL_RULINGS)]:
        for record in records:
            if record.kind == "card" and record.oracle_id and record.card:
                names.setdefault(record.oracle_id, record.card)
            elif record.kind == "ruling" and record.lang == "en" and record.issued_by is None and record.card:
                known.add((record.card, record.en_digest))
                last[record.card] = max(last.get(record.card, 0), record.en_position or 0)
    for document in rulings_documents:
        kept, unnamed = [], set()
        for ruling in document.records:
            name = ruling.card or names.get(ruling.oracle_id or "")
            if name is None:
                unnamed.add(ruling.oracle_id)
            elif (name, ruling.en_digest) not in known:
                ruling.card = ruling.printed_name = name
                if name in last:
                    last[name] += 1
                    ruling.position = ruling.en_position = last[name]
                kept.append(ruling)
        if unnamed:
            document.warnings.append(
                f"{document.path}: " + _("rulings of {count} cards left out: no card ingested has their oracle id (ingest MTGJSON"
                                         " AllPrintings or a Scryfall cards file with them)").format(count=number(len(unnamed)))
            )
        document.records = kept
