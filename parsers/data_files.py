"""Card data files (MTGJSON, Scryfall bulk data): which one a file is, from its first bytes,
and its records, read as a stream from the file.

These files run to gigabytes, so they are never read whole: `kind_of` looks at the first
64 kB (uncompressed, when the file is gzip, xz, bzip2 or zip, whatever its name), and `records`
reads the file one card or ruling at a time. Any other document (rules text, pages, tables) is
not one of these: `kind_of` says None and it is read as before.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator
from pathlib import Path

from mtgrules.errors import ParseError
from mtgrules.i18n import N_, _
from mtgrules.parsers import mtgjson, scryfall
from mtgrules.parsers.json_stream import head, open_json
from mtgrules.records import Record

MTGJSON, SCRYFALL_RULINGS, SCRYFALL_CARDS = N_("mtgjson"), N_("scryfall rulings"), N_("scryfall cards")  # translated where shown
KINDS = (MTGJSON, SCRYFALL_RULINGS, SCRYFALL_CARDS)

# Scryfall objects name their kind first: `[{"object":"ruling",…` (pretty-printed or not).
_SCRYFALL = re.compile(r'\[\s*\{\s*"object"\s*:\s*"(ruling|card)"')


def kind_of(path: str | Path) -> str | None:
    """MTGJSON, SCRYFALL_RULINGS or SCRYFALL_CARDS for a file of card data, else None (also for
    what is not a regular file, such as a pipe, which could not be read twice). Raises
    ParseError for a compressed file that holds no card data: nothing else is read compressed."""
    if not Path(path).is_file():
        return None
    text, compression = head(path)
    text = text.lstrip("\ufeff \t\r\n")
    if text.startswith("{") and mtgjson.looks_like_mtgjson(text):
        return MTGJSON
    found = _SCRYFALL.match(text)
    if found:
        return SCRYFALL_RULINGS if found.group(1) == "ruling" else SCRYFALL_CARDS
    if compression:
        raise ParseError(str(path), _("{compression}-compressed, and not MTGJSON or Scryfall data")
                                      .format(compression=compression), line=1,
                         mend=_("other documents are read uncompressed"))
    return None


def records(path: str | Path, kind: str, warnings: list[str] | None = None) -> Iterator[Record]:
    """The records of the data file at `path`, of `kind` (from `kind_of`), as they are read;
    what was skipped is said in `warnings`."""
    with open_json(path) as reader:
        if kind == MTGJSON:
            yield from mtgjson.records(reader, warnings)
        else:
            yield from scryfall.records(reader, scryfall.RULINGS if kind == SCRYFALL_RULINGS else scryfall.CARDS)


def file_digest(path: str | Path) -> str:
    """The SHA-256 of the file's bytes, as stored (compressed or not), read in chunks."""
    try:
        with open(path, "rb") as stream:
            return hashlib.file_digest(stream, "sha256").hexdigest()
    except OSError as error:
        raise ParseError(str(path), _("cannot read: {value}").format(value=error.strerror or error)) from None
