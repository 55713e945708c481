"""Updating the search index in place of a rebuild, when only documents changed.

Building the index of 82,000 records takes most of a minute; ingesting one page changes a few
dozen. A build lists the store's documents it holds (`meta.json` "documents": their ids, which
the store never gives twice, see `Queries.document_ids`). An index entry stands for records of
one content (`mtgrules.index.entries`): it lists them (`members`: record and document ids),
names its content (`group`) and indexes its records' documents (`document`). When the corpus
changed, `update_locked` works on a copy of the current build:

- whoosh's segment files are never changed once written (deletions are kept in the table of
  contents, a new file at each commit), so the copy is made of hard links: nothing is copied
  and the current build is left as it is, in use by any running search;
- the records to write are those of the new documents, and those that show something of
  other records and would now show it wrongly: the languages a record's key exists in
  (`key_langs`, "also in es, fr") and the names a card is printed under (`card`), for the
  keys and cards the changed records have (those of the documents gone read from their
  entries);
- every entry they touch is written again whole: the entries of the documents gone (removed,
  or stored again), and those of the contents of the records to write (which hold them, or
  which they join: a new edition's rule joins the entry of its text in the other editions),
  their other records read from the store and added, until every entry deleted has all its
  stored records among those written; they are grouped as a full build groups them;
- the vocabulary gains the new records' words (words of removed records stay until the next
  full build: a word in the vocabulary with nothing to find is harmless, it only helps detect
  a query's language); the default view's documents are listed again; the lexicon files are
  kept as they are (hard links): pairs the new documents would teach join at the next full
  build, as learning them is most of a full build's time;
- then committed, and swapped in as a full build is (CURRENT, the lock, the previous build
  kept): a killed update leaves the previous build in use.

A full build is made instead when the build was made from another corpus database (the
document ids of a database made anew start again from 1), by another version (`LAYOUT`, the
committed lexicon), when the rule identities or term links changed (which change the views of
every translation: `Queries.links_digest`), when the default edition changed, or when the build
does not list its documents (one built from records given directly).
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterable
from pathlib import Path

from mtgrules.align import linking
from mtgrules.index import build, entries, fields, layout, schema
from mtgrules.records import Record
from mtgrules.store import Store

Row = tuple[int, int, Record]
# Files of a build that an update writes anew (never through a hard link shared with the build
# it copies); whoosh's write lock is its own.
_WRITTEN = (layout.META, layout.VOCABULARY)


def can_update(folder: Path, corpus: Store) -> bool:
    """True when the build in `folder` can be brought up to date with `corpus` in place."""
    meta = layout.read_meta(folder)
    return (
        # the same database: one made anew (moved away, deleted) numbers its documents from 1 again
        # (a build's fingerprint is the database's id, then its generation: `Queries.fingerprint`)
        str(meta.get("fingerprint", "")).rpartition("-")[0] == corpus.meta("corpus")
        and meta.get("layout") == layout.LAYOUT
        and meta.get("lexicon") == layout.committed_lexicon_digest()
        and meta.get("documents") is not None
        and meta.get("links") == corpus.links_digest()
        and meta.get("view") == corpus.default_edition()
    )


def update_locked(root: Path, previous: Path, corpus: Store, fingerprint: str, reporter: build.BuildReporter) -> Path:
    """A copy of the build `previous` brought up to date with `corpus` and made current (the
    caller holds the build lock)."""
    folder = build.new_folder(root, fingerprint)
    try:
        _write_update(folder, previous, corpus, fingerprint, reporter)
    except BaseException:
        shutil.rmtree(folder, ignore_errors=True)  # a full disk, an interrupt: nothing half-written stays
        raise
    build.swap(root, folder, previous)
    return folder


def _write_update(folder: Path, previous: Path, corpus: Store, fingerprint: str, reporter: build.BuildReporter) -> None:
    """Write into `folder` the build `previous` brought up to date with `corpus`."""
    from whoosh import index

    meta = layout.read_meta(previous)
    held, stored = set(meta["documents"]), corpus.document_ids()
    removed, added = sorted(held - stored), sorted(stored - held)
    _link_copy(previous, folder)
    ix = index.open_dir(str(folder))
    views = build.Views(corpus)
    new = list(linking.iter_rows(corpus, documents=added, english_text=False)) if added else []
    with ix.searcher() as searcher:
        redone = {number for document in removed for number in searcher.document_numbers(document=str(document))}
        gone = [searcher.stored_fields(number) for number in redone]
        keys = {views.key(row[2]) for row in new} | {key for fields in gone for key in _keys_of(fields, views)}
        cards = {row[2].card for row in new if row[2].card} | {m[4] for fields in gone for m in fields["members"] if m[4]}
        # What shows something of the changed records (languages of a key, names of a card).
        rows = {row[0]: row for row in new}
        rows.update((row[0], row) for row in _rows_of(corpus, keys, cards, views) if row[1] not in added)
        redone = _close(searcher, corpus, rows, set(removed), views, redone)
    records = [row[2] for row in rows.values()]
    # Every record of the keys and cards of those written again (what their entries show of
    # others); those of the changed keys and cards are among them already.
    more_keys, more_cards = {views.key(r) for r in records} - keys, {r.card for r in records if r.card} - cards
    around = records + [row[2] for row in _rows_of(corpus, more_keys, more_cards, views) if row[0] not in rows] \
        if more_keys or more_cards else records
    languages_of = build.key_languages(around, views)
    names = schema.card_names(around)
    langs = set(meta["langs"])
    editions = set(meta["editions"])
    grouping = entries.Grouping(views)
    for row_id in sorted(rows):
        grouping.add(rows[row_id][2], rows[row_id][:2])
    build.remember_missing_columns()
    writer = ix.writer(limitmb=build.WRITER_MEMORY_MB, compound=False)
    try:
        for lang in sorted({record.lang for record in records} - langs):
            added = schema.build_schema([lang])  # the fields of a language new to the index
            for name in (fields.title_field(lang), fields.text_field(lang)):
                writer.add_field(name, added[name])
            langs.add(lang)
        for number in sorted(redone):
            writer.delete_document(number)
        written = list(grouping.entries(languages_of))
        with reporter.indexing([rows[members[0].row][2] for _, _, members in written]) as shown:  # type: ignore[index]
            for (digest, key_langs, members), record in zip(written, shown, strict=True):
                ids = (members[0].row, members[0].document)
                added_entry = schema.document(record, key_langs, names, views.of(record), ids, digest, members)  # type: ignore[arg-type]
                editions.update(added_entry["views"].split())
                writer.add_document(**added_entry)
        writer.commit()
    except BaseException:
        writer.cancel()
        raise
    vocabulary, terms = build.read_vocabulary(previous)
    build.record_words((row[2] for row in new), vocabulary)
    build.write_vocabulary(folder, vocabulary, terms | build.english_terms(row[2] for row in new))
    editions = (editions - {layout.EVERY_VIEW}) & {edition.date for edition in corpus.editions()}
    if views.default is not None and len(editions) > 1:
        build.write_view_documents(index.open_dir(str(folder)), folder, views.default)
    build.write_meta(folder, {
        **{key: meta[key] for key in ("view", "links")},
        "fingerprint": fingerprint,
        "langs": sorted(langs),
        "editions": sorted(editions),
        "records": corpus.count(),
        "documents": sorted(stored),
    })


def _close(searcher, corpus: Store, rows: dict[int, Row], removed: set[int], views: build.Views, gone: set[int]) -> set[int]:
    """The entries (index document numbers) to write again for the records `rows` and the
    entries `gone` (of documents removed): those of their contents, which hold them or which
    they join (a new edition's rule joins the entry of its text in the others), their other
    records added to `rows`, until every entry written again has all its records in `rows` (an
    entry is written whole, from the store's records)."""
    redone: set[int] = set()
    pending = list(rows.values())
    found = set(gone)  # the entries of the documents gone: their other records are written again
    while pending or found:
        # A stored record never changes (a document changed is stored again, under new ids):
        # the entry that holds it is one of those of its content.
        for digest in {entries.content_digest(row[2], views) for row in pending}:
            found.update(searcher.document_numbers(group=digest))
        missing: dict[tuple, set[int]] = {}
        for number in found - redone:
            fields = searcher.stored_fields(number)
            for row_id, document, edition, entry_number, card in fields["members"]:
                if row_id not in rows and document not in removed:
                    where = (fields["kind"], edition, entry_number if fields["kind"] in ("rule", "section") else None, card, document)
                    missing.setdefault(where, set()).add(row_id)
        redone |= found
        pending = [row for row in _members(corpus, missing) if row[0] not in rows]
        rows.update((row[0], row) for row in pending)
        found = set()
    return redone


def _members(corpus: Store, missing: dict[tuple, set[int]]) -> list[Row]:
    """The stored records of `missing` (where each is: kind, edition, number, card, document ->
    record ids), read by what the store looks records up by, linked as the index reads them."""
    found: dict[int, Row] = {}
    wanted = {row_id for ids in missing.values() for row_id in ids}
    by_number: dict[tuple[str, str], set[str]] = {}
    of_kind: set[tuple[str, str]] = set()  # glossary entries of an edition: read all of them
    cards: set[str] = set()
    documents: set[int] = set()
    for kind, edition, number, card, document in missing:
        if edition and number is not None:
            by_number.setdefault((kind, edition), set()).add(number)
        elif edition and kind in entries.EDITION_KINDS:
            of_kind.add((kind, edition))
        elif card:
            cards.add(card)
        else:
            documents.add(document)
    reads: list[Iterable[Row]] = [corpus.iter_rows(kinds=[kind], edition=edition, numbers=sorted(numbers))
                                  for (kind, edition), numbers in by_number.items()]
    reads += [corpus.iter_rows(kinds=[kind], edition=edition) for kind, edition in sorted(of_kind)]
    reads += [corpus.iter_rows(cards=sorted(cards))] if cards else []
    reads += [corpus.iter_rows(documents=sorted(documents))] if documents else []
    for rows in reads:
        found.update((row[0], row) for row in rows if row[0] in wanted)
    return list(linking.linked(corpus, found.values()))


def _link_copy(previous: Path, folder: Path) -> None:
    """`folder`, a copy of the build `previous` made of hard links, but for the files an update
    writes anew (and the views' documents, listed again)."""
    folder.mkdir()
    for entry in previous.iterdir():
        if entry.is_dir():
            _link_copy(entry, folder / entry.name)
        elif entry.name not in _WRITTEN and not entry.name.endswith("WRITELOCK") and not entry.name.startswith("view-"):
            os.link(entry, folder / entry.name)


def _keys_of(fields: dict, views: build.Views) -> list[tuple]:
    """The keys (`Views.key`) of the records of an entry no longer wholly in the store, from
    what the entry stores: a rule's or section's in each edition it stands in."""
    kind = fields["kind"]
    if kind in ("rule", "section"):
        return [(kind, views.identity.get((edition, number), f"{edition}/{number}")) if edition else (kind, number)
                for _, _, edition, number, _ in fields["members"]]
    return [tuple(json.loads(fields["key"]))]


def _rows_of(corpus: Store, keys: set[tuple], cards: set[str], views: build.Views) -> list[Row]:
    """The stored records whose key (`Views.key`) is one of `keys` or whose card is one of
    `cards`, each once, linked as the index reads them."""
    found: dict[int, Row] = {}

    def add(rows: Iterable[Row]) -> None:
        for row in rows:
            if row[0] not in found and (row[2].card in cards or views.key(row[2]) in keys):
                found[row[0]] = row

    if cards:
        add(corpus.iter_rows(cards=sorted(cards)))
    numbered: dict[tuple[str, str | None], set[str]] = {}
    titled: set[str] = set()
    for key in keys:
        kind = key[0]
        if kind in ("rule", "section"):
            place = key[1]
            if isinstance(place, str) and place in views.numbers:
                for edition, number in views.numbers[place].items():
                    numbered.setdefault((kind, edition), set()).add(number)
            elif isinstance(place, str) and "/" in place:
                edition, number = place.split("/", 1)
                numbered.setdefault((kind, edition), set()).add(number)
            else:  # a rule of no edition: its key is its number
                numbered.setdefault((kind, None), set()).add(str(place))
        elif kind in ("glossary", "term"):
            titled.add(kind)
    for (kind, of_edition), numbers in numbered.items():
        add(corpus.iter_rows(kinds=[kind], edition=of_edition, numbers=sorted(numbers)))
    if titled:
        add(corpus.iter_rows(kinds=sorted(titled)))
    return list(linking.linked(corpus, found.values()))
