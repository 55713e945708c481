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
import json
import os
import re
from collections import defaultdict
from collections.abc import Iterable
from enum import IntEnum, StrEnum
from functools import cached_property
from typing import Any, NamedTuple

from mtgrules import rulenumbers
from mtgrules.i18n import N_, _, ngettext
from mtgrules.lookup import term_reading
from mtgrules.lookup.catalog import Catalog
from mtgrules.lookup.term_lexicon import Pair, TermLexicon, english_words, plain
from mtgrules.records import Record
from mtgrules.store import RULE_KINDS, Store
from mtgrules.text import fold

# How sure a translated glossary entry is of its English entry when both cite the same rules
# (the lexicon scores such pairs alike, `align.lexicon._glossary_entries`).
GLOSSARY_MATCH = 0.9
# Patterns are compiled on first use (`re`'s cache): `mtgrules term` rarely needs them.
_OBSOLETE = r"(?i)\s*\((?:obsolete|obsol[eè]te|obsoleto)\)\s*$"
_QUOTES = "“”\"«»"
_RUNS = re.compile(r"\w+")  # the runs of letters and digits of a folded name (`term_reading.WORD`)


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


class Name:
    """One of a term's names in one language, with the sources that give it. (A plain class,
    not a dataclass: every `mtgrules term` imports this module, and a dataclass costs some
    0.4 ms to make.)"""

    __slots__ = ("folded", "lang", "name", "sources")

    def __init__(self, lang: str, name: str, folded: str, sources: list[Source] | None = None):
        self.lang = lang
        self.name = name
        self.folded = folded
        self.sources: list[Source] = sources if sources is not None else []

    def __repr__(self) -> str:
        return f"Name({self.lang!r}, {self.name!r}, {self.folded!r}, {self.sources!r})"

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


class Found:
    """What a word names: the entries, how well, and the translation that found them."""

    __slots__ = ("entries", "match", "translation")

    def __init__(self, entries: list[Entry], match: Match, translation: list[Pair] | None = None):
        self.entries = entries
        self.match = match
        self.translation: list[Pair] = translation if translation is not None else []

    def __repr__(self) -> str:
        return f"Found({self.entries!r}, {self.match!r}, {self.translation!r})"

    def translation_text(self, word: str) -> str | None:
        if not self.translation:
            return None
        pieces = ", ".join(f"{pair.phrase} → {pair.english} ({pair.lang}, {pair.score:.2f})" for pair in self.translation)
        english = " ".join(pair.english for pair in self.translation)
        return _("{word} → {english} (lexicon: {pieces})").format(word=word, english=english, pieces=pieces)


def term_entries(catalog: Catalog) -> list[Entry]:
    """Every term of the view (see the module docstring)."""
    return Dictionary(catalog).entries


def encode(entry: Entry) -> str:
    """An entry as `term_entries` keeps it (JSON; `decode` reads it)."""
    names = [[name.lang, name.name, name.folded,
              [[str(s.kind), {"m": s.where.message, "f": s.where.fields} if isinstance(s.where, Said) else s.where, s.confidence]
               for s in name.sources]] for name in entry.names]
    return json.dumps([entry.english, names, entry.rules, entry.titled, entry.cited, entry.glossary], ensure_ascii=False)


def decode(text: str) -> Entry:
    english, names, rules, titled, cited, glossary = json.loads(text)
    entry = Entry(english)
    entry.names = [Name(lang, name, folded, [Source(SourceKind(kind), Said(where["m"], **where["f"]) if isinstance(where, dict) else where,
                                                    confidence) for kind, where, confidence in sources])
                   for lang, name, folded, sources in names]
    entry.rules, entry.titled, entry.cited, entry.glossary = rules, titled, cited, glossary
    return entry


