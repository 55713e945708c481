"""The pages' templates (Jinja2, autoescaped: every text from data is escaped) and what turns a
text into HTML: rule numbers as links, a snippet's matched words marked, a word-level diff.

Each of these escapes the text first and adds only markup it makes itself, with addresses it
builds (never one taken from the data), so a page that carried `<script>` or a `javascript:`
link when it was ingested shows it as text.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import quote, urlencode

from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup, escape

from mtgrules.index.snippets import MARK_END, MARK_START
from mtgrules.rulenumbers import reference_spans

TEMPLATES = Path(__file__).resolve().parent / "templates"


def address(path: str, **params) -> str:
    """`/rule/704.5g?lang=es,en&edition=2026-08-07`: the parameters given (not None, not empty),
    lists joined by commas, in the order given, so one page has one address."""
    given = {name: ",".join(value) if isinstance(value, list | tuple) else value
             for name, value in params.items() if value not in (None, "", [], ())}
    return path + ("?" + urlencode(given, safe=",") if given else "")


def rule_address(number: str, langs: list[str] | None, edition: str | None, page: str = "rule") -> str:
    return address(f"/{page}/{quote(number, safe='')}", lang=langs, edition=edition)


def card_address(card: str, langs: list[str] | None) -> str:
    return address(f"/card/{quote(card, safe='')}", lang=langs)


def term_address(term: str, langs: list[str] | None, edition: str | None) -> str:
    return address(f"/term/{quote(term, safe='')}", lang=langs, edition=edition)


def hit_address(hit, langs: list[str] | None, edition: str | None) -> str:
    """Where a search result leads: a rule's page, a ruling's or card's card, a glossary
    entry's term."""
    if hit.kind in ("rule", "section"):
        return rule_address(hit.number, langs, edition)
    if hit.kind in ("ruling", "card"):
        return card_address(hit.card or hit.title, langs)
    return term_address(hit.title, langs, edition)


def rule_links(text: str | None, langs: list[str] | None, edition: str | None) -> Markup:
    """`text` escaped, each rule number it refers to (as `mtgrules.rulenumbers.references`
    reads them: "véase la regla 702.158", "rules 701.27a–f") a link to that rule in `edition`
    (the edition the text follows: its numbers are that edition's)."""
    if not text:
        return Markup("")
    parts: list[str] = []
    at = 0
    for start, end, number in reference_spans(text):
        parts.append(escape(text[at:start]))
        parts.append(Markup('<a class="ref" href="{}">{}</a>').format(rule_address(number, langs, edition), text[start:end]))
        at = end
    parts.append(escape(text[at:]))
    return Markup("").join(parts)


def marked(snippet: str) -> Markup:
    """A snippet escaped, its matched words in <mark> (the index marks them with
    MARK_START/MARK_END)."""
    parts: list[str] = []
    for index, piece in enumerate(snippet.split(MARK_START)):
        if index == 0:
            parts.append(escape(piece))
            continue
        inside, _, after = piece.partition(MARK_END)
        parts.append(Markup("<mark>{}</mark>").format(inside))
        parts.append(escape(after))
    return Markup("").join(parts)


def diff_spans(spans: list[list[str]] | None, deleted: str, inserted: str) -> Markup:
    """Word-level changes: deleted words in <del>, inserted in <ins>, each with a hidden word
    for screen readers (`deleted`, `inserted`, in the interface language); struck through and
    underlined by the stylesheet, so colour is never the only sign."""
    parts: list[str] = []
    for op, text in spans or []:
        if op == "equal":
            parts.append(escape(text))
        elif op == "delete":
            parts.append(Markup('<del><span class="sr">{}: </span>{}</del>').format(deleted, text))
        else:
            parts.append(Markup('<ins><span class="sr">{}: </span>{}</ins>').format(inserted, text))
    return Markup("").join(parts)


def environment() -> Environment:
    env = Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=select_autoescape(["html"], default_for_string=True, default=True),
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters.update(rule_links=rule_links, marked=marked, diff_spans=diff_spans)
    env.globals.update(address=address, rule_address=rule_address, card_address=card_address, term_address=term_address,
                       hit_address=hit_address)
    return env
