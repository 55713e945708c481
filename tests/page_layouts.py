"""The layout corpus: saved rule and ruling pages in tests/pages/, each beside what it must give.

Each page `NAME.html` or `NAME.txt` is named by its layout and has `NAME.expect.json` beside it,
written from which English subrule or ruling each paragraph translates (the translations were
written for this corpus from the English editions in ../shared/corpus-data), never from a run
of the tool:

- rule pages: `number`, `title`, `lang`, `own_text` (whether the page gives the rule's own
  text), `subrules` (the English number of each subrule paragraph, in page order), `missing`
  (English subrules the page lacks), optionally `merged` ({number: [numbers merged into its
  paragraph]}) and `examples` ({number: how many examples the page gives}).
- ruling pages: `card` (English name), `lang`, `rulings`: [date, MTGJSON position of the English
  ruling] for each ruling, in page order.
- pages that are not rule or ruling pages: `refused`, words the one-line reason must hold.

`check(path, context)` compares one page with its expectation and returns a `LayoutResult`;
run this file to print the per-layout table:

    python tests/page_layouts.py [--data ../shared/corpus-data]
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path

PAGES = Path(__file__).resolve().parent / "pages"
REFERENCE = ("cr/en-20260807.txt", "rulings/KLD.mtgjson-v5.json")


def pages() -> list[Path]:
    return sorted(p for p in PAGES.iterdir() if p.suffix in (".html", ".txt"))


def expectation(page: Path) -> dict:
    return json.loads(page.with_name(page.stem + ".expect.json").read_text(encoding="utf-8"))


@dataclass
class LayoutResult:
    page: str
    kind: str  # expected kind
    right: int  # records (or the refusal) as expected
    total: int
    problems: list[str]

    @property
    def ok(self) -> bool:
        return not self.problems


def reference_records(data: Path) -> list:
    from mtgrules.align import documents

    parsed = documents.parse_files([str(data / name) for name in REFERENCE])
    return [record for document in parsed for record in document.records]


def check(page: Path, context: list) -> LayoutResult:
    from mtgrules.align import documents
    from mtgrules.errors import ParseError

    expected = expectation(page)
    name = page.name
    try:
        parsed = documents.parse_files([str(page)], context=context)
    except ParseError as error:
        message = str(error)
        if "refused" in expected:
            one_line = "\n" not in message and message.startswith(str(page))
            found = all(word in message for word in expected["refused"])
            problems = [] if one_line and found else [f"refused, but the reason reads {message!r}"]
            return LayoutResult(name, "not a page", 0 if problems else 1, 1, problems)
        return LayoutResult(name, expected["kind"], 0, _size(expected), [f"refused: {message}"])
    if "refused" in expected:
        kinds = ", ".join(d.kind for d in parsed)
        return LayoutResult(name, "not a page", 0, 1, [f"read as a {kinds} instead of refused"])
    (document,) = parsed
    if document.kind != expected["kind"]:
        return LayoutResult(name, expected["kind"], 0, _size(expected), [f"read as a {document.kind}"])
    if document.kind == documents.RULE_PAGE:
        return _check_rule_page(name, expected, document)
    return _check_ruling_page(name, expected, document)


def _size(expected: dict) -> int:
    return 1 + len(expected.get("subrules", expected.get("rulings", [])))


def _check_rule_page(name: str, expected: dict, document) -> LayoutResult:
    rules = [r for r in document.records if r.kind == "rule"]
    head, subrules = rules[0], rules[1:]
    problems = []
    if (head.number, head.lang) != (expected["number"], expected["lang"]):
        problems.append(f"rule {head.number} [{head.lang}], expected {expected['number']} [{expected['lang']}]")
    if (head.title or "") != expected["title"]:
        problems.append(f"title {head.title!r}, expected {expected['title']!r}")
    own = bool(head.text) and head.text != head.title
    if own != expected["own_text"]:
        problems.append(f"own text {'read' if own else 'not read'}: {head.text[:50]!r}")
    if not head.aligned:
        problems.append(f"rule record unaligned (confidence {head.confidence})")
    right = int(not problems)
    got = [r.number for r in subrules]
    for index, want in enumerate(expected["subrules"]):
        record = subrules[index] if index < len(subrules) else None
        if record is None:
            problems.append(f"paragraph {index + 1} ({want}) not read")
        elif record.number != want:
            problems.append(f"paragraph {index + 1} numbered {record.number}, expected {want}")
        elif not record.aligned:
            problems.append(f"{want} right but unaligned (confidence {record.confidence})")
        else:
            right += 1
    if len(subrules) > len(expected["subrules"]):
        problems.append(f"{len(subrules) - len(expected['subrules'])} paragraph(s) too many: {got[len(expected['subrules']):]}")
    if sorted(head.missing) != sorted(expected["missing"]):
        problems.append(f"missing {head.missing}, expected {expected['missing']}")
    merged = {r.number: r.merged for r in subrules if r.merged}
    if merged != expected.get("merged", {}):
        problems.append(f"merged {merged}, expected {expected.get('merged', {})}")
    for number, count in expected.get("examples", {}).items():
        record = next((r for r in subrules if r.number == number), None)
        if record is None or len(record.examples) != count:
            problems.append(f"{number}: {len(record.examples) if record else 0} examples, expected {count}")
    return LayoutResult(name, "rule page", right, _size(expected), problems)


def _check_ruling_page(name: str, expected: dict, document) -> LayoutResult:
    rulings = [r for r in document.records if r.kind == "ruling"]
    problems = []
    cards = {r.card for r in rulings}
    if cards != {expected["card"]}:
        problems.append(f"card {sorted(c or '?' for c in cards)}, expected {expected['card']!r}")
    if {r.lang for r in rulings} != {expected["lang"]}:
        problems.append(f"language {sorted({r.lang for r in rulings})}, expected {expected['lang']}")
    right = int(not problems)
    for index, (date, position) in enumerate(expected["rulings"]):
        record = rulings[index] if index < len(rulings) else None
        if record is None:
            problems.append(f"ruling {index + 1} not read")
        elif (record.date, record.en_position) != (date, position):
            problems.append(f"ruling {index + 1}: {record.date} #{record.en_position}, expected {date} #{position}")
        elif not record.aligned:
            problems.append(f"ruling {index + 1} right but unaligned (confidence {record.confidence})")
        else:
            right += 1
    if len(rulings) > len(expected["rulings"]):
        extra = [r.text[:40] for r in rulings[len(expected["rulings"]) :]]
        problems.append(f"{len(extra)} ruling(s) too many: {extra}")
    return LayoutResult(name, "ruling page", right, _size(expected), problems)


def main() -> None:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=Path(__file__).resolve().parents[2] / "shared" / "corpus-data")
    arguments = parser.parse_args()
    context = reference_records(arguments.data)
    results = [check(page, context) for page in pages()]
    print("| page | kind | records right | result |")
    print("|---|---|---|---|")
    for result in results:
        verdict = "ok" if result.ok else "; ".join(result.problems)
        print(f"| {result.page} | {result.kind} | {result.right}/{result.total} | {verdict} |")
    print(f"\n{sum(r.ok for r in results)}/{len(results)} pages right")
    sys.exit(0 if all(r.ok for r in results) else 1)


if __name__ == "__main__":
    main()
