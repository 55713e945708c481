"""Card ruling pages, as text or HTML, into a `RulingPage`.

What the reader looks for, in this order:

1. **Dates.** Every block whose date stands alone ("20/09/2016", "20 de septiembre de 2016",
   "9 févr. 2017", "2016-09-20", a `<time datetime>`), possibly with a short label ("Fecha:",
   "Mise à jour le"), or opens or closes the block's text ("• 09/02/2017 — texto",
   "texto (20/09/2016)"). A date inside a sentence is text, not a ruling's date.
2. **Which dates are rulings.** The dates written alike (same place in the block, same label)
   that are the most numerous; a differently written date before them ("Actualizado el 9 de
   febrero de 2017" above rulings dated "20/09/2016") is the page's meta line, not a ruling.
3. **Each ruling's text.** Where each date sits in its own repeated element holding one date
   (a `li` with a `<time>` and a `<p>`, a table row, an `article`), the ruling is that element's
   text, whatever the order of date and text inside it. Otherwise the text follows its date up to
   the next date, a heading, or chrome (link lists, a block in another container than the other
   rulings' text, "© …"); where every date follows its text instead (the last date has none,
   and text stands between the card's name and the first date), the text precedes its date.
   A ruling may span several paragraphs.
4. **The card's name.** The headings before the first ruling, best first (`h1`, then other
   headings, then short lines); the alignment takes the first that names a card, so a subtitle,
   set line ("Kaladesh (KLD)") or meta line between the name and the rulings does no harm.

English fragments left untranslated are kept in the text and listed in `untranslated`. Which
English ruling each one translates is decided later, as an assignment
(`mtgrules.align.ruling_pages`): pages may list rulings in another order than MTGJSON.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from datetime import date

from mtgrules.errors import ParseError
from mtgrules.i18n import _
from mtgrules.parsers import language
from mtgrules.parsers.effective_dates import dates_in
from mtgrules.parsers.site_blocks import HEADING, Block, blocks
from mtgrules.parsers.site_chrome import is_chrome_text
from mtgrules.text import fold

# What may stand between a date and the text it opens or closes: dashes, colons, bullets.
_SEPARATORS = " \t—–-:·|•,;()[]"
_LABEL_WORDS = 5  # "Fecha de publicación:", "Mise à jour le", "Resolución del"
_MAX_RULING_BLOCKS = 6  # more paragraphs under one date is an article, not a ruling
_MAX_RULING_CHARS = 2500


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
    headings: list[str] = field(default_factory=list)  # candidates for the card's name, best first
    warnings: list[str] = field(default_factory=list)  # rulings skipped: dated, but with no text once read


@dataclass
class DateMark:
    """A block that carries a date: where the date stands and what else the block says."""

    index: int  # of the block
    iso: str
    place: str  # "alone", "start" or "end" of the block's text
    label: str  # folded words beside a date standing alone ("fecha", "mise a jour le")
    rest: str  # the block's text without the date and its label: the start or end of a ruling


def date_mark(block: Block, index: int) -> DateMark | None:
    """The ruling date a block carries, or None (no date, or one inside a sentence)."""
    text = block.text
    if block.when:
        iso = _iso(block.when[:10])
        if iso:
            shown = text.find(block.when_text) if block.when_text else -1
            return _placed(index, iso, text, max(shown, 0), max(shown, 0) + len(block.when_text) if shown >= 0 else 0)
    for start, end, iso in _dates_near_the_ends(text):
        mark = _placed(index, iso, text, start, end)
        if mark:
            return mark
    return None


_YEAR = re.compile(r"(?<![\d.])(?:1[89]|20)\d\d(?!\d)")


def _dates_near_the_ends(text: str) -> list[tuple[int, int, str]]:
    """Dates in the first 200 and last 80 characters: a date that opens or closes a block
    stands there, and a long ruling need not be searched whole. Every form has a four-digit
    year: a block without one (most of a page: menus, links) is not searched at all."""
    if not _YEAR.search(text):
        return []
    if len(text) <= 280:
        return [(d.start, d.end, d.iso) for d in dates_in(text)]
    tail = len(text) - 80
    return [(d.start, d.end, d.iso) for d in dates_in(text[:200])] + [
        (d.start + tail, d.end + tail, d.iso) for d in dates_in(text[tail:])
    ]


def _placed(index: int, iso: str, text: str, start: int, end: int) -> DateMark | None:
    before, after = text[:start].strip(_SEPARATORS), text[end:].strip(_SEPARATORS + ".")
    if not after and _is_label(before):
        return DateMark(index, iso, "alone", fold(before), "")
    if not before and _is_label(after):
        return DateMark(index, iso, "alone", fold(after), "")
    if len(before.split()) <= 2 and _is_label(before):
        return DateMark(index, iso, "start", fold(before), text[end:].strip(_SEPARATORS))
    if not after:
        return DateMark(index, iso, "end", "", text[:start].rstrip(_SEPARATORS).strip())
    return None


def _is_label(words: str) -> bool:
    return len(words.split()) <= _LABEL_WORDS and not re.search(r"[.!?]$", words)


def _iso(text: str) -> str | None:
    try:
        return date.fromisoformat(text).isoformat()
    except ValueError:
        return None


def date_marks(page_blocks: list[Block]) -> list[DateMark]:
    return [mark for index, block in enumerate(page_blocks) if not block.linked and (mark := date_mark(block, index))]


def ruling_dates(page_blocks: list[Block]) -> list[int]:
    """The block indexes of the dates that look like the page's ruling dates."""
    return [mark.index for mark in _ruling_marks(date_marks(page_blocks))]


