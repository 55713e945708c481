"""The official rules page (https://magic.wizards.com/en/rules): where the current
Comprehensive Rules text is.

The page links the current rules as a .txt file whose address changes with each edition
("…/MagicCompRules 20260807.txt", the space left raw in the link). Academy Ruins finds the
new edition the same way: the page should link exactly one .txt file; any other number means
the page has changed shape, which is said instead of guessed.
"""

from __future__ import annotations

from html.parser import HTMLParser
from urllib.parse import quote, urljoin, urlsplit

from mtgrules.errors import ParseError
from mtgrules.i18n import N_, _

MEND = N_("download the rules text yourself and give its folder: mtgrules update --from FOLDER")


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.hrefs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "a":
            self.hrefs += [value for name, value in attrs if name == "href" and value]


def rules_text_link(html: str, page_url: str) -> str:
    """The address of the rules text the page links, made absolute and safe to request (spaces
    and other characters a link may hold raw are percent-encoded). Raises ParseError when the
    page links no .txt file, or several and not exactly one of them is the rules."""
    links = _Links()
    links.feed(html)
    texts = list(dict.fromkeys(_absolute(href, page_url) for href in links.hrefs if _is_text(href)))
    if len(texts) > 1:
        texts = [url for url in texts if "comprules" in url.lower().replace("%20", "")] or texts
    if not texts:
        raise ParseError(page_url, _("the rules page links no rules text (.txt)"), mend=MEND)
    if len(texts) > 1:
        raise ParseError(page_url, _("the rules page links {count} .txt files, expected one rules text")
                                     .format(count=len(texts)), mend=MEND)
    return texts[0]


def _is_text(href: str) -> bool:
    return urlsplit(href.strip()).path.lower().endswith(".txt")


def _absolute(href: str, page_url: str) -> str:
    return quote(urljoin(page_url, href.strip()), safe=":/?#[]@!$&'()*+,;=%~")
