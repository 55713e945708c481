"""The interface language of a request: the `ui` cookie when it names one the interface speaks,
else the first such language of the browser's Accept-Language, else English. The words come from
the gettext catalogs of the command line (`mtgrules.i18n.translation`), so a label is translated
once. The content languages (which languages' texts a page shows) are in each page's address;
a page asked for without them takes the `langs` cookie (what the person chose last), else the
languages of Accept-Language the corpus holds, and English.
"""

from __future__ import annotations

from mtgrules.cli.options import is_lang_code
from mtgrules.i18n import translation

INTERFACE_LANGUAGES = ("en", "es", "fr")
UI_COOKIE = "ui"
LANGS_COOKIE = "langs"
# A year: the choice is the person's until they change it.
COOKIE_AGE = 365 * 24 * 3600
# Between the codes of the `langs` cookie: a comma would have the cookie quoted.
COOKIE_SEPARATOR = ":"


def accepted(header: str | None) -> list[str]:
    """The language codes of an Accept-Language header, most wanted first (`es-ES` -> `es`);
    malformed parts are skipped, `q=0` means not wanted."""
    weighted: list[tuple[float, int, str]] = []
    for position, part in enumerate((header or "").split(",")[:32]):
        tag, _, params = part.strip().partition(";")
        code = tag.strip().lower().split("-")[0]
        weight = 1.0
        for param in params.split(";"):
            name, _, value = param.strip().partition("=")
            if name.strip() == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        if is_lang_code(code) and weight > 0:
            weighted.append((-weight, position, code))
    return list(dict.fromkeys(code for _, _, code in sorted(weighted)))


def interface_language(cookie: str | None, header: str | None) -> str:
    if cookie in INTERFACE_LANGUAGES:
        return cookie or "en"
    return next((code for code in accepted(header) if code in INTERFACE_LANGUAGES), "en")


def content_languages(cookie: str | None, header: str | None, held: list[str]) -> list[str]:
    """The languages a page shows when its address names none: the cookie's, else those of
    Accept-Language the corpus holds, with English always among them."""
    chosen = [code for code in (cookie or "").split(COOKIE_SEPARATOR) if is_lang_code(code)]
    if not chosen:
        chosen = [code for code in accepted(header) if code in held]
    return list(dict.fromkeys([*chosen, "en"]))


class Words:
    """The interface's words in one language, for templates: `_("Search")`, `ngettext(…)`."""

    def __init__(self, lang: str):
        self.lang = lang
        self._translation = translation(lang)

    def gettext(self, message: str, **values) -> str:
        text = self._translation.gettext(message)
        return text.format(**values) if values else text

    def ngettext(self, singular: str, plural: str, n: int, **values) -> str:
        return self._translation.ngettext(singular, plural, n).format(n=n, **values)
