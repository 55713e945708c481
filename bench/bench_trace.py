"""Rule identity across editions: how long tracing and diffing take, against baselines measured
in the same run (CPU time, medians, runs interleaved).

    python bench/bench_trace.py [--runs N] [--cold-runs N]

Library (in process, the five editions of ../shared/corpus-data/cr parsed once beforehand):
- trace: `Trace` over all five English editions (budget 5 s);
- diff: `lookup.changes.diff` of 2026-04-17 and 2026-08-07, tracing only those two (budget 1 s);
- baseline: pairing by number, what the corpus did before identities: for each pair of
  consecutive editions, the same number is the same rule; counts unchanged, edited, added and
  removed, and diffs the edited texts word by word for the diff baseline.
It also prints how many rules number pairing pairs with a different rule, per pair of editions:
what the trace exists to avoid.

Commands (child processes, CPU time of the whole process, the five editions and the Chinese
translation ingested into a temporary MTGRULES_HOME):
- `mtgrules diff 2026-04-17 2026-08-07 --json`, `mtgrules history 701.50 --lang zh,es`,
  `mtgrules stale --lang zh --json`;
- baseline: a process that reads the stored corpus (`linking.all_records()`), which every command
  over records pays today and a keyed store will replace.
"""

from __future__ import annotations

import argparse
import atexit
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from itertools import pairwise
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DATA = Path(os.environ.get("MTGRULES_CORPUS_DATA", REPO.parent / "shared" / "corpus-data"))
DATES = ["2024-06-07", "2025-06-06", "2026-01-16", "2026-04-17", "2026-08-07"]
FILES = [DATA / "cr" / f"en-{date.replace('-', '')}.txt" for date in DATES]
CHINESE = DATA / "cr" / "zh-20240607.txt"
BUDGETS = {"trace": 5.0, "diff": 1.0}


def cpu(function) -> float:
    start = time.process_time()
    function()
    return time.process_time() - start


def interleaved(functions: dict, runs: int) -> dict[str, float]:
    """Median CPU seconds of each function, the functions taking turns run after run."""
    times: dict[str, list[float]] = {name: [] for name in functions}
    for _ in range(runs):
        for name, function in functions.items():
            times[name].append(cpu(function))
    return {name: statistics.median(values) for name, values in times.items()}


