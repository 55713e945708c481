"""What the study commands (`judge`, `quiz`) share: the one-language `--lang` option and how a
cited rule is shown to a person.

Study shows one language at a time (the one being learnt), unlike `rule`, which lays several
side by side; so `--lang` here takes a single code and defaults to the person's language
(`citations.preferred_lang`).
"""

from __future__ import annotations

import click

from mtgrules.cli.options import is_lang_code
from mtgrules.cli.output import style, wrap
from mtgrules.i18n import N_, _, translation
from mtgrules.study.citations import Citation


def _check_lang(ctx, param, value: str | None) -> str | None:
    """One code, of the same form the lookup commands accept (so `zh-hans` works everywhere)."""
    if value is None:
        return None
    code = value.strip().lower()
    if not is_lang_code(code):
        raise click.BadParameter(_("{value!r}: give one language code, e.g. es, fr or en").format(value=value))
    return code


def lang_option(help_text: str):
    return click.option("--lang", callback=_check_lang, metavar=N_("LANG"), help=help_text)


def show_citation(citation: Citation, lang: str, indent: str = "    ") -> None:
    """The rule's text under the line that cites it; a note first when it isn't in the
    language asked for, or isn't in the corpus at all."""
    if citation.note:
        _ = translation(lang).gettext  # in the language of the judging or the quiz, as its note is
        click.echo(style(indent + _("note: {note}").format(note=citation.note), dim=True))
    if citation.text:
        click.echo(wrap(citation.text, indent=indent))
