"""Rewriting renumbered citations in a text, and nothing else (`mtgrules cite --fix`).

Only the written numbers change, each in the form it was written in: "704.5 g" stays spaced,
"704,5g" keeps its comma, "704.5G" its capital, the lone letter of "702.2b and c" stays a
letter when the rule is still the previous number's (else the full number is written). Every
other character of the text is left as it is, byte for byte.

A range is rewritten only when the rules it covers are still a range, in the same order
("701.27a–f" of 2025 is "701.28a–f" of 2024 when Convert's subrules moved together); when they
are not, or one of them is gone, it is left as written and the report says why.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from mtgrules import rulenumbers
from mtgrules.lookup.citation_status import Verdict
from mtgrules.lookup.rule_mentions import Mention, Part, Token

# Statuses whose number a fix rewrites: the rule is still there under another number.
_MOVED = ("renumbered", "reused")


@dataclass(frozen=True)
class Edit:
    start: int
    end: int
    old: str
    new: str


def _split(number: str) -> tuple[str, str | None, str]:
    section, rule, letters = rulenumbers.split(number)
    return str(section), (str(rule) if rule is not None else None), letters


def respell(token: Token, number: str, previous: str | None = None) -> str:
    """`number` written the way `token` was. A token of letters alone (or of a rule's digits
    alone, "10" of "712.9–10") stays so when `number` belongs where `previous` (the number
    before it in the citation, as now) does; else the number is written whole."""
    section, rule, letters = _split(number)
    written = token.written
    if token.letters_only or (written.isdigit() and len(written) < 3 and previous is not None):
        if previous is not None:
            previous_section, previous_rule, _ = _split(previous)
            if token.letters_only and letters and (previous_section, previous_rule) == (section, rule):
                return letters.upper() if written.isupper() else letters
            if written.isdigit() and not letters and previous_section == section and rule is not None:
                return rule
        return number
    if rule is None:
        return section
    separator = "," if written[3:4] == "," else "."
    text = f"{section}{separator}{rule}"
    if letters:
        tail = written[len(written.rstrip("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ()")):]
        upper = any(c.isupper() for c in tail)
        shown = letters.upper() if upper else letters
        if "(" in written:
            text += f"({shown})"
        elif " " in written:
            text += f" {shown}"
        else:
            text += shown
    return text


@dataclass(frozen=True)
class Left:
    """A range left as written: its text, and the numbers its rules have now (None: gone)."""

    part: str
    now: tuple[str | None, ...]

    @property
    def gone(self) -> bool:
        return None in self.now


def _part_edits(part: Part, verdict_of: Callable[[str], Verdict], previous: str | None) -> tuple[list[Edit], str | None, bool]:
    """The edits of one part, the number it now ends with (for the next part's letters), and
    whether a range had to be left as written."""
    verdicts = [verdict_of(number) for number in part.numbers]
    now = [v.now for v in verdicts]
    if all(v.now == v.number for v in verdicts):
        return [], part.numbers[-1], False
    if part.last is None:
        verdict = verdicts[0]
        if verdict.status not in _MOVED or verdict.now is None:
            return [], part.numbers[-1], False
        new = respell(part.first, verdict.now, previous)
        return [Edit(part.first.start, part.first.end, part.first.written, new)], verdict.now, False
    if any(number is None for number in now):
        return [], part.numbers[-1], True
    first, last = now[0] or "", now[-1] or ""
    try:
        consecutive = rulenumbers.expand_range(first, last) == now
    except ValueError:
        consecutive = False
    if not consecutive:
        return [], part.numbers[-1], True
    edits = []
    new_first = respell(part.first, first, previous)
    if new_first != part.first.written:
        edits.append(Edit(part.first.start, part.first.end, part.first.written, new_first))
    new_last = respell(part.last, last, first)
    if new_last != part.last.written:
        edits.append(Edit(part.last.start, part.last.end, part.last.written, new_last))
    return edits, last, False


def mention_edits(mention: Mention, verdict_of: Callable[[str], Verdict]) -> tuple[list[Edit], list[Left]]:
    """The edits that bring one citation up to date, and the ranges left as written."""
    edits: list[Edit] = []
    left: list[Left] = []
    previous: str | None = None
    for part in mention.parts:
        found, previous, kept = _part_edits(part, verdict_of, previous)
        edits += found
        if kept and part.last is not None:
            left.append(Left(f"{part.first.written}–{part.last.written}", tuple(verdict_of(n).now for n in part.numbers)))
    return edits, left


def apply(text: str, edits: list[Edit]) -> str:
    """`text` with the edits made, every other character kept."""
    out = []
    at = 0
    for edit in sorted(edits, key=lambda e: e.start):
        assert text[edit.start:edit.end] == edit.old, (edit, text[edit.start:edit.end])
        out.append(text[at:edit.start])
        out.append(edit.new)
        at = edit.end
    out.append(text[at:])
    return "".join(out)
