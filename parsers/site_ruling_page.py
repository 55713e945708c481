"""Card ruling pages of the rules site, as text or HTML, into a `RulingPage`.

A page reads: the card's name as a heading (English, or the printed Spanish/French name), then
rulings, each preceded by its date `DD/MM/YYYY` (also `YYYY-MM-DD`). A ruling may span several
paragraphs until the next date. English fragments left untranslated are kept in the text and
listed in `untranslated`. Which English ruling each one translates is decided later, as an
assignment (`mtgrules.align.ruling_pages`): pages may list rulings in another order than MTGJSON.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date

from mtgrules.errors import ParseError
from mtgrules.parsers import language
from mtgrules.parsers.site_blocks import Block, blocks

_DATE = re.compile(r"^(?:(?P<d>\d{1,2})[/.](?P<m>\d{1,2})[/.](?P<y>\d{4})|(?P<iy>\d{4})-(?P<im>\d{2})-(?P<id>\d{2}))$")


@dataclass
class PageRuling:
    date: str  # ISO 8601
    text: str
    line: int
    position: int  # 1-based, on the page
    untranslated: list[str] = field(default_factory=list)


@dataclass
class RulingPage:
    card_heading: str
    lang: str
    source: str
    rulings: list[PageRuling] = field(default_factory=list)


def parse_date(text: str) -> str | None:
    """`26/07/2024` (the site's day-first form) or `2024-07-26` → `2024-07-26`; None otherwise."""
    match = _DATE.match(text.strip())
    if not match:
        return None
    if match["y"]:
        year, month, day = int(match["y"]), int(match["m"]), int(match["d"])
    else:
        year, month, day = int(match["iy"]), int(match["im"]), int(match["id"])
    try:
        return date(year, month, day).isoformat()
    except ValueError:
        return None


def is_ruling_page(page_blocks: list[Block]) -> bool:
    return any(parse_date(b.text) for b in page_blocks[1:4])


def parse(text: str, source: str, lang: str | None = None) -> RulingPage:
    return parse_blocks(blocks(text, source), source, lang)


def parse_blocks(page_blocks: list[Block], source: str, lang: str | None = None) -> RulingPage:
    """`parse` for a page already read into blocks (`documents` reads each page once)."""
    heading = page_blocks[0]
    if parse_date(heading.text):
        raise ParseError(source, "the page starts with a date, not the card's name", line=heading.line)
    body = page_blocks[1:]
    detected = lang or language.detect(" ".join(b.text for b in body))
    if detected is None:
        raise ParseError(source, "cannot tell the page's language", line=heading.line, mend="give --lang")
    page = RulingPage(heading.text, detected, source)
    current: tuple[str, list[Block]] | None = None

    def close() -> None:
        if current is None:
            return
        when, paragraphs = current
        if not paragraphs:
            raise ParseError(source, f"the ruling dated {when} has no text", line=date_line)
        text = " ".join(p.text for p in paragraphs)
        page.rulings.append(
            PageRuling(when, text, paragraphs[0].line, len(page.rulings) + 1, language.untranslated_fragments(text, detected))
        )

    date_line = heading.line
    for block in body:
        when = parse_date(block.text)
        if when:
            close()
            current, date_line = (when, []), block.line
        elif current is None:
            raise ParseError(source, f"expected a ruling date DD/MM/YYYY, found {block.text[:40]!r}", line=block.line)
        else:
            current[1].append(block)
    close()
    if not page.rulings:
        raise ParseError(source, "no dated rulings on the page", line=heading.line)
    return page
