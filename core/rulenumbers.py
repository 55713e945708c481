"""Rule-number arithmetic: parsing, ordering, parents, subrule letters and ranges.

A rule's key is its number as printed without the trailing period: `7` (a chapter), `701`
(a section), `701.50` (a rule), `701.50a` and `704.5aa` (subrules). Subrule letters skip `l`
and `o` (they read like 1 and 0); after `z` comes `aa`, then `ab`, and so on.
"""

from __future__ import annotations

import functools
import re

SUBRULE_LETTERS = [c for c in "abcdefghijklmnopqrstuvwxyz" if c not in "lo"]

NUMBER_PATTERN = r"\d{3}(?:\.\d+[a-z]*)?"
_NUMBER = re.compile(r"^(\d{1,3})(?:\.(\d+)([a-z]*))?$")


def is_rule_number(text: str) -> bool:
    """True for `7`, `701`, `701.50`, `704.5aa`; trailing periods are not part of a key."""
    return _NUMBER.match(text) is not None


# `split`, `sort_key` and `parent` are asked of the same few thousand numbers again and again
# (each edition's rules, at parse, store and trace): remembered, up to a bound (as are the
# references of a text, `_references`).
_remembered = functools.lru_cache(maxsize=1 << 16)


@_remembered
def split(number: str) -> tuple[int, int | None, str]:
    """`704.5aa` -> (704, 5, "aa"); `701` -> (701, None, "")."""
    match = _NUMBER.match(number)
    if not match:
        raise ValueError(f"not a rule number: {number!r}")
    section, rule, letters = match.groups()
    return int(section), (int(rule) if rule is not None else None), letters or ""


def letter_index(letters: str) -> int:
    """Position of a subrule suffix in the official sequence: a=0 … z=23, aa=24, ab=25 …"""
    if not letters:
        return -1
    if len(letters) == 1:
        return SUBRULE_LETTERS.index(letters)
    return len(SUBRULE_LETTERS) * (1 + SUBRULE_LETTERS.index(letters[0])) + SUBRULE_LETTERS.index(letters[1])


def letters_at(index: int) -> str:
    """Inverse of `letter_index`."""
    size = len(SUBRULE_LETTERS)
    if index < size:
        return SUBRULE_LETTERS[index]
    first, second = divmod(index - size, size)
    return SUBRULE_LETTERS[first] + SUBRULE_LETTERS[second]


@_remembered
def sort_key(number: str) -> tuple:
    """Orders numbers as the rules do: 704.5z before 704.5aa, 701.9 before 701.10."""
    section, rule, letters = split(number)
    return (section, -1 if rule is None else rule, letter_index(letters))


