"""Where a text cites rules, as judges write the numbers, with the place of every number.

`mtgrules cite` needs more than `rulenumbers.references` gives (the numbers a rules text
refers to): the place of each written number, so that a renumbered one can be rewritten and
nothing else touched, and the forms people write outside the rules themselves:

- a word for "rule" or a section sign before the number, in any language the corpus reads
  (`rulenumbers.RULE_WORDS`: "rule 701.47", "CR 704.5y", "regla 702.19b", "règle 704.5g",
  "§704.5g", "规则704.5g"); after such a word a section alone counts too ("rule 704"), and a
  decimal comma ("regla 704,5g");
- the letters of a subrule apart or in parentheses: "704.5 g", "704.5(g)";
- ranges: "704.5a–c", "704.5a-704.5d", "712.9–10", "701.27a through 701.27f";
- lists: "702.2b and c", "704.5a, b, y c", "rules 510.1c–d and 510.2".

A dotted number counts anywhere ("as 704.5g says"), as in the rules; a section number alone
only after a word for "rule", since "100" alone may be a life total. What is not a number of any
edition is for the checker to drop (a price such as 100.50 is found here, and found to be no
rule there).

Guards against reading prose as letters: the letters of a list or range run forwards
("704.5g and a creature" is not 704.5g and 704.5a); a lone letter that is a word in one of the
languages read ("a", "e", "i", "u", "y") counts only before punctuation; "e.g." and "i.e." are
not letters.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from mtgrules import rulenumbers

# A letter that is also a word (English "a", Spanish "y", "e", "u", Italian "i"...): read as a
# subrule's letters only when punctuation follows.
_WORD_LETTERS = frozenset("aeiuy")
_LETTER = r"[^\W\d_]"
# What may not follow a subrule's letters: a Latin letter ("704.5and" is no subrule). A CJK
# character may ("规则704.5g和704.5h").
_LATIN = r"[a-zA-Z\u00c0-\u024f]"


@dataclass(frozen=True)
class Token:
    """One written number: its place in the text, as written, and as the rules print it (a
    lone letter "c" of "702.2b and c" is 702.2c)."""

    start: int
    end: int
    written: str
    number: str

    @property
    def letters_only(self) -> bool:
        """"c" in "702.2b and c", "f" in "701.27a–f": the rule is the previous number's."""
        return not self.written[:1].isdigit()


@dataclass(frozen=True)
class Part:
    """A number, or a range from `first` to `last`, with the numbers it stands for."""

    first: Token
    last: Token | None
    numbers: tuple[str, ...]


@dataclass(frozen=True)
class Mention:
    """One citation as written ("rules 510.1c–d and 510.2"): its place, whether a word for
    "rule" comes before it, and its parts."""

    start: int
    end: int
    text: str
    prefixed: bool
    parts: tuple[Part, ...]

    @property
    def numbers(self) -> list[str]:
        return [number for part in self.parts for number in part.numbers]


_PREFIX = (
    rf"(?:(?<!{_LETTER})(?:{rulenumbers.RULE_WORDS}|sections?|secci[oó]n(?:es)?)(?!{_LETTER})\.?:?\s*"
    r"|§§?\s*|规则\s*)"
)
# The start of a mention: an optional prefix and a number (its letters are read after).
_START = re.compile(
    rf"(?:(?P<prefix>{_PREFIX})|(?<![0-9A-Za-z_.,$€£\u00c0-\u024f]))(?P<digits>\d{{3}})(?P<rule>[.,]\d+)?(?![\d])", re.IGNORECASE
)
_ATTACHED = re.compile(rf"([a-z]{{1,2}}|[A-Z])(?!{_LATIN})")
_PARENTHESISED = re.compile(r"\(([a-z]{1,2})\)")
_SPACED = re.compile(r" ([a-z])(?=[\s,.;:)\]" + rulenumbers.DASHES + r"]|$)")
_RANGE_LINK = re.compile(rf"\s*[{rulenumbers.DASHES}]\s*|\s+(?:through|thru|to|hasta|a|al|à|au|bis)\s+", re.IGNORECASE)
_LIST_LINK = re.compile(
    r"\s*(?:,\s*(?:(?:and|or|y|o|e|et|ou|und|oder)\s+)?|;\s*|/\s*|&\s*|\s(?:and|or|y|o|e|et|ou|und|oder)\s+|\s*[、和及或]\s*)",
    re.IGNORECASE,
)
_LONE_LETTERS = re.compile(rf"([a-z]{{1,2}})(?!{_LATIN})")
_LONE_DIGITS = re.compile(r"(\d{1,3})(?![\d.,]\d|\d)")


