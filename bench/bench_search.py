"""Search benchmark: figures printed for a person to read, not timed tests.

    python bench/bench_search.py [--runs N]

Ingests the 2026-08-07 Comprehensive Rules, Kaladesh (MTGJSON) and the seed pages from
../shared/corpus-data into a temporary MTGRULES_HOME (read in place), then measures, on the
same records and queries, each beside its baseline of the same run:

- the ingest, search tables included (one transaction): CPU and peak of the whole process,
  beside a bare FTS5 table (unicode61, bm25) built from the same records;
- a cold `mtgrules search` process (CPU, median), interleaved with `python3 -c pass`,
  `python3 -c "import click, sqlite3"` (the floor of any click command over SQLite) and a bare
  FTS5 query process on the bare table; with `--no-translate` beside it, what query
  translation costs;
- a warm query in-process (`Index.search` on an `Index` kept open), beside the bare FTS5
  query of the same expression run on the same connection (what the engine itself costs);
- `grep -ri` over the raw files: one process per query (no index, no ranking).

Budgets (issue 20): cold search <= 1.5x the click+sqlite3 floor.
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
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DATA = Path(os.environ.get("MTGRULES_CORPUS_DATA", REPO.parent / "shared" / "corpus-data"))
DOCUMENTS = [DATA / "cr" / "en-20260807.txt", DATA / "rulings" / "KLD.mtgjson-v5.json", *sorted((REPO / "seeds").glob("*.txt"))]
QUERIES = ["criaturas", "energía", "connive", "contador de energía", "toughness graveyard", "blessures"]


def median_ms(function, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        function()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def child_run(command: list[str], env: dict) -> tuple[float, float, float]:
    """Wall time (ms), CPU time (user + system, ms) and peak resident memory (MB) of one child
    process."""
    code = (
        "import resource, subprocess, sys, time\n"
        "start = time.perf_counter()\n"
        "subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)\n"
        "elapsed = (time.perf_counter() - start) * 1000\n"
        "usage = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
        "print(elapsed, (usage.ru_utime + usage.ru_stime) * 1000, usage.ru_maxrss / 1024)\n"
    )
    out = subprocess.run([sys.executable, "-c", code, *command], capture_output=True, text=True, env=env, check=True)
    elapsed, cpu, peak = out.stdout.split()
    return float(elapsed), float(cpu), float(peak)


def child_peak_mb(command: list[str], env: dict) -> tuple[float, float]:
    """Wall time (ms) and peak resident memory (MB) of one child process."""
    elapsed, _, peak = child_run(command, env)
    return elapsed, peak


def ingest(env: dict) -> tuple[float, float]:
    """CPU seconds and peak MB of the ingest of DOCUMENTS, search tables included."""
    _, cpu, peak = child_run([sys.executable, "-m", "mtgrules", "ingest", *map(str, DOCUMENTS)], env)
    return cpu / 1000, peak


def fts_query(query: str) -> str:
    """The same words as an FTS5 query: a phrase stays a phrase, other words are ANDed."""
    if " de " in query:
        return '"' + query + '"'
    return " AND ".join(f'"{word}"' for word in query.split())


FTS_BUILD = """
import sqlite3, sys
store = sqlite3.connect(f"file:{sys.argv[1]}?mode=ro", uri=True)
db = sqlite3.connect(sys.argv[2])
db.execute("CREATE VIRTUAL TABLE docs USING fts5(title, body, lang UNINDEXED, tokenize='unicode61 remove_diacritics 2')")
db.executemany("INSERT INTO docs VALUES (?, ?, ?)", store.execute(
    "SELECT COALESCE(title, json_extract(body, '$.printed_name'), card, ''), json_extract(body, '$.text'), lang FROM records"))
