"""Building the index when the corpus changes, atomically, one writer at a time.

Layout under `paths.index_dir()`:

    CURRENT           the name of the build in use (one line), swapped with os.replace
    build.lock        held (flock) by the one process building
    <fingerprint>-<pid>/   a build: whoosh files, meta.json, vocabulary.txt, lexicon/, and with
                           several editions view-<edition>.docs (`write_view_documents`)
    lexicon-<digest>.tsv   pairs learned from the corpus's parallel texts (`align.corpus_lexicon`)

Beside the whoosh files, what query translation (`mtgrules.index.translate`) reads, derived from
the corpus like the index and swapped in with it:

- `lexicon/<lang>.to_english.pickle`, `lexicon/<lang>.from_english.pickle`: the bilingual
  lexicon compiled for one language and direction: the committed pairs, the pairs the corpus
  states (keyword table, aligned titles) and those learned from its card texts and aligned
  rules, so it grows with what the user ingests. One file a language and direction, pickled
  (read five times faster than JSON): a query reads only what it translates with, some 10 kB.
- `vocabulary.txt`: two lines a language: its words (folded) between spaces, those of the
  corpus's records in that language (a card's or term's name in each language goes to that
  language, not to the record's) and of the lexicon's phrases; then the keys of those words
  (`phrases.word_key`), which meet a form the corpus never printed ("exiliar" beside "exilia").
  A last line lists English terms of several words by their keys (glossary titles, keyword
  names, the lexicon's English phrases), which put translated words in English order. A search reads the
  file as bytes and looks words up with `bytes.find` within a line: no decoding, no set of ten
  thousand English words to build. Detecting a query's language
  is then a substring test per word and language, with nothing to parse (a set of the ~10,000
  English words would take longer to build than the search).

A build is written into a fresh sibling folder and committed; only then does CURRENT point at
it. A killed build leaves CURRENT on the previous build, which stays usable; its half-written
folder is removed by the next build. Searches read CURRENT once and open that folder, so a
rebuild never changes files under a running search. The build before the current one is kept,
so a search that read CURRENT just before a swap still finds its folder; older ones are removed.

When only documents changed since the current build (one made from the store lists them in
meta.json, with a digest of the identities and term links it was made with), `ensure_index`
updates a copy of it in place of a full build (`mtgrules.index.update`), under the same lock and
swapped in the same way.

A second process that needs a rebuild while one is running waits for the lock (saying so
through its reporter) and then uses the index the first one built.

The names of these files, and the readers a search needs (`current_build`, `read_meta`,
`is_current`, `SILENT`), are in `mtgrules.index.layout`, which imports nothing heavy: a search
on a current index never imports this module (`mtgrules.index.heal.current_without_store`).

A build speaks to a person only through a `BuildReporter` the caller passes (the command line
passes one that writes to a terminal, `mtgrules.cli.progress`); the library itself prints
nothing.
"""

from __future__ import annotations

import fcntl
import json
import os
import pickle
import shutil
from array import array
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager, contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Protocol

from mtgrules import paths
from mtgrules.align import linking
from mtgrules.index import layout
from mtgrules.index.entries import EDITION_KINDS
from mtgrules.index.layout import (
    CURRENT,
    EVERY_VIEW,
    KEYS_SUFFIX,
    LEXICON_FOLDER,
    LOCK,
    META,
    SILENT,
    TERMS_LINE,
    VOCABULARY,
    current_build,
    is_current,
    lexicon_file,
    view_file,
)
from mtgrules.records import Record
from mtgrules.store import Queries, Store

# A translation pair must score this much to widen a search (see `align.lexicon` for scores).
QUERY_MIN_SCORE = 0.3
# Processes a full build indexes with (whoosh's multiprocessing writer, one segment each):
# MTGRULES_BUILD_PROCESSES=2 splits the indexing over two cores. Not the default: on this
# two-core machine shared with other work it took longer (4x corpus: 137 s against 126 s wall,
# 66 s against 62 s CPU), and a search then reads two segments.
BUILD_PROCESSES = int(os.environ.get("MTGRULES_BUILD_PROCESSES", "1"))
WRITER_MEMORY_MB = 64  # whoosh's pool size; the default (128) alone would pass the 150 MB budget