@_remembered
def parent(number: str) -> str | None:
    """Parent of `704.5aa` is `704.5`; of `704.5` is `704`; of `704` is the chapter `7`."""
    section, rule, letters = split(number)
    if letters:
        return f"{section}.{rule}"
    if rule is not None:
        return str(section)
    if section >= 100:
        return str(section // 100)
    return None


def subrule(number: str, index: int) -> str:
    """The index-th lettered subrule of a numbered rule: subrule("701.50", 0) == "701.50a"."""
    return f"{number}{letters_at(index)}"


DASHES = "\u2013\u2014-"

# Words a person writes before a rule number, in the languages the corpus reads, as regular
# expression alternatives (no groups): "CR 704.5g", "rule", "regla", "règle", "regra",
# "regola", "Regel". Read by `mtgrules rule` (a number as typed) and `mtgrules cite` (numbers
# in a text), so both know the same words.
RULE_WORDS = r"comprehensive\s+rules?|cr|rules?|reglas?|r[eèé]gles?|regras?|regol[ae]|regeln?"


def expand_range(start: str, end: str) -> list[str]:
    """Numbers from start to end inclusive, for references such as `701.27a–f`, `712.9–10`
    and ranges a person types (`704.5a-704.5d`). The end may be a full number, a letter suffix
    or a rule number within the start's section. Raises ValueError when the two do not share
    a parent or the end comes before the start."""
    section, rule, letters = split(start)
    if re.fullmatch(r"[a-z]{1,2}", end) and letters:
        end = f"{section}.{rule}{end}"
    elif re.fullmatch(r"\d+", end) and rule is not None and not letters:
        end = f"{section}.{end}"
    end_section, end_rule, end_letters = split(end)
    if letters and end_letters and (section, rule) == (end_section, end_rule):
        first, last = letter_index(letters), letter_index(end_letters)
        if last < first:
            raise ValueError(f"range {start}-{end} runs backwards")
        return [f"{section}.{rule}{letters_at(i)}" for i in range(first, last + 1)]
    if not letters and not end_letters and rule is not None and end_rule is not None and section == end_section:
        if end_rule < rule:
            raise ValueError(f"range {start}-{end} runs backwards")
        return [f"{section}.{r}" for r in range(rule, end_rule + 1)]
    raise ValueError(f"range {start}-{end} does not stay within one rule")


@functools.cache
def _reference_patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """The expressions `references` finds numbers with: three digits in a row (every number it
    finds has them: a text without them, most rules text, is passed by at a fraction of the
    cost of the others), a dotted number, a range from one, a word for "rule" and what follows.
    Compiled when first used, not at import: a lookup that reads no references (and every
    command imports this module) would pay some 2 ms for them."""
    three_digits = re.compile(r"\d\d\d")
    bare_number = re.compile(r"(?<![\d.])\d{3}\.\d+[a-z]*(?![\d])")
    number_range = re.compile(
        rf"(?P<start>{NUMBER_PATTERN})\s*[{DASHES}]\s*(?P<end>{NUMBER_PATTERN}|[a-z]{{1,2}}|\d+)(?!\w|\.\d)"
    )
    reference_context = re.compile(
        rf"\b(?:rules?|regla|reglas|règle|règles|规则)\s*((?:{NUMBER_PATTERN}(?:\s*[{DASHES}]\s*(?:{NUMBER_PATTERN}|[a-z]{{1,2}}\b|\d+))?"
        rf"(?:\s*(?:,|and|y|et|or|o|ou|和|及|、)\s*)?)+)",
        re.IGNORECASE,
    )
    return three_digits, bare_number, number_range, reference_context


def references(text: str) -> list[str]:
    """Rule numbers a text refers to, ranges expanded, in order of first mention.

    Recognises "See rule 702.179", "rules 701.27a–f, 712.9–10, and 712.18", "véase la regla
    701.50b", "voir la règle 704.5", "参见规则701.44". Dotted numbers (123.4, 123.4b) count
    anywhere: in rules text they are always rule numbers. Three-digit section numbers (714)
    count only after a word for "rule", since "100" alone may be a life total.
    """
    return list(_references(text))


@functools.lru_cache(maxsize=1 << 13)
def _references(text: str) -> tuple[str, ...]:
    """`references`, remembered for the texts of about two editions: consecutive editions of
    the rules repeat most of their texts word for word, so an ingest of several asks again and
    again (a third of parsing an edition)."""
    found: list[str] = []
    three_digits, bare_number, number_range, reference_context = _reference_patterns()
    if three_digits.search(text) is None:
        return ()

    def add(number: str) -> None:
        number = number.rstrip(".")
        if number not in found:
            found.append(number)

    for match in bare_number.finditer(text):
        range_match = number_range.match(text, match.start())
        if range_match:
            try:
                for number in expand_range(range_match["start"], range_match["end"]):
                    add(number)
                continue
            except ValueError:
                pass
        add(match.group(0))
    for match in reference_context.finditer(text):
        for number in re.findall(r"(?<![\d.])\d{3}(?![\d.]|\.\d)", match.group(1)):
            add(number)
    return tuple(found)


def reference_spans(text: str) -> list[tuple[int, int, str]]:
    """Where `references` finds each number in `text`: (start, end, number), in text order,
    without overlaps, for a page to make each a link. The end of a range ("701.27a–f") is its
    own span, naming the last number of the range; a section number (714) counts after a word
    for "rule", as in `references`."""
    three_digits, bare_number, number_range, reference_context = _reference_patterns()
    if three_digits.search(text) is None:
        return []
    spans: list[tuple[int, int, str]] = []
    for match in bare_number.finditer(text):
        spans.append((match.start(), match.end(), match.group(0).rstrip(".")))
        range_match = number_range.match(text, match.start())
        if range_match and range_match.end("end") > match.end():
            try:
                last = expand_range(range_match["start"], range_match["end"])[-1]
            except ValueError:
                continue
            if not bare_number.fullmatch(range_match["end"]):
                spans.append((range_match.start("end"), range_match.end("end"), last))
    for match in reference_context.finditer(text):
        for section in re.finditer(r"(?<![\d.])\d{3}(?![\d.]|\.\d)", match.group(1)):
            spans.append((match.start(1) + section.start(), match.start(1) + section.end(), section.group(0)))
    spans.sort()
    kept: list[tuple[int, int, str]] = []
    for span in spans:
        if not kept or span[0] >= kept[-1][1]:
            kept.append(span)
    return kept
