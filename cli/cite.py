"""`mtgrules cite FILE… | -`: the rule citations of a text, checked against an edition, and
renumbered ones rewritten with `--fix`. The library is `mtgrules.lookup.citation_check`.

Exit codes: 0 when every citation still names the rule it named (unchanged or edited), 1 when
one does not (renumbered, reused, removed, not found) or when no citation was found, 2 for bad
usage or a file that cannot be read.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from mtgrules.cli.editions import check_edition_argument, edition_option, load_trace, render_diff
from mtgrules.cli.options import json_option
from mtgrules.cli.output import echo_json, style
from mtgrules.cli.terminal import safe
from mtgrules.cli.translated import Command
from mtgrules.errors import MtgrulesError
from mtgrules.i18n import N_, _, ngettext
from mtgrules.lookup.prose import KINDS

BACKUP_SUFFIX = ".bak"
# Word-level changes longer than this are summed up, not shown: `history` shows them whole.
DIFF_WORDS = 40
_COLOURS = {"reused": "red", "removed": "red", "unknown": "red", "absent": "magenta", "renumbered": "yellow",
            "edited": "cyan", "unchanged": "green"}


class CiteError(MtgrulesError):
    """A file `cite` cannot read or write: one line naming it and the mend."""


def _written(ctx, param, value: str | None) -> str | None:
    return None if value is None else check_edition_argument(value)


def _read(name: str, kind: str | None):
    from mtgrules.lookup.citation_check import Document

    if name == "-":
        return Document.from_bytes("-", sys.stdin.buffer.read(), kind or "text")
    try:
        data = Path(name).read_bytes()
    except OSError as error:
        raise CiteError(_("{file}: cannot read it ({reason}); give a readable file").format(
            file=safe(name), reason=error.strerror or error)) from None
    return Document.from_bytes(name, data, kind)


def _write_in_place(name: str, data: bytes) -> str:
    """Write the fixed bytes over `name`, the original kept as `name.bak` (never overwritten:
    an existing backup stops the write). Returns the backup's name."""
    path = Path(name)
    if path.is_symlink():
        raise CiteError(_("{file}: a symbolic link; give the file it points to ({target})").format(
            file=safe(name), target=safe(os.path.realpath(name))))
    backup = Path(name + BACKUP_SUFFIX)
    original = path.read_bytes()
    try:
        with open(backup, "xb") as out:  # exclusive: neither an old backup nor a link there is followed
            out.write(original)
    except FileExistsError:
        raise CiteError(_("{backup}: a backup is already there; move it away to fix {file} in place").format(
            backup=safe(str(backup)), file=safe(name))) from None
    temporary = path.with_name(f".{path.name}.cite-{os.getpid()}")
    with open(temporary, "xb") as out:
        out.write(data)
    os.chmod(temporary, path.stat().st_mode & 0o7777)
    os.replace(temporary, path)
    return str(backup)


# The statuses as a report names them (the JSON keeps the English keys).
STATUS_WORDS = {"reused": N_("reused"), "removed": N_("removed"), "unknown": N_("unknown"), "absent": N_("absent"),
                "renumbered": N_("renumbered"), "edited": N_("edited"), "unchanged": N_("unchanged")}


def _named(title: str | None, of: str | None) -> str:
    """A rule as a report names it: its title or opening words, a subrule by its rule's title."""
    return safe(_("of {title}").format(title=of) if of else (title or ""))


def _verdict_words(verdict) -> str:
    """What one cited number is now, in words."""
    number, now = verdict.number, verdict.now
    title = _named(verdict.title, verdict.of)
    if verdict.status == "reused":
        holder = _named(verdict.holder, verdict.holder_of)
        loud = style(_("{number} NOW HOLDS ANOTHER RULE ({holder})").format(number=number, holder=holder), fg="red", bold=True)
        if now:
            return _("{loud}; the rule cited ({title}) is now {now}").format(loud=loud, title=title, now=now)
        return _("{loud}; the rule cited ({title}) is gone").format(loud=loud, title=title)
    if verdict.status == "renumbered":
        return _("{number} renumbered → {now} ({title})").format(number=number, now=now, title=title)
    if verdict.status == "removed":
        return _("{number} removed ({title})").format(number=number, title=title)
    if verdict.status == "absent":
        return _("{number} is not in this edition (it is in {editions})").format(number=number, editions=", ".join(verdict.editions))
    if verdict.status == "unknown":
        return _("{number} is no rule of any edition").format(number=number)
    if verdict.status == "edited":
        if verdict.references_only:
            return _("{number} edited, rule numbers only ({title})").format(number=number, title=title)
        return _("{number} edited ({title})").format(number=number, title=title)
    return _("{number} unchanged").format(number=number)


