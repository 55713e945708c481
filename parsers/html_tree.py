"""A forgiving HTML tree for reading saved pages: elements, their text, their line.

Built on the standard library's tokenizer (`html.parser`), with only what the page reader needs
(`site_blocks`): names, attributes, children (elements and strings), the line each element
starts on, and whether a block-level element lies inside. It is several times lighter than a
general-purpose tree (a folder of 500 saved pages is read in seconds), and it closes what old
and hand-written pages leave open, as browsers do: a new `<li>` closes the open `<li>`, a new
`<p>` or block closes an open `<p>`, cells and rows close cells and rows, `<dt>`/`<dd>` close
each other, and an end tag closes every element opened since its start tag. A stray end tag is
ignored. Character references are decoded.

Two limits keep a hostile page from hanging or crashing the reader:
- Elements nested more than `MAX_DEPTH` deep are refused with a LimitError naming the line: the
  page reader walks the tree recursively, and a page nested 100,000 deep once ended in a
  RecursionError after 30 s. Real pages nest a few dozen deep; browsers stop nesting at 512.
- A tag, comment or declaration left unfinished at the end of the page is dropped, as HTML
  says (and as Python's parser does from 3.13.4): the standard parser before that re-reads the
  rest of the page for every `<` in it, so 200 KB of `<a<a<a…` took 30 s.
"""

from __future__ import annotations

from html.parser import HTMLParser

from mtgrules.errors import LimitError
from mtgrules.i18n import _

MAX_DEPTH = 256
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr"}

# A start tag of the key closes an open element of the value's names, up to the first element
# of the "scope" names (a list item closes the open item of its own list, not of an outer one).
_CLOSES = {
    "li": ({"li"}, {"ul", "ol", "menu"}),
    "dt": ({"dt", "dd"}, {"dl"}),
    "dd": ({"dt", "dd"}, {"dl"}),
    "tr": ({"tr", "td", "th"}, {"table", "thead", "tbody", "tfoot"}),
    "td": ({"td", "th"}, {"tr", "table"}),
    "th": ({"td", "th"}, {"tr", "table"}),
    "thead": ({"thead", "tbody", "tfoot", "tr", "td", "th"}, {"table"}),
    "tbody": ({"thead", "tbody", "tfoot", "tr", "td", "th"}, {"table"}),
    "tfoot": ({"thead", "tbody", "tfoot", "tr", "td", "th"}, {"table"}),
    "option": ({"option"}, {"select"}),
}
# A start tag of these closes an open <p> (its content cannot sit inside a paragraph).
_CLOSES_P = {
    "address", "article", "aside", "blockquote", "details", "div", "dl", "fieldset", "figcaption", "figure",
    "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup", "hr", "main", "menu", "nav", "ol",
    "p", "pre", "section", "table", "ul",
}


class Element:
    __slots__ = ("attrs", "children", "has_block", "line", "name", "parent")

    def __init__(self, name: str, attrs: dict[str, str], line: int, parent: Element | None):
        self.name = name
        self.attrs = attrs
        self.line = line
        self.parent = parent
        self.children: list[Element | str] = []
        self.has_block = False  # a block-level element lies somewhere inside

    def get(self, attribute: str, default: str | None = None) -> str | None:
        return self.attrs.get(attribute, default)

    @property
    def classes(self) -> list[str]:
        return (self.attrs.get("class") or "").split()

    def text(self) -> str:
        parts: list[str] = []
        _text_into(self, parts)
        return "".join(parts)

    def ancestors(self):
        node = self.parent
        while node is not None:
            yield node
            node = node.parent

    def sibling_names(self) -> tuple[str | None, str | None]:
        """The names of the nearest elements (not text) before and after this one."""
        if self.parent is None:
            return None, None
        siblings = self.parent.children
        index = next(i for i, child in enumerate(siblings) if child is self)
        before = next((c.name for c in reversed(siblings[:index]) if isinstance(c, Element)), None)
        after = next((c.name for c in siblings[index + 1 :] if isinstance(c, Element)), None)
        return before, after


def _text_into(element: Element, parts: list[str]) -> None:
    for child in element.children:
        if isinstance(child, str):
            parts.append(child)
        else:
            _text_into(child, parts)


class _Builder(HTMLParser):
    def __init__(self, block_tags: set[str], source: str):
        super().__init__(convert_charrefs=True)
        self.block_tags = block_tags
        self.source = source
        self.root = Element("body", {}, 1, None)
        self.stack = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("html", "body"):
            return  # the root stands for both
        closes = _CLOSES.get(tag)
        if closes:
            self._close_within(*closes)
        if tag in _CLOSES_P:
            self._close_within({"p"}, {"button", "li", "td", "th", "dd", "blockquote", "div", "section", "article"})
        parent = self.stack[-1]
        element = Element(tag, {name: value or "" for name, value in attrs}, self.getpos()[0], parent)
        parent.children.append(element)
        if tag in self.block_tags:
            for holder in reversed(self.stack):
                if holder.has_block:
                    break
                holder.has_block = True
        if tag not in VOID:
            if len(self.stack) > MAX_DEPTH:
                raise LimitError(self.source, _("elements nested more than {MAX_DEPTH} deep (<{tag}> here)")
                                                .format(MAX_DEPTH=MAX_DEPTH, tag=tag), line=element.line,
                                 mend=_("a saved rule or ruling page nests a few dozen deep: is this the right file?"))
            self.stack.append(element)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in VOID and self.stack[-1].name == tag:
            self.stack.pop()

    def handle_endtag(self, tag: str) -> None:
        for depth in range(len(self.stack) - 1, 0, -1):
            if self.stack[depth].name == tag:
                del self.stack[depth:]
                return

    def handle_data(self, data: str) -> None:
        self.stack[-1].children.append(data)

    def close(self) -> None:
        """Drop an unfinished tag, comment or declaration that runs to the end of the page
        (what `feed` left unread starts with it) instead of letting the standard parser re-read
        the rest once for every `<` in it. Anything else it left is read as before."""
        rest = self.rawdata
        if rest.startswith("<") and not getattr(self, "cdata_elem", None):
            unfinished = "-->" not in rest if rest.startswith("<!--") else ">" not in rest
            if unfinished:
                self.rawdata = ""
        super().close()

    def _close_within(self, names: set[str], scope: set[str]) -> None:
        for depth in range(len(self.stack) - 1, 0, -1):
            name = self.stack[depth].name
            if name in names:
                del self.stack[depth:]
                return
            if name in scope:
                return


def parse(text: str, block_tags: set[str], source: str) -> Element:
    """The page's body as an element tree (everything outside <body> included, if any). Raises
    LimitError, naming `source` and the line, for elements nested more than MAX_DEPTH deep."""
    builder = _Builder(block_tags, source)
    builder.feed(text)
    builder.close()
    return builder.root
