"""What `mtgrules term` shows: a game term as a dictionary gives it, in one edition's view.

An entry is one English term with:

- its **names** in each language, each with where it came from and how sure that is (`Source`):
  the English rules themselves (a rule's or section's title, a glossary entry: certain); the
  keyword table (forms printed on cards; a row derived from card data carries its confidence,
  see `parsers.keyword_table`); aligned rule titles (a translated page's title aligned to the
  English rule: the alignment's confidence; a translated edition numbered like the English one
  states it); translated glossary entries (matched to the English entry citing the same rules);
  official card texts through the bilingual lexicon (`term_lexicon`). A name learned from data
  is never certain: only a name some source states outright is.
- its **definition**: the glossary entry in the asked language where the corpus has one, else
  the English entry (and the output says so); a term the glossary lacks is defined by its
  defining rule's text.
- the **rules** that define it, numbered in the view: the rule titled with it, the rules its
  glossary entry cites, those the keyword table's term is linked to at ingest.

Identity (issue 9): a translated title names the rule of the view that is, by identity, the rule
it was aligned to (`Queries.term_names`), never a rule of the same number in another edition;
glossary entries are those of the view's edition.

Finding (`Dictionary.find`): a word names an entry by one of its names, whole (in any case,
with or without accents) or as a word of one ("energía" in "contador de energía"). Failing a
whole name, the word is translated into English through the lexicon, whole ("campo de batalla"
→ battlefield) or phrase by phrase ("daño letal" → damage + lethal), and names the entry whose
English name has those words in any order (Lethal Damage). Stems come last ("confabula").

A translated title whose English rule has none ("Acciones basadas en estado", the Spanish 704.5,
where the English reads "704.5. The state-based actions are as follows:") joins the entry whose
English name it translates to, among the terms of its rule and the rules above it (section 704,
"State-Based Actions"); that pairing goes through the lexicon, and the name's confidence says so.
"""

from __future__ import annotations

import difflib
import os
import re
from collections import defaultdict
from dataclasses import dataclass, field
from enum import IntEnum, StrEnum
from functools import cached_property
from typing import Any, NamedTuple

from mtgrules import rulenumbers
from mtgrules.i18n import N_, _, ngettext
from mtgrules.lookup.catalog import Catalog
from mtgrules.lookup.term_lexicon import Pair, TermLexicon, english_words, plain
from mtgrules.records import Record
from mtgrules.store import RULE_KINDS
from mtgrules.text import fold

# How sure a translated glossary entry is of its English entry when both cite the same rules
# (the lexicon scores such pairs alike, `align.lexicon._glossary_entries`).
GLOSSARY_MATCH = 0.9
_OBSOLETE = re.compile(r"\s*\((?:obsolete|obsol[eè]te|obsoleto)\)\s*$", re.IGNORECASE)
_QUOTES = "“”\"«»"


class Match(IntEnum):
    """How well a word names an entry; the best level found wins."""

    NONE = 0
    STEM = 1  # same stems in the name's language ("confabula" ~ "confabular")
    WORD = 2  # a whole word of a name ("energía" in "contador de energía")
    TRANSLATED = 3  # the word's English, through the lexicon, is the entry's name ("daño letal")
    EXACT = 4


class SourceKind(StrEnum):
    RULES = "rules"  # the English rules: a rule's or section's title
    GLOSSARY = "glossary"
    KEYWORDS = "keyword table"
    TITLE = "aligned title"
    CARDS = "card texts"  # official card translations, through the lexicon
    QUOTED = "quoted in a rule"  # a rule's text names the term in quotes: «regla de leyendas»


class Said:
    """A message with its fields, put in the person's language when shown (`str`): the
    dictionary gives each of a thousand names where it came from ("rule 702.19", "glossary
    “Trample”"), and a lookup shows those of one term; translating them all cost `mtgrules
    term` some 5 ms. Equal when message and fields are."""

    __slots__ = ("fields", "message")

    def __init__(self, message: str, **fields: str):
        self.message = message  # marked with N_ where it is written
        self.fields = fields

    def __str__(self) -> str:
        return _(self.message).format(**self.fields)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Said) and self.message == other.message and self.fields == other.fields

    def __hash__(self) -> int:
        return hash((self.message, *sorted(self.fields.items())))

    def __repr__(self) -> str:
        return f"Said({self.message!r}, {self.fields!r})"


