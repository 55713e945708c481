"""What `mtgrules search` does and prints, without click (`mtgrules.cli.search` is the command's
click definition, which calls `show`).

Thin: the query language, ranking, translation and snippets live in `mtgrules.index.query`. A
query that is just a rule number shows that rule, as `mtgrules rule` would. Hits found through
a translation rank with the others (one ranking across languages), the translations that found
them said once above them; partial matches (no record holds every word) are said to be partial,
and so are those that top up a short page of records holding every word (from which rank on).
"""

from __future__ import annotations

import re
import sys

from mtgrules.cli.main import collector_off
from mtgrules.cli.options import reject_unknown_codes
from mtgrules.cli.output import ansi, echo, echo_json, echo_wrapped, style, use_colour, wrap
from mtgrules.cli.terminal import safe
from mtgrules.i18n import N_, _, ngettext


def render_marked(text: str, colour: bool) -> str:
    """A snippet's matched words in bold colour, or between ** without colour (and in JSON,
    where the index's control-character marks would be unreadable)."""
    from mtgrules.index.snippets import MARK_END, MARK_START

    if colour:
        return re.sub(f"{MARK_START}(.*?){MARK_END}", lambda m: ansi(m.group(1), fg="yellow", bold=True), text, flags=re.S)
    return text.replace(MARK_START, "**").replace(MARK_END, "**")


# The kinds of record as a result names them.
KIND_NAMES = {"rule": N_("rule"), "section": N_("section"), "ruling": N_("ruling"), "glossary": N_("glossary"),
              "card": N_("card"), "term": N_("term")}


def kind_name(kind: str) -> str:
    return _(KIND_NAMES[kind]) if kind in KIND_NAMES else kind


def shared_cards(cards: list[str], shown: int = 2) -> str:
    """How a ruling on several cards names them: "Aether Hub, Fabricate and 751 other cards"."""
    if len(cards) <= shown + 1:
        if len(cards) == 1:
            return cards[0]
        return _("{cards} and {last}").format(cards=", ".join(cards[:-1]), last=cards[-1])
    return ngettext("{cards} and {count} other card", "{cards} and {count} other cards", len(cards) - shown).format(
        cards=", ".join(cards[:shown]), count=len(cards) - shown)


def translation_line(lang: str, translation: str, untranslated: list[str]) -> str:
    """The line saying which translation found the hits below it, and which of the query's
    words it found no translation for and left out: "translated [en]: soixante cartes minimum
    → card minimum (not translated: soixante)"."""
    line = _("translated [{lang}]: {translation}").format(lang=lang, translation=safe(translation))
    if untranslated:
        line += " (" + ngettext("not translated: {words}", "not translated: {words}", len(untranslated)).format(
            words=safe(", ".join(untranslated))) + ")"
    return line


def json_row(hit, partial: bool) -> dict:
    """A hit as `search --json` prints it (and the web API gives it): its fields, the snippet
    (and the English twin's, for a hit shown in another language) marked with **, and whether
    it is partial (the search was, or it tops up a short page of records holding every word)."""
    return hit.to_dict() | {"snippet": render_marked(hit.snippet, colour=False), "partial": partial or hit.partial,
                            "english": render_marked(hit.english, colour=False) if hit.english else None}


def describe_key(hit) -> str:
    """How a result names what it is: "rule 704.5f", "ruling Electrozoa #3", "glossary Gift"."""
    if hit.kind in ("rule", "section"):
        return f"{kind_name(hit.kind)} {hit.number}"
    if hit.kind == "ruling" and len(hit.cards) > 1:  # one text on several cards, shown once
        return f"{kind_name('ruling')} {shared_cards(hit.cards)}"
    if hit.kind == "ruling":
        position = hit.key[2]
        return f"{kind_name('ruling')} {hit.card}" + (f" #{position}" if position is not None else "")
    return f"{kind_name(hit.kind)} {hit.title}"


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
    key = f"{rank}. {safe(describe_key(hit))}"
    head = f"{key} [{hit.lang}]"
    if hit.title and (hit.kind in ("rule", "section") or (hit.kind == "ruling" and len(hit.cards) <= 1)):
        head += f"  {safe(hit.title)}"
    if hit.date:
        head += f"  {hit.date}"
    if hit.edition and view and hit.edition != view:
        head += "  " + _("(translated from the {edition} text)").format(edition=hit.edition)
    if hit.other_langs:
        head += "  " + _("also in: {langs}").format(langs=", ".join(hit.other_langs))
    echo_wrapped(head, subsequent="   ", head=key, head_style={"bold": True})  # wrapped to the terminal, then styled
    echo(render_marked(wrap(hit.snippet, indent="   "), colour=use_colour()))
    if hit.english:  # shown in the query's language: the English text beside
        echo(render_marked(wrap(f"[en] {hit.english}", indent="   "), colour=use_colour()))


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

    with collector_off(freeze=True):  # the index's modules: for the life of the process
        from mtgrules.index.query import Index

    with collector_off(), Index.current(TerminalReporter()) as index:
        reject_unknown_codes(langs, index.langs, N_("records"))
        if langs and not set(langs) & set(index.langs):
            results = None
        else:
            results = index.search(text, langs=langs, kinds=list(kinds), limit=limit, translate=not no_translate, edition=edition)
    if results is None:
        said = _("nothing in {langs}: the corpus has {have}").format(langs=", ".join(langs or []), have=", ".join(index.langs))
        echo(f"mtgrules: {said}", err=True)
        sys.exit(1)
    if not results.hits:
        hint = _("; did you mean: {names}").format(names=results.suggestion) if results.suggestion else ""
        echo("mtgrules: " + _("nothing found for {query!r}").format(query=text) + hint, err=True)
        if as_json and results.suggestion:
            echo_json({"suggestion": results.suggestion})
        sys.exit(1)
    if results.partial and not as_json:
        echo(style(_("No record holds every word of {query!r}; the best partial matches:").format(query=text), fg="yellow"))
    elif not as_json and (topped := [rank for rank, hit in enumerate(results.hits, start=1) if hit.partial]):
        echo(style(ngettext("Only {count} record holds every word of {query!r}; from {first} on, records holding most of them:",
                            "Only {count} records hold every word of {query!r}; from {first} on, records holding most of them:",
                            topped[0] - 1).format(count=topped[0] - 1, query=text, first=topped[0]), fg="yellow"))
    if not as_json:  # one ranking across languages: the translations that found hits, said once, first
        for lang, translation, left_out in dict.fromkeys((hit.lang, hit.translation, tuple(hit.untranslated))
                                                         for hit in results.hits if hit.translation):
            echo(style(translation_line(lang, translation, list(left_out)), fg="cyan"))
    for rank, hit in enumerate(results.hits, start=1):
        if as_json:
            echo_json(json_row(hit, results.partial))
            continue
        _print_hit(rank, hit, edition if edition not in (None, "latest") else index.default_view)
