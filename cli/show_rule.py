"""What `mtgrules rule` shows, without click (`mtgrules.cli.rule` is the command's click
definition, `mtgrules.cli.plain` its plain form; both call `show`; `mtgrules search` calls
`show_rules` for a query that is a rule number).

Renders what `mtgrules.lookup.rules` gives, for the rule and each subrule, in one edition's view
(`--edition`, default the newest English edition): the text and examples in each requested
language (a missing translation says so; one that follows another edition says which, and
whether the English changed since), the rules it refers to with their titles, and the engine
code that executes it with the tests that exercise it. The rule asked for also shows its
parent and its neighbours.
"""

from __future__ import annotations

import sys

from mtgrules.cli.corpus import check_langs, edition_label, note_untraced, open_catalog, say, translation_note
from mtgrules.cli.output import echo, echo_json, style, wrap
from mtgrules.lookup.catalog import Catalog
from mtgrules.lookup.rules import descendants, parse_numbers, rule_entries

# At most this many citing rules are listed under a rule; the rest are counted (`--json` has all).
CITED_BY_SHOWN = 12


def _print_entry(entry: dict, *, brief_children: list[str] | None = None, inline_missing: bool = True) -> None:
    number = entry["number"]
    edition = style(f"  ({entry['edition']})", dim=True) if "parent" in entry and entry.get("edition") else ""
    echo(style(number, bold=True) + (f"  {entry['title']}" if entry.get("title") else "") + edition)
    if "parent" in entry:
        for label in ("parent", "previous", "next"):
            link = entry[label]
            if link:
                echo(style(f"  {label}: ", dim=True) + f"{link['number']}" + (f"  {link['title']}" if link["title"] else ""))
    for lang, text in entry["texts"].items():
        if text is None:
            if not inline_missing:
                continue
            echo(f"  {style(lang, fg='cyan')}  " + style("(missing: no " + lang + " text for this rule)", dim=True))
            continue
        heading = f"{text['title']}. " if text["title"] and not text["text"].startswith(text["title"]) else ""
        flag = "" if text["aligned"] else style(" (unaligned: number not confirmed)", fg="red")
        body = wrap(heading + text["text"], indent="      ").lstrip()
        echo(f"  {style(lang, fg='cyan')}  {body}{flag}")
        for example in text["examples"]:
            echo(wrap(example, indent="      "))
        note = translation_note(text, entry.get("edition"))
        if note:
            echo(style(f"      ({note})", fg="yellow" if text["english_changed"] else None, dim=not text["english_changed"]))
    if entry["references"]:
        cited = "; ".join(f"{r['number']}" + (f" {r['title']}" if r["title"] else "") for r in entry["references"])
        echo(wrap("see: " + cited, indent="  "))
    citing = entry["cited_by"]
    if citing:
        more = len(citing) - CITED_BY_SHOWN
        listed = ", ".join(citing[:CITED_BY_SHOWN]) + (f" and {more} more" if more > 0 else "")
        echo(wrap("cited by: " + listed, indent="  "))
    for implementation in entry["implemented_by"]:
        echo(
            "  implemented by "
            + style(f"{implementation['module']}.{implementation['function']}", fg="green")
            + f" ({implementation['path']}:{implementation['line']})"
        )
    for node in entry["tests"]:
        echo(f"  tested by {node}")
    if brief_children:
        echo("  contains: " + ", ".join(brief_children))
    echo()


def show_rules(catalog: Catalog, requested: list[str], langs: list[str] | None, as_json: bool) -> int:
    """Print the requested rules and their subrules; the exit code (1 when none exists)."""
    from mtgrules.lookup import engine_links

    registry = engine_links.load()
    langs = langs or catalog.rule_langs()
    catalog.texts(requested)
    known = [number for number in requested if catalog.exists(number)]
    shown = [n for number in known for n in [number, *descendants(catalog, number)]]
    note_untraced(catalog, shown + [n for n in requested if n not in known])
    if not known:
        say(f"no rule {', '.join(requested)} in the corpus ({edition_label(catalog)})")
        return 1
    missing = [number for number in requested if number not in known]
    if missing:
        say(f"not in the corpus ({edition_label(catalog)}): {', '.join(missing)}")
    catalog.texts(shown)
    catalog.cited_by(shown)
    inline = len(shown) == 1  # one rule says what it lacks in place; several say it once below
    lacking: dict[str, int] = {}
    for number in known:
        entries = rule_entries(catalog, number, langs, registry)
        subrules = entries[1:]
        for position, entry in enumerate(entries):
            for lang, text in entry["texts"].items():
                if text is None:
                    lacking[lang] = lacking.get(lang, 0) + 1
            if as_json:
                echo_json(entry)
            else:
                listed = None if subrules or position else catalog.children(number)
                _print_entry(entry, brief_children=listed, inline_missing=inline)
    if not as_json and not inline:
        for lang, count in lacking.items():
            echo(style(f"  (missing: no {lang} text for {count} of the {len(shown)} rules shown)", dim=True))
    return 0


def show(number: str, langs: list[str] | None, edition: str | None, as_json: bool) -> None:
    """Look up and print (the parameters are those of the command, as click gives them); exits
    1 when no rule asked for exists."""
    try:
        numbers = parse_numbers(number)
    except ValueError as error:
        import click

        raise click.BadParameter(f"{number!r}: {error} (expected a rule number such as 704.5 or 704.5a-704.5d)") from None
    catalog = open_catalog(edition)
    check_langs(langs, catalog.rule_langs, "rules")
    sys.exit(show_rules(catalog, numbers, langs, as_json))
