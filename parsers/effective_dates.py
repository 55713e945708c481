"""The date a rules document takes effect, written the way its language writes dates.

The official English file says "These rules are effective as of August 7, 2026."; the Chinese
translation "此规则于2024年6月7日起生效。". Translations yet to come will write "7 de agosto de
2026", "7 août 2026", "7. August 2026" or "07/08/2026". Rather than one sentence per language,
this module finds a date anywhere in a line in any of these forms, so the parser only has to
say which lines to look at. Numeric dates with slashes or dots are read day first, as every
language but American English writes them; the English file spells its month out.
"""

from __future__ import annotations

import datetime
import re

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

_YEAR_FIRST = re.compile(
    r"([0-9]{4})\s*[年년]\s*([0-9]{1,2})\s*[月월]\s*([0-9]{1,2})\s*[日일]"
    r"|(?<![0-9])([0-9]{4})-([0-9]{2})-([0-9]{2})(?![0-9])"
)
_MONTH_FIRST = re.compile(r"(?<!\w)([^\W\d_]+)\s+([0-9]{1,2}),?\s+([0-9]{4})")
_DAY_FIRST = re.compile(r"(?<![0-9])([0-9]{1,2})(?:\.|er|º|°)?\s+(?:de\s+)?([^\W\d_]+)\.?\s+(?:de\s+)?([0-9]{4})")
_NUMERIC = re.compile(r"(?<![0-9])([0-9]{1,2})[./]([0-9]{1,2})[./]([0-9]{4})(?![0-9])")


def find_date(line: str) -> tuple[str, bool] | None:
    """The first date written in `line`, as (ISO date, written the English way), or None.

    "Written the English way" (month name first, in English: "August 7, 2026") is evidence the
    document is the English one; no other form says which language it is in."""
    return next((date for date in _candidates(line) if date), None)


def _candidates(line: str):
    """Every date-like match in `line`, most specific form first; impossible dates are None."""
    for match in _YEAR_FIRST.finditer(line):
        year, month, day = (group for group in match.groups() if group is not None)
        yield _iso(year, month, day, False)
    for match in _MONTH_FIRST.finditer(line):
        if match[1].lower() in _ENGLISH:
            yield _iso(match[3], _ENGLISH[match[1].lower()], match[2], True)
    for match in _DAY_FIRST.finditer(line):
        if fold(match[2]) in _ANY_LANGUAGE:
            yield _iso(match[3], _ANY_LANGUAGE[fold(match[2])], match[1], False)
    for match in _NUMERIC.finditer(line):
        yield _iso(match[3], match[2], match[1], False)


def _iso(year: str | int, month: str | int, day: str | int, english: bool) -> tuple[str, bool] | None:
    """None for a date that does not exist (a "31 février" is not the effective date)."""
    try:
        return datetime.date(int(year), int(month), int(day)).isoformat(), english
    except ValueError:
        return None
