"""The prose of a file: what a person wrote in words, with everything else blanked out.

`mtgrules cite` reads judge articles (plain text, Markdown, HTML) and source code. A rule
number in code (`x = 704.5`), in a tag's attribute or in an address (`…/cr/704.5g`) is not a
citation to check or to rewrite; in a comment, a docstring, a string shown to a person, or the
text of a page it is. `prose(text, kind)` returns a string of the same length as `text`, the
prose kept in place and the rest turned to spaces (line ends kept), so every offset found in it
is an offset of the file: a rewrite touches the file at exactly those places and nowhere else.

HTML entities are read where they stand: `&ndash;` is kept as "–" followed by spaces (a range
"704.5a&ndash;c" reads as "704.5a–      c", which the finder takes as a range), `&sect;` as "§".

Kinds: "text" (plain text and Markdown: addresses blanked), "html", "python" (comments and
strings, by Python's own tokenizer), "c" (`//` and `/* */` comments and string literals: C,
C++, Rust, Go, Java, JavaScript…), "hash" (`#` comments and strings: shell, Ruby, TOML, YAML).
"""

from __future__ import annotations

import html
import io
import re
import tokenize
from pathlib import PurePath

KINDS = ("text", "html", "python", "c", "hash")
_SUFFIXES = {
    **dict.fromkeys((".py", ".pyi", ".pyw"), "python"),
    **dict.fromkeys((".rs", ".c", ".h", ".cc", ".cpp", ".cxx", ".hpp", ".java", ".js", ".mjs", ".cjs", ".ts", ".tsx",
                     ".jsx", ".go", ".cs", ".kt", ".swift", ".scala", ".dart", ".php"), "c"),
    **dict.fromkeys((".sh", ".bash", ".zsh", ".rb", ".toml", ".yaml", ".yml", ".pl", ".r", ".cfg", ".ini", ".conf"), "hash"),
    **dict.fromkeys((".html", ".htm", ".xhtml", ".xml", ".svg"), "html"),
}
_ADDRESS = re.compile(r"\b(?:https?|ftp)://[^\s<>\"')\]]+|\]\([^)\s]*\)", re.IGNORECASE)
_TAG = re.compile(r"<!--.*?-->|<(script|style)\b.*?</\1\s*>|<[^>]*>", re.IGNORECASE | re.DOTALL)
_ENTITY = re.compile(r"&(?:#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});")


def kind_of(path: str) -> str:
    """The kind of a file by its name's ending; "text" for anything else (and for stdin)."""
    return _SUFFIXES.get(PurePath(path).suffix.lower(), "text")


def _blank(text: str) -> str:
    """`text` as spaces, line ends kept."""
    return re.sub(r"[^\r\n]", " ", text)


def _keep(text: str, spans: list[tuple[int, int]]) -> str:
    """`text` with only `spans` kept."""
    out: list[str] = []
    at = 0
    for start, end in sorted(spans):
        if start < at:
            start = at
        out.append(_blank(text[at:start]))
        out.append(text[start:end])
        at = max(at, end)
    out.append(_blank(text[at:]))
    return "".join(out)


def _text(text: str) -> str:
    return _ADDRESS.sub(lambda match: _blank(match.group(0)), text)


def _html(text: str) -> str:
    text = _TAG.sub(lambda match: _blank(match.group(0)), text)

    def entity(match: re.Match[str]) -> str:
        written = match.group(0)
        decoded = html.unescape(written)
        if decoded == written or len(decoded) > len(written):
            return _blank(written)
        return decoded + " " * (len(written) - len(decoded))

    return _text(_ENTITY.sub(entity, text))


def _line_starts(text: str) -> list[int]:
    starts = [0]
    starts += [match.end() for match in re.finditer("\n", text)]
    return starts


def _python(text: str) -> str:
    """Comments and strings, docstrings and f-strings' text included, by Python's tokenizer;
    code that does not tokenize is read as `hash` code is."""
    kept_types = {tokenize.COMMENT, tokenize.STRING, getattr(tokenize, "FSTRING_MIDDLE", -1), getattr(tokenize, "TSTRING_MIDDLE", -1)}
    starts = _line_starts(text)
    spans = []
    try:
        for token in tokenize.generate_tokens(io.StringIO(text).readline):
            if token.type in kept_types:
                (row, column), (end_row, end_column) = token.start, token.end
                spans.append((starts[row - 1] + column, starts[end_row - 1] + end_column))
    except (tokenize.TokenError, SyntaxError, IndexError):
        return _hash(text)
    return _keep(text, spans)


def _line_end(text: str, at: int) -> int:
    end = text.find("\n", at)
    return len(text) if end < 0 else end


def _c_like_span(text: str, at: int) -> int | None:
    """Where a comment or literal of C-like code starting at `at` ends; None when none starts
    there (a character literal such as '"' is skipped as one: -1 - its end)."""
    char = text[at]
    if text.startswith("//", at):
        return _line_end(text, at)
    if text.startswith("/*", at):
        end = text.find("*/", at + 2)
        return len(text) if end < 0 else end + 2
    raw = re.match(r'r(#*)"', text[at:at + 258]) if char == "r" else None
    if raw and (at == 0 or not (text[at - 1].isalnum() or text[at - 1] == "_")):
        hashes = raw.group(1)
        close = text.find('"' + hashes, at + 2 + len(hashes))
        return len(text) if close < 0 else close + 1 + len(hashes)
    if char in "\"`":
        return _string_end(text, at, char)
    if char == "'" and re.match(r"'(?:\\.|[^\\'\n])'", text[at:at + 4]):
        return -1 - (at + (3 if text[at + 1] != "\\" else 4))
    return None


def _hash_span(text: str, at: int) -> int | None:
    """Where a `#` comment or a quoted string starting at `at` ends; None when none starts there."""
    if text[at] == "#":
        return _line_end(text, at)
    if text[at] in "\"'":
        return _string_end(text, at, text[at])
    return None


def _scanned(text: str, span_at) -> str:
    """`text` with only the comments and literals `span_at` finds kept; a negative end (-1 -
    end) is something to pass over without keeping it."""
    spans = []
    at = 0
    while at < len(text):
        end = span_at(text, at)
        if end is None:
            at += 1
        elif end < 0:
            at = -1 - end
        else:
            spans.append((at, end))
            at = end
    return _keep(text, spans)


def _c_like(text: str) -> str:
    """`//` and `/* */` comments, "strings" (with escapes), Rust's raw strings r"…" and
    r#"…"#, JavaScript's `templates`. A quote in a character literal ('"') starts nothing."""
    return _scanned(text, _c_like_span)


def _hash(text: str) -> str:
    """`#` comments and "double" or 'single' quoted strings."""
    return _scanned(text, _hash_span)


def _string_end(text: str, at: int, quote: str) -> int:
    """Where the string literal opened by `quote` at `at` ends (after its closing quote)."""
    index = at + 1
    while index < len(text):
        char = text[index]
        if char == "\\":
            index += 2
            continue
        if char == quote:
            return index + 1
        if char == "\n" and quote != "`":
            return index
        index += 1
    return len(text)


_READERS = {"text": _text, "html": _html, "python": _python, "c": _c_like, "hash": _hash}


def prose(text: str, kind: str) -> str:
    """`text` with everything but its prose blanked, offsets unchanged (see the module)."""
    return _READERS[kind](text)
