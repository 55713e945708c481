"""One index entry per distinct content, not per record.

A judge's corpus repeats itself: the official editions of the Comprehensive Rules share most of
their text, and one MTGJSON ruling sits on up to 753 cards. Indexing each record would index the
same words again for every edition and every card (a 16-edition corpus: 82,000 entries for some
10,000 texts), and rank a rule's sixteen copies against each other. So records are grouped:

- an English rule, section or glossary entry whose title and text are those of the same rule
  in other editions (same identity, `Views`; without identities, same number) is one entry
  shown in all those editions' views, under its number and source in each (`shown`);
- a ruling with the same language, text and date on several cards is one entry on all of them
  (`cards`; its `card` field holds every card's names, so each card's name finds it);
- any other records identical but for where they were read from are one entry.

Records whose key exists in other languages are grouped only with records whose key exists in
the same languages ("also in es" must be true in every view the entry is shown in), and a
ruling or card with translations only with records of the same key (a translation found in
another tier hides the entry of its key).

An entry's `group` names its content (`content_digest`), and `members` lists its records as
(record id, document id, edition, number, card): what an update in place
(`tables._update`) finds the entries to redo by and the records to read them from.
"""

from __future__ import annotations

import sys
from collections import defaultdict
from collections.abc import Iterable
from typing import TYPE_CHECKING, NamedTuple

from mtgrules.records import Record

if TYPE_CHECKING:
    from mtgrules.index.tables import Views

# Kinds whose records belong to one edition's view; every other record is in every view.
EDITION_KINDS = ("rule", "section", "glossary")
# Where a record was read from, and what is filled at read time only: not its content.
_PLACE = frozenset({"source", "en_text"})


class Member(NamedTuple):
    """A record of an entry, as the entry stores it and shows it in its edition's view."""

    row: int | None
    document: int | None
    edition: str
    number: str
    card: str
    source: str


def content_digest(record: Record, views: Views) -> str:
    """What records of one entry share (module docstring), as a short digest."""
    from mtgrules.index.schema import record_body, record_title

    if record.kind in EDITION_KINDS and record.lang == "en" and record.edition:
        number = record.number or ""
        identity = views.identity.get((record.edition, number))
        place = ["identity", identity] if identity is not None else ["number", number]
        parts = ["edition", record.kind, *place, record_title(record), record_body(record)]
    elif record.kind == "ruling":
        parts = ["ruling", record.lang, record_body(record), record.date or ""]
    else:
        # vars(), not to_dict(): dataclasses.asdict copies every list and dict deeply, a second
        # of a 16-edition build for its 4,000 cards
        parts = ["record", repr(sorted((name, value) for name, value in vars(record).items() if name not in _PLACE))]
    import hashlib  # writing the tables only: loading OpenSSL costs a cold search 3 ms

    return hashlib.blake2b("\x1f".join(parts).encode(), digest_size=10).hexdigest()


def member_of(record: Record, ids: tuple[int, int] | None) -> Member:
    # Editions, rule numbers and card names are shared by many records: one string each (a 64-edition
    # build holds 330,000 members).
    return Member(ids[0] if ids else None, ids[1] if ids else None, sys.intern(record.edition or ""), sys.intern(record.number or ""),
                  sys.intern(record.card or ""), record.source)


class Grouping:
    """The entries of a set of records, fed one record at a time (nothing but `Member`s held):
    `add` each record, then `entries()` gives each entry's members, the first its
    representative (the record whose fields the entry stores)."""

    def __init__(self, views: Views):
        self.views = views
        self._members: dict[str, list[Member]] = defaultdict(list)
        self._keys: dict[str, list[tuple]] = defaultdict(list)  # each member's key (`Views.key`)
        self._shared: dict[tuple, tuple] = {}  # each key once: most records share theirs
        self._kinds: dict[str, str] = {}

    def add(self, record: Record, ids: tuple[int, int] | None, digest: str | None = None) -> str:
        """Count `record` (with its store ids) in; returns its content digest."""
        digest = digest or content_digest(record, self.views)
        key = self.views.key(record)
        self._members[digest].append(member_of(record, ids))
        self._keys[digest].append(self._shared.setdefault(key, key))
        self._kinds[digest] = record.kind
        return digest

    def seen(self, digest: str) -> bool:
        return digest in self._members

    def entries(self, languages_of: dict[tuple, list[str]]) -> Iterable[tuple[str, list[str], list[Member]]]:
        """(content digest, languages of the entry's key, members) of each entry, its members in
        the order added but the representative first: the member in the default view, if any."""
        default = self.views.default
        for digest, members in self._members.items():
            split: dict[tuple, list[Member]] = {}
            for member, key in zip(members, self._keys[digest], strict=True):
                langs = languages_of[key]
                apart = key if len(langs) > 1 and self._kinds[digest] not in EDITION_KINDS else None
                split.setdefault((tuple(langs), apart), []).append(member)
            for (langs, _), found in split.items():
                first = next((m for m in found if m.edition == default), found[0]) if default else found[0]
                yield digest, list(langs), [first, *(m for m in found if m is not first)]
