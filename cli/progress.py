"""Progress and notes on a terminal for the library's long work (writing the search tables, an
ingest): a progress bar on stderr when it is a terminal, nothing otherwise; notes always."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from mtgrules.cli.output import echo
from mtgrules.i18n import _

if TYPE_CHECKING:
    from mtgrules.records import Record


class TerminalReporter:
    """The `mtgrules.index.reading.Reporter` of the command line."""

    def note(self, text: str) -> None:
        echo(f"mtgrules: {_(text)}", err=True)

    @contextmanager
    def indexing(self, records: Iterable[Record], count: int, label: str) -> Iterator[Iterable[Record]]:
        if not sys.stderr.isatty() or count < 2000:
            yield records
            return
        import click

        with click.progressbar(records, length=count, label=_(label), file=sys.stderr) as bar:
            yield bar
