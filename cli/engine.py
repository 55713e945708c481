"""`mtgrules engine`: the executable-rule layer seen from the corpus.

`mtgrules engine coverage` renders `mtgrules.lookup.coverage`: for every rule and ruling in the
corpus (embedded seeds plus what the user ingested), the engine code that executes it and the
tests that demonstrate it.
"""

from __future__ import annotations

import click

from mtgrules import rulenumbers
from mtgrules.cli.corpus import VIEW_EDITION, edition_label, open_catalog
from mtgrules.cli.editions import edition_option
from mtgrules.cli.options import json_option
from mtgrules.cli.output import echo_json, style
from mtgrules.cli.terminal import safe
from mtgrules.cli.translated import Group
from mtgrules.i18n import N_, _
from mtgrules.lookup.coverage import by_section, coverage_rows, summary, untested


@click.group(cls=Group, help=N_(
    "The executable-rule layer: which rules and rulings the engine implements and tests."
))
def engine() -> None:
    """`mtgrules engine`: its subcommands are the command."""


def _section(ctx, param, value: str | None) -> str | None:
    if value is None:
        return None
    value = value.strip().rstrip(".")
    if not rulenumbers.is_rule_number(value):
        raise click.BadParameter(_("{value!r} is not a rule number (try 704 or 704.5)").format(value=value))
    return value


def _label(row: dict) -> str:
    if row["kind"] == "rule":
        return safe(row["number"])
    return safe(f"{row['card']} #{row['en_position']}" if row["en_position"] is not None else row["card"])


@engine.command(help=N_(
    "Which rules and rulings of the corpus the engine implements and tests: a summary, per section where the engine "
    "implements something, and what is implemented but untested; `--list` adds every rule and ruling, `--json` "
    "gives them to scripts. Rules are those of one edition (--edition, default the newest English edition "
    "ingested).\n\n"
    "Exit codes: 0 found, 1 nothing matched, 2 bad usage."
))
@click.option("--section", callback=_section, metavar=N_("NUMBER"), help=N_("Only rules at or under this number: 704, 704.5, 701.50."))
@click.option("--card", metavar=N_("NAME"), help=N_("Only the rulings of this card (any of its names)."))
@click.option("--list", "full", is_flag=True, help=N_("After the summary, every rule and ruling with its code and tests."))
@edition_option(VIEW_EDITION)
@json_option
@click.pass_context
def coverage(ctx: click.Context, section: str | None, card: str | None, full: bool, edition: str | None, as_json: bool) -> None:
    from mtgrules.lookup import engine_links

    registry = engine_links.load()
    catalog = open_catalog(edition)
    rows = coverage_rows(catalog, section, card, registry)
    if not rows:
        message = (_("no rules or rulings under {section} ({edition})") if section else
                   _("no rules or rulings for {card} ({edition})") if card else _("no rules or rulings in the corpus ({edition})"))
        click.echo("mtgrules: " + message.format(section=section, card=card, edition=edition_label(catalog)), err=True)
        ctx.exit(1)
    if as_json:
        for row in rows:
            echo_json(row)
    else:
        _summary(rows, section)
        if full:
            click.echo()
            _table(rows)
    if not registry.tests_available():
        click.echo("mtgrules: " + _("this installation carries no test links (it was built without the tests folder), "
                                    "so which tests demonstrate each rule is unknown"), err=True)


def _summary(rows: list[dict], section: str | None) -> None:
    """The totals, then a line per section where the engine implements something, then what
    is implemented and untested. Under a section, the section's own row is not counted:
    "704.5" is a heading whose 25 subrules are what the count is about."""
    rules = [r for r in rows if r["kind"] == "rule" and r["number"] != section]
    rulings = [r for r in rows if r["kind"] == "ruling"]
    parts = [summary(rules, _("rules under {section}").format(section=section) if section else _("rules")) if rules else None,
             summary(rulings, _("rulings")) if rulings else None]
    click.echo(style("; ".join(p for p in parts if p), bold=True))
    for key, total, implemented, tested in by_section(rows, section):
        click.echo(f"  {key:<9} " + _("{implemented} of {total} implemented, {tested} tested").format(
            implemented=f"{implemented:>4}", total=f"{total:<4}", tested=f"{tested:>4}"))
    missing = untested(rows)
    if missing:
        click.echo(_("implemented but untested: {rules}").format(rules=", ".join(_label(r) for r in missing)))
    click.echo(style(_("(--list shows every rule and ruling with its code and tests)"), dim=True))


def _table(rows: list[dict]) -> None:
    width = max(len(_label(r)) for r in rows)
    click.echo(style(f"{'':{width}}  {_('implemented'):<27} {_('tests')}", bold=True))
    for row in rows:
        more = len(row["implemented"]) - 1
        where = (row["implemented"][0] + (f" (+{more})" if more > 0 else "")) if row["implemented"] else style("-", fg="red")
        tests = str(len(row["tests"])) if row["tests"] else style("-", fg="red")
        click.echo(f"{_label(row):{width}}  {where:27} {tests}")
