"""The person's language, and every word mtgrules prints in it, through gettext catalogs.

- `interface_language()`: the person's language, a lowercase code (`es`, `fr`, `en`, …): from
  `MTGRULES_LANG`, else the locale (`LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, `LANG`, as gettext reads
  them; `C` and `POSIX` name none), else the `language` setting of `mtgrules config`, else `en`.
  It is also the language rules and rulings are shown in when a command is not given `--lang`.
- `translation(lang)`: the gettext translations for one language (the web interface asks per
  request); English, and any language without a catalog, are the messages as written.
- `_(message)`, `ngettext(singular, plural, n)`: a message in the person's language. Messages are
  written in English in the code and marked with these two, so that Babel finds them.

The catalogs are `locale/<lang>/LC_MESSAGES/mtgrules.po` beside this module, with the compiled
`.mo` committed next to each (as Django does): an installed package (`pip install .`, through
pyproject's package-data) and an editable one read the same files, and neither needs Babel.
After changing messages: `python .ci/catalogs` (extract, update, compile); a test fails when a
catalog is stale or a message has no translation.

The language is worked out at each call from the environment (cheap), so a test or a long-lived
process sees a change; the settings file is read again only when it changes.

`speaking(lang)` makes the standard `gettext.gettext` of the process (which click's own words
go through) read mtgrules' catalogs in `lang` for as long as a command runs.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache

from mtgrules import (
    paths,
    settings,  # a module: settings and paths import this one
)
from mtgrules.errors import MtgrulesError

DOMAIN = "mtgrules"
LOCALE_DIR = os.path.join(os.path.dirname(os.path.realpath(__file__)), "locale")
SOURCE_LANGUAGE = "en"
# The languages with a catalog: the interface speaks these; any other code is English labels.
CATALOGS = ("es", "fr")

_LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


TYPE_CHECKING = False  # `typing` (some 5 ms) is not imported for annotations on a cold search's path
if TYPE_CHECKING:
    from typing import Protocol

    class Translations(Protocol):
        def gettext(self, message: str, /) -> str: ...
        def ngettext(self, singular: str, plural: str, n: int, /) -> str: ...
        def pgettext(self, context: str, message: str, /) -> str: ...


class LanguageError(MtgrulesError):
    """MTGRULES_LANG is set to something that is not a language code."""


def interface_language() -> str:
    """The person's language (see the module's docstring for where it comes from)."""
    named = _named_by_environment(os.environ.get("MTGRULES_LANG"), *map(_locale_variable, _LOCALE_VARIABLES))
    if named or _FINDING_SETTINGS:  # a message about the data folder, made while looking for the settings in it
        return named or SOURCE_LANGUAGE
    return configured_language() or SOURCE_LANGUAGE


@lru_cache(maxsize=16)
def _named_by_environment(given: str | None, *locale: str | None) -> str | None:
    """The language MTGRULES_LANG names, else the locale variables (`_LOCALE_VARIABLES`'
    values, in their order), else None. Kept per set of values: a lookup asks for the
    language at every message it prints, a thousand times for a term."""
    if given:
        code = settings.language_code(given)
        if code is None:
            raise LanguageError(f"MTGRULES_LANG={given!r} is not a language code (set it to es, fr or en, or unset it)")
        return code
    for variable, value in zip(_LOCALE_VARIABLES, locale, strict=True):
        if value:
            # LANGUAGE is a list of preferences; the first entry that names a language counts.
            first = next((code for part in value.split(":") if (code := settings.language_code(part))), None)
            if first is not None:
                return first
            if variable != "LANGUAGE":
                break  # LC_ALL=C (or LANG=C): the locale names no language, and hides those below it
    return None


def language_source() -> str:
    """Where `interface_language()` took the language from, in words for `mtgrules config`:
    `MTGRULES_LANG`, the locale variable, `config` or `default`."""
    if os.environ.get("MTGRULES_LANG"):
        return "MTGRULES_LANG"
    for variable in _LOCALE_VARIABLES:
        value = _locale_variable(variable)
        if value:
            if any(settings.language_code(part) for part in value.split(":")):
                return variable
            if variable != "LANGUAGE":
                break
    return "config" if configured_language() else "default"


# While `speaking` holds LANGUAGE for gettext: the value the person's environment had.
_PERSON_LANGUAGE: list[str | None] = []


def _locale_variable(variable: str) -> str | None:
    if variable == "LANGUAGE" and _PERSON_LANGUAGE:
        return _PERSON_LANGUAGE[-1]
    return os.environ.get(variable)


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    """The process's `gettext.gettext` (click's own words: "Usage:", "Missing argument"…) in
    `lang`, from mtgrules' catalogs, until the block ends. It is the standard way for a program:
    bind its text domain to its catalogs and make it the current one; gettext takes the language
    from the environment, so `LANGUAGE` is set to the person's language (the one MTGRULES_LANG or
    the settings may have chosen) and restored after; `interface_language()` meanwhile reads the
    person's own LANGUAGE. A language without a catalog changes nothing (click's English)."""
    if lang not in CATALOGS:
        yield
        return
    import gettext  # click has imported it already

    domain = gettext.textdomain()
    person = os.environ.get("LANGUAGE")
    gettext.bindtextdomain(DOMAIN, LOCALE_DIR)
    gettext.textdomain(DOMAIN)
    _PERSON_LANGUAGE.append(person)
    os.environ["LANGUAGE"] = lang
    try:
        yield
    finally:
        _PERSON_LANGUAGE.pop()
        gettext.textdomain(domain)
        if person is None:
            os.environ.pop("LANGUAGE", None)
        else:
            os.environ["LANGUAGE"] = person


def configured_language() -> str | None:
    """The `language` setting of `mtgrules config`, or None. A data folder that cannot be
    worked out names no language (the command that needs the folder says what is wrong)."""
    _FINDING_SETTINGS.append(True)
    try:
        path = _settings_file(*map(os.environ.get, _FOLDER_VARIABLES))
        stamp = os.stat(path)
        return _configured(path, stamp.st_mtime_ns, stamp.st_size)
    except (OSError, paths.FolderError):
        return None
    finally:
        _FINDING_SETTINGS.pop()


# Set while the settings file is looked for and read: the data folder's and the file's errors are
# messages too, said in the language the environment names (else English), not by looking for
# the settings again.
_FINDING_SETTINGS: list[bool] = []


# What `paths.data_folder()` is worked out from.
_FOLDER_VARIABLES = ("MTGRULES_HOME", "XDG_DATA_HOME", "HOME")


@lru_cache(maxsize=4)
def _settings_file(*_environment: str | None) -> str:
    """The settings file's path, kept per value of `_FOLDER_VARIABLES` (the arguments):
    `paths.data_folder()` checks the folders on the way, a dozen system calls, and the language is
    asked for at every message. Whether the file is there is asked each time."""
    return os.path.join(paths.data_folder(), settings.FILE_NAME)


@lru_cache(maxsize=4)
def _configured(path: str, _mtime: int, _size: int) -> str | None:
    try:
        value = settings.read_all(path).get("language")
    except (settings.SettingError, OSError):
        return None  # `mtgrules config` names the damage; the interface falls back to English
    return settings.language_code(value) if value else None


def translation(lang: str) -> Translations:
    """The translations for `lang` (a code such as `es`, or a locale name such as `fr_FR.UTF-8`):
    its catalog, or the messages as written when it has none."""
    code = settings.language_code(lang) or SOURCE_LANGUAGE
    return _catalog(code if code in CATALOGS else SOURCE_LANGUAGE)


@lru_cache(maxsize=len(CATALOGS) + 1)
def _catalog(code: str) -> Translations:
    import gettext  # not for English, which most plain lookups are

    if code == SOURCE_LANGUAGE:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, localedir=LOCALE_DIR, languages=[code])


class _AsWritten:
    """English: the message as written, without importing gettext."""

    @staticmethod
    def gettext(message: str, /) -> str:
        return message

    @staticmethod
    def ngettext(singular: str, plural: str, n: int, /) -> str:
        return singular if n == 1 else plural

    @staticmethod
    def pgettext(context: str, message: str, /) -> str:
        return message


_AS_WRITTEN = _AsWritten()


def current() -> Translations:
    """The translations for the person's language."""
    lang = interface_language()
    return translation(lang) if lang in CATALOGS else _AS_WRITTEN