@dataclass
class _Number:
    """A number being read: where its digits start, its section, rule and letters, and the
    text as written (letters apart or in parentheses included)."""

    start: int
    end: int
    section: str
    rule: str | None  # "5" of 704.5; None for a section alone
    letters: str

    @property
    def number(self) -> str:
        return f"{self.section}.{self.rule}{self.letters.lower()}" if self.rule is not None else self.section


def _punctuation_follows(text: str, at: int) -> bool:
    return at >= len(text) or text[at] in ",.;:)]!?" + rulenumbers.DASHES or text[at] == "\n"


def _read_letters(text: str, at: int) -> tuple[str, int] | None:
    """Letters that belong to the number ending at `at`: attached, in parentheses, or after one
    space. None when there are none."""
    attached = _ATTACHED.match(text, at)
    abbreviation = attached and text.startswith(".", attached.end()) and re.match(_LETTER, text[attached.end() + 1: attached.end() + 2])
    if attached and attached.group(1).lower() not in ("l", "o") and not abbreviation:
        return attached.group(1), attached.end()
    parenthesised = _PARENTHESISED.match(text, at)
    if parenthesised:
        return parenthesised.group(1), parenthesised.end()
    spaced = _SPACED.match(text, at)
    if spaced and spaced.group(1) in rulenumbers.SUBRULE_LETTERS:
        letter = spaced.group(1)
        end = spaced.end()
        abbreviation = text.startswith(".", end) and re.match(_LETTER, text[end + 1: end + 2] or " ")
        if not abbreviation and (letter not in _WORD_LETTERS or _punctuation_follows(text, end)):
            return letter, end
    return None


def _read_number(text: str, at: int, *, prefixed: bool) -> _Number | None:
    """A full number starting at `at` (no prefix): `704`, `704.5`, `704.5g`, `704,5g`."""
    match = _START.match(text, at)
    if match is None or match.group("prefix"):
        return None
    return _number_from(text, match, prefixed=prefixed)


def _number_from(text: str, match: re.Match[str], *, prefixed: bool) -> _Number | None:
    digits, rule = match.group("digits"), match.group("rule")
    end = match.end()
    if rule is not None and rule.startswith(",") and not prefixed:
        return None
    if rule is None:
        if not prefixed:
            return None
        return _Number(match.start("digits"), end, digits, None, "")
    if text.startswith(".", end) and end + 1 < len(text) and text[end + 1].isdigit():
        return None  # 192.168.1.1, a version 100.2.3: not a rule
    letters = _read_letters(text, end)
    if letters:
        return _Number(match.start("digits"), letters[1], digits, rule[1:], letters[0])
    return _Number(match.start("digits"), end, digits, rule[1:], "")


def _token(text: str, number: _Number) -> Token:
    return Token(number.start, number.end, text[number.start:number.end], number.number)


def _letter_position(letters: str) -> int:
    """The place of a subrule's letters in the order, -1 for letters no subrule has (l, o)."""
    letters = letters.lower()
    if not all(letter in rulenumbers.SUBRULE_LETTERS for letter in letters):
        return -1
    return rulenumbers.letter_index(letters)


