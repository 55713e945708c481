"""`mtgrules diff OLD NEW`: the rules added, removed, moved, replaced and edited between two
English editions, with word-level changes. The library is `mtgrules.lookup.changes`."""

from __future__ import annotations

import sys

import click

from mtgrules import rulenumbers
from mtgrules.cli.editions import CHANGES, check_edition_argument, load_trace, render_diff
from mtgrules.cli.options import json_option
from mtgrules.cli.output import echo_json, style, wrap
from mtgrules.cli.terminal import safe, safe_data
from mtgrules.cli.translated import Command
from mtgrules.i18n import N_, _

_COLOURS = {"added": "green", "removed": "red", "replaced": "magenta", "moved": "blue", "edited": "yellow"}


def _edition(ctx, param, value: str) -> str:
    return check_edition_argument(value)


def _scope(ctx, param, value: str | None) -> str | None:
    if value is None:
        return None
    number = value.strip().rstrip(".")
    if not rulenumbers.is_rule_number(number):
        raise click.BadParameter(_("{value!r}: give a chapter, section or rule number, e.g. 7, 701 or 704.5").format(value=value))
    return number


def _print_entry(entry: dict) -> None:
    entry = safe_data(entry)
    kind = entry["change"]
    where = f"{entry['old']} → {entry['new']}" if kind == "moved" else (entry["new"] or entry["old"])
    head = style(f"{_(CHANGES.get(kind, kind)):<9}", fg=_COLOURS.get(kind)) + f" {where}"
    if entry["title"]:
        head += f"  {entry['title']}"
    notes = []
    if kind == "moved" and entry["text_changed"]:
        notes.append(_("edited"))
    if entry["references_only"]:
        notes.append(_("rule numbers only"))
    if notes:
        head += style(f"  ({', '.join(notes)})", dim=True)
    click.echo(head)
    indent = " " * 10
    if entry["diff"]:
        click.echo(render_diff(entry["diff"], indent=indent))
    elif kind == "added":
        click.echo(wrap(entry["new_text"], indent=indent))
    elif kind == "removed":
        click.echo(wrap(entry["old_text"], indent=indent))
    elif kind == "replaced":
        click.echo(wrap(_("was: {text}").format(text=entry["old_text"]), indent=indent))
        click.echo(wrap(_("now: {text}").format(text=entry["new_text"]), indent=indent))


def _print_moves(found: list[dict], old: str, new: str, scope: str | None, as_json: bool) -> None:
    """The renumbering map: one line (or JSON object) per rule that moved."""
    if not found:
        if scope:
            said = _("no rule moved from {old} to {new} within {scope}").format(old=old, new=new, scope=scope)
        else:
            said = _("no rule moved from {old} to {new}").format(old=old, new=new)
        click.echo(f"mtgrules: {said}", err=True)
        sys.exit(1)
    if as_json:
        for entry in found:
            echo_json(entry)
        return
    width = max(len(entry["old"]) for entry in found)
    new_width = max(len(entry["new"]) for entry in found)
    for entry in found:
        line = f"{entry['old']:<{width}} → {entry['new']:<{new_width}}"
        if entry["title"]:
            line += f"  {safe(entry['title'])}"
        click.echo(line)


@click.command(cls=Command, help=N_(
    "Show what changed from edition OLD to edition NEW (dates YYYY-MM-DD, or latest).\n\n"
    "A renumbered rule is a move, not a removal and an addition. Exit 1 when nothing changed (with --moves: when no "
    "rule moved)."
))
@click.argument("old", callback=_edition, metavar=N_("OLD"))
@click.argument("new", callback=_edition, metavar=N_("NEW"))
@click.option("--section", "scope", callback=_scope, metavar=N_("NUMBER"),
              help=N_("Only rules within this chapter, section or rule (7, 701, 704.5), numbered in either edition."))
@click.option("--moves", is_flag=True,
              help=N_("Only the renumbering map: old number, new number and title of each rule that moved."))
@json_option
def diff(old: str, new: str, scope: str | None, moves: bool, as_json: bool) -> None:
    from mtgrules.lookup import changes, editions

    every = load_trace()
    old_edition, new_edition = editions.resolve(every.editions, old), editions.resolve(every.editions, new)
    trace = changes.between(every, old_edition, new_edition)
    if moves:
        _print_moves(changes.moves(trace, old_edition, new_edition, scope), old_edition, new_edition, scope, as_json)
        return
    counts, entries = changes.diff(trace, old_edition, new_edition, scope)
    if not entries:
        message = _("no changes from {old} to {new} within {scope}") if scope else _("no changes from {old} to {new}")
        click.echo("mtgrules: " + message.format(old=old_edition, new=new_edition, scope=scope), err=True)
        sys.exit(1)
    if as_json:
        for entry in entries:
            echo_json(entry)
        return
    summary = ", ".join(f"{counts[kind]} {_(CHANGES[kind])}" for kind in ("edited", "moved", "replaced", "added", "removed"))
    unchanged = f"{counts['unchanged']} {_(CHANGES['unchanged'])}"
    click.echo(style(f"{old_edition} → {new_edition}", bold=True) + f": {summary} ({unchanged})")
    for entry in entries:
        _print_entry(entry)
