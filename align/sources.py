"""Where the newest rules and card data are, and how each file is checked.

- The Comprehensive Rules: the official rules page links the current text
  (`mtgrules.parsers.rules_page`). No hash is published: the download is checked by size, then
  parsed before anything is stored. Its address names the edition, which tells a new one.
- MTGJSON (https://mtgjson.com/api/v5/): AllPrintings (the xz file, the smallest, about 100 MB)
  or set files (KLD.json), each with a `.sha256` beside it, which checks the download and tells
  whether the copy here is current.
- Scryfall (https://api.scryfall.com/bulk-data): the bulk data list gives each file's address,
  size and date (a new date is a new file); no hash.

Base addresses are parameters, which the command line takes from options or environment
variables, so tests point them at a server on 127.0.0.1.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import unquote, urljoin, urlsplit

from mtgrules.align.download import DownloadError, fetch
from mtgrules.errors import ParseError
from mtgrules.i18n import _
from mtgrules.parsers import rules_page, scryfall
from mtgrules.parsers.decoding import MAX_DOCUMENT_BYTES

RULES_PAGE = "https://magic.wizards.com/en/rules"
MTGJSON_API = "https://mtgjson.com/api/v5/"
SCRYFALL_BULK_DATA = "https://api.scryfall.com/bulk-data"
ALL_PRINTINGS = "AllPrintings.json.xz"
SCRYFALL_TYPES = ("rulings", "oracle_cards", "default_cards", "all_cards")
SET_CODE = re.compile(r"[A-Z0-9]{2,8}")
_SHA256 = re.compile(r"[0-9a-fA-F]{64}")
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


@dataclass(frozen=True)
class Remote:
    """One file to fetch: from where, under which name, and how to check it."""

    source: str  # "rules", "mtgjson" or "scryfall": the folder it goes in
    url: str
    name: str  # the file's name in that folder
    version: str  # what tells this file from the one held: the address, the published hash, the date
    sha256: str | None = None
    size: int | None = None
    largest: int | None = None  # the most this file can be, when no size is listed (a rules text)


def newest_rules(page_url: str = RULES_PAGE) -> Remote:
    """The rules text the official rules page links now."""
    html = fetch(page_url).decode("utf-8", errors="replace")
    url = rules_page.rules_text_link(html, page_url)
    name = _UNSAFE.sub("_", _unquoted_name(url)).strip("_") or "rules.txt"
    # No larger than any document mtgrules reads (the rules text is about 1 MB): an endless
    # answer is refused there, not after gigabytes.
    return Remote("rules", url, name, version=url, largest=MAX_DOCUMENT_BYTES)


def mtgjson_files(base_url: str = MTGJSON_API, sets: list[str] | None = None) -> list[Remote]:
    """AllPrintings, or the set files of `sets` (codes such as KLD), each with its published hash."""
    names = [set_file_name(code) for code in sets] if sets else [ALL_PRINTINGS]
    remotes = []
    for name in names:
        url = urljoin(base_url if base_url.endswith("/") else base_url + "/", name)
        sha256 = _published_sha256(url + ".sha256")
        remotes.append(Remote("mtgjson", url, name, version=sha256, sha256=sha256))
    return remotes


def set_file_name(code: str) -> str:
    """MTGJSON's file name for a set: its code, except where Windows forbids the name (CON)."""
    code = code.upper()
    if not SET_CODE.fullmatch(code):
        raise ValueError(f"{code!r} is not a set code")
    return f"{code}_.json" if code in {"CON", "PRN", "AUX", "NUL"} else f"{code}.json"


def scryfall_files(list_url: str = SCRYFALL_BULK_DATA, types: tuple[str, ...] = ("rulings",)) -> list[Remote]:
    """The Scryfall bulk files of `types`, as the bulk data list gives them today."""
    files = scryfall.bulk_files(fetch(list_url), list_url)
    remotes = []
    for kind in types:
        if kind not in files:
            raise ParseError(list_url, _("Scryfall lists no bulk file of type {kind!r} (it lists {value})")
                                         .format(kind=kind, value=', '.join(sorted(files)) or _("none")))
        listed = files[kind]
        name = kind.replace("_", "-") + ".json"
        remotes.append(Remote("scryfall", urljoin(list_url, listed.url), name, version=listed.updated_at or listed.url,
                              size=listed.size))
    return remotes


def _published_sha256(url: str) -> str:
    text = fetch(url, limit=4096).decode("ascii", errors="replace").strip()
    first = text.split()[0] if text else ""
    if not _SHA256.fullmatch(first):
        raise DownloadError(_("{url}: not a SHA-256 (starts {text!r}); MTGJSON publishes one beside each file")
                              .format(url=url, text=text[:20]))
    return first.lower()


def _unquoted_name(url: str) -> str:
    return unquote(urlsplit(url).path.rsplit("/", 1)[-1])
