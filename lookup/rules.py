"""What `mtgrules rule` shows about a rule: its texts per language, its place among its
neighbours, the rules it refers to, and the engine code and tests behind it, all in one
edition's view (`Catalog`).

`rule_entry` gives one number's entry as a plain dict (the object `--json` prints). NUMBER may
be a range: `704.5a-704.5d`, `701.50-52` (`parse_numbers`). A translation that follows another
edition than the view's says which (`edition`) and whether the English changed since
(`english_changed`); the rules it cites are given by their numbers in the view.
"""

from __future__ import annotations

import re
from typing import Any

from mtgrules import rulenumbers
from mtgrules.lookup.catalog import Catalog
from mtgrules.lookup.coverage import engine_number

_RANGE = re.compile(r"^\s*(\S+?)\s*[-\u2013\u2014]\s*(\S+)\s*$")
# What a judge may write before a number: "CR 704.5g", "Rule 704.5g", "regla 704.5g",
# "règle 704.5g", "§704.5g", "r. 704.5g".
_PREFIX = re.compile(rf"^\s*(?:(?:{rulenumbers.RULE_WORDS}|r)(?![a-z])[.:]?\s*|§\s*)+", re.IGNORECASE)
# "704,5g" (a decimal comma), "704.5 g", "704.5(g)": the letters belong to the number.
_DECIMAL_COMMA = re.compile(r"(?<=\d),(?=\d)")
_SPACED_LETTERS = re.compile(r"(?<=\d)\s*\(?([a-z]{1,2})\)?(?=$|\s*[-\u2013\u2014])")


def normalise_number(text: str) -> str:
    """A rule number or range as a person may type it, in the form the rules print it: case
    ("704.5G"), a prefix ("CR 704.5g", "regla 704.5g", "§704.5g"), a final period ("704.5g."),
    a decimal comma ("704,5g"), letters apart or in parentheses ("704.5 g", "704.5(g)") are
    read as 704.5g. What is left is checked by `parse_numbers`."""
    number = _PREFIX.sub("", text.strip().lower())
    number = _DECIMAL_COMMA.sub(".", number)
    number = _SPACED_LETTERS.sub(r"\1", number)
    return number.strip().rstrip(".")


def parse_numbers(text: str) -> list[str]:
    """"704.5" -> ["704.5"]; "704.5a-704.5d" -> the four; any spelling `normalise_number`
    reads; anything else raises ValueError with the reason."""
    text = normalise_number(text)
    if not text:
        raise ValueError("no rule number in it")
    match = _RANGE.match(text)
    if match:
        return rulenumbers.expand_range(match.group(1).rstrip("."), match.group(2).rstrip("."))
    number = text.strip().rstrip(".")
    rulenumbers.split(number)
    return [number]


def descendants(catalog: Catalog, number: str) -> list[str]:
    """The subrules of a numbered rule, in order (704.5 -> 704.5a … 704.5aa). A section or
    chapter lists its rules, not all their subrules: those are one `rule` call away."""
    _, rule, letters = rulenumbers.split(number)
    if rule is None or letters:
        return []
    return catalog.children(number)


def neighbours(catalog: Catalog, number: str) -> tuple[str | None, str | None]:
    """The rules before and after `number` under the same parent."""
    parent = rulenumbers.parent(number)
    siblings = catalog.children(parent) if parent else []
    if number not in siblings:
        return None, None
    at = siblings.index(number)
    return (siblings[at - 1] if at > 0 else None), (siblings[at + 1] if at + 1 < len(siblings) else None)


def references(catalog: Catalog, number: str) -> list[str]:
    """The rules `number` cites, in any of its languages, in order of first mention, by their
    numbers in the view (a translation of another edition cites that edition's numbers)."""
    found: list[str] = []
    for shown in catalog.by_lang(number).values():
        record = shown.record
        cited = record.references or rulenumbers.references(" ".join([record.text, *record.examples]))
        mapped = catalog.in_view(record.edition, cited) if shown.foreign else {n: n for n in cited}
        for reference in cited:
            here = mapped.get(reference)
            if here is not None and here != number and here not in found:
                found.append(here)
    return found


