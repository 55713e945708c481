"""`mtgrules parse` and `mtgrules ingest`: documents in, aligned records out (or stored)."""

from __future__ import annotations

import sys
from contextlib import contextmanager

import click

from mtgrules.cli.output import echo_json, style, wrap

_PATHS = click.argument("paths", nargs=-1, required=True, type=click.Path(dir_okay=False))
_LANG = click.option("--lang", help="Language of the documents (es, fr, zh…) when it cannot be detected.")


def _parse(paths: tuple[str, ...], lang: str | None):
    from mtgrules.align import documents, linking

    context = linking.all_records()
    return documents.parse_files(list(paths), lang=lang, context=context), context


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

    Re-ingesting a document replaces its records. If any file fails to parse, nothing is
    stored. Pages ingested before an English edition or MTGJSON file are aligned again when one
    arrives. The search index is rebuilt on the next search.
    """
    from mtgrules import store
    from mtgrules.align import documents, linking

    corpus = store.Store()
    context = linking.all_records(corpus)
    with _progress(len(paths)) as advance:
        parsed = documents.parse_files(list(paths), lang=lang, context=context, on_read=advance)
    again = documents.pages_to_realign(corpus.manifest(), parsed)
    if again:
        new_records = [record for document in parsed for record in document.records]
        parsed += documents.parse_files(again, lang=lang, context=context + new_records)
    _warn(parsed)
    corpus.put([(documents.resolved_path(d.path), d.raw, d.kind, d.records) for d in parsed])
    for document in parsed:
        realigned = " (aligned again)" if document.path in again else ""
        click.echo(f"{document.path}: {len(document.records)} records ({document.kind}){realigned}")


@contextmanager
def _progress(total: int):
    """A progress bar on a terminal (stderr), nothing otherwise; yields the advance callback."""
    if not sys.stderr.isatty():
        yield lambda path: None
        return
    with click.progressbar(length=total, label="Reading", file=sys.stderr) as bar:
        yield lambda path: bar.update(1)