class Indexed(Protocol):
    """The records a build indexes, as its reporter sees them: how many, and each in turn."""

    def __len__(self) -> int: ...

    def __iter__(self) -> Iterator[Record]: ...


class BuildReporter(Protocol):
    """How a build tells a person what it is doing."""

    def waiting(self, holder: str) -> None:
        """Another process (`holder`) is building; this one waits for it."""

    def note(self, text: str) -> None:
        """Something about the corpus a person should know (the store moved an old corpus)."""

    def indexing(self, records: Indexed) -> AbstractContextManager[Iterable[Record]]:
        """The records to index, wrapped in whatever shows progress."""
        ...


@contextmanager
def _build_lock(root: Path, reporter: BuildReporter = SILENT) -> Iterator[None]:
    root.mkdir(parents=True, exist_ok=True)
    with open(root / LOCK, "a+") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.seek(0)
            holder = handle.read().strip() or "another process"
            reporter.waiting(holder)
            fcntl.flock(handle, fcntl.LOCK_EX)
        handle.seek(0)
        handle.truncate()
        handle.write(f"mtgrules (pid {os.getpid()})")
        handle.flush()
        try:
            yield
        finally:
            handle.truncate(0)
            fcntl.flock(handle, fcntl.LOCK_UN)


class Views:
    """Which editions' views each record is shown in (`views`), and under which number in
    each (`numbers`): an English record in its own edition's; a translated rule of an English
    edition in its own and in every English edition that has its rule (by identity), under the
    rule's number there; any other translation in its own edition's; a record without an
    edition, a ruling, a card or a term in every view. Worked out at build time from the
    store's identities, so that a search filters and numbers its hits without reading the
    store."""

    def __init__(self, corpus: Queries | None):
        self.identity: dict[tuple[str, str], str] = {}
        self.numbers: dict[str, dict[str, str]] = defaultdict(dict)  # identity -> edition -> number
        for edition, number, identity in corpus.all_identities() if corpus is not None else []:
            self.identity[(edition, number)] = identity
            self.numbers[identity][edition] = number
        self.default = corpus.default_edition() if corpus is not None else None

    def of(self, record: Record) -> tuple[list[str], dict[str, str]]:
        """(the editions whose views show `record`, view -> its number there when another)."""
        if record.kind not in EDITION_KINDS or not record.edition:
            return [EVERY_VIEW], {}
        identity = self.identity.get((record.edition, record.number or ""))
        if record.lang == "en" or record.kind == "glossary" or identity is None:
            return [record.edition], {}
        numbers = self.numbers[identity]
        return sorted(numbers), {view: number for view, number in numbers.items() if number != record.number}

    def key(self, record: Record) -> tuple:
        """What ties a record to its counterparts in other languages: its key, with a rule's
        number replaced by its identity (traced) or its edition and number, so that only texts
        of one rule meet."""
        if record.kind in ("rule", "section") and record.edition:
            number = record.number or ""
            return (record.kind, self.identity.get((record.edition, number), f"{record.edition}/{number}"))
        return record.key


def key_languages(records: Iterable[Record], views: Views | None = None) -> dict[tuple, list[str]]:
    """Key (`Views.key`) -> the sorted languages in which that key exists (a result shows the
    others)."""
    langs: dict[tuple, set[str]] = defaultdict(set)
    for record in records:
        langs[views.key(record) if views else record.key].add(record.lang)
    return {key: sorted(found) for key, found in langs.items()}


Row = tuple[tuple[int, int] | None, Record]  # (record id, document id) in the store, and the record


class Rows:
    """The records of a build, read twice without being held: once for what each index entry
    shows of others (languages of a key, names of a card, the vocabulary), once to index them.
    `read()` gives a fresh iterator of `Row`s each time."""

    def __init__(self, read: Callable[[], Iterator[Row]], count: int,
                 read_documents: Callable[[list[int]], Iterator[Row]] | None = None):
        self.read = read
        self.count = count
        self.read_documents = read_documents  # the rows of some documents only, when they come from a store

    def __len__(self) -> int:
        return self.count

    def __iter__(self) -> Iterator[Record]:
        return (record for _, record in self.read())


