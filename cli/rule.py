"""`mtgrules rule NUMBER`: a rule with its subrules, side by side in several languages.

Shows, for the rule and each subrule: the text and examples in each requested language (a
missing translation says so), the rules it refers to with their titles, and the engine code
that executes it with the tests that exercise it. The rule asked for also shows its parent and
its neighbours. NUMBER may be a range: `704.5a-704.5d`, `701.50-52`.
"""

from __future__ import annotations

import re
import sys

import click

from mtgrules import rulenumbers
from mtgrules.cli.options import json_option, lang_option
from mtgrules.cli.output import echo_json, style, wrap
from mtgrules.lookup.catalog import Catalog

_RANGE = re.compile(r"^\s*(\S+?)\s*[-\u2013\u2014]\s*(\S+)\s*$")


def parse_numbers(text: str) -> list[str]:
    """"704.5" -> ["704.5"]; "704.5a-704.5d" -> the four; anything else -> BadParameter."""
    match = _RANGE.match(text)
    try:
        if match:
            return rulenumbers.expand_range(match.group(1).rstrip("."), match.group(2).rstrip("."))
        number = text.strip().rstrip(".")
        rulenumbers.split(number)
        return [number]
    except ValueError as error:
        raise click.BadParameter(f"{text!r}: {error} (expected a rule number such as 704.5 or 704.5a-704.5d)") from None


def descendants(catalog: Catalog, number: str) -> list[str]:
    """The subrules of a numbered rule, in order (704.5 -> 704.5a … 704.5aa). A section or
    chapter lists its rules, not all their subrules: those are one `rule` call away."""
    _, rule, letters = rulenumbers.split(number)
    if rule is None or letters:
        return []
    return catalog.children.get(number, [])


def _neighbours(catalog: Catalog, number: str) -> tuple[str | None, str | None]:
    parent = rulenumbers.parent(number)
    siblings = catalog.children.get(parent, []) if parent else []
    if number not in siblings:
        return None, None
    at = siblings.index(number)
    return (siblings[at - 1] if at > 0 else None), (siblings[at + 1] if at + 1 < len(siblings) else None)


def _references(catalog: Catalog, number: str) -> list[str]:
    found: list[str] = []
    for record in catalog.numbered.get(number, {}).values():
        cited = record.references or rulenumbers.references(" ".join([record.text, *record.examples]))
        for reference in cited:
            if reference != number and reference not in found:
                found.append(reference)
    return found


def rule_entry(catalog: Catalog, number: str, langs: list[str], registry, *, head: bool) -> dict:
    """Everything shown about one number, as the JSON object of `--json`."""
    by_lang = catalog.numbered.get(number, {})
    texts = {}
    for lang in langs:
        record = by_lang.get(lang)
        texts[lang] = None if record is None else {
            "title": record.title,
            "text": record.text,
            "examples": record.examples,
            "source": record.source,
            "edition": record.edition,
            "confidence": record.confidence,
            "aligned": record.aligned,
        }
    entry = {
        "number": number,
        "title": next((by_lang[lang].title for lang in [*langs, *sorted(by_lang)] if lang in by_lang and by_lang[lang].title), None),
        "texts": texts,
        "references": [{"number": n, "title": catalog.title_of(n, langs)} for n in _references(catalog, number)],
        "implemented_by": [
            {"module": i.module, "function": i.function, "path": i.path, "line": i.line}
            for i in registry.implementations_for(number)
        ],
        "tests": list(registry.tests_for_rule(number)),
    }
    if head:
        parent = rulenumbers.parent(number)
        previous, following = _neighbours(catalog, number)
        entry["parent"] = parent and {"number": parent, "title": catalog.title_of(parent, langs)}
        entry["previous"] = previous and {"number": previous, "title": catalog.title_of(previous, langs)}
        entry["next"] = following and {"number": following, "title": catalog.title_of(following, langs)}
        entry["subrules"] = catalog.children.get(number, [])
    return entry


def _print_entry(entry: dict, *, brief_children: list[str] | None = None) -> None:
    number = entry["number"]
    click.echo(style(number, bold=True) + (f"  {entry['title']}" if entry.get("title") else ""))
    if "parent" in entry:
        for label in ("parent", "previous", "next"):
            link = entry[label]
            if link:
                click.echo(style(f"  {label}: ", dim=True) + f"{link['number']}" + (f"  {link['title']}" if link["title"] else ""))
    for lang, text in entry["texts"].items():
        if text is None:
            click.echo(f"  {style(lang, fg='cyan')}  " + style("(missing: no " + lang + " text for this rule)", dim=True))
            continue
        heading = f"{text['title']}. " if text["title"] and not text["text"].startswith(text["title"]) else ""
        flag = "" if text["aligned"] else style(" (unaligned: number not confirmed)", fg="red")
        body = wrap(heading + text["text"], indent="      ").lstrip()
        click.echo(f"  {style(lang, fg='cyan')}  {body}{flag}")
        for example in text["examples"]:
            click.echo(wrap(example, indent="      "))
    if entry["references"]:
        cited = "; ".join(f"{r['number']}" + (f" {r['title']}" if r["title"] else "") for r in entry["references"])
        click.echo(wrap("see: " + cited, indent="  "))
    for implementation in entry["implemented_by"]:
        click.echo(
            "  implemented by "
            + style(f"{implementation['module']}.{implementation['function']}", fg="green")
            + f" ({implementation['path']}:{implementation['line']})"
        )
    for node in entry["tests"]:
        click.echo(f"  tested by {node}")
    if brief_children:
        click.echo("  contains: " + ", ".join(brief_children))
    click.echo()


def show_rules(catalog: Catalog, requested: list[str], langs: list[str] | None, as_json: bool) -> int:
    """Print the requested rules and their subrules; the exit code (1 when none exists)."""
    from mtgrules.engine import registry

    langs = langs or catalog.rule_langs()
    known = [number for number in requested if number in catalog.numbered]
    if not known:
        click.echo(f"mtgrules: no rule {', '.join(requested)} in the corpus", err=True)
        return 1
    missing = [number for number in requested if number not in catalog.numbered]
    if missing:
        click.echo(f"mtgrules: not in the corpus: {', '.join(missing)}", err=True)
    for number in known:
        subrules = descendants(catalog, number)
        entry = rule_entry(catalog, number, langs, registry, head=True)
        if as_json:
            echo_json(entry)
        else:
            listed = None if subrules else catalog.children.get(number)
            _print_entry(entry, brief_children=listed)
        for subrule in subrules:
            sub_entry = rule_entry(catalog, subrule, langs, registry, head=False)
            if as_json:
                echo_json(sub_entry)
            else:
                _print_entry(sub_entry)
    return 0


@click.command()
@click.argument("number")
@lang_option("Languages to show side by side, e.g. es,en (default: every language of the corpus).")
@json_option
def rule(number: str, langs: list[str] | None, as_json: bool) -> None:
    """Show rule NUMBER (704.5, 704.5aa, 704.5a-704.5d) with its subrules in several languages."""
    numbers = parse_numbers(number)
    sys.exit(show_rules(Catalog.load(), numbers, langs, as_json))
