"""How long parsing an official Comprehensive Rules file takes, against a floor measured in the
same run on the same file.

The floor is what any reader of the file must do anyway: read the bytes, decode them and find
the rule lines with one regular expression. The ratio to it says how much the parser's checks,
records and references cost on top, independent of how fast this machine is today.

    python bench/bench_parse_cr.py [FILE] [--runs N] [--lang LANG]

FILE defaults to ../shared/corpus-data/cr/en-20260807.txt beside the repository (or
$MTGRULES_CORPUS_DATA/cr/en-20260807.txt); when it is absent the benchmark says so and exits 0.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

from mtgrules.parsers.comprehensive_rules import parse, parse_file
from mtgrules.parsers.decoding import read_document

REPO = Path(__file__).resolve().parents[1]
CORPUS_DATA = Path(os.environ.get("MTGRULES_CORPUS_DATA", REPO.parent / "shared" / "corpus-data"))
DEFAULT = CORPUS_DATA / "cr" / "en-20260807.txt"
RULE_LINE = re.compile(rb"^[0-9]{3}\.[0-9]+[a-z]*", re.MULTILINE)


def baseline(path: Path) -> int:
    """Read, decode, count rule lines: the least any parser of the file does."""
    data = path.read_bytes()
    data.decode("utf-8-sig", errors="replace")
    return len(RULE_LINE.findall(data))


def parser(path: Path, lang: str | None) -> int:
    return len(parse_file(path, lang=lang).rules())


def timed(function, runs: int) -> tuple[float, float]:
    """Median and best wall time of `runs` calls, in seconds."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return statistics.median(times), min(times)


def peak_memory(function) -> int:
    """Peak bytes allocated by Python during one call (tracemalloc; slows that call down)."""
    tracemalloc.start()
    try:
        function()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def main(argv: list[str] | None = None) -> int:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("file", nargs="?", type=Path, default=DEFAULT)
    options.add_argument("--runs", type=int, default=9)
    options.add_argument("--lang", default=None, help="language of a translated file (zh, es, …)")
    arguments = options.parse_args(argv)
    path = arguments.file
    if not path.exists():
        print(f"skipped: {path} is absent (real data lives in ../shared/corpus-data beside the repo)")
        return 0
    size = len(read_document(path))
    rules = parser(path, arguments.lang)  # also warms caches and imports before timing
    if rules != baseline(path):
        print(f"error: {rules} rule records but {baseline(path)} rule lines in {path}")
        return 1
    base_median, base_best = timed(lambda: baseline(path), arguments.runs)
    parse_median, parse_best = timed(lambda: parser(path, arguments.lang), arguments.runs)
    text = path.read_bytes().decode("utf-8-sig")  # not read_text: it would turn \r\r\n into two lines
    text_median, _ = timed(lambda: parse(text, str(path), arguments.lang), arguments.runs)
    base_peak = peak_memory(lambda: baseline(path))
    parse_peak = peak_memory(lambda: parser(path, arguments.lang))
    print(f"file       {path} ({size:,} bytes, {rules:,} rules), {arguments.runs} runs, "
          f"Python {sys.version.split()[0]}")
    print(f"baseline   median {base_median * 1000:8.1f} ms  best {base_best * 1000:8.1f} ms  "
          f"peak {base_peak / 2**20:6.1f} MiB   (read + decode + rule-line regex)")
    print(f"parse_file median {parse_median * 1000:8.1f} ms  best {parse_best * 1000:8.1f} ms  "
          f"peak {parse_peak / 2**20:6.1f} MiB   ({size / parse_median / 2**20:.1f} MiB/s)")
    print(f"parse(str) median {text_median * 1000:8.1f} ms                                  (text already decoded)")
    print(f"ratio      parse_file / baseline = {parse_median / base_median:.1f}x (median), "
          f"peak memory {parse_peak / base_peak:.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
