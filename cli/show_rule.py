"""What `mtgrules rule` shows, without click (`mtgrules.cli.rule` is the command's click
definition, which calls `show`; `mtgrules search` calls
`show_rules` for a query that is a rule number).

Renders what `mtgrules.lookup.rules` gives, for the rule and each subrule, in one edition's view
(`--edition`, default the newest English edition): the text and examples in each requested
language (a missing translation shows the English instead, said once; one that follows
another edition says which, and whether the English changed since), the rules it refers to with
their titles, and with `--links` the engine code that executes it and the tests that exercise
it (always in `--json`). The rule asked for also shows its
parent and its neighbours.
"""

from __future__ import annotations

import sys

from mtgrules.cli.corpus import check_langs, edition_label, note_untraced, open_catalog, say, translation_note
from mtgrules.cli.output import echo, echo_json, echo_wrapped, style, terminal_width, wrap
from mtgrules.cli.terminal import safe_data
from mtgrules.cli.width import fit
from mtgrules.i18n import N_, _, interface_language
from mtgrules.lookup.catalog import Catalog
from mtgrules.lookup.rules import descendants, parse_numbers, rule_entries

# At most this many citing rules are listed under a rule; the rest are counted (`--json` has all).
CITED_BY_SHOWN = 12


_LINK_LABELS = {"parent": N_("parent"), "previous": N_("previous"), "next": N_("next")}


def _print_text(lang: str, text: dict, edition: str | None, flag: str = "") -> None:
    heading = f"{text['title']}. " if text["title"] and not text["text"].startswith(text["title"]) else ""
    unaligned = "" if text["aligned"] else style(" " + _("(unaligned: number not confirmed)"), fg="red")
    body = wrap(heading + text["text"], indent="      ").lstrip()
    echo(f"  {style(lang, fg='cyan')}  {body}{unaligned}{flag}")
    for example in text["examples"]:
        echo(wrap(example, indent="      "))
    note = translation_note(text, edition)
    if note:
        echo_wrapped(f"({note})", indent="      ", fg="yellow" if text["english_changed"] else None, dim=not text["english_changed"])


def _print_entry(entry: dict, *, brief_children: list[str] | None = None, inline_missing: bool = True, links: bool = False) -> None:
    entry = safe_data(entry)
    number = entry["number"]
    edition = f"  ({entry['edition']})" if "parent" in entry and entry.get("edition") else ""
    title = f"  {entry['title']}" if entry.get("title") else ""
    echo_wrapped(number + title + edition, subsequent="    ", head=number, head_style={"bold": True})
    if "parent" in entry:
        for label in ("parent", "previous", "next"):
            link = entry[label]
            if link:
                title = f"  {link['title']}" if link["title"] else ""
                # TRANSLATORS: a label before a rule number: "parent: 704.5"
                named = _("{label}: ").format(label=_(_LINK_LABELS[label]))
                line = fit(f"{named}{link['number']}{title}", terminal_width() - 2)  # one line: a title is a reminder
                echo("  " + style(named, dim=True) + line[len(named):])
    missing = [lang for lang, text in entry["texts"].items() if text is None]
    for lang, text in entry["texts"].items():
        if text is not None:
            _print_text(lang, text, entry.get("edition"))
    english = entry.get("english_instead")
    if english is not None:
        _print_text("en", english, entry.get("edition"))
        if inline_missing:
            echo_wrapped(_("(no {langs} text for this rule in the corpus: English shown)").format(langs=", ".join(missing)),
                         indent="      ", dim=True)
    elif entry.get("shown_instead") is not None:
        other = entry["shown_instead"]
        _print_text(other["lang"], other, entry.get("edition"))
        if inline_missing:
            echo_wrapped(_("(no {langs} text for this rule in the corpus: {other} shown)").format(
                langs=", ".join(missing), other=other["lang"]), indent="      ", dim=True)
    elif missing and inline_missing:
        echo_wrapped(_("(no {langs} text for this rule in the corpus)").format(langs=", ".join(missing)), indent="  ", dim=True)
    if entry["references"]:
        cited = "; ".join(f"{r['number']}" + (f" {r['title']}" if r["title"] else "") for r in entry["references"])
        echo(wrap(_("see: {rules}").format(rules=cited), indent="  "))
    citing = entry["cited_by"]
    if citing:
        more = len(citing) - CITED_BY_SHOWN
        listed = ", ".join(citing[:CITED_BY_SHOWN])
        if more > 0:
            listed = _("{rules} and {count} more").format(rules=listed, count=more)
        echo(wrap(_("cited by: {rules}").format(rules=listed), indent="  "))
    if links:
        for implementation in entry["implemented_by"]:
            code = style(f"{implementation['module']}.{implementation['function']}", fg="green")
            where = f"{implementation['path']}:{implementation['line']}"
            echo(wrap(_("implemented by {code} ({where})").format(code=code, where=where), indent="  ", subsequent="      "))
        for node in entry["tests"]:
            echo(wrap(_("tested by {test}").format(test=node), indent="  ", subsequent="      "))
    if brief_children:
        echo(wrap(_("contains: {rules}").format(rules=", ".join(brief_children)), indent="  ", subsequent="      "))
    echo()


