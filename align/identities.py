"""Rule identities kept in the store: which rule of each English edition is which rule of the
others, worked out at ingest so that lookups only join on them.

The match is `mtgrules.align.trace`'s: consecutive English editions (by effective date) are
matched by content, never by number, and the matches chained; a rule matched to a rule of the
previous edition keeps its identity, any other gets a new one named after where it first
appears, `"<edition>/<number>"` (Connive is `"2024-06-07/701.47"`, 701.50 from 2025-06-06).
What is stored per (edition, number) is the identity, the number the rule had in the previous
edition and a digest of its English content, so the views, `history`, `diff` and `stale` read
identities instead of tracing again (the change between two editions follows from these).

`retrace` brings the stored identities up to date after an ingest: only the pairs of editions
next to a changed edition are matched again (the newest edition arriving costs one match); the
identities of the editions after it are chained again from the stored matches, which costs no
matching. `StoredTrace` reads them back with the interface of `trace.Trace`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from mtgrules import rulenumbers
from mtgrules.align.trace import Change, Step, Trace, content, differs_only_in_numbers, match_editions, order_key
from mtgrules.records import Record
from mtgrules.store import RULE_KINDS, Identity, Queries, Writer


def content_digest(record: Record) -> str:
    """Names a rule's English content (`trace.content`): two editions' texts of one identity
    differ exactly when their digests do."""
    import hashlib  # OpenSSL, 2.5 ms: only when rules are traced (`history` reads stored digests)

    return hashlib.sha256(content(record).encode("utf-8")).hexdigest()[:16]


def _english(corpus: Queries, edition: str) -> list[Record]:
    """The English rules and sections of an edition that the trace matches (numbered ones)."""
    return [r for r in corpus.records(kinds=RULE_KINDS, langs=["en"], edition=edition) if is_traced(r)]


def is_traced(record: Record) -> bool:
    """A record the trace matches: an English rule or section with a rule number."""
    return record.lang == "en" and record.kind in RULE_KINDS and bool(record.number) and rulenumbers.is_rule_number(record.number or "")


@dataclass
class EditionDigests:
    """The content digests of one English edition's traced rules (number -> digest), worked out
    while an ingest holds its records (`digests_of`), so that `retrace` finds an edition that
    says what the one before it says without reading either back from the store. `records`
    is how many English rules and sections they were worked out from: the store must hold
    exactly those for the digests to stand for the edition."""

    digests: dict[str, str]
    records: int


def digests_of(records: Iterable[Record], known: dict[str, EditionDigests]) -> None:
    """Add the English editions of one document's records to `known` (edition -> digests). An
    edition met in two documents is dropped: what the store holds of it is then read back. The
    digests of an edition that says what another says are that one's (one mapping held, not
    sixty-four)."""
    found: dict[str, EditionDigests] = {}
    for record in records:
        if record.lang == "en" and record.kind in RULE_KINDS and record.edition:
            entry = found.setdefault(record.edition, EditionDigests({}, 0))
            entry.records += 1
            if is_traced(record):
                entry.digests[record.number or ""] = content_digest(record)
    for edition, entry in found.items():
        if edition in known:
            known[edition] = EditionDigests({}, -1)  # in two documents: not to be used
            continue
        same = next((held.digests for held in known.values() if held.digests == entry.digests), None)
        known[edition] = EditionDigests(same, entry.records) if same is not None else entry


def retrace(writer: Writer, changed: set[str], known: dict[str, EditionDigests] | None = None) -> None:
    """Bring the stored identities up to date with the English editions now in the store:
    editions no longer English lose theirs; an edition in `changed` (its English text was
    ingested in this transaction), a new one, and one whose predecessor is new or changed is
    matched against its predecessor again; identities are chained again from the first of those on.

    An edition whose rules have the content of its predecessor's, number for number, is
    matched rule to rule without reading either edition's records (the shifted copies of the
    scale benchmarks; an edition ingested twice); `known` gives the digests of the editions
    this ingest held (`digests_of`)."""
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

    # What the store holds of each edition given digests, read before the identities' indexes
    # may be set aside (a read puts them back).
    held = {edition: writer.count(kinds=RULE_KINDS, langs=["en"], edition=edition) for edition in known or {}}

    def digests(edition: str) -> dict[str, str]:
        entry = (known or {}).get(edition)
        if entry is not None and entry.records == held.get(edition):
            return entry.digests
        return {r.number or "": content_digest(r) for r in of(edition)}

    previous_rows = writer.identities(english[start - 1]) if start else {}
    if len(english) - start >= max(_BULK_EDITIONS, len(english) // 2):
        writer.set_indexes_aside(["identities"])  # most rows written again: indexed once, after
    for edition in english[start:]:
        before = predecessor[edition]
        if edition in rematch:
            numbers = digests(edition)
            if before and numbers == {number: row.digest for number, row in previous_rows.items()}:
                backward = {number: number for number in numbers}  # the same rules at the same numbers
            else:
                backward = {new: old for old, new in match_editions(of(before), of(edition)).items()} if before else {}
        else:
            stored = writer.identities(edition)
            backward = {number: row.previous for number, row in stored.items() if row.previous}
            numbers = {number: row.digest for number, row in stored.items()}
        rows = chain(edition, previous_rows, backward, numbers)
        writer.replace_identities(edition, before, rows.values())
        previous_rows = rows
        records.pop(before or "", None)  # matched for the last time: two editions held, not all


# Tracing this many editions again (and half of those stored, at least) writes their identity
# rows with the secondary indexes set aside (`retrace`).
_BULK_EDITIONS = 4


def chain(edition: str, previous_rows: dict[str, Identity], backward: dict[str, str], digests: dict[str, str]) -> dict[str, Identity]:
    """Number -> identity row of `edition`: a number matched to the previous edition's
    (`backward`: new number -> old number) keeps that rule's identity, any other is a new
    identity (as `trace.chain_identities` names them)."""
    inherited = {number: previous_rows[old].identity for number, old in backward.items()}
    return {
        number: Identity(edition, number, inherited.get(number, f"{edition}/{number}"), backward.get(number), digest)
        for number, digest in digests.items()
    }


class StoredTrace:
    """The stored identities read with the interface of `trace.Trace` (what `history`, `diff`
    and `stale` use), by key: a rule's history reads its identity's rows and the English records
    it shows, not the corpus. `editions` limits it to those English editions (a diff of two
    needs only the editions from one to the other)."""

    def __init__(self, corpus: Queries, editions: Iterable[str] | None = None):
        self.corpus = corpus
        held = corpus.english_editions()
        wanted = None if editions is None else set(editions)
        self.editions: list[str] = [e for e in held if wanted is None or e in wanted]
        self._rows: dict[str, dict[str, Identity]] = {}  # edition -> number -> row (whole editions read)
        self._steps: dict[str, dict[str, Identity]] = {}  # identity -> edition -> row
        self._records: dict[tuple[str, str], Record | None] = {}
        self._known: dict[tuple[str, str], Identity | None] = {}  # rows read one by one
        self._whole: set[str] = set()  # editions whose English records are all read
        self._indexed = False  # `_steps` holds every identity of the editions read whole

    @property
    def newest(self) -> str | None:
        return self.editions[-1] if self.editions else None

    # --- reading, by key or by whole edition -----------------------------------------------

    def _edition_rows(self, edition: str) -> dict[str, Identity]:
        if edition not in self._rows:
            self._rows[edition] = self.corpus.identities(edition) if edition in self.editions else {}
        return self._rows[edition]

    def _identity_rows(self, identity: str) -> dict[str, Identity]:
        if identity not in self._steps:
            if all(edition in self._rows for edition in self.editions):  # every edition read: no query
                self._index_identities()
                return self._steps.setdefault(identity, {})
            self._steps[identity] = {row.edition: row for row in self.corpus.steps([identity]) if row.edition in self.editions}
        return self._steps[identity]

    def _index_identities(self) -> None:
        """Identity -> edition -> row, from the editions read whole."""
        if self._indexed:
            return
        for edition in self.editions:
            for row in self._rows[edition].values():
                self._steps.setdefault(row.identity, {})[edition] = row
        self._indexed = True

    def _row(self, edition: str, number: str) -> Identity | None:
        if edition in self._rows:
            return self._rows[edition].get(number)
        if edition not in self.editions:
            return None
        if (edition, number) not in self._known:
            self._known[(edition, number)] = self.corpus.identities(edition, [number]).get(number)
        return self._known[(edition, number)]

    def preload(self, identities: Sequence[str], numbers: Sequence[str] = ()) -> None:
        """Read at once, in every edition, the rows and English records of these identities
        and of the rules numbered `numbers` (a rule's history and its subrules', and whatever
        else holds their numbers), instead of one query per edition."""
        wanted = [identity for identity in identities if identity not in self._steps]
        for identity in wanted:
            self._steps[identity] = {}
        rows = (self.corpus.steps(wanted) if wanted else []) + (self.corpus.numbered(numbers) if numbers else [])
        for row in rows:
            if row.edition in self.editions:
                if row.identity in self._steps:
                    self._steps[row.identity][row.edition] = row
                self._known[(row.edition, row.number)] = row
        if numbers:
            for edition in self.editions:
                self._known.update({(edition, n): None for n in numbers if (edition, n) not in self._known})
        english = (self.corpus.english_of(wanted) if wanted else []) + (
            self.corpus.records(kinds=RULE_KINDS, langs=["en"], numbers=list(numbers)) if numbers else [])
        for record in english:
            self._records[(record.edition or "", record.number or "")] = record
        for edition in self.editions:
            self._records.update({(edition, n): None for n in numbers if (edition, n) not in self._records})

    def read_editions(self, editions: Sequence[str]) -> None:
        """Read the identities and English records of whole editions at once (for the commands
        that go through every rule: `diff`, `stale`)."""
        for edition in editions:
            self._edition_rows(edition)
            if edition not in self._whole and edition in self.editions:
                for record in _english(self.corpus, edition):
                    self._records[(edition, record.number or "")] = record
                self._whole.add(edition)

    def record(self, edition: str, number: str) -> Record | None:
        """The English record numbered `number` in `edition`, None when there is none."""
        key = (edition, number)
        if key not in self._records:
            if edition in self._whole or edition not in self.editions:
                return None
            found = self.corpus.records(kinds=RULE_KINDS, langs=["en"], edition=edition, numbers=[number])
            self._records[key] = found[0] if found else None
        return self._records[key]

    def numbers(self, edition: str) -> list[str]:
        """The rules and sections of an edition, in document order."""
        return sorted(self._edition_rows(edition), key=order_key)

    def children(self, edition: str, number: str) -> list[str]:
        """The numbers directly under `number` in an edition, in order."""
        if edition not in self.editions:
            return []
        found = self.corpus.numbers(kinds=RULE_KINDS, langs=["en"], edition=edition, parents=[number])
        children = sorted((n for n in found if rulenumbers.is_rule_number(n)), key=order_key)
        if edition not in self._rows:  # their identities are asked next: one query for all
            rows = self.corpus.identities(edition, children)
            self._known.update({(edition, n): rows.get(n) for n in children})
        return children

    def identity(self, edition: str, number: str) -> str | None:
        row = self._row(edition, number)
        return row.identity if row else None

    def identities(self, edition: str) -> dict[str, str]:
        return {number: row.identity for number, row in self._edition_rows(edition).items()}

    def number(self, identity: str, edition: str) -> str | None:
        row = self._identity_rows(identity).get(edition)
        return row.number if row else None

    # --- changes ---------------------------------------------------------------------------

    def history(self, identity: str) -> list[Step]:
        """One step per edition, oldest first, with the change since the edition before."""
        rows = self._identity_rows(identity)
        steps: list[Step] = []
        previous: str | None = None
        for edition in self.editions:
            number = rows[edition].number if edition in rows else None
            change = None
            if previous is not None and (number is not None or previous in rows):
                change = self._change(identity, previous, edition)
            steps.append(Step(edition, number, change))
            previous = edition
        return steps

    def _change(self, identity: str, old: str, new: str) -> Change:
        rows = self._identity_rows(identity)
        before, after = rows.get(old), rows.get(new)
        if before is not None and after is not None:
            return self._kept(identity, before, after)
        if after is not None:  # new in `new`: added, or in place of a rule removed from its number
            holder = self._row(old, after.number)
            if holder is not None and self.number(holder.identity, new) is None:
                return Change("replaced", after.number, after.number, holder.identity, identity, True)
            return Change("added", None, after.number, None, identity)
        assert before is not None
        holder = self._row(new, before.number)
        if holder is not None and self.number(holder.identity, old) is None:
            return Change("replaced", before.number, before.number, identity, holder.identity, True)
        return Change("removed", before.number, None, identity, None)

    def _kept(self, identity: str, before: Identity, after: Identity) -> Change:
        changed = before.digest != after.digest
        references_only = False
        if changed:
            old_record, new_record = self.record(before.edition, before.number), self.record(after.edition, after.number)
            if old_record is not None and new_record is not None:
                references_only = differs_only_in_numbers(content(old_record), content(new_record))
        kind = "moved" if before.number != after.number else ("edited" if changed else "unchanged")
        return Change(kind, before.number, after.number, identity, identity, changed, references_only)

    def changes(self, old: str, new: str) -> list[Change]:
        """Every rule and section of two editions and what became of it, in document order
        (removed rules at their old place); as `Trace.changes`. KeyError for an edition the
        corpus has no identities of."""
        missing = [edition for edition in (old, new) if edition not in self.editions]
        if missing:
            raise KeyError(f"edition not traced: {', '.join(missing)}")
        self.read_editions([old, new])
        old_rows, new_rows = self._rows[old], self._rows[new]
        new_by_identity = {row.identity: row for row in new_rows.values()}
        old_identities = {row.identity for row in old_rows.values()}
        changes: list[Change] = []
        removed: dict[str, str] = {}
        for number, row in old_rows.items():
            counterpart = new_by_identity.get(row.identity)
            if counterpart is None:
                removed[number] = row.identity
            else:
                changes.append(self._kept(row.identity, row, counterpart))
        for number, row in new_rows.items():
            if row.identity in old_identities:
                continue
            if number in removed:
                changes.append(Change("replaced", number, number, removed.pop(number), row.identity, True))
            else:
                changes.append(Change("added", None, number, None, row.identity))
        changes.extend(Change("removed", number, None, identity, None) for number, identity in removed.items())
        return sorted(changes, key=lambda change: order_key(change.number))


# What `history`, `diff` and `stale` read: identities traced from records, or stored.
Traced = Trace | StoredTrace
