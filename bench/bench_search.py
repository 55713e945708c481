"""Search benchmark: figures printed for a person to read, not timed tests.

    python bench/bench_search.py [--runs N]

Ingests the 2026-08-07 Comprehensive Rules, Kaladesh (MTGJSON) and the seed pages from
../shared/corpus-data into a temporary MTGRULES_HOME (read in place), then measures, on the
same records and queries:

- mtgrules: index build (records -> index, and from the stored corpus), its peak memory, a cold
  `mtgrules search` process (median wall time, CPU time and peak memory), a warm query
  in-process; the same cold process with `--no-translate`, run interleaved with it, gives what
  query translation (language detection, the lexicon, the translated searches) costs;
- SQLite FTS5 (stdlib sqlite3, unicode61 tokenizer with diacritics removed, bm25 ranking):
  build, cold process, warm query;
- `grep -ri` over the raw files: one process per query (no index, no ranking).

Budgets (issue 3): cold search <= 120 ms, warm query <= 5 ms, build <= 15 s, memory <= 150 MB.
"""

from __future__ import annotations

import argparse
import atexit
import os
import shutil
import sqlite3
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
BUDGETS = {"cold": 120.0, "warm": 5.0, "build": 15.0, "memory": 150.0}


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


def ingest(env: dict) -> None:
    subprocess.run([sys.executable, "-m", "mtgrules", "ingest", *map(str, DOCUMENTS)], env=env, check=True, capture_output=True)


def fts_query(query: str) -> str:
    """The same words as an FTS5 query: a phrase stays a phrase, other words are ANDed."""
    if " de " in query:
        return '"' + query + '"'
    return " AND ".join(f'"{word}"' for word in query.split())


def build_fts(records, path: Path) -> None:
    db = sqlite3.connect(path)
    db.execute("CREATE VIRTUAL TABLE docs USING fts5(title, body, lang UNINDEXED, key UNINDEXED, tokenize='unicode61 remove_diacritics 2')")
    db.executemany(
        "INSERT INTO docs VALUES (?, ?, ?, ?)",
        [(r.title or r.printed_name or r.card or "", "\n".join([r.text, *r.examples]), r.lang, repr(r.key)) for r in records],
    )
    db.commit()
    db.close()


