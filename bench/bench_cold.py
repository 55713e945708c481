"""Cold-start benchmark: one whole `mtgrules search energía` process, searches of other kinds
(English, French, a card's name, --json) and the lookups (`rule`, `card`, `term`, `history`),
against `python3 -c pass` of the same interpreter, on corpora that already exist. Figures for a
person to read, not timed tests.

    python bench/bench_cold.py [--runs N] [--home DIR ...] [--compare PYTHON]

Each --home is an MTGRULES_HOME already ingested and indexed (bench_scale.py and
bench_lookup.py build them; keep one under /tmp to measure again and again). Without --home, a
1x corpus (the 2026-08-07 Comprehensive Rules, Kaladesh, the keyword table, the seeds) is built
in a temporary folder first, as bench_lookup.py builds it.

With --compare, the commands also run under another interpreter, one where another version of
mtgrules is installed (a checkout of main in its own venv: before and after a change), in the
same rounds; all but `rule` and `card`, which keep the engine's links in a cache keyed by the
installation's files: two installations on one home would each work them out again on every
run (compare those by running the bench once with each interpreter).

Each figure is the median CPU time (user + system, from the kernel's accounting of the child:
`os.wait4`) over --runs rounds; every command of every home runs once per round, beside
`python3 -c pass`, so that a busy machine slows them alike. The ratio to `python3 -c pass` is
what the start-up of mtgrules adds to the interpreter's own. Byte-compiled files are written
before measuring (one untimed run of each command), as an installed package has them.

Run it with an interpreter where mtgrules is installed (`pip install .`, as the README installs
it): an editable install adds setuptools' finder to every start (the first line says which).

Beside them run two floors, in the same rounds: `python3 -c "import click, sqlite3"` (what any
click command over SQLite costs before it does anything: `CLICK_FLOOR`) and a bare FTS5 query
(`FTS5_FLOOR`: sqlite3 alone, the corpus database opened, the query's stem matched in the
search table and ten rows ranked by bm25(), nothing of ours imported). The search's ratio to
the first is the budget's; to the second, what mtgrules adds to the engine's own work.

Budgets (issue 20): cold search <= 1.5x the click+sqlite3 floor of the same run; each lookup
no dearer than the cold search of the same corpus.
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

import bench_lookup  # the 1x corpus builder

# Commands whose figures --compare would spoil (the engine-links cache, see above).
NOT_COMPARED = {"rule", "card"}
COMMANDS = {
    "search": ["search", "energía"],
    # The other kinds of query a cold search meets: English (nothing to translate), French
    # (a phrase translated), a card's name (its rulings and keyword rules looked up), --json.
    "search en": ["search", "energy"],
    "search fr": ["search", "dégâts mortels"],
    "search card": ["search", "aether hub"],
    "search json": ["search", "--json", "energía"],
    "rule": ["rule", "704.5g"],
    "card": ["card", "aether hub"],
    "term": ["term", "confabular"],
    "history": ["history", "701.50"],
}
SEARCH_BUDGET = 1.5  # times the click+sqlite3 floor
CLICK_FLOOR = "import click, sqlite3"
# A bare FTS5 search: what the engine itself costs in a fresh process (the stem of "energía").
FTS5_FLOOR = """
import os, sqlite3, sys
db = sqlite3.connect(os.path.join(os.environ["MTGRULES_HOME"], "corpus.sqlite3"))
rows = db.execute("SELECT rowid, bm25(search, 2.0, 1.0, 1.0, 1.0, 0, 0, 0, 0) AS s FROM search"
                  " WHERE search MATCH ? ORDER BY s LIMIT 10", (sys.argv[1],)).fetchall()
for row in rows:
    print(db.execute("SELECT stored FROM search_entries WHERE id = ?", (row[0],)).fetchone()[0][:80])
