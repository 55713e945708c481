"""How a record becomes an index entry: the fields `mtgrules.index.tables` writes as its FTS5
columns (analysed: `mtgrules.index.analysis`) and what a hit shows of it.

- `titles` and `body_text`: the title and text, in the record's language (titles weigh twice
  the body in bm25()); a ruling on several cards has no title, since its cards' names are in
  `card`, which a query word searches too.
- `body`: a rule's or glossary entry's text without the titles of the rules it cites
  (`searched_body`: "(See rule 117, “Timing and Priority.”)" is not about priority).
- `words`: every word of the record, unstemmed and folded: prefixes (`*`), wildcards, fuzzy
  words (`~`) and "did you mean" run on it, since against stems they would find nothing.
- `context`: a rule's place in the rules, the titles of the rule and section above it (in its
  language and edition: 508.1b is under "Declare Attackers Step", 702.19b under "Trample"):
  a subrule says what it is about in its own words only, and a judge asks in the section's
  ("attack a planeswalker" is 508.1b; rules elsewhere name attacking planeswalkers in passing).
  Weighed as the text (`reading.WEIGHTS`), searched by queries of two words or more.
- `card`: the card's English name and every printed name of it (`card:electrozoa`,
  `card:électrozoaire`, `card:"aether hub"`), on the card and on each of its rulings, folded
  as the store's `card_names` holds them.
- `number`, `lang`, `kind`: exact values for `number:704.5`, `lang:fr` and the filters (`number`:
  every number the entry's records have, in the editions it stands in).
- `views`: the editions whose views show the record (`*` for every view), the filter of
  `search --edition`; shown: the record's own `edition` and, where its rule has another number
  in a view, that number (`view_numbers`).
- shown only: the record's key, every language of that key, its source, date.
- one entry per distinct content (`mtgrules.index.entries`): `group` names the content,
  `members` lists the entry's records (record id, document id, edition, number, card); an
  English text of several editions shows, per edition, its number and source there (`shown`);
  a ruling on several cards every card (`cards`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable

from mtgrules import rulenumbers
from mtgrules.index.entries import EDITION_KINDS, Member, member_of
from mtgrules.records import Record
from mtgrules.text import fold


def key_string(record: Record) -> str:
    return json.dumps(list(record.key), ensure_ascii=False)


def record_title(record: Record) -> str:
    """What a result is called: the rule or term title, else the card name as printed."""
    return record.title or record.printed_name or record.card or ""


def record_body(record: Record) -> str:
    parts = [record.text, *record.examples]
    if record.kind in ("card", "term"):
        parts.extend(record.names.values())
    return "\n".join(part for part in parts if part)


def context(record: Record, titles: dict[tuple[str, str | None, str], str]) -> str:
    """The titles of the rules and section above a rule (`titles`: (lang, edition, number) ->
    title of the titled rules and sections), nearest first; not a chapter's ("Turn Structure"
    is above a fifth of the rules: it tells them apart from nothing)."""
    if record.kind != "rule" or not record.number:
        return ""
    found = []
    number = rulenumbers.parent(record.number)
    while number is not None and len(number) >= 3:
        title = titles.get((record.lang, record.edition, number))
        if title:
            found.append(title)
        number = rulenumbers.parent(number)
    return "\n".join(found)


# A rule or section cited by its title ("(See rule 117, “Timing and Priority.”)"): the title is
# the cited rule's subject, not the citing one's.
_CITED_TITLE = re.compile(r"((?:rules?|sections?)\s+\d{1,3}(?:\.\d+[a-z]*)?(?:\s*[–-]\s*[0-9a-z.]+)?,?\s*)[“\"][^”\"]*[”\"]")


def searched_body(record_kind: str, body: str) -> str:
    """A rule's or glossary entry's text as its words are searched: without the titles of the
    rules it cites. Eight step rules say "the active player gets priority. (See rule 117,
    “Timing and Priority.”)": counted, "priority" weighed twice in each, and they outranked
    rule 117's own; "Planeswalkers can be attacked. (See rule 508, “Declare Attackers Step.”)"
    held "attack" twice. The words stay in the `words` column (prefixes, "did you mean")."""
    if record_kind not in ("rule", "glossary") or ("“" not in body and '"' not in body):
        return body
    return _CITED_TITLE.sub(r"\1", body)


def card_names(records: Iterable[Record]) -> dict[str, list[str]]:
    """English card name → every name it is printed under (card records and rulings)."""
    names: dict[str, dict[str, None]] = {}
    for record in records:
        add_card_names(names, record)
    return {card: list(found) for card, found in names.items()}


def add_card_names(names: dict[str, dict[str, None]], record: Record) -> None:
    """`card_names`, one record at a time (`names` holds each card's names in order, once)."""
    if record.card and record.kind in ("card", "ruling"):
        found = names.setdefault(record.card, {record.card: None})
        for name in [record.printed_name, *record.names.values()]:
            if name:
                found[name] = None


def document(record: Record, key_langs: list[str], names_of_cards: dict[str, list[str]] | None = None,
             views: tuple[list[str], dict[str, str]] = (["*"], {}), row: tuple[int, int] | None = None,
             group: str = "", members: list[Member] | None = None,
             rule_titles: dict[tuple[str, str | None, str], str] | None = None) -> dict:
    """The index document of `record`, the representative of an entry (`mtgrules.index.entries`)
    of `members` (default: `record` alone, whose (record id, document id) in the store is `row`,
    when it was read from one) named `group`; a rule's context from `rule_titles` (`context`)."""
    members = members or [member_of(record, row)]
    title = record_title(record)
    body = record_body(record)
    cards = list(dict.fromkeys(member.card for member in members if member.card))
    names = [record.card or "", record.printed_name or ""]
    if record.kind == "card":
        names.extend(record.names.values())
    for card in cards:
        names.append(card)
        names.extend((names_of_cards or {}).get(card, []))
    # A ruling on several cards: their names are in `card` (which a word of a query searches
    # too), not again in its title, which would weigh every card's name as a title.
    titles = "" if record.kind == "ruling" and len(members) > 1 else title
    fields: dict = {}
    if record.kind in EDITION_KINDS and len(members) > 1:  # one text in several editions
        views = (sorted({member.edition for member in members}), {})
        fields["shown"] = {member.edition: [member.number, member.source] for member in members}
    if record.kind == "ruling" and len(cards) > 1:
        fields["cards"] = cards
    return {
        **fields,
        "group": group,
        "members": [list(member[:5]) for member in members],
        # every number the entry's records have (`number:701.47` finds the rule 2024 numbers
        # so), the representative's stored
        "number": " ".join(dict.fromkeys([record.number or "", *(m.number for m in members if m.number)])),
        "_stored_number": record.number or "",
        "lang": record.lang,
        "kind": record.kind,
        "views": " ".join(views[0]),
        "edition": record.edition or "",
        "view_numbers": views[1],
        "key": key_string(record),
        "key_langs": key_langs,
        "title": title,
        "body": body,
        "card_name": record.card or "",
        "source": record.source,
        "date": record.date or "",
        "card": "\n".join(dict.fromkeys(" ".join(fold(name).split()) for name in names if name)),  # as `card_names` holds them
        "titles": titles,
        "body_text": body,
        "context": context(record, rule_titles or {}),
    }
