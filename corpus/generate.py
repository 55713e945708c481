"""Regenerate `corpus/seeds.jsonl` from `seeds/`, aligned against the 2026 English edition, and
`corpus/lexicon.tsv`, the bilingual lexicon learned from official translations.

    python -m mtgrules.corpus.generate --data ../shared/corpus-data

The English rules, the MTGJSON excerpts of the seed cards and the keyword table serve only as
alignment evidence: the committed records keep rule numbers, one-word English titles and
pointers to English rulings (position and digest), never English rules or rulings text.

The lexicon (`mtgrules.align.lexicon`) is learned from the printed card texts of every MTGJSON
set file in `corpus-data/sets/` (their `foreignData`: es, fr, de, it, pt, ja, ko, ru, zh; a card
reprinted with the same texts counts once, `corpus_lexicon.teaches_anew`) and their printed keyword
lines (`lexicon.keyword_line_entries`), the seed pages aligned to the English rules and rulings, the
keyword table, the aligned titles and the core-terms table (`corpus/core_terms.tsv`) with the
parts of its terms (`core_terms.parts`); a learned pair that gives part of a keyword's printed
name is left out (`lexicon.without_partial`). It holds phrase pairs and scores, never a
sentence. The set files it learned from are listed with their digests in `corpus/lexicon-sources.tsv`: an ingest of one of
them learns nothing again (`mtgrules.align.learned`). A set file the parser refuses is left
out, and said.

The same card texts give `corpus/false_friends.tsv` (`mtgrules.align.false_friends`): the
words a language prints as English spells them, meaning something else ("plus", "non"), which
query translation never searches as English words.

`tests/test_corpus.py` and `tests/test_lexicon.py` fail when the committed files differ from what
this produces.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import click

REPO = Path(__file__).resolve().parents[1]
ENGLISH_EDITION = "cr/en-20260807.txt"
EVIDENCE = ("rulings/BLB-kitnap.mtgjson-excerpt.json", "rulings/MH3-electrozoa.mtgjson-excerpt.json", "cr/keywords_en_es_fr.tsv")
SETS = "sets"  # every *.json in it
# The languages the committed lexicon covers: every language MTGJSON prints card text in
# (Simplified Chinese as zh, the Chinese rules edition's code; Traditional Chinese has no rules
# or pages to find).
LEXICON_LANGUAGES = ("es", "fr", "de", "it", "pt", "ja", "ko", "ru", "zh")
SOURCES_HEADER = "file\tdigest"


def generate(data: Path) -> tuple[str, str]:
    """The text of seeds.jsonl and of seeds-manifest.json."""
    from mtgrules import store

    context = _reference_records(data)
    parsed = _parse_seeds(context)
    records = [record for document in parsed for record in document.records]
    manifest = {
        Path(d.path).name: {"source": d.path, "digest": store.digest_bytes(d.raw), "records": len(d.records), "kind": d.kind}
        for d in parsed
    }
    return store.records_to_jsonl(records), json.dumps(manifest, indent=1, sort_keys=True) + "\n"


def lexicon(data: Path, on_refused=None) -> tuple[str, str]:
    """The text of lexicon.tsv and of lexicon-sources.tsv. `on_refused` is told of each set
    file the parser refuses (its ParseError)."""
    pairs, sources, _ = learned(data, on_refused)
    return pairs, sources


def learned(data: Path, on_refused=None) -> tuple[str, str, str]:
    """The text of lexicon.tsv, of lexicon-sources.tsv and of false_friends.tsv (the words a
    language prints as English spells them, meaning something else: `align.false_friends`),
    learned from the same card texts."""
    from mtgrules.align import core_terms, corpus_lexicon, documents, false_friends, lexicon, linking
    from mtgrules.parsers import data_files

    data = data.resolve()
    context = _reference_records(data)
    # The seeds aligned without a learned lexicon: the lexicon must not depend on itself.
    seeds = [record for document in _parse_seeds(context, lexicon.Lexicon()) for record in document.records]
    paths = sorted(str(path) for path in (data / SETS).glob("*.json"))
    parsed, refused = documents.parse_each(paths)
    for error in refused:
        if on_refused:
            on_refused(error)
    taught: set[str] = set()
    cards = [record for document in parsed for record in document.records
             if record.kind == "card" and corpus_lexicon.teaches_anew(record, taught)]
    sources = SOURCES_HEADER + "\n" + "".join(
        f"{Path(document.path).name}\t{data_files.file_digest(document.path)}\n" for document in parsed)
    records = context + cards + seeds
    linking.fill_english_rulings(records)
    segments = [segment for segment in lexicon.segments_from_records(records) if segment.lang in LEXICON_LANGUAGES]
    listed = [entry for entry in lexicon.listed_entries(records) if entry.lang in LEXICON_LANGUAGES]
    table = REPO / "corpus" / core_terms.TABLE
    terms = core_terms.entries(table.read_text(encoding="utf-8"), f"corpus/{core_terms.TABLE}")
    keywords = [entry for entry in lexicon.keyword_line_entries(cards) if entry.lang in LEXICON_LANGUAGES]
    named = [entry for entry in listed + keywords if entry.sources in ("keywords", "keyword-lines")]
    known = lexicon.Lexicon(lexicon.without_partial(lexicon.learn(segments), named) + listed + keywords)
    friends = false_friends.to_tsv(false_friends.learn(segments))
    return known.merged(terms + core_terms.parts(terms, known)).to_tsv(), sources, friends


def _documents(data: Path, relative: tuple[str, ...]):
    from mtgrules.align import documents

    return documents.parse_files([str(data.resolve() / name) for name in relative])


def _reference_records(data: Path):
    reference = _documents(data, (ENGLISH_EDITION, *EVIDENCE))
    return [record for document in reference for record in document.records]


def _parse_seeds(context, known=None):
    """The seed pages aligned against `context`, with the lexicon `known` (default: the
    committed one)."""
    from mtgrules.align import documents

    relative = sorted(str(path.relative_to(REPO)) for path in (REPO / "seeds").glob("*.txt"))
    # Records name their source relative to the repository ("seeds/000_….txt"), wherever we run.
    previous = os.getcwd()
    os.chdir(REPO)
    try:
        parsed = documents.parse_files(relative, context=context, lexicon=known)
    finally:
        os.chdir(previous)
    return parsed


@click.command()
@click.option(
    "--data",
    type=click.Path(file_okay=False, exists=True, path_type=Path),
    default=REPO.parent / "shared" / "corpus-data",
    show_default=True,
    help="The corpus-data folder (English rules, MTGJSON).",
)
def main(data: Path) -> None:
    # The lexicon first: the seeds are aligned with it.
    from mtgrules.align import false_friends

    pairs, sources, friends = learned(data, on_refused=lambda error: click.echo(f"left out: {error}", err=True))
    (REPO / "corpus" / "lexicon.tsv").write_text(pairs, encoding="utf-8")
    (REPO / "corpus" / "lexicon-sources.tsv").write_text(sources, encoding="utf-8")
    (REPO / "corpus" / false_friends.TABLE).write_text(friends, encoding="utf-8")
    click.echo(f"corpus/lexicon.tsv: {pairs.count(chr(10)) - 1} phrase pairs")
    click.echo(f"corpus/{false_friends.TABLE}: {friends.count(chr(10)) - 1} words")
    records, manifest = generate(data)
    (REPO / "corpus" / "seeds.jsonl").write_text(records, encoding="utf-8")
    (REPO / "corpus" / "seeds-manifest.json").write_text(manifest, encoding="utf-8")
    click.echo(f"corpus/seeds.jsonl: {records.count(chr(10))} records")


if __name__ == "__main__":
    main()
