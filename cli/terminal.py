"""Text from data made safe to show on a terminal.

What mtgrules prints comes partly from files and servers it does not control: a server's
reason phrase, a scenario's title and player names, ids, the text of a saved page. A terminal
obeys control characters in what it is given: an escape sequence can set the window title,
clear the screen or rewrite what was printed before; a carriage return or a newline in an id
splits or overwrites a line; a bidi override (U+202E) shows the rest of the line reversed.
`safe` shows each of them escaped instead (`\\x1b`, `\\u202e`), as Python writes them, so a
person sees that something odd is there and what. Tabs are kept; newlines only where a text
is shown on several lines (`lines=True`).

Applied where data is printed (TEAM interface 3): error lines, warnings, and the renderings of
rules, cards, terms, search results and scenarios. Click-free and cheap: text with nothing to
escape (nearly all of it) costs one `str.isprintable`.
"""

from __future__ import annotations

import functools

# C0 and C1 controls (ESC, CR, BEL, CSI as U+009B…), DEL, and the characters that change the
# direction of what follows (embeddings, overrides, isolates, the marks) or end a line.
# STX and ETX (U+0002, U+0003) are kept: a terminal does nothing with them, and the search marks
# matches in snippets with them (`index.snippets`) until they are shown bold or starred.
# Lone surrogates too: a byte of a file name or an argument that is not UTF-8 (U+DC80-U+DCFF,
# shown as the byte it stands for) cannot be written to the terminal at all.
_UNSAFE = (*range(0x00, 0x02), *range(0x04, 0x09), *range(0x0b, 0x20), *range(0x7F, 0xA0), 0x061C, 0x200E, 0x200F,
           0x2028, 0x2029, *range(0x202A, 0x202F), *range(0x2066, 0x206A))
_SURROGATES = range(0xD800, 0xE000)
_NEWLINE = 0x0A


def safe(text: str, lines: bool = False) -> str:
    """`text` with its control and direction-changing characters shown escaped; newlines kept
    when `lines`."""
    if text.isprintable():
        return text
    shown = text.translate(_escapes(lines))
    try:
        shown.encode("utf-8")  # only lone surrogates cannot be: the rare text that holds one pays for their table
    except UnicodeEncodeError:
        shown = shown.translate(_surrogate_escapes())
    return shown


@functools.cache
def _escapes(lines: bool) -> dict[int, str]:
    """Each unsafe character's escape but the surrogates', for `str.translate`: made on first
    need (a text of data that is not all printable: nearly every snippet, with its marks), at a
    tenth of what compiling the same class as a regular expression cost."""
    escapes = {code: f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" for code in _UNSAFE}
    if not lines:
        escapes[_NEWLINE] = f"\\x{_NEWLINE:02x}"
    return escapes


@functools.cache
def _surrogate_escapes() -> dict[int, str]:
    """The lone surrogates' escapes: a byte that was not UTF-8, as surrogateescape keeps it
    (U+DC80-U+DCFF), as that byte; any other as its code point. 2,048 of them: made only for a
    text that holds one (a search's snippets never do), which cost every lookup 0.6 ms."""
    escapes = dict(zip(_SURROGATES, map("\\u{:04x}".format, _SURROGATES), strict=True))
    escapes.update((code, f"\\x{code - 0xDC00:02x}") for code in range(0xDC80, 0xDD00))
    return escapes


# Fields of the lookups' entries shown on several lines (through `output.wrap`): their newlines
# are paragraphs; in any other field (a name, an id, a title) a newline would split a line.
_SHOWN_ON_LINES = frozenset({"text", "texts", "examples", "en_text", "english_instead", "shown_instead", "definitions", "snippet"})


def safe_data(value, lines: bool = False):
    """`value` (an entry of a lookup: dicts, lists and texts, as `--json` prints them) with each
    text made `safe`, for the readable output; newlines kept in the fields shown on lines."""
    if isinstance(value, str):
        return safe(value, lines)
    if isinstance(value, dict):
        return {key: safe_data(item, lines or key in _SHOWN_ON_LINES) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return type(value)(safe_data(item, lines) for item in value)
    return value
