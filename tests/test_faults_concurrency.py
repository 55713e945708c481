"""Fault injection, with real processes: several ingests and searches at once, for a few
seconds; an ingest waiting for another writer; ingests killed (SIGKILL) at random
moments. No command fails or shows a traceback; every answer is the one the corpus
gave before a change or after it, never a mixture; re-ingesting what is stored changes nothing
(no new generation, the search tables not written again); after a kill the corpus is the old
one or the new one, the search answers, and the next command leaves nothing of the killed one behind.

`bench/soak.py` runs the same families for minutes; here each runs a bounded number of times.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

from conftest import corpus_file
from faults import REPO, seed

from mtgrules import paths
from mtgrules.store import Store

SECONDS = 2.0  # each race
KILLS = 2  # each kind of kill


def documents() -> list[str]:
    """What the ingests write: real shared data (cards and rulings, the keyword table) and a
    seed page."""
    return [str(corpus_file("rulings/MH3-electrozoa.mtgjson-excerpt.json")), str(corpus_file("rulings/BLB-kitnap.mtgjson-excerpt.json")),
            str(corpus_file("cr/keywords_en_es_fr.tsv")), str(seed("002"))]


LOOKUPS = [("search", "energía", "--json"), ("rule", "704.5g", "--json"), ("card", "Electrozoa", "--json"),
           ("search", "contadores de veneno", "--json")]


def command(*args: str) -> list[str]:
    return [sys.executable, "-m", "mtgrules", *args]


def mtgrules(*args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run(command(*args), capture_output=True, text=True, timeout=timeout, cwd=REPO, env=os.environ.copy())


def answers(lookups: list[tuple[str, ...]] = LOOKUPS) -> dict[tuple, str]:
    """What each lookup prints, less search scores (bm25's statistics follow the entries written
    since, so a score may differ in a late decimal while the hits, their order and their texts are
    the same); what these tests guard is the corpus seen, old or new, never a mixture."""
    found = {}
    for lookup in lookups:
        done = mtgrules(*lookup)
        assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
        found[lookup] = shown(lookup, done.stdout)
    return found


def shown(lookup: tuple[str, ...], stdout: str) -> str:
    """What `lookup` printed, a search's hits without their scores (see `answers`)."""
    if lookup[0] != "search":
        return stdout
    hits = [json.loads(line) for line in stdout.splitlines()]
    return "\n".join(json.dumps({k: v for k, v in hit.items() if k != "score"}, ensure_ascii=False, sort_keys=True) for hit in hits)


def state() -> tuple[str, dict]:
    with Store() as corpus:
        return corpus.fingerprint(), {path: d.digest for path, d in corpus.documents().items()}


def clean(done: subprocess.CompletedProcess, *allowed: str) -> None:
    """Exit 0, no traceback, and on stderr only lines holding one of `allowed`."""
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode == 0, (done.args, done.returncode, done.stderr)
    for line in done.stderr.splitlines():
        assert any(text in line for text in allowed), (done.args, line)


def race(seconds: float, ingests: list[list[str]], lookups: int) -> list[subprocess.CompletedProcess]:
    """Each ingest (a list of paths) run in a loop by its own worker, and `lookups` workers
    each running the lookups in turn, all for `seconds`; every finished command returned."""
    finished: list[subprocess.CompletedProcess] = []
    end = time.monotonic() + seconds
    workers: list[tuple[subprocess.Popen, list[str], int]] = []

    def start(args: list[str], slot: int) -> None:
        process = subprocess.Popen(command(*args), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=REPO)
        workers.append((process, args, slot))

    for slot, paths_ in enumerate(ingests):
        start(["ingest", *paths_], slot)
    for slot in range(lookups):
        start(list(LOOKUPS[slot % len(LOOKUPS)]), len(ingests) + slot)
    turn = 0
    while workers:
        time.sleep(0.02)
        for entry in list(workers):
            process, args, slot = entry
            if process.poll() is None:
                continue
            out, err = process.communicate()
            finished.append(subprocess.CompletedProcess(args, process.returncode, out, err))
            workers.remove(entry)
            if time.monotonic() < end:
                turn += 1
                start(["ingest", *ingests[slot]] if slot < len(ingests) else list(LOOKUPS[turn % len(LOOKUPS)]), slot)
    return finished


