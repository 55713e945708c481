"""What `mtgrules search` does and prints, without click (`mtgrules.cli.search` is the command's
click definition, which calls `show`).

Thin: the query language, ranking, translation and snippets live in `mtgrules.index.query`. A
query that is just a rule number shows that rule, as `mtgrules rule` would. Hits found through
a translation come after those in the query's own language, under a line saying which
translation found them; partial matches (no record holds every word) are said to be partial.
"""

from __future__ import annotations

import re
import sys

from mtgrules.cli.options import reject_unknown_codes
from mtgrules.cli.output import ansi, echo, echo_json, style, use_colour, wrap
from mtgrules.cli.terminal import safe


def render_marked(text: str, colour: bool) -> str:
    """A snippet's matched words in bold colour, or between ** without colour (and in JSON,
    where the index's control-character marks would be unreadable)."""
    from mtgrules.index.snippets import MARK_END, MARK_START

    if colour:
        return re.sub(f"{MARK_START}(.*?){MARK_END}", lambda m: ansi(m.group(1), fg="yellow", bold=True), text, flags=re.S)
    return text.replace(MARK_START, "**").replace(MARK_END, "**")


def shared_cards(cards: list[str], shown: int = 2) -> str:
    """How a ruling on several cards names them: "Aether Hub, Fabricate and 751 other cards"."""
    if len(cards) <= shown + 1:
        return ", ".join(cards[:-1]) + (" and " if len(cards) > 1 else "") + cards[-1]
    return f"{', '.join(cards[:shown])} and {len(cards) - shown} other cards"


def json_row(hit, partial: bool) -> dict:
    """A hit as `search --json` prints it (and the web API gives it): its fields, the snippet
    marked with **, and whether the search was partial."""
    return hit.to_dict() | {"snippet": render_marked(hit.snippet, colour=False), "partial": partial}


def describe_key(hit) -> str:
    """How a result names what it is: "rule 704.5f", "ruling Electrozoa #3", "glossary Gift"."""
    if hit.kind in ("rule", "section"):
        return f"{hit.kind} {hit.number}"
    if hit.kind == "ruling" and len(hit.cards) > 1:  # one text on several cards, shown once
        return f"ruling {shared_cards(hit.cards)}"
    if hit.kind == "ruling":
        position = hit.key[2]
        return f"ruling {hit.card}" + (f" #{position}" if position is not None else "")
    return f"{hit.kind} {hit.title}"


def rule_number_asked(text: str) -> str | None:
    """The rule number a query is, spelt as a judge may type it ("704.5aa", "704.5.", "CR 704.5G",
    "regla 704,5g": `normalise_number`), else None. It needs a digit and a period or comma:
    704 alone is searched as a word. A word query never imports the number readers, whose
    regular expressions cost it 1 ms."""
    if not any(c.isdigit() for c in text) or ("." not in text and "," not in text):
        return None
    from mtgrules.lookup.rules import normalise_number
    from mtgrules.rulenumbers import is_rule_number

    number = normalise_number(text)
    return number if is_rule_number(number) else None


def _print_hit(rank: int, hit, view: str | None) -> None:
    head = style(f"{rank}. {safe(describe_key(hit))}", bold=True) + " " + style(f"[{hit.lang}]", fg="cyan")
    if hit.title and (hit.kind in ("rule", "section") or (hit.kind == "ruling" and len(hit.cards) <= 1)):
        head += f"  {safe(hit.title)}"
    if hit.date:
        head += style(f"  {hit.date}", dim=True)
    if hit.edition and view and hit.edition != view:
        head += style(f"  (translated from the {hit.edition} text)", dim=True)
    if hit.other_langs:
        head += style(f"  also in: {', '.join(hit.other_langs)}", dim=True)
    echo(head)
    echo(render_marked(wrap(hit.snippet, indent="   "), colour=use_colour()))


def show(
    query: tuple[str, ...], langs: list[str] | None, kinds: tuple[str, ...], limit: int, no_translate: bool,
    edition: str | None, as_json: bool,
) -> None:
    """Search and print (the parameters are those of the command, as click gives them); exits
    1 when nothing is found."""
    text = " ".join(query)
    number = rule_number_asked(text)
    if number:
        from mtgrules.cli.corpus import open_catalog
        from mtgrules.cli.show_rule import show_rules

        catalog = open_catalog(edition)
        if catalog.exists(number):
            sys.exit(show_rules(catalog, [number], langs, as_json))

    from mtgrules.cli.progress import TerminalReporter
    from mtgrules.index.query import Index

    with Index.current(TerminalReporter()) as index:
        reject_unknown_codes(langs, index.langs, "records")
        if langs and not set(langs) & set(index.langs):
            results = None
        else:
            results = index.search(text, langs=langs, kinds=list(kinds), limit=limit, translate=not no_translate, edition=edition)
    if results is None:
        echo(f"mtgrules: nothing in {', '.join(langs or [])}: the corpus has {', '.join(index.langs)}", err=True)
        sys.exit(1)
    if not results.hits:
        hint = f"; did you mean: {results.suggestion}" if results.suggestion else ""
        echo(f"mtgrules: nothing found for {text!r}{hint}", err=True)
        if as_json and results.suggestion:
            echo_json({"suggestion": results.suggestion})
        sys.exit(1)
    if results.partial and not as_json:
        echo(style(f"No record holds every word of {text!r}; the best partial matches:", fg="yellow"))
    translation = None
    for rank, hit in enumerate(results.hits, start=1):
        if as_json:
            echo_json(json_row(hit, results.partial))
            continue
        if hit.translation and hit.translation != translation:
            echo(style(f"translated [{hit.lang}]: {safe(hit.translation)}", fg="cyan"))
        translation = hit.translation
        _print_hit(rank, hit, edition if edition not in (None, "latest") else index.default_view)
