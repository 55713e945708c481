"""Lookup benchmark: cold `rule`, `card` and `term` (and `history` once it exists) against a
cold `search` on the same corpus, at today's size and at 16 times it. Figures for a person to
read, not timed tests.

    python bench/bench_lookup.py [--runs N] [--only 1x|16x]

Corpora (built in temporary MTGRULES_HOME folders from ../shared/corpus-data, read in place;
the synthetic copies are written to a temporary folder and removed at exit):

- 1x: the 2026-08-07 Comprehensive Rules, Kaladesh (MTGJSON), the keyword table and the
  embedded seeds (about 5,200 records), as bench_search.py measures search on;
- 16x: sixteen English editions (2026-08-07 and fifteen copies of it with the date shifted to
  earlier years, so it stays the newest) and sixteen copies of Kaladesh with every card
  renamed, plus the keyword table and the seeds (about 83,000 records). Copies of one edition,
  not of the five real ones: what is measured is how the lookups scale with the corpus, and
  with real editions between them a rule's `history` would also have more changes to show
  (its word-level differences are most of its cost), which is more output, not a slower store.

Each figure is the median CPU time (user + system, from the kernel's accounting of the child)
of a whole `mtgrules` process; every command on both corpora is run once per round, so that a
busy machine slows them alike. The baseline is the cold `mtgrules search` of the same run and corpus. Budgets
(issue 9): each lookup within 1.1x of search; at 16x within 1.2x of its own 1x figure.
Byte-compiled files are written before measuring (PYTHONDONTWRITEBYTECODE is removed for the
children), as an installed package has them.
"""

from __future__ import annotations

import argparse
import atexit
import json
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from datetime import date
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DATA = Path(os.environ.get("MTGRULES_CORPUS_DATA", REPO.parent / "shared" / "corpus-data"))
NEWEST = DATA / "cr" / "en-20260807.txt"
KLD = DATA / "rulings" / "KLD.mtgjson-v5.json"
KEYWORDS = DATA / "cr" / "keywords_en_es_fr.tsv"
COMMANDS = {
    "search": ["search", "energía"],
    "rule": ["rule", "704.5g"],
    "card": ["card", "aether hub"],
    "term": ["term", "confabular"],
}
HISTORY = ["history", "701.50"]
BUDGET_VS_SEARCH, BUDGET_VS_1X = 1.1, 1.2
COPIES = 16
_MONTHS = "January February March April May June July August September October November December".split()
_EFFECTIVE = re.compile(rb"effective as of (\w+) (\d{1,2}), (\d{4})")


def child_env(home: Path) -> dict:
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    return {**env, "MTGRULES_HOME": str(home)}


