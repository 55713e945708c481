"""`mtgrules parse` and `mtgrules ingest`: documents in, aligned records out (or stored)."""

from __future__ import annotations

import sys
from contextlib import contextmanager
from pathlib import Path

import click

from mtgrules.cli import translated
from mtgrules.cli.options import writes_data
from mtgrules.cli.output import echo_json, style, wrap
from mtgrules.cli.terminal import safe
from mtgrules.cli.translated import Command
from mtgrules.i18n import N_, _, ngettext

_INPUTS = click.argument("paths", nargs=-1, metavar=N_("PATHS..."), required=True, type=translated.Path(exists=True))
_LANG = click.option("--lang", metavar=N_("LANG"), help=N_("Language of the documents (es, fr, zh…) when it cannot be detected."))


def _parse(paths: tuple[str, ...], lang: str | None):
    from mtgrules.align import documents, ingest, linking

    files, _skipped = documents.document_paths(list(paths))
    if not files:
        raise click.UsageError(_("no documents to read in {paths}").format(paths=", ".join(paths)))
    return ingest.parse(files, lang=lang, corpus=linking.open_store(_say))


def _say(text: str) -> None:
    click.echo(f"mtgrules: {safe(_(text))}", err=True)


def _warn(parsed) -> None:
    for document in parsed:
        for warning in document.warnings:
            click.echo(style(_("warning: {warning}").format(warning=safe(warning)), fg="yellow"), err=True)


@click.command(cls=Command, help=N_(
    "Parse and align documents against what is ingested, and print the records.\n\n"
    "PATHS may be folders, read as `ingest` reads them. Nothing is stored; any file that fails stops the command "
    "(exit 2). Rulings show the text of their English counterpart (`en_text`) when the card's MTGJSON data is "
    "ingested."
))
@_INPUTS
@_LANG
@click.option("--json", "as_json", is_flag=True, help=N_("One JSON object per record and line."))
def parse(paths: tuple[str, ...], lang: str | None, as_json: bool) -> None:
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
    confidence = "" if record.confidence is None else " " + _("confidence {value}").format(value=f"{record.confidence:.2f}")
    flag = "" if record.aligned else style(" " + _("unaligned"), fg="red")
    head = style(f"{record.kind} {key or '?'} [{record.lang}]", bold=True) + confidence + flag
    names = ", ".join(f"{name} ({lang})" for lang, name in record.names.items())
    body = names if record.kind in ("card", "term") else record.text
    return head + "\n" + wrap(body or "", indent="  ")


@click.command(cls=Command, help=N_(
    "Parse documents and add their records to your corpus (MTGRULES_HOME).\n\n"
    "PATHS may be folders of saved pages: they are read recursively (files named .html, .htm, .txt, .json, .tsv or "
    "without a suffix; hidden files and the images, scripts and style sheets a saved page brings along are "
    "skipped). Each file gets one line: what it gave, or why it was not stored. The files that parse are stored, "
    "and if any did not, the command exits 2; with --all-or-nothing, one failing file stores nothing. Re-ingesting "
    "a document replaces its records; one stored unchanged is skipped. Pages ingested before an English edition or "
    "MTGJSON file are aligned again when one arrives. The search tables are written in the same transaction."
))
@_INPUTS
@_LANG
@click.option(
    "--all-or-nothing",
    is_flag=True,
    help=N_("Store nothing if any file fails (by default the files that parse are stored and the others listed)."),
)
@writes_data
def ingest(paths: tuple[str, ...], lang: str | None, all_or_nothing: bool) -> None:
    from mtgrules import store
    from mtgrules.align import documents
    from mtgrules.align import ingest as ingesting
    from mtgrules.cli.progress import TerminalReporter
    from mtgrules.index import tables  # the store writes the search tables in the ingest's transaction
    from mtgrules.lookup import term_table  # noqa: F401  # and the term dictionary (`store.derive`)

    files, skipped = documents.document_paths(list(paths))
    if not files:
        raise click.UsageError(_("no documents to read in {paths}").format(paths=", ".join(paths)))
    with tables.reporting(TerminalReporter()), _progress(len(files)) as advance:
        done = ingesting.ingest(files, lang=lang, corpus=store.Store(on_message=_say), on_read=advance, on_wait=_say,
                                all_or_nothing=all_or_nothing)
    _warn(done.stored)
    failed = {error.source: error for error in done.failures}
    by_path = {document.path: document for document in done.stored}
    unchanged = {document.path: document for document in done.unchanged}
    for path in [*files, *(p for p in done.realigned if p not in files)]:
        if path in failed:
            click.echo(style(_("not stored: {reason}").format(reason=safe(str(failed[path]))), fg="red"), err=True)
        elif path in by_path:
            document = by_path[path]
            realigned = " " + _("(aligned again)") if path in done.realigned else ""
            records = ngettext("{count} record ({kind})", "{count} records ({kind})", document.count).format(
                count=document.count, kind=_(document.kind))
            click.echo(f"{safe(path)}: {records}{realigned}")
        elif (same := unchanged.get(documents.resolved_path(path))) is not None:
            click.echo(f"{safe(path)}: " + ngettext("unchanged, {count} record ({kind})", "unchanged, {count} records ({kind})",
                                              same.records).format(count=same.records, kind=_(same.kind)))
    if skipped:
        kinds = sorted({Path(p).suffix.lower() or "(none)" for p in skipped})
        click.echo(_("skipped {count} file(s) that are not documents ({kinds})").format(count=len(skipped), kinds=", ".join(kinds[:6])),
                   err=True)
    if done.failures:
        stored = len([d for d in done.stored if d.path in files]) + len(done.unchanged)
        click.echo("mtgrules: " + _("{failed} of {total} file(s) not stored (listed above); {stored} stored").format(
            failed=len(done.failures), total=len(files), stored=stored), err=True)
        sys.exit(2)


@contextmanager
def _progress(total: int):
    """A progress bar on a terminal (stderr), nothing otherwise; yields the advance callback."""
    if not sys.stderr.isatty():
        yield lambda path: None
        return
    with click.progressbar(length=total, label=_("Reading"), file=sys.stderr, show_pos=True) as bar:
        yield lambda path: bar.update(1)