def _ruling_marks(marks: list[DateMark]) -> list[DateMark]:
    """The dates written alike and most often; a lone differently written date (a meta line) is
    dropped. On a tie the plainer form wins (no label)."""
    if not marks:
        return []
    forms = Counter((mark.place, mark.label) for mark in marks)
    best = max(forms, key=lambda form: (forms[form], -len(form[1]), -min(m.index for m in marks if (m.place, m.label) == form)))
    return [mark for mark in marks if (mark.place, mark.label) == best]


def parse(text: str, source: str, lang: str | None = None) -> RulingPage:
    return parse_blocks(blocks(text, source), source, lang)


def parse_blocks(page_blocks: list[Block], source: str, lang: str | None = None) -> RulingPage:
    """`parse` for a page already read into blocks (`documents` reads each page once)."""
    marks = _ruling_marks(date_marks(page_blocks))
    if not marks:
        raise ParseError(
            source,
            _("no dated rulings: looked for a date such as '20/09/2016', '2016-09-20' or '20 de septiembre de 2016' with "
              "a ruling's text"),
            line=page_blocks[0].line if page_blocks else 1,
        )
    headings = _card_headings(page_blocks[: marks[0].index], marks)
    if not headings:
        first = page_blocks[marks[0].index]
        raise ParseError(
            source, _("no card name: looked for a heading or short line before the first ruling, found none"), line=first.line
        )
    texts = _ruling_texts(page_blocks, marks, source)
    detected = lang or language.detect(" ".join(" ".join(b.text for b in group) + rest for group, rest, _ in texts))
    if detected is None:
        raise ParseError(source, _("cannot tell the page's language"), line=page_blocks[marks[0].index].line, mend=_("give --lang"))
    page = RulingPage(headings[0], detected, source, headings=headings)
    for mark, (group, rest, line) in zip(marks, texts):
        text = " ".join(part for part in [rest if mark.place == "start" else "", *(b.text for b in group),
                                          rest if mark.place == "end" else ""] if part)
        if not any(character.isalnum() for character in text):  # only markup (a link, an image) or spaces
            page.warnings.append(f"{source}:{line}: " + _("the ruling dated {iso} has no text once read (only markup?); skipped")
                                 .format(iso=mark.iso))
            continue
        page.rulings.append(
            PageRuling(mark.iso, text, line, len(page.rulings) + 1, language.untranslated_fragments(text, detected))
        )
    return page


_NEAR_THE_RULINGS = 40  # blocks before the first ruling where a name without a heading level may stand


def _card_headings(before: list[Block], marks: list[DateMark]) -> list[str]:
    """Headings before the first ruling, best first: h1, h2 …, then short lines, then the
    first paragraphs; never links, dates or list items (breadcrumbs). Short lines count only
    near the rulings: a page saved as text may carry a menu of thousands of lines above."""
    dated = {mark.index for mark in marks}
    near = len(before) - _NEAR_THE_RULINGS
    ranked = []
    for index, block in enumerate(before):
        if (index < near and not block.level) or (block.linked and not block.level) or index in dated or block.kind == "item":
            continue
        if date_mark(block, index) or is_chrome_text(block.text):
            continue
        if len(block.text.split()) > 12:
            continue
        rank = block.level + (6 if block.linked else 0) if block.level else (13 if block.kind == HEADING else 14)
        ranked.append((rank, index, block.text))
    return [text for _, _, text in sorted(ranked)]


