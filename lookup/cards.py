"""What `mtgrules card` shows: a card found by any of its names, with its rulings.

Which card a name designates is `mtgrules.lookup.card_names`.
Each ruling is given in the requested languages beside its English original, with its date,
whether an engine test enforces it, and how many cards carry the very same ruling (Kaladesh
repeats its energy rulings on dozens of cards).
"""

from __future__ import annotations

from typing import Any

from mtgrules.lookup.catalog import Catalog
from mtgrules.records import Record


def ruling_groups(rulings: list[Record]) -> list[list[Record]]:
    """Rulings grouped by the English ruling they translate (unaligned ones stand alone), in
    the English order."""
    groups: dict[tuple, list[Record]] = {}
    for ruling in rulings:
        key = ("en", ruling.en_position) if ruling.en_position is not None else (ruling.lang, ruling.position, ruling.source)
        groups.setdefault(key, []).append(ruling)

    def order(item):
        key, members = item
        return (key[0] != "en", key[1] if isinstance(key[1], int) else 0, members[0].date or "")

    return [members for _, members in sorted(groups.items(), key=order)]


def card_entry(catalog: Catalog, card: str, langs: list[str] | None, registry, printed_langs: list[str] | None = None) -> dict[str, Any]:
    """The card as the JSON object of `--json`: its Oracle text (English, as MTGJSON gives it),
    its printed name, type line and text in the asked languages (`printed_langs`, else `langs`), its names in those languages and
    English (all of them without `langs`), and its rulings (in `langs`, or all) beside their
    English originals; a ruling in none of `langs` and without its English original, in the
    languages it has (`other_language_rulings`, `other_ruling_langs`). `registry` is `mtgrules.engine.registry` or its cache,
    `engine_links.load()`: which engine tests enforce each ruling."""
    record = catalog.card(card)
    rulings = catalog.rulings(card)
    names = dict(record.names) if record else {}
    for ruling in rulings:
        if ruling.printed_name:
            names.setdefault(ruling.lang, ruling.printed_name)
    names.setdefault("en", card)
    printed_langs = printed_langs if printed_langs is not None else langs or []
    printed: dict[str, dict[str, str | None]] = {}
    for lang in printed_langs:
        if lang == "en" or record is None:
            continue
        text, type_line = record.texts.get(lang), record.type_lines.get(lang)
        if text or type_line:
            printed[lang] = {"name": names.get(lang), "type_line": type_line, "text": text}
    entries = []
    untranslated = 0
    elsewhere: set[str] = set()  # the languages of the rulings shown in no language asked
    elsewhere_count = 0
    for group in ruling_groups(rulings):
        texts = {r.lang: r.text for r in group if langs is None or r.lang in langs}
        en_text = next((r.en_text for r in group if r.en_text), None)
        if not texts and not en_text:
            # Neither in the languages shown nor in English (the seeds' Spanish rulings of
            # Electrozoa, for an English reader): shown in the languages the corpus has them
            # in, and said so, rather than "no rulings".
            texts = {r.lang: r.text for r in group if r.text}
            if not texts:
                continue
            elsewhere.update(texts)
            elsewhere_count += 1
        elif langs is not None and not any(lang in texts for lang in langs if lang != "en"):
            untranslated += 1
        digest = next((r.en_digest for r in group if r.en_digest), None)
        entries.append(
            {
                "en_position": group[0].en_position,
                "en_digest": digest,
                "date": next((r.date for r in group if r.date), None),
                "texts": texts,
                "en_text": en_text,
                "aligned": all(r.aligned for r in group),
                "cards_with_same_ruling": catalog.cards_with_ruling(digest) if digest else 1,
                "tests": registry.tests_for_ruling(card, digest) if digest else [],
            }
        )
    shown_names = names if langs is None else {lang: name for lang, name in names.items() if lang in langs or lang == "en"}
    return {
        "card": card,
        "names": dict(sorted(shown_names.items())),
        "languages": sorted(names),
        "set": record.set_code if record else None,
        "oracle": {"type_line": record.type_lines.get("en") if record else None, "text": record.text or None if record else None},
        "printed": printed,
        "missing_printed": [lang for lang in printed_langs if lang != "en" and lang not in printed],
        "rulings": entries,
        "untranslated_rulings": untranslated,
        "other_language_rulings": elsewhere_count,
        "other_ruling_langs": sorted(elsewhere),
    }
