"""`mtgrules stale`: translated rules whose English changed after the edition they translate,
and rules of the newest English edition with no translation: a translator's and a judge's
worklist. The library is `mtgrules.lookup.stale`."""

from __future__ import annotations

import sys

import click

from mtgrules.cli.editions import load_trace, render_diff
from mtgrules.cli.options import json_option, lang_option
from mtgrules.cli.output import echo_json, style, wrap
from mtgrules.cli.terminal import safe_data
from mtgrules.cli.translated import Command
from mtgrules.i18n import N_, _
from mtgrules.lookup.stale import runs


def _print_lang(lang: str, counts: dict[str, int], entries: list[dict], newest: str, order: list[str]) -> None:
    entries = safe_data(entries)
    click.echo(
        style(lang, fg="cyan", bold=True) + ": "
        + _("{translated} translated rules: {current} current, {stale} stale, {removed} removed, {untraced} untraced;"
            " {untranslated} of the {english_rules} rules of {newest} untranslated").format(newest=newest, **counts)
    )
    for entry in entries:
        status = entry["status"]
        if status == "untranslated":
            continue
        if status == "untraced":
            click.echo(f"  {style(_('untraced'), fg='yellow')}  {entry['translated_number']}: "
                       + _("follows {edition}, an English edition the corpus does not hold").format(edition=entry["follows"]))
            continue
        renumbered = entry["number"] and entry["number"] != entry["translated_number"]
        moved = " " + _("(now {number})").format(number=entry["number"]) if renumbered else ""
        if status == "removed":
            click.echo(f"  {style(_('removed'), fg='red')}   {entry['translated_number']}  {entry['title'] or ''}".rstrip()
                       + "  " + _("follows {edition}; removed in {removed}").format(edition=entry["follows"], removed=entry["removed_in"]))
            continue
        numbers_only = " " + _("(rule numbers only)") if entry["references_only"] else ""
        edited = ", ".join(entry["english_changed_in"])
        click.echo(f"  {style(_('stale'), fg='magenta')}     {entry['translated_number']}{moved}  {entry['title'] or ''}".rstrip()
                   + style("  " + _("follows {edition}; English edited in {editions}").format(edition=entry["follows"], editions=edited)
                           + numbers_only, dim=True))
        click.echo(render_diff(entry["diff"], indent=" " * 12))
    untranslated = [entry["number"] for entry in entries if entry["status"] == "untranslated"]
    if untranslated:
        listed = "; ".join(first if count == 1 else f"{first}–{last} ({count})" for first, last, count in runs(untranslated, order))
        click.echo(wrap(_("untranslated in {edition}: {runs}").format(edition=newest, runs=listed), indent="  "))
    click.echo()


@click.command(cls=Command, help=N_(
    "List translated rules whose English has changed since, and rules not yet translated.\n\n"
    "Exit 0 when the list has anything, 1 when every translation is current and complete."
))
@lang_option(N_("Languages to check, e.g. es,fr (default: every language with translated rules)."))
@json_option
def stale(langs: list[str] | None, as_json: bool) -> None:
    from mtgrules.lookup.stale import report

    if langs and "en" in langs:
        raise click.BadParameter(_("English is what translations follow: name other languages, e.g. es,fr"), param_hint="--lang")
    trace = load_trace()
    summary, entries = report(trace, langs)
    if not summary:
        click.echo("mtgrules: " + _("no translated rules in the corpus; name a language with --lang to list what to translate"), err=True)
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