def installation(python: str = sys.executable) -> str:
    """How `python` runs mtgrules, in words for a benchmark's first line. An editable install
    (`pip install -e`, as the tests use) starts every process, `python3 -c pass` included, with
    setuptools' import finder, which imports pathlib, urllib.parse and more: about 20 ms of CPU
    here that an installed package (`pip install .`, as the README installs it) does not pay.
    Start-up figures are a user's only with an installed package."""
    code = "import importlib.util; print(importlib.util.find_spec('mtgrules').origin)"
    origin = subprocess.run([python, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    if "site-packages" in Path(origin).parts:
        return f"mtgrules installed in {Path(origin).parents[1]} (`pip install .`)"
    return (f"mtgrules from an editable install ({Path(origin).parents[1]}): every process, python3 -c pass included, also"
            " starts setuptools' editable finder (~20 ms); run with an interpreter where `pip install .` installed it"
            " for the start-up a user has")


def mtgrules(arguments: list[str], env: dict, *, check: bool = False) -> float:
    """CPU seconds (user + system) of one `mtgrules` process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([sys.executable, "-m", "mtgrules", *arguments], env=env, capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if check and done.returncode != 0:
        sys.exit(f"bench_lookup: mtgrules {' '.join(arguments)} failed: {done.stderr.strip()}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def shifted_edition(source: Path, years: int, folder: Path) -> Path:
    """A copy of an edition whose effective date is `years` earlier: the bytes as they are but
    for that date (line endings and the rest untouched)."""
    raw = source.read_bytes()
    match = _EFFECTIVE.search(raw)
    assert match, f"{source}: no effective date"
    month, day, year = _MONTHS.index(match.group(1).decode()) + 1, int(match.group(2)), int(match.group(3)) - years
    when = date(year, month, min(day, 28))
    target = folder / f"en-{when:%Y%m%d}.txt"
    target.write_bytes(raw[: match.start()] + f"effective as of {_MONTHS[when.month - 1]} {when.day}, {when.year}".encode() + raw[match.end():])
    return target


def renamed_set(copy: int, folder: Path) -> Path:
    """Kaladesh with every card, printed name and the set code renamed (a set of new cards)."""
    data = json.loads(KLD.read_text(encoding="utf-8"))
    suffix = f" {copy}"
    data["data"]["code"] = f"K{copy:02d}"
    for card in data["data"]["cards"]:
        card["name"] += suffix
        card["setCode"] = data["data"]["code"]
        for foreign in card.get("foreignData", []):
            foreign["name"] += suffix
    target = folder / f"KLD-{copy}.json"
    target.write_text(json.dumps(data), encoding="utf-8")
    return target


def corpus_files(size: str, folder: Path) -> list[Path]:
    if size == "1x":
        return [NEWEST, KLD, KEYWORDS]
    editions = [NEWEST] + [shifted_edition(NEWEST, years, folder) for years in range(1, COPIES)]
    return editions + [KLD] + [renamed_set(n, folder) for n in range(2, COPIES + 1)] + [KEYWORDS]


def prepare(size: str, scratch: Path) -> dict:
    home = scratch / f"home-{size}"
    files = scratch / f"files-{size}"
    files.mkdir(parents=True)
    env = child_env(home)
    documents = corpus_files(size, files)
    for start in range(0, len(documents), 8):  # several ingests, as a person adds editions over time
        mtgrules(["ingest", *map(str, documents[start:start + 8])], env, check=True)
    for arguments in COMMANDS.values():
        mtgrules(arguments, env, check=True)  # builds the index, writes byte-compiled files
    return env


def has_history(env: dict) -> bool:
    done = subprocess.run([sys.executable, "-m", "mtgrules", "history", "--help"], env=env, capture_output=True)
    return done.returncode == 0


def measure(runs_of: dict[tuple[str, str], tuple[list[str], dict]], runs: int) -> dict[tuple[str, str], float]:
    """Median CPU milliseconds per (size, command), every command of every size interleaved
    run by run: a busy machine slows them alike."""
    times: dict[tuple[str, str], list[float]] = {key: [] for key in runs_of}
    for _ in range(runs):
        for key, (arguments, env) in runs_of.items():
            times[key].append(mtgrules(arguments, env) * 1000)
    return {key: statistics.median(values) for key, values in times.items()}


def records_in(env: dict) -> int:
    code = "from mtgrules.store import Store; print(Store().count())"
    return int(subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="Runs of each command (median reported).")
    parser.add_argument("--only", choices=("1x", "16x"), help="Measure one corpus size only.")
    args = parser.parse_args()
    missing = [str(p) for p in [NEWEST, KLD, KEYWORDS] if not p.exists()]
    if missing:
        sys.exit(f"bench_lookup: missing data: {', '.join(missing)}")
    scratch = Path(tempfile.mkdtemp(prefix="mtgrules-bench-lookup-"))
    atexit.register(shutil.rmtree, scratch, ignore_errors=True)

    sizes = [args.only] if args.only else ["1x", "16x"]
    envs = {size: prepare(size, scratch) for size in sizes}
    commands = dict(COMMANDS)
    if all(has_history(env) for env in envs.values()):
        commands["history"] = HISTORY
    figures = measure({(size, name): (arguments, envs[size]) for size in sizes for name, arguments in commands.items()}, args.runs)

    for size in sizes:
        print(f"{size}: {records_in(envs[size]):,} records; median CPU ms of a cold process over {args.runs} interleaved runs")
        search = figures[(size, "search")]
        print(f"  {' '.join(commands['search']):22} {search:7.1f} ms   (baseline)")
        for name, arguments in commands.items():
            if name != "search":
                ratio = figures[(size, name)] / search
                verdict = "ok" if ratio <= BUDGET_VS_SEARCH else "OVER BUDGET"
                print(f"  {' '.join(arguments):22} {figures[(size, name)]:7.1f} ms   {ratio:.2f}x search (budget {BUDGET_VS_SEARCH}x) {verdict}")
        print()
    if len(sizes) == 2:
        print("16x against 1x (each command's own 1x figure, measured in the same runs)")
        for name in commands:
            one, sixteen = figures[("1x", name)], figures[("16x", name)]
            verdict = "ok" if sixteen / one <= BUDGET_VS_1X else "OVER BUDGET"
            print(f"  {name:8} {one:7.1f} ms -> {sixteen:7.1f} ms   {sixteen / one:.2f}x (budget {BUDGET_VS_1X}x) {verdict}")


if __name__ == "__main__":
    main()
