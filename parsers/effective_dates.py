"""The date a rules document takes effect, written the way its language writes dates.

The official English file says "These rules are effective as of August 7, 2026."; the Chinese
translation "此规则于2024年6月7日起生效。". Translations yet to come will write "7 de agosto de
2026", "7 août 2026", "7. August 2026" or "07/08/2026"; sites saving rulings write "20 de septiembre de 2016", "9 févr. 2017", "Sep 20,
2016" or "2016-09-20". Rather than one sentence per language, this module finds a date anywhere
in a line in any of these forms (month names and their abbreviations in English, Spanish,
French, Portuguese, Italian and German), so a parser only has to say which lines to look at.
Numeric dates with slashes, dots or dashes are read day first, as every language but American
English writes them; the English file spells its month out.
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass

from mtgrules.text import fold

# Month names of the languages Wizards translates the rules or cards into with Latin script.
# Names shared between languages ("marzo", "mai", "agosto") name the same month in each.
_MONTHS_EN = "january february march april may june july august september october november december"
_MONTHS_OTHER = (
    "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre",
    "janvier fevrier mars avril mai juin juillet aout septembre octobre novembre decembre",
    "janeiro fevereiro marco abril maio junho julho agosto setembro outubro novembro dezembro",
    "gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre",
    "januar februar marz april mai juni juli august september oktober november dezember",
)
_ENGLISH = {name: month for month, name in enumerate(_MONTHS_EN.split(), start=1)}
_ANY_LANGUAGE = {
    name: month for names in (_MONTHS_EN, *_MONTHS_OTHER) for month, name in enumerate(names.split(), start=1)
}
_ANY_LANGUAGE["setiembre"] = 9  # the Latin American spelling


def _abbreviations(names: dict[str, int]) -> dict[str, int]:
    """Every name and every prefix of at least three letters that names one month only: sites
    abbreviate ("sept.", "févr.", "ene.", "Sep", "dez."), and "jui" (juin or juillet) says nothing."""
    months: dict[str, set[int]] = {}
    for name, month in names.items():
        for end in range(3, len(name) + 1):
            months.setdefault(name[:end], set()).add(month)
    return {prefix: next(iter(found)) for prefix, found in months.items() if len(found) == 1}


_ENGLISH_SHORT = _abbreviations(_ENGLISH)
_ANY_SHORT = _abbreviations(_ANY_LANGUAGE)

_YEAR_FIRST = re.compile(
    r"([0-9]{4})\s*[年년]\s*([0-9]{1,2})\s*[月월]\s*([0-9]{1,2})\s*[日일]"
    r"|(?<![0-9])([0-9]{4})([-/.])([0-9]{1,2})\5([0-9]{1,2})(?![0-9])"
)
_MONTH_FIRST = re.compile(r"(?<!\w)([^\W\d_]+)\.?\s+([0-9]{1,2}),?\s+([0-9]{4})(?![0-9])")
_DAY_FIRST = re.compile(
    r"(?<![0-9])([0-9]{1,2})(?:\.|er|º|°)?\s+(?:de\s+)?([^\W\d_]+)\.?,?\s+(?:del?\s+)?([0-9]{4})(?![0-9])"
)
_NUMERIC = re.compile(r"(?<![0-9])([0-9]{1,2})([./-])([0-9]{1,2})\2([0-9]{4})(?![0-9])")


@dataclass(frozen=True)
class FoundDate:
    """A date found in a line: where it stands (so a page reader can tell a date line, or a
    date before or after a ruling's text, from a date inside a sentence)."""

    iso: str
    start: int
    end: int
    english: bool  # written the English way: month name first, in English


def find_date(line: str) -> tuple[str, bool] | None:
    """The first date written in `line`, as (ISO date, written the English way), or None.

    "Written the English way" (month name first, in English: "August 7, 2026") is evidence the
    document is the English one; no other form says which language it is in."""
    found = next(iter(dates_in(line)), None)
    return (found.iso, found.english) if found else None


def dates_in(line: str) -> list[FoundDate]:
    """Every date written in `line`, most specific form first (year first, then month names,
    then numeric); impossible dates ("31 février") are left out."""
    found = []
    for match in _YEAR_FIRST.finditer(line):
        parts = (match[1], match[2], match[3]) if match[1] else (match[4], match[6], match[7])
        found.append(_found(match, *parts, english=False))
    for match in _MONTH_FIRST.finditer(line):
        month = _ENGLISH_SHORT.get(match[1].lower())
        if month:
            found.append(_found(match, match[3], month, match[2], english=True))
    for match in _DAY_FIRST.finditer(line):
        month = _ANY_SHORT.get(fold(match[2]))
        if month:
            found.append(_found(match, match[3], month, match[1], english=False))
    for match in _NUMERIC.finditer(line):
        first, second = int(match[1]), int(match[3])
        # Day first, as every language but American English writes it; "09/20/2016" can only
        # be month first.
        day, month = (second, first) if second > 12 >= first else (first, second)
        found.append(_found(match, match[4], month, day, english=False))
    return [date for date in found if date]


def _found(match: re.Match, year, month, day, *, english: bool) -> FoundDate | None:
    """None for a date that does not exist (a "31 février" is not the effective date)."""
    try:
        iso = datetime.date(int(year), int(month), int(day)).isoformat()
    except ValueError:
        return None
    return FoundDate(iso, match.start(), match.end(), english)
