"""The term dictionary's tables: every view's terms worked out from the records once, at ingest,
in the ingest's own transaction, so that `mtgrules term` reads the few entries a word names
instead of building some 1,200 entries (every keyword term, rule title and glossary entry) and
scoring the word against all of them on each lookup.

The pattern is the search tables' (`mtgrules.index.tables`): importing this module registers
`refresh` with the store (`store.derive`), so any write transaction that changed the corpus
brings these tables up to date before it commits (a killed ingest leaves the old records and
the old dictionary). A database written by a process that never imported this module, by an
earlier version, or with another layout (`term_reading.LAYOUT`) has a dictionary older than
its records: `lookup.terms.Dictionary` finds that from `term_state` and brings it up to date,
once, saying so (`bring_up_to_date`).

What is written, per view (an edition, as `lookup.catalog.Catalog` shows it; "" for the view
of a corpus without editions):

- `term_entries`: each entry as built (`build`: its names with their sources, rules, glossary
  titles), as JSON (`terms.encode`), numbered in the order the build made them (the order
  `Dictionary.find` breaks ties by).
- `term_keys`: what finds an entry without reading the others (`term_reading` names the
  kinds): each word of each name folded, each name's loose form (`plain`), the English
  content words of its English names, the stems of its names in the stemmed languages, its
  rules, its key; and, in no view, what the corpus's rules put in quotes (a lookup searches
  the quoting rules only for a word some rule quotes). A key finds every entry a word may name; the lookup then scores those alone
  with the same code as before (`terms.score`), so a key never decides what matches.
- `term_views`: per view, how many entries, the languages of their names, the translated
  titles of untitled English rules (`terms.Untitled`, placed when looked up: placing goes
  through the lexicon) and every name by its folded form, with the entry whose spelling of
  it comes last ("did you mean").
- `term_lexicon`: the committed lexicon's lines by the folded first word of their phrase (what
  translating a word reads), kept when the others are written anew, and written again only
  when a package brings another lexicon (some 40 ms).
- `term_state`: the generation and layout the tables were written for, the documents whose
  records they were worked out from, the identities and term links (`links_digest`), and the
  committed lexicon's digest, lines and languages `term_lexicon` holds.

Only records of the kinds a dictionary reads (rules, sections, glossary entries, terms) change
it: an ingest of card data leaves the entries as they are and notes the new generation.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Callable

from mtgrules import rulenumbers, store
from mtgrules.i18n import N_, _
from mtgrules.lookup import term_lexicon, term_reading
from mtgrules.lookup.catalog import Catalog
from mtgrules.lookup.term_lexicon import english_words, plain
from mtgrules.lookup.term_reading import ENGLISH, KEY, PLAIN, RULE, STEM, WORD
from mtgrules.lookup.terms import (
    _RUNS,
    _STEMMED,
    _UNREAD,
    GLOSSARY_MATCH,
    Entry,
    Said,
    Source,
    SourceKind,
    Untitled,
    _folded,
    _rule,
    _where,
    encode,
    glossary_forms,
    quoted_phrases,
)
from mtgrules.store import Writer
from mtgrules.text import fold

SCHEMA = """
CREATE TABLE term_entries (view TEXT NOT NULL, id INTEGER NOT NULL, entry TEXT NOT NULL, PRIMARY KEY (view, id)) WITHOUT ROWID;
CREATE TABLE term_keys (view TEXT NOT NULL, kind TEXT NOT NULL, key TEXT NOT NULL, id INTEGER NOT NULL,
                        PRIMARY KEY (view, kind, key, id)) WITHOUT ROWID;
CREATE TABLE term_views (view TEXT PRIMARY KEY, entries INTEGER NOT NULL, langs TEXT NOT NULL, untitled TEXT NOT NULL,
                         spellings TEXT NOT NULL);