class Dictionary:
    """The terms of one edition's view, found by any of their names.

    The entries are worked out at ingest (`mtgrules.lookup.term_table`); a lookup reads those a
    key finds (`term_reading`: a word of a name, a loose name, English words, stems, rules) and
    scores them alone. Entries read are kept, with what lookups add to them (a title placed
    through the lexicon, a term quoted in a rule): every later lookup sees them, as when the
    whole dictionary was built in memory (the web view keeps one per corpus)."""

    def __init__(self, catalog: Catalog, *, in_memory: bool = False):
        """The view's dictionary as the term tables hold it; `in_memory`, or when there are none
        for the view and none can be written (a read-only database), worked out here from the
        records, every entry then scored for each word (what every lookup did before the tables)."""
        self.catalog = catalog
        self._loaded: dict[int, Entry] = {}  # id -> entry, as read and as lookups changed it
        self._extra: list[Entry] = []  # entries lookups made (a title's own, a quoted term)
        self._own: dict[str, Entry] = {}  # the entries of untitled titles, by their folded title
        self._view = None if in_memory else _current_view(catalog)
        if self._view is None:
            from mtgrules.lookup.term_table import Built

            built = Built(catalog)
            self._loaded = dict(enumerate(built.entries))
            self._count = len(built.entries)
            self._langs = {name.lang for entry in built.entries for name in entry.names}
            self.untitled = built.untitled
        else:
            self._count = self._view.count
            self._langs = set(self._view.langs)
            self.untitled = [Untitled(number, lang, title, confidence) for number, lang, title, confidence in self._view.untitled]

    @cached_property
    def lexicon(self) -> TermLexicon:
        return TermLexicon.load(self.catalog.corpus, tables=self._view is not None)

    # --- reading ---------------------------------------------------------------------------

    @property
    def entries(self) -> list[Entry]:
        """Every entry (all read), in the order the dictionary was built in, then those lookups made."""
        return self._read(range(self._count)) + self._extra

    def _read(self, ids: Iterable[int]) -> list[Entry]:
        """These entries, in id order (each read once, then kept)."""
        wanted = sorted(set(ids))
        missing = [number for number in wanted if number not in self._loaded]
        if missing and self._view is not None:
            self._loaded.update((number, decode(text)) for number, text in self._view.entries(missing))
        return [self._loaded[number] for number in wanted if number in self._loaded]

    def _candidates(self, kind: str, keys: Iterable[str]) -> list[Entry]:
        """Every entry a key of `kind` among `keys` finds, with every entry read or made so far
        (a lookup may have changed them), in the dictionary's order: a superset of those a
        test of that kind passes, for the caller to test."""
        if self._view is None:
            return self.entries
        return self._read(self._view.ids(kind, keys) | set(self._loaded)) + self._extra

    def _keyed(self, key: str) -> Entry | None:
        """The entry built (or made) under `key`, its folded English name or untitled title."""
        if key in self._own:
            return self._own[key]
        if self._view is None:
            return next((entry for entry in self._loaded.values() if entry.english and _folded(entry.english) == key), None)
        found = self._read(self._view.ids(term_reading.KEY, [key]))
        return found[0] if found else None

    # --- finding ---------------------------------------------------------------------------

    def find(self, word: str) -> Found:
        """The entries `word` names best (several when it names several equally well)."""
        runs = _RUNS.findall(_folded(word))
        # A name holding `word` whole or as words holds each of its runs of letters whole.
        pool = self._candidates(term_reading.WORD, runs[:1]) if runs else self.entries
        scored = [(score(entry, word, stems=False), entry) for entry in pool]
        top = max((s for s, _ in scored), default=Match.NONE)
        if top < Match.EXACT:
            # Whole names up to punctuation: "state based actions", "first-strike", "“lethal damage”".
            loose = plain(word)
            named = [entry for entry in self._candidates(term_reading.PLAIN, [loose])
                     if loose and any(plain(name.name) == loose for name in entry.names)]
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
            stems = [term_reading.stem_key(lang, stem) for lang in _STEMMED for stem in _stems(word, lang)]
            scored = [(score(entry, word), entry) for entry in self._candidates(term_reading.STEM, stems)]
            top = max((s for s, _ in scored), default=Match.NONE)
        if not top:
            # Stems of a translated title not placed yet: "acción basada en estado".
            placed = [entry for u in self.untitled if u.lang in _STEMMED and (found := _stems(word, u.lang))
                      and found <= _stems(u.title, u.lang) if (entry := self._place(u))]
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
        loose = plain(word)
        if not loose or (self._view is not None and not self._view.quoted(loose)):
            return None  # no rule quotes it: nothing to search for (nor the search to import)
        from mtgrules.errors import MtgrulesError
        from mtgrules.index.query import Index, QueryError

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
            named = self._candidates(term_reading.PLAIN, [plain(name)]) if name else []
            entry = next((e for e in named if name and any(plain(n.name) == plain(name) for n in e.names)), None)
            if entry is None:
                entry = Entry(name)
                if name:
                    entry.add_name("en", name, Source(SourceKind.QUOTED, _rule(hit.number)))
                self._extra.append(entry)
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
            entries = [entry for entry in self._candidates(term_reading.ENGLISH, [term_reading.english_key(wanted)])
                       if any(english_words(form) == wanted for form in entry.english_forms())]
            if entries:
                return Found(sorted(entries, key=lambda e: fold(e.heading)), Match.TRANSLATED, pairs)
        return None

    def _place(self, untitled: Untitled) -> Entry | None:
        """The entry a translated title of an untitled English rule names: among the entries of
        its rule and the rules above it, the one whose English name is the title translated
        through the lexicon (or an entry of its own, with no English name, when none is)."""
        key = _folded(untitled.title)
        candidates = [entry for entry in self._candidates(term_reading.RULE, _above(untitled.number))
                      if _covers(entry.rules, untitled.number)]
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
        own = self._keyed(key)
        if own is None:
            own = self._own[key] = Entry(None)
            own.add_name(untitled.lang, untitled.title, Source(SourceKind.TITLE, _rule(untitled.number), untitled.confidence))
            own.add_rule(untitled.number)
            self._extra.append(own)
        return own

    def languages(self) -> list[str]:
        """The languages the dictionary can name terms in: those of its names and of the
        lexicon's pairs learned from card texts."""
        held = {name.lang for entry in [*self._loaded.values(), *self._extra] for name in entry.names}
        return sorted(self._langs | held | self.lexicon.languages())

    def similar(self, word: str) -> list[str]:
        """Names of terms that look like `word`: the "did you mean" of a miss."""
        if self._view is None:
            names = {name.folded: name.name for entry in self.entries for name in entry.names}
        else:
            # The spelling of the last name of a form, as if every entry were read: the
            # build's, unless an entry read since (and maybe given names) comes later.
            last = {folded: ((number, -1), name) for folded, (name, number) in self._view.spellings().items()
                    if number not in self._loaded}
            held = [*sorted(self._loaded.items()), *enumerate(self._extra, start=self._count)]
            for number, entry in held:
                for position, name in enumerate(entry.names):
                    if name.folded not in last or (number, position) > last[name.folded][0]:
                        last[name.folded] = ((number, position), name.name)
            names = {folded: name for folded, (_, name) in last.items()}
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


