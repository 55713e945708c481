"""`mtgrules engine`: the executable-rule layer seen from the corpus.

`mtgrules engine coverage` lists, for every rule and ruling in the corpus (embedded seeds plus
what the user ingested), the engine code that executes it (`path:line`) and the tests that
demonstrate it, so a gap is visible at a glance. Rules are counted once per number whatever
the language; rulings once per card and English counterpart.
"""

from __future__ import annotations

import click

from mtgrules import rulenumbers
from mtgrules.cli.options import json_option
from mtgrules.cli.output import echo_json, style


@click.group()
def engine() -> None:
    """The executable-rule layer: which rules and rulings the engine implements and tests."""


def _within(number: str, section: str) -> bool:
    """Is `number` the section itself or below it (704.5aa is within 704.5, 704 and 7)?"""
    current: str | None = number
    while current is not None:
        if current == section:
            return True
        current = rulenumbers.parent(current)
    return False


def _section(ctx, param, value: str | None) -> str | None:
    if value is None:
        return None
    value = value.strip().rstrip(".")
    if not rulenumbers.is_rule_number(value):
        raise click.BadParameter(f"{value!r} is not a rule number (try 704 or 704.5)")
    return value


def coverage_rows(records, section: str | None, card: str | None) -> list[dict]:
    """One dict per rule (deduplicated by number) and per ruling (by card and English
    counterpart) in `records`, with the implementations and tests that link to it."""
    from mtgrules.engine import registry

    rows: list[dict] = []
    if section is not None or card is None:
        numbers = {r.number for r in records if r.kind == "rule" and r.number and rulenumbers.is_rule_number(r.number)}
        for number in sorted(numbers, key=rulenumbers.sort_key):
            if section is None or _within(number, section):
                rows.append({
                    "kind": "rule",
                    "number": number,
                    "implemented": [i.location for i in registry.implementations_for(number)],
                    "tests": registry.tests_for_rule(number),
                })
    if card is not None or section is None:
        rulings: dict[tuple, object] = {}
        for r in records:
            if r.kind == "ruling" and r.card and (card is None or r.card.lower() == card.lower()):
                key = (r.card, r.en_position, r.en_digest)
                if key not in rulings or (rulings[key].en_text is None and r.en_text is not None):
                    rulings[key] = r
        for (name, position, digest), record in sorted(rulings.items(), key=lambda item: (item[0][0], item[0][1] or 0)):
            rows.append({
                "kind": "ruling",
                "card": name,
                "en_position": position,
                "en_digest": digest,
                "en_text": record.en_text,
                "implemented": [i.location for i in registry.implementations_for_ruling(name, digest)] if digest else [],
                "tests": registry.tests_for_ruling(name, digest) if digest else [],
            })
    return rows


def _label(row: dict) -> str:
    if row["kind"] == "rule":
        return row["number"]
    return f"{row['card']} #{row['en_position']}" if row["en_position"] is not None else row["card"]


def _summary(rows: list[dict], plural: str) -> str:
    """"25 rules: 25 implemented, 25 tested" (the caller leaves out a section's own row)."""
    implemented = sum(1 for r in rows if r["implemented"])
    tested = sum(1 for r in rows if r["tests"])
    return f"{len(rows)} {plural}: {implemented} implemented, {tested} tested"


@engine.command()
@click.option("--section", callback=_section, metavar="NUMBER", help="Only rules at or under this number: 704, 704.5, 701.50.")
@click.option("--card", metavar="NAME", help="Only the rulings of this card (English name).")
@json_option
@click.pass_context
def coverage(ctx: click.Context, section: str | None, card: str | None, as_json: bool) -> None:
    """Which rules and rulings of the corpus the engine implements and tests.

    Without options: every rule and ruling. Exit codes: 0 found, 1 nothing matched, 2 bad usage.
    """
    from mtgrules.align.linking import all_records
    from mtgrules.engine import registry

    rows = coverage_rows(all_records(), section, card)
    if not rows:
        what = f"under {section}" if section else f"for {card}" if card else "in the corpus"
        click.echo(f"mtgrules: no rules or rulings {what}", err=True)
        ctx.exit(1)
    if as_json:
        for row in rows:
            echo_json(row)
    else:
        width = max(len(_label(r)) for r in rows)
        click.echo(style(f"{'':{width}}  implemented                 tests", bold=True))
        for row in rows:
            more = len(row["implemented"]) - 1
            where = (row["implemented"][0] + (f" (+{more})" if more > 0 else "")) if row["implemented"] else style("-", fg="red")
            tests = str(len(row["tests"])) if row["tests"] else style("-", fg="red")
            click.echo(f"{_label(row):{width}}  {where:27} {tests}")
        # Under a section, the section's own row is shown but not counted: "704.5" is a heading
        # whose 25 subrules are what the count is about.
        rules = [r for r in rows if r["kind"] == "rule" and r["number"] != section]
        rulings = [r for r in rows if r["kind"] == "ruling"]
        parts = [_summary(rules, f"rules under {section}" if section else "rules") if rules else None,
                 _summary(rulings, "rulings") if rulings else None]
        click.echo("; ".join(p for p in parts if p))
    if not registry.tests_available():
        click.echo("mtgrules: the tests folder is not installed, so test links are unknown "
                   "(run from a checkout or an editable install)", err=True)