"""
_TABLES = ("term_entries", "term_keys", "term_views")
# Kept when the others are written anew: they hold only the committed lexicon, written again
# when its digest (or the layout) is another (`lexicon_current`).
_KEPT = """
CREATE TABLE IF NOT EXISTS term_state (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS term_lexicon (first TEXT NOT NULL, position INTEGER NOT NULL, seen INTEGER NOT NULL,
                                         line TEXT NOT NULL, PRIMARY KEY (first, position)) WITHOUT ROWID;
"""
# The kinds of record a dictionary is worked out from: a document holding none (card data,
# rulings) leaves it as it is.
INPUT_KINDS = ("rule", "section", "glossary", "term")


class Built:
    """The terms of one edition's view, worked out from the records (what `Dictionary` read
    from the corpus on every lookup before these tables): entries in the order made, and the
    translated titles of rules whose English has none (`untitled`)."""

    def __init__(self, catalog: Catalog):
        self.catalog = catalog
        self._by_key: dict[str, Entry] = {}
        self.untitled: list[Untitled] = []
        self._keyword_terms()
        self._titles()
        self._glossary()
        self.entries = list(self._by_key.values())
        for entry in self.entries:
            entry.rules.sort(key=rulenumbers.sort_key)

    def _entry(self, english: str) -> Entry:
        return self._by_key.setdefault(_folded(english), Entry(english))

    def _keyword_terms(self) -> None:
        """The keyword table's terms, each with the rules defining it (linked at ingest against
        the newest English edition), numbered in the view. Terms of aligned titles are left to
        `_titles`, which pairs them by identity."""
        catalog = self.catalog
        terms = [r for r in catalog.corpus.records(kinds=["term"]) if not (r.rules and r.lang != "en")]
        links = catalog.corpus.term_links(sorted({fold(r.title) for r in terms if r.title}))
        for record in terms:
            english = record.names.get("en") or record.title or ""
            if not english:
                continue
            entry = self._entry(english)
            source = Source(SourceKind.KEYWORDS, _where(record.source), record.confidence)
            entry.add_name("en", english, Source(SourceKind.KEYWORDS, _where(record.source)))
            for lang, name in record.names.items():
                if lang != "en":
                    entry.add_name(lang, name, source)
            for lang, aliases in record.aliases.items():
                for alias in aliases:
                    entry.add_name(lang, alias, Source(SourceKind.KEYWORDS, _where(record.source)) if lang == "en" else source)
            edition, numbers = links.get(fold(record.title or ""), (record.edition, list(record.rules)))
            mapped = catalog.in_view(edition, numbers)
            for number in numbers:
                if number in mapped:
                    entry.add_rule(mapped[number])

    def _titles(self) -> None:
        """Rule and section titles of the view: English titles head entries; translated titles
        join the entry of their rule's English title (by identity), or wait in `untitled` when
        the English rule has none."""
        catalog, corpus = self.catalog, self.catalog.corpus
        english: dict[str, str] = {}
        en_titles: dict[str, str] = {}
        translated: dict[str, list[tuple[str, str, float | None]]] = defaultdict(list)
        # Records without an edition first, so that the view's own edition wins.
        titled = corpus.titles(None) + (corpus.titles(catalog.edition) if catalog.edition is not None else [])
        for title in titled:
            if title.lang == "en":
                english[title.number] = title.title
            elif title.aligned:
                translated[title.number].append((title.lang, title.title, title.confidence))
                if title.en_title:
                    en_titles[title.number] = title.en_title
        if catalog.edition is not None:
            for number, lang, name in corpus.term_names(catalog.edition, catalog.english):
                if lang == "en":
                    en_titles.setdefault(number, name)
                elif all((lang, name) != (held_lang, held) for held_lang, held, _ in translated[number]):
                    translated[number].append((lang, name, None))
        for number in sorted(set(english) | set(en_titles) | set(translated), key=rulenumbers.sort_key):
            heading = english.get(number) or en_titles.get(number)
            if not heading:
                self.untitled += [Untitled(number, lang, name, confidence) for lang, name, confidence in translated.get(number, [])]
                continue
            entry = self._entry(heading)
            entry.add_rule(number)
            if number in english:
                entry.titled.append(number)
            entry.add_name("en", heading, Source(SourceKind.RULES, _rule(number)))
            for lang, name, confidence in translated.get(number, []):
                # A title read by identity from another edition: its confidence is read when shown.
                entry.add_name(lang, name, Source(SourceKind.TITLE, _rule(number), confidence if confidence is not None else _UNREAD))

    def _glossary(self) -> None:
        """The view's glossary: an English entry heads (or joins) the entry of its first name
        ("Control, Controller": Control), citing its rules; a translated entry joins the
        English entry that alone cites the same rules."""
        edition = self.catalog.edition
        if edition is None:
            return
        rows = self.catalog.corpus.glossary_titles(edition)
        by_rules: dict[tuple[str, ...], list[Entry]] = defaultdict(list)
        for lang, title, references in rows:
            if lang != "en":
                continue
            forms = glossary_forms(title)
            if not forms:
                continue
            entry = self._entry(forms[0])
            entry.glossary.setdefault("en", title)
            for form in forms:
                entry.add_name("en", form, Source(SourceKind.GLOSSARY, Said(N_("glossary “{title}”"), title=title)))
            for number in references:
                entry.add_rule(number)
                if rulenumbers.is_rule_number(number) and number not in entry.cited:
                    entry.cited.append(number)
            if references:
                by_rules[tuple(sorted(references))].append(entry)
        for lang, title, references in rows:
            same = by_rules.get(tuple(sorted(references)), []) if lang != "en" and references else []
            if len(same) == 1:
                same[0].glossary.setdefault(lang, title)
                for form in glossary_forms(title):
                    same[0].add_name(lang, form, Source(SourceKind.GLOSSARY, Said(N_("glossary “{title}”"), title=title), GLOSSARY_MATCH))


def keys(entry: Entry, stems: Callable[[str, str], set[str]]) -> set[tuple[str, str]]:
    """(kind, key) of everything that finds `entry` (`term_reading` says what each kind is for)."""
    found: set[tuple[str, str]] = set()
    if entry.english:
        found.add((KEY, _folded(entry.english)))
    for name in entry.names:
        found.update((WORD, run) for run in _RUNS.findall(name.folded))
        found.add((PLAIN, plain(name.name)))
        if name.lang in _STEMMED:
            found.update((STEM, term_reading.stem_key(name.lang, stem)) for stem in stems(name.name, name.lang))
    found.update((ENGLISH, term_reading.english_key(english_words(form))) for form in entry.english_forms())
    found.update((RULE, number) for number in entry.rules)
    return found


def views(writer: Writer) -> list[str | None]:
    """The editions a view can show (`catalog.resolve_edition`): every edition a record
    belongs to, and the default view (None when no record has an edition)."""
    found: list[str | None] = [edition.date for edition in writer.editions()]
    default = writer.default_edition()
    return found if default in found else [*found, default]


def create(writer: Writer) -> None:
    """The tables, empty (dropped first when there), but the committed lexicon's."""
    db = writer.db
    for table in _TABLES:
        db.execute(f"DROP TABLE IF EXISTS {table}")
    for statement in (SCHEMA + _KEPT).split(";"):
        if statement.strip():
            db.execute(statement)
    db.execute(f"DELETE FROM term_state WHERE key NOT IN ({','.join('?' * len(term_reading.LEXICON_KEYS))})",
               term_reading.LEXICON_KEYS)


