"""Rule pages (Spanish, French, …), as text or HTML, into a `RulePage`.

What the reader looks for, in this order:

1. **The title**: a block that names one numbered rule: "701.50. Confabular", "Regla 704.5 ·
   Acciones basadas en estado", "Règle 613.1" (a rule with no title of its own), "Conniver
   (701.50)", or the number and the name in two blocks one after the other. Headings rank
   first (`h1` before `h2` …), then short lines, then other blocks; links (navigation, lists of
   sibling rules) and list items (breadcrumbs) are never the title, wherever they stand.
2. **The content**, after the title: paragraphs and list items that are not links, labels
   ("704.5a", "a)") or chrome ("© …", cookie notices). If a heading names the subrules
   ("Subreglas", "Sous-règles", "Sub-rules"), the paragraphs before it are the rule's own text
   and those after it, up to the next heading, the subrules. Without one, the content is the
   first run of paragraphs after the title (a subtitle or meta line between the title and the
   content is skipped); whether its first paragraph is the rule's own text or its first subrule
   is left to the alignment, which knows the English rule (`own_text_known` is False). In HTML
   a heading known only by its look (a short `<div>`) ends the content only when what follows
   it lives in another container: an advertisement label between two subrules does not.
   "Example:" paragraphs ("Ejemplo:", "Exemple :") belong to the subrule before them.
3. What follows the content (lists of sibling rules, "Ask a judge" promotion, footers) is chrome.

The paragraphs carry NO numbers: they get theirs later, by alignment with an English edition
(`mtgrules.align.rule_pages`), never by counting here. A number a page prints before a
subrule ("704.5a", "a)") is dropped from its text and not trusted.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from mtgrules import rulenumbers
from mtgrules.errors import ParseError
from mtgrules.i18n import _
from mtgrules.parsers import language
from mtgrules.parsers.site_blocks import HEADING, ITEM, PARAGRAPH, Block, blocks
from mtgrules.parsers.site_chrome import is_chrome_text
from mtgrules.parsers.site_ruling_page import date_mark

_NUMBER = r"(?P<number>\d{3}\.\d+)(?![\d.]*[a-z\d])"
_TITLE_WORDS = r"(?P<title>[^\W\d_][^.:;!?]*?)"
_TITLE = re.compile(rf"^(?:[^\W\d_]+\.?\s+)?{_NUMBER}\.?\s*(?:[·:|–—-]\s*)?{_TITLE_WORDS}?\s*$")
_TITLE_AFTER = re.compile(rf"^{_TITLE_WORDS}(?:\s*[·:|–—-]\s*\(?|\s*\(|\s+)(?:[^\W\d_]+\.?\s+)?{_NUMBER}\.?\)?$")
_NUMBER_ONLY = re.compile(rf"^(?:[^\W\d_]+\.?\s+)?{_NUMBER}\.?$")
_SENTENCE_RULE = re.compile(rf"^{_NUMBER}\.\s+(?P<text>\S.{{20,}})$")
_SUBRULES_HEADING = re.compile(r"^(sub|sous|unter|sotto)[\s-]?(regla|règle|regle|rule|regra|regel|regol)", re.IGNORECASE)
_EXAMPLE = re.compile(r"^(ejemplo|exemple|example|beispiel|esempio|exemplo)\s*:\s*", re.IGNORECASE)
# A subrule's number or letter printed before its text, or standing alone in a block.
_LABEL = re.compile(r"^(?:(?:[^\W\d_]+\s+)?\d{3}\.\d+[a-z]{1,2}\.?|\(?[a-z]{1,2}\))(?:\s*[—–:·-]\s*|\s+|$)")
_TITLE_MAX_WORDS = 10
_WORD = re.compile(r"[^\W\d_]+")


@dataclass
class Paragraph:
    text: str
    line: int
    examples: list[str] = field(default_factory=list)


@dataclass
class RulePage:
    number: str  # "701.50"
    title: str  # as printed: "Confabular"; "" for a rule without a title ("Regla 613.1")
    lang: str
    source: str
    title_line: int
    own_text: str = ""
    subrules: list[Paragraph] = field(default_factory=list)
    # False when no subrules heading said where the rule's own text ends: the alignment decides
    # whether the first paragraph is the rule's own text or its first subrule.
    own_text_known: bool = True


@dataclass
class Title:
    position: int  # of the block holding the number
    number: str
    title: str
    own_text: str = ""  # "704.6. Algunas variantes …": the rule's text printed in its title line
    blocks_used: int = 1


_ANY_NUMBER = re.compile(r"\d{3}\.\d")


def _title_in(page_blocks: list[Block], position: int) -> Title | None:
    block = page_blocks[position]
    text = block.text
    # A heading may be a link to its own page; other links are navigation.
    if (block.linked and not block.level) or block.kind == ITEM or not _ANY_NUMBER.search(text):
        return None
    match = _TITLE.match(text)
    if match and match["title"] and len(match["title"].split()) <= _TITLE_MAX_WORDS:
        return Title(position, match["number"], match["title"].strip())
    if _NUMBER_ONLY.match(text):
        number = _NUMBER_ONLY.match(text)["number"]  # type: ignore[index]
        following = page_blocks[position + 1] if position + 1 < len(page_blocks) else None
        bare = text.rstrip(".") == number  # "702.2" above "Toque mortal", not "Regla 613.1"
        if bare and following and not following.linked and following.kind == HEADING and following.text[0].isalpha() \
                and len(following.text.split()) <= _TITLE_MAX_WORDS:
            return Title(position, number, following.text, blocks_used=2)
        if text.split()[0][0].isalpha() or block.level:  # "Regla 613.1": a rule without a title
            return Title(position, number, "")
    match = _TITLE_AFTER.match(text)
    if match and len(match["title"].split()) <= _TITLE_MAX_WORDS:
        return Title(position, match["number"], match["title"].strip())
    sentence = _SENTENCE_RULE.match(text)
    if sentence:
        return Title(position, sentence["number"], "", own_text=sentence["text"])
    return None


def _rank(block: Block) -> int:
    """h1 … h6 first (a heading that is a link after those that are not), then short lines, then
    other blocks."""
    if block.level:
        return block.level + (6 if block.linked else 0)
    return 13 if block.kind == HEADING else 14


def find_title(page_blocks: list[Block]) -> Title | None:
    """The block that names the page's rule: headings first (h1 before h2 …), then short
    lines, then other blocks; the first of the best rank."""
    found = []
    for position, block in enumerate(page_blocks):
        title = _title_in(page_blocks, position)
        if title and rulenumbers.is_rule_number(title.number):
            rank = _rank(block)
            if title.own_text:
                rank = 15  # "704.6. Algunas variantes …": a title only where no other block is one
            found.append((rank, position, title))
    return min(found, key=lambda item: item[:2])[2] if found else None


def parse(text: str, source: str, lang: str | None = None) -> RulePage:
    return parse_blocks(blocks(text, source), source, lang)


def parse_blocks(page_blocks: list[Block], source: str, lang: str | None = None) -> RulePage:
    """`parse` for a page already read into blocks (`documents` reads each page once)."""
    title = find_title(page_blocks)
    if title is None:
        first = page_blocks[0]
        raise ParseError(
            source,
            _("no rule title: looked for a rule number and name such as '701.50. Confabular' or 'Regla 704.5' (found "
              "{text!r})").format(text=first.text[:40]),
            line=first.line,
        )
    title_block = page_blocks[title.position]
    page = RulePage(title.number, title.title, lang or "", source, title_block.line)
    # Links, chrome and dated lines ("Última modificación: 7/8/2026") are never rule text.
    body = [
        b for i, b in enumerate(page_blocks[title.position + title.blocks_used :], start=title.position + title.blocks_used)
        if not b.linked and not is_chrome_text(b.text) and date_mark(b, i) is None
    ]
    own, subrules, own_known = _content(body)
    if title.own_text:
        own, own_known = [Block(PARAGRAPH, title.own_text, title_block.line), *own], True
    page.own_text = " ".join(b.text for b in own)
    page.own_text_known = own_known
    for block in subrules:
        text = _LABEL.sub("", block.text, count=1).strip()
        if not text:
            continue
        if _EXAMPLE.match(text) and page.subrules:
            page.subrules[-1].examples.append(text)
        else:
            page.subrules.append(Paragraph(text, block.line))
    if not page.own_text and not page.subrules:
        raise ParseError(
            source,
            _("rule page {number} has neither rule text nor subrules: looked for paragraphs after the title")
              .format(number=title.number),
            line=page.title_line,
        )
    if not page.lang:
        content = " ".join([page.own_text, *(p.text for p in page.subrules)])
        page.lang = language.detect(content) or ""
        if not page.lang:
            raise ParseError(source, _("cannot tell the page's language"), line=page.title_line, mend=_("give --lang"))
    return page


def _is_prose(block: Block) -> bool:
    """A paragraph or item of at least two words: not a label, not a bare rule number."""
    return block.kind in (PARAGRAPH, ITEM) and len(_WORD.findall(block.text)) >= 2 and not _is_label_only(block.text)


def _is_label_only(text: str) -> bool:
    return bool(_LABEL.match(text)) and not _LABEL.sub("", text, count=1).strip()


def _content(body: list[Block]) -> tuple[list[Block], list[Block], bool]:
    """(own text blocks, subrule blocks, whether the own text's end is known)."""
    body = [b for b in body if not _is_label_only(b.text)]
    heading = next((i for i, b in enumerate(body) if b.kind == HEADING and _SUBRULES_HEADING.match(b.text)), None)
    if heading is not None:
        own = [b for b in body[:heading] if _is_prose(b)]
        return own, _section(body, heading + 1), True
    first = next((i for i, b in enumerate(body) if _is_prose(b)), None)
    if first is None:
        return [], [], True
    return [], _section(body, first), False


def _section(body: list[Block], start: int) -> list[Block]:
    """The paragraphs from `start` to the heading that ends the section. A heading with a
    level (h1–h6) or in a text page ends it; in HTML, a heading known only by its look ends it
    only when the next paragraph lives in another container than the section's paragraphs."""
    kept: list[Block] = []
    for index in range(start, len(body)):
        block = body[index]
        if block.kind != HEADING:
            if _is_prose(block) or _EXAMPLE.match(block.text):
                kept.append(block)
            continue
        if block.level or not block.path:
            break
        following = next((b for b in body[index + 1 :] if b.kind != HEADING), None)
        if following is None or following.path not in {b.path for b in kept}:
            break
    return kept
