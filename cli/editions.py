"""What the edition commands (`history`, `diff`, `stale`) share on the command line: reading
an edition option, opening the stored identities, and printing word-level differences.

Differences are coloured on a terminal (deleted words red and struck through, inserted words
green) and, without colour, marked as `git diff --word-diff=plain` does: `[-deleted-]`
`{+inserted+}`, so the output reads the same in a pipe or a log.
"""

from __future__ import annotations

from mtgrules.cli.output import ansi, echo, use_colour, wrap
from mtgrules.i18n import N_, _

# Private-use characters mark the spans while the text is wrapped, so that colour codes never
# count as width and plain markers are set once the lines are known.
_DELETE_START, _DELETE_END, _INSERT_START, _INSERT_END = "\ue000", "\ue001", "\ue002", "\ue003"
_PLAIN = {_DELETE_START: "[-", _DELETE_END: "-]", _INSERT_START: "{+", _INSERT_END: "+}"}


def edition_option(help_text: str):
    import click  # when a command is defined: a plain `mtgrules search` runs without click

    return click.option("--edition", callback=_check_edition, metavar=N_("DATE"), help=help_text)


def _check_edition(ctx, param, value: str | None) -> str | None:
    return None if value is None else check_edition_argument(value)


def check_edition_argument(value: str) -> str:
    """`latest` or YYYY-MM-DD; anything else is a usage error (exit 2)."""
    from mtgrules.lookup.editions import check_edition

    try:
        return check_edition(value)
    except ValueError as error:
        import click

        raise click.BadParameter(str(error)) from None


def load_trace():
    """The identities the store keeps across its English editions (`identities.StoredTrace`,
    read by key); exits 1 with a message when the corpus holds no English edition."""
    from mtgrules.align import identities, linking
    from mtgrules.cli.corpus import say
    from mtgrules.lookup.editions import NO_ENGLISH

    trace = identities.StoredTrace(linking.open_store(say))
    if not trace.editions:
        echo(f"mtgrules: {_(NO_ENGLISH)}", err=True)
        raise SystemExit(1)
    return trace


# The kinds of change as `diff` and `history` name them.
CHANGES = {"added": N_("added"), "removed": N_("removed"), "moved": N_("moved"), "edited": N_("edited"),
           "replaced": N_("replaced"), "unchanged": N_("unchanged")}

# Words of unchanged text kept on each side of a change; longer unchanged stretches are cut
# to "…" (205.3m lists some three hundred creature types to add one).
CONTEXT_WORDS = 12


def _shorten(text: str, keep_start: bool, keep_end: bool) -> str:
    words = text.split(" ")
    limit = CONTEXT_WORDS * (keep_start + keep_end)
    if len(words) <= limit + 1:
        return text
    start = " ".join(words[:CONTEXT_WORDS]) if keep_start else ""
    end = " ".join(words[-CONTEXT_WORDS:]) if keep_end else ""
    return f"{start}{' ' if start else ''}…{' ' if end else ''}{end}"


def render_diff(spans: list[list[str]], indent: str) -> str:
    """Word-level differences, wrapped under `indent`: coloured on a terminal, else marked.
    Unchanged text far from any change is cut to "…"."""
    last = len(spans) - 1
    spans = [
        [op, _shorten(text, keep_start=index > 0, keep_end=index < last) if op == "equal" else text]
        for index, (op, text) in enumerate(spans)
    ]
    marked = "".join(
        text if op == "equal" else (
            f"{_DELETE_START}{text}{_DELETE_END}" if op == "delete" else f"{_INSERT_START}{text}{_INSERT_END}"
        )
        for op, text in spans
    )
    if not use_colour():
        for mark, plain in _PLAIN.items():
            marked = marked.replace(mark, plain)
        return wrap(marked, indent=indent)
    wrapped = wrap(marked, indent=indent)
    deleted_on = ansi("", fg="red", strikethrough=True, reset=False)
    inserted_on = ansi("", fg="green", reset=False)
    reset = ansi("", reset=True)
    for mark, code in ((_DELETE_START, deleted_on), (_INSERT_START, inserted_on), (_DELETE_END, reset), (_INSERT_END, reset)):
        wrapped = wrapped.replace(mark, code)
    return wrapped


def change_label(change: str | None, moved_from: str | None, text_changed: bool, references_only: bool,
                 present: bool = True) -> str:
    """How a change reads in a list: "moved from 701.50, edited (rule numbers only)"."""
    edited = _("edited (rule numbers only)") if references_only else _("edited")
    if change == "moved":
        moved = _("moved from {number}").format(number=moved_from)
        return _("{moved}, {edited}").format(moved=moved, edited=edited) if text_changed else moved
    if change == "edited":
        return edited
    if change == "replaced":
        return _("added in place of a removed rule") if present else _("removed; its number now holds another rule")
    return _(CHANGES[change]) if change in CHANGES else change or ""
