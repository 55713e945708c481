"""The parameters of an address, checked as the command line checks its options: a bad one is
a `BadRequest` whose message is one line saying what is wrong and what to give (the server
answers 400 with it), never a page that quietly shows something else."""

from __future__ import annotations

from mtgrules.cli.options import is_known_language, not_a_language, split_langs
from mtgrules.errors import MtgrulesError
from mtgrules.lookup.editions import check_edition
from mtgrules.records import KINDS

# The most characters of one parameter (a query, a card name). The command line's bound is the
# system's on one argument; a query this long is already far beyond any person's, and the
# search's own bounds (on fuzzy words) apply below it.
MAX_PARAMETER = 2000
# `search --limit` takes 1 to 1000.
MAX_LIMIT = 1000


class BadRequest(MtgrulesError):
    """A parameter the server cannot answer for: 400, with this one line."""


class NotFound(MtgrulesError):
    """Nothing has this name: 404, with this one line and what was meant, perhaps."""

    def __init__(self, message: str, suggestions: list[dict] | None = None):
        super().__init__(message)
        self.suggestions = suggestions or []


def text(query, name: str, *, required: bool = False, default: str = "") -> str:
    value = query.get(name)
    if value is None or not value.strip():
        if required:
            raise BadRequest(f"{name} is empty (give {name}=…)")
        return default
    if len(value) > MAX_PARAMETER:
        raise BadRequest(f"{name} is {len(value)} characters long; the most is {MAX_PARAMETER}")
    if "\x00" in value:
        raise BadRequest(f"{name} holds a NUL character")
    return value.strip()


def langs(query, held: list[str], what: str = "records") -> list[str] | None:
    """`lang=es,fr` -> ["es", "fr"]; None when not given. A code that is no language code is a
    400 naming the closest the corpus has, as `--lang` is."""
    given = query.getlist("lang") if hasattr(query, "getlist") else [query.get("lang") or ""]
    value = text({"lang": ",".join(part for part in given if part.strip())}, "lang")  # lang=es,fr or lang=es&lang=fr
    if not value:
        return None
    try:
        codes = split_langs(value)
    except ValueError as error:
        raise BadRequest(f"lang: {error}") from None
    for code in codes:
        if code not in held and not is_known_language(code):
            raise BadRequest(not_a_language(code, held, what).replace("--lang ", "lang="))
    return codes


def edition(query) -> str | None:
    value = text(query, "edition")
    if not value:
        return None
    try:
        return check_edition(value)
    except ValueError as error:
        raise BadRequest(f"edition: {error}") from None


def kinds(query) -> list[str]:
    found = []
    for value in query.getlist("kind"):
        for kind in value.split(","):
            kind = kind.strip()
            if not kind:
                continue
            if kind not in KINDS:
                raise BadRequest(f"kind={kind}: not a kind of record (give one of {', '.join(KINDS)})")
            found.append(kind)
    return list(dict.fromkeys(found))


def limit(query, default: int = 10) -> int:
    value = text(query, "limit")
    if not value:
        return default
    if not value.isascii() or not value.isdigit() or not 1 <= int(value) <= MAX_LIMIT:
        raise BadRequest(f"limit={value}: give a whole number from 1 to {MAX_LIMIT}")
    return int(value)
