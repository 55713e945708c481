"""What `mtgrules stale` shows: a translator's and a judge's worklist.

For each language, against the newest English edition of the corpus:
- stale: translated rules whose English text changed after the edition the translation follows
  (with the English changes, word by word; `references_only` when only rule numbers changed);
- removed: translated rules the newest edition no longer has;
- untraced: translations that follow an English edition the corpus does not hold, so nothing
  can be said about them until it is ingested;
- untranslated: rules of the newest edition with no translation in the language.
A translation is followed to the newest edition by its rule's identity, never by its number:
the Spanish 701.28 of a page aligned against 2024-06-07 is Transform, which is 701.27 now.
Where several translations give one rule (a page aligned against two editions, say), the one
that follows the newest edition counts.
"""

from __future__ import annotations

from collections import defaultdict

from mtgrules.align.identities import Traced
from mtgrules.align.trace import content, depth, differs_only_in_numbers, order_key, word_diff
from mtgrules.lookup import editions
from mtgrules.lookup.editions import short_title
from mtgrules.records import Record

STATUSES = ("stale", "removed", "untraced", "untranslated")


def report(trace, langs: list[str] | None) -> tuple[dict[str, dict[str, int]], list[dict]]:
    """`stale_entries` over every rule of every edition the store traces, for the translated
    rules in `langs` (default: every language with translated rules): what `stale` and the
    web's stale report show."""
    trace.read_editions(trace.editions)  # every rule of every edition is looked at
    translated = trace.corpus.records(kinds=["rule"], langs=langs, translated=True)
    return stale_entries(trace, editions.translations(translated, langs), langs)


def runs(numbers: list[str], order: list[str]) -> list[tuple[str, str, int]]:
    """Untranslated numbers as runs of consecutive rules of the edition: (first, last, count)."""
    wanted = set(numbers)
    found: list[tuple[str, str, int]] = []
    current: list[str] = []
    for number in order:
        if number in wanted:
            current.append(number)
        elif current:
            found.append((current[0], current[-1], len(current)))
            current = []
    if current:
        found.append((current[0], current[-1], len(current)))
    return found


def stale_entries(
    trace: Traced, translations: list[Record], langs: list[str] | None = None
) -> tuple[dict[str, dict[str, int]], list[dict]]:
    """Per language (those given, else those of the translations), how many rules have each
    status (and `current`, `translated`, `english_rules`), and one entry per rule on the
    worklist, stale first."""
    newest = trace.newest
    if newest is None:
        return {}, []
    by_lang: dict[str, dict[str, Record]] = defaultdict(dict)  # lang -> identity -> record
    for record in translations:
        identity = trace.identity(record.edition or "", record.number or "") or f"untraced:{record.edition}/{record.number}"
        held = by_lang[record.lang].get(identity)
        if held is None or (record.edition or "") > (held.edition or ""):
            by_lang[record.lang][identity] = record
    english = [number for number in trace.numbers(newest) if depth(number) >= 2]
    summary: dict[str, dict[str, int]] = {}
    entries: list[dict] = []
    for lang in langs if langs is not None else sorted(by_lang):
        found = [
            entry for identity, record in by_lang[lang].items()
            if (entry := _translated_entry(trace, newest, lang, identity, record)) is not None
        ]
        found.sort(key=lambda entry: (STATUSES.index(entry["status"]), entry["order"]))
        for entry in found:
            del entry["order"]
        missing = [
            {"lang": lang, "status": "untranslated", "number": number, "identity": trace.identity(newest, number),
             "title": short_title(trace.record(newest, number))}
            for number in english if trace.identity(newest, number) not in by_lang[lang]
        ]
        counts = {status: sum(entry["status"] == status for entry in found) for status in STATUSES}
        counts["untranslated"] = len(missing)
        counts["translated"] = len(by_lang[lang])
        counts["current"] = counts["translated"] - counts["stale"] - counts["removed"] - counts["untraced"]
        counts["english_rules"] = len(english)
        summary[lang] = counts
        entries += found + missing
    return summary, entries


def _translated_entry(trace: Traced, newest: str, lang: str, identity: str, record: Record) -> dict | None:
    """The worklist entry of one translated rule, None when it is current."""
    follows, number = record.edition or "", record.number or ""
    entry: dict = {
        "lang": lang, "status": "untraced", "number": None, "identity": None, "follows": follows,
        "translated_number": number, "title": record.title, "source": record.source, "english_changed_in": [],
        "removed_in": None, "references_only": False, "diff": None, "order": order_key(number),
    }
    english = trace.record(follows, number)
    if english is None:
        return entry
    current_number = trace.number(identity, newest)
    current = trace.record(newest, current_number) if current_number else None
    later = trace.editions[trace.editions.index(follows) + 1:]
    steps = [step for step in trace.history(identity) if step.edition in later and step.change is not None]
    entry.update(
        identity=identity, number=current_number, title=short_title(current or english),
        english_changed_in=[step.edition for step in steps if step.number is not None and step.change and step.change.text_changed],
    )
    if current is None:
        entry.update(status="removed", removed_in=next((step.edition for step in steps if step.number is None), None))
        return entry
    old_text, new_text = content(english), content(current)
    if old_text == new_text:
        return None
    entry.update(
        status="stale", order=order_key(current.number or ""),
        references_only=differs_only_in_numbers(old_text, new_text),
        diff=[list(span) for span in word_diff(old_text, new_text)],
    )
    return entry
