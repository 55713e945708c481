"""Web benchmark: `mtgrules serve` warm, beside the cold command line, on the 25-set corpus.

    python bench/bench_web.py [--rounds N] [--cold N]

Ingests the 25 MTGJSON set files of ../shared/corpus-data/sets and the 2026-08-07 Comprehensive
Rules into a temporary MTGRULES_HOME (read in place), starts `mtgrules serve` on a free port of
127.0.0.1 as a person starts it, opens the search once (the first search request), and then
measures over loopback, one keep-alive connection, each request timed from the client (the
request written to the answer read whole):

- the search API (`/api/search?q=…`) and the search page (`/search?q=…`, HTML) for the queries of
  bench/crosslang_queries.tsv, every query `--rounds` times (median, p90, p99, max);
- the rule page (`/rule/N?lang=es,en&edition=…`) and its API for rules of every chapter;
- 200 requests at once (200 connections, mixed pages and searches), all of which must answer 200;
- the cold command line for the same queries and rules (`mtgrules search Q --json`, `mtgrules
  rule N --json`: one process each, `--cold` of each), interleaved with nothing (the server is
  idle then).

Budgets (issue 22): a warm search ≤ 5 ms at the median and ≤ 50 ms at p99, a rule page ≤ 10 ms
(median), 200 concurrent requests without an error. The server's CPU time per request (from
/proc) is printed beside the wall time: on a shared machine wall time includes waiting.
"""

from __future__ import annotations

import argparse
import http.client
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import quote, urlencode

REPO = Path(__file__).resolve().parents[1]
DATA = Path(os.environ.get("MTGRULES_CORPUS_DATA", REPO.parent / "shared" / "corpus-data"))
EDITION = "2026-08-07"
RULES = ["100.1", "119.3", "205.3m", "303.4f", "406.3", "509.1a", "601.2", "613.1", "702.19b", "704.5", "704.5g",
         "705.1", "711.2", "800.4a", "903.4"]
BUDGETS = {"search_median": 5.0, "search_p99": 50.0, "rule_median": 10.0}


def queries() -> list[str]:
    lines = (REPO / "bench" / "crosslang_queries.tsv").read_text(encoding="utf-8").splitlines()
    return [line.split("\t")[1] for line in lines if line and not line.startswith("#")]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def summary(values: list[float]) -> str:
    return (f"median {statistics.median(values):6.2f}  p90 {percentile(values, 0.9):6.2f}  p99 {percentile(values, 0.99):6.2f}"
            f"  max {max(values):7.2f} ms  (n={len(values)})")


