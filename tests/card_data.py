"""Card data files in the shapes of the real ones, made in the tests from the shared data.

MTGJSON's AllPrintings and Scryfall's bulk files are too large to keep and are Wizards' text;
these builders make small files of the same shapes from the Kaladesh set file and the two
excerpts in ../shared/corpus-data (read in place, never copied into the repository):

- `all_printings`: `{"meta", "data": {code: set}}`, minified as MTGJSON publishes it, with sets
  renamed copies of Kaladesh when asked (a reprint set, or 16 copies for scale);
- `scryfall_rulings`: one `{"object": "ruling", oracle_id, source, published_at, comment}` per
  MTGJSON ruling, under the card's Scryfall oracle id;
- `scryfall_cards`: one English object per printing and one per foreign printing (`lang`,
  `printed_name`, `printed_text`, `printed_type_line`), as all-cards has them, plus a token.
"""

from __future__ import annotations

import bz2
import copy
import gzip
import json
import lzma
import zipfile
from pathlib import Path

from conftest import corpus_file

SCRYFALL_LANGS = {"Spanish": "es", "French": "fr", "German": "de", "Japanese": "ja"}


def set_file(name: str = "KLD.mtgjson-v5.json") -> dict:
    """A set file of the shared data, decoded."""
    return json.loads(corpus_file(f"rulings/{name}").read_text(encoding="utf-8"))


def renamed(set_data: dict, code: str) -> dict:
    """A copy of a set's `data` under another code: a reprint set of the same cards."""
    data = copy.deepcopy(set_data)
    data["code"] = code
    for card in data["cards"]:
        card["setCode"] = code
    return data


def all_printings(*sets: dict) -> dict:
    """AllPrintings holding these sets' `data` objects, keyed by their codes."""
    return {"meta": {"date": "2026-08-01", "version": "5.2.2+20260801"}, "data": {s["code"]: s for s in sets}}


def scryfall_rulings(set_data: dict) -> list[dict]:
    """The set's MTGJSON rulings as Scryfall's rulings file gives them: by oracle id, once per card."""
    out, seen = [], set()
    for card in set_data["cards"]:
        oracle_id = card["identifiers"]["scryfallOracleId"]
        if oracle_id in seen:
            continue
        seen.add(oracle_id)
        for ruling in card.get("rulings", []):
            out.append({"object": "ruling", "oracle_id": oracle_id, "source": "wotc",
                        "published_at": ruling["date"], "comment": ruling["text"]})
    return out


def scryfall_cards(set_data: dict) -> list[dict]:
    """The set's printings as all-cards gives them: an English object for each, an object for
    each of its foreign printings in SCRYFALL_LANGS, and a token (which is no card)."""
    out = []
    for card in set_data["cards"]:
        common = {"object": "card", "oracle_id": card["identifiers"]["scryfallOracleId"], "name": card["name"],
                  "layout": card["layout"], "set": card["setCode"].lower(), "collector_number": card["number"],
                  "oracle_text": card.get("text", ""), "type_line": card["type"]}
        out.append({**common, "lang": "en"})
        for foreign in card.get("foreignData", []):
            lang = SCRYFALL_LANGS.get(foreign["language"])
            if lang:
                out.append({**common, "lang": lang, "printed_name": foreign["name"],
                            "printed_text": foreign.get("text", ""), "printed_type_line": foreign.get("type", "")})
    out.append({"object": "card", "oracle_id": "00000000-0000-0000-0000-00000000000t", "name": "Servo", "lang": "en",
                "layout": "token", "set": "tkld", "collector_number": "1", "type_line": "Token Artifact Creature — Servo"})
    return out


def write(path: Path, document, compression: str | None = None, *, indent: int | None = None) -> Path:
    """Write `document` as JSON (minified unless `indent`), compressed as asked."""
    data = json.dumps(document, ensure_ascii=False, indent=indent, separators=None if indent else (",", ":")).encode("utf-8")
    if compression == "gzip":
        data = gzip.compress(data)
    elif compression == "xz":
        data = lzma.compress(data)
    elif compression == "bzip2":
        data = bz2.compress(data)
    elif compression == "zip":
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
            archive.writestr("AllPrintings.json", data)
        return path
    path.write_bytes(data)
    return path
