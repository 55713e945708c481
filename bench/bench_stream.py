"""Reading a whole MTGJSON AllPrintings as a stream: peak memory and CPU time against
`json.load` of the same file, in the same run.

    python bench/bench_stream.py [--scales 1,16,64] [--runs N] [--xz]

The AllPrintings files are synthetic: N renamed copies of the Kaladesh set file in
../shared/corpus-data (set code and card names renamed, so every copy is new cards, as the real
file's sets are; the real AllPrintings is about 256 Kaladeshes). Each measurement is a fresh
process (peak resident memory is per process), the two readers interleaved, medians printed:

- stream: `mtgrules.parsers.data_files.records`, every record made and dropped, as an ingest
  that writes records as they come would do;
- json.load: the standard library's loader, the whole document in memory (what the set-file
  parser did before, without making any record).

`--xz` also measures the files xz-compressed, as MTGJSON serves them (decompression included).
The figure to watch is the stream's peak: it must not grow with the file.
"""

from __future__ import annotations

import argparse
import json
import lzma
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DATA = Path(os.environ.get("MTGRULES_CORPUS_DATA", REPO.parent / "shared" / "corpus-data"))
KLD = DATA / "rulings" / "KLD.mtgjson-v5.json"

CHILD = r"""
import json, resource, sys, time
mode, path = sys.argv[1:]
start = time.process_time()
if mode == "stream":
    from mtgrules.parsers import data_files
    count = sum(1 for _ in data_files.records(path, data_files.MTGJSON))
elif mode == "json.load":
    with open(path, "rb") as stream:
        count = sum(len(s["cards"]) for s in json.load(stream)["data"].values())
else:
    from mtgrules.parsers import data_files
    count = 0
cpu = time.process_time() - start
try:  # this process's own high-water mark: ru_maxrss would include the parent's, kept across fork and exec
    with open("/proc/self/status") as status:
        peak = next(int(line.split()[1]) for line in status if line.startswith("VmHWM:")) / 1024
except OSError:
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(count, cpu, peak)
"""


def synthetic(path: Path, copies: int, compress: bool) -> Path:
    """AllPrintings of `copies` renamed Kaladeshes, written a set at a time."""
    kld = json.loads(KLD.read_text(encoding="utf-8"))["data"]
    names = [card["name"] for card in kld["cards"]]
    with lzma.open(path, "wb", preset=6) if compress else open(path, "wb") as out:
        out.write(b'{"meta":{"date":"2026-08-01","version":"5.2.2"},"data":{')
        for index in range(copies):
            code = "KLD" if index == 0 else f"K{index:02d}"
            suffix = "" if index == 0 else f" {code}"
            for card, name in zip(kld["cards"], names):
                card["setCode"] = code
                card["name"] = name + suffix
            kld["code"] = code
            out.write((("," if index else "") + json.dumps(code) + ":" + json.dumps(kld, separators=(",", ":"))).encode())
        out.write(b"}}")
    return path


def measure(mode: str, path: Path) -> tuple[int, float, float]:
    """(records or cards, CPU seconds, peak RSS MiB) of one fresh process."""
    out = subprocess.run([sys.executable, "-c", CHILD, mode, str(path)], capture_output=True, text=True, check=True)
    count, cpu, peak = out.stdout.split()
    return int(count), float(cpu), float(peak)


def main(argv: list[str] | None = None) -> int:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--scales", default="1,16,64", help="copies of Kaladesh, comma-separated")
    options.add_argument("--runs", type=int, default=3)
    options.add_argument("--xz", action="store_true", help="also measure xz-compressed files")
    arguments = options.parse_args(argv)
    if not KLD.exists():
        print(f"skipped: {KLD} is absent (real data lives in ../shared/corpus-data beside the repo)")
        return 0
    scales = [int(part) for part in arguments.scales.split(",")]
    _, _, startup = measure("imports", KLD)
    print(f"Python {sys.version.split()[0]}, {arguments.runs} runs each, interleaved; a process that only imports "
          f"the reader peaks at {startup:.1f} MiB")
    print(f"{'file':<28}{'size':>10}  {'reader':<10}{'items':>9}{'CPU s':>9}{'peak MiB':>10}")
    with tempfile.TemporaryDirectory(prefix="bench-stream-") as folder:
        for copies in scales:
            variants = [(False, "json")] + ([(True, "json.xz")] if arguments.xz else [])
            for compress, extension in variants:
                path = synthetic(Path(folder) / f"AllPrintings-{copies}x.{extension}", copies, compress)
                modes = ["stream"] if compress else ["stream", "json.load"]
                results: dict[str, list[tuple[int, float, float]]] = {mode: [] for mode in modes}
                for _ in range(arguments.runs):
                    for mode in modes:
                        results[mode].append(measure(mode, path))
                for mode in modes:
                    count = results[mode][0][0]
                    cpu = statistics.median(r[1] for r in results[mode])
                    peak = statistics.median(r[2] for r in results[mode])
                    print(f"{path.name:<28}{path.stat().st_size / 2**20:>7.1f} MiB  {mode:<10}{count:>9,}{cpu:>9.2f}{peak:>10.1f}")
                if not compress:
                    stream = [statistics.median(r[i] for r in results["stream"]) for i in (1, 2)]
                    load = [statistics.median(r[i] for r in results["json.load"]) for i in (1, 2)]
                    print(f"{'':<28}{'':>10}  stream / json.load: CPU {stream[0] / load[0]:.2f}x, peak {stream[1] / load[1]:.2f}x")
                path.unlink()
    return 0


if __name__ == "__main__":
    sys.exit(main())
