"""The lexicon mtgrules uses: the committed pairs (`corpus/lexicon.tsv`) plus what the user's own
documents teach.

The committed lexicon is learned from the shared data (Kaladesh's card texts, the seed pages,
the keyword table) by `python -m mtgrules.corpus.generate`. A user who ingests more MTGJSON
set files, translated rule pages or a translated rules edition gives more parallel text: when
the index is built, `for_corpus` learns from every parallel text of the corpus (cards, aligned
rules and rulings) in the languages the corpus has records in (Spanish and French for most;
card texts in German say nothing to search until there is something German to find, and the
committed lexicon has German already), and adds the pairs the records state outright (keyword
table, aligned titles, glossaries). Learning takes about a second a language for a set of 250
cards, so its result is kept in the cache folder
under a digest of what it learned from: rebuilding the index for a corpus whose parallel texts
did not change (a new English edition, a re-ingested page with the same text) learns nothing
again.
"""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from mtgrules import paths
from mtgrules.corpus_schema import COMMITTED_LEXICON as COMMITTED  # the name the index's digest reads too
from mtgrules.corpus_schema import packaged_file

if TYPE_CHECKING:  # the learning modules load when used: the index checks COMMITTED on each search
    from mtgrules.align.lexicon import Entry, Lexicon, Segment
    from mtgrules.records import Record
    from mtgrules.store import Queries

# Pairs used as alignment evidence must be surer than pairs used to widen a search.
EVIDENCE_MIN_SCORE = 0.5
CACHE_VERSION = "1"


@cache
def committed() -> Lexicon:
    """The lexicon shipped with mtgrules."""
    from mtgrules.align.lexicon import Lexicon

    text = packaged_file(COMMITTED).read_text(encoding="utf-8")
    return Lexicon.from_tsv(text, f"corpus/{COMMITTED}")


def with_listed(records: list[Record], base: Lexicon | None = None) -> Lexicon:
    """`base` (default: the committed lexicon) with the pairs `records` state outright."""
    from mtgrules.align import lexicon

    return (committed() if base is None else base).merged(lexicon.listed_entries(records))


def for_store(corpus: Queries) -> Lexicon:
    """The lexicon of a stored corpus: the committed one, the pairs its records state (keyword
    table, aligned titles, glossaries) and the pairs learned from its card data at ingest
    (`mtgrules.align.learned`): nothing is learned here."""
    from mtgrules.align import learned

    translated = [row[0] for row in corpus.db.execute(
        "SELECT DISTINCT lang FROM records WHERE kind IN ('rule', 'glossary') AND lang != 'en'")]  # in a writer too
    stated = corpus.records(kinds=["term"])
    if translated:
        stated += corpus.records(kinds=["rule", "glossary"], langs=translated)
        stated += corpus.records(kinds=["glossary"], langs=["en"])
        stated += _english_titles_of(corpus, stated)
    return with_listed(stated).merged(learned.stored_entries(corpus.db))


def _english_titles_of(corpus: Queries, translated: list[Record]) -> list[Record]:
    """The English rules of the editions and numbers of titled translated rules (what their
    titles are paired with)."""
    wanted: dict[str, list[str]] = {}
    for record in translated:
        if record.kind == "rule" and record.title and record.edition and record.number:
            wanted.setdefault(record.edition, []).append(record.number)
    return [english for edition, numbers in sorted(wanted.items())
            for english in corpus.records(kinds=["rule"], langs=["en"], edition=edition, numbers=sorted(set(numbers)))]


def for_corpus(records: list[Record], cache_folder: Path | None = None) -> Lexicon:
    """The committed lexicon, the pairs `records` state, and the pairs learned from their
    parallel texts in the languages of the records (cached in `cache_folder` when given)."""
    from mtgrules.align import lexicon

    base = with_listed(records)
    languages = {lexicon.LEXICON_LANGUAGE.get(r.lang, r.lang) for r in records} - {"en"}
    segments = [s for s in lexicon.segments_from_records(records) if s.lang in languages]
    if not segments:
        return base
    return base.merged(_learned(segments, cache_folder))


def teaches_anew(record: Record, taught: set[str]) -> bool:
    """False for a card whose texts and type lines are those of a card already in `taught`: the
    same card (its oracle id) reprinted or renamed with the same texts, or, without an oracle
    id, texts equal once its own names are masked. Such a copy is the same translation printed
    again, not another observation of how a text translates: counted sixteen times, a card
    reprinted sixteen times would make its pairs look surer than those of cards printed once.
    (Two different cards with one type line are two translations, and count twice.) A build
    need not hold the copies either. Adds what `record` teaches to `taught`."""
    if record.kind != "card":
        return True
    digest = teaching_digest(record)
    if digest in taught:
        return False
    taught.add(digest)
    return True


def teaching_digest(record: Record) -> str:
    """What a card teaches, as a short digest (`teaches_anew`): its oracle id and texts, or its
    texts with its own names masked; equal for a reprint or a renamed copy."""
    from mtgrules.align.lexicon import _mask

    texts = [record.text, *record.texts.values(), *record.type_lines.values()]
    if record.oracle_id:
        parts = [record.oracle_id, *texts]
    else:
        names = [record.card or "", *record.names.values()]
        parts = [_mask(text, names) for text in texts]
    return hashlib.blake2b("\x1f".join([*record.texts, "\x1e", *record.type_lines, "\x1e", *parts]).encode(),
                           digest_size=12).hexdigest()


def _learned(segments: list[Segment], cache_folder: Path | None) -> list[Entry]:
    from mtgrules.align import lexicon
    from mtgrules.align.lexicon import Lexicon
    from mtgrules.errors import ParseError

    digest = hashlib.sha256(CACHE_VERSION.encode())
    for segment in segments:
        digest.update("\x1f".join([segment.lang, segment.source, segment.translated, segment.english, *segment.masked]).encode())
        digest.update(b"\x1e")
    path = cache_folder / f"lexicon-{digest.hexdigest()[:16]}.tsv" if cache_folder else None
    if path is not None and path.exists():
        try:
            return Lexicon.from_tsv(paths.read_whole(path).decode("utf-8"), str(path)).entries
        except (ParseError, UnicodeDecodeError, OSError, paths.FolderError):
            pass  # a damaged cache is derived data: learn again
    learned = lexicon.learn(segments)
    if path is not None:
        paths.make_folders(path.parent)
        for stale in path.parent.glob("lexicon-*.tsv"):
            stale.unlink(missing_ok=True)
        paths.write_whole(path, Lexicon(learned).to_tsv())
    return learned
