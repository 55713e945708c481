"""The keyword table (English keyword → Spanish and French forms printed on cards) into `term`
records.

The table is tab-separated with a header row naming at least `keyword_en`; every other column
named `<lang>_printed` gives that language's form. Cells may hold several forms ("regalar /
regalo"), a note in parentheses ("contador de energía (printed: …)") or "NOT FOUND …"; the first
form is the term's name in that language, every form is kept as an alias. The English cell may
carry a symbol in parentheses ("Energy counter ({E})"), kept as an alias too.
"""

from __future__ import annotations

import re

from mtgrules.errors import ParseError
from mtgrules.parsers import tables
from mtgrules.records import Record

# A note runs to the end of the cell and may nest parentheses: "(printed: “… (dos contadores …)”)".
_NOTE = re.compile(r"\s*\((?:printed|impreso|imprimé).*$|\s*\(\s*\{[^)]*\}\s*\)", re.IGNORECASE)
_PRINTED_COLUMN = re.compile(r"^([a-z]{2,3})_printed$")


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
    records = []
    for line, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue
        if len(row) <= english_column:
            raise ParseError(source, "row has no English keyword", line=line)
        english, symbols = forms(row[english_column])
        if not english:
            raise ParseError(source, "row has no English keyword", line=line)
        names = {"en": english[0]}
        aliases: dict[str, list[str]] = {"en": english + symbols}
        for column, lang in languages.items():
            found, _ = forms(row[column]) if column < len(row) else ([], [])
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
            )
        )
    return records
