"""Regenerate `corpus/seeds.jsonl` from `seeds/`, aligned against the 2026 English edition.

    python -m mtgrules.corpus.generate --data ../shared/corpus-data

The English rules, the MTGJSON excerpts of the seed cards and the keyword table serve only as
alignment evidence: the committed records keep rule numbers, one-word English titles and
pointers to English rulings (position and digest), never English rules or rulings text.
`tests/test_corpus.py` fails when the committed files differ from what this produces.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import click

REPO = Path(__file__).resolve().parents[1]
ENGLISH_EDITION = "cr/en-20260807.txt"
EVIDENCE = ("rulings/BLB-kitnap.mtgjson-excerpt.json", "rulings/MH3-electrozoa.mtgjson-excerpt.json", "cr/keywords_en_es_fr.tsv")


def generate(data: Path) -> tuple[str, str]:
    """The text of seeds.jsonl and of seeds-manifest.json."""
    from mtgrules import store
    from mtgrules.align import documents

    data = data.resolve()
    reference = documents.parse_files([str(data / ENGLISH_EDITION), *(str(data / e) for e in EVIDENCE)])
    context = [record for document in reference for record in document.records]
    relative = sorted(str(path.relative_to(REPO)) for path in (REPO / "seeds").glob("*.txt"))
    # Records name their source relative to the repository ("seeds/000_….txt"), wherever we run.
    previous = os.getcwd()
    os.chdir(REPO)
    try:
        parsed = documents.parse_files(relative, context=context)
    finally:
        os.chdir(previous)
    records = [record for document in parsed for record in document.records]
    manifest = {
        Path(d.path).name: {"source": d.path, "digest": store.digest_bytes(d.raw), "records": len(d.records), "kind": d.kind}
        for d in parsed
    }
    return store.records_to_jsonl(records), json.dumps(manifest, indent=1, sort_keys=True) + "\n"


@click.command()
@click.option(
    "--data",
    type=click.Path(file_okay=False, exists=True, path_type=Path),
    default=REPO.parent / "shared" / "corpus-data",
    show_default=True,
    help="The corpus-data folder (English rules, MTGJSON).",
)
def main(data: Path) -> None:
    records, manifest = generate(data)
    (REPO / "corpus" / "seeds.jsonl").write_text(records, encoding="utf-8")
    (REPO / "corpus" / "seeds-manifest.json").write_text(manifest, encoding="utf-8")
    click.echo(f"corpus/seeds.jsonl: {records.count(chr(10))} records")


if __name__ == "__main__":
    main()