FTS_SEARCH = (
    "SELECT key, lang, snippet(docs, 1, '[', ']', '…', 20) FROM docs WHERE docs MATCH ? "
    "ORDER BY bm25(docs, 2.0, 1.0) LIMIT 10"
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21, help="Runs per measure (median reported).")
    args = parser.parse_args()
    missing = [str(p) for p in DOCUMENTS if not p.exists()]
    if missing:
        sys.exit(f"bench_search: missing data: {', '.join(missing)}")

    home = Path(tempfile.mkdtemp(prefix="mtgrules-bench-"))
    atexit.register(shutil.rmtree, home, ignore_errors=True)  # 23 MB of corpus and indexes
    env = {**os.environ, "MTGRULES_HOME": str(home)}
    os.environ["MTGRULES_HOME"] = str(home)
    ingest(env)

    from mtgrules import store
    from mtgrules.align import linking
    from mtgrules.index import build
    from mtgrules.index.query import Index

    start = time.perf_counter()
    records = linking.all_records()
    load_s = time.perf_counter() - start
    start = time.perf_counter()
    build.rebuild(records, store.Store().fingerprint())
    build_s = time.perf_counter() - start
    # A fresh process builds from the stored corpus, as the first search after an ingest does.
    (home / "cache").rename(home / "cache-old")
    build_total_ms, build_peak = child_peak_mb([sys.executable, "-c", "from mtgrules.index.build import ensure_index; ensure_index()"], env)

    cold, cold_cpu, cold_peaks, plain_cpu, added_cpu = [], [], [], [], []
    for query in QUERIES:
        for _ in range(max(3, args.runs // 3)):
            elapsed, cpu, peak = child_run([sys.executable, "-m", "mtgrules", "search", query], env)
            _, plain, _ = child_run([sys.executable, "-m", "mtgrules", "search", query, "--no-translate"], env)
            cold.append(elapsed)
            cold_cpu.append(cpu)
            cold_peaks.append(peak)
            plain_cpu.append(plain)
            added_cpu.append(cpu - plain)
    with Index.current() as index:
        for query in QUERIES:
            index.search(query)  # first use of each word loads its postings
            index.search(query, translate=False)
        warm = [median_ms(lambda q=query: index.search(q), args.runs) for query in QUERIES]
        warm_plain = [median_ms(lambda q=query: index.search(q, translate=False), args.runs) for query in QUERIES]
        hits = {query: len(index.search(query, limit=1000).hits) for query in QUERIES}

    fts_path = home / "fts.sqlite"
    start = time.perf_counter()
    build_fts(records, fts_path)
    fts_build_s = time.perf_counter() - start
    db = sqlite3.connect(fts_path)
    fts_warm = [median_ms(lambda q=query: db.execute(FTS_SEARCH, (fts_query(q),)).fetchall(), args.runs) for query in QUERIES]
    fts_hits = {q: len(db.execute(FTS_SEARCH.replace("LIMIT 10", ""), (fts_query(q),)).fetchall()) for q in QUERIES}
    fts_script = f"import sqlite3, sys; db = sqlite3.connect({str(fts_path)!r}); print(db.execute({FTS_SEARCH!r}, (sys.argv[1],)).fetchall())"
    fts_cold = [
        child_peak_mb([sys.executable, "-c", fts_script, fts_query(query)], env)[0]
        for query in QUERIES
        for _ in range(max(3, args.runs // 3))
    ]
    grep_cold = [
        child_peak_mb(["grep", "-ri", query, *map(str, DOCUMENTS)], env)[0] for query in QUERIES for _ in range(max(3, args.runs // 3))
    ]

    cold_ms, warm_ms = statistics.median(cold), statistics.median(warm)
    fts_cold_ms, fts_warm_ms, grep_ms = statistics.median(fts_cold), statistics.median(fts_warm), statistics.median(grep_cold)

    def verdict(value, budget):
        return "ok" if value <= budget else "OVER BUDGET"

    print(f"corpus: {len(records)} records ({', '.join(p.name for p in DOCUMENTS[:2])} + {len(DOCUMENTS) - 2} seed pages)")
    print(f"queries: {', '.join(QUERIES)}")
    print(f"python {sys.version.split()[0]}, {args.runs} runs per warm measure, {max(3, args.runs // 3)} cold runs per query")
    print()
    print("mtgrules (whoosh)")
    print(f"  loading the stored corpus         {load_s * 1000:8.0f} ms")
    print(f"  index build (records -> index)    {build_s:8.2f} s    budget {BUDGETS['build']:.0f} s  {verdict(build_s, BUDGETS['build'])}")
    print(f"  build in a fresh process (total)  {build_total_ms / 1000:8.2f} s    peak {build_peak:.0f} MB  budget {BUDGETS['memory']:.0f} MB  {verdict(build_peak, BUDGETS['memory'])}")
    print(f"  cold `mtgrules search`, median    {cold_ms:8.1f} ms   budget {BUDGETS['cold']:.0f} ms {verdict(cold_ms, BUDGETS['cold'])}; peak {max(cold_peaks):.0f} MB")
    print(f"    CPU time, median                {statistics.median(cold_cpu):8.1f} ms; with --no-translate {statistics.median(plain_cpu):.1f} ms "
          f"(interleaved); translation adds {statistics.median(added_cpu):.1f} ms (median of paired differences)")
    print(f"  warm query, median                {warm_ms:8.2f} ms   budget {BUDGETS['warm']:.0f} ms   {verdict(warm_ms, BUDGETS['warm'])}; "
          f"--no-translate {statistics.median(warm_plain):.2f} ms")
    print("  per query (warm ms / hits):       " + ", ".join(f"{q} {w:.2f}/{hits[q]}" for q, w in zip(QUERIES, warm)))
    print()
    print("SQLite FTS5 (same records, unicode61 remove_diacritics, bm25, snippet)")
    print(f"  build                             {fts_build_s:8.2f} s")
    print(f"  cold process, median              {fts_cold_ms:8.1f} ms")
    print(f"  warm query, median                {fts_warm_ms:8.2f} ms")
    print("  hits per query:                   " + ", ".join(f"{q} {fts_hits[q]}" for q in QUERIES))
    print()
    print("grep -ri over the raw files (no index, no ranking, no stemming)")
    print(f"  one process per query, median     {grep_ms:8.1f} ms")
    print()
    print("ratios (mtgrules / baseline; above 1 means mtgrules is slower)")
    print(f"  cold: {cold_ms / fts_cold_ms:.2f}x FTS5, {cold_ms / grep_ms:.2f}x grep")
    print(f"  warm: {warm_ms / fts_warm_ms:.2f}x FTS5")
    print(f"  build: {build_s / fts_build_s:.2f}x FTS5")


if __name__ == "__main__":
    main()