def server_cpu_ms(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK")


def timed(connection: http.client.HTTPConnection, path: str) -> float:
    start = time.perf_counter()
    connection.request("GET", path)
    response = connection.getresponse()
    body = response.read()
    elapsed = (time.perf_counter() - start) * 1000
    if response.status != 200:
        raise SystemExit(f"bench_web: {path}: {response.status} {body[:200]!r}")
    return elapsed


def measure(connection, pid: int, paths: list[str], rounds: int) -> tuple[list[float], float]:
    """Wall times (ms) of every request, and the server's CPU time per request (ms)."""
    times: list[float] = []
    cpu = server_cpu_ms(pid)
    for _ in range(rounds):
        for path in paths:
            times.append(timed(connection, path))
    return times, (server_cpu_ms(pid) - cpu) / (rounds * len(paths))


def concurrent(port: int, paths: list[str], count: int = 200) -> tuple[int, list[str], float]:
    """`count` requests at once, each on its own connection: how many answered 200, the errors,
    and the wall time of the whole burst (ms)."""
    barrier = threading.Barrier(count)
    errors: list[str] = []
    ok = [0]
    lock = threading.Lock()

    def one(index: int) -> None:
        path = paths[index % len(paths)]
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
            barrier.wait()
            connection.request("GET", path)
            response = connection.getresponse()
            response.read()
            with lock:
                if response.status == 200:
                    ok[0] += 1
                else:
                    errors.append(f"{path}: {response.status}")
            connection.close()
        except Exception as error:  # a benchmark reports every failure, whatever it is
            with lock:
                errors.append(f"{path}: {error!r}")

    threads = [threading.Thread(target=one, args=(index,)) for index in range(count)]
    start = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return ok[0], errors, (time.perf_counter() - start) * 1000


def cold(command: list[str], env: dict, runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        times.append((time.perf_counter() - start) * 1000)
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=10, help="times each warm request is made (default 10)")
    parser.add_argument("--cold", type=int, default=1, help="cold processes per query and rule (default 1)")
    args = parser.parse_args()
    sets = sorted((DATA / "sets").glob("*.json"))
    rules_text = DATA / "cr" / "en-20260807.txt"
    if len(sets) < 25 or not rules_text.exists():
        print(f"bench_web: needs the 25 set files of {DATA / 'sets'} and {rules_text}", file=sys.stderr)
        return 2
    home = Path(tempfile.mkdtemp(prefix="mtgrules-bench-web-"))
    env = {**os.environ, "MTGRULES_HOME": str(home), "NO_COLOR": "1"}
    mtgrules = [sys.executable, "-m", "mtgrules"]
    try:
        start = time.perf_counter()
        subprocess.run([*mtgrules, "ingest", *map(str, sets), str(rules_text)], env=env, stdout=subprocess.DEVNULL, check=False)
        print(f"ingest: {time.perf_counter() - start:.1f} s (25 sets + the {EDITION} rules)")
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        with open(home / "serve.log", "wb") as log:  # inside the temporary home, removed with it
            server = subprocess.Popen([*mtgrules, "serve", "--port", str(port)], env=env, stdout=log, stderr=subprocess.STDOUT)
            try:
                return run(server, port, env, mtgrules, args)
            finally:
                server.terminate()
                server.wait(timeout=30)
    finally:
        shutil.rmtree(home, ignore_errors=True)


def run(server: subprocess.Popen, port: int, env: dict, mtgrules: list[str], args) -> int:
    start = time.perf_counter()
    for _ in range(600):
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
            timed(connection, "/api/search?q=energy")  # the search opened (and built, the first time)
            break
        except (ConnectionRefusedError, http.client.RemoteDisconnected):
            if server.poll() is not None:
                raise SystemExit("bench_web: the server stopped") from None
            time.sleep(0.1)
    print(f"server start and first search: {time.perf_counter() - start:.1f} s")
    texts = queries()
    common = {"lang": "en,es,fr", "edition": EDITION}
    searches = [f"/api/search?{urlencode({'q': q, **common})}" for q in texts]
    pages = [f"/search?{urlencode({'q': q, **common})}" for q in texts]
    rule_pages = [f"/rule/{n}?lang=es,en&edition={EDITION}" for n in RULES]
    rule_api = [f"/api/rule/{n}?lang=es,en&edition={EDITION}" for n in RULES]
    for path in searches + pages + rule_pages:  # warm: templates compiled, caches filled
        timed(connection, path)
    results = {}
    for name, paths in (("search API", searches), ("search page", pages), ("rule page", rule_pages), ("rule API", rule_api)):
        times, cpu = measure(connection, server.pid, paths, args.rounds)
        results[name] = times
        print(f"warm {name:<12} {summary(times)}   server CPU {cpu:5.2f} ms/request")
    mixed = searches + pages + rule_pages + [f"/card/{quote('Aether Hub')}?lang=es,en", f"/term/{quote('lethal damage')}?lang=es,en&edition={EDITION}"]
    ok, errors, wall = concurrent(port, mixed)
    print(f"200 concurrent requests: {ok} answered 200, {len(errors)} errors, all done in {wall:.0f} ms")
    for error in errors[:5]:
        print(f"  {error}")
    cold_search = [t for q in texts[: max(6, len(texts) // 4)] for t in cold([*mtgrules, "search", q, "--json"], env, args.cold)]
    cold_rule = [t for n in RULES for t in cold([*mtgrules, "rule", n, "--lang", "es,en", "--json"], env, args.cold)]
    print(f"cold mtgrules search   {summary(cold_search)}")
    print(f"cold mtgrules rule     {summary(cold_rule)}")
    search, rule = results["search API"], results["rule page"]
    checks = [
        ("warm search median", statistics.median(search), BUDGETS["search_median"]),
        ("warm search p99", percentile(search, 0.99), BUDGETS["search_p99"]),
        ("rule page median", statistics.median(rule), BUDGETS["rule_median"]),
    ]
    for label, value, budget in checks:
        print(f"{label:<20} {value:7.2f} ms  budget {budget:5.1f} ms  {'ok' if value <= budget else 'OVER'}")
    print(f"concurrency          {'ok' if ok == 200 and not errors else 'FAILED'}")
    return 0 if all(value <= budget for _, value, budget in checks) and ok == 200 and not errors else 1


if __name__ == "__main__":
    sys.exit(main())
