"""Benchmark: `mtgrules ingest DIR` on a folder of 500 saved pages, against just reading its bytes.

The pages are the layout corpus (tests/pages/: rule and ruling pages, Spanish and French, text
and HTML), each copied many times into a temporary folder with the padding real saved pages
carry: inline scripts and style sheets, JSON state, mega-menus of links, footers, cookie notices
(HTML), and menus, breadcrumbs and link lists (text), to 30–200 KB a page. Three pages are bad
(empty, binary, not a page), as in a folder a user saves. The English rules (2026-08-07) and
the KLD MTGJSON file are ingested beforehand, so every page is read AND aligned.

Figures are the CPU time of the whole command (user + system of the child process), runs
interleaved with the baseline: a process that reads every file's bytes and nothing else.

    python bench/bench_pages.py [--data ../shared/corpus-data] [--pages 500] [--runs 3]

Budget: 500 pages read and aligned in under 30 s.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
LAYOUTS = REPO / "tests" / "pages"
BUDGET_S = 30.0

READ_BYTES = "import pathlib, sys\nn = sum(len(p.read_bytes()) for p in pathlib.Path(sys.argv[1]).rglob('*') if p.is_file())\nprint(n)"


def _padding_html(rng: random.Random, size: int) -> tuple[str, str, str]:
    """(head, top of body, bottom of body) chrome adding about `size` characters."""
    words = "reglas cartas mazos torneos juez noticias tienda foro glosario regles cartes decks tournois".split()
    script = "var state = " + repr({f"k{i}": rng.random() for i in range(size // 80)}) + ";\n"
    style = "".join(f".c{i}{{margin:{i % 7}px;color:#{i % 4096:03x}}}\n" for i in range(size // 160))
    menu = "".join(f'<li><a href="/{rng.choice(words)}/{i}">{rng.choice(words).title()} {i}</a></li>' for i in range(size // 200))
    head = f"<script>{script}</script><style>{style}</style>"
    top = f'<header><nav><ul class="mega">{menu}</ul></nav></header>'
    bottom = (
        f'<footer><ul>{menu[: len(menu) // 3]}</ul><p>© 2026. Todos los derechos reservados.</p></footer>'
        '<div id="cookies" role="dialog"><p>Usamos cookies.</p><button>Aceptar</button></div>'
    )
    return head, top, bottom


def _padded(page: Path, rng: random.Random) -> bytes:
    target = rng.randint(30_000, 200_000)
    text = page.read_text(encoding="utf-8")
    if page.suffix == ".html":
        head, top, bottom = _padding_html(rng, max(0, target - len(text)))
        text = text.replace("<head>", "<head>" + head, 1) if "<head>" in text else head + text
        text = text.replace("<body>", "<body>" + top, 1) if "<body>" in text else top + text
        text = text.replace("</body>", bottom + "</body>", 1) if "</body>" in text else text + bottom
        # Up to the page's size: promotion and related-link boxes, markup the reader must walk.
        boxes = []
        while len(text) + sum(map(len, boxes)) < target:
            boxes.append(
                f'<div class="promo p{len(boxes)}"><div class="card"><a href="/c/{rng.randint(1, 999)}"><span>Carta relacionada</span></a>'
                f'<span class="precio">{rng.randint(1, 99)},{rng.randint(0, 99):02d} €</span></div></div>\n'
            )
        text = text.replace("</body>", "".join(boxes) + "</body>", 1) if "</body>" in text else text + "".join(boxes)
        return text.encode("utf-8")
    lines = text.splitlines()
    menu = [f"Menú {i} · Sección {rng.randint(1, 99)}" for i in range(max(0, target - len(text)) // 20)]
    links = [f"- 702.{i}" for i in range(len(menu) // 2)]
    return "\n".join(menu[: len(menu) // 2] + lines + ["Otras reglas de este apartado", *links]).encode("utf-8")


def make_folder(folder: Path, count: int, seed: int = 7) -> int:
    """`count` pages in `folder`, three of them bad; returns the total size in bytes."""
    rng = random.Random(seed)
    layouts = sorted(p for p in LAYOUTS.iterdir() if p.suffix in (".html", ".txt") and not p.name.startswith("notpage"))
    total = 0
    for index in range(count - 3):
        layout = layouts[index % len(layouts)]
        target = folder / f"site{index % 7}" / f"{index:03d}-{layout.name}"
        target.parent.mkdir(parents=True, exist_ok=True)
        data = _padded(layout, rng)
        target.write_bytes(data)
        total += len(data)
    for name, data in (("vacia.txt", b""), ("imagen.html", b"\x89PNG\x00\x00"), ("portada.html", b"<html><body><h1>Bienvenidos</h1><p>Elige una carta.</p></body></html>")):
        (folder / name).write_bytes(data)
        total += len(data)
    return total


def cpu_of(command: list[str], env: dict[str, str]) -> tuple[float, float, subprocess.CompletedProcess]:
    """(CPU seconds, wall seconds, result) of one child process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    result = subprocess.run(command, env=env, capture_output=True, text=True)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), wall, result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=REPO.parent / "shared" / "corpus-data")
    parser.add_argument("--pages", type=int, default=500)
    parser.add_argument("--runs", type=int, default=3)
    options = parser.parse_args()
    english, kld = options.data / "cr" / "en-20260807.txt", options.data / "rulings" / "KLD.mtgjson-v5.json"
    if not english.exists() or not kld.exists():
        print(f"skipped: {english} or {kld} is absent")
        return 0
    mtgrules = [sys.executable, "-m", "mtgrules"]
    with tempfile.TemporaryDirectory(prefix="bench-pages-") as temporary:
        work = Path(temporary)
        folder = work / "saved"
        size = make_folder(folder, options.pages)
        prepared = work / "prepared-home"
        env = {**os.environ, "MTGRULES_HOME": str(prepared)}
        subprocess.run([*mtgrules, "ingest", str(english), str(kld)], env=env, check=True, capture_output=True)
        ingest_cpu, ingest_wall, read_cpu = [], [], []
        for run in range(options.runs):
            home = work / f"home-{run}"
            shutil.copytree(prepared, home)
            cpu, _, _ = cpu_of([sys.executable, "-c", READ_BYTES, str(folder)], env)
            read_cpu.append(cpu)
            cpu, wall, result = cpu_of([*mtgrules, "ingest", str(folder)], {**env, "MTGRULES_HOME": str(home)})
            ingest_cpu.append(cpu)
            ingest_wall.append(wall)
        stored = result.stdout.count(" records (")
        refused = [line for line in result.stderr.splitlines() if line.startswith("not stored:")]
        median = statistics.median(ingest_cpu)
        print(f"folder: {options.pages} pages, {size / 1e6:.1f} MB ({size / options.pages / 1e3:.0f} KB a page); exit {result.returncode}")
        print(f"stored {stored}, not stored {len(refused)}:")
        for line in refused:
            print(f"  {line}")
        print(f"mtgrules ingest DIR: {median:.2f} s CPU median of {options.runs} ({min(ingest_cpu):.2f}–{max(ingest_cpu):.2f}; wall {statistics.median(ingest_wall):.2f} s)"
              f"  budget {BUDGET_S:.0f} s: {'within' if median < BUDGET_S else 'OVER'}")
        print(f"baseline, reading the bytes: {statistics.median(read_cpu):.3f} s CPU ({median / statistics.median(read_cpu):.0f}x)")
        print(f"per page: {1000 * median / options.pages:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
