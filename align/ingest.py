"""Ingest: documents in, stored and linked records out. The one place that orchestrates parse →
align → put → identities → term links, for `mtgrules ingest`, `mtgrules update` and anything
else that stores documents.

An ingest is one transaction of the store (`Store.writing`): the alignment context is read
inside it (so a second ingest waiting for the first aligns against what the first stored).
The files that parse are stored and those that do not are returned with their ParseError (a
folder of 500 saved pages with three bad ones must not need 500 reruns); with
`all_or_nothing`, the first file that fails raises its ParseError and nothing is stored. A file
stored before with the same content and language is skipped: nothing changes, so the search
index is not rebuilt. Pages ingested earlier are aligned again when a
reference document arrives (`documents.pages_to_realign`), each with the language it was
ingested with.

Links worked out here, not at read time: rule identities across English editions
(`identities.retrace`, when an English edition arrives or changes) and the rules that define
each keyword-table term (against the newest English edition, when it or a keyword table
changes). English ruling text for a translated ruling is a keyed join at read time.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, field

from mtgrules import store as storage
from mtgrules.align import documents, identities, learned
from mtgrules.align.english import EnglishEdition
from mtgrules.align.terms import DefiningRules
from mtgrules.errors import ParseError
from mtgrules.i18n import _
from mtgrules.parsers import data_files
from mtgrules.parsers.decoding import read_document
from mtgrules.records import Record
from mtgrules.store import RULE_KINDS, Queries, Store, Writer
from mtgrules.text import fold

# Document kinds whose records change what identities and term links are worked out from.
_LINKED_KINDS = (documents.RULES, documents.KEYWORDS)


@dataclass
class Ingested:
    """What an ingest did: the documents parsed and stored (pages aligned again among them,
    named in `realigned`), the documents skipped because they are stored unchanged, and the
    files that did not parse (nothing of them stored)."""

    stored: list[documents.ParsedDocument] = field(default_factory=list)
    realigned: list[str] = field(default_factory=list)
    unchanged: list[storage.Document] = field(default_factory=list)
    failures: list[ParseError] = field(default_factory=list)


def alignment_context(corpus: Queries, kinds: Collection[str] | None = None, rule_numbers: Collection[str] | None = None,
                      card_names: Collection[str] | None = None) -> list[Record]:
    """The stored records pages are aligned against: English rules and sections of every
    edition, cards, English rulings and terms; for documents of `kinds` only (`documents.RULE_PAGE`…),
    what those read: a rule page the English rules and the terms, a ruling page or Scryfall's
    rulings the cards, English rulings and terms, other documents nothing (reading every
    English rule of sixteen editions took most of ingesting one page). With `rule_numbers`
    (the rules of the rule pages read), the English rules are those numbers and their
    subrules in every edition, with every edition's sections: what a rule page is matched
    against (`rule_pages.align_page`), not 205,000 rules for one page at 64 editions. With
    `card_names` (what the ruling pages read may name their card by) and no Scryfall rulings,
    the cards are those printed under one of the names and the English rulings theirs: what a
    ruling page is matched against (`ruling_pages.resolve_page_card`), not every card and
    ruling of the corpus (23,000 records of the 25 real sets for one page)."""
    wanted = set(documents.KINDS_READING_CONTEXT if kinds is None else kinds)
    rules = documents.RULE_PAGE in wanted
    cards = bool(wanted & {documents.RULING_PAGE, data_files.SCRYFALL_RULINGS})
    terms = bool(wanted & {documents.RULE_PAGE, documents.RULING_PAGE})
    if rules and rule_numbers is not None:
        numbers = sorted(rule_numbers)
        english = [
            *corpus.records(kinds=["section"], langs=["en"]),
            *corpus.records(kinds=["rule"], langs=["en"], numbers=numbers),
            *corpus.records(kinds=["rule"], langs=["en"], parents=numbers),
        ]
    else:
        english = corpus.records(kinds=RULE_KINDS, langs=["en"]) if rules else []
    if cards and card_names is not None and data_files.SCRYFALL_RULINGS not in wanted:
        named = sorted({card for name in card_names for card in corpus.cards_named(" ".join(fold(name).split()))})
        by_card = [*corpus.iter_rows(kinds=["card"], cards=named), *corpus.iter_rows(kinds=["ruling"], langs=["en"], cards=named)]
        card_records = [record for _, _, record in by_card] if named else []
    else:
        card_records = [*corpus.records(kinds=["card"]), *corpus.records(kinds=["ruling"], langs=["en"])] if cards else []
    return [*english, *card_records, *(corpus.records(kinds=["term"]) if terms else [])]


def parse(
    paths: list[str], *, lang: str | None = None, corpus: Queries | None = None
) -> tuple[list[documents.ParsedDocument], list[Record]]:
    """Parse and align `paths` against the stored corpus without storing anything: the
    documents, and the context they were aligned against."""
    context = alignment_context(corpus or Store())
    return documents.parse_files(paths, lang=lang, context=context), context


def ingest(
    paths: list[str],
    *,
    lang: str | None = None,
    corpus: Store | None = None,
    on_read: Callable[[str], None] | None = None,
    on_wait: Callable[[str], None] | None = None,
    all_or_nothing: bool = False,
) -> Ingested:
    """Parse, align and store `paths` (files) in one transaction, then bring identities and
    term links up to date. `on_read` is called with each path once read (a progress bar);
    `on_wait` once, when another ingest holds the store."""
    corpus = corpus or Store()
    outcome = Ingested()
    with corpus.writing(on_wait) as writer:
        stored = writer.documents()
        todo = []
        for path in paths:
            try:
                _check_name(path)
                digest = _digest(path)  # first: a file that cannot be read says why (a loop of links)
            except ParseError as error:
                if all_or_nothing:
                    raise
                outcome.failures.append(error)
                if on_read:
                    on_read(path)
                continue
            resolved = documents.resolved_path(path)
            if writer.unchanged(resolved, digest, lang):
                outcome.unchanged.append(stored[resolved])
                if on_read:
                    on_read(path)
            else:
                todo.append(path)
        english: set[str] = set()
        digests: dict[str, identities.EditionDigests] = {}

        def put(document: documents.ParsedDocument, given: str | None) -> None:
            if document.kind == documents.RULES:
                english.update(record.edition for record in document.records if record.lang == "en" and record.edition)
                identities.digests_of(document.records, digests)  # while the records are held
            path, digest = documents.resolved_path(document.path), document.digest or storage.digest_bytes(document.raw)
            writer.put(path, digest, document.kind, document.records, given)
            if document.kind in (documents.MTGJSON, data_files.SCRYFALL_CARDS):
                learned.learn_document(writer.db, path, digest, document.records)  # once, here: never per search
            document.release()

        if todo:
            def context(kinds: set[str], rule_numbers: set[str], card_names: set[str]) -> list[Record]:
                return alignment_context(writer, kinds, rule_numbers, card_names)

            def put_reference(document: documents.ParsedDocument) -> None:
                # Stored as soon as parsed: pages aligned after it read it from the store.
                put(document, lang)

            outcome.stored, failures = documents.parse_each(todo, lang=lang, context=context, on_read=on_read,
                                                            stop_at_first=all_or_nothing, on_reference=put_reference)
            if all_or_nothing and failures:
                raise failures[0]  # nothing is committed
            outcome.failures += failures
            outcome.realigned = _realign(writer, stored, outcome)
            for document in outcome.stored:
                if document.released is None:
                    put(document, stored[document.path].lang if document.path in outcome.realigned else lang)
        terms_changed = any(document.kind in _LINKED_KINDS for document in outcome.stored)
        relink(writer, english, terms_changed=terms_changed, digests=digests)
    return outcome


def _check_name(path: str) -> None:
    """The corpus stores each document under its path, as UTF-8 text: a file name with bytes
    that are not UTF-8 (kept by Python as lone surrogates) cannot be stored, and is refused."""
    try:
        path.encode("utf-8")
    except UnicodeEncodeError:
        raise ParseError(path, _("the file name is not UTF-8 text, and the corpus keeps names as UTF-8"),
                         mend=_("rename the file")) from None


def _digest(path: str) -> str:
    """The digest a document is stored under: of its bytes, read as a stream for card data
    files (which run to gigabytes), as `documents.parse_each` gives it."""
    if data_files.kind_of(path):
        return data_files.file_digest(path)
    return storage.digest_bytes(read_document(path))


def _realign(writer: Writer, stored: dict[str, storage.Document], outcome: Ingested) -> list[str]:
    """Pages stored earlier that the reference documents of this ingest may number better,
    parsed again (each with the language it was ingested with) and added to `outcome.stored`."""
    manifest = {path: {"kind": d.kind, "digest": d.digest} for path, d in stored.items() if not d.embedded}
    again = documents.pages_to_realign(manifest, outcome.stored)
    if not again:
        return []
    context = alignment_context(writer)  # with this ingest's reference documents, stored already
    new_records = [record for document in outcome.stored for record in document.records]
    by_lang: dict[str | None, list[str]] = {}
    for path in again:
        by_lang.setdefault(stored[path].lang, []).append(path)
    realigned = []
    for page_lang, pages in by_lang.items():
        # A page stored earlier that no longer parses keeps what it had: it is not this call's file.
        parsed = documents.parse_each(pages, lang=page_lang, context=context + new_records)[0]
        outcome.stored += parsed
        realigned += [document.path for document in parsed]
    return realigned


def relink(writer: Writer, changed_english: set[str], *, terms_changed: bool = False,
           digests: dict[str, identities.EditionDigests] | None = None) -> None:
    """Identities and term links brought up to date: after an ingest, `changed_english` are the
    English editions it stored (`digests`: their rules' content digests, `identities.digests_of`);
    after a migration (links stale) everything is worked out."""
    stale = writer.links_stale()
    if stale:
        changed_english = set(writer.english_editions())
    identities.retrace(writer, changed_english, digests)
    if stale or changed_english or terms_changed:
        link_terms(writer)
    writer.links_current()


def link_terms(writer: Writer) -> None:
    """The rules defining each keyword-table term in the newest English edition (the term
    records that do not name their rules themselves, as aligned titles do)."""
    english = writer.english_editions()
    terms = [record for record in writer.records(kinds=["term"]) if not record.rules and record.title]
    if not english or not terms:
        writer.replace_term_links([])
        return
    newest = EnglishEdition(english[-1], writer.records(kinds=RULE_KINDS, langs=["en"], edition=english[-1]))
    defining = DefiningRules(newest.rules, newest.sections)
    links = []
    for term in dict.fromkeys(fold(record.title or "") for record in terms):
        links += [(term, newest.effective, number) for number in defining(term)]
    writer.replace_term_links(links)
