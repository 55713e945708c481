"""What `mtgrules history` shows, without click (`mtgrules.cli.history` is the command's click
definition, which calls `show`).

A rule through every English edition of the corpus (Academy Ruins calls this a trace), with
its subrules, word-level changes, and with `--lang`, which edition each translation follows.
The library is `mtgrules.lookup.history`.
"""

from __future__ import annotations

import sys

from mtgrules import rulenumbers
from mtgrules.cli.editions import change_label, load_trace, render_diff
from mtgrules.cli.output import echo, echo_json, echo_wrapped, style
from mtgrules.cli.terminal import safe_data
from mtgrules.i18n import _


def rule_number(value: str) -> str:
    """NUMBER as the command reads it (`701.50.` is 701.50); ValueError for anything else."""
    number = value.strip().rstrip(".")
    if not rulenumbers.is_rule_number(number):
        raise ValueError(_("{value!r} is not a rule number (e.g. 701.28, 704.5y, 701)").format(value=value))
    return number


def _print_entry(entry: dict) -> None:
    entry = safe_data(entry)
    title = f"  {entry['title']}" if entry["title"] else ""
    numbered = _("(as numbered in {edition})").format(edition=entry["edition"])
    number = entry["number"] or "—"
    echo_wrapped(f"{number}{title}  {numbered}", subsequent="    ", head=number, head_style={"bold": True})
    for step in entry["steps"]:
        label = change_label(step["change"], step["from"], step["text_changed"], step["references_only"], step["number"] is not None)
        if step["number"] is None and not label:
            label = _("not in this edition")
        echo(f"  {step['edition']}  {(step['number'] or '—'):<9} {label}".rstrip())
        if step["diff"]:
            echo(render_diff(step["diff"], indent=" " * 14))
    holders: dict[str, list[dict]] = {}  # another rule's identity -> the steps where it holds the number
    for step in entry["steps"]:
        if step["number_holds"]:
            holders.setdefault(step["number_holds"]["identity"], []).append(step)
    for steps in holders.values():
        other = steps[-1]["number_holds"]["title"]
        echo(style("  " + _("note: {number} is another rule in {editions}").format(
            number=entry["number"], editions=", ".join(s["edition"] for s in steps)), fg="yellow")
             + (f": {other}" if other else ""))
    for translation in entry["translations"]:
        if translation["removed_in"]:
            state = _("the rule was removed in {edition}").format(edition=translation["removed_in"])
        elif translation["english_changed_in"]:
            state = _("the English has changed since ({editions})").format(editions=", ".join(translation["english_changed_in"]))
        else:
            state = _("current")
        echo(f"  {style(translation['lang'], fg='cyan')}  " + _("follows {edition} as {number}: {state}").format(
            edition=translation["follows"], number=translation["number"], state=state))
    echo()


def show(number: str, edition: str | None, langs: list[str] | None, as_json: bool) -> None:
    """Look up and print (the parameters are those of the command, as click gives them); exits
    1 when no edition has the rule."""
    from mtgrules.lookup import editions
    from mtgrules.lookup.history import editions_with, find_edition, rule_history

    trace = load_trace()
    asked = editions.resolve(trace.editions, edition) if edition else None
    found = find_edition(trace, number, asked)
    if found is None:
        elsewhere = editions_with(trace, number)
        if asked and elsewhere:
            message = _("no rule {number} in the {edition} edition (it is in {editions})")
        elif asked:
            message = _("no rule {number} in the {edition} edition")
        else:
            message = _("no rule {number} in any English edition of the corpus")
        echo("mtgrules: " + message.format(number=number, edition=asked, editions=", ".join(elsewhere)), err=True)
        sys.exit(1)
    if asked is None and found != trace.newest:
        echo("mtgrules: " + _("{number} is not in {newest}; read as numbered in {edition}").format(
            number=number, newest=trace.newest, edition=found), err=True)
    for entry in rule_history(trace, number, found, langs):
        if as_json:
            echo_json(entry)
        else:
            _print_entry(entry)