def child_cpu(command: list[str], env: dict) -> float:
    """CPU seconds (user + system) of one child process running `command`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def by_number(editions: dict[str, list], old: str, new: str, with_diffs: bool) -> dict[str, int]:
    """Pairing by number: the baseline."""
    from mtgrules.align.trace import content, word_diff

    before = {r.number: content(r) for r in editions[old] if r.kind in ("rule", "section")}
    after = {r.number: content(r) for r in editions[new] if r.kind in ("rule", "section")}
    counts = {"unchanged": 0, "edited": 0, "added": len(after.keys() - before.keys()), "removed": len(before.keys() - after.keys())}
    for number in before.keys() & after.keys():
        if before[number] == after[number]:
            counts["unchanged"] += 1
        else:
            counts["edited"] += 1
            if with_diffs:
                word_diff(before[number], after[number])
    return counts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="runs of each library measure (median reported)")
    parser.add_argument("--cold-runs", type=int, default=5, help="runs of each command (median reported)")
    args = parser.parse_args()
    missing = [str(path) for path in [*FILES, CHINESE] if not path.exists()]
    if missing:
        print(f"skipped: missing data: {', '.join(missing)} (real data lives in ../shared/corpus-data beside the repo)")
        return 0

    from mtgrules.align.trace import Trace, changes_by_kind
    from mtgrules.lookup import changes
    from mtgrules.parsers.comprehensive_rules import parse_file

    editions = {date: parse_file(path).records for date, path in zip(DATES, FILES)}
    everything = [record for records in editions.values() for record in records]
    last_two = editions["2026-04-17"] + editions["2026-08-07"]

    library = interleaved(
        {
            "trace": lambda: Trace(everything),
            "baseline trace": lambda: [by_number(editions, a, b, False) for a, b in pairwise(DATES)],
            "diff": lambda: changes.diff(Trace(last_two), "2026-04-17", "2026-08-07"),
            "baseline diff": lambda: by_number(editions, "2026-04-17", "2026-08-07", True),
        },
        args.runs,
    )

    traced = Trace(everything)
    print(f"python {sys.version.split()[0]}; CPU time, medians of {args.runs} interleaved runs")
    print()
    print("trace between consecutive editions (rules, subrules, sections and chapters)")
    print(f"  {'editions':<25} {'unchanged':>9} {'edited':>7} {'moved':>6} {'replaced':>8} {'added':>6} {'removed':>7}"
          f"   by number: {'edited':>6} {'added':>5} {'removed':>7} {'mispaired':>9}")
    for old, new in pairwise(DATES):
        counts = changes_by_kind(traced.changes(old, new))
        plain = by_number(editions, old, new, False)
        shared = {r.number for r in editions[old] if r.kind in ("rule", "section")} & {
            r.number for r in editions[new] if r.kind in ("rule", "section")
        }
        mispaired = sum(traced.identity(old, number) != traced.identity(new, number) for number in shared)
        print(f"  {old} → {new} {counts['unchanged']:>9} {counts['edited']:>7} {counts['moved']:>6} {counts['replaced']:>8}"
              f" {counts['added']:>6} {counts['removed']:>7}              {plain['edited']:>6} {plain['added']:>5}"
              f" {plain['removed']:>7} {mispaired:>9}")
    print()

    def verdict(value: float, budget: float) -> str:
        return "ok" if value <= budget else "OVER BUDGET"

    print("library")
    print(f"  trace, five editions            {library['trace'] * 1000:8.0f} ms   budget {BUDGETS['trace']:.0f} s  "
          f"{verdict(library['trace'], BUDGETS['trace'])}")
    print(f"  baseline: pair by number        {library['baseline trace'] * 1000:8.0f} ms   "
          f"({library['trace'] / library['baseline trace']:.1f}x)")
    print(f"  diff 2026-04-17 → 2026-08-07    {library['diff'] * 1000:8.0f} ms   budget {BUDGETS['diff']:.0f} s  "
          f"{verdict(library['diff'], BUDGETS['diff'])}")
    print(f"  baseline: by number + word diff {library['baseline diff'] * 1000:8.0f} ms   "
          f"({library['diff'] / library['baseline diff']:.1f}x)")
    print()

    home = Path(tempfile.mkdtemp(prefix="mtgrules-bench-trace-"))
    atexit.register(shutil.rmtree, home, ignore_errors=True)
    env = {**os.environ, "MTGRULES_HOME": str(home)}
    mtgrules = [sys.executable, "-m", "mtgrules"]
    subprocess.run([*mtgrules, "ingest", *map(str, FILES)], env=env, check=True, capture_output=True)
    subprocess.run([*mtgrules, "ingest", "--lang", "zh", str(CHINESE)], env=env, check=True, capture_output=True)
    commands = {
        "diff 2026-04-17 2026-08-07 --json": [*mtgrules, "diff", "2026-04-17", "2026-08-07", "--json"],
        "history 701.50 --lang zh,es": [*mtgrules, "history", "701.50", "--lang", "zh,es"],
        "stale --lang zh --json": [*mtgrules, "stale", "--lang", "zh", "--json"],
        "baseline: read the corpus": [sys.executable, "-c", "from mtgrules.align import linking; linking.all_records()"],
    }
    measured: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(args.cold_runs):
        for name, command in commands.items():
            measured[name].append(child_cpu(command, env))
    cold = {name: statistics.median(values) for name, values in measured.items()}
    base = cold["baseline: read the corpus"]
    print(f"commands (whole process CPU time, medians of {args.cold_runs} interleaved runs; five editions + zh ingested)")
    for name, seconds in cold.items():
        ratio = "" if name.startswith("baseline") else f"   ({seconds / base:.2f}x reading the corpus)"
        budget = f"   budget {BUDGETS['diff']:.0f} s {verdict(seconds, BUDGETS['diff'])}" if name.startswith("diff") else ""
        print(f"  {name:<34} {seconds * 1000:8.0f} ms{budget}{ratio}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
