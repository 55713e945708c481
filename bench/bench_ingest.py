"""Ingest benchmark: one `mtgrules ingest` (records and search tables, one transaction) of the
Nx corpus (bench_scale's files) or of the real corpora of issue 20, CPU time and peak memory of
the whole process, beside `python3 -c pass` and a bare FTS5 table built from the same records in
the same run. Figures for a person to read, not timed tests.

    python bench/bench_ingest.py [--sizes 1x,16x] [--runs N]
    python bench/bench_ingest.py --real [--runs N]

--real ingests, from ../shared/corpus-data: "25 sets" (the 25 MTGJSON set files, en-20260807
and the keyword table) and "editions" (the five English editions, zh-20240607, Kaladesh, the
two MTGJSON excerpts and the keyword table; the seeds come with every store). Into the 25 sets,
one more page is then ingested, twice over: a Spanish rule page (tests/pages, which updates the
search tables in place) and a Spanish rulings page of Torrential Gearhulk (tests/pages, aligned
to Kaladesh's rulings), each one `mtgrules ingest` process.

Runs are interleaved; the median of --runs runs is printed. Budgets (issue 20): 25 sets <= 15 s
and 200 MB; editions <= 20 s and 300 MB; one more page into the 25 sets <= 1 s.
"""

from __future__ import annotations

import argparse
import atexit
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_lookup  # the corpus builders
import bench_scale  # the files of each size, the child process measure and the FTS5 baseline

DATA = bench_lookup.DATA
REAL = {
    "25 sets": (lambda: [DATA / "cr" / "en-20260807.txt", *sorted((DATA / "sets").glob("*.json")), DATA / "cr" / "keywords_en_es_fr.tsv"],
                (15.0, 200.0)),
    "editions": (lambda: [*sorted((DATA / "cr").glob("en-*.txt")), DATA / "cr" / "zh-20240607.txt", *sorted((DATA / "rulings").glob("*.json")),
                          DATA / "cr" / "keywords_en_es_fr.tsv"], (20.0, 300.0)),
}
# One more page into the 25 sets (--real): a rule page (tables updated in place), a rulings page.
PAGES = {"rule page": bench_scale.PAGE, "rulings page": bench_scale.REPO / "tests" / "pages" / "ruling-es-iso-dl.html"}
PAGE_BUDGET = 1.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1x,16x", help="Comma-separated corpus sizes (1x, 4x, 16x, 64x...).")
    parser.add_argument("--real", action="store_true", help="The real corpora of issue 20 in place of the sizes.")
    parser.add_argument("--runs", type=int, default=1, help="Ingests of each size (median reported).")
    args = parser.parse_args()
    scratch = Path(tempfile.mkdtemp(prefix="mtgrules-bench-ingest-"))
    atexit.register(shutil.rmtree, scratch, ignore_errors=True)
    sizes = list(REAL) if args.real else args.sizes.split(",")
    files = {}
    for size in sizes:
        if args.real:
            files[size] = [str(path) for path in REAL[size][0]()]
            continue
        folder = scratch / f"files-{size}"
        folder.mkdir()
        files[size] = [str(path) for path in bench_scale.files_for(int(size.rstrip("x")), folder)]
    figures: dict[str, list[tuple[float, float]]] = {size: [] for size in sizes}
    nothing: list[float] = []
    fts: dict[str, tuple[float, float]] = {}
    pages: dict[str, list[float]] = {}
    for run in range(args.runs):
        for size in sizes:
            nothing.append(bench_scale.run([sys.executable, "-c", "pass"], {})[0])
            home = scratch / f"home-{size}-{run}"
            env = bench_lookup.child_env(home)
            figures[size].append(bench_scale.run(bench_scale.mtgrules("ingest", *files[size]), env))
            if args.real and size == "25 sets":
                for name, page in PAGES.items():
                    pages.setdefault(name, []).append(bench_scale.run(bench_scale.mtgrules("ingest", str(page)), env)[0])
            if size not in fts:
                database, table = home / "corpus.sqlite3", scratch / f"fts-{size}.sqlite3"
                fts[size] = bench_scale.run([sys.executable, "-c", bench_scale.FTS_BUILD, str(database), str(table)], env)
            shutil.rmtree(home, ignore_errors=True)
    print(f"{bench_lookup.installation()}; python3 -c pass {statistics.median(nothing) * 1000:.1f} ms CPU (same rounds)")
    for size in sizes:
        cpu = statistics.median(cpu for cpu, _ in figures[size])
        peak = max(peak for _, peak in figures[size])
        verdict = ""
        if args.real:
            seconds, megabytes = REAL[size][1]
            verdict = f"   budget {seconds:.0f} s, {megabytes:.0f} MB: " + ("ok" if cpu <= seconds and peak <= megabytes else "OVER")
        print(f"{size:8} ingest {cpu:6.1f} s CPU {peak:5.0f} MB peak (median of {args.runs}){verdict}"
              f"   a bare FTS5 table of the same records: {fts[size][0]:.2f} s, {fts[size][1]:.0f} MB")
    for name, values in pages.items():
        cpu = statistics.median(values)
        print(f"  one more {name} into the 25 sets {cpu:5.2f} s CPU   budget {PAGE_BUDGET:.0f} s: " + ("ok" if cpu <= PAGE_BUDGET else "OVER"))


if __name__ == "__main__":
    main()