"""


# The children's current folder: empty, since `python -m` puts the current folder first on
# sys.path, and a stray `nt.py` there (any module named as one the standard library tries)
# once added 9 ms to every measured command.
QUIET_FOLDER = tempfile.mkdtemp(prefix="mtgrules-bench-cold-cwd-")
atexit.register(shutil.rmtree, QUIET_FOLDER, ignore_errors=True)


def cpu_ms(command: list[str], env: dict) -> float:
    """CPU milliseconds (user + system) of one child process, run in an empty folder; exits on
    a failure (search and the lookups exit 1 when they find nothing, which is still a measured
    run)."""
    with open(os.devnull, "wb") as null:
        child = subprocess.Popen(command, env=env, stdout=null, stderr=subprocess.PIPE, cwd=QUIET_FOLDER)
        _, status, usage = os.wait4(child.pid, 0)
        error = child.stderr.read().decode(errors="replace") if child.stderr else ""
        if child.stderr:
            child.stderr.close()
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 1):
        sys.exit(f"bench_cold: {' '.join(command)} failed ({code}): {error.strip()[-500:]}")
    return (usage.ru_utime + usage.ru_stime) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21, help="Rounds of every command (median reported).")
    parser.add_argument("--home", action="append", type=Path, help="An ingested MTGRULES_HOME (repeatable).")
    parser.add_argument("--compare", metavar="PYTHON", help="Also run every command with this interpreter (another installation).")
    args = parser.parse_args()
    pythons = {"": sys.executable} | ({"  (--compare)": args.compare} if args.compare else {})
    homes = args.home or []
    if not homes:
        scratch = Path(tempfile.mkdtemp(prefix="mtgrules-bench-cold-"))
        atexit.register(shutil.rmtree, scratch, ignore_errors=True)
        bench_lookup.prepare("1x", scratch)
        homes = [scratch / "home-1x"]
    for home in homes:
        if not (home / "corpus.sqlite3").exists():
            sys.exit(f"bench_cold: {home} holds no corpus (ingest one, or leave out --home to build a 1x corpus)")

    runs: dict[tuple[str, str], tuple[list[str], dict]] = {("", "python3 -c pass"): ([sys.executable, "-c", "pass"], dict(os.environ))}
    for home in homes:
        env = bench_lookup.child_env(home)
        for name, arguments in COMMANDS.items():
            for label, python in pythons.items():
                if label and name in NOT_COMPARED:
                    continue
                runs[(str(home), name + label)] = ([python, "-m", "mtgrules", *arguments], env)
        runs[(str(home), "fts5 floor")] = ([sys.executable, "-c", FTS5_FLOOR, '{title body} : "energi"'], env)
    runs[("", "click+sqlite3")] = ([sys.executable, "-c", CLICK_FLOOR], dict(os.environ))
    for command, env in runs.values():
        cpu_ms(command, env)  # byte-compiled files written, index current
    times: dict[tuple[str, str], list[float]] = {key: [] for key in runs}
    for _ in range(args.runs):
        for key, (command, env) in runs.items():
            times[key].append(cpu_ms(command, env))
    median = {key: statistics.median(values) for key, values in times.items()}

    nothing = median[("", "python3 -c pass")]
    click_floor = median[("", "click+sqlite3")]
    print(bench_lookup.installation())
    if args.compare:
        print(f"--compare: {bench_lookup.installation(args.compare)}")
    print(f"median CPU ms of a whole process over {args.runs} interleaved rounds; python3 -c pass {nothing:.1f} ms,"
          f" python3 -c 'import click, sqlite3' {click_floor:.1f} ms ({click_floor / nothing:.2f}x)")
    for home in homes:
        print(f"{home}: {bench_lookup.records_in(bench_lookup.child_env(home)):,} records")
        floor = median[(str(home), "fts5 floor")]
        print(f"  {'fts5 floor':20} {floor:6.1f} ms  {floor / nothing:5.2f}x python3 -c pass   (sqlite3 alone: open, one MATCH, ten rows)")
        for name, arguments in COMMANDS.items():
            for label in pythons:
                if label and name in NOT_COMPARED:
                    continue
                ms = median[(str(home), name + label)]
                if name.startswith("search"):
                    verdict = f"{ms / click_floor:.2f}x click+sqlite3, budget {SEARCH_BUDGET}x = {SEARCH_BUDGET * click_floor:.1f} ms: " + (
                        "ok" if ms <= SEARCH_BUDGET * click_floor else "OVER")
                    verdict += f"; {ms / median[(str(home), 'fts5 floor')]:.2f}x the bare FTS5 query"
                else:
                    verdict = f"{ms / median[(str(home), 'search' + label)]:.2f}x search: " + (
                        "ok" if ms <= median[(str(home), "search" + label)] else "OVER")
                print(f"  {' '.join(arguments):20} {ms:6.1f} ms  {ms / nothing:5.2f}x python3 -c pass   {verdict}{label}")


if __name__ == "__main__":
    main()