class Source(NamedTuple):
    """Where a name comes from (`where`: shown with `str`). `confidence` None: the source
    states it (certain); else how sure the pairing learned from data is, 0..1."""

    kind: SourceKind
    where: str | Said
    confidence: float | None = None


@dataclass
class Name:
    """One of a term's names in one language, with the sources that give it."""

    lang: str
    name: str
    folded: str
    sources: list[Source] = field(default_factory=list)

    @property
    def certain(self) -> bool:
        return any(source.confidence is None for source in self.sources)

    @property
    def confidence(self) -> float | None:
        """None when certain, else the best of its sources' confidences."""
        return None if self.certain else max((s.confidence or 0.0) for s in self.sources)


def _folded(name: str) -> str:
    """A name as names are keyed: folded, single spaces (ASCII needs only its case folded, and
    a dictionary folds thousands of names on each lookup)."""
    return " ".join((name.lower() if name.isascii() else fold(name)).split())


class Entry:
    """One term: its names per language with their sources, its rules, its glossary entries."""

    def __init__(self, english: str | None):
        self.english = english  # None: a translated title whose English name is unknown
        self.names: list[Name] = []
        self.rules: list[str] = []
        self.titled: list[str] = []  # rules of the view whose English title is the term's name
        self.cited: list[str] = []  # rules its English glossary entry cites
        self.glossary: dict[str, str] = {}  # language -> the title of its glossary entry in the view

    @property
    def defining_rule(self) -> str | None:
        """The rule that defines the term: the rule titled with its name, else the first its
        glossary entry cites, else the first of its rules."""
        for numbers in (self.titled, self.cited, self.rules):
            if numbers:
                return numbers[0]
        return None

    @property
    def heading(self) -> str:
        return self.english or (self.names[0].name if self.names else "")

    def add_name(self, lang: str, name: str, source: Source) -> None:
        """Add a name (or another source of a name already there up to case and accents)."""
        name = name.strip()
        if not name:
            return
        folded = _folded(name)
        for held in self.names:
            if held.lang == lang and held.folded == folded:
                if source not in held.sources:
                    held.sources.append(source)
                return
        self.names.append(Name(lang, name, folded, [source]))

    def add_rule(self, number: str) -> None:
        if number not in self.rules and rulenumbers.is_rule_number(number):
            self.rules.append(number)

    def all_names(self, kinds: tuple[SourceKind, ...] | None = None) -> list[tuple[str, str]]:
        """(language, name) of every name, or of those some source of these kinds gives."""
        return [(name.lang, name.name) for name in self.names
                if kinds is None or any(source.kind in kinds for source in name.sources)]

    def english_forms(self) -> list[str]:
        return [name.name for name in self.names if name.lang == "en"] or ([self.english] if self.english else [])


class Untitled(NamedTuple):
    """A translated title of a rule whose English has none: placed through the lexicon."""

    number: str  # in the view
    lang: str
    title: str
    confidence: float | None


@dataclass
class Found:
    """What a word names: the entries, how well, and the translation that found them."""

    entries: list[Entry]
    match: Match
    translation: list[Pair] = field(default_factory=list)

    def translation_text(self, word: str) -> str | None:
        if not self.translation:
            return None
        pieces = ", ".join(f"{pair.phrase} → {pair.english} ({pair.lang}, {pair.score:.2f})" for pair in self.translation)
        english = " ".join(pair.english for pair in self.translation)
        return _("{word} → {english} (lexicon: {pieces})").format(word=word, english=english, pieces=pieces)


def term_entries(catalog: Catalog) -> list[Entry]:
    """Every term of the view (see the module docstring)."""
    return Dictionary(catalog).entries