def remember_missing_columns() -> None:
    """Make whoosh remember that a field has no lengths column. Committing a segment asks the
    length of each posting's field in its document; for a field without lengths (`ID`,
    `KEYWORD`: `views`, `document`, `group`, `kind`, `lang`, `number`) whoosh 2.7 looks for the
    column's file again each time, one `stat` per posting: 170,000 of them in a 16-edition
    build, some 3 seconds."""
    from whoosh.codec import whoosh3

    reader = whoosh3.W3PerDocReader
    if getattr(reader, "_mtgrules_remembers", False):
        return

    def cached_reader(self, fieldname, column):
        if fieldname not in self._readers:
            self._readers[fieldname] = self.column_reader(fieldname, column) if self.has_column(fieldname) else None
        return self._readers[fieldname]

    reader._cached_reader = cached_reader
    reader._mtgrules_remembers = True


class _Reading:
    """`rows` read once, given to a reporter as records: `ids` holds the store ids of the record
    last given (the reporter's progress bar yields the records as they come)."""

    def __init__(self, rows: Rows):
        self.rows = rows
        self.ids: tuple[int, int] | None = None

    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self) -> Iterator[Record]:
        for ids, record in self.rows.read():
            self.ids = ids
            yield record


def write_index(folder: Path, rows: Rows, fingerprint: str, reporter: BuildReporter = SILENT,
                corpus: Queries | None = None) -> None:
    """Write a complete index of `rows` into the new folder `folder`, with its lexicon; each
    record's views (`Views`) from the identities of `corpus`. One entry per distinct content
    (`mtgrules.index.entries`): a rule standing in sixteen editions, a ruling on 753 cards is
    indexed once. When the rows carry their store ids (they are the whole of `corpus`), the
    index lists the documents it holds, and a later change of the corpus updates it in place
    (`mtgrules.index.update`) instead of building it again. The records are read twice, never
    held all at once (82,000 records take 300 MB as objects); what is held is what entries
    show of each other and of their members, and the distinct records the lexicon learns from
    (`lexicon_records`)."""
    from whoosh import index

    from mtgrules.align import corpus_lexicon
    from mtgrules.index import entries, schema

    views = Views(corpus)
    langs_of: dict[tuple, set[str]] = defaultdict(set)
    names: dict[str, dict[str, None]] = {}
    vocabulary: dict[str, set[str]] = defaultdict(set)
    terms: set[str] = set()
    learning: list[Record] = []
    taught: set[str] = set()
    documents: Counter[int] = Counter()  # document id -> its records
    grouping = entries.Grouping(views)
    complete = True
    for position, (ids, record) in enumerate(rows.read()):
        langs_of[views.key(record)].add(record.lang)
        schema.add_card_names(names, record)
        digest = entries.content_digest(record, views)
        repeated = grouping.seen(digest)
        grouping.add(record, ids or (position, position), digest)
        if not (repeated and record.kind in EDITION_KINDS):  # a rule's title is its content's
            record_words([record], vocabulary, text=not repeated)
        if not repeated:
            terms |= english_terms([record])
        if (ids is None or lexicon_records([record])) and corpus_lexicon.teaches_anew(record, taught):
            learning.append(record)
        if ids is None:
            complete = False
        else:
            documents[ids[1]] += 1
    languages_of = {key: sorted(found) for key, found in langs_of.items()}
    del langs_of
    names_of = {card: list(found) for card, found in names.items()}
    del names
    langs = sorted({lang for found in languages_of.values() for lang in found})
    # The entry each representative record writes: (group, languages of its key, members).
    written: dict[int, tuple[str, list[str], list[entries.Member]]] = {}
    for digest, key_langs, members in grouping.entries(languages_of):
        written[members[0].row] = (digest, key_langs, members)  # type: ignore[index]
    del grouping
    records = len(rows)
    folder.mkdir(parents=True)
    ix = index.create_in(str(folder), schema.build_schema(langs))
    editions: set[str] = set()
    # Only the documents holding an entry's representative are read again: with sixteen
    # editions of one text, the newest edition's rules write the entries of all sixteen.
    if rows.read_documents is not None and complete:
        wanted = sorted({members[0].document for _, _, members in written.values() if members[0].document is not None})
        read_documents = rows.read_documents
        rows = Rows(lambda: read_documents(wanted), sum(documents[document] for document in wanted))
    # One file per part of the segment, not whoosh's default compound file: whoosh opens a part
    # of a compound file by copying it whole into memory (a BytesIO over the mmap), some 9 MB
    # and 5 ms of each `mtgrules search` with the English rules ingested; plain files are read
    # in place.
    remember_missing_columns()
    writer = ix.writer(procs=BUILD_PROCESSES, multisegment=True, limitmb=WRITER_MEMORY_MB, compound=False) if BUILD_PROCESSES > 1 \
        else ix.writer(limitmb=WRITER_MEMORY_MB, compound=False)
    try:
        reading = _Reading(rows)
        with reporter.indexing(reading) as shown:
            for position, record in enumerate(shown):
                ids = reading.ids
                entry = written.pop(ids[0] if ids else position, None)
                if entry is None:
                    continue  # a member of an entry another record writes
                group, key_langs, members = entry
                if ids is None:  # records given directly: no store ids to keep
                    members = [member._replace(row=None, document=None) for member in members]
                added = schema.document(record, key_langs, names_of, views.of(record), ids, group, members)
                editions.update(added["views"].split())
                writer.add_document(**added)
        writer.commit()
    except BaseException:
        writer.cancel()
        raise
    if corpus is not None and complete:
        lexicon = corpus_lexicon.for_store(corpus)  # learned at ingest, per document (align.learned)
    else:
        lexicon = corpus_lexicon.for_corpus(learning, cache_folder=folder.parent)
    compiled = lexicon.compile(min_score=QUERY_MIN_SCORE)
    write_lexicon(folder, compiled)
    for lang, words in compiled["words"].items():
        vocabulary[lang].update(words)
    write_vocabulary(folder, vocabulary, terms | english_terms([], lexicon))
    if views.default is not None and len(editions - {EVERY_VIEW}) > 1:
        write_view_documents(ix, folder, views.default)
    updatable = complete and corpus is not None
    write_meta(folder, {
        "fingerprint": fingerprint,
        "langs": langs,
        "editions": sorted(editions - {EVERY_VIEW}),
        "view": views.default,
        "records": records,
        "documents": sorted(documents) if updatable else None,
        "links": corpus.links_digest() if updatable and corpus is not None else None,
    })


