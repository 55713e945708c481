"""Rule identities kept in the store: which rule of each English edition is which rule of the
others, worked out at ingest so that lookups only join on them.

Consecutive English editions (by effective date) are matched by content, never by number
(`match_editions`), and the matches chained: a rule matched to a rule of the previous edition
keeps its identity, any other gets a new one named after where it first appears,
`"<edition>/<number>"` (Connive is `"2024-06-07/701.47"`, 701.50 from 2025-06-06). A
translation aligned to edition E is then shown in the view of edition F under the number that
its (E, number)'s identity has in F.

`retrace` brings the stored identities up to date after an ingest: only the pairs of editions
next to a changed edition are matched again (the newest edition arriving costs one match); the
identities of the editions after it are chained again from the stored matches, which costs no
matching. The match itself is `match_editions(old_records, new_records) -> {old: new number}`:
one function, swappable.
"""

from __future__ import annotations

import difflib
import hashlib
import re
from collections import Counter
from collections.abc import Iterable

from mtgrules import rulenumbers
from mtgrules.records import Record
from mtgrules.store import RULE_KINDS, Identity, Writer


def content(record: Record) -> str:
    """What a rule or section says: title, text and examples, white space normalised. Two
    editions' versions of a rule are unchanged when this is equal."""
    parts = [record.title] if record.title and record.title != record.text else []
    parts += [record.text, *record.examples]
    return "\n".join(" ".join(part.split()) for part in parts if part)


def content_digest(record: Record) -> str:
    return hashlib.sha256(content(record).encode("utf-8")).hexdigest()[:16]


def _depth(number: str) -> int:
    _, rule, letters = rulenumbers.split(number)
    return 1 if rule is None else (3 if letters else 2)


def _words(text: str) -> list[str]:
    return text.casefold().split()


_RULE_NUMBER = re.compile(r"\b\d{3}(?:\.\d+[a-z]{0,2})?\b")


def _skeleton(record: Record) -> str:
    """Content with every rule number as one placeholder: a rule whose only change is the
    numbers it cites (701.47b became 701.50b) reads the same."""
    return _RULE_NUMBER.sub("#", content(record)).casefold()


def match_editions(old: Iterable[Record], new: Iterable[Record]) -> dict[str, str]:
    """Old number -> new number for the rules and sections of two English editions that are
    the same rule: first texts found once on each side at the same depth (wherever their
    numbers went), then such texts with the rule numbers they cite set aside, then titles found
    once on each side (a renumbered keyword rule), then the subrules of matched rules whose texts
    are still alike, then the same number when the texts are still alike (a rule edited in
    place)."""
    old_items = {r.number: r for r in old if r.number and r.kind in RULE_KINDS}
    new_items = {r.number: r for r in new if r.number and r.kind in RULE_KINDS}
    forward: dict[str, str] = {}
    backward: dict[str, str] = {}

    def anchor(signature) -> None:
        old_free = {n: signature(r) for n, r in old_items.items() if n not in forward}
        new_free = {n: signature(r) for n, r in new_items.items() if n not in backward}
        old_counts = Counter((_depth(n), s) for n, s in old_free.items() if s)
        new_by = {(_depth(n), s): n for n, s in new_free.items() if s}
        new_counts = Counter((_depth(n), s) for n, s in new_free.items() if s)
        for number, sig in old_free.items():
            key = (_depth(number), sig)
            if sig and old_counts[key] == 1 and new_counts[key] == 1:
                forward[number], backward[new_by[key]] = new_by[key], number

    def alike(old_number: str, new_number: str) -> float:
        return difflib.SequenceMatcher(
            None, _words(_skeleton(old_items[old_number])), _words(_skeleton(new_items[new_number])), autojunk=False
        ).ratio()

    anchor(content)
    anchor(_skeleton)
    anchor(lambda record: record.title)
    # Subrules of matched rules, most alike first; then a number kept with a text still alike.
    parents = {parent for n in old_items if n not in forward and (parent := rulenumbers.parent(n)) in forward}
    for parent in sorted(parents):
        old_free = [n for n in old_items if n not in forward and rulenumbers.parent(n) == parent]
        new_free = [n for n in new_items if n not in backward and rulenumbers.parent(n) == forward[parent]]
        pairs = sorted(((alike(a, b), a, b) for a in old_free for b in new_free), reverse=True)
        for ratio, a, b in pairs:
            if ratio >= 0.5 and a not in forward and b not in backward:
                forward[a], backward[b] = b, a
    for number in old_items:
        if number not in forward and number in new_items and number not in backward and alike(number, number) >= 0.5:
            forward[number], backward[number] = number, number
    return forward


def _english(writer: Writer, edition: str) -> list[Record]:
    return writer.records(kinds=RULE_KINDS, langs=["en"], edition=edition)


def retrace(writer: Writer, changed: set[str]) -> None:
    """Bring the stored identities up to date with the English editions now in the store:
    editions no longer English lose theirs; an edition in `changed` (its English text was
    ingested in this transaction), a new one, and one whose predecessor is new or changed is
    matched against its predecessor again; identities are chained again from the first of those on."""
    english = writer.english_editions()
    traced = writer.traced_editions()
    for edition in set(traced) - set(english):
        writer.remove_identities(edition)
    predecessor = {edition: (english[i - 1] if i else None) for i, edition in enumerate(english)}
    rematch = [
        e for e in english
        if e in changed or predecessor[e] in changed or e not in traced or traced[e] != predecessor[e]
    ]
    if not rematch:
        return
    start = english.index(rematch[0])
    records: dict[str, list[Record]] = {}

    def of(edition: str) -> list[Record]:
        if edition not in records:
            records[edition] = _english(writer, edition)
        return records[edition]

    previous_rows = writer.identities(english[start - 1]) if start else {}
    for edition in english[start:]:
        before = predecessor[edition]
        if edition in rematch:
            backward = {new: old for old, new in match_editions(of(before), of(edition)).items()} if before else {}
            digests = {r.number: content_digest(r) for r in of(edition) if r.number}
        else:
            stored = writer.identities(edition)
            backward = {number: row.previous for number, row in stored.items() if row.previous}
            digests = {number: row.digest for number, row in stored.items()}
        rows = chain(edition, before, previous_rows, backward, digests)
        writer.replace_identities(edition, before, rows.values())
        previous_rows = rows


def chain(edition: str, before: str | None, previous_rows: dict[str, Identity], backward: dict[str, str],
          digests: dict[str, str]) -> dict[str, Identity]:
    """Number -> identity row of `edition`: a number matched to the previous edition's
    (`backward`: new number -> old number) keeps that rule's identity, any other is a new
    identity; with the change since the previous edition."""
    matched_old = set(backward.values())
    rows: dict[str, Identity] = {}
    for number, digest in digests.items():
        old = backward.get(number)
        if before is None:
            identity, change = f"{edition}/{number}", None
        elif old is None:
            identity = f"{edition}/{number}"
            change = "replaced" if number in previous_rows and number not in matched_old else "added"
        else:
            identity = previous_rows[old].identity
            change = "moved" if old != number else ("unchanged" if previous_rows[old].digest == digest else "edited")
        rows[number] = Identity(edition, number, identity, old, change, digest)
    return rows
