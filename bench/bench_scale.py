"""Scale benchmark: ingest (which writes the search tables in its own transaction), writing the
search tables anew, one more page then a search, and cold search, at 1, 4 and 16 times today's
corpus (64 times with --with-64x), each against a bare FTS5 table of the same records in the
same run. Figures for a person to read, not timed tests.

    python bench/bench_scale.py [--runs N] [--sizes 1x,4x,16x] [--with-64x]

Corpora (temporary MTGRULES_HOME folders; the synthetic files are written to a temporary
folder and removed at exit), built as bench_lookup.py builds its 16x: N English editions (the
2026-08-07 Comprehensive Rules and N-1 copies with the date shifted to earlier years) and N
copies of Kaladesh with every card renamed, plus the keyword table and the embedded seeds.

Each figure is a whole child process: CPU time (user + system) and peak resident memory from
the kernel's accounting of that child (`os.wait4`):

- ingest: one `mtgrules ingest` of every file, the search tables included;
- tables anew: `index.tables.write_all` of the stored corpus in a write transaction (what an
  upgrade of the analysis costs the first search);
- page + search: `mtgrules ingest` of one more page (a Spanish rule page, which updates the
  search tables in place) then `mtgrules search energía`;
- cold search: median of `mtgrules search energía` over --runs runs, interleaved with the
  baselines of the same run: an FTS5 query process on the same records, `python3 -c pass` and
  `python3 -c "import click, sqlite3"` (the floor of any click command over SQLite).

Cold search is a user's start-up only with an installed package: run this bench with an
interpreter where `pip install .` installed mtgrules (the cold-search lines say which).

FTS5 baseline: the same records (kind, language, number, title, text) put in an FTS5 table
(unicode61, diacritics removed) by a child process reading the store: its CPU time and peak
are printed beside ingest and build.

Budgets (issue 20): 64x ingest, search tables included, <= 3 min of CPU and 400 MB; cold search
<= 1.5x the click+sqlite3 floor. (One more page <= 1 s is the budget of the 25 real sets, which
bench_ingest.py --real measures; the page here is a figure of each size.)
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
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_lookup  # the corpus builders

REPO = Path(__file__).resolve().parents[1]
PAGE = REPO / "tests" / "pages" / "rule-es-704-6-table.html"
QUERY = "energía"
BUDGETS = {"64x": (180.0, 400.0), "search": 1.5}
WRITE_ALL = "from mtgrules import store\nfrom mtgrules.index import tables\nwith store.Store().writing() as writer:\n    tables.write_all(writer)"

FTS_BUILD = """
import sqlite3, sys, json
store = sqlite3.connect(f"file:{sys.argv[1]}?mode=ro", uri=True)
fts = sqlite3.connect(sys.argv[2])
fts.execute("CREATE VIRTUAL TABLE r USING fts5(kind, lang, number, title, body, tokenize='unicode61 remove_diacritics 2')")
rows = store.execute("SELECT kind, lang, number, title, json_extract(body, '$.text') FROM records")
fts.executemany("INSERT INTO r VALUES (?, ?, ?, ?, ?)", rows)
fts.commit()
"""
FTS_QUERY = """
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
for row in db.execute("SELECT kind, lang, number, title, snippet(r, 4, '[', ']', '…', 12) FROM r WHERE r MATCH ? ORDER BY bm25(r) LIMIT 10", (sys.argv[2],)):
    print(*row)