def lexicon_records(records: Iterable[Record]) -> list[Record]:
    """The records the lexicon reads (`align.lexicon.segments_from_records`, `listed_entries`):
    cards, terms, and every record not in English; the English rules the translated ones
    pair with are read afterwards (`english_counterparts`), not all English rules of every
    edition."""
    return [r for r in records if r.lang != "en" or r.kind in ("card", "term")]


def english_counterparts(corpus: Queries, records: list[Record]) -> list[Record]:
    """The English rules (same edition and number) of the translated rules among `records`."""
    wanted: dict[str | None, set[str]] = defaultdict(set)
    for record in records:
        if record.kind == "rule" and record.lang != "en" and record.number:
            wanted[record.edition].add(record.number)
    found = []
    for edition, numbers in wanted.items():
        found += corpus.records(kinds=["rule"], langs=["en"], edition=edition, numbers=sorted(numbers))
    return found


def write_meta(folder: Path, meta: dict) -> None:
    """meta.json, written last: a folder without it is not a build."""
    meta = {**meta, "layout": layout.LAYOUT, "lexicon": layout.committed_lexicon_digest(),
            "built": datetime.now(UTC).isoformat(timespec="seconds"),
            # what `mtgrules.index.heal` checks before trusting the build
            "files": {name: size for name, size in file_sizes(folder).items() if name != META}}
    (folder / META).write_text(json.dumps(meta, indent=1) + "\n", encoding="utf-8")


