"""Tab-separated tables with a header row: the keyword table and the card-name tables.

Both are recognised by one column their header must name (`keyword_en`, `name_en`), and read
the same way; what the columns mean is each table parser's business.
"""

from __future__ import annotations

import csv
import io

from mtgrules.errors import ParseError
from mtgrules.i18n import _
from mtgrules.parsers.decoding import text_of


def header_names(text: str, column: str) -> bool:
    """Cheap check for choosing a parser: the first line is tab-separated and names `column`."""
    first = text.split("\n", 1)[0]
    return "\t" in first and column in first.split("\t")


def rows(data: bytes | str, source: str, column: str, what: str) -> list[list[str]]:
    """The table's rows, header first. Raises ParseError when the header lacks `column`."""
    table = list(csv.reader(io.StringIO(text_of(data, source)), delimiter="\t"))
    if not table or column not in table[0]:
        raise ParseError(source, _("not a {what}: the header has no {column} column").format(what=what, column=column), line=1)
    return table
