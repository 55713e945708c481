"""The stored corpus opened for reading, links up to date, and the joins done at read time.

Identities and term links are worked out at ingest (`mtgrules.align.ingest`); a store migrated
from the layout of earlier versions has them still to do, which `open_store` does first. A
translated ruling's English text (`en_text`) is a keyed join at read time: it is never stored
beside the translation.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from mtgrules.i18n import _
from mtgrules.records import Record
from mtgrules.store import Message, Store, StoreUnwritable
from mtgrules.text import fold


def open_store(on_message: Message | None = None, store: Store | None = None) -> Store:
    """The user's corpus (`store`, or the default one) with identities and term links worked
    out. When they cannot be (the database cannot be written), lookups go on without them and
    `on_message` says so."""
    corpus = store or Store(on_message=on_message)
    if corpus.links_stale():
        from mtgrules.align import ingest

        try:
            with corpus.writing() as writer:
                ingest.relink(writer, set())
        except StoreUnwritable as error:
            corpus.on_message(_("{error}: rule identities across editions are not worked out").format(error=error))
    return corpus


def iter_records(store: Store) -> Iterator[Record]:
    """Every record of the corpus, one at a time, with English ruling text filled in (the
    English rulings are read first, keyed by card and position) and keyword-table terms given
    the rules that define them."""
    for _id, _document, record in iter_rows(store):
        yield record


def iter_rows(store: Store, *, documents: list[int] | None = None, english_text: bool = True) -> Iterator[tuple[int, int, Record]]:
    """(record id, document id, record) of every record (of `documents`, when given), linked as
    `iter_records` links them; without `english_text`, translated rulings are left without
    their English text (the search index does not show it)."""
    return linked(store, store.iter_rows(documents=documents), english_text=english_text)


def linked(store: Store, rows: Iterable[tuple[int, int, Record]], *, english_text: bool = False) -> Iterator[tuple[int, int, Record]]:
    """`rows` (record id, document id, record) read from `store`, linked: translated rulings
    given their English text (with `english_text`), keyword-table terms the rules that define
    them (these last)."""
    english = {(r.card, r.en_position): r for r in store.iter_records(kinds=["ruling"], langs=["en"])} if english_text else {}
    terms = []
    for row in rows:
        record = row[2]
        if record.kind == "ruling" and english_text:
            _fill(record, english)
        elif record.kind == "term" and not record.rules and record.title:
            terms.append(row)
            continue
        yield row
    links = store.term_links(sorted({fold(row[2].title or "") for row in terms})) if terms else {}
    for row in terms:
        record = row[2]
        edition, numbers = links.get(fold(record.title or ""), (None, []))
        record.rules, record.edition = list(numbers), edition or record.edition
        yield row


def all_records(store: Store | None = None) -> list[Record]:
    """The whole corpus as a list (`iter_records`): only for what truly needs all of it."""
    return list(iter_records(open_store(store=store)))


def fill_english_rulings(records: list[Record]) -> None:
    """Set `en_text` on translated rulings from the English rulings among `records`."""
    english = {(r.card, r.en_position): r for r in records if r.kind == "ruling" and r.lang == "en"}
    for record in records:
        if record.kind == "ruling":
            _fill(record, english)


def _fill(record: Record, english: dict[tuple, Record]) -> None:
    if record.lang == "en":
        record.en_text = record.text
        return
    counterpart = english.get((record.card, record.en_position))
    if counterpart is not None and counterpart.en_digest == record.en_digest:
        record.en_text = counterpart.text