def file_sizes(folder: Path) -> dict[str, int]:
    """The size of every file of a build, by its path inside it."""
    return {str(file.relative_to(folder)): file.stat().st_size for file in sorted(folder.rglob("*")) if file.is_file()}


def write_view_documents(ix, folder: Path, edition: str) -> None:
    """The numbers of the documents the default view shows, as an array of integers: the
    filter of every search without --edition, read in a few milliseconds instead of listing
    them from the index on each search (19 ms with sixteen editions)."""
    from whoosh import query as wq

    with ix.searcher() as searcher:
        shown = searcher.docs_for_query(wq.Or([wq.Term("views", edition), wq.Term("views", EVERY_VIEW)]))
        (folder / view_file(edition)).write_bytes(array("I", sorted(shown)).tobytes())


def write_lexicon(folder: Path, compiled: dict) -> None:
    """The lexicon files of a build (see the module docstring), from the lexicon compiled
    (`Lexicon.compile`)."""
    (folder / LEXICON_FOLDER).mkdir()
    for direction in ("to_english", "from_english"):
        for lang, table in compiled[direction].items():
            (folder / LEXICON_FOLDER / lexicon_file(lang, direction)).write_bytes(pickle.dumps(table, protocol=5))


def record_words(records: Iterable[Record], vocabulary: dict[str, set[str]] | None = None, text: bool = True) -> dict[str, set[str]]:
    """Language -> the folded words of `records` in it (added to `vocabulary` when given): a
    card's or term's name in each language goes to that language, not to the record's. Without
    `text`, only names and titles (a record whose text another record of the corpus has)."""
    from mtgrules.align.lexicon import LEXICON_LANGUAGE
    from mtgrules.align.phrases import words_of
    from mtgrules.index.analyzers import fold  # remembered: the same words come again and again

    raw: dict[str, set[str]] = defaultdict(set)
    for record in records:
        for code, name in record.names.items():
            raw[LEXICON_LANGUAGE.get(code, code)].update(words_of(name))
        title = record.title or record.printed_name or ""
        raw[record.lang].update(words_of("\n".join([title, record.text, *record.examples]) if text else title))
    found: dict[str, set[str]] = defaultdict(set) if vocabulary is None else vocabulary
    for lang, words in raw.items():
        found[lang].update(fold(word) for word in words)
    return found


def write_vocabulary(folder: Path, vocabulary: dict[str, set[str]], terms: set[str]) -> None:
    """vocabulary.txt (see the module docstring)."""
    from mtgrules.align.phrases import word_key

    lines = []
    for lang, words in sorted(vocabulary.items()):
        keys = {word_key(word, lang) for word in words}
        lines.append(f"{lang}\t {' '.join(sorted(words))} \n{lang}{KEYS_SUFFIX}\t {' '.join(sorted(keys))} \n")
    lines.append(f"{TERMS_LINE}\t {' '.join(sorted(terms))} \n")
    (folder / VOCABULARY).write_text("".join(lines), encoding="utf-8")


def read_vocabulary(folder: Path) -> tuple[dict[str, set[str]], set[str]]:
    """What `write_vocabulary` wrote: language -> words, and the English terms."""
    vocabulary: dict[str, set[str]] = defaultdict(set)
    terms: set[str] = set()
    for line in (folder / VOCABULARY).read_text(encoding="utf-8").splitlines():
        name, _, words = line.partition("\t")
        if name == TERMS_LINE:
            terms = set(words.split())
        elif not name.endswith(KEYS_SUFFIX):
            vocabulary[name] = set(words.split())
    return vocabulary, terms


def english_terms(records: Iterable[Record], lexicon=None) -> set[str]:
    """English terms of several words, their words' keys joined by "_" ("poison_counter"):
    glossary titles, keyword-table names and the lexicon's English phrases (what query
    translation orders words by)."""
    from mtgrules.align.phrases import word_key, words_of

    names = [r.title for r in records if r.kind in ("glossary", "term") and r.lang == "en" and r.title]
    names += [entry.english for entry in lexicon.entries] if lexicon is not None else []
    terms = set()
    for name in names:
        for part in name.split(","):  # "Base Power, Base Toughness"
            words = [word_key(word, "en") for word in words_of(part)]
            if len(words) > 1:
                terms.add("_".join(words))
    return terms


