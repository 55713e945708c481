"""A site page as a sequence of blocks (heading, paragraph, list item), from text or HTML.

The rule and ruling pages of the rules site come saved as plain text or as HTML. Both are reduced
to the same blocks here, so the page parsers read structure, not markup, and never depend on one
site's CSS classes:

- HTML: headings are `h1`–`h6`; paragraphs are `p`, `dd`, `blockquote`, `time` and text-only
  `div`s; list items are `li`. Scripts, styles, forms and the page chrome (`header`, `footer`,
  `nav`, `aside`) are dropped before reading.
- Text: one block a line (seed pages put each paragraph on one line, with or without blank
  lines between). A line starting with "- " or "• " is a list item; a short line with no
  sentence punctuation at its end ("Subreglas", "Otras reglas de este apartado") is a heading.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from mtgrules.errors import ParseError
from mtgrules.parsers.decoding import lines

HEADING = "heading"
PARAGRAPH = "paragraph"
ITEM = "item"

_SENTENCE_END = re.compile(r"[.:;!?…»”\"')\]]$")
_ITEM = re.compile(r"^\s*[-•*–]\s+(.*)$")
_HTML_START = re.compile(r"^\s*(<!doctype html|<html|<head|<body|<meta|<div|<h1|<main|<article)", re.IGNORECASE)


@dataclass
class Block:
    kind: str
    text: str
    line: int  # 1-based line in the source document


def looks_like_html(text: str) -> bool:
    return bool(_HTML_START.match(text[:2000]))


def is_heading_text(text: str) -> bool:
    """A short line that does not end like a sentence: how headings look in text pages."""
    words = text.split()
    return 0 < len(words) <= 7 and not _SENTENCE_END.search(text.strip())


def text_blocks(text: str) -> list[Block]:
    blocks = []
    for number, line in enumerate(lines(text), start=1):
        stripped = " ".join(line.split())
        if not stripped:
            continue
        item = _ITEM.match(stripped)
        if item:
            blocks.append(Block(ITEM, item.group(1), number))
        elif is_heading_text(stripped):
            blocks.append(Block(HEADING, stripped, number))
        else:
            blocks.append(Block(PARAGRAPH, stripped, number))
    return blocks


_DROPPED_TAGS = ("script", "style", "noscript", "template", "form", "header", "footer", "nav", "aside", "svg", "button")
_HEADING_TAGS = {"h1", "h2", "h3", "h4", "h5", "h6"}
_PARAGRAPH_TAGS = {"p", "dd", "dt", "blockquote", "time", "pre", "figcaption"}
_CONTAINER_TAGS = {"div", "section", "article", "main", "td"}


def html_blocks(text: str, source: str) -> list[Block]:
    """Blocks of an HTML page in document order. Raises ParseError when the markup holds no text."""
    from bs4 import BeautifulSoup  # imported here: text pages never pay for bs4

    soup = BeautifulSoup(text, "html.parser")
    for tag in soup.find_all(_DROPPED_TAGS):
        tag.decompose()
    root = soup.body or soup
    blocks: list[Block] = []

    def visit(element) -> None:
        for child in element.children:
            name = getattr(child, "name", None)
            if name is None:
                continue
            content = " ".join(child.get_text(" ", strip=True).split())
            line = getattr(child, "sourceline", None) or 0
            if name in _HEADING_TAGS:
                if content:
                    blocks.append(Block(HEADING, content, line))
            elif name == "li":
                if content:
                    blocks.append(Block(ITEM, content, line))
            elif name in _PARAGRAPH_TAGS or (name in _CONTAINER_TAGS and not child.find(lambda tag: tag.name in _BLOCK_TAGS)):
                if content:
                    blocks.append(Block(PARAGRAPH, content, line))
            else:
                visit(child)

    visit(root)
    if not blocks:
        raise ParseError(source, "the HTML page holds no text", line=1)
    return blocks


_BLOCK_TAGS = _HEADING_TAGS | _PARAGRAPH_TAGS | _CONTAINER_TAGS | {"li", "ul", "ol", "dl", "table", "tr"}


def blocks(text: str, source: str) -> list[Block]:
    """Blocks of a page given as text or HTML."""
    return html_blocks(text, source) if looks_like_html(text) else text_blocks(text)
