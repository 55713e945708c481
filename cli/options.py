"""Options shared by the lookup commands."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import Any

import click

from mtgrules import paths
from mtgrules.i18n import N_, _


def is_lang_code(code: str) -> bool:
    """A language code as records carry them: `es`, `fr`, `zh`, or with a subtag, `zh-hans`."""
    return bool(_lang_code().match(code))


@functools.cache
def _lang_code() -> re.Pattern[str]:
    """Compiled when a code is read (`--lang`): every lookup imports this module."""
    return re.compile(r"^[a-z]{2,3}(?:-[a-z0-9]{2,8})*$")


def split_langs(value: str) -> list[str]:
    """`es, FR,es` -> ["es", "fr"]; ValueError for a malformed code or none at all."""
    langs = [part.strip().lower() for part in value.split(",") if part.strip()]
    bad = [lang for lang in langs if not is_lang_code(lang)]
    if bad or not langs:
        raise ValueError(_("{value!r}: give language codes separated by commas, e.g. es,fr,en").format(value=value))
    return list(dict.fromkeys(langs))


def parse_langs(ctx, param, value: str | None) -> list[str] | None:
    """`--lang es,fr` -> ["es", "fr"]; a malformed code is a usage error (exit 2)."""
    if value is None:
        return None
    try:
        return split_langs(value)
    except ValueError as error:
        import click

        raise click.BadParameter(str(error)) from None


# ISO 639-1, and the codes card data gives that it lacks (MTGJSON's Simplified and Traditional
# Chinese): what `unavailable_lang` calls a language code.
_ISO_639_1 = frozenset(
    "aa ab ae af ak am an ar as av ay az ba be bg bh bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv dz ee el en"
    " eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii ik io is it iu ja jv ka"
    " kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml mn mr ms mt my na nb nd ne ng nl"
    " nn no nr nv ny oc oj om or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl sm sn so sq sr ss st su sv sw"
    " ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh yi yo za zh zu".split()
)
CARD_DATA_CODES = frozenset({"zhs", "zht"})


def is_known_language(lang: str) -> bool:
    """True for an ISO 639-1 code (with any subtag: `zh-hans`) or a code card data uses."""
    return lang.split("-")[0] in _ISO_639_1 or lang in CARD_DATA_CODES


def not_a_language(lang: str, have: list[str], what: str) -> str:
    """The usage error for `--lang lang` when lang is no language code: the closest code the
    corpus has `what` in, and those it has."""
    import difflib  # only on this error

    close = difflib.get_close_matches(lang, have, n=1, cutoff=0.5)
    hint = _("did you mean {code}? ").format(code=close[0]) if close else ""
    held = (_("the corpus has {what} in {langs}").format(what=_(what), langs=", ".join(have)) if have
            else _("give ISO 639-1 codes such as es, fr, en"))
    return _("--lang {lang}: not a language code ({hint}{held})").format(lang=lang, hint=hint, held=held)


def reject_unknown_codes(langs: list[str] | None, have: list[str], what: str) -> None:
    """A usage error (exit 2, one line) for a `--lang` code that is no language code and not
    one the corpus has `what` in."""
    for lang in langs or []:
        if lang not in have and not is_known_language(lang):
            import click

            raise click.UsageError(not_a_language(lang, have, what))


def absent_languages(langs: list[str], have: list[str], what: str) -> str:
    """The note for languages the corpus has no `what` in (not an error: the output says what
    it lacks)."""
    listed = ", ".join(have) or _("none")
    return _("the corpus has no {what} in {langs} (it has {listed}; ingest documents in that language to add them)").format(
        what=_(what), langs=", ".join(langs), listed=listed)


def lang_option(help_text: str):
    import click

    return click.option("--lang", "langs", callback=parse_langs, metavar=N_("LANGS"), help=help_text)


def json_option(command: Callable[..., Any]) -> Callable[..., Any]:
    """`--json`, as a decorator (click is imported when a command is defined, not before)."""
    import click

    return click.option("--json", "as_json", is_flag=True, help=N_("One JSON object per line, for scripts."))(command)


def links_option(command: Callable[..., Any]) -> Callable[..., Any]:
    """`--links`: the engine code and tests behind a rule or ruling (always in `--json`)."""
    import click

    return click.option("--links", "links", is_flag=True, help=N_("Show the engine code and tests behind each rule or ruling."))(command)


def is_given(value: Any) -> bool:
    """An argument (or the words of one of nargs=-1) with something besides blanks."""
    words = value if isinstance(value, tuple) else (value,)
    return any(isinstance(word, str) and word.strip() for word in words)


def nonblank(wanted: str):
    """An argument callback: an empty or blank argument (`card ''`, `search ' '`) is a usage
    error saying what to give (exit 2), not a search for nothing that finds nothing (exit 1).
    `wanted` completes "give …", e.g. "a card name, such as electrozoa"."""

    def check(ctx: click.Context, param: click.Parameter, value: Any) -> Any:
        if not is_given(value):
            import click

            raise click.UsageError(_("{name} is empty (give {wanted})").format(name=(param.name or "argument").upper(), wanted=_(wanted)),
                                   ctx=ctx)
        return value

    return check


def writes_data(command: Callable[..., Any]) -> Callable[..., Any]:
    """For a command that must write the data folder (ingest, quiz): check it can before any
    work, so a read-only home is one line naming the folder and the mend, not a traceback
    halfway through. Put it just above the command's `def`."""

    @functools.wraps(command)
    def checked(*args: Any, **kwargs: Any) -> Any:
        paths.check_writable(paths.data_dir())
        return command(*args, **kwargs)

    return checked