"""


def run(command: list[str], env: dict, *, check: bool = True) -> tuple[float, float]:
    """CPU seconds (user + system) and peak resident MB of one child process."""
    with open(os.devnull, "wb") as null:
        child = subprocess.Popen(command, env=env, stdout=null, stderr=subprocess.PIPE)
        _, status, usage = os.wait4(child.pid, 0)
        child.returncode = os.waitstatus_to_exitcode(status)
        error = child.stderr.read().decode(errors="replace") if child.stderr else ""
        if child.stderr:
            child.stderr.close()
    if check and child.returncode not in (0, 1):  # search exits 1 when nothing is found
        sys.exit(f"bench_scale: {' '.join(command)} failed ({child.returncode}): {error.strip()[-500:]}")
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def mtgrules(*arguments: str) -> list[str]:
    return [sys.executable, "-m", "mtgrules", *arguments]


def files_for(copies: int, folder: Path) -> list[Path]:
    if copies == 1:
        return [bench_lookup.NEWEST, bench_lookup.KLD, bench_lookup.KEYWORDS]
    editions = [bench_lookup.NEWEST] + [bench_lookup.shifted_edition(bench_lookup.NEWEST, years, folder) for years in range(1, copies)]
    return editions + [bench_lookup.KLD] + [bench_lookup.renamed_set(n, folder) for n in range(2, copies + 1)] + [bench_lookup.KEYWORDS]


def records_in(env: dict) -> int:
    code = "from mtgrules.store import Store; print(Store().count())"
    return int(subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout)


def measure_size(size: str, scratch: Path) -> dict:
    copies = int(size.rstrip("x"))
    home, folder = scratch / f"home-{size}", scratch / f"files-{size}"
    folder.mkdir(parents=True)
    env = bench_lookup.child_env(home)
    documents = files_for(copies, folder)
    figures: dict = {"size": size}
    figures["ingest"] = run(mtgrules("ingest", *map(str, documents)), env)
    figures["records"] = records_in(env)
    figures["build"] = run([sys.executable, "-c", WRITE_ALL], env)
    database = home / "corpus.sqlite3"  # paths.database_path() with MTGRULES_HOME set
    fts = scratch / f"fts-{size}.sqlite3"
    figures["fts build"] = run([sys.executable, "-c", FTS_BUILD, str(database), str(fts)], env)
    page = run(mtgrules("ingest", str(PAGE)), env)
    search = run(mtgrules("search", QUERY), env)
    figures["page"], figures["page search"] = page, search
    run(mtgrules("search", QUERY), env)  # byte-compiled files written, index current
    figures["env"], figures["fts"] = env, fts
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=11, help="Cold searches of each kind (median reported).")
    parser.add_argument("--sizes", default="1x,4x,16x", help="Comma-separated corpus sizes (1x, 4x, 16x, 64x...).")
    parser.add_argument("--with-64x", action="store_true", help="Add the 64x corpus (several minutes).")
    args = parser.parse_args()
    missing = [str(p) for p in [bench_lookup.NEWEST, bench_lookup.KLD, bench_lookup.KEYWORDS] if not p.exists()]
    if missing:
        sys.exit(f"bench_scale: missing data: {', '.join(missing)}")
    sizes = args.sizes.split(",") + (["64x"] if args.with_64x and "64x" not in args.sizes else [])
    scratch = Path(tempfile.mkdtemp(prefix="mtgrules-bench-scale-"))
    atexit.register(shutil.rmtree, scratch, ignore_errors=True)

    results = []
    for size in sizes:
        figures = measure_size(size, scratch)
        results.append(figures)
        ingest, build, fts = figures["ingest"], figures["build"], figures["fts build"]
        page, search = figures["page"], figures["page search"]
        print(f"{size}: {figures['records']:,} records", flush=True)
        verdict = ""
        if size == "64x":
            seconds, megabytes = BUDGETS["64x"]
            verdict = f"   budget {seconds:.0f} s, {megabytes:.0f} MB: " + ("ok" if ingest[0] <= seconds and ingest[1] <= megabytes else "OVER")
        print(f"  ingest        {ingest[0]:7.1f} s CPU {ingest[1]:6.0f} MB peak   (a bare FTS5 table of the same records: {fts[0]:.2f} s,"
              f" {fts[1]:.0f} MB){verdict}")
        print(f"  tables anew   {build[0]:7.1f} s CPU {build[1]:6.0f} MB peak")
        print(f"  one page      {page[0]:7.2f} s CPU {page[1]:6.0f} MB peak   then a search {search[0]:.2f} s, {search[1]:.0f} MB"
              " (the page budget, 1 s, is the 25 real sets': bench_ingest.py --real)", flush=True)

    cold: dict[tuple[str, str], list[float]] = {}
    for _ in range(args.runs):
        for figures in results:
            size, env = figures["size"], figures["env"]
            commands = {
                "mtgrules": mtgrules("search", QUERY),
                "fts5": [sys.executable, "-c", FTS_QUERY, str(figures["fts"]), QUERY],
                "python": [sys.executable, "-c", "pass"],
                "click": [sys.executable, "-c", "import click, sqlite3"],
            }
            for name, command in commands.items():
                cold.setdefault((size, name), []).append(run(command, env)[0] * 1000)
    print(f"\ncold `mtgrules search {QUERY}`: median CPU ms over {args.runs} interleaved runs"
          f" (budget {BUDGETS['search']}x the click+sqlite3 floor)")
    print(f"  {bench_lookup.installation()}")
    for figures in results:
        size = figures["size"]
        ours, fts, nothing, floor = (statistics.median(cold[(size, name)]) for name in ("mtgrules", "fts5", "python", "click"))
        verdict = "ok" if ours <= BUDGETS["search"] * floor else "OVER"
        print(f"  {size:4} {ours:6.1f} ms   click+sqlite3 {floor:5.1f} ms ({ours / floor:.2f}x: {verdict})   bare FTS5 query process"
              f" {fts:5.1f} ms ({ours / fts:.2f}x)   python3 -c pass {nothing:5.1f} ms ({ours / nothing:.2f}x)")


if __name__ == "__main__":
    main()
