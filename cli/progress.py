"""Progress and waiting messages on a terminal, for the library's long work (index builds,
ingests): a progress bar on stderr when it is a terminal, nothing otherwise; a wait for
another process is always said."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

import click

from mtgrules.records import Record

if TYPE_CHECKING:
    from mtgrules.index.build import Indexed


class TerminalReporter:
    """The `mtgrules.index.build.BuildReporter` of the command line."""

    def waiting(self, holder: str) -> None:
        click.echo(f"mtgrules: waiting for {holder} to finish building the index…", err=True)

    def note(self, text: str) -> None:
        click.echo(f"mtgrules: {text}", err=True)

    @contextmanager
    def indexing(self, records: Indexed) -> Iterator[Iterable[Record]]:
        if not sys.stderr.isatty():
            yield records
            return
        with click.progressbar(records, label="Indexing the corpus", file=sys.stderr) as bar:
            yield bar