def _span(first: str | None, last: str | None) -> str:
    """"701.27a–f" for two subrules of one rule, else "first–last"."""
    from mtgrules import rulenumbers

    if first and last and rulenumbers.parent(first) == rulenumbers.parent(last) and rulenumbers.split(last)[2]:
        return f"{first}–{rulenumbers.split(last)[2]}"
    return f"{first}–{last}"


def _range_words(written: str, verdicts: list) -> str:
    """A range whose rules all went the same way, in one phrase."""
    first, status = verdicts[0], verdicts[0].status
    now = [v.now for v in verdicts]
    title = _named(first.title, first.of)
    if status == "reused" and all(now):
        holder = _named(first.holder, first.holder_of)
        loud = style(_("{numbers} NOW HOLD OTHER RULES ({holder})").format(numbers=written, holder=holder), fg="red", bold=True)
        return _("{loud}; the rules cited ({title}) are now {now}").format(loud=loud, title=title, now=_span(now[0], now[-1]))
    if status == "renumbered" and all(now):
        return _("{numbers} renumbered → {now} ({title})").format(numbers=written, now=_span(now[0], now[-1]), title=title)
    if status == "unchanged":
        return _("{numbers} unchanged").format(numbers=written)
    return "; ".join(_verdict_words(v) for v in verdicts)


def _numbers_line(citation) -> str:
    """What the numbers of a citation are now, part by part."""
    phrases = []
    at = 0
    for part in citation.mention.parts:
        verdicts = citation.verdicts[at:at + len(part.numbers)]
        at += len(part.numbers)
        if part.last is not None and len({v.status for v in verdicts}) == 1:
            phrases.append(_range_words(f"{part.first.number}–{part.last.written}", verdicts))
        else:
            phrases += [_verdict_words(v) for v in verdicts]
    return "; ".join(phrases)


def _left_words(left) -> str:
    if left.gone:
        return _("{numbers}: a rule of the range is gone").format(numbers=safe(left.part))
    return _("{numbers}: its rules are no longer a range ({now})").format(numbers=safe(left.part), now=", ".join(n or "" for n in left.now))


def _print_report(report) -> None:
    name = safe(report.document.name)
    if report.guess is not None:
        guess = report.guess
        how = _("a guess, confidence {confidence:.2f}").format(confidence=guess.confidence)
        if guess.deciding:
            how += ": " + ngettext("{fitting} of {deciding} citation whose rule differs between editions fits it best",
                                   "{fitting} of {deciding} citations whose rule differs between editions fit it best",
                                   guess.deciding).format(fitting=guess.fitting, deciding=guess.deciding)
        head = _("{file}: written against {written} ({how}); checked against {target}").format(
            file=name, written=report.written, how=how, target=report.target)
    else:
        head = _("{file}: written against {written}; checked against {target}").format(
            file=name, written=report.written, target=report.target)
    click.echo(style(head, bold=True))
    indent = " " * 22
    for citation in report.citations:
        status = citation.status
        where = f"{citation.line}:{citation.column}"
        label = _(STATUS_WORDS[status])
        label = style(label + " " * max(0, 10 - len(label)), fg=_COLOURS.get(status), bold=status in ("reused", "removed"))
        click.echo(f"  {where:<8} {label} {safe(citation.written)}: {_numbers_line(citation)}")
        if citation.read_as:
            click.echo(indent + _("read as of {edition}: the words around it name that edition's rule").format(edition=citation.read_as))
        fix = citation.fix()
        if fix:
            click.echo(indent + _("fix: {text}").format(text=safe(fix)))
        for left in citation.left:
            click.echo(indent + _("not rewritten: {reason}").format(reason=_left_words(left)))
        for verdict in citation.verdicts:
            if verdict.diff and verdict.status in ("edited", "renumbered") and not verdict.references_only:
                changed = sum(len(text.split()) for op, text in verdict.diff if op != "equal")
                if changed <= DIFF_WORDS:
                    click.echo(render_diff([[op, safe(text, lines=True)] for op, text in verdict.diff], indent=indent))
                else:
                    click.echo(indent + _("{number}: {count} words changed (mtgrules history {now})").format(
                        number=verdict.number, count=changed, now=verdict.now or verdict.number))
    counts: dict[str, int] = {}
    for citation in report.citations:
        counts[citation.status] = counts.get(citation.status, 0) + 1
    from mtgrules.lookup.citation_status import STATUSES

    summary = ", ".join(f"{counts[s]} {_(STATUS_WORDS[s])}" for s in STATUSES if s in counts) or _("no citation")
    click.echo(f"  {summary}")