def _(message: str) -> str:
    """`message` (English, as written in the code) in the person's language."""
    return current().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for `n`, in the person's language (its own plural rule)."""
    return current().ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Marks a message for extraction where it is defined (a table of labels), translated with
    `_()` where it is shown."""
    return message


# How each language groups the digits of a large number (CLDR: Spanish leaves four digits
# alone, French separates thousands by a narrow no-break space).
_GROUPING = {"en": (",", 4), "es": (".", 5), "fr": ("\u202f", 4)}


def number(count: int) -> str:
    """A whole number written as the person's language writes it: 12,345 / 12.345 / 12 345."""
    separator, shortest = _GROUPING.get(interface_language(), _GROUPING["en"])
    digits = str(abs(count))
    if len(digits) >= shortest:
        digits = f"{int(digits):,}".replace(",", separator)
    return f"-{digits}" if count < 0 else digits


# The languages the corpus holds most often, by their codes (card data's zhs and zht included).
_LANGUAGE_NAMES = {
    "en": N_("English"), "es": N_("Spanish"), "fr": N_("French"), "de": N_("German"), "it": N_("Italian"),
    "pt": N_("Portuguese"), "ja": N_("Japanese"), "ko": N_("Korean"), "ru": N_("Russian"), "zh": N_("Chinese"),
    "zhs": N_("Simplified Chinese"), "zht": N_("Traditional Chinese"),
}


def language_name(code: str) -> str:
    """A language's name in the person's language (`es` → "Spanish", "español" in Spanish…),
    or its code when it has none here."""
    name = _LANGUAGE_NAMES.get(code)
    return _(name) if name else code


