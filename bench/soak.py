"""Soak: the fault families of tests/test_faults_*.py, for minutes, with real processes.

Families, taken in turn until the time is up, each case in a fresh MTGRULES_HOME:

- concurrency: ingests and searches at once for a few seconds (identical re-ingests, then a
  real change); clean when no command failed or showed a traceback, every answer was the
  corpus's before or after the change, and identical re-ingests made no new generation.
- kills: an ingest (which writes the search tables in its transaction) or a search SIGKILLed at
  a random moment; clean when the corpus is the old or the new one, the next search answers as
  the new corpus does, and nothing of the killed process is left (database journals).
- corruptions: the corpus database (records and search tables) or quiz progress truncated,
  emptied, overwritten with random bytes or deleted; clean when the database is refused in one
  line naming it (exit 2).
- hostile inputs: the real MTGJSON excerpt with one field of the wrong type, a fuzzy search
  past the edit limit, a scenario asking for unbounded work; clean when refused in one line
  (exit 2) or read (exit 0), and the lookups still work after.

Prints, per family, the cases tried and the clean outcomes; exits 1 when any was not clean,
with the first few failures described.

    python bench/soak.py [--minutes 5] [--seed 14] [--data ../shared/corpus-data]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SEEDS = REPO / "seeds"
LOOKUPS = [("search", "energía", "--json"), ("rule", "704.5g", "--json"), ("card", "Electrozoa", "--json")]
ALLOWED = ("waiting for another ingest", "to finish building the index", "building it again", "warning:")


class Home:
    """A fresh MTGRULES_HOME and commands run in it."""

    def __init__(self) -> None:
        self.path = Path(tempfile.mkdtemp(prefix="mtgrules-soak-"))
        self.env = {**os.environ, "MTGRULES_HOME": str(self.path)}

    def run(self, *args: str, timeout: float = 300) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "mtgrules", *args], capture_output=True, text=True, env=self.env,
                              timeout=timeout, cwd=REPO)

    def start(self, *args: str) -> subprocess.Popen:
        return subprocess.Popen([sys.executable, "-m", "mtgrules", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                text=True, env=self.env, cwd=REPO)

    def answers(self) -> dict[tuple, str]:
        return {lookup: self.run(*lookup).stdout for lookup in LOOKUPS}

    def documents(self) -> dict[str, str]:
        database = self.path / "corpus.sqlite3"
        if not database.exists():
            return {}
        db = sqlite3.connect(f"{database.as_uri()}?mode=ro", uri=True)
        try:
            return dict(db.execute("SELECT path, digest FROM documents"))
        finally:
            db.close()

    def generation(self) -> str:
        db = sqlite3.connect(f"{(self.path / 'corpus.sqlite3').as_uri()}?mode=ro", uri=True)
        try:
            return db.execute("SELECT value FROM meta WHERE key = 'generation'").fetchone()[0]
        finally:
            db.close()

    def leftovers(self) -> list[str]:
        return [p.name for p in self.path.glob("corpus.sqlite3-*")]  # the search tables are in the database

    def remove(self) -> None:
        shutil.rmtree(self.path, ignore_errors=True)


def problem(done: subprocess.CompletedProcess, codes: tuple[int, ...] = (0,)) -> str | None:
    """What is wrong with a finished command, or None."""
    if "Traceback" in done.stderr:
        return f"{done.args[3:]}: traceback: {done.stderr.strip().splitlines()[-1]}"
    if done.returncode not in codes:
        return f"{done.args[3:]}: exit {done.returncode}: {done.stderr.strip()[:200]}"
    odd = [line for line in done.stderr.splitlines() if not any(text in line for text in ALLOWED)]
    if done.returncode == 0 and odd:
        return f"{done.args[3:]}: said {odd[0][:200]}"
    return None


def refused_in_one_line(done: subprocess.CompletedProcess) -> str | None:
    lines = done.stderr.splitlines()
    if "Traceback" in done.stderr or done.returncode != 2 or len(lines) != 1 or not lines[0].startswith("mtgrules: "):
        return f"{done.args[3:]}: not one line and exit 2: exit {done.returncode}, {done.stderr.strip()[:300]!r}"
    return None


class Soak:
    def __init__(self, data: Path, rng: random.Random):
        self.rng = rng
        self.data = data
        self.docs = [str(data / "rulings" / "MH3-electrozoa.mtgjson-excerpt.json"),
                     str(data / "rulings" / "BLB-kitnap.mtgjson-excerpt.json"),
                     str(data / "cr" / "keywords_en_es_fr.tsv"), str(next(SEEDS.glob("002_*.txt")))]

    # --- concurrency ---------------------------------------------------------------------------

    def concurrency(self) -> str | None:
        home = Home()
        try:
            before = home.answers()
            changing = self.rng.random() < 0.5
            if not changing:
                home.run("ingest", *self.docs)
                before = home.answers()
                generation = home.generation()
            running: list[subprocess.Popen] = []
            finished: list[subprocess.CompletedProcess] = []
            end = time.monotonic() + self.rng.uniform(2, 6)
            # Every ingest the same documents in the same order: the corpus is then the one before
            # or the one after, and a search's ties are broken alike in both.
            ingests = [self.docs for _ in range(self.rng.randint(2, 4))]
            for paths in ingests:
                running.append(home.start("ingest", *paths))
            for _ in range(self.rng.randint(2, 5)):
                running.append(home.start(*self.rng.choice(LOOKUPS)))
            while running:
                time.sleep(0.02)
                for process in list(running):
                    if process.poll() is None:
                        continue
                    out, err = process.communicate()
                    finished.append(subprocess.CompletedProcess(process.args, process.returncode, out, err))
                    running.remove(process)
                    if time.monotonic() < end:
                        args = ["ingest", *self.rng.choice(ingests)] if self.rng.random() < 0.4 else list(self.rng.choice(LOOKUPS))
                        running.append(home.start(*args))
            home.run("ingest", *self.docs)
            after = home.answers()
            for done in finished:
                if wrong := problem(done):
                    return wrong
                lookup = tuple(done.args[3:])
                if lookup in before and done.stdout not in (before[lookup], after[lookup]):
                    return f"{lookup}: an answer neither before nor after the change"
            if not changing and home.generation() != generation:
                return "identical re-ingests made a new generation"
            return None
        finally:
            home.remove()

    # --- kills ---------------------------------------------------------------------------------

    def kill(self) -> str | None:
        home = Home()
        try:
            home.run("ingest", str(next(SEEDS.glob("001_*.txt"))))
            old = home.documents()
            during_build = self.rng.random() < 0.5
            if during_build:
                home.run("ingest", *self.docs)
                args: tuple[str, ...] = LOOKUPS[0]
            else:
                args = ("ingest", *self.docs)
            start = time.monotonic()
            process = home.start(*args)
            time.sleep(self.rng.uniform(0.05, 3.0))
            killed = process.poll() is None
            process.send_signal(signal.SIGKILL)
            process.communicate()
            if not during_build and home.documents() not in (old, _stored_after(self.docs)):
                return f"after a kill at {time.monotonic() - start:.2f} s: the corpus is neither old nor new"
            seen = home.run(*LOOKUPS[0])
            if wrong := problem(seen):
                return f"after a kill ({'build' if during_build else 'ingest'}, killed={killed}): {wrong}"
            if home.leftovers():
                return f"after a kill and a search: leftovers {home.leftovers()}"
            return None
        finally:
            home.remove()

    # --- corruptions ---------------------------------------------------------------------------

    def corruption(self) -> str | None:
        home = Home()
        try:
            home.run("ingest", *self.docs[:1])
            target = self.rng.choice(["corpus", "quiz"])  # the search tables are in the corpus database
            how = self.rng.choice(["truncated", "emptied", "garbled", "deleted"])
            file = home.path / ("corpus.sqlite3" if target == "corpus" else "quiz.sqlite3")
            if target == "quiz":
                home.run("quiz", "--stats")
            if not file.exists() or how == "deleted":
                return None  # a missing database is a new one: nothing to refuse
            _damage(file, how, self.rng)
            for args in ((LOOKUPS[1],) if target == "corpus" else (("quiz", "--stats"),)):
                done = home.run(*args)
                if done.returncode == 0 and not problem(done):
                    continue  # damage SQLite never read (a page past what it needed), or an empty file
                if wrong := refused_in_one_line(done):
                    return f"{target} {how}: {wrong}"
                if str(file) not in done.stderr:
                    return f"{target} {how}: the line does not name {file}"
            return None
        finally:
            home.remove()

    # --- hostile inputs ------------------------------------------------------------------------

    def hostile(self) -> str | None:
        home = Home()
        try:
            kind = self.rng.choice(["mtgjson", "mtgjson", "fuzzy", "scenario"])
            if kind == "fuzzy":
                done = home.run("search", f"{self.rng.choice(['electrozoo', 'a', 'energía'])}~{self.rng.randint(3, 10**9)}")
                return refused_in_one_line(done)
            if kind == "scenario":
                count = self.rng.choice([10**9, 10**6, 1001, -1])
                file = home.path / "hostile.toml"
                file.write_text(f'title = "x"\n[[players]]\nname = "Alice"\n[[actions]]\ndo = "draw"\nplayer = "Alice"\ncount = {count}\n')
                return refused_in_one_line(home.run("judge", str(file)))
            data = json.loads((self.data / "rulings" / "MH3-electrozoa.mtgjson-excerpt.json").read_text(encoding="utf-8"))
            place, path = data, ["data", "cards", 0]
            for key in path:
                place = place[key]
            field = self.rng.choice(sorted(place))
            value = self.rng.choice([None, 12345, "x", [1, "a"], {"k": 1}, True, "Z" * 1_000_001, -1.5, "\u0000"])
            place[field] = value
            file = home.path / "variant.json"
            file.write_text(json.dumps(data), encoding="utf-8")
            done = home.run("ingest", "--all-or-nothing", str(file))
            if done.returncode != 0 and (wrong := refused_in_one_line(done)):
                return f"{field}={str(value)[:20]!r}: {wrong}"
            for lookup in LOOKUPS:
                seen = home.run(*lookup)
                if wrong := problem(seen, codes=(0, 1)):
                    return f"{field}={str(value)[:20]!r} then {wrong}"
            return None
        finally:
            home.remove()


def _stored_after(docs: list[str]) -> dict[str, str]:
    """The documents stored after seed 001 and then `docs` are ingested (read from a fresh home)."""
    other = Home()
    try:
        other.run("ingest", str(next(SEEDS.glob("001_*.txt"))))
        other.run("ingest", *docs)
        return other.documents()
    finally:
        other.remove()


def _damage(file: Path, how: str, rng: random.Random) -> None:
    data = file.read_bytes()
    if how == "truncated":
        file.write_bytes(data[: rng.randint(0, max(len(data) - 1, 0))])
    elif how == "emptied":
        file.write_bytes(b"")
    elif how == "garbled":
        start = rng.randint(0, max(len(data) - 1, 0))
        file.write_bytes(data[:start] + rng.randbytes(max(len(data) - start, 16)))
    else:
        file.unlink()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=5.0)
    parser.add_argument("--seed", type=int, default=14)
    parser.add_argument("--data", type=Path, default=REPO.parent / "shared" / "corpus-data")
    options = parser.parse_args()
    if not (options.data / "rulings" / "MH3-electrozoa.mtgjson-excerpt.json").exists():
        print(f"soak: the shared data is absent ({options.data}); give --data", file=sys.stderr)
        return 2
    soak = Soak(options.data, random.Random(options.seed))
    families: dict[str, Callable[[], str | None]] = {
        "concurrency": soak.concurrency, "kills": soak.kill, "corruptions": soak.corruption, "hostile inputs": soak.hostile,
    }
    tried = dict.fromkeys(families, 0)
    cleaned = dict.fromkeys(families, 0)
    failures: list[str] = []
    end = time.monotonic() + options.minutes * 60
    while time.monotonic() < end:
        for name, case in families.items():
            if time.monotonic() >= end:
                break
            tried[name] += 1
            try:
                wrong = case()
            except Exception as error:  # the soak itself must report, not stop
                wrong = f"the case itself failed: {type(error).__name__}: {error}"
            if wrong is None:
                cleaned[name] += 1
            else:
                failures.append(f"{name}: {wrong}")
    print(f"soak: {options.minutes:g} minutes, seed {options.seed}")
    print(f"{'family':<16}{'cases tried':>12}{'clean':>8}")
    for name in families:
        print(f"{name:<16}{tried[name]:>12}{cleaned[name]:>8}")
    for failure in failures[:10]:
        print(f"  not clean: {failure}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
