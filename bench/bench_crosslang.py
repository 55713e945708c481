"""Cross-language search: recall at 10 of Spanish and French queries on English rules and rulings.

    python bench/bench_crosslang.py [--data ../shared/corpus-data] [--verbose]

Ingests the 2026-08-07 Comprehensive Rules, Kaladesh and the two MTGJSON excerpts, and the
keyword table into a temporary MTGRULES_HOME (read in place; the seed pages are embedded), then
runs every query of bench/crosslang_queries.tsv (written for this benchmark: what a Spanish- or
French-speaking judge types, with the English rules, glossary entries and rulings they expect)
three ways on the same index:

- as typed, every language, no fallback: what `mtgrules search` did before the lexicon;
- `--no-translate`: the same, with partial matches when no record holds every word;
- translated (the default): the query's own language first, then the other languages through
  the bilingual lexicon, then partial matches.

Recall at 10 of a query is the share of its expected records among the first ten hits; a hit
counts by key (a Spanish 704.5g is rule 704.5g), and a ruling counts when it is the expected
English ruling or the same ruling on another card (Kaladesh prints its energy rulings on 47
cards). Also printed: the share of queries with at least one expected record in the first ten,
and the in-process time of a query.
"""

from __future__ import annotations

import argparse
import atexit
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
QUERIES = REPO / "bench" / "crosslang_queries.tsv"
DOCUMENTS = [
    "cr/en-20260807.txt",
    "rulings/KLD.mtgjson-v5.json",
    "rulings/MH3-electrozoa.mtgjson-excerpt.json",
    "rulings/BLB-kitnap.mtgjson-excerpt.json",
    "cr/keywords_en_es_fr.tsv",
]
MODES = ("as typed, no fallback (before)", "--no-translate", "translated (default)")


@dataclass
class Query:
    lang: str
    text: str
    expected: list[tuple]  # record keys: ("rule", "704.5g"), ("glossary", "lethal damage"), ("ruling", card, position)
    line: int


def load_queries(path: Path = QUERIES) -> list[Query]:
    queries = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip() or line.startswith("#"):
            continue
        lang, text, expected = line.split("\t")
        queries.append(Query(lang, text, [_key(item.strip(), path, number) for item in expected.split(";")], number))
    return queries


def _key(item: str, path: Path, line: int) -> tuple:
    kind, _, rest = item.partition(" ")
    if kind in ("rule", "section"):
        return (kind, rest)
    if kind == "glossary":
        return ("glossary", rest.lower())
    if kind == "ruling":
        card, _, position = rest.rpartition(" #")
        return ("ruling", card, int(position))
    raise SystemExit(f"{path}:{line}: expected 'rule N', 'glossary Title' or 'ruling Card #N', found {item!r}")


class Judge:
    """Scores hits against expectations; rulings by their English text's digest."""

    def __init__(self, records):
        self.keys = {record.key for record in records}
        self.digest = {record.key: record.en_digest for record in records if record.kind == "ruling" and record.lang == "en"}

    def check(self, queries: list[Query]) -> None:
        missing = [(q.line, key) for q in queries for key in q.expected if key not in self.keys]
        if missing:
            raise SystemExit("expected records missing from the corpus: " + ", ".join(f"line {n}: {k}" for n, k in missing))

    def same(self, expected: tuple, found: tuple) -> bool:
        if expected == found:
            return True
        return expected[0] == found[0] == "ruling" and self.digest.get(expected) is not None and self.digest.get(expected) == self.digest.get(found)

    def recall(self, query: Query, hit_keys: list[tuple]) -> float:
        return sum(any(self.same(key, hit) for hit in hit_keys) for key in query.expected) / len(query.expected)


def run_mode(index, query: Query, mode: str) -> list[tuple]:
    results = index.search(query.text, translate=mode == MODES[2], limit=10)
    if mode == MODES[0] and results.partial:
        return []
    return [tuple(hit.key) for hit in results.hits]


def evaluate(index, judge: Judge, queries: list[Query]) -> dict[str, dict[str, list[float]]]:
    """Mode → {"recall": per query, "ms": per query}."""
    scores: dict[str, dict[str, list[float]]] = {mode: {"recall": [], "ms": []} for mode in MODES}
    for query in queries:
        for mode in MODES:
            start = time.perf_counter()
            keys = run_mode(index, query, mode)
            scores[mode]["ms"].append((time.perf_counter() - start) * 1000)
            scores[mode]["recall"].append(judge.recall(query, keys))
    return scores


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=Path(os.environ.get("MTGRULES_CORPUS_DATA", REPO.parent / "shared" / "corpus-data")))
    parser.add_argument("--verbose", action="store_true", help="Print each query's recall in every mode.")
    options = parser.parse_args()
    paths = [options.data / name for name in DOCUMENTS]
    missing = [str(path) for path in paths if not path.exists()]
    if missing:
        print(f"skipped: missing {', '.join(missing)}")
        return 0
    home = Path(tempfile.mkdtemp(prefix="mtgrules-crosslang-"))
    atexit.register(shutil.rmtree, home, ignore_errors=True)
    os.environ["MTGRULES_HOME"] = str(home)
    subprocess.run([sys.executable, "-m", "mtgrules", "ingest", *map(str, paths)], check=True, capture_output=True)

    from mtgrules.align import linking
    from mtgrules.index.query import Index

    queries = load_queries()
    judge = Judge(linking.all_records())
    judge.check(queries)
    with Index.current() as index:
        for query in queries:  # first use of each word loads its postings
            index.search(query.text)
        scores = evaluate(index, judge, queries)

    langs = sorted({q.lang for q in queries})
    print(f"queries: {len(queries)} ({', '.join(f'{sum(q.lang == lang for q in queries)} {lang}' for lang in langs)}), "
          f"{sum(len(q.expected) for q in queries)} expected English records; corpus: {', '.join(Path(d).name for d in DOCUMENTS)} + seeds")
    print(f"{'mode':34} {'recall@10':>9} {'es':>6} {'fr':>6} {'found≥1':>8} {'median ms':>10}")
    for mode in MODES:
        recall = scores[mode]["recall"]
        by_lang = {lang: statistics.mean(r for r, q in zip(recall, queries) if q.lang == lang) for lang in langs}
        hit_one = sum(r > 0 for r in recall) / len(recall)
        print(f"{mode:34} {statistics.mean(recall):9.1%} {by_lang.get('es', 0):6.1%} {by_lang.get('fr', 0):6.1%} "
              f"{hit_one:8.1%} {statistics.median(scores[mode]['ms']):10.2f}")
    if options.verbose:
        print()
        for i, query in enumerate(queries):
            cells = "  ".join(f"{scores[mode]['recall'][i]:4.0%}" for mode in MODES)
            print(f"{query.lang} {query.text:50} {cells}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
