"""The corpus as the lookups and the index read it: the stored records, linked.

Storage (`mtgrules.store`) keeps records as each document gave them. Two links need the whole
corpus and are worked out here: a translated ruling gets its English counterpart's text
(`en_text`, from the user's MTGJSON data, never stored beside the translation), and a
keyword-table term gets the rules that define it in the newest English edition ingested.
"""

from __future__ import annotations

from mtgrules import store as storage
from mtgrules.records import Record


def all_records(store: storage.Store | None = None) -> list[Record]:
    """Embedded seed records plus the user's, with English ruling text filled in where the
    user ingested the MTGJSON data it comes from, and keyword-table terms linked to the rules
    of the newest English edition ingested."""
    from mtgrules.align import terms  # not at import: `mtgrules search` reads only the fingerprint

    records = storage.stored_records(store)
    fill_english_rulings(records)
    terms.link_terms(records)
    return records


def fill_english_rulings(records: list[Record]) -> None:
    """Set `en_text` on translated rulings from the English rulings among `records`."""
    english = {
        (r.card, r.en_position): r for r in records if r.kind == "ruling" and r.lang == "en"
    }
    for record in records:
        if record.kind != "ruling":
            continue
        if record.lang == "en":
            record.en_text = record.text
            continue
        counterpart = english.get((record.card, record.en_position))
        if counterpart is not None and counterpart.en_digest == record.en_digest:
            record.en_text = counterpart.text