def write_all(writer: Writer) -> None:
    """Every view's dictionary, written anew from the records of `writer`'s transaction."""
    from mtgrules.lookup.terms import _stems  # the stemmers: only where names are written

    db = writer.db
    create(writer)
    for edition in views(writer):
        built = Built(Catalog(writer, edition))
        view = term_reading.view_key(edition)
        db.executemany("INSERT INTO term_entries (view, id, entry) VALUES (?, ?, ?)",
                       [(view, number, encode(entry)) for number, entry in enumerate(built.entries)])
        db.executemany("INSERT INTO term_keys (view, kind, key, id) VALUES (?, ?, ?, ?)",
                       [(view, kind, key, number) for number, entry in enumerate(built.entries)
                        for kind, key in keys(entry, _stems)])
        spellings = {name.folded: (name.name, number) for number, entry in enumerate(built.entries) for name in entry.names}
        langs = sorted({name.lang for entry in built.entries for name in entry.names})
        untitled = [list(u) for u in built.untitled]
        db.execute("INSERT INTO term_views (view, entries, langs, untitled, spellings) VALUES (?, ?, ?, ?, ?)",
                   (view, len(built.entries), json.dumps(langs), json.dumps(untitled, ensure_ascii=False),
                    json.dumps(spellings, ensure_ascii=False)))
    db.executemany("INSERT INTO term_keys (view, kind, key, id) VALUES (?, ?, ?, 0)",
                   [(term_reading.EVERY_VIEW, term_reading.QUOTED, phrase) for phrase in sorted(quoted(writer))])
    if not lexicon_current(writer):
        write_lexicon(writer)
    _write_state(writer)