def _above(number: str) -> list[str]:
    """`number` and the rules above it: 704.5j, 704.5, 704."""
    found: list[str] = []
    current: str | None = number
    while current is not None:
        found.append(current)
        current = rulenumbers.parent(current)
    return found


def _covers(rules: list[str], number: str) -> bool:
    """True when `number` or a rule above it is among `rules`."""
    return any(above in rules for above in _above(number))


def _current_view(catalog: Catalog) -> term_reading.View | None:
    """The view's rows of the term tables, brought up to date first when the corpus changed
    since they were written (or an earlier version wrote them); None when there are none to
    read and none can be written (a read-only database, a corpus read inside a write)."""
    corpus = catalog.corpus
    if not term_reading.is_current(corpus.db):
        from mtgrules.lookup import term_table  # the writing: only when the tables are not current

        if not isinstance(corpus, Store) or not term_table.bring_up_to_date(corpus):
            return None
    view = term_reading.View(lambda: corpus.db, catalog.edition)
    return view if view.found else None


def _unique(entries: list[Entry]) -> list[Entry]:
    return list({id(entry): entry for entry in entries}.values())


def _ordered(by_lang: dict[str, list[Name]]) -> dict[str, list[Name]]:
    """English first, then the other languages alphabetically."""
    return {lang: by_lang[lang] for lang in sorted(by_lang, key=lambda lang: (lang != "en", lang))}


_QUOTES_AROUND = r"«\s*([^»]{2,80}?)\s*»|“([^”]{2,80})”|\"([^\"]{2,80})\"|‘([^’]{2,80})’|「([^」]{1,40})」"


def quoted_phrases(text: str) -> list[str]:
    """What a text puts in quotes («…», “…”, "…", ‘…’, 「…」), without the period or comma a
    sentence may close inside them (“legend rule.”)."""
    return [next(group for group in match.groups() if group).strip().rstrip(".,;:").strip()
            for match in re.finditer(_QUOTES_AROUND, text or "")]


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
    title = re.sub(_OBSOLETE, "", title)
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
