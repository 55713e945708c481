"""Seeds-alone benchmark: `mtgrules search energía` with nothing ingested (a fresh install: the
packaged seeds only), beside `python3 -c "import click, sqlite3"`, in the same rounds. Figures
for a person to read, not timed tests.

    python bench/bench_seeds_alone.py [--runs N] [--compare PYTHON]

Two figures per interpreter, each the median CPU time (user + system, `os.wait4`) over --runs
rounds:

- first: the first command in a new, empty MTGRULES_HOME (a new home each round): what a
  person's very first search costs, the seeds' corpus and its search tables written;
- later: a search in a home where one search ran before (no corpus database still): what
  every later command of a person who has ingested nothing costs.

With --compare, the same under another interpreter (one where another version of mtgrules is
installed: before and after a change), in the same rounds. Run it with an interpreter where
`pip install .` installed mtgrules (an editable install adds setuptools' finder to every start).
Homes are temporary folders, removed at exit.
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

QUERY = ["search", "energía"]
CLICK_FLOOR = ["-c", "import click, sqlite3"]


def cpu(command: list[str], env: dict) -> float:
    """CPU seconds (user + system) of one child process."""
    with open(os.devnull, "wb") as null:
        child = subprocess.Popen(command, env=env, stdout=null, stderr=subprocess.PIPE)
        _, status, usage = os.wait4(child.pid, 0)
        error = child.stderr.read().decode(errors="replace") if child.stderr else ""
        if child.stderr:
            child.stderr.close()
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"bench_seeds_alone: {' '.join(command)} failed: {error.strip()[-500:]}")
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="Rounds (median reported).")
    parser.add_argument("--compare", metavar="PYTHON", help="Another interpreter with mtgrules installed, measured in the same rounds.")
    args = parser.parse_args()
    scratch = Path(tempfile.mkdtemp(prefix="mtgrules-bench-seeds-"))
    atexit.register(shutil.rmtree, scratch, ignore_errors=True)
    pythons = {"this": sys.executable, **({"compare": args.compare} if args.compare else {})}
    env = {key: value for key, value in os.environ.items() if not key.startswith(("MTGRULES_", "XDG_"))}
    env["MTGRULES_LANG"] = "en"
    for name, python in pythons.items():  # byte-compiled files written, the later homes' first search run
        where = subprocess.run([python, "-c", "import mtgrules; print(mtgrules.__file__)"], capture_output=True, text=True, check=True)
        print(f"{name}: {python} ({where.stdout.strip()})")
        cpu([python, "-m", "mtgrules", *QUERY], {**env, "MTGRULES_HOME": str(scratch / f"later-{name}")})
    figures: dict[str, list[float]] = {}
    for round_ in range(args.runs):
        figures.setdefault("click+sqlite3", []).append(cpu([sys.executable, *CLICK_FLOOR], env))
        for name, python in pythons.items():
            fresh = {**env, "MTGRULES_HOME": str(scratch / f"first-{name}-{round_}")}
            figures.setdefault(f"{name} first", []).append(cpu([python, "-m", "mtgrules", *QUERY], fresh))
            later = {**env, "MTGRULES_HOME": str(scratch / f"later-{name}")}
            figures.setdefault(f"{name} later", []).append(cpu([python, "-m", "mtgrules", *QUERY], later))
    floor = statistics.median(figures["click+sqlite3"])
    print(f"median CPU over {args.runs} rounds, `mtgrules {' '.join(QUERY)}` with nothing ingested:")
    for label, values in figures.items():
        median = statistics.median(values)
        print(f"  {label:16} {median * 1000:7.1f} ms   {median / floor:5.2f}x click+sqlite3")


if __name__ == "__main__":
    main()
