"""Progress and waiting messages on a terminal, for the library's long work (index builds,
ingests): a progress bar on stderr when it is a terminal, nothing otherwise; a wait for
another process is always said. Click is imported for the bar only."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from mtgrules.cli.output import echo
from mtgrules.i18n import _

TYPE_CHECKING = False  # `typing` (some 5 ms) is not imported for annotations on a cold search's path
if TYPE_CHECKING:
    from mtgrules.index.build import Indexed
    from mtgrules.records import Record


class TerminalReporter:
    """The `mtgrules.index.build.BuildReporter` of the command line."""

    def waiting(self, holder: str) -> None:
        echo("mtgrules: " + _("waiting for {holder} to finish building the index…").format(holder=_(holder)), err=True)

    def note(self, text: str) -> None:
        echo(f"mtgrules: {_(text)}", err=True)

    @contextmanager
    def indexing(self, records: Indexed) -> Iterator[Iterable[Record]]:
        if not sys.stderr.isatty():
            yield records
            return
        import click  # a terminal's progress bar only: a search reporting nothing runs without click

        with click.progressbar(records, label=_("Indexing the corpus"), file=sys.stderr) as bar:
            yield bar
