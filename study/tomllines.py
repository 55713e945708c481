"""Where each key of a TOML document is written: key path -> line number.

`tomllib` parses TOML into plain dictionaries and forgets positions, but a person fixing a
scenario file needs "bad.toml:7: permanents[1].toughness", not just the key. This module scans
the same text once more, only far enough to know which line each key path starts on:

    [[permanents]]          -> ("permanents", 0)
    toughness = "x"         -> ("permanents", 0, "toughness")
    hand = ["Island",       -> ("players", 0, "hand") and ("players", 0, "hand", 0)
            {name = "Opt"}] -> ("players", 0, "hand", 1) and (..., 1, "name")

It runs only on text `tomllib` already accepted, so it is lenient: it never reports errors of
its own, and a path it did not see falls back to its nearest recorded parent (`line_of`).
"""

from __future__ import annotations

import bisect
import re

Path = tuple  # of str keys and int array indices

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_SCALAR_END = re.compile(r"[,\]}\n#]")


class _Scanner:
    def __init__(self, text: str):
        self.text = text
        self.pos = 0
        self.newlines = [i for i, char in enumerate(text) if char == "\n"]
        self.lines: dict[Path, int] = {}
        self.array_tables: dict[Path, int] = {}  # resolved path of [[x]] -> how many so far

    def line(self) -> int:
        return bisect.bisect_right(self.newlines, self.pos - 1) + 1 if self.pos else 1

    def at(self, prefix: str) -> bool:
        return self.text.startswith(prefix, self.pos)

    def record(self, path: Path) -> None:
        self.lines.setdefault(path, self.line())

    def skip_blank(self, newlines: bool) -> None:
        """Skip spaces and comments (and line ends when `newlines`)."""
        while self.pos < len(self.text):
            char = self.text[self.pos]
            if char in " \t\r" or (newlines and char == "\n"):
                self.pos += 1
            elif char == "#":
                end = self.text.find("\n", self.pos)
                self.pos = len(self.text) if end < 0 else end
            else:
                return

    def string(self) -> str:
        """Skip a string of any of TOML's four kinds and return its value (roughly: escapes
        are left as written, which is enough for keys)."""
        for quote in ('"""', "'''"):
            if self.at(quote):
                start = self.pos + 3
                end = start
                while True:
                    end = self.text.find(quote, end)
                    if end < 0 or quote == "'''" or self.text[end - 1] != "\\":
                        break
                    end += 1
                end = len(self.text) if end < 0 else end
                while self.text.startswith(quote[0], end + 3):  # up to two quotes may close it
                    end += 1
                self.pos = end + 3
                return self.text[start:end]
        quote = self.text[self.pos]
        start = self.pos = self.pos + 1
        while self.pos < len(self.text) and self.text[self.pos] != quote:
            self.pos += 2 if quote == '"' and self.text[self.pos] == "\\" else 1
        self.pos += 1
        return self.text[start:self.pos - 1]

    def key(self) -> tuple[str, ...]:
        parts = []
        while True:
            self.skip_blank(newlines=False)
            if self.pos < len(self.text) and self.text[self.pos] in "\"'":
                parts.append(self.string())
            else:
                match = _BARE_KEY.match(self.text, self.pos)
                if not match:
                    return tuple(parts)
                parts.append(match.group(0))
                self.pos = match.end()
            self.skip_blank(newlines=False)
            if not self.at("."):
                return tuple(parts)
            self.pos += 1

    def value(self, path: Path) -> None:
        self.skip_blank(newlines=False)
        self.record(path)
        if self.at("["):
            self.pos += 1
            index = 0
            while True:
                self.skip_blank(newlines=True)
                if self.pos >= len(self.text) or self.at("]"):
                    self.pos += 1
                    return
                self.value(path + (index,))
                index += 1
                self.skip_blank(newlines=True)
                if self.at(","):
                    self.pos += 1
        elif self.at("{"):
            self.pos += 1
            while True:
                self.skip_blank(newlines=False)
                if self.pos >= len(self.text) or self.at("}"):
                    self.pos += 1
                    return
                self.key_value(path)
                self.skip_blank(newlines=False)
                if self.at(","):
                    self.pos += 1
        elif self.pos < len(self.text) and self.text[self.pos] in "\"'":
            self.string()
        else:
            match = _SCALAR_END.search(self.text, self.pos)
            self.pos = match.start() if match else len(self.text)

    def key_value(self, table: Path) -> None:
        key = self.key()
        for depth in range(1, len(key) + 1):
            self.record(table + key[:depth])
        self.skip_blank(newlines=False)
        if self.at("="):
            self.pos += 1
        self.value(table + key)

    def resolve(self, key: tuple[str, ...]) -> Path:
        """A header's key with the current index of every array of tables on its way."""
        path: Path = ()
        for part in key:
            path += (part,)
            if path in self.array_tables:
                path += (self.array_tables[path] - 1,)
        return path

    def header(self) -> Path:
        double = self.at("[[")
        self.pos += 2 if double else 1
        key = self.key()
        end = self.text.find("\n", self.pos)
        self.pos = len(self.text) if end < 0 else end
        if double:
            parent = self.resolve(key[:-1]) + key[-1:]
            index = self.array_tables.get(parent, 0)
            self.array_tables[parent] = index + 1
            self.record(parent)
            path = parent + (index,)
        else:
            path = self.resolve(key)
        self.record(path)
        return path

    def document(self) -> dict[Path, int]:
        table: Path = ()
        while True:
            self.skip_blank(newlines=True)
            if self.pos >= len(self.text):
                return self.lines
            if self.at("["):
                table = self.header()
            else:
                start = self.pos
                self.key_value(table)
                if self.pos == start:  # not TOML after all: move on rather than loop
                    self.pos += 1


def key_lines(text: str) -> dict[Path, int]:
    """Every key path of a TOML document (that `tomllib` accepts) -> the line it starts on."""
    return _Scanner(text).document()


def line_of(lines: dict[Path, int], path: Path) -> int | None:
    """The line of `path`, or of its nearest parent that was written down."""
    for depth in range(len(path), 0, -1):
        if path[:depth] in lines:
            return lines[path[:depth]]
    return None


def render_path(path: Path) -> str:
    """("permanents", 1, "toughness") -> "permanents[1].toughness"."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            written = part if _BARE_KEY.fullmatch(part) else '"' + part.replace('"', '\\"') + '"'
            out += ("." if out else "") + written
    return out


def too_deep(text: str, limit: int) -> int | None:
    """The line where arrays and inline tables first nest deeper than `limit`, or None. A
    linear scan that skips strings and comments, so that a file nested ten thousand deep is
    refused before `tomllib` (which recurses) and this module's own scanner see it."""
    depth, line, pos, size = 0, 1, 0, len(text)
    while pos < size:
        char = text[pos]
        if char == "\n":
            line += 1
        elif char == "#":
            end = text.find("\n", pos)
            pos = size if end < 0 else end
            continue
        elif char in "\"'":
            quote = text[pos:pos + 3] if text.startswith(char * 3, pos) else char
            end = pos + len(quote)
            while end < size and not text.startswith(quote, end):
                end += 2 if char == '"' and text[end] == "\\" else 1
            line += text.count("\n", pos, end)
            pos = end + len(quote)
            continue
        elif char in "[{":
            depth += 1
            if depth > limit:
                return line
        elif char in "]}":
            depth = max(0, depth - 1)
        pos += 1
    return None