def _swap(root: Path, folder: Path) -> None:
    pointer = root / f".{CURRENT}.{os.getpid()}"
    pointer.write_text(folder.name + "\n", encoding="utf-8")
    os.replace(pointer, root / CURRENT)


def _remove_old_builds(root: Path, keep: set[str]) -> None:
    for entry in root.iterdir():
        if entry.is_dir() and entry.name not in keep:
            shutil.rmtree(entry, ignore_errors=True)


def rebuild(
    records: list[Record] | None = None,
    fingerprint: str | None = None,
    root: Path | None = None,
    reporter: BuildReporter = SILENT,
    corpus: Store | None = None,
) -> Path:
    """Build the index of `records` (default: the whole corpus) and make it current."""
    root = root or paths.index_dir()
    with _build_lock(root, reporter):
        return _rebuild_locked(root, records, fingerprint, reporter, corpus)


def _rebuild_locked(root: Path, records: list[Record] | None, fingerprint: str | None, reporter: BuildReporter,
                    corpus: Store | None) -> Path:
    previous = current_build(root)
    if records is None or fingerprint is None:
        corpus = linking.open_store(store=corpus)
        # One snapshot for both: the records indexed are those the fingerprint names.
        fingerprint = fingerprint or corpus.fingerprint()
    if records is None:
        store = linking.open_store(store=corpus)
        def read(documents: list[int] | None = None) -> Iterator[Row]:
            # The second reading, of some documents, writes entries, which show no English text
            # of a translated ruling (the lexicon learnt from it in the first).
            rows = linking.iter_rows(store, documents=documents, english_text=documents is None)
            return (((row, document), record) for row, document, record in rows)

        rows = Rows(read, store.count(), read)
    else:
        given = records
        rows = Rows(lambda: ((None, record) for record in given), len(given))
    folder = new_folder(root, fingerprint or "")
    try:
        write_index(folder, rows, fingerprint or "", reporter, linking.open_store(store=corpus))
    except BaseException:
        shutil.rmtree(folder, ignore_errors=True)  # a full disk, an interrupt: nothing half-written stays
        raise
    swap(root, folder, previous)
    return folder


def new_folder(root: Path, fingerprint: str) -> Path:
    """The name of a new build, never one used before."""
    return root / f"{fingerprint[:16]}-{os.getpid()}-{datetime.now().strftime('%H%M%S%f')}"


def swap(root: Path, folder: Path, previous: Path | None) -> None:
    """Make `folder` the build in use; keep `previous` (a search may have just read its name)
    and remove older ones and half-written ones."""
    _swap(root, folder)
    _remove_old_builds(root, {folder.name} | ({previous.name} if previous else set()))


def ensure_index(root: Path | None = None, reporter: BuildReporter = SILENT, corpus: Store | None = None) -> Path:
    """The folder of an index of the current corpus (`corpus`, default the user's), built first
    when the corpus changed: updated in place of the current build when only documents
    changed (`mtgrules.index.update`), built anew when this version's schema, analyzers or
    committed lexicon differ from the build's, or the rule identities or term links changed."""
    root = root or paths.index_dir()
    corpus = linking.open_store(reporter.note, store=corpus)
    fingerprint = corpus.fingerprint()
    folder = current_build(root)
    if folder is not None and is_current(folder, fingerprint):
        return folder
    with _build_lock(root, reporter):
        # Another process may have built it while this one waited for the lock.
        folder = current_build(root)
        if folder is not None and is_current(folder, fingerprint):
            return folder
        from mtgrules.index import update

        if folder is not None and update.can_update(folder, corpus):
            return update.update_locked(root, folder, corpus, fingerprint, reporter)
        return _rebuild_locked(root, None, fingerprint, reporter, corpus)
