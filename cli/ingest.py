"""`mtgrules parse` and `mtgrules ingest`: documents in, aligned records out (or stored)."""

from __future__ import annotations

import sys
from contextlib import contextmanager

import click

from mtgrules.cli.output import echo_json, style, wrap

_PATHS = click.argument("paths", nargs=-1, required=True, type=click.Path(dir_okay=False))
_LANG = click.option("--lang", help="Language of the documents (es, fr, zh…) when it cannot be detected.")


def _parse(paths: tuple[str, ...], lang: str | None):
    from mtgrules.align import ingest, linking

    return ingest.parse(list(paths), lang=lang, corpus=linking.open_store(_say))


def _say(text: str) -> None:
    click.echo(f"mtgrules: {text}", err=True)


def _warn(parsed) -> None:
    for document in parsed:
        for warning in document.warnings:
            click.echo(style(f"warning: {warning}", fg="yellow"), err=True)


@click.command()
@_PATHS
@_LANG
@click.option("--json", "as_json", is_flag=True, help="One JSON object per record and line.")
def parse(paths: tuple[str, ...], lang: str | None, as_json: bool) -> None:
    """Parse and align documents against what is ingested, and print the records.

    Nothing is stored. Rulings show the text of their English counterpart (`en_text`) when the
    card's MTGJSON data is ingested.
    """
    from mtgrules.align import linking

    parsed, context = _parse(paths, lang)
    records = [record for document in parsed for record in document.records]
    linking.fill_english_rulings(context + records)
    _warn(parsed)
    for record in records:
        if as_json:
            echo_json(record.to_dict())
        else:
            click.echo(_describe(record))
    if not records:
        sys.exit(1)


def _describe(record) -> str:
    key = record.number or (f"{record.card} #{record.en_position}" if record.kind == "ruling" else record.title or "")
    confidence = "" if record.confidence is None else f" confidence {record.confidence:.2f}"
    flag = "" if record.aligned else style(" unaligned", fg="red")
    head = style(f"{record.kind} {key or '?'} [{record.lang}]", bold=True) + confidence + flag
    names = ", ".join(f"{name} ({lang})" for lang, name in record.names.items())
    body = names if record.kind in ("card", "term") else record.text
    return head + "\n" + wrap(body or "", indent="  ")


@click.command()
@_PATHS
@_LANG
def ingest(paths: tuple[str, ...], lang: str | None) -> None:
    """Parse documents and add their records to your corpus (MTGRULES_HOME).

    Re-ingesting a document replaces its records; one stored unchanged is skipped. If any file
    fails to parse, nothing is stored. Pages ingested before an English edition or MTGJSON file
    are aligned again when one arrives. The search index is rebuilt on the next search.
    """
    from mtgrules import store
    from mtgrules.align import ingest as ingesting

    with _progress(len(paths)) as advance:
        done = ingesting.ingest(list(paths), lang=lang, corpus=store.Store(on_message=_say), on_read=advance, on_wait=_say)
    _warn(done.stored)
    for unchanged in done.unchanged:
        click.echo(f"{unchanged.path}: unchanged, {unchanged.records} records ({unchanged.kind})")
    for document in done.stored:
        realigned = " (aligned again)" if document.path in done.realigned else ""
        click.echo(f"{document.path}: {len(document.records)} records ({document.kind}){realigned}")


@contextmanager
def _progress(total: int):
    """A progress bar on a terminal (stderr), nothing otherwise; yields the advance callback."""
    if not sys.stderr.isatty():
        yield lambda path: None
        return
    with click.progressbar(length=total, label="Reading", file=sys.stderr) as bar:
        yield lambda path: bar.update(1)
