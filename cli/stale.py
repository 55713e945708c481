"""`mtgrules stale`: translated rules whose English changed after the edition they translate,
and rules of the newest English edition with no translation: a translator's and a judge's
worklist. The library is `mtgrules.lookup.stale`."""

from __future__ import annotations

import sys

import click

from mtgrules.cli.editions import load_trace, render_diff
from mtgrules.cli.options import json_option, lang_option
from mtgrules.cli.output import echo_json, style, wrap
from mtgrules.lookup.stale import runs


def _print_lang(lang: str, counts: dict[str, int], entries: list[dict], newest: str, order: list[str]) -> None:
    click.echo(
        style(lang, fg="cyan", bold=True)
        + f": {counts['translated']} translated rules: {counts['current']} current, {counts['stale']} stale,"
        f" {counts['removed']} removed, {counts['untraced']} untraced;"
        f" {counts['untranslated']} of the {counts['english_rules']} rules of {newest} untranslated"
    )
    for entry in entries:
        status = entry["status"]
        if status == "untranslated":
            continue
        if status == "untraced":
            click.echo(f"  {style('untraced', fg='yellow')}  {entry['translated_number']}: follows {entry['follows']},"
                       " an English edition the corpus does not hold")
            continue
        moved = f" (now {entry['number']})" if entry["number"] and entry["number"] != entry["translated_number"] else ""
        if status == "removed":
            click.echo(f"  {style('removed', fg='red')}   {entry['translated_number']}  {entry['title'] or ''}".rstrip()
                       + f"  follows {entry['follows']}; removed in {entry['removed_in']}")
            continue
        numbers_only = " (rule numbers only)" if entry["references_only"] else ""
        edited = ", ".join(entry["english_changed_in"])
        click.echo(f"  {style('stale', fg='magenta')}     {entry['translated_number']}{moved}  {entry['title'] or ''}".rstrip()
                   + style(f"  follows {entry['follows']}; English edited in {edited}{numbers_only}", dim=True))
        click.echo(render_diff(entry["diff"], indent=" " * 12))
    untranslated = [entry["number"] for entry in entries if entry["status"] == "untranslated"]
    if untranslated:
        listed = "; ".join(first if count == 1 else f"{first}–{last} ({count})" for first, last, count in runs(untranslated, order))
        click.echo(wrap(f"untranslated in {newest}: {listed}", indent="  "))
    click.echo()


@click.command()
@lang_option("Languages to check, e.g. es,fr (default: every language with translated rules).")
@json_option
def stale(langs: list[str] | None, as_json: bool) -> None:
    """List translated rules whose English has changed since, and rules not yet translated.

    Exit 0 when the list has anything, 1 when every translation is current and complete."""
    from mtgrules.lookup.stale import report

    if langs and "en" in langs:
        raise click.BadParameter("English is what translations follow: name other languages, e.g. es,fr", param_hint="--lang")
    trace = load_trace()
    summary, entries = report(trace, langs)
    if not summary:
        click.echo("mtgrules: no translated rules in the corpus; name a language with --lang to list what to translate", err=True)
        sys.exit(1)
    if as_json:
        for entry in entries:
            echo_json(entry)
    else:
        newest = trace.editions[-1]
        order = trace.numbers(newest)
        for lang, counts in summary.items():
            _print_lang(lang, counts, [e for e in entries if e["lang"] == lang], newest, order)
    if not entries:
        sys.exit(1)
