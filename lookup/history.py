"""What `mtgrules history NUMBER` shows: a rule through every English edition of the corpus.

A number means a rule only within one edition, so NUMBER is read in one edition (the newest by
default) and followed from there by its identity (`mtgrules.align.trace`): for each edition, the
rule's number, title and change since the edition before, with word-level differences. A
numbered rule comes with its subrules, each traced the same way (subrules move between rules
less often than rules move, but they do). Where the number asked for holds another rule in some
edition, the entry says so: that is the trap this command exists to show.

With translations asked for, each says which English edition it follows and whether the English
has changed since.
"""

from __future__ import annotations

from mtgrules.align.identities import Traced
from mtgrules.align.trace import Change, content, depth, order_key, word_diff
from mtgrules.lookup.editions import short_title
from mtgrules.records import Record


def editions_with(trace: Traced, number: str) -> list[str]:
    """The editions in which some rule has this number."""
    return [edition for edition in trace.editions if trace.record(edition, number)]


def find_edition(trace: Traced, number: str, edition: str | None) -> str | None:
    """The edition to read NUMBER in: the one given, else the newest holding it."""
    if edition is not None:
        return edition if trace.record(edition, number) else None
    return next((e for e in reversed(trace.editions) if trace.record(e, number)), None)


def entry_identities(trace: Traced, number: str, edition: str) -> list[str]:
    """The identities `history_entries` shows: the rule's, then, for a numbered rule, its
    subrules' (what translations need to be read for)."""
    identity = trace.identity(edition, number)
    if identity is None:
        return []
    return [identity, *(_subrule_identities(trace, identity, edition) if depth(number) == 2 else [])]


def history_entries(trace: Traced, number: str, edition: str, translations: list[Record]) -> list[dict]:
    """The rule numbered `number` in `edition`, then, for a numbered rule, its subrules: one
    entry each (the objects of `--json`). A section or chapter is its heading alone."""
    identities = entry_identities(trace, number, edition)
    return [
        _entry(trace, identity, number if index == 0 else trace.number(identity, edition), edition, translations)
        for index, identity in enumerate(identities)
    ]


def _subrule_identities(trace: Traced, identity: str, edition: str) -> list[str]:
    """Identities found under the rule in any edition, in the order of `edition` (then of the
    last edition holding those it lacks)."""
    found: dict[str, tuple] = {}
    for position, some_edition in enumerate(trace.editions):
        parent = trace.number(identity, some_edition)
        if parent is None:
            continue
        for child in trace.children(some_edition, parent):
            child_identity = trace.identity(some_edition, child)
            if child_identity is None:
                continue
            here = trace.number(child_identity, edition)
            found[child_identity] = (0, order_key(here)) if here else (1, position, order_key(child))
    return sorted(found, key=lambda child: found[child])


def _entry(trace: Traced, identity: str, number: str | None, edition: str, translations: list[Record]) -> dict:
    steps = []
    previous: Record | None = None
    for step in trace.history(identity):
        record = trace.record(step.edition, step.number) if step.number else None
        steps.append(_step(trace, identity, number, step.edition, step.number, step.change, previous, record))
        previous = record or previous
    newest_record = next((trace.record(s["edition"], s["number"]) for s in reversed(steps) if s["number"]), None)
    return {
        "identity": identity,
        "edition": edition,
        "number": number,
        "title": short_title(trace.record(edition, number) if number else newest_record),
        "steps": steps,
        "translations": [_translation(trace, identity, record) for record in translations
                         if trace.identity(record.edition or "", record.number or "") == identity],
    }


def _step(trace: Traced, identity: str, asked: str | None, edition: str, number: str | None, change: Change | None,
          previous: Record | None, record: Record | None) -> dict:
    kind = change.kind if change else None
    diff = None
    if change and change.text_changed and previous is not None and record is not None and kind != "replaced":
        diff = [list(span) for span in word_diff(content(previous), content(record))]
    step: dict = {
        "edition": edition,
        "number": number,
        "change": kind,
        "from": change.old if change and kind == "moved" else None,
        "title": short_title(record),
        "text": content(record) if record else None,
        "text_changed": bool(change and change.text_changed and kind != "replaced"),
        "references_only": bool(change and change.references_only),
        "diff": diff,
        "number_holds": None,
    }
    holder = trace.identity(edition, asked) if asked else None
    if asked and holder is not None and holder != identity:
        step["number_holds"] = {"identity": holder, "title": short_title(trace.record(edition, asked))}
    return step


def _translation(trace: Traced, identity: str, record: Record) -> dict:
    """Which edition a translation follows and what the English did since."""
    follows = record.edition or ""
    later = trace.editions[trace.editions.index(follows) + 1:] if follows in trace.editions else []
    changed_in = []
    removed_in = None
    for step in trace.history(identity):
        if step.edition not in later or step.change is None:
            continue
        if step.number is None:
            removed_in = removed_in or step.edition
        elif step.change.text_changed:
            changed_in.append(step.edition)
    return {
        "lang": record.lang,
        "follows": follows,
        "number": record.number,
        "title": record.title,
        "source": record.source,
        "english_changed_in": changed_in,
        "removed_in": removed_in,
        "current": not changed_in and removed_in is None,
    }


def rule_history(trace, number: str, edition: str, langs: list[str] | None) -> list[dict]:
    """`history_entries` for the rule numbered `number` in `edition`, with the translations in
    `langs` (none when not given), everything they show read first in a few keyed reads: what
    `history` and the web's history page show."""
    shown = entry_identities(trace, number, edition)
    trace.preload(shown, [n for identity in shown if (n := trace.number(identity, edition))])
    translations = trace.corpus.translations_of(shown, langs) if langs else []
    return history_entries(trace, number, edition, translations)
