"""From files to aligned records: what `mtgrules parse`, `mtgrules ingest` and the corpus
generator share.

Each file is recognised by its content (not its name): an official rules text, an MTGJSON set
file, the keyword table, a card-name table, a site rule page or a site ruling page. Reference
documents (English rules, MTGJSON, keyword and name tables) are parsed first, so that pages given in the same call align
against them as well as against what the user ingested before. Any file that fails stops the
whole call with a ParseError: callers store nothing unless every file parsed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from mtgrules import store
from mtgrules.align import corpus_lexicon, terms
from mtgrules.align.english import english_editions
from mtgrules.align.lexicon import Lexicon
from mtgrules.align.rule_pages import align_page
from mtgrules.align.ruling_pages import align_rulings
from mtgrules.errors import ParseError
from mtgrules.parsers import (
    comprehensive_rules,
    keyword_table,
    mtgjson,
    names_table,
    site_rule_page,
    site_ruling_page,
)
from mtgrules.parsers.decoding import decode, read_document
from mtgrules.parsers.site_blocks import Block, blocks
from mtgrules.records import Record

RULES, MTGJSON, KEYWORDS, NAMES = "rules", "mtgjson", "keywords", "card names"
RULE_PAGE, RULING_PAGE = "rule page", "ruling page"
REFERENCE_KINDS = (RULES, MTGJSON, KEYWORDS, NAMES)


@dataclass
class ParsedDocument:
    path: str
    raw: bytes
    kind: str
    records: list[Record] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


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
    except ParseError:  # HTML without text: no page of either kind
        page_blocks = []
    if site_rule_page.is_rule_page(page_blocks):
        return RULE_PAGE, page_blocks
    if site_ruling_page.is_ruling_page(page_blocks):
        return RULING_PAGE, page_blocks
    first_line = next((line for line in text.splitlines() if line.strip()), "")
    raise ParseError(
        source,
        f"unrecognised document (starts {first_line[:40]!r})",
        line=1,
        mend="expected official rules text, an MTGJSON set file, a keyword or card-name table, or a site rule or ruling page",
    )


def _parse_reference(path: str, text: str, kind: str, lang: str | None) -> list[Record]:
    if kind == RULES:
        return comprehensive_rules.parse(text, path, lang=lang).records
    if kind == MTGJSON:
        return mtgjson.parse(text, path)
    if kind == NAMES:
        return names_table.parse(text, path)
    return keyword_table.parse(text, path)


def parse_files(
    paths: list[str],
    *,
    lang: str | None = None,
    context: list[Record] | None = None,
    on_read: Callable[[str], None] | None = None,
    lexicon: Lexicon | None = None,
) -> list[ParsedDocument]:
    """Parse and align `paths` against `context` (the records already ingested) and each other.
    `on_read` is called with each path once it is read (for a progress bar). Term pairs come
    from `lexicon` (default: the committed one) and the terms of the reference records."""
    loaded = []
    for path in paths:
        raw = read_document(path)
        text = decode(raw, path)
        loaded.append((path, raw, text, *classify(text, path)))
        if on_read:
            on_read(path)
    documents: list[ParsedDocument] = []
    reference_records = list(context or [])
    for path, raw, text, kind, _ in loaded:
        if kind in REFERENCE_KINDS:
            document = ParsedDocument(path, raw, kind, _parse_reference(path, text, kind, lang))
            reference_records.extend(document.records)
            documents.append(document)
    editions = english_editions(reference_records)
    cards = [r for r in reference_records if r.kind == "card"]
    english_rulings = [r for r in reference_records if r.kind == "ruling" and r.lang == "en"]
    pages = [(path, raw, kind, page_blocks) for path, raw, _, kind, page_blocks in loaded if kind in (RULE_PAGE, RULING_PAGE)]
    known = corpus_lexicon.with_listed(reference_records, lexicon) if pages else Lexicon()
    pairs_by_lang: dict[str, dict[str, str]] = {}

    def pairs(page_lang: str) -> dict[str, str]:
        if page_lang not in pairs_by_lang:
            pairs_by_lang[page_lang] = known.term_pairs(page_lang, corpus_lexicon.EVIDENCE_MIN_SCORE)
        return pairs_by_lang[page_lang]

    for path, raw, kind, page_blocks in pages:
        if kind == RULE_PAGE:
            page = site_rule_page.parse_blocks(page_blocks, path, lang)
            aligned_page = align_page(page, editions, pairs(page.lang))
            records = aligned_page.records + terms.terms_from_titles(aligned_page.records)
            documents.append(ParsedDocument(path, raw, kind, records, aligned_page.warnings))
        else:
            ruling_page = site_ruling_page.parse_blocks(page_blocks, path, lang)
            aligned_rulings = align_rulings(ruling_page, cards, english_rulings, pairs(ruling_page.lang))
            documents.append(ParsedDocument(path, raw, kind, aligned_rulings.records, aligned_rulings.warnings))
    order = {path: index for index, path in enumerate(paths)}
    return sorted(documents, key=lambda d: order[d.path])


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