class Dictionary:
    """The terms of one edition's view, found by any of their names."""

    def __init__(self, catalog: Catalog):
        self.catalog = catalog
        self._by_key: dict[str, Entry] = {}
        self.untitled: list[Untitled] = []
        self._keyword_terms()
        self._titles()
        self._glossary()
        self.entries = list(self._by_key.values())
        for entry in self.entries:
            entry.rules.sort(key=rulenumbers.sort_key)

    @cached_property
    def lexicon(self) -> TermLexicon:
        return TermLexicon.load(self.catalog.corpus)

    def _entry(self, english: str) -> Entry:
        return self._by_key.setdefault(_folded(english), Entry(english))

    # --- building --------------------------------------------------------------------------

    def _keyword_terms(self) -> None:
        """The keyword table's terms, each with the rules defining it (linked at ingest against
        the newest English edition), numbered in the view. Terms of aligned titles are left to
        `_titles`, which pairs them by identity."""
        catalog = self.catalog
        terms = [r for r in catalog.corpus.records(kinds=["term"]) if not (r.rules and r.lang != "en")]
        links = catalog.corpus.term_links(sorted({fold(r.title) for r in terms if r.title}))
        for record in terms:
            english = record.names.get("en") or record.title or ""
            if not english:
                continue
            entry = self._entry(english)
            source = Source(SourceKind.KEYWORDS, _where(record.source), record.confidence)
            entry.add_name("en", english, Source(SourceKind.KEYWORDS, _where(record.source)))
            for lang, name in record.names.items():
                if lang != "en":
                    entry.add_name(lang, name, source)
            for lang, aliases in record.aliases.items():
                for alias in aliases:
                    entry.add_name(lang, alias, Source(SourceKind.KEYWORDS, _where(record.source)) if lang == "en" else source)
            edition, numbers = links.get(fold(record.title or ""), (record.edition, list(record.rules)))
            mapped = catalog.in_view(edition, numbers)
            for number in numbers:
                if number in mapped:
                    entry.add_rule(mapped[number])

    def _titles(self) -> None:
        """Rule and section titles of the view: English titles head entries; translated titles
        join the entry of their rule's English title (by identity), or wait in `untitled` when
        the English rule has none."""
        catalog, corpus = self.catalog, self.catalog.corpus
        english: dict[str, str] = {}
        en_titles: dict[str, str] = {}
        translated: dict[str, list[tuple[str, str, float | None]]] = defaultdict(list)
        # Records without an edition first, so that the view's own edition wins.
        titled = corpus.titles(None) + (corpus.titles(catalog.edition) if catalog.edition is not None else [])
        for title in titled:
            if title.lang == "en":
                english[title.number] = title.title
            elif title.aligned:
                translated[title.number].append((title.lang, title.title, title.confidence))
                if title.en_title:
                    en_titles[title.number] = title.en_title
        if catalog.edition is not None:
            for number, lang, name in corpus.term_names(catalog.edition, catalog.english):
                if lang == "en":
                    en_titles.setdefault(number, name)
                elif all((lang, name) != (held_lang, held) for held_lang, held, _ in translated[number]):
                    translated[number].append((lang, name, None))
        for number in sorted(set(english) | set(en_titles) | set(translated), key=rulenumbers.sort_key):
            heading = english.get(number) or en_titles.get(number)
            if not heading:
                self.untitled += [Untitled(number, lang, name, confidence) for lang, name, confidence in translated.get(number, [])]
                continue
            entry = self._entry(heading)
            entry.add_rule(number)
            if number in english:
                entry.titled.append(number)
            entry.add_name("en", heading, Source(SourceKind.RULES, _rule(number)))
            for lang, name, confidence in translated.get(number, []):
                # A title read by identity from another edition: its confidence is read when shown.
                entry.add_name(lang, name, Source(SourceKind.TITLE, _rule(number), confidence if confidence is not None else _UNREAD))

    def _glossary(self) -> None:
        """The view's glossary: an English entry heads (or joins) the entry of its first name
        ("Control, Controller": Control), citing its rules; a translated entry joins the
        English entry that alone cites the same rules."""
        edition = self.catalog.edition
        if edition is None:
            return
        rows = self.catalog.corpus.glossary_titles(edition)
        by_rules: dict[tuple[str, ...], list[Entry]] = defaultdict(list)
        for lang, title, references in rows:
            if lang != "en":
                continue
            forms = glossary_forms(title)
            if not forms:
                continue
            entry = self._entry(forms[0])
            entry.glossary.setdefault("en", title)
            for form in forms:
                entry.add_name("en", form, Source(SourceKind.GLOSSARY, Said(N_("glossary “{title}”"), title=title)))
            for number in references:
                entry.add_rule(number)
                if rulenumbers.is_rule_number(number) and number not in entry.cited:
                    entry.cited.append(number)
            if references:
                by_rules[tuple(sorted(references))].append(entry)
        for lang, title, references in rows:
            same = by_rules.get(tuple(sorted(references)), []) if lang != "en" and references else []
            if len(same) == 1:
                same[0].glossary.setdefault(lang, title)
                for form in glossary_forms(title):
                    same[0].add_name(lang, form, Source(SourceKind.GLOSSARY, Said(N_("glossary “{title}”"), title=title), GLOSSARY_MATCH))

    # --- finding ---------------------------------------------------------------------------

    def find(self, word: str) -> Found:
        """The entries `word` names best (several when it names several equally well)."""
        scored = [(score(entry, word, stems=False), entry) for entry in self.entries]
        top = max((s for s, _ in scored), default=Match.NONE)
        if top < Match.EXACT:
            # Whole names up to punctuation: "state based actions", "first-strike", "“lethal damage”".
            loose = plain(word)
            named = [entry for entry in self.entries if loose and any(plain(name.name) == loose for name in entry.names)]
            named += [entry for u in self.untitled if loose and plain(u.title) == loose if (entry := self._place(u))]
            if named:
                return Found(sorted(_unique(named), key=lambda e: fold(e.heading)), Match.EXACT)
            quoted = self._quoted(word)
            if quoted is not None:
                return quoted
            translated = self._translated(word)
            if translated is not None:
                return translated
        if not top:
            scored = [(score(entry, word), entry) for entry in self.entries]
            top = max((s for s, _ in scored), default=Match.NONE)
        if not top:
            # Stems of a translated title not placed yet: "acción basada en estado".
            placed = [entry for u in self.untitled if u.lang in _STEMMED and (stems := _stems(word, u.lang))
                      and stems <= _stems(u.title, u.lang) if (entry := self._place(u))]
            if placed:
                return Found(_unique(placed), Match.STEM)
            return Found([], Match.NONE)
        return Found(sorted((entry for s, entry in scored if s == top), key=lambda e: fold(e.heading)), top)

    def _quoted(self, word: str) -> Found | None:
        """The term a rule names in quotes, in any language: 704.5j's Spanish text calls itself
        the «regla de leyendas», its French « règle des légendes », its English the “legend
        rule”. The search finds the rules holding the words; a rule whose text quotes exactly
        them names the term: the entry whose English name is what the English text of that
        rule quotes (the glossary's Legend Rule), else one of its own, defined by that rule."""
        from mtgrules.errors import MtgrulesError
        from mtgrules.index.query import Index, QueryError

        loose = plain(word)
        if not loose:
            return None
        try:
            with Index.current() as index:
                hits = index.search(f'"{loose}"', kinds=["rule"], translate=False, limit=20, edition=self.catalog.edition).hits
        except (QueryError, MtgrulesError):
            return None
        for hit in hits:
            texts = self.catalog.by_lang(hit.number)
            shown = texts.get(hit.lang)
            phrase = next((p for p in quoted_phrases(shown.record.text) if plain(p) == loose), None) if shown else None
            if phrase is None:
                continue
            english = texts.get("en")
            quoted_english = quoted_phrases(english.record.text) if english and hit.lang != "en" else []
            name = quoted_english[0] if len(quoted_english) == 1 else (phrase if hit.lang == "en" else None)
            entry = next((e for e in self.entries if name and any(plain(n.name) == plain(name) for n in e.names)), None)
            if entry is None:
                entry = Entry(name)
                if name:
                    entry.add_name("en", name, Source(SourceKind.QUOTED, _rule(hit.number)))
                self.entries.append(entry)
            entry.add_name(hit.lang, phrase, Source(SourceKind.QUOTED, _rule(hit.number)))
            entry.add_rule(hit.number)
            return Found([entry], Match.EXACT)
        return None

    def _translated(self, word: str) -> Found | None:
        """Entries whose English name is `word` translated through the lexicon: the word as
        typed, word by word, else in another inflection (a card prints "Vuela", a judge says
        "vuelan": the same stems in Spanish)."""
        whole = self.lexicon.whole(word)
        attempts = [[pair] for pair in whole] + ([found] if not whole and (found := self.lexicon.word_by_word(word)) else [])
        if not attempts:
            attempts = [[pair] for pair in self.lexicon.by_stems(word, _stems_in)]
        for pairs in attempts:
            wanted = frozenset().union(*(english_words(pair.english) for pair in pairs))
            entries = [entry for entry in self.entries if any(english_words(form) == wanted for form in entry.english_forms())]
            if entries:
                return Found(sorted(entries, key=lambda e: fold(e.heading)), Match.TRANSLATED, pairs)
        return None

    def _place(self, untitled: Untitled) -> Entry | None:
        """The entry a translated title of an untitled English rule names: among the entries of
        its rule and the rules above it, the one whose English name is the title translated
        through the lexicon (or an entry of its own, with no English name, when none is)."""
        key = _folded(untitled.title)
        candidates = [entry for entry in self.entries if _covers(entry.rules, untitled.number)]
        whole = self.lexicon.whole(untitled.title)
        attempts = [[pair] for pair in whole] + ([found] if not whole and (found := self.lexicon.word_by_word(untitled.title)) else [])
        for pairs in attempts:
            wanted = frozenset().union(*(english_words(pair.english) for pair in pairs))
            for entry in candidates:
                if any(english_words(form) == wanted for form in entry.english_forms()):
                    learned = min(pair.confidence if pair.learned else pair.score for pair in pairs)
                    confidence = min(learned, untitled.confidence if untitled.confidence is not None else 1.0)
                    how = ", ".join(f"{pair.phrase} → {pair.english}" for pair in pairs)
                    where = _("rule {number}; English name by the lexicon ({how})").format(number=untitled.number, how=how)
                    entry.add_name(untitled.lang, untitled.title, Source(SourceKind.TITLE, where, round(confidence, 3)))
                    entry.add_rule(untitled.number)
                    entry.rules.sort(key=rulenumbers.sort_key)
                    return entry
        own = self._by_key.get(key)
        if own is None:
            own = self._by_key[key] = Entry(None)
            own.add_name(untitled.lang, untitled.title, Source(SourceKind.TITLE, _rule(untitled.number), untitled.confidence))
            own.add_rule(untitled.number)
            self.entries.append(own)
        return own

    def languages(self) -> list[str]:
        """The languages the dictionary can name terms in: those of its names and of the
        lexicon's pairs learned from card texts."""
        return sorted({name.lang for entry in self.entries for name in entry.names} | self.lexicon.languages())

    def similar(self, word: str) -> list[str]:
        """Names of terms that look like `word`: the "did you mean" of a miss."""
        names = {name.folded: name.name for entry in self.entries for name in entry.names}
        names.update({_folded(u.title): u.title for u in self.untitled})
        return [names[close] for close in difflib.get_close_matches(_folded(word), list(names), n=3, cutoff=0.7)]

    # --- describing ------------------------------------------------------------------------

    def describe(self, entry: Entry, langs: list[str] | None = None, found: Found | None = None,
                 word: str | None = None) -> dict[str, Any]:
        """An entry as the JSON object of `--json`: names (in `langs` and English, or all) with
        their sources, the definition in the asked languages, the rules."""
        for untitled in self.untitled:
            if _covers(entry.rules, untitled.number) and entry.english:
                self._place(untitled)
        self._read_titles(entry)
        for pair in self.lexicon.names_of(entry.english) if entry.english else []:
            entry.add_name(pair.lang, pair.phrase, Source(SourceKind.CARDS, _card_evidence(pair), pair.confidence))
        catalog = self.catalog
        catalog.texts(entry.rules)  # one read for every title below
        shown = [name for name in entry.names if langs is None or name.lang in langs or name.lang == "en"]
        by_lang: dict[str, list[Name]] = defaultdict(list)
        for name in sorted(shown, key=lambda n: (not n.certain, -(n.confidence or 0.0))):
            by_lang[name.lang].append(name)
        definitions, missing = self._definitions(entry, langs or ["en"])
        data: dict[str, Any] = {
            "term": entry.english,
            "edition": catalog.edition,
            "match": found.match.name.lower() if found else None,
            "translation": found.translation_text(word or "") if found else None,
            "names": {lang: [name.name for name in names] for lang, names in _ordered(by_lang).items()},
            "name_sources": {
                lang: [{"name": name.name, "certain": name.certain, "confidence": name.confidence,
                        "sources": [{"kind": str(s.kind), "where": str(s.where), "confidence": s.confidence} for s in name.sources]}
                       for name in names]
                for lang, names in _ordered(by_lang).items()
            },
            "definitions": definitions,
            "missing_definitions": missing,
            "defining_rule": entry.defining_rule,
            "rules": [{"number": n, "title": catalog.title_of(n, ["en"])} for n in entry.rules],
        }
        return data

    def _read_titles(self, entry: Entry) -> None:
        """The confidence of each translated title read by identity from another edition, from
        the records behind it (only for an entry being shown: a keyed read of its rules)."""
        unread = [(name, source) for name in entry.names for source in name.sources
                  if source.kind is SourceKind.TITLE and source.confidence == _UNREAD]
        if not unread:
            return
        catalog = self.catalog
        records = [c.record for c in catalog.corpus.counterparts(catalog.edition or "", entry.rules)] if catalog.english else []
        records += catalog.corpus.records(kinds=RULE_KINDS, edition=catalog.edition, numbers=entry.rules, titled=True)
        best: dict[tuple[str, str], Record] = {}
        for record in records:
            if record.lang != "en" and record.title and record.aligned:
                key = (record.lang, _folded(record.title))
                if key not in best or _certainty(record) > _certainty(best[key]):
                    best[key] = record
        for name, source in unread:
            held = best.get((name.lang, name.folded))
            if held is None:
                where = source.where
            elif held.edition:
                where = _("rule {number} of {edition}, {where}").format(number=held.number, edition=held.edition, where=_where(held.source))
            else:
                where = f"{_rule(held.number or '')}, {_where(held.source)}"
            name.sources[name.sources.index(source)] = source._replace(where=where, confidence=held.confidence if held else 0.0)

    def _definitions(self, entry: Entry, langs: list[str]) -> tuple[list[dict[str, Any]], list[str]]:
        """The glossary text in each asked language that has one; English in place of those
        that have none (listed in the second value), or another language when there is no
        English either. Without a glossary entry, the text of the defining rule (its first
        subrule when the rule is only a title), in the same way."""
        catalog = self.catalog
        titles = sorted(set(entry.glossary.values()))
        records = {r.lang: r for r in catalog.corpus.glossary_entries(catalog.edition, titles)
                   if titles and entry.glossary.get(r.lang) == r.title} if titles else {}
        missing = [lang for lang in langs if lang not in records]
        wanted = [lang for lang in langs if lang in records] + (["en"] if missing and "en" not in langs and "en" in records else [])
        wanted = wanted or _any_language(records)
        if records:
            return [{"lang": lang, "text": records[lang].text, "source": records[lang].source, "from": _("glossary")}
                    for lang in wanted], missing
        for number in [entry.defining_rule] if entry.defining_rule else []:
            texts = catalog.by_lang(number)
            if not any(shown.record.text and shown.record.text != shown.record.title for shown in texts.values()):
                children = catalog.children(number)
                if children:
                    number, texts = children[0], catalog.by_lang(children[0])
            found = [lang for lang in langs if lang in texts and texts[lang].record.text]
            missing = [lang for lang in langs if lang not in found]
            if missing and "en" not in found and "en" in texts:
                found.append("en")
            found = found or _any_language({lang: shown for lang, shown in texts.items() if shown.record.text})
            return [{"lang": lang, "text": texts[lang].record.text, "source": texts[lang].record.source, "from": str(_rule(number))}
                    for lang in found], missing
        return [], list(langs)


