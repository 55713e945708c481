"""From files to aligned records: what `mtgrules parse`, `mtgrules ingest` and the corpus
generator share.

Each file is recognised by its content (not its name): an official rules text, an MTGJSON set
file, the keyword table, a card-name table, a site rule page or a site ruling page. Reference
documents (English rules, MTGJSON, keyword and name tables) are parsed first, so that pages given in the same call align
against them as well as against what the user ingested before. `parse_files` stops at the first
file that fails (callers then store nothing); `parse_each` goes on and returns the failures
beside the documents that parsed, for `mtgrules ingest` to store the good ones.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path

from mtgrules import store, validate
from mtgrules.align import corpus_lexicon, oracle_ids, terms
from mtgrules.align.english import english_editions
from mtgrules.align.lexicon import Lexicon
from mtgrules.align.rule_pages import align_page
from mtgrules.align.ruling_pages import CardIndex, align_rulings, candidate_names
from mtgrules.errors import LimitError, ParseError
from mtgrules.i18n import N_, _
from mtgrules.parsers import (
    comprehensive_rules,
    data_files,
    json_depth,
    keyword_table,
    mtgjson,
    names_table,
    site_rule_page,
    site_ruling_page,
)
from mtgrules.parsers.decoding import decode, read_document
from mtgrules.parsers.site_blocks import Block, blocks
from mtgrules.records import Record

# The kinds of documents, as stored and, translated (`_(kind)`), as an ingest's lines name them.
RULES, MTGJSON, KEYWORDS, NAMES = N_("rules"), N_("mtgjson"), N_("keywords"), N_("card names")
RULE_PAGE, RULING_PAGE = N_("rule page"), N_("ruling page")
REFERENCE_KINDS = (RULES, MTGJSON, KEYWORDS, NAMES, data_files.SCRYFALL_RULINGS, data_files.SCRYFALL_CARDS)
# The kinds of documents that read the records already ingested (`parse_each`'s context).
KINDS_READING_CONTEXT = (RULE_PAGE, RULING_PAGE, data_files.SCRYFALL_RULINGS)


@dataclass
class ParsedDocument:
    path: str
    raw: bytes
    kind: str
    records: list[Record] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    digest: str | None = None  # card data files: SHA-256 of the file, whose bytes (`raw`) are never held whole
    released: int | None = None  # the number of records, once they are stored and released

    @property
    def count(self) -> int:
        """How many records the document gave (stored or not)."""
        return self.released if self.released is not None else len(self.records)

    def release(self) -> None:
        """Let go of the records and bytes once stored (an ingest of sixteen editions and
        sixteen set files held 82,000 records at once)."""
        self.released, self.records, self.raw = self.count, [], b""


def classify(text: str, source: str) -> tuple[str, list[Block]]:
    """The document's kind and, for a site page, its blocks: reading an HTML page into blocks
    is the costly part, done once here for the check and the parse."""
    if mtgjson.looks_like_mtgjson(text):
        return MTGJSON, []
    if keyword_table.looks_like_keyword_table(text):
        return KEYWORDS, []
    if names_table.looks_like_names_table(text):
        return NAMES, []
    if comprehensive_rules.looks_like_comprehensive_rules(text):
        return RULES, []
    try:
        page_blocks = blocks(text, source)
    except LimitError:
        raise
    except ParseError:  # HTML without text: no page of either kind
        page_blocks = []
    title = site_rule_page.find_title(page_blocks)
    dates = site_ruling_page.ruling_dates(page_blocks)
    # A rule page may carry a date or two (when it was updated); a ruling page may name a rule
    # after its rulings. Which comes first says what the page is.
    if title is not None and sum(index < title.position for index in dates) < 2:
        return RULE_PAGE, page_blocks
    if dates:
        return RULING_PAGE, page_blocks
    first_line = page_blocks[0].text if page_blocks else next((line for line in text.splitlines() if line.strip()), "")
    raise ParseError(
        source,
        _("unrecognised document (starts {first_line!r}): looked for a rule title such as '701.50. Confabular' or 'Regla "
          "704.5', and for dated rulings such as '20/09/2016' or '20 de septiembre de 2016'")
          .format(first_line=first_line[:40]),
        line=1,
        mend=_("expected official rules text, an MTGJSON set file, a keyword or card-name table, or a rule or ruling page"),
    )


def _parse_reference(path: str, text: str, kind: str, lang: str | None, warnings: list[str]) -> list[Record]:
    if kind == RULES:
        return comprehensive_rules.parse(text, path, lang=lang).records
    if kind in data_files.KINDS and not text:  # read from the file as a stream
        return list(data_files.records(path, kind, warnings))
    if kind == MTGJSON:
        json_depth.check_depth(text, path)  # before the decoder recurses into it
        return mtgjson.parse(text, path, warnings)
    if kind == NAMES:
        return names_table.parse(text, path)
    return keyword_table.parse(text, path)


def parse_files(
    paths: list[str],
    *,
    lang: str | None = None,
    context: Context = None,
    on_read: Callable[[str], None] | None = None,
    lexicon: Lexicon | None = None,
) -> list[ParsedDocument]:
    """Parse and align `paths` against `context` (the records already ingested) and each other.
    `on_read` is called with each path once it is read (for a progress bar). Term pairs come
    from `lexicon` (default: the committed one) and the terms of the reference records. The
    first file that fails raises its ParseError: nothing is returned unless every file parsed."""
    documents, failures = parse_each(paths, lang=lang, context=context, on_read=on_read, stop_at_first=True, lexicon=lexicon)
    if failures:
        raise failures[0]
    return documents


def parse_each(
    paths: list[str],
    *,
    lang: str | None = None,
    context: Context = None,
    on_read: Callable[[str], None] | None = None,
    stop_at_first: bool = False,
    lexicon: Lexicon | None = None,
    on_reference: Callable[[ParsedDocument], None] | None = None,
) -> tuple[list[ParsedDocument], list[ParseError]]:
    """`parse_files` that goes on past a failing file: the documents that parsed, in the order
    given, and one ParseError for each file that did not (a folder of 500 saved pages with three
    bad ones must not need 500 reruns). `context` may be given as a function of the kinds of
    documents read (`RULE_PAGE`…), of the numbers of the rule pages among them and of the names
    the ruling pages among them may name their card by (`ruling_pages.candidate_names`), which
    returns only what those need. `on_reference` is
    given each reference document (but Scryfall's rulings) as soon as it is parsed, before the
    pages are aligned: a caller that stores it there and releases its records
    (`ParsedDocument.release`) holds one document's records at a time, and a context function
    that reads the store then gives the pages those documents too."""
    failures: list[ParseError] = []
    # Pages keep their blocks until the references are all parsed; a reference document is
    # parsed as soon as it is read, so that one document's text is held at a time (sixty-four
    # editions read first and parsed after held 190 MB of text).
    loaded: list[tuple[str, bytes, str, list[Block]]] = []
    documents: list[ParsedDocument] = []
    for path in paths:
        page_blocks: list[Block] = []
        try:
            if data_kind := data_files.kind_of(path):  # card data runs to gigabytes: streamed, never held whole
                raw, text, kind = b"", "", data_kind
            else:
                raw = read_document(path)
                text = decode(raw, path)
                kind, page_blocks = classify(text, path)
        except ParseError as error:
            failures.append(error)
            if stop_at_first:
                return [], failures
            continue
        finally:
            if on_read:
                on_read(path)
        loaded.append((path, raw if kind not in REFERENCE_KINDS else b"", kind, page_blocks))
        if kind not in REFERENCE_KINDS:
            continue
        warnings: list[str] = []
        try:
            records = _parse_reference(path, text, kind, lang, warnings)
            validate.check_all(records)
        except ParseError as error:
            failures.append(error)
            if stop_at_first:
                return [], failures
            continue
        digest = data_files.file_digest(path) if not raw else None
        documents.append(ParsedDocument(path, raw, kind, records, warnings, digest=digest))
        del raw, text, records
        # Scryfall's rulings are named from the cards of every document first (below).
        if on_reference is not None and kind != data_files.SCRYFALL_RULINGS:
            on_reference(documents[-1])
    kinds = {kind for _, _, kind, _ in loaded}
    rule_pages: dict[str, site_rule_page.RulePage] = {}
    ruling_pages: dict[str, site_ruling_page.RulingPage] = {}
    if callable(context):
        for path, _, kind, page_blocks in loaded:
            with suppress(ParseError):  # said when the page is aligned below
                if kind == RULE_PAGE:
                    rule_pages[path] = site_rule_page.parse_blocks(page_blocks, path, lang)
                elif kind == RULING_PAGE:
                    ruling_pages[path] = site_ruling_page.parse_blocks(page_blocks, path, lang)
        names = {name for page in ruling_pages.values() for name in candidate_names(page)}
        context = context(kinds, {page.number for page in rule_pages.values()}, names)
    oracle_ids.name_rulings(documents, context or [])
    reference_records = list(context or []) + [record for document in documents for record in document.records]
    # Worked out only for the pages that read them (each reads a whole corpus's worth).
    editions = english_editions(reference_records) if RULE_PAGE in kinds else {}
    cards = CardIndex([r for r in reference_records if r.kind == "card"] if RULING_PAGE in kinds else [])
    english_rulings = [r for r in reference_records if r.kind == "ruling" and r.lang == "en"] if RULING_PAGE in kinds else []
    has_pages = bool(kinds & {RULE_PAGE, RULING_PAGE})
    known = corpus_lexicon.with_listed(reference_records, lexicon) if has_pages else Lexicon()
    pairs_by_lang: dict[str, dict[str, str]] = {}

    def pairs(page_lang: str) -> dict[str, str]:
        """The lexicon's term pairs for one page language, worked out once."""
        if page_lang not in pairs_by_lang:
            pairs_by_lang[page_lang] = known.term_pairs(page_lang, corpus_lexicon.EVIDENCE_MIN_SCORE)
        return pairs_by_lang[page_lang]

    for path, raw, kind, page_blocks in loaded:
        try:
            if kind == RULE_PAGE:
                page = rule_pages.get(path) or site_rule_page.parse_blocks(page_blocks, path, lang)
                aligned = align_page(page, editions, pairs(page.lang))
                records = aligned.records + terms.terms_from_titles(aligned.records)
                validate.check_all(records)
                documents.append(ParsedDocument(path, raw, kind, records, aligned.warnings))
            elif kind == RULING_PAGE:
                ruling_page = ruling_pages.get(path) or site_ruling_page.parse_blocks(page_blocks, path, lang)
                rulings = align_rulings(ruling_page, cards, english_rulings, pairs(ruling_page.lang))
                validate.check_all(rulings.records)
                documents.append(ParsedDocument(path, raw, kind, rulings.records, rulings.warnings))
        except ParseError as error:
            failures.append(error)
            if stop_at_first:
                return [], failures
    order = {path: index for index, path in enumerate(paths)}
    failures.sort(key=lambda error: order.get(error.source, len(order)))
    return sorted(documents, key=lambda d: order[d.path]), failures


# What pages are aligned against: the records already ingested, or a function of the kinds of
# the documents read that gives them (`parse_each`).
Context = list[Record] | Callable[[set[str], set[str], set[str]], list[Record]] | None

# What a folder's files must be called to be read: saved pages, text, and the reference files.
# A page saved "complete" brings a folder of images, scripts and style sheets along; those are
# skipped, not reported as bad documents. A file named on the command line is always read.
DOCUMENT_SUFFIXES = {"", ".txt", ".text", ".html", ".htm", ".xhtml", ".shtml", ".json", ".tsv", ".gz", ".xz", ".bz2", ".zip"}


def document_paths(paths: list[str]) -> tuple[list[str], list[str]]:
    """The files to read for `paths`, folders read recursively in name order, and the files
    of those folders skipped for their kind (hidden files and folders are passed over)."""
    files: list[str] = []
    skipped: list[str] = []
    for given in paths:
        path = Path(given)
        if not path.is_dir():
            files.append(given)
            continue
        for found in sorted(path.rglob("*")):
            relative = found.relative_to(path).parts
            if any(part.startswith(".") for part in relative) or found.is_dir():
                continue
            (files if found.suffix.lower() in DOCUMENT_SUFFIXES else skipped).append(str(found))
    return files, skipped


def resolved_path(path: str) -> str:
    """The identity of a document in the store: re-ingesting the same file replaces it."""
    return str(Path(path).resolve())


def pages_to_realign(manifest: dict[str, dict], parsed: list[ParsedDocument]) -> list[str]:
    """Pages ingested earlier that a newly ingested reference document may number better: those
    still on disk unchanged. Pages ingested before the English edition keep provisional numbers
    otherwise."""
    if not any(d.kind in REFERENCE_KINDS for d in parsed):
        return []
    new = {resolved_path(d.path) for d in parsed}
    again = []
    for path, entry in manifest.items():
        if path in new or entry.get("kind") not in (RULE_PAGE, RULING_PAGE):
            continue
        try:
            unchanged = store.digest_bytes(Path(path).read_bytes()) == entry["digest"]
        except OSError:
            continue
        if unchanged:
            again.append(path)
    return again