def _link(catalog: Catalog, number: str | None, langs: list[str]) -> dict[str, Any] | None:
    return {"number": number, "title": catalog.title_of(number, langs)} if number else None


def _text(shown) -> dict[str, Any] | None:
    """A text of the rule in one language, as `--json` gives it; None when there is none."""
    record = shown.record if shown else None
    if record is None:
        return None
    return {
        "number": record.number,  # in its own edition: another number when the rule moved
        "title": record.title,
        "text": record.text,
        "examples": record.examples,
        "source": record.source,
        "edition": record.edition,
        "english_changed": shown.english_changed,
        "confidence": record.confidence,
        "aligned": record.aligned,
    }


def rule_entry(catalog: Catalog, number: str, langs: list[str], registry, *, head: bool) -> dict[str, Any]:
    """Everything shown about one number, as the JSON object of `--json`. `head` adds the
    parent, the neighbours and the subrules: what the rule asked for shows. When a language
    asked for has no text of the rule, `english_instead` holds the English one (unless English
    was asked for too); when none asked has it and English neither, `shown_instead` holds the
    text of another language the corpus has (its `lang` beside)."""
    by_lang = catalog.by_lang(number)
    texts = {lang: _text(by_lang.get(lang)) for lang in langs}
    records = {lang: shown.record for lang, shown in by_lang.items()}
    in_engine = engine_number(catalog, number)
    entry: dict[str, Any] = {
        "number": number,
        "edition": catalog.edition,
        "title": next((records[lang].title for lang in [*langs, *sorted(records)] if lang in records and records[lang].title), None),
        "texts": texts,
        "references": [_link(catalog, n, langs) for n in references(catalog, number)],
        "cited_by": catalog.cited_by([number]).get(number, []),
        "implemented_by": [
            {"module": i.module, "function": i.function, "path": i.path, "line": i.line}
            for i in (registry.implementations_for(in_engine) if in_engine else [])
        ],
        "tests": list(registry.tests_for_rule(in_engine)) if in_engine else [],
    }
    if "en" not in langs and any(text is None for text in texts.values()) and _text(by_lang.get("en")) is not None:
        # A language asked for has no text of this rule: the English is shown instead, said once.
        entry["english_instead"] = _text(by_lang.get("en"))
    elif all(text is None for text in texts.values()):
        # Neither the languages asked nor English (the seeds alone, for a French reader: their
        # rules are Spanish): the text of a language the corpus has, rather than nothing.
        for lang in sorted(set(by_lang) - set(langs)):
            text = _text(by_lang[lang])
            if text is not None:
                entry["shown_instead"] = {"lang": lang, **text}
                break
    if head:
        previous, following = neighbours(catalog, number)
        entry["parent"] = _link(catalog, rulenumbers.parent(number), langs)
        entry["previous"] = _link(catalog, previous, langs)
        entry["next"] = _link(catalog, following, langs)
        entry["subrules"] = catalog.children(number)
    return entry


def rule_entries(catalog: Catalog, number: str, langs: list[str], registry) -> list[dict[str, Any]]:
    """The rule asked for (with its parent, neighbours and subrules) and then each of its
    subrules: the objects `rule --json` prints, in order. Their texts and citing rules are
    read in one keyed read each."""
    subrules = descendants(catalog, number)
    shown = [number, *subrules]
    catalog.texts(shown)
    catalog.cited_by(shown)
    return [rule_entry(catalog, number, langs, registry, head=True)] + [
        rule_entry(catalog, subrule, langs, registry, head=False) for subrule in subrules
    ]


def similar_numbers(catalog: Catalog, number: str, limit: int = 8) -> list[str]:
    """Rules of the view near a number it lacks, for "did you mean": the nearest rule above it
    that exists (704.5zz -> 704.5) and then the rules under that one, in order."""
    above: str | None = number
    while above is not None and not catalog.exists(above):
        above = rulenumbers.parent(above)
    if above is None:
        return []
    return [above, *[n for n in catalog.children(above) if n != number]][:limit]
