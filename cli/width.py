"""Text laid out by the columns it takes on a terminal, not by its characters.

A wide character (Chinese, Japanese, Korean: East Asian Width W or F) takes two columns, a
combining accent none, and the marks the output sets around words before colouring them (the
search's snippet marks, the private-use marks of word differences) none on a terminal, where
they become colour codes, and two without colour, where they become `**` or `[-`, `{+`…

`wrap` fills paragraphs to a width by these columns. It breaks at spaces, and between two wide
characters (Chinese and Japanese text has no spaces), never inside a marked span (a search's
`**lethal damage**` stays on one line when it fits), and a word longer than the line is cut
only when it must be.
"""

from __future__ import annotations

import re
import unicodedata

# The snippet marks (mtgrules.index.snippets) and the word-difference marks (cli/editions).
MARK_STARTS = "\x02\ue000\ue002"
MARK_ENDS = "\x03\ue001\ue003"
MARKS = MARK_STARTS + MARK_ENDS
# Where a paragraph of narrow characters alone is cut for `_units`: runs of spaces and the marks
# (kept by `re.split`), the rest between them. Written so, not as a class of everything else,
# which costs ten times as much to compile.
_NARROW_BREAKS = r"( +|[\x02\x03\ue000-\ue003])"


def char_width(char: str, marks: int = 0) -> int:
    if char in MARKS:
        return marks
    if unicodedata.combining(char):
        return 0
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1


def display_width(text: str, marks: int = 0) -> int:
    """The columns `text` takes (one line); each mark counts `marks`."""
    if text.isascii() and "\x02" not in text and "\x03" not in text:  # the other marks are not ASCII
        return len(text)
    return sum(char_width(char, marks) for char in text)


def _units(paragraph: str) -> list[str]:
    """The paragraph cut where a line may break: a run of spaces is a unit of its own; a run of
    narrow characters is one unit, a wide character one unit by itself; a marked span (from a
    start mark to its end) is one unit whatever it holds.

    Read a run at a time (spaces, a mark, the characters between: `_NARROW_BREAKS`) rather than
    a character at a time, for a fifth of the time a search's page took to lay out; only a run
    of characters outside a marked span, in a paragraph with wide characters, is read character
    by character (`_wide_run`)."""
    widths = None
    if not paragraph.isascii():
        widths = {char: char_width(char) for char in set(paragraph)}  # each character's once, not at each of its uses
        if 2 not in widths.values():
            widths = None
    units: list[str] = []
    current = ""
    depth = 0
    for piece in re.split(_NARROW_BREAKS, paragraph):
        if not piece:
            continue
        first = piece[0]
        if first in MARK_STARTS:
            if not depth and current and not current.strip(" "):
                units.append(current)  # the spaces before a marked span are a break
                current = ""
            depth += 1
        elif first in MARK_ENDS:
            depth = max(0, depth - 1)
        elif depth:
            pass  # inside a marked span: all of it one unit
        elif first == " ":
            if current.strip(" "):
                units.append(current)
                current = ""
        else:
            if current and not current.strip(" "):
                units.append(current)
                current = ""
            if widths is not None:
                current = _wide_run(piece, current, units, widths)
                continue
        current += piece  # a run of spaces is one unit: two spaces between fields stay two
    if current:
        units.append(current)
    return units


def _wide_run(run: str, current: str, units: list[str], widths: dict[str, int]) -> str:
    """`_units`' step for a run of characters among wide ones: each wide character a unit by
    itself, and closing punctuation (，。」) kept with the character before it. Appends to
    `units` what the run ends; returns the unit it leaves open."""
    for char in run:
        if widths[char] == 2 and not unicodedata.category(char).startswith("P"):
            if current:
                units.append(current)
            current = char
        elif current and widths[current[-1]] == 2 and widths[char] == 1 and not unicodedata.category(char).startswith("P"):
            units.append(current)
            current = char
        else:
            current += char
    return current


def _fitting_spans(units: list[str], room: int, marks: int) -> list[str]:
    """A marked span wider than a whole line is marked word by word instead, so that it can
    break at its spaces and every line still opens and closes its marks."""
    fitted: list[str] = []
    for unit in units:
        start, end = unit[:1], unit.rstrip()[-1:]
        marked = start in MARK_STARTS and end in MARK_ENDS and unit.count(start) == 1
        if not marked or display_width(unit, marks) <= room or " " not in unit:
            fitted.append(unit)
            continue
        closing = unit.rindex(end)
        inner, after = unit[1:closing], unit[closing + 1:]
        pieces = inner.split(" ")
        for position, piece in enumerate(pieces):
            if position:
                fitted.append(" ")
            fitted.append(f"{start}{piece}{end}" + (after if position == len(pieces) - 1 else ""))
    return fitted


def _cut(unit: str, room: int, marks: int) -> tuple[str, str]:
    """The longest start of `unit` that fits in `room` columns, and the rest (at least one
    character that is not a mark is taken, so that a line always advances: a start mark alone
    would be closed and opened again by `wrap_paragraph`, leaving the unit as it was)."""
    taken, used = "", 0
    for index, char in enumerate(unit):
        width = char_width(char, marks)
        if used + width > room and taken.strip(MARKS):
            return taken, unit[index:]
        taken += char
        used += width
    return taken, ""


def wrap_paragraph(paragraph: str, width: int, indent: str = "", subsequent: str | None = None, marks: int = 0) -> list[str]:
    """The paragraph's lines, each at most `width` columns with its indent."""
    subsequent = indent if subsequent is None else subsequent
    lines: list[str] = []
    line, used = indent, display_width(indent)
    started = False  # the line holds a word (its indent alone does not count)
    pending_space = 0
    for unit in _fitting_spans(_units(paragraph), width - display_width(subsequent), marks):
        if not unit.strip(" "):
            pending_space = len(unit) if started else 0
            continue
        size = display_width(unit, marks)
        space = pending_space
        if started and used + space + size > width:
            lines.append(line)
            line, used, started = subsequent, display_width(subsequent), False
        elif space:
            line += " " * space
            used += space
        pending_space = 0
        while used + size > width and not started and size > 0:
            head, rest = _cut(unit, width - used - (marks if unit[:1] in MARK_STARTS else 0), marks)
            if not rest.strip(MARKS):  # nothing but a closing mark would be left: the line takes it all
                break
            unit = rest
            opened = next((char for char in head if char in MARK_STARTS), None)
            if opened is not None and not any(char in MARK_ENDS for char in head):
                closing = MARK_ENDS[MARK_STARTS.index(opened)]
                head, unit = head + closing, opened + unit  # a word longer than a line: its mark closed and opened again
            lines.append(line + head)
            line, used = subsequent, display_width(subsequent)
            size = display_width(unit, marks)
        line += unit
        used += size
        started = True
    lines.append(line)
    return lines


def fit(text: str, width: int, marks: int = 0) -> str:
    """`text` cut to `width` columns with "…" when longer."""
    if display_width(text, marks) <= width:
        return text
    head, _rest = _cut(text, max(1, width - 1), marks)
    return head.rstrip() + "…"