def _ruling_texts(page_blocks: list[Block], marks: list[DateMark], source: str) -> list[tuple[list[Block], str, int]]:
    """For each ruling date: the blocks of its text, the text sharing the date's block, and the
    line the ruling starts on."""
    units = _ruling_units(page_blocks, marks)
    if units is not None:
        return [_unit_text(page_blocks, mark, unit) for mark, unit in zip(marks, units)]
    following = _sequence(page_blocks, marks, after=True)
    if _empty(following[-1][0], marks[-1]) and not any(_empty(t[0], m) for t, m in zip(following, marks[:-1])):
        preceding = _sequence(page_blocks, marks, after=False)
        if not any(_empty(t[0], m) for t, m in zip(preceding, marks)):
            following = preceding
    for (group, _rest, _size), mark in zip(following, marks):
        if _empty(group, mark):
            raise ParseError(source, _("the ruling dated {iso} has no text").format(iso=mark.iso), line=page_blocks[mark.index].line)
        if len(group) > _MAX_RULING_BLOCKS or sum(len(b.text) for b in group) > _MAX_RULING_CHARS:
            raise ParseError(
                source,
                _("the date {iso} is followed by {count} paragraphs ({sum} characters): an article, not a ruling")
                  .format(iso=mark.iso, count=len(group), sum=sum(len(b.text) for b in group)),
                line=page_blocks[mark.index].line,
            )
    return following


def _empty(group: list[Block], mark: DateMark) -> bool:
    """A ruling with no text: no blocks of its own, and nothing beside its date in its block."""
    return not group and not (mark.rest if mark.place != "alone" else "")


def _ruling_units(page_blocks: list[Block], marks: list[DateMark]) -> list[int] | None:
    """For each ruling date, the repeated element that holds it and its text: the innermost of
    its enclosing repeated elements that holds another block (a `div` holding only the date may
    sit beside the text's `div` in the ruling's). None unless every date has one of its own."""
    if len(marks) < 2:
        return None
    holders: dict[int, list[int]] = {}
    for index, block in enumerate(page_blocks):
        for held in block.units:
            holders.setdefault(held, []).append(index)
    dated = {mark.index for mark in marks}
    chosen: list[int] = []
    for mark in marks:
        unit: int | None = next(
            (u for u in reversed(page_blocks[mark.index].units) if any(i not in dated for i in holders[u])), None
        )
        if unit is None or sum(i in dated for i in holders[unit]) != 1:
            return None
        chosen.append(unit)
    return chosen


def _unit_text(page_blocks: list[Block], mark: DateMark, unit: int) -> tuple[list[Block], str, int]:
    group = [
        block for i, block in enumerate(page_blocks)
        if unit in block.units and i != mark.index and not block.linked and not block.level and not is_chrome_text(block.text)
    ]
    if not group:
        return [], mark.rest, page_blocks[mark.index].line
    return group, mark.rest, group[0].line if mark.place == "alone" else page_blocks[mark.index].line


def _sequence(page_blocks: list[Block], marks: list[DateMark], after: bool) -> list[tuple[list[Block], str, int]]:
    """Each date's text in a flat page: the blocks after it (or before it) up to the next date,
    a heading, or chrome. The last ruling (the first, reading backwards) keeps only blocks in
    the containers the other rulings' text lives in, and stops at the first it does not."""
    dated = {mark.index for mark in marks}
    step = 1 if after else -1
    texts = []
    for mark in marks:
        index, group = mark.index + step, []
        while 0 <= index < len(page_blocks) and index not in dated:
            block = page_blocks[index]
            if block.kind == HEADING or is_chrome_text(block.text):
                break
            if not block.linked:
                group.append(block)
            index += step
        texts.append(group)
    if len(texts) >= 2:
        edge = -1 if after else 0
        usual = {block.path for group in (texts[:-1] if after else texts[1:]) for block in group}
        if usual:
            edge_group = texts[edge]
            cut = next((i for i, block in enumerate(edge_group) if i and block.path not in usual), len(edge_group))
            texts[edge] = edge_group[:cut]
    result = []
    for mark, group in zip(marks, texts):
        if not after:
            group.reverse()
        line = group[0].line if group and mark.place == "alone" else page_blocks[mark.index].line
        result.append((group, mark.rest, line))
    return result
