"""Benchmark: `mtgrules parse` on hostile files, against the same command on a normal page.

Each file is generated here (never committed): HTML and JSON nested 100,000 deep, unfinished
markup repeated 200,000 times, a 16 MB line, a page of 20,000 paragraphs, a ruling page of
2,000 rulings aligned against the card's English rulings (the MTGJSON excerpt of Electrozoa is
ingested beforehand), /dev/zero. Every one must end, refused with one line (exit 2) or read
(exit 0), within the budget. Before the limits these took: deep HTML, a RecursionError after
30 s; 200 KB of `<a<a<a…`, 30 s; 200,000 unclosed `<script>`, over 120 s (killed); the
2,000 rulings, over 170 s; deep JSON, a RecursionError.

Figures are the CPU time of the whole command (user + system of the child process), median of
the runs, each run interleaved with the baseline: `mtgrules parse` on a seed ruling page.

    python bench/bench_hostile.py [--data ../shared/corpus-data] [--runs 3]

Budget: every case under 5 s of CPU.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SEED_RULING_PAGE = next((REPO / "seeds").glob("004_*.txt"))
SEED_RULE_PAGE = next((REPO / "seeds").glob("001_*.txt"))
BUDGET_S = 5.0


def _rule_page_head() -> str:
    return SEED_RULE_PAGE.read_text(encoding="utf-8").split("\n")[0]


def _mtgjson_nested(depth: int) -> str:
    card = {"name": "Electrozoa", "setCode": "TST", "text": "Test.", "extra": "@"}
    text = json.dumps({"meta": {}, "data": {"code": "TST", "name": "Test", "cards": [card]}})
    return text.replace('"@"', "[" * depth + "]" * depth)


CASES: dict[str, tuple[str, Callable[[], str]]] = {
    "HTML nested 100,000 deep": ("deep.html", lambda: f"<html><body><h1>{_rule_page_head()}</h1>" + "<div>" * 100_000 + "</div>" * 100_000),
    "200,000 unfinished <a": ("a.html", lambda: f"<html><body><h1>{_rule_page_head()}</h1>" + "<a" * 200_000),
    "200,000 unfinished </": ("end.html", lambda: f"<html><body><h1>{_rule_page_head()}</h1>" + "</" * 200_000),
    "200,000 unclosed <!--": ("comment.html", lambda: f"<html><body><h1>{_rule_page_head()}</h1>" + "<!-- " * 200_000),
    "200,000 unclosed <script>": ("script.html", lambda: f"<html><body><h1>{_rule_page_head()}</h1>" + "<script>" * 200_000),
    "a 16 MB line": ("line.txt", lambda: _rule_page_head() + " " + "palabra " * 2_000_000),
    "20,000 paragraphs": ("paragraphs.txt", lambda: _rule_page_head() + "\n\n" + "\n\n".join(f"Texto {n}." for n in range(20_000))),
    "2,000 rulings, English ingested": ("rulings.txt", lambda: "Electrozoa\n\n" + "\n\n".join(
        f"07/06/2024\n\nLos contadores de energía son un tipo de contador {n}." for n in range(2000))),
    "JSON nested 100,000 deep": ("deep.json", lambda: _mtgjson_nested(100_000)),
}


def cpu_of(command: list[str], env: dict[str, str]) -> tuple[float, subprocess.CompletedProcess]:
    """(CPU seconds, result) of one child process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    result = subprocess.run(command, env=env, capture_output=True, text=True, timeout=600)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=REPO.parent / "shared" / "corpus-data")
    parser.add_argument("--runs", type=int, default=3)
    options = parser.parse_args()
    excerpt = options.data / "rulings" / "MH3-electrozoa.mtgjson-excerpt.json"
    if not excerpt.exists():
        print(f"skipped: {excerpt} is absent")
        return 0
    mtgrules = [sys.executable, "-m", "mtgrules"]
    with tempfile.TemporaryDirectory(prefix="bench-hostile-") as temporary:
        work = Path(temporary)
        env = {**os.environ, "MTGRULES_HOME": str(work / "home")}
        subprocess.run([*mtgrules, "ingest", str(excerpt)], env=env, check=True, capture_output=True)
        files = {name: work / filename for name, (filename, _) in CASES.items()}
        for name, (_, make) in CASES.items():
            files[name].write_text(make(), encoding="utf-8")
        if Path("/dev/zero").exists():
            files["/dev/zero"] = Path("/dev/zero")
        baseline: list[float] = []
        figures: dict[str, list[float]] = {name: [] for name in files}
        outcomes: dict[str, subprocess.CompletedProcess] = {}
        for _ in range(options.runs):
            for name, path in files.items():
                cpu, _ = cpu_of([*mtgrules, "parse", str(SEED_RULING_PAGE)], env)
                baseline.append(cpu)
                cpu, outcomes[name] = cpu_of([*mtgrules, "parse", str(path)], env)
                figures[name].append(cpu)
        normal = statistics.median(baseline)
        print(f"baseline, `mtgrules parse` on a seed ruling page: {normal:.2f} s CPU median of {len(baseline)}")
        worst = 0.0
        for name, times in figures.items():
            result = outcomes[name]
            said = result.stderr.strip().splitlines()[-1][:110] if result.returncode else f"{len(result.stdout.splitlines())} lines out"
            median = statistics.median(times)
            worst = max(worst, median)
            size = files[name].stat().st_size if files[name].is_file() else 0
            print(f"{name:<34} {size / 1e6:6.1f} MB  exit {result.returncode}  {median:5.2f} s CPU ({median / normal:4.1f}x)  {said}")
        print(f"slowest case {worst:.2f} s CPU, budget {BUDGET_S:.0f} s: {'within' if worst < BUDGET_S else 'OVER'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