WAIT = "waiting for another ingest to finish"
BUILDING = "to finish building the index"  # a search waiting for another's build


def test_identical_reingests_beside_searches_change_nothing():
    assert mtgrules("ingest", *documents()).returncode == 0
    before = answers()
    fingerprint, stored = state()
    finished = race(SECONDS, [documents(), documents()[::-1], documents()[:2]], lookups=3)
    assert len(finished) >= 6
    for done in finished:
        clean(done, WAIT, BUILDING)
        if done.args[0] != "ingest":
            assert shown(tuple(done.args), done.stdout) == before[tuple(done.args)], done.args
    assert state() == (fingerprint, stored)  # no new generation: the search tables are not written again


def test_searches_while_ingests_change_the_corpus_see_before_or_after():
    before = answers()
    assert mtgrules("ingest", *documents()).returncode == 0
    after = answers()
    # Start again from the embedded corpus: the race makes the same change.
    mtgrules_home = Path(os.environ["MTGRULES_HOME"])
    for file in mtgrules_home.glob("corpus.sqlite3*"):
        file.unlink()
    assert answers() == before
    finished = race(SECONDS, [documents(), documents()], lookups=4)  # one order: ties ranked alike
    for done in finished:
        clean(done, WAIT, BUILDING)
        if done.args[0] != "ingest":
            assert shown(tuple(done.args), done.stdout) in (before[tuple(done.args)], after[tuple(done.args)]), done.args
    assert answers() == after


HOLDER = textwrap.dedent("""
    import sqlite3, sys, time
    db = sqlite3.connect(sys.argv[1], isolation_level=None)
    db.execute("BEGIN IMMEDIATE")
    print("holding", flush=True)
    sys.stdin.readline()
    db.execute("ROLLBACK")
""")


def test_a_second_writer_says_it_waits_then_stores():
    assert mtgrules("ingest", str(seed("001"))).returncode == 0
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(paths.database_path())], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    assert holder.stdout is not None and holder.stdin is not None
    assert holder.stdout.readline().strip() == "holding"
    waiting = subprocess.Popen(command("ingest", documents()[2]), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(1.5)
    assert waiting.poll() is None  # it waits, it does not fail
    holder.stdin.write("\n")
    holder.stdin.flush()
    holder.wait(timeout=30)
    _, err = waiting.communicate(timeout=120)
    assert waiting.returncode == 0, err
    assert err.splitlines()[0] == f"mtgrules: {WAIT}…" and err.count(WAIT) == 1  # said once, first
    assert documents()[2] in "".join(state()[1])


# --- kills ------------------------------------------------------------------------------------


def killed_at_random(args: list[str], rng: random.Random, within: float) -> bool:
    """Run the command and SIGKILL it after a random time under `within` seconds; True when it
    was killed (False: it had finished)."""
    process = subprocess.Popen(command(*args), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=REPO)
    time.sleep(rng.uniform(0.05, within))
    if process.poll() is not None:
        return False
    process.send_signal(signal.SIGKILL)
    process.wait()
    return True


def leftovers() -> list[str]:
    return [p.name for p in paths.data_dir().glob("corpus.sqlite3-*")]  # -journal, -wal, -shm of a killed writer


def timed(args: list[str]) -> float:
    start = time.monotonic()
    assert mtgrules(*args).returncode in (0, 1)
    return time.monotonic() - start


def test_an_ingest_killed_at_random_leaves_the_old_corpus_or_the_new():
    rng = random.Random(14)
    few = LOOKUPS[:2]
    assert mtgrules("ingest", str(seed("001"))).returncode == 0
    old = state()
    before = answers(few)
    took = timed(["ingest", *documents()])
    new = state()
    after = answers(few)
    for _ in range(KILLS):
        for file in paths.data_dir().glob("corpus.sqlite3*"):
            file.unlink()
        assert mtgrules("ingest", str(seed("001"))).returncode == 0
        killed_at_random(["ingest", *documents()], rng, took)
        now = state()  # read in this process: the corpus opens, as old or new
        assert now[1] in (old[1], new[1])
        assert answers(few) in (before, after)  # never a mixture
        assert not leftovers(), leftovers()
        clean(mtgrules("ingest", *documents()), "warning:")
        assert answers(few) == after


