"""How deep a JSON text nests, checked before decoding it.

Python's JSON decoder recurses once for every level of arrays and objects, so a file nested
100,000 deep ends in a RecursionError, not a ParseError; and card data never nests more than
about eight deep (file → data → cards → card → foreignData → entry). `check_depth` raises a
`LimitError` naming the line of the first bracket past `MAX_DEPTH` (or the caller's limit), in
linear time and without recursion (`too_deep_line` says how).

A reader of a whole document calls it before `json.loads`, on the whole text. The streaming
reader (`json_stream`) calls it on each value once decoded, over exactly that value (`start`,
`end`, as offsets in the text), and on the rest of its buffer when the decoder stops itself with
a RecursionError: a string cut short at the end hides what follows it, and levels closed below
the start count as nothing.
"""

from __future__ import annotations

import itertools
import re
from array import array

from mtgrules.errors import LimitError
from mtgrules.i18n import _

MAX_DEPTH = 64

# A JSON string, escapes included (the loop unrolled: one character class at a time), or a bracket.
_TOKEN = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]')
_ESCAPE = re.compile(rb"\\.", re.DOTALL)
_NOT_SKELETON = bytes(sorted(set(range(256)) - set(b'[]{}"')))
_STEPS = bytes.maketrans(b"[{]}", b"\x01\x01\xff\xff")  # +1, +1, -1, -1 as signed bytes


def too_deep_line(text: str, limit: int = MAX_DEPTH, start: int = 0, end: int | None = None) -> int | None:
    """The line (counted from the start of `text`) of the first bracket within `text[start:end]`
    that opens a level deeper than `limit`, or None when it nests no deeper. The text need not
    be valid JSON.

    Fast, as every card data file goes through it (10 ms where decoding a 1.9 MB set file takes
    25): escapes are dropped (an escaped quote ends no string), then everything but brackets
    and quotes, then what lies between quotes (a string may hold brackets); the running depth of
    what is left is summed in C. A string left open hides the rest, as it would from the
    decoder. Only a text that is too deep is walked again, token by token, for the line."""
    part = text[start:end]
    if part.count("[") + part.count("{") <= limit:
        return None
    data = _ESCAPE.sub(b"", part.encode("utf-8", "surrogatepass"))
    pieces = data.translate(None, _NOT_SKELETON).split(b'"')
    skeleton = b"".join(pieces[0 : len(pieces) - (len(pieces) % 2 == 0) : 2])
    if not skeleton or max(itertools.accumulate(array("b", skeleton.translate(_STEPS)))) <= limit:
        return None
    return text.count("\n", 0, start) + _line_past(part, limit)


def _line_past(part: str, limit: int) -> int:
    depth = 0
    for token in _TOKEN.finditer(part):
        bracket = token.group()
        if bracket in ("[", "{"):
            depth += 1
            if depth > limit:
                return part.count("\n", 0, token.start()) + 1
        elif bracket in ("]", "}"):
            depth -= 1
    return part.count("\n") + 1


def check_depth(text: str, source: str, limit: int = MAX_DEPTH, start: int = 0, end: int | None = None,
                line_offset: int = 0) -> None:
    """Raise LimitError, naming `source` and the line, when the JSON in `text[start:end]`
    nests arrays and objects deeper than `limit`. `line_offset` is the number of lines before
    `text` in the file (for a reader whose buffer has dropped what it read)."""
    line = too_deep_line(text, limit, start, end)
    if line is not None:
        line += line_offset
        raise LimitError(source, _("arrays and objects nested more than {limit} deep").format(limit=limit), line=line,
                         mend=_("card data nests under ten deep: is this an MTGJSON or Scryfall file?"))