def default_langs(catalog: Catalog) -> list[str]:
    """The languages a rule is shown in when none is asked: the person's language (English
    beside where it has no text), or for English every language of the corpus."""
    lang = interface_language()
    return [lang] if lang != "en" else catalog.rule_langs()


def show_rules(catalog: Catalog, requested: list[str], langs: list[str] | None, as_json: bool, links: bool = False) -> int:
    """Print the requested rules and their subrules; the exit code (1 when none exists)."""
    from mtgrules.lookup import engine_links

    registry = engine_links.load()
    langs = langs or default_langs(catalog)
    catalog.texts(requested)
    known = [number for number in requested if catalog.exists(number)]
    shown = [n for number in known for n in [number, *descendants(catalog, number)]]
    note_untraced(catalog, shown + [n for n in requested if n not in known])
    if not known:
        say(_("no rule {numbers} in the corpus ({edition})").format(numbers=", ".join(requested), edition=edition_label(catalog)))
        return 1
    missing = [number for number in requested if number not in known]
    if missing:
        say(_("not in the corpus ({edition}): {numbers}").format(edition=edition_label(catalog), numbers=", ".join(missing)))
    catalog.texts(shown)
    catalog.cited_by(shown)
    inline = len(shown) == 1  # one rule says what it lacks in place; several say it once below
    lacking: dict[str, int] = {}
    english_shown = False
    others_shown: set[str] = set()  # the languages shown for rules with no text asked nor English
    for number in known:
        entries = rule_entries(catalog, number, langs, registry)
        subrules = entries[1:]
        for position, entry in enumerate(entries):
            for lang, text in entry["texts"].items():
                if text is None:
                    lacking[lang] = lacking.get(lang, 0) + 1
            english_shown = english_shown or "english_instead" in entry
            if entry.get("shown_instead"):
                others_shown.add(entry["shown_instead"]["lang"])
            if as_json:
                echo_json(entry)
            else:
                listed = None if subrules or position else catalog.children(number)
                _print_entry(entry, brief_children=listed, inline_missing=inline, links=links)
    if not as_json and not inline:
        for lang, count in lacking.items():
            if english_shown:
                note = _("(no {lang} text for {count} of the {total} rules shown: English shown for them)")
            elif others_shown:
                note = _("(no {lang} text for {count} of the {total} rules shown: {others} shown for them)")
            else:
                note = _("(no {lang} text for {count} of the {total} rules shown)")
            echo_wrapped(note.format(lang=lang, count=count, total=len(shown), others=", ".join(sorted(others_shown))),
                         indent="  ", dim=True)
    return 0


def show(number: str, langs: list[str] | None, edition: str | None, as_json: bool, links: bool = False) -> None:
    """Look up and print (the parameters are those of the command, as click gives them); exits
    1 when no rule asked for exists."""
    try:
        numbers = parse_numbers(number)
    except ValueError as error:
        import click

        raise click.BadParameter(_("{number!r}: {error} (expected a rule number such as 704.5 or 704.5a-704.5d)").format(
            number=number, error=error)) from None
    catalog = open_catalog(edition)
    check_langs(langs, catalog.rule_langs, N_("rules"))
    sys.exit(show_rules(catalog, numbers, langs, as_json, links))