def _range_end(text: str, at: int, first: _Number, *, worded: bool) -> _Number | None:
    """What ends a range begun by `first` at `at` (after the link): a full number, letters of
    the same rule, or a rule number of the same section."""
    full = _read_number(text, at, prefixed=first.rule is None)
    if full is not None:
        return full
    if worded:
        return None
    if first.letters:
        lone = _LONE_LETTERS.match(text, at)
        if lone and _letter_position(lone.group(1)) > max(_letter_position(first.letters), -1):
            return _Number(lone.start(1), lone.end(1), first.section, first.rule, lone.group(1))
        return None
    if first.rule is not None:
        digits = _LONE_DIGITS.match(text, at)
        if digits and int(digits.group(1)) > int(first.rule):
            return _Number(digits.start(1), digits.end(1), first.section, digits.group(1), "")
    return None


# A range of more numbers than this is no range a person means ("704.5a–zz" is a typo).
_LONGEST_RANGE = 60


def _expand(first: _Number, last: _Number) -> tuple[str, ...] | None:
    try:
        numbers = tuple(rulenumbers.expand_range(first.number, last.number))
    except ValueError:
        return None
    return numbers if len(numbers) <= _LONGEST_RANGE else None


def _read_part(text: str, at: int, number: _Number) -> tuple[Part, int]:
    """`number` and, when a range follows it, the range: the part and where it ends."""
    link = _RANGE_LINK.match(text, at)
    if link:
        last = _range_end(text, link.end(), number, worded=link.group(0).strip() not in tuple(rulenumbers.DASHES))
        numbers = _expand(number, last) if last is not None else None
        if last is not None and numbers:
            return Part(_token(text, number), _token(text, last), numbers), last.end
    return Part(_token(text, number), None, (number.number,)), number.end


def _list_item(text: str, at: int, previous: _Number, *, prefixed: bool) -> _Number | None:
    """The next item of a list after its link: a full number, or letters of the previous
    item's rule, later in the order than the previous item's."""
    full = _read_number(text, at, prefixed=prefixed and previous.rule is None)
    if full is not None:
        return full
    if not previous.letters:
        return None
    lone = _LONE_LETTERS.match(text, at)
    if lone is None or _letter_position(lone.group(1)) <= max(_letter_position(previous.letters), -1):
        return None
    end = lone.end(1)
    if text.startswith(".", end) and re.match(_LETTER, text[end + 1: end + 2] or " "):
        return None  # "e.g."
    if (lone.group(1) in _WORD_LETTERS or len(lone.group(1)) > 1) and not _punctuation_follows(text, end):
        return None
    return _Number(lone.start(1), end, previous.section, previous.rule, lone.group(1))


def mentions(text: str) -> list[Mention]:
    """Every citation of rules in `text`, in order. Offsets are those of `text` (pass it masked
    to its prose, `mtgrules.lookup.prose`, to skip code, tags and addresses)."""
    found: list[Mention] = []
    at = 0
    while True:
        match = _START.search(text, at)
        if match is None:
            return found
        prefixed = match.group("prefix") is not None
        number = _number_from(text, match, prefixed=prefixed)
        if number is None:
            at = match.end()
            continue
        part, end = _read_part(text, number.end, number)
        parts = [part]
        last_number = _Number(part.last.start, part.last.end, *_split(part.last.number)) if part.last else number
        while True:
            link = _LIST_LINK.match(text, end)
            if not link:
                break
            item = _list_item(text, link.end(), last_number, prefixed=prefixed)
            if item is None:
                break
            part, end = _read_part(text, item.end, item)
            parts.append(part)
            last_number = _Number(part.last.start, part.last.end, *_split(part.last.number)) if part.last else item
        start = match.start("prefix") if prefixed else number.start
        found.append(Mention(start, end, text[start:end], prefixed, tuple(parts)))
        at = end


def _split(number: str) -> tuple[str, str | None, str]:
    section, rule, letters = rulenumbers.split(number)
    return str(section), (str(rule) if rule is not None else None), letters