def _any_language(texts: dict[str, Any]) -> list[str]:
    """One language of `texts` (English first, then alphabetically), when none asked has one: a
    corpus of Spanish pages alone still shows a definition, in Spanish, rather than none."""
    return sorted(texts, key=lambda lang: (lang != "en", lang))[:1]


_UNREAD = -1.0  # a title's confidence not read yet (see `Dictionary._read_titles`)


def _certainty(record: Record) -> float:
    return 1.0 if record.confidence is None else record.confidence


def _covers(rules: list[str], number: str) -> bool:
    """True when `number` or a rule above it is among `rules`."""
    current: str | None = number
    while current is not None:
        if current in rules:
            return True
        current = rulenumbers.parent(current)
    return False


def _unique(entries: list[Entry]) -> list[Entry]:
    return list({id(entry): entry for entry in entries}.values())


def _ordered(by_lang: dict[str, list[Name]]) -> dict[str, list[Name]]:
    """English first, then the other languages alphabetically."""
    return {lang: by_lang[lang] for lang in sorted(by_lang, key=lambda lang: (lang != "en", lang))}


_QUOTES_AROUND = re.compile(r"«\s*([^»]{2,80}?)\s*»|“([^”]{2,80})”|\"([^\"]{2,80})\"|‘([^’]{2,80})’|「([^」]{1,40})」")


