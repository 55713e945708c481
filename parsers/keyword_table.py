"""The keyword table (English keyword → Spanish and French forms printed on cards) into `term`
records.

The table is tab-separated with a header row naming at least `keyword_en`; every other column
named `<lang>_printed` gives that language's form. Cells may hold several forms ("regalar /
regalo"), a note in parentheses ("contador de energía (printed: …)") or "NOT FOUND …"; the first
form is the term's name in that language, every form is kept as an alias. The English cell may
carry a symbol in parentheses ("Energy counter ({E})"), kept as an alias too.

Some rows were transcribed from printed cards and checked by hand; the others were derived from
card data by lining up the keyword line of each card's English text with the same line of its
translations, and count the cards that agreed (`n_<lang>` columns; the `source` column says
"derived"). A derived row is a name learned from data, not a fact: its record's `confidence` is
n/(n+1) for the smallest count (a form seen on one card scores 0.5, on nineteen 0.95), so that
`mtgrules term` never shows it as certain. A transcribed row has no confidence (certain).
"""

from __future__ import annotations

import re

from mtgrules.errors import ParseError
from mtgrules.i18n import _
from mtgrules.parsers import tables
from mtgrules.records import Record

# A note runs to the end of the cell and may nest parentheses: "(printed: “… (dos contadores …)”)".
_NOTE = re.compile(r"\s*\((?:printed|impreso|imprimé).*$|\s*\(\s*\{[^)]*\}\s*\)", re.IGNORECASE)
_PRINTED_COLUMN = re.compile(r"^([a-z]{2,3})_printed$")
_COUNT_COLUMN = re.compile(r"^n_([a-z]{2,3})$")
# A derived row that gives no count: as sure as a form seen on one card.
_UNCOUNTED_DERIVED = 0.5


def looks_like_keyword_table(text: str) -> bool:
    return tables.header_names(text, "keyword_en")


def forms(cell: str) -> tuple[list[str], list[str]]:
    """The forms a cell names, and any symbols it gives in parentheses."""
    if not cell or cell.upper().startswith("NOT FOUND"):
        return [], []
    symbols = re.findall(r"\(\s*(\{[^)]*\})\s*\)", cell)
    cell = _NOTE.sub("", cell)
    return [form.strip() for form in cell.split("/") if form.strip()], symbols


def parse(data: bytes | str, source: str) -> list[Record]:
    rows = tables.rows(data, source, "keyword_en", "keyword table")
    header = rows[0]
    english_column = header.index("keyword_en")
    languages = {i: m.group(1) for i, name in enumerate(header) if (m := _PRINTED_COLUMN.match(name))}
    counts = [i for i, name in enumerate(header) if _COUNT_COLUMN.match(name)]
    origin = header.index("source") if "source" in header else None
    records = []
    for line, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue
        if len(row) <= english_column:
            raise ParseError(source, _("row has no English keyword"), line=line)
        english, symbols = forms(row[english_column])
        if not english:
            raise ParseError(source, _("row has no English keyword"), line=line)
        names = {"en": english[0]}
        aliases: dict[str, list[str]] = {"en": english + symbols}
        for column, lang in languages.items():
            found, _symbols = forms(row[column]) if column < len(row) else ([], [])
            if found:
                names[lang] = found[0]
                aliases[lang] = found
        records.append(
            Record(
                kind="term",
                lang="en",
                source=f"{source}:{line}",
                title=english[0],
                names=names,
                aligned=True,
                aliases=aliases,
                confidence=_derived_confidence(row, counts, origin),
            )
        )
    return records


def _derived_confidence(row: list[str], counts: list[int], origin: int | None) -> float | None:
    """None for a row transcribed from cards; n/(n+1) for a row derived from n cards (the
    smallest count of its languages), see the module docstring."""
    seen = [int(row[i]) for i in counts if i < len(row) and row[i].strip().isdigit()]
    if seen:
        smallest = min(seen)
        return round(smallest / (smallest + 1), 3)
    derived = origin is not None and origin < len(row) and row[origin].strip().lower().startswith("derived")
    return _UNCOUNTED_DERIVED if derived else None
