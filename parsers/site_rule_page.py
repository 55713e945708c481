"""Rule pages of the rules site (Spanish, French, …), as text or HTML, into a `RulePage`.

A page reads: a title (`701.50. Confabular`, or `Regla 704.5 · Acciones basadas en estado`); the
rule's own text when present ("Las acciones basadas en estado son las siguientes:"); a subrules
heading ("Subreglas", "Sous-règles") whose paragraphs carry NO numbers; then page furniture: a
navigation list of sibling rules ("Otras reglas de este apartado") and promotion ("Pregunta al
juez Pro"). Only the title, the own text and the subrules section are content.

Structure decides, not one site's wording: the subrules section is the first heading after the
title whose word looks like "sub-rules" in a Romance or Germanic language, and it ends at the next
heading. A page with no such heading has only its own text, up to the first heading. The
paragraphs get their numbers later, by alignment with an English edition (`mtgrules.align.rule_pages`),
never by counting here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from mtgrules import rulenumbers
from mtgrules.errors import ParseError
from mtgrules.parsers import language
from mtgrules.parsers.site_blocks import HEADING, ITEM, PARAGRAPH, Block, blocks

_TITLE = re.compile(
    r"^(?:[^\W\d_]+\.?\s+)?(?P<number>\d{3}\.\d+)\.?\s*(?:[·:|–—-]\s*)?(?P<title>\S.*)?$"
)
_SUBRULES_HEADING = re.compile(r"^(sub|sous|unter|sotto)[\s-]?(regla|règle|regle|rule|regra|regel|regol)", re.IGNORECASE)
_EXAMPLE = re.compile(r"^(ejemplo|exemple|example|beispiel|esempio|exemplo)\s*:\s*", re.IGNORECASE)


@dataclass
class Paragraph:
    text: str
    line: int
    examples: list[str] = field(default_factory=list)


@dataclass
class RulePage:
    number: str  # "701.50"
    title: str  # as printed: "Confabular"
    lang: str
    source: str
    title_line: int
    own_text: str = ""
    subrules: list[Paragraph] = field(default_factory=list)


def find_title(page_blocks: list[Block]) -> tuple[int, re.Match] | None:
    """The first block that reads like a rule title: a rule number, optionally after a word
    ("Regla", "Règle") and followed by the title."""
    for position, block in enumerate(page_blocks[:5]):
        match = _TITLE.match(block.text)
        if match and match["title"] and block.kind != ITEM:
            return position, match
    return None


def is_rule_page(page_blocks: list[Block]) -> bool:
    return find_title(page_blocks) is not None


def parse(text: str, source: str, lang: str | None = None) -> RulePage:
    return parse_blocks(blocks(text, source), source, lang)


def parse_blocks(page_blocks: list[Block], source: str, lang: str | None = None) -> RulePage:
    """`parse` for a page already read into blocks (`documents` reads each page once)."""
    found = find_title(page_blocks)
    if found is None:
        first = page_blocks[0]
        raise ParseError(
            source, f"no rule title such as '701.50. Confabular' near the top (found {first.text[:40]!r})", line=first.line
        )
    start, title = found
    number = title["number"]
    if not rulenumbers.is_rule_number(number):
        raise ParseError(source, f"{number!r} is not a rule number", line=page_blocks[start].line)
    body = page_blocks[start + 1 :]
    page = RulePage(number, title["title"].strip(), lang or "", source, page_blocks[start].line)

    own: list[Block] = []
    position = 0
    while position < len(body) and body[position].kind != HEADING:
        own.append(body[position])
        position += 1
    if own:
        page.own_text = " ".join(b.text for b in own)
    if position < len(body) and _SUBRULES_HEADING.match(body[position].text):
        for block in body[position + 1 :]:
            if block.kind == HEADING:
                break
            example = _EXAMPLE.match(block.text)
            if example and page.subrules:
                page.subrules[-1].examples.append(block.text)
            elif block.kind in (PARAGRAPH, ITEM):
                page.subrules.append(Paragraph(block.text, block.line))
    if not page.own_text and not page.subrules:
        raise ParseError(source, f"rule page {number} has neither rule text nor subrules", line=page.title_line)
    if not page.lang:
        content = " ".join([page.own_text, *(p.text for p in page.subrules)])
        page.lang = language.detect(content) or ""
        if not page.lang:
            raise ParseError(source, "cannot tell the page's language", line=page.title_line, mend="give --lang")
    return page