@click.command(cls=Command, help=N_(
    "Check the rule citations in texts (judge articles, Markdown, HTML, source code).\n\n"
    "Each citation (\"rule 701.47\", \"CR 704.5y\", \"regla 702.19b\", \"704.5a–c\", \"702.2b and c\") is read in the edition "
    "the text was written against and followed to the edition checked: unchanged, edited, renumbered, or its number "
    "now holding another rule. Exit 1 when a citation no longer names its rule, or none is found."
))
@click.argument("files", nargs=-1, required=True, metavar=N_("FILE… | -"))
@edition_option(N_("Check against this edition (YYYY-MM-DD or latest; default: the newest)."))
@click.option("--written", callback=_written, metavar=N_("DATE"),
              help=N_("The edition the text was written against (default: a guess from the rules cited and the words around them)."))
@click.option("--fix", is_flag=True, help=N_("Print the text with renumbered citations rewritten, nothing else changed."))
@click.option("--in-place", is_flag=True, help=N_("With --fix: rewrite the files themselves, each kept as FILE.bak."))
@click.option("--format", "kind", type=click.Choice(KINDS), default=None,
              help=N_("Read the files as this kind (default: by their name; stdin: text)."))
@json_option
def cite(files: tuple[str, ...], edition: str | None, written: str | None, fix: bool, in_place: bool,
         kind: str | None, as_json: bool) -> None:
    from mtgrules.lookup import citation_check, editions
    from mtgrules.lookup.citation_status import STALE, Words

    if in_place:
        fix = True
    if fix and not in_place and len(files) > 1:
        raise click.UsageError(_("--fix prints one text: give one file, or --in-place for several"))
    if in_place and "-" in files:
        raise click.UsageError(_("--in-place rewrites files: standard input has none"))
    if fix and as_json:
        raise click.UsageError(_("--fix prints the text, --json the citations: give one of them"))
    documents = [_read(name, kind) for name in files]
    trace = load_trace()
    target = editions.resolve(trace.editions, edition or editions.LATEST)
    if written is not None:
        written = editions.resolve(trace.editions, written)
    words = Words(trace, target, citation_check.lexicon_translator(trace.corpus))
    reports = [citation_check.check(document, trace, target, written, words) for document in documents]
    stale = any(c.status in STALE for r in reports for c in r.citations)
    if fix:
        for report in reports:
            fixed = report.fixed()
            rewritten = sum(bool(c.edits) for c in report.citations)
            left = [f"{c.line}:{c.column} {safe(c.written)}" for c in report.citations if c.status in STALE and not c.edits]
            if in_place:
                if fixed != report.document.text:
                    backup = _write_in_place(report.document.name, report.document.encode(fixed))
                    click.echo(ngettext("{file}: {count} citation rewritten (the original is {backup})",
                                        "{file}: {count} citations rewritten (the original is {backup})", rewritten).format(
                        file=safe(report.document.name), count=rewritten, backup=safe(backup)), err=True)
            else:
                sys.stdout.flush()
                sys.stdout.buffer.write(report.document.encode(fixed))
                sys.stdout.buffer.flush()
            if left:
                click.echo(_("{file}: not rewritten (see mtgrules cite): {citations}").format(
                    file=safe(report.document.name), citations=", ".join(left)), err=True)
        return
    if as_json:
        for report in reports:
            for citation in report.citations:
                entry = citation.to_dict(report.document.name, report.written, report.target)
                if report.guess is not None:
                    entry["written_guess"] = {"edition": report.guess.edition, "confidence": report.guess.confidence}
                echo_json(entry)
    else:
        for report in reports:
            _print_report(report)
    if stale or not any(r.citations for r in reports):
        if not any(r.citations for r in reports):
            click.echo("mtgrules: " + _("no rule citation found"), err=True)
        sys.exit(1)
