"""Cold-start benchmark: one whole `mtgrules search energía` process, and the lookups (`rule`,
`card`, `term`, `history`), against `python3 -c pass` of the same interpreter, on corpora that
already exist. Figures for a person to read, not timed tests.

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

Beside them runs whoosh's floor (`WHOOSH_FLOOR`): whoosh imported as mtgrules imports it, the
current build opened and searched for the query's word, and nothing else of ours. It is what a
search through whoosh cannot go below on the machine measured, and the search's ratio to it is
what mtgrules adds.

Budgets (issue 13): cold search <= 75 ms of CPU at every scale; each lookup no dearer than the
cold search of the same corpus.
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
    "rule": ["rule", "704.5g"],
    "card": ["card", "aether hub"],
    "term": ["term", "confabular"],
    "history": ["history", "701.50"],
}
SEARCH_BUDGET_MS = 75.0
# whoosh's floor: what a search costs with whoosh in the process and no other code of ours
# beyond importing whoosh as mtgrules does (lean): open the current build, search the query's
# word in every text field, analysed by that field's analyzer, print ten hits. Below this no
# search through whoosh can go on this machine; the rest of `mtgrules search` is measured
# against it.
WHOOSH_FLOOR = """
import sys
import mtgrules.index
from whoosh import index, query
from mtgrules import paths
from mtgrules.index import layout
searcher = index.open_dir(str(layout.current_build(paths.index_dir()))).searcher()
fields = [name for name in searcher.schema.names() if name.startswith("text_")]
terms = [query.Term(name, token) for name in fields for token in searcher.schema[name].process_text(sys.argv[1], mode="query")]
for hit in searcher.search(query.Or(terms), limit=10):
    print(hit.get("number"), hit.get("title"))
"""


def cpu_ms(command: list[str], env: dict) -> float:
    """CPU milliseconds (user + system) of one child process; exits on a failure (search and
    the lookups exit 1 when they find nothing, which is still a measured run)."""
    with open(os.devnull, "wb") as null:
        child = subprocess.Popen(command, env=env, stdout=null, stderr=subprocess.PIPE)
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
        runs[(str(home), "whoosh floor")] = ([sys.executable, "-c", WHOOSH_FLOOR, COMMANDS["search"][1]], env)
    for command, env in runs.values():
        cpu_ms(command, env)  # byte-compiled files written, index current
    times: dict[tuple[str, str], list[float]] = {key: [] for key in runs}
    for _ in range(args.runs):
        for key, (command, env) in runs.items():
            times[key].append(cpu_ms(command, env))
    median = {key: statistics.median(values) for key, values in times.items()}

    nothing = median[("", "python3 -c pass")]
    print(bench_lookup.installation())
    if args.compare:
        print(f"--compare: {bench_lookup.installation(args.compare)}")
    print(f"median CPU ms of a whole process over {args.runs} interleaved rounds; python3 -c pass {nothing:.1f} ms")
    for home in homes:
        print(f"{home}: {bench_lookup.records_in(bench_lookup.child_env(home)):,} records")
        floor = median[(str(home), "whoosh floor")]
        print(f"  {'whoosh floor':20} {floor:6.1f} ms  {floor / nothing:5.2f}x python3 -c pass   (lean whoosh import, open, one search)")
        for name, arguments in COMMANDS.items():
            for label in pythons:
                if label and name in NOT_COMPARED:
                    continue
                ms = median[(str(home), name + label)]
                if name == "search":
                    verdict = f"budget {SEARCH_BUDGET_MS:.0f} ms: " + ("ok" if ms <= SEARCH_BUDGET_MS else "OVER")
                    verdict += f", {ms / median[(str(home), 'whoosh floor')]:.2f}x whoosh's floor"
                else:
                    verdict = f"{ms / median[(str(home), 'search' + label)]:.2f}x search: " + (
                        "ok" if ms <= median[(str(home), "search" + label)] else "OVER")
                print(f"  {' '.join(arguments):20} {ms:6.1f} ms  {ms / nothing:5.2f}x python3 -c pass   {verdict}{label}")


if __name__ == "__main__":
    main()
