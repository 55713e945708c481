"""Editions as a person names them, and what the edition commands share.

An edition is named by its effective date (`2025-06-06`) or `latest` (the newest English edition
in the corpus). A translated rule record follows the English edition it was aligned against (its
`edition`); an official translation in the numbered layout follows the edition it declares.
"""

from __future__ import annotations

import re

from mtgrules import rulenumbers
from mtgrules.errors import MtgrulesError
from mtgrules.i18n import N_, _
from mtgrules.records import Record

LATEST = "latest"
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


class EditionError(MtgrulesError):
    """An edition the corpus does not hold: one line naming the ones it does."""


def check_edition(text: str) -> str:
    """`latest` or an ISO date, as typed; ValueError for anything else."""
    text = text.strip().lower()
    if text != LATEST and not _DATE.match(text):
        raise ValueError(f"{text!r}: give an edition as its date, YYYY-MM-DD, or 'latest'")
    return text


def resolve(editions: list[str], text: str) -> str:
    """The English edition `text` names among `editions` (oldest first); EditionError when
    the corpus does not hold it."""
    text = check_edition(text)
    if text == LATEST and editions:
        return editions[-1]
    if text in editions:
        return text
    held = ", ".join(editions) or _("none")
    raise EditionError(
        _("no English edition {text} in the corpus (it holds: {held}); ingest the Comprehensive Rules of that date")
          .format(text=text, held=held)
    )


NO_ENGLISH = N_("no English edition of the Comprehensive Rules in the corpus: ingest one (mtgrules ingest en-YYYYMMDD.txt)")


def short_title(record: Record | None, width: int = 70) -> str | None:
    """A rule's title, else the start of its text: what names it in a list."""
    if record is None:
        return None
    if record.title:
        return record.title
    text = " ".join(record.text.split())
    return text if len(text) <= width else text[: width - 1].rsplit(" ", 1)[0] + "…"


def within(number: str | None, scope: str | None) -> bool:
    """True when `number` is `scope` or lies under it (701.28a is within 701.28, 701 and 7)."""
    if scope is None:
        return True
    while number is not None:
        if number == scope:
            return True
        number = rulenumbers.parent(number)
    return False


def translations(records: list[Record], langs: list[str] | None) -> list[Record]:
    """Translated rule records whose number is established (aligned or native numbering) and
    that name the edition they follow, in the languages asked (every one but English when
    None)."""
    return [
        record for record in records
        if record.kind == "rule" and record.lang != "en" and record.aligned and record.number and record.edition
        and (langs is None or record.lang in langs)
    ]
