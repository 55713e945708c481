"""MTGJSON v5 set files into `card` and English `ruling` records.

A set file is `{"meta": …, "data": {"code", "name", "cards": [...]}}`. Each card gives its English
name and text, its rulings (`{date, text}`, in MTGJSON's own order) and its printed names, type
lines and texts in other languages (`foreignData`): the official translations the bilingual
lexicon (`mtgrules.align.lexicon`) learns from. Rulings keep their MTGJSON position (`en_position`) and a digest of
their text (`en_digest`): translated rulings point at their English counterpart by these, so a
translation never stores the English text itself. Cards printed several times in one file, or
with several faces, give one card record.
"""

from __future__ import annotations

import json
from typing import Any

from mtgrules.errors import ParseError
from mtgrules.parsers.decoding import text_of
from mtgrules.records import Record, ruling_digest

# MTGJSON's language names → the codes records use.
LANGUAGE_CODES = {
    "Spanish": "es",
    "French": "fr",
    "German": "de",
    "Italian": "it",
    "Portuguese (Brazil)": "pt",
    "Japanese": "ja",
    "Korean": "ko",
    "Russian": "ru",
    "Chinese Simplified": "zhs",
    "Chinese Traditional": "zht",
    "English": "en",
}


def looks_like_mtgjson(text: str) -> bool:
    head = text.lstrip()[:4000]
    return head.startswith("{") and '"data"' in head and ('"cards"' in text[:200000] or '"meta"' in head)


def _load(data: bytes | str, source: str) -> dict[str, Any]:
    try:
        document = json.loads(text_of(data, source))
    except json.JSONDecodeError as error:
        raise ParseError(source, f"not valid JSON: {error.msg}", line=error.lineno) from None
    cards = document.get("data", {}).get("cards") if isinstance(document, dict) else None
    if not isinstance(cards, list):
        raise ParseError(source, "not an MTGJSON set file: no data.cards list", line=1)
    return document


def parse(data: bytes | str, source: str) -> list[Record]:
    document = _load(data, source)
    set_code = document["data"].get("code")
    records: list[Record] = []
    seen: set[str] = set()
    for index, card in enumerate(document["data"]["cards"]):
        if not isinstance(card, dict) or not isinstance(card.get("name"), str):
            raise ParseError(source, f"card {index + 1} has no name", mend="is this an MTGJSON v5 set file?")
        name = card["name"]
        if name in seen:
            continue
        seen.add(name)
        where = f"{source}:card {index + 1}"
        names = {"en": name}
        type_lines = {"en": card["type"]} if card.get("type") else {}
        texts: dict[str, str] = {}
        for foreign in card.get("foreignData") or []:
            code = LANGUAGE_CODES.get(foreign.get("language"))
            if not code:
                continue
            if foreign.get("name"):
                names.setdefault(code, foreign["name"])
            if isinstance(foreign.get("type"), str) and foreign["type"]:
                type_lines.setdefault(code, foreign["type"])
            if isinstance(foreign.get("text"), str) and foreign["text"]:
                texts.setdefault(code, foreign["text"])
        records.append(
            Record(
                kind="card",
                lang="en",
                source=where,
                title=name,
                card=name,
                text=card.get("text") or "",
                names=names,
                aligned=True,
                set_code=card.get("setCode") or set_code,
                collector_number=card.get("number"),
                type_lines=type_lines,
                texts=texts,
                uuid=card.get("uuid"),
            )
        )
        for position, ruling in enumerate(card.get("rulings") or [], start=1):
            if not isinstance(ruling, dict) or not isinstance(ruling.get("text"), str):
                raise ParseError(source, f"ruling {position} of {name!r} has no text")
            records.append(
                Record(
                    kind="ruling",
                    lang="en",
                    source=where,
                    card=name,
                    printed_name=name,
                    date=ruling.get("date"),
                    text=ruling["text"],
                    position=position,
                    en_position=position,
                    en_digest=ruling_digest(ruling["text"]),
                    aligned=True,
                    set_code=card.get("setCode") or set_code,
                )
            )
    return records
