"""Alignment accuracy on real translated rules: the Chinese 2024-06-07 edition.

The community Chinese translation keeps the official numbering, so it is a ground truth for
alignment: every rule with lettered subrules becomes a "page" whose subrules lose their numbers
(and, with --drop, a random share of them, as site pages do), is aligned against the English
editions, and each number is checked. Chinese shares no cognates with English, so this measures
the evidence that survives any translation: references, numbers and symbols, length; and the
bilingual lexicon (`corpus/lexicon.tsv`), whose Chinese pairs are learned from the official
Simplified Chinese card texts of Kaladesh, never from this rules edition.

    python bench/bench_alignment.py [--data ../shared/corpus-data] [--drop 0.3] [--seed 1]

Prints accuracy, the share marked unaligned, the precision of what stays aligned, and the
baseline of numbering by counting in page order, measured on the same pages, without and with
the lexicon's term pairs. Twice: with the Chinese length ratio of `evidence.LENGTH_RATIO`, which
was measured on these same 2024 files (so that run flatters), and held out, with the ratio each
page calibrates on itself, as for any language without a known ratio.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

from mtgrules.align import corpus_lexicon, evidence
from mtgrules.align.english import english_editions
from mtgrules.align.rule_pages import align_page
from mtgrules.parsers import comprehensive_rules
from mtgrules.parsers.site_rule_page import Paragraph, RulePage
from mtgrules.rulenumbers import parent, subrule

EDITIONS = ["en-20240607", "en-20250606", "en-20260116", "en-20260417", "en-20260807"]


def pages(translation, drop: float, rng: random.Random):
    """(page, true numbers) for every numbered rule with two or more subrules."""
    by_parent: dict[str, list] = {}
    for record in translation.rules():
        if record.number[-1].isalpha():
            by_parent.setdefault(parent(record.number), []).append(record)
    for number, subrules in sorted(by_parent.items()):
        if len(subrules) < 2:
            continue
        kept = [r for r in subrules if rng.random() >= drop] or subrules[:1]
        page = RulePage(number, "", translation.lang, "zh", 0)
        page.subrules = [Paragraph(r.text, 0, list(r.examples)) for r in kept]
        yield page, [r.number for r in kept]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=Path(__file__).resolve().parents[2] / "shared" / "corpus-data")
    parser.add_argument("--drop", type=float, default=0.3)
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args()
    zh = options.data / "cr" / "zh-20240607.txt"
    if not zh.exists():
        print(f"skipped: {zh} is absent")
        return 0
    translation = comprehensive_rules.parse_file(zh, lang="zh")
    english = []
    for name in EDITIONS:
        english += comprehensive_rules.parse_file(options.data / "cr" / f"{name}.txt").records
    pairs = corpus_lexicon.committed().term_pairs("zh", corpus_lexicon.EVIDENCE_MIN_SCORE)
    print(f"Chinese pages with {options.drop:.0%} of subrules dropped (seed {options.seed}); the lexicon has {len(pairs)} zh pairs")
    print("\nwith the Chinese length ratio fitted on these files:")
    measure(translation, english, options, pairs)
    fitted = evidence.LENGTH_RATIO.pop("zh")
    try:
        print("\nheld out (each page calibrates its own length ratio):")
        measure(translation, english, options, pairs)
    finally:
        evidence.LENGTH_RATIO["zh"] = fitted
    return 0


def measure(translation, english, options, pairs) -> None:
    sample = list(pages(translation, options.drop, random.Random(options.seed)))
    total = sum(len(truth) for _, truth in sample)
    counted_correct = sum(subrule(page.number, i) == number for page, truth in sample for i, number in enumerate(truth))
    print(f"  subrules: {total}")
    best = 0
    for label, terms in (("without the lexicon", {}), ("with the lexicon", pairs)):
        correct = unaligned = aligned_correct = 0
        editions = english_editions(english)  # fresh: each run computes its English passages
        started = time.perf_counter()
        for page, truth in sample:
            records = align_page(page, editions, terms).records[1:]
            for record, number in zip(records, truth):
                correct += record.number == number
                if record.aligned:
                    aligned_correct += record.number == number
                else:
                    unaligned += 1
        elapsed = time.perf_counter() - started
        best = max(best, correct)
        print(f"  {label}:")
        print(f"    alignment accuracy: {correct / total:.1%}  ({elapsed:.1f} s, {1000 * elapsed / total:.2f} ms a subrule)")
        print(f"    marked unaligned: {unaligned / total:.1%}; precision of the rest: {aligned_correct / max(1, total - unaligned):.1%}")
    print(f"  baseline, numbering by counting: {counted_correct / total:.1%}; ratio {best / max(1, counted_correct):.2f}x")


if __name__ == "__main__":
    sys.exit(main())
