"""The records every parser produces and every other part reads.

One flat record type with a `kind` keeps the corpus (JSON Lines), the index and the command line
simple: each part reads the fields it needs. The kinds:

- `section`: a chapter ("7") or section ("701") heading of the rules, with its title.
- `rule`: a numbered rule or lettered subrule (`701.50`, `701.50a`, `704.5aa`), with its text,
  `Example:` paragraphs and the rule numbers it refers to.
- `glossary`: a glossary term and its definition, with the rules it cites.
- `ruling`: a dated ruling on a card, keyed by the English card name and its English counterpart
  (`en_position`/`en_digest`: which English ruling it translates).
- `card`: a card's English name and text, with its printed names, type lines and texts in other
  languages (MTGJSON).
- `term`: a game term across languages (701.50 Connive = Confabular = conniver), learned from
  aligned titles and the keyword table.

Keys (DESIGN.md): a rule's key is its number; a ruling's key is the English card name plus its
English counterpart. `Record.key` returns the key tuple used to tie languages together.
"""

from __future__ import annotations

import dataclasses
import json
import unicodedata
from dataclasses import dataclass, field
from typing import Any

from mtgrules.kinds import KINDS


def ruling_digest(english_text: str) -> str:
    """A short, stable name for an English ruling: what translated rulings, engine tests and the
    committed corpus use to point at it without copying its text (Wizards' text stays out of
    the repository). White space and Unicode forms are normalised first."""
    import hashlib  # parsers and alignment only: loading OpenSSL costs a cold search 3 ms

    normal = " ".join(unicodedata.normalize("NFC", english_text).split())
    return hashlib.sha256(normal.encode("utf-8")).hexdigest()[:12]




@dataclass
class Record:
    """One rule, section, glossary entry, ruling, card or term, in one language (fields below)."""

    kind: str
    lang: str
    source: str  # "path:line" of the document the record came from
    number: str | None = None  # sections and rules
    title: str | None = None  # rule/section title, glossary term, card name, term name
    text: str = ""
    examples: list[str] = field(default_factory=list)
    references: list[str] = field(default_factory=list)  # rule numbers the text cites
    edition: str | None = None  # ISO date of the (English) edition the record belongs to or is aligned to
    en_title: str | None = None  # English title of an aligned translated rule ("Connive")
    card: str | None = None  # English card name (rulings, cards)
    oracle_id: str | None = None  # cards and Scryfall rulings: Scryfall's id of the card, shared by all its printings
    printed_name: str | None = None  # card name as printed in the record's language
    date: str | None = None  # rulings: ISO 8601 date
    issued_by: str | None = None  # rulings: "wotc" (Wizards) or "scryfall" (Scryfall's own note), where the source says
    position: int | None = None  # rulings: 1-based position on its page or in MTGJSON
    en_position: int | None = None  # rulings: position of the English counterpart in MTGJSON
    en_digest: str | None = None  # rulings: digest of the English counterpart's text
    en_text: str | None = None  # rulings: English counterpart's text, filled at read time only
    untranslated: list[str] = field(default_factory=list)  # English fragments kept in a translation
    names: dict[str, str] = field(default_factory=dict)  # cards and terms: language -> name
    rules: list[str] = field(default_factory=list)  # terms: the rule numbers they name
    confidence: float | None = None  # alignment confidence, 0..1; None when nothing was aligned
    aligned: bool = False  # True when the key was established by alignment or is native (English)
    provisional: bool = False  # rule pages with no English edition: numbered in page order
    missing: list[str] = field(default_factory=list)  # a translated rule: English subrules its page lacks
    merged: list[str] = field(default_factory=list)  # a translated subrule: the next English subrules its paragraph also translates
    aliases: dict[str, list[str]] = field(default_factory=dict)  # terms: other printed forms per language
    set_code: str | None = None  # cards and English rulings: the MTGJSON set ("KLD")
    collector_number: str | None = None  # cards
    uuid: str | None = None  # cards: MTGJSON's id of the printing
    type_lines: dict[str, str] = field(default_factory=dict)  # cards: language -> printed type line
    texts: dict[str, str] = field(default_factory=dict)  # cards: language -> printed text (English is `text`)

    @property
    def key(self) -> tuple:
        """What ties this record to its counterparts in other languages."""
        if self.kind in ("rule", "section"):
            return (self.kind, self.number)
        if self.kind == "ruling":
            return ("ruling", self.card, self.en_position)
        if self.kind == "card":
            return ("card", self.card)
        return (self.kind, (self.title or "").lower())

    def to_dict(self, *, with_en_text: bool = True) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        if not with_en_text:
            data.pop("en_text")
        return data

    def to_json(self, **options: Any) -> str:
        return json.dumps(self.to_dict(**options), ensure_ascii=False, sort_keys=True)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Record:
        if "extra" in data:
            data = _from_extra(data)
        unknown = set(data) - _FIELD_NAMES
        if unknown:
            raise ValueError(f"unknown record fields: {', '.join(sorted(unknown))}")
        if data.get("kind") not in KINDS:
            raise ValueError(f"unknown record kind: {data.get('kind')!r}")
        return cls(**data)


# Computed once: `dataclasses.fields` per record took a fifth of reading the corpus.
_FIELD_NAMES = frozenset(f.name for f in dataclasses.fields(Record))

# Corpora written before these fields were declared kept them in a free-form `extra` mapping.
_EXTRA_KEYS = {"missing": "missing", "provisional": "provisional", "aliases": "aliases", "set": "set_code",
               "number": "collector_number", "uuid": "uuid", "types": "type_lines"}


def _from_extra(data: dict[str, Any]) -> dict[str, Any]:
    """A record of an older corpus, its `extra` keys moved to the declared fields (keys that
    no field holds any more, such as `unmatched`, which `number is None` says, are dropped)."""
    data = dict(data)
    extra = data.pop("extra") or {}
    for key, value in extra.items():
        if key in _EXTRA_KEYS and value is not None:
            data[_EXTRA_KEYS[key]] = value
    if extra.get("type") and "type_lines" not in data:
        data["type_lines"] = {"en": extra["type"]}
    return data


def most_confident_by_number(records, kinds=("rule",), aligned_only=False) -> dict[str, dict[str, Record]]:
    """Rule number → language → the record to show for it: where several documents give the
    same rule in one language (two pages, or an old and a new ingest), the most confident one.
    Native records (confidence None) count as certain."""
    table: dict[str, dict[str, Record]] = {}
    for record in records:
        if record.kind not in kinds or not record.number or (aligned_only and not record.aligned):
            continue
        by_lang = table.setdefault(record.number, {})
        held = by_lang.get(record.lang)
        if held is None or _certainty(record) > _certainty(held):
            by_lang[record.lang] = record
    return table


def _certainty(record: Record) -> float:
    return 1.0 if record.confidence is None else record.confidence
