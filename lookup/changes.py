"""What `mtgrules diff OLD NEW` shows: the rules added, removed, moved, replaced and edited
between two English editions, with word-level changes.

Rules are paired by identity (`mtgrules.align.trace`), never by number: a renumbered rule is one
move, not a removal and an addition, and a number that holds another rule says so.
"""

from __future__ import annotations

from mtgrules.align.identities import StoredTrace, Traced
from mtgrules.align.trace import Change, changes_by_kind, content, word_diff
from mtgrules.lookup.editions import short_title, within


def diff(trace: Traced, old: str, new: str, scope: str | None = None) -> tuple[dict[str, int], list[dict]]:
    """How many rules of each kind of change (unchanged included) and one entry per change
    (unchanged rules left out), in document order; `scope` keeps only the rules within a
    chapter, section or rule (by their number in either edition)."""
    changes = [c for c in trace.changes(old, new) if within(c.old, scope) or within(c.new, scope)]
    return changes_by_kind(changes), [_entry(trace, old, new, c) for c in changes if c.kind != "unchanged"]


def between(every: StoredTrace, old: str, new: str) -> StoredTrace:
    """The stored identities of the editions from `old` to `new` only (the editions outside
    them have nothing to say about the changes between them): what `diff` and `moves` read."""
    first, last = sorted((old, new))
    return StoredTrace(every.corpus, editions=[e for e in every.editions if first <= e <= last])


def moves(trace: Traced, old: str, new: str, scope: str | None = None) -> list[dict]:
    """The renumbering map alone: one entry per rule whose number changed from `old` to `new`
    (old number, new number, its title in `new`, whether its text changed too), in the new
    edition's order. What a tool rewriting citations needs, and nothing else."""
    found = []
    for change in trace.changes(old, new):
        if change.kind != "moved" or not (within(change.old, scope) or within(change.new, scope)):
            continue
        record = trace.record(new, change.new or "")
        found.append({"old": change.old, "new": change.new, "title": short_title(record), "text_changed": change.text_changed})
    return found


def _entry(trace: Traced, old: str, new: str, change: Change) -> dict:
    old_record = trace.record(old, change.old) if change.old else None
    new_record = trace.record(new, change.new) if change.new else None
    old_text = content(old_record) if old_record else None
    new_text = content(new_record) if new_record else None
    paired = change.kind in ("edited", "moved") and change.text_changed
    return {
        "change": change.kind,
        "old": change.old,
        "new": change.new,
        "title": short_title(new_record or old_record),
        "old_title": short_title(old_record) if change.kind == "replaced" else None,
        "text_changed": change.text_changed,
        "references_only": change.references_only,
        "old_text": old_text,
        "new_text": new_text,
        "diff": [list(span) for span in word_diff(old_text or "", new_text or "")] if paired else None,
    }