def quoted_phrases(text: str) -> list[str]:
    """What a text puts in quotes («…», “…”, "…", ‘…’, 「…」), without the period or comma a
    sentence may close inside them (“legend rule.”)."""
    return [next(group for group in match.groups() if group).strip().rstrip(".,;:").strip()
            for match in _QUOTES_AROUND.finditer(text or "")]


def _rule(number: str) -> Said:
    return Said(N_("rule {number}"), number=number)


def _where(source: str) -> str:
    """A record's source without the folders: "keywords_en_es_fr.tsv:6"."""
    path, _, line = source.rpartition(":")
    return f"{os.path.basename(path.rstrip('/'))}:{line}" if path and line.isdigit() else source


def _card_evidence(pair: Pair) -> str:
    return ngettext("lexicon: {count} parallel line ({sources})", "lexicon: {count} parallel lines ({sources})", pair.count).format(
        count=pair.count, sources="+".join(pair.sources))


def glossary_forms(title: str) -> list[str]:
    """The names a glossary title gives: "Control, Controller" → Control, Controller;
    "Bury (Obsolete)" → Bury; "Banding, “Bands with Other”" → Banding, Bands with Other."""
    title = _OBSOLETE.sub("", title)
    return [form.strip().strip(_QUOTES).strip() for form in title.split(",") if form.strip().strip(_QUOTES).strip()]


_STEMMED = ("es", "fr", "en")  # the languages whose names are compared by stems


def _stems_in(text: str, lang: str) -> set[str]:
    """The stems of `text` in `lang` when it is a language names are compared by stems, else none."""
    return _stems(text, lang) if lang in _STEMMED else set()


def _stems(text: str, lang: str) -> set[str]:
    from mtgrules.index.analysis import terms

    return set(terms(text, lang))


def score(entry: Entry, word: str, *, stems: bool = True) -> Match:
    """How well `word` names the entry (without comparing stems unless `stems`)."""
    wanted = _folded(word)
    best = Match.NONE
    for name in entry.names:
        if name.folded == wanted:
            return Match.EXACT
        if re.search(rf"(?<!\w){re.escape(wanted)}(?!\w)", name.folded):
            best = max(best, Match.WORD)
        elif (stems and best < Match.STEM and name.lang in _STEMMED and (found := _stems(word, name.lang))
              and found <= _stems(name.name, name.lang)):
            best = Match.STEM
    return best
