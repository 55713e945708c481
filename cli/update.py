"""`mtgrules update`: fetch the newest rules and card data and ingest them."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import click

from mtgrules.cli import translated
from mtgrules.cli.output import style
from mtgrules.cli.terminal import safe
from mtgrules.cli.translated import Command
from mtgrules.i18n import N_, _, ngettext, number

SOURCES = ("rules", "mtgjson", "scryfall")
SCRYFALL_TYPES = ("rulings", "oracle_cards", "default_cards", "all_cards")
# What became of a file (`Outcome.fetched`), as shown.
FETCHED = {"downloaded": N_("downloaded"), "resumed": N_("resumed"), "up to date": N_("up to date"), "given": N_("given")}


class TerminalReporter:
    """Progress bars on stderr when it is a terminal; notes always (on stderr)."""

    def note(self, message: str) -> None:
        click.echo(f"mtgrules: {safe(_(message))}", err=True)

    @contextmanager
    def downloading(self, name: str, total: int | None, done: int) -> Iterator[Callable[[int], None]]:
        if not sys.stderr.isatty():
            yield lambda count: None
            return
        if total is None:
            click.echo(_("Downloading {name}…").format(name=name), err=True)
            yield lambda count: None
            return
        label = (_("Resuming {name}") if done else _("Downloading {name}")).format(name=name)
        bar = click.progressbar(length=total, label=label, file=sys.stderr)
        bar.pos = done  # drawn from there, not from 0
        with bar:
            yield bar.update


def _codes(ctx, param, value: str | None) -> list[str] | None:
    if value is None:
        return None
    from mtgrules.align.sources import set_file_name

    codes = [part.strip().upper() for part in value.split(",") if part.strip()]
    try:
        for code in codes:
            set_file_name(code)
    except ValueError as error:
        raise click.BadParameter(_("{error}: give set codes separated by commas, e.g. KLD,MH3").format(error=error)) from None
    if not codes:
        raise click.BadParameter(_("give set codes separated by commas, e.g. KLD,MH3"))
    return list(dict.fromkeys(codes))


def _choices(allowed: tuple[str, ...]):
    def parse(ctx, param, value: str) -> tuple[str, ...]:
        chosen = tuple(dict.fromkeys(part.strip() for part in value.split(",") if part.strip()))
        unknown = [part for part in chosen if part not in allowed]
        if unknown or not chosen:
            raise click.BadParameter(_("{given}: choose among {allowed}, separated by commas").format(
                given=", ".join(unknown) or repr(value), allowed=", ".join(allowed)))
        return chosen

    return parse


@click.command(cls=Command, help=N_(
    "Fetch the newest Comprehensive Rules, MTGJSON card data and Scryfall rulings, and ingest them.\n\n"
    "Downloads go under your data folder (MTGRULES_HOME), resume where they stopped, and replace the copies held "
    "only once complete and checked (size, and MTGJSON's published SHA-256). Only what changed since the last "
    "update is fetched and ingested. Nothing is ingested unless every download succeeds. The addresses default to "
    "the official ones (--rules-page, --mtgjson-url, --scryfall-url, or the environment variables "
    "MTGRULES_RULES_PAGE, MTGRULES_MTGJSON_URL, MTGRULES_SCRYFALL_URL)."
))
@click.option("--sets", callback=_codes, metavar=N_("CODES"), help=N_("MTGJSON set files to fetch (KLD,MH3) instead of AllPrintings."))
@click.option("--only", default=",".join(SOURCES), show_default=True, callback=_choices(SOURCES), metavar=N_("SOURCES"),
              help=N_("The sources to fetch from."))
@click.option("--scryfall-files", default="rulings", show_default=True, callback=_choices(SCRYFALL_TYPES), metavar=N_("TYPES"),
              help=N_("Scryfall bulk files to fetch: rulings, oracle_cards, default_cards, all_cards (all_cards, every printing in"
                     " every language, is about 2 GB)."))
@click.option("--from", "from_folder", metavar=N_("FOLDER"), type=translated.Path(file_okay=False, exists=True, path_type=Path),
              help=N_("Fetch nothing: ingest the files of this folder, downloaded by other means (each on its own; checked"
                     " against a .sha256 file beside it when there is one)."))
@click.option("--rules-page", envvar="MTGRULES_RULES_PAGE", metavar=N_("URL"),
              help=N_("The official rules page, which links the rules text."))
@click.option("--mtgjson-url", envvar="MTGRULES_MTGJSON_URL", metavar=N_("URL"), help=N_("MTGJSON's API folder (…/api/v5/)."))
@click.option("--scryfall-url", envvar="MTGRULES_SCRYFALL_URL", metavar=N_("URL"), help=N_("Scryfall's bulk data list."))
def update(sets: list[str] | None, only: tuple[str, ...], scryfall_files: tuple[str, ...], from_folder: Path | None,
           rules_page: str | None, mtgjson_url: str | None, scryfall_url: str | None) -> None:
    from mtgrules.align import update as updating
    from mtgrules.cli.progress import TerminalReporter as SearchReporter
    from mtgrules.index import tables  # the store writes the search tables in the ingest's transaction
    from mtgrules.lookup import term_table  # noqa: F401  # and the term dictionary (`store.derive`)

    reporter = TerminalReporter()
    with tables.reporting(SearchReporter()):
        if from_folder is not None:
            outcomes = updating.update_from(from_folder, reporter)
        else:
            defaults = updating.Addresses()
            addresses = updating.Addresses(rules_page or defaults.rules_page, mtgjson_url or defaults.mtgjson,
                                           scryfall_url or defaults.scryfall)
            outcomes = updating.update(reporter, only=only, sets=sets, scryfall_types=scryfall_files, addresses=addresses)
    for outcome in outcomes:
        for warning in outcome.warnings:
            click.echo(style(_("warning: {warning}").format(warning=safe(warning)), fg="yellow"), err=True)
    for outcome in outcomes:
        if outcome.error is not None:
            click.echo(style(_("not stored: {reason}").format(reason=safe(outcome.error)), fg="red"), err=True)
            continue
        fetched = _(FETCHED[outcome.fetched]) if outcome.fetched in FETCHED else outcome.fetched
        if outcome.records is not None:
            ingested = ngettext("{count} record ({kind})", "{count} records ({kind})", outcome.records).format(
                count=number(outcome.records), kind=_(outcome.kind) if outcome.kind else "")
        else:
            ingested = _("already ingested")
        click.echo(f"{_(outcome.source)}: {safe(str(outcome.path))}: {fetched}, {ingested}")
    failed = [outcome for outcome in outcomes if outcome.error is not None]
    if failed:
        click.echo("mtgrules: " + _("{failed} of {total} file(s) not stored (listed above); {stored} stored").format(
            failed=len(failed), total=len(outcomes), stored=len(outcomes) - len(failed)), err=True)
        sys.exit(2)
