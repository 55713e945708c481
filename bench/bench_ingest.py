"""Ingest benchmark: one `mtgrules ingest` of the Nx corpus (bench_scale's files), CPU time and
peak memory of the whole process, beside an FTS5 table built from the same records in the same
run. Narrower and quicker than bench_scale.py (no index build, no searches), for working on the
ingest alone. Figures for a person to read, not timed tests.

    python bench/bench_ingest.py [--sizes 1x,16x] [--runs N]

Runs of the sizes are interleaved; the median of --runs runs is printed. Budget (issue 13): 16x
ingest <= 10 s and 150 MB.
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1x,16x", help="Comma-separated corpus sizes (1x, 4x, 16x, 64x...).")
    parser.add_argument("--runs", type=int, default=1, help="Ingests of each size (median reported).")
    args = parser.parse_args()
    scratch = Path(tempfile.mkdtemp(prefix="mtgrules-bench-ingest-"))
    atexit.register(shutil.rmtree, scratch, ignore_errors=True)
    sizes = args.sizes.split(",")
    files = {}
    for size in sizes:
        folder = scratch / f"files-{size}"
        folder.mkdir()
        files[size] = [str(path) for path in bench_scale.files_for(int(size.rstrip("x")), folder)]
    figures: dict[str, list[tuple[float, float]]] = {size: [] for size in sizes}
    fts: dict[str, tuple[float, float]] = {}
    for run in range(args.runs):
        for size in sizes:
            home = scratch / f"home-{size}-{run}"
            env = bench_lookup.child_env(home)
            figures[size].append(bench_scale.run(bench_scale.mtgrules("ingest", *files[size]), env))
            if size not in fts:
                database, table = home / "corpus.sqlite3", scratch / f"fts-{size}.sqlite3"
                fts[size] = bench_scale.run([sys.executable, "-c", bench_scale.FTS_BUILD, str(database), str(table)], env)
            shutil.rmtree(home, ignore_errors=True)
    for size in sizes:
        cpu = statistics.median(cpu for cpu, _ in figures[size])
        peak = max(peak for _, peak in figures[size])
        print(f"{size:4} ingest {cpu:6.1f} s CPU {peak:5.0f} MB peak (median of {args.runs})"
              f"   FTS5 table of the same records: {fts[size][0]:.2f} s, {fts[size][1]:.0f} MB")


if __name__ == "__main__":
    main()