def lexicon_current(writer: Writer) -> bool:
    found = dict(writer.db.execute("SELECT key, value FROM term_state WHERE key = ?", term_reading.LEXICON_KEYS[:1]))
    return found.get(term_reading.LEXICON_KEYS[0]) == term_reading.lexicon_version()


def write_lexicon(writer: Writer) -> None:
    """The committed lexicon's lines by the folded first word of their phrase
    (`term_reading.FirstWords`), with the package's digest: written again when a new package
    brings another lexicon (the lines learned from card data are few, and read as they are)."""
    from mtgrules import corpus_schema

    with open(corpus_schema.packaged_path(term_lexicon.COMMITTED), "rb") as file:
        lines = term_lexicon.committed_lines(file.read())
    seen: dict[str, int] = {}
    rows = []
    for position, line in enumerate(lines):
        first = term_lexicon.first_word(line)
        if first is not None:
            rows.append((first, position, seen.setdefault(first, position), line))
    db = writer.db
    db.execute("DELETE FROM term_lexicon")
    db.executemany("INSERT INTO term_lexicon (first, position, seen, line) VALUES (?, ?, ?, ?)", rows)
    langs = sorted({line.split("\t", 1)[0] for line in lines if "\t" in line})
    values = zip(term_reading.LEXICON_KEYS, (term_reading.lexicon_version(), str(len(lines)), json.dumps(langs)))
    db.executemany("INSERT OR REPLACE INTO term_state (key, value) VALUES (?, ?)", values)


def quoted(writer: Writer) -> set[str]:
    """What the rules and sections of the corpus put in quotes, loose (`plain`): the phrases a
    rule may name a term by («regla de leyendas»). The texts are read by SQLite out of the
    records' JSON; the few holding a quotation mark are looked at."""
    phrases: set[str] = set()
    marks = "«“\"‘「"
    for (text,) in writer.db.execute("SELECT json_extract(body, '$.text') FROM records WHERE kind IN ('rule', 'section')"):
        if text and any(mark in text for mark in marks):
            phrases.update(quoted_phrases(text))  # each edition quotes mostly the same: made loose once
    return {loose for phrase in phrases if (loose := plain(phrase))}


def _write_state(writer: Writer) -> None:
    db = writer.db
    values = [("generation", str(writer.generation())), ("layout", str(term_reading.LAYOUT)),
              ("documents", json.dumps(_input_documents(db))), ("links", writer.links_digest())]
    db.executemany("INSERT OR REPLACE INTO term_state (key, value) VALUES (?, ?)", values)


def _input_documents(db) -> list[int]:
    """The documents holding records a dictionary is worked out from."""
    marks = ",".join("?" * len(INPUT_KINDS))
    return sorted(row[0] for row in db.execute(f"SELECT DISTINCT document FROM records WHERE kind IN ({marks})", INPUT_KINDS))


def refresh(writer: Writer) -> None:
    """Bring the tables up to date with the records of `writer`'s transaction (the store's
    hook: `store.derive`): written anew when the documents a dictionary reads or the rule
    identities and term links changed (or the tables are of another layout, or not there),
    else only told the new generation."""
    found = term_reading.state(writer.db)
    if (found.get("layout") == str(term_reading.LAYOUT) and found.get("links") == writer.links_digest()
            and json.loads(found.get("documents") or "null") == _input_documents(writer.db)):
        if not lexicon_current(writer):
            write_lexicon(writer)
        _write_state(writer)
    else:
        write_all(writer)


def bring_up_to_date(corpus: store.Store) -> bool:
    """Write the tables of `corpus` as it is (once, saying so: an ingest by an earlier version
    or by a process that did not import this module leaves them behind); False when the
    database cannot be written (the lookup then builds the dictionary in memory, `Built`)."""
    if not corpus.in_memory:  # a database of the person's (the seeds alone are read in memory, quietly)
        corpus.on_message(_("bringing the term dictionary up to date with the corpus"))
    try:
        with corpus.writing() as writer:
            if not term_reading.is_current(writer.db):
                refresh(writer)
    except store.StoreUnwritable:
        return False
    return True


store.derive(refresh)
