"""A saved page as a sequence of blocks (heading, paragraph, list item), from text or HTML.

Rule and ruling pages come saved from many sites, as plain text or as HTML, and sites change
their markup. Both forms are reduced to the same blocks here, so the page readers
(`site_rule_page`, `site_ruling_page`) read structure and content, never one site's CSS classes.

HTML (read with `html_tree`, a forgiving tree that closes what pages leave open). Markup that
is never content is dropped before reading: scripts, styles, embedded media,
form controls, the chrome HTML names (`header`, `footer`, `nav`, `aside`, and the same roles:
`banner`, `navigation`, `contentinfo`, `complementary`, `search`, `dialog`), and elements marked
`hidden` or `aria-hidden`. Then every element whose content has no block-level element inside
becomes one block: `h1`–`h6` a heading (with its level), `li` a list item, anything else a
paragraph. An element mixing text and blocks (a `div` with loose text and child `div`s, a `li`
holding a `<time>` and a `<p>`) gives a block for each run of loose text and each child; `<br>`
ends a block, and a `<pre>` is read line by line like a text page. Each block also keeps:

- `linked`: most of its text is link text (navigation, breadcrumbs, related links);
- `when`: the `datetime` of a `<time>` element in it, and `when_text`, the text that showed it;
- `units`: the enclosing elements that repeat among their siblings (`li`, `tr`, `article`, or a
  `div` beside others of its kind), outermost first: one of them holds one ruling, its date and
  its text, in whatever order;
- `path`: the tags (and classes, compared only for equality) from the body down, so a reader
  can tell the container the repeated content lives in from chrome elsewhere.

Text. One block a line (saved text puts each paragraph on one line, with or without blank lines
between). A line starting with "- ", "• " or "* " is a list item.

In both, a short block with no sentence punctuation at its end ("Subreglas", "Otras reglas de
este apartado", a `<div>` in place of an `<h2>`) is a heading too; its `level` is 0 where no
`h1`–`h6` said so.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from mtgrules import i18n
from mtgrules.errors import LimitError, ParseError
from mtgrules.i18n import _
from mtgrules.parsers import html_tree
from mtgrules.parsers.decoding import lines
from mtgrules.parsers.html_tree import Element

HEADING = "heading"
PARAGRAPH = "paragraph"
ITEM = "item"

_SENTENCE_END = re.compile(r"[.:;!?…»”\"')\]]$")
_ITEM = re.compile(r"^\s*[-•*–·▪►]\s+(.*)$")
_HTML_START = re.compile(r"^\s*<[!?a-zA-Z]")
_CLOSING_TAG = re.compile(r"</[a-zA-Z][a-zA-Z0-9]*\s*>")


@dataclass
class Block:
    kind: str
    text: str
    line: int  # 1-based line in the source document
    level: int = 0  # 1..6 for h1..h6; 0 for a heading known only by its look, and for other blocks
    linked: bool = False  # most of the text is link text: navigation, not content
    when: str | None = None  # the `datetime` of a <time> element in the block
    when_text: str = ""  # the text of that <time> element as shown
    units: tuple[int, ...] = ()  # the enclosing repeated elements (li, tr, article, …), outermost first
    path: str = ""  # tag path from the body: which container the block lives in


def looks_like_html(text: str) -> bool:
    """Markup from its first character on, with at least one closing tag: whatever element a
    saved page starts with (a doctype, a comment, a <script>, a bare <div>)."""
    return bool(_HTML_START.match(text[:2000])) and bool(_CLOSING_TAG.search(text, 0, 200_000))


def is_heading_text(text: str) -> bool:
    """A short line that does not end like a sentence: how headings look in text pages."""
    words = text.split()
    return 0 < len(words) <= 7 and not _SENTENCE_END.search(text.strip())


def text_blocks(text: str, first_line: int = 1) -> list[Block]:
    blocks = []
    for number, line in enumerate(lines(text), start=first_line):
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


_DROPPED_TAGS = (
    "script", "style", "noscript", "template", "header", "footer", "nav", "aside", "svg", "button",
    "iframe", "object", "embed", "video", "audio", "canvas", "select", "textarea", "input", "label",
    "dialog", "menu", "head",
)
_CHROME_ROLES = {"banner", "navigation", "contentinfo", "complementary", "search", "dialog", "alertdialog", "menu", "menubar"}
_HEADING_TAGS = {"h1": 1, "h2": 2, "h3": 3, "h4": 4, "h5": 5, "h6": 6}
_BLOCK_TAGS = {
    "address", "article", "blockquote", "body", "caption", "center", "dd", "details", "div", "dl", "dt", "fieldset",
    "figcaption", "figure", "form", "h1", "h2", "h3", "h4", "h5", "h6", "hgroup", "hr", "li", "main", "ol", "p",
    "pre", "section", "summary", "table", "tbody", "td", "tfoot", "th", "thead", "tr", "ul", "br", "header", "footer",
    "nav", "aside", "menu", "search",
}
# Elements whose <header> or <footer> is their own (a ruling's date), not the page's chrome.
_HOLDS_OWN_HEADER = ("main", "article", "section", "blockquote", "li", "dd", "td", "figure")
# Elements that hold one item of a repeated sequence whatever their siblings are.
_UNIT_TAGS = {"li", "tr", "article"}


class _Reader:
    """Walks a parsed HTML tree once, in document order, collecting blocks."""

    def __init__(self) -> None:
        self.blocks: list[Block] = []
        self._units = 0

    def element(self, element: Element, path: str, units: tuple[int, ...]) -> None:
        name = element.name
        if name == "pre":
            self._pre(element, units, path)
            return
        if name in _HEADING_TAGS or not element.has_block:
            self._emit(element.children if name not in _HEADING_TAGS else [element], name, path, units, element)
            return
        run: list[Element | str] = []
        for child in element.children:
            if isinstance(child, str) or child.name not in _BLOCK_TAGS:
                run.append(child)
                continue
            if _is_chrome(child):
                continue
            self._run(run, element, path, units)
            run = []
            if child.name in ("br", "hr"):
                continue
            self.element(child, f"{path}/{_step(child)}", self._units_of(child, units))
        self._run(run, element, path, units)

    def _units_of(self, child: Element, units: tuple[int, ...]) -> tuple[int, ...]:
        repeated = child.name in _UNIT_TAGS or (child.name in ("div", "section", "dd") and child.name in child.sibling_names())
        if not repeated:
            return units
        self._units += 1
        return (*units, self._units)

    def _run(self, nodes: list[Element | str], parent: Element, path: str, units: tuple[int, ...]) -> None:
        if nodes:
            self._emit(nodes, parent.name, path, units, parent)

    def _emit(self, nodes: list[Element | str], name: str, path: str, units: tuple[int, ...], owner: Element) -> None:
        parts: list[str] = []
        linked_chars = [0]
        time: list[Element] = []
        for node in nodes:
            _collect(node, parts, linked_chars, time, in_link=False)
        text = " ".join("".join(parts).split())
        if not text:
            return
        line = next((node.line for node in nodes if isinstance(node, Element)), owner.line)
        level = _HEADING_TAGS.get(name, 0)
        if level:
            kind = HEADING
        elif name == "li":
            kind = ITEM
        else:
            kind = HEADING if is_heading_text(text) else PARAGRAPH
        letters = sum(not c.isspace() for c in text)
        block = Block(kind, text, line, level=level, linked=linked_chars[0] >= 0.6 * letters, units=units, path=path)
        if time:
            block.when = time[0].get("datetime") or None
            block.when_text = " ".join(time[0].text().split())
        self.blocks.append(block)

    def _pre(self, element: Element, units: tuple[int, ...], path: str) -> None:
        for block in text_blocks(element.text(), first_line=element.line):
            block.units, block.path = units, path
            self.blocks.append(block)


def _step(element: Element) -> str:
    classes = element.classes
    return element.name + ("." + ".".join(classes) if classes else "")


def _collect(node: Element | str, parts: list[str], linked_chars: list[int], time: list[Element], in_link: bool) -> None:
    if isinstance(node, str):
        parts.append(node)
        if in_link:
            linked_chars[0] += sum(not c.isspace() for c in node)
        return
    name = node.name
    if name in ("br", "hr"):
        parts.append(" ")
        return
    if _is_chrome(node):
        return
    if name == "time":
        time.append(node)
    inside_link = in_link or name == "a"
    for child in node.children:
        _collect(child, parts, linked_chars, time, inside_link)
    if name in _BLOCK_TAGS:
        parts.append(" ")  # table cells and headings read inside a leaf keep their words apart


def _is_chrome(tag: Element) -> bool:
    if tag.name in _DROPPED_TAGS:
        # A page's header and footer are chrome; an article's or the main content's are not
        # (an <article> per ruling may hold its date in its <header>).
        return tag.name not in ("header", "footer") or not any(parent.name in _HOLDS_OWN_HEADER for parent in tag.ancestors())
    attributes = tag.attrs
    if "hidden" in attributes or attributes.get("aria-hidden", "").lower() == "true":
        return True
    return attributes.get("role", "").lower() in _CHROME_ROLES


# Elements that are never content and whose insides need no parsing: taken out before the
# parser sees the page (a saved page is mostly inline scripts, styles, icons and menus), each
# replaced by as many line ends as it spanned, so every block keeps its line number.
_NEVER_CONTENT_START = re.compile(r"<!--|<(script|style|svg|noscript|template|nav|select|iframe)\b[^<>]*>", re.IGNORECASE)
# Comments, scripts and styles left open run to the end of the page, as a browser reads them.
_OPEN_TO_THE_END = {"--", "script", "style"}


def _without_never_content(text: str) -> str:
    """The page without its never-content elements, in one pass: each element's end is sought
    once, and a name whose end is missing is not sought again (a page of 200,000 unclosed
    `<script>` tags once took minutes). Other elements left open stay for the tree to close."""
    parts: list[str] = []
    position = 0
    unclosed: set[str] = set()
    for start in _NEVER_CONTENT_START.finditer(text):
        if start.start() < position:
            continue  # inside an element already taken out
        name = (start.group(1) or "--").lower()
        if name in unclosed:
            continue
        if name == "--":
            end = text.find("-->", start.end())
            end = end + 3 if end >= 0 else -1
        else:
            closing = re.compile(rf"</{name}\s*>", re.IGNORECASE).search(text, start.end())
            end = closing.end() if closing else -1
        if end < 0:
            if name not in _OPEN_TO_THE_END:
                unclosed.add(name)
                continue
            end = len(text)
        parts += [text[position : start.start()], "\n" * text.count("\n", start.start(), end)]
        position = end
    parts.append(text[position:])
    return "".join(parts)


def html_blocks(text: str, source: str) -> list[Block]:
    """Blocks of an HTML page in document order. Raises ParseError when the markup holds no text."""
    root = html_tree.parse(_without_never_content(text), _BLOCK_TAGS, source)
    reader = _Reader()
    reader.element(root, "body", ())
    if not reader.blocks:
        raise ParseError(source, _("the HTML page holds no text"), line=1)
    return reader.blocks


# A rule or ruling page, chrome and all, holds a few hundred blocks (the layout corpus padded
# as real saved pages are: 215 at most). Aligning costs about half a millisecond a block, so a
# page of 500,000 paragraphs would take minutes to say nothing useful.
MAX_BLOCKS = 10_000


def blocks(text: str, source: str) -> list[Block]:
    """Blocks of a page given as text or HTML. Raises LimitError past MAX_BLOCKS."""
    found = html_blocks(text, source) if looks_like_html(text) else text_blocks(text)
    if len(found) > MAX_BLOCKS:
        raise LimitError(source, _("more than {count} paragraphs").format(count=i18n.number(MAX_BLOCKS)), line=found[MAX_BLOCKS].line,
                         mend=_("a rule or ruling page holds a few hundred at most: is this the right file?"))
    return found