db.commit()
"""
FTS_SEARCH = (
    "SELECT rowid, lang, snippet(docs, 1, '[', ']', '…', 20) FROM docs WHERE docs MATCH ? "
    "ORDER BY bm25(docs, 2.0, 1.0) LIMIT 10"
)


def cpu_of(command: list[str], env: dict) -> float:
    return child_run(command, env)[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21, help="Runs per measure (median reported).")
    args = parser.parse_args()
    missing = [str(p) for p in DOCUMENTS if not p.exists()]
    if missing:
        sys.exit(f"bench_search: missing data: {', '.join(missing)}")

    home = Path(tempfile.mkdtemp(prefix="mtgrules-bench-"))
    atexit.register(shutil.rmtree, home, ignore_errors=True)
    env = {**os.environ, "MTGRULES_HOME": str(home)}
    os.environ["MTGRULES_HOME"] = str(home)
    ingest_cpu, ingest_peak = ingest(env)
    fts_path = home / "fts.sqlite"
    _, fts_build_cpu, fts_build_peak = child_run([sys.executable, "-c", FTS_BUILD, str(home / "corpus.sqlite3"), str(fts_path)], env)
    fts_script = f"import sqlite3, sys; db = sqlite3.connect({str(fts_path)!r}); print(db.execute({FTS_SEARCH!r}, (sys.argv[1],)).fetchall())"

    rounds = max(3, args.runs // 3)
    figures: dict[str, list[float]] = {name: [] for name in ("search", "plain", "pass", "click", "fts", "grep")}
    cpu_of([sys.executable, "-m", "mtgrules", "search", QUERIES[0]], env)  # byte-compiled files written
    for query in QUERIES:
        for _ in range(rounds):
            figures["search"].append(cpu_of([sys.executable, "-m", "mtgrules", "search", query], env))
            figures["plain"].append(cpu_of([sys.executable, "-m", "mtgrules", "search", query, "--no-translate"], env))
            figures["pass"].append(cpu_of([sys.executable, "-c", "pass"], env))
            figures["click"].append(cpu_of([sys.executable, "-c", "import click, sqlite3"], env))
            figures["fts"].append(cpu_of([sys.executable, "-c", fts_script, fts_query(query)], env))
            figures["grep"].append(child_run(["grep", "-ri", query, *map(str, DOCUMENTS)], env)[1])

    from mtgrules.index.query import Index

    with Index.current() as index:
        for query in QUERIES:
            index.search(query)
        warm = [median_ms(lambda q=query: index.search(q), args.runs) for query in QUERIES]
        warm_plain = [median_ms(lambda q=query: index.search(q, translate=False), args.runs) for query in QUERIES]
        expressions = [index.expression(query, index.langs)[0] for query in QUERIES]
        bare = [median_ms(lambda e=expression: index.db.execute(
            "SELECT rowid, bm25(search, 2.0, 1.0, 1.0, 1.0, 0, 0, 0, 0) AS s FROM search WHERE search MATCH ? ORDER BY s LIMIT 10",
            (e,)).fetchall(), args.runs) for expression in expressions]
        hits = {query: len(index.search(query, limit=1000).hits) for query in QUERIES}
        records = index.corpus.count()

    median = {name: statistics.median(values) for name, values in figures.items()}
    print(f"corpus: {records} records ({', '.join(p.name for p in DOCUMENTS[:2])} + {len(DOCUMENTS) - 2} seed pages)")
    print(f"queries: {', '.join(QUERIES)}; {rounds} cold rounds per query, {args.runs} runs per warm measure")
    print(f"ingest, search tables included   {ingest_cpu:7.2f} s CPU {ingest_peak:5.0f} MB   (a bare FTS5 table of the same records:"
          f" {fts_build_cpu / 1000:.2f} s, {fts_build_peak:.0f} MB)")
    ratio = median["search"] / median["click"]
    print(f"cold `mtgrules search`           {median['search']:7.1f} ms CPU   {ratio:.2f}x click+sqlite3 {median['click']:.1f} ms"
          f" (budget 1.5x: {'ok' if ratio <= 1.5 else 'OVER'}); python3 -c pass {median['pass']:.1f} ms;"
          f" bare FTS5 query process {median['fts']:.1f} ms; grep -ri {median['grep']:.1f} ms")
    print(f"  with --no-translate            {median['plain']:7.1f} ms CPU   (translation adds {median['search'] - median['plain']:.1f} ms)")
    print(f"warm query, median               {statistics.median(warm):7.2f} ms   --no-translate {statistics.median(warm_plain):.2f} ms;"
          f" the bare FTS5 query of the same expression {statistics.median(bare):.2f} ms")
    print("  per query (warm ms / hits):     " + ", ".join(f"{q} {w:.2f}/{hits[q]}" for q, w in zip(QUERIES, warm)))


if __name__ == "__main__":
    main()
