"""Ingest at scale: reference documents stored as soon as they are parsed (one document's
records held at a time), pages of the same call aligned against them through the store, and
records stored exactly as they were parsed."""

from __future__ import annotations

from pathlib import Path

from conftest import corpus_file

from mtgrules.align import documents, ingest
from mtgrules.store import Store

SEEDS = Path(__file__).resolve().parents[1] / "seeds"


def test_a_page_ingested_in_the_same_call_as_its_edition_is_aligned_against_it():
    edition = corpus_file("cr/en-20260807.txt")
    page = str(SEEDS / "000_21da01731eb85fc0.txt")
    corpus = Store()
    done = ingest.ingest([page, str(edition)], corpus=corpus)
    assert [document.kind for document in done.stored] == [documents.RULE_PAGE, documents.RULES]  # in the order given
    counts = {document.path: document.count for document in done.stored}
    stored = corpus.documents()
    assert counts == {path: stored[documents.resolved_path(path)].records for path in counts}
    spanish = corpus.records(kinds=["rule"], langs=["es"], edition="2026-08-07")
    assert spanish and all(record.aligned and not record.provisional for record in spanish)
    assert {record.number for record in spanish} >= {"701.50a"}


def test_records_are_stored_as_they_were_parsed():
    path = corpus_file("rulings/KLD.mtgjson-v5.json")
    parsed = documents.parse_files([str(path)])[0].records
    corpus = Store()
    ingest.ingest([str(path)], corpus=corpus)
    assert [r for r in corpus.records() if r.source.startswith(str(path))] == parsed


def test_a_rule_page_is_aligned_alike_against_only_the_rules_it_names():
    """An ingest reads, for its rule pages, the English rules of their numbers and subrules in
    every edition (and every edition's sections), not every English rule: the records,
    warnings and errors of each page are those of an alignment against everything."""
    editions = [str(corpus_file(f"cr/{name}")) for name in ("en-20240607.txt", "en-20260807.txt")]
    ingest.ingest(editions, corpus=Store())
    corpus = Store()
    pages = sorted(SEEDS.glob("*.txt")) + sorted((SEEDS.parent / "tests" / "pages").glob("*.html"))
    assert len(pages) > 20
    for page in map(str, pages):
        whole = documents.parse_each([page], context=ingest.alignment_context(corpus))
        named = documents.parse_each([page], context=lambda kinds, numbers, _: ingest.alignment_context(corpus, kinds, numbers))
        assert [(d.kind, d.records, d.warnings) for d in named[0]] == [(d.kind, d.records, d.warnings) for d in whole[0]], page
        assert list(map(str, named[1])) == list(map(str, whole[1])), page


def test_a_ruling_page_is_aligned_alike_against_only_the_cards_it_may_name():
    """An ingest reads, for its ruling pages, the cards printed under a name the pages may name
    their card by and those cards' English rulings, not every card and ruling: the records,
    warnings and errors of each page are those of an alignment against everything."""
    sets = [str(corpus_file(name)) for name in ("rulings/KLD.mtgjson-v5.json", "rulings/MH3-electrozoa.mtgjson-excerpt.json")]
    ingest.ingest(sets, corpus=Store())
    corpus = Store()
    pages = sorted(SEEDS.glob("*.txt")) + sorted((SEEDS.parent / "tests" / "pages").glob("ruling-*"))
    pages = [page for page in pages if page.suffix != ".json"]
    assert len(pages) > 10
    aligned = 0
    for page in map(str, pages):
        whole = documents.parse_each([page], context=ingest.alignment_context(corpus))
        named = documents.parse_each([page], context=lambda kinds, numbers, names: ingest.alignment_context(corpus, kinds, numbers, names))
        assert [(d.kind, d.records, d.warnings) for d in named[0]] == [(d.kind, d.records, d.warnings) for d in whole[0]], page
        assert list(map(str, named[1])) == list(map(str, whole[1])), page
        aligned += sum(record.aligned for d in named[0] if d.kind == documents.RULING_PAGE for record in d.records)
    assert aligned > 20  # the comparison is of pages aligned to their cards, not of pages matching nothing
    context = ingest.alignment_context(corpus, {documents.RULING_PAGE}, set(), {"Carcasse  mécanique Torrentielle", "Cartas"})
    assert {record.card for record in context if record.kind in ("card", "ruling")} == {"Torrential Gearhulk"}


def test_each_reference_document_is_handed_on_before_the_next_file_is_read():
    """Sixty-four editions read first and parsed after held all their text at once: each is
    parsed and given to `on_reference` (stored and released, at ingest) before the next is read."""
    editions = [str(corpus_file(f"cr/{name}")) for name in ("en-20240607.txt", "en-20260807.txt")]
    keywords = str(corpus_file("cr/keywords_en_es_fr.tsv"))
    events: list[tuple[str, str]] = []
    parsed, failures = documents.parse_each([*editions, keywords], on_read=lambda path: events.append(("read", path)),
                                            on_reference=lambda document: events.append(("parsed", document.path)))
    assert not failures and [document.kind for document in parsed] == [documents.RULES, documents.RULES, documents.KEYWORDS]
    assert events == [(event, path) for path in [*editions, keywords] for event in ("read", "parsed")]
