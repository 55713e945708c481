"""A bilingual lexicon (translated phrase ↔ English phrase, with a score) learned from official
translations.

Where the pairs come from (`Entry.sources`):

- `cards`: MTGJSON's `foreignData` prints each card's Spanish, French, German… text and type
  line beside the English ones. These are official translations, sentence by sentence, in the
  very words the rules use. `learn` finds the phrase pairs in them (below).
- `rules`, `rulings`: a translated rule or ruling aligned to its English counterpart is a
  parallel text too (fewer of them, but in the rules' own vocabulary: "daño letal").
- `keywords`: the keyword table (English keyword, printed Spanish and French forms).
- `keyword-lines`: keyword names as cards print them, line for line ("Ward {2}" beside
  "Rebatir {2}." and "Parade {2}"; `keyword_line_entries`).
- `core-terms`: the table of core terms card text rarely prints (`align.core_terms`).
- `titles`: aligned rule titles ("701.50. Confabular" aligned to "701.50. Connive").
- `glossary`: a translated glossary entry matched to the English entry citing the same rules.

How pairs are learned (`learn`), by association over aligned segments rather than an
alignment model such as IBM Model 1: the corpus is small (hundreds of segments a language),
Model 1 aligns single words and would need a separate phrase step, while association scores
give phrases directly, deterministically, in one counting pass.

1. Each parallel text is cut into segments that translate each other: lines when both sides
   have as many, then parenthesised reminder text apart from the rest when both sides have as
   many groups. A card's own name is masked on both sides (names are not terms; `card:`
   finds them).
2. Every phrase of up to four words (`phrases.ngrams`, no stop word at either end) is a
   candidate on each side; candidates are counted once per segment where they occur.
3. A pair seen together in at least MIN_COUNT segments is scored by Dice's coefficient,
   2·c(f,e) / (c(f) + c(e)): 1 when the two always occur together. In Spanish, French,
   Italian and Portuguese the English phrase is at most one word longer (`_fertile`).
4. Each translated phrase keeps its best English phrase, if that English phrase is not much
   better explained by another translated phrase (which removes indirect associations such
   as "roba" ↔ "card" from "roba una carta" ↔ "draw a card"), and a phrase that never occurs
   outside a longer one with the same translation is dropped ("batalla" inside "campo de
   batalla").
   A pair whose Dice is low only because its English phrase is common for other reasons
   ("premier" ↔ "first": "first strike" prints "first" everywhere) is learned in a second
   round, in the words the first round left unlinked, when the translated phrase is that
   English phrase MOSTLY of the times it stands alone, at half that share's score.
5. A word seen too rarely to count (one rule, one ruling: "letal" in 704.5g) is paired with an
   English word of the same segment that is its cognate ("lethal"), at a lower score.

The score of a learned pair is its Dice coefficient tempered by how often it was seen,
`dice · c/(c+1)`: a pair seen twice is less sure than one seen forty times. Listed pairs
(keyword table) score 1; title and glossary pairs score their alignment confidence.

This module is pure: records and text in, entries out. `Lexicon` holds entries, reads and
writes them as TSV (the committed `corpus/lexicon.tsv`) and compiles the lookup tables that
search and alignment use (`compile`).
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from mtgrules.align import phrases
from mtgrules.align.phrases import cognate_form
from mtgrules.records import Record
from mtgrules.text import fold

MIN_COUNT = 2  # segments a learned pair must share
MIN_DICE = 0.3
# Of a translated phrase's occurrences, the share that goes with one English phrase for the pair
# to be learned even when its Dice is low (`_learn_language`): "premier" ↔ "first", 11 of 11.
MOSTLY = 0.75
MOSTLY_MIN_LINKS = 10  # links such a pair needs: three or five are chance ("vie" ↔ "gain" 5 times)
MOSTLY_WEIGHT = 0.5  # such a pair's score is this times the share: judged by one side, half as sure
TRANSLATED_MAX_WORDS = 5  # "hasta el final del turno"
ENGLISH_MAX_WORDS = 4  # "until end of turn"
# Languages whose words go one to one with English ones, give or take an article: in them an
# English phrase of two words more than its translated phrase is a misalignment ("aleatorio" ↔
# "library in a random", "abord" ↔ "don't control one"), not a translation (`_fertile`).
# German compounds ("Startlebenspunktezahl", starting life total) and Russian, which writes no
# articles, are left out.
ONE_TO_ONE_LANGUAGES = frozenset({"es", "fr", "it", "pt"})
COGNATE_SIMILARITY = 0.8
COGNATE_WEIGHT = 0.6  # a cognate pair's score is its similarity times this
# MTGJSON names Simplified Chinese `zhs`; the rules' Chinese edition (and pages) say `zh`.
LEXICON_LANGUAGE = {"zhs": "zh"}
TSV_HEADER = "lang\tphrase\tenglish\tscore\tcount\tsources"


@dataclass(frozen=True)
class Segment:
    """A translated text and the English text it translates."""

    lang: str
    translated: str
    english: str
    source: str  # cards, rules, rulings
    masked: tuple[str, ...] = ()  # what to mask on both sides: a card's names, untranslated English


@dataclass(frozen=True)
class Entry:
    lang: str
    phrase: str  # as printed, lowercased: "campo de batalla"
    english: str  # "battlefield"
    score: float  # 0..1
    count: int  # segments the pair shared (learned pairs); 0 for listed ones
    sources: str  # "cards", "keywords+titles", … (see the module docstring)

    def to_tsv(self) -> str:
        return "\t".join([self.lang, self.phrase, self.english, f"{self.score:.3f}", str(self.count), self.sources])


# ---------------------------------------------------------------------------------------------
# Segments from records


def _parallel_pieces(translated: str, english: str) -> list[tuple[str, str]]:
    """Lines when both texts have as many; within each line pair, reminder text in parentheses
    apart from the rest when both have as many groups."""
    t_lines = [line for line in translated.splitlines() if line.strip()]
    e_lines = [line for line in english.splitlines() if line.strip()]
    pairs = list(zip(t_lines, e_lines)) if len(t_lines) == len(e_lines) else [(translated, english)]
    pieces = []
    for t, e in pairs:
        t_groups, e_groups = _PAREN.findall(t), _PAREN.findall(e)
        if t_groups and len(t_groups) == len(e_groups):
            pieces.append((_PAREN.sub("|", t), _PAREN.sub("|", e)))
            pieces.extend(zip(t_groups, e_groups))
        else:
            pieces.append((t, e))
    return pieces


_PAREN = re.compile(r"[(（]([^()（）]*)[)）]")


def _mask(text: str, names: Iterable[str]) -> str:
    """`text` lowercased (as phrases are compared) with each name replaced by a break."""
    text = text.lower()
    for name in sorted((n.lower() for n in names if n), key=len, reverse=True):
        text = text.replace(name, "|")
    return text


def segments_from_records(records: list[Record]) -> list[Segment]:
    """The parallel texts among `records`: card texts and type lines beside the English ones,
    aligned translated rules beside the English rule of their edition, aligned translated
    rulings beside their English ruling (`en_text`, filled by `linking`)."""
    segments: list[Segment] = []
    english_rules = {(r.edition, r.number): r for r in records if r.kind == "rule" and r.lang == "en" and r.number}
    for record in records:
        if record.kind == "card":
            names = tuple(record.names.values())
            for code, text in record.texts.items():
                lang = LEXICON_LANGUAGE.get(code, code)
                if record.text and lang != "en":
                    segments.append(Segment(lang, text, record.text, "cards", names))
            for code, line in record.type_lines.items():
                lang = LEXICON_LANGUAGE.get(code, code)
                if lang != "en" and record.type_lines.get("en"):
                    segments.append(Segment(lang, line, record.type_lines["en"], "cards", names))
        elif record.lang == "en":
            continue
        elif record.kind == "rule" and record.aligned and record.number:
            english = english_rules.get((record.edition, record.number))
            if english is not None and record.text and english.text:
                segments.append(Segment(record.lang, _rule_text(record), _rule_text(english), "rules"))
        elif record.kind == "ruling" and record.aligned and record.en_text:
            # English a translator left in place is in both texts: no evidence of a translation.
            masked = (record.card or "", record.printed_name or "", *record.untranslated)
            segments.append(Segment(record.lang, record.text, record.en_text, "rulings", masked))
    return segments


# A keyword line: the keyword, then maybe its cost or number, then maybe reminder text.
# A cost, a number or X, or a dash and what follows it ("Equip—Pay 3 life", "Landfall — …"); a
# hyphen inside a word is the keyword's ("Jump-start").
_KEYWORD_COST = re.compile(r"\s*(?:\{[^}]*\}|\d+|[xX]\b|[—–].*|(?<!\w)-.*)*\.?\s*$")
# Letters, and apostrophes, spaces and hyphens between them: "first strike", "daña primero".
_KEYWORD = re.compile(r"^[^\W\d_](?:[^\W\d_]|['’ -]){1,30}$")
_CHAPTERS = frozenset("i ii iii iv v vi vii".split())  # a Saga's chapter marks
KEYWORD_LINE_MIN = 3  # cards that must print the pair
KEYWORD_LINE_SHARE = 0.6  # of the English keyword's lines, how many must give this translation


def keyword_line_entries(records: Iterable[Record]) -> list[Entry]:
    """Keyword names as printed, from cards whose English text opens a line with a keyword
    ("Ward {2} (Whenever…)") where the translation's line at the same place opens with its
    printed name ("Rebatir {2}. (Siempre que…)", "Parade {2} (…)"): lines of keywords are the
    one place card text states a name for a name, and judges ask by keyword. A keyword line is
    short: one to three words before a cost, a number or reminder text; a line of several
    ("Flying, vigilance") pairs item by item. Kept when at least KEYWORD_LINE_MIN cards print
    the pair and it is the translation of most of the English keyword's lines."""
    counts: dict[str, Counter] = defaultdict(Counter)
    for record in records:
        if record.kind != "card" or not record.text:
            continue
        english_lines = [_without_reminder(line) for line in record.text.splitlines() if line.strip()]
        for code, text in record.texts.items():
            lang = LEXICON_LANGUAGE.get(code, code)
            if lang == "en":
                continue
            lines = [_without_reminder(line) for line in text.splitlines() if line.strip()]
            if len(lines) != len(english_lines):
                continue
            for english, translated in zip(english_lines, lines):
                if english.endswith("."):  # a sentence ("Draw two cards."), not a keyword line
                    continue
                e_items, t_items = _keyword_items(english), _keyword_items(translated)
                if e_items and t_items and len(e_items) == len(t_items):
                    for e, t in zip(e_items, t_items):
                        counts[f"{lang}\t{e}"][t] += 1
    entries = []
    for key, found in sorted(counts.items()):
        lang, english = key.split("\t")
        total = sum(found.values())
        best, seen = max(found.items(), key=lambda item: (item[1], item[0]))
        if seen >= KEYWORD_LINE_MIN and seen >= KEYWORD_LINE_SHARE * total:
            entries.append(Entry(lang, best, english, round(seen / total, 3), seen, "keyword-lines"))
    return entries


def without_partial(learned: Iterable[Entry], named: Iterable[Entry]) -> list[Entry]:
    """`learned` pairs, less those that give part of a name `named` pairs state for the same
    phrase: the keyword line "Initiative" is "First strike", and "Double initiative" is "Double
    strike", so association pairs "initiative" with "strike" alone; the name printed for the
    name says what the word stands for."""
    names: dict[tuple[str, str], list[str]] = defaultdict(list)
    for entry in named:
        names[(entry.lang, phrases.phrase_key(entry.phrase, entry.lang))].append(" " + phrases.phrase_key(entry.english, "en") + " ")
    kept = []
    for entry in learned:
        english = " " + phrases.phrase_key(entry.english, "en") + " "
        wider = names.get((entry.lang, phrases.phrase_key(entry.phrase, entry.lang)), [])
        if not any(english != name and english in name for name in wider):
            kept.append(entry)
    return kept


def _without_reminder(line: str) -> str:
    return _PAREN.sub("", line).strip()


def _keyword_items(line: str) -> list[str]:
    """The keywords of a keyword line, lowercased, costs and numbers left out; [] for any other line."""
    items = []
    for piece in re.split(r"[,、，;；]\s*", line):
        name = _KEYWORD_COST.sub("", piece).strip().lower()
        if not name or not (_KEYWORD.match(name) or (len(name) <= 6 and all(phrases.is_cjk(char) for char in name))):
            return []
        if len(name.split()) > 3 or name in _CHAPTERS:
            return []
        items.append(name)
    return items


def _rule_text(record: Record) -> str:
    return "\n".join([record.text, *record.examples])


def listed_entries(records: list[Record]) -> list[Entry]:
    """Pairs stated outright: keyword-table and title terms (records of kind `term`), titled
    translated rules beside the English title of their number, and translated glossary entries
    matched to English ones by the rules they cite."""
    entries = []
    for record in records:
        if record.kind != "term":
            continue
        english_forms = [record.names.get("en") or record.title or ""]
        english = english_forms[0]
        if not english:
            continue
        from_titles = record.lang != "en"  # terms_from_titles: the translated rule's language
        source = "titles" if from_titles else "keywords"
        score = record.confidence if from_titles and record.confidence is not None else 1.0
        for lang, name in record.names.items():
            if lang == "en":
                continue
            forms = [name, *record.aliases.get(lang, [])]
            for form in dict.fromkeys(forms):
                if phrases.phrase_key(form, lang):
                    entries.append(Entry(LEXICON_LANGUAGE.get(lang, lang), form.lower(), english.lower(), round(score, 3), 0, source))
    entries.extend(_title_entries(records))
    entries.extend(_glossary_entries(records))
    return entries


def _title_entries(records: list[Record]) -> list[Entry]:
    """A translated rule with a title beside the English rule of the same number and edition
    ("701.4 施放" in the Chinese edition, "701.4. Cast" in the English one). Pages aligned by
    content give their confidence; an edition numbered like the English one is sure."""
    english = {(r.edition, r.number): r.title for r in records if r.kind == "rule" and r.lang == "en" and r.title}
    entries = []
    for record in records:
        if record.kind != "rule" or record.lang == "en" or not record.title or not record.aligned:
            continue
        title = record.en_title or english.get((record.edition, record.number))
        if title:
            score = 1.0 if record.confidence is None else record.confidence
            entries.append(Entry(LEXICON_LANGUAGE.get(record.lang, record.lang), record.title.lower(), title.lower(),
                                 round(score, 3), 0, "titles"))
    return entries


def _glossary_entries(records: list[Record]) -> list[Entry]:
    """A translated glossary entry and the English entry of the same edition that cites exactly
    the same rules (and is the only one to) name the same term."""
    english: dict[tuple, list[str]] = defaultdict(list)
    for record in records:
        if record.kind == "glossary" and record.lang == "en" and record.references and record.title:
            english[(record.edition, tuple(sorted(record.references)))].append(record.title)
    entries = []
    for record in records:
        if record.kind != "glossary" or record.lang == "en" or not record.references or not record.title:
            continue
        same = english.get((record.edition, tuple(sorted(record.references))), [])
        if len(same) == 1:
            entries.append(Entry(record.lang, record.title.lower(), same[0].lower(), 0.9, 0, "glossary"))
    return entries


# ---------------------------------------------------------------------------------------------
# Learning


def learn(segments: Iterable[Segment], min_count: int = MIN_COUNT) -> list[Entry]:
    """Phrase pairs learned from parallel segments, every language of them (module docstring)."""
    by_lang: dict[str, list[Segment]] = defaultdict(list)
    for segment in segments:
        by_lang[segment.lang].append(segment)
    entries: list[Entry] = []
    for lang in sorted(by_lang):
        entries.extend(_learn_language(lang, by_lang[lang], min_count))
    return entries


@dataclass
class _Unit:
    """One segment's candidate phrases on each side: key → (surface, first token, last token + 1,
    relative position in 0..1)."""

    translated: dict[str, tuple[str, int, int, float]]
    english: dict[str, tuple[str, int, int, float]]
    source: str


def _phrases(text: str, lang: str, max_words: int) -> dict[str, tuple[str, int, int, float]]:
    found: dict[str, tuple[str, int, int, float]] = {}
    all_runs = phrases.runs(text, lang)
    total = max(1, sum(len(run) for run in all_runs))
    offset = 0
    for run in all_runs:
        for start, end in phrases.ngrams(run, lang, max_words):
            key = phrases.key_of(run, start, end)
            if key not in found:
                found[key] = (phrases.surface_of(run, start, end), offset + start, offset + end, (offset + start) / total)
        offset += len(run)
    return found


def _units(lang: str, segments: list[Segment]) -> list[_Unit]:
    units = []
    for segment in segments:
        translated, english = segment.translated, segment.english
        if segment.masked:
            translated, english = _mask(translated, segment.masked), _mask(english, segment.masked)
        for t, e in _parallel_pieces(translated, english):
            unit = _Unit(_phrases(t, lang, TRANSLATED_MAX_WORDS), _phrases(e, "en", ENGLISH_MAX_WORDS), segment.source)
            if unit.translated and unit.english:
                units.append(unit)
    return units


def _learn_language(lang: str, segments: list[Segment], min_count: int) -> list[Entry]:
    units = _units(lang, segments)
    f_count: Counter = Counter()
    e_count: Counter = Counter()
    surfaces: dict[tuple[str, str], Counter] = defaultdict(Counter)
    for unit in units:
        f_count.update(unit.translated.keys())
        e_count.update(unit.english.keys())
        for key, (surface, *_) in unit.translated.items():
            surfaces[(lang, key)][surface] += 1
        for key, (surface, *_) in unit.english.items():
            surfaces[("en", key)][surface] += 1
    together: Counter = Counter()
    for unit in units:
        f_keys = [k for k in unit.translated if f_count[k] >= min_count]
        e_keys = [k for k in unit.english if e_count[k] >= min_count]
        for f in f_keys:
            for e in e_keys:
                together[(f, e)] += 1
    # Pairs of a high Dice coefficient are linked first; then, in the words they left, pairs
    # whose translated phrase nearly always occurs with the English one (MOSTLY of its
    # segments) though the English phrase is common for other reasons ("premier" ↔ "first",
    # which every "first strike" prints, "initiative" in French).
    strength: dict[tuple[str, str], float] = {}
    leftover: dict[tuple[str, str], float] = {}
    for pair, shared in together.items():
        if shared >= min_count and _fertile(lang, *pair):
            if 2 * shared / (f_count[pair[0]] + e_count[pair[1]]) >= MIN_DICE:
                strength[pair] = _log_likelihood(shared, f_count[pair[0]], e_count[pair[1]], len(units))
            elif shared >= MOSTLY * f_count[pair[0]]:
                leftover[pair] = _log_likelihood(shared, f_count[pair[0]], e_count[pair[1]], len(units))
    links, sources, by_surface, inside = _competitive_links(units, strength, surfaces, lang, leftover)
    best: dict[str, tuple[float, int, int, str]] = {}
    by_one_side: set[tuple[str, str]] = set()  # pairs learned by the share of MOSTLY
    # The second round's pairs only for a phrase the first round gave nothing.
    for (f, e), linked in sorted(links.items(), key=lambda item: item[0] in leftover):
        if linked < min_count or ((f, e) in leftover and f in best):
            continue
        score = 2 * linked / (f_count[f] + e_count[e])
        if score < MIN_DICE:
            # Its segments, but those where a longer linked phrase holds it.
            one_sided = _one_sided_score(f, linked, max(linked, f_count[f] - inside[f]))
            if one_sided is not None:
                score = one_sided
                by_one_side.add((f, e))
        candidate = (score, linked, e.count(" "), e)
        if score >= MIN_DICE and (f not in best or candidate > best[f]):
            best[f] = candidate
    chosen = _drop_fragments({f: (e, score, linked) for f, (score, linked, _, e) in best.items()}, f_count,
                             {f for f, (_, _, _, e) in best.items() if (f, e) in by_one_side})
    entries = []
    for f, (e, score, linked) in chosen.items():
        own = {surface: targets for surface, targets in by_surface[f].items() if max(targets, key=targets.__getitem__) == e}
        surface = max(own, key=lambda s: (sum(own[s].values()), s)) if own else _surface(surfaces, lang, f)
        entries.append(Entry(lang, surface, _surface(surfaces, "en", e), round(score * linked / (linked + 1), 3), linked,
                             "+".join(sorted(sources[(f, e)]))))
        entries.extend(_split_surfaces(lang, f, e, by_surface[f], surfaces, e_count, sources, min_count))
    entries = _whole_words(lang, entries, f_count, e_count, together, surfaces)
    # A word linked too rarely to be chosen ("letal" ↔ "lethal" once) still gets its cognate;
    # one linked often enough to count was judged by its links.
    learned = set(chosen) | {f for (f, _), linked in links.items() if linked >= min_count}
    entries.extend(_cognate_entries(lang, units, learned, surfaces))
    return entries


def _one_sided_score(key: str, linked: int, alone: int) -> float | None:
    """The score of a pair whose Dice is low because its English phrase is common for other
    reasons ("first" in every "first strike", which "initiative" translates), when the
    translated phrase `key` is that English phrase MOSTLY of the `alone` times it stands alone
    and was linked to it MOSTLY_MIN_LINKS times or more; None otherwise. Not for CJK: there
    every character is a word, and `_whole_words` joins them."""
    if linked < MOSTLY_MIN_LINKS or linked < MOSTLY * alone or phrases.is_cjk(key[:1]):
        return None
    return max(MIN_DICE, MOSTLY_WEIGHT * linked / alone)


def _fertile(lang: str, translated_key: str, english_key: str) -> bool:
    """Whether an English phrase is short enough to translate a phrase of `lang`: in the
    ONE_TO_ONE_LANGUAGES at most one word longer (an article, a particle: "robar" ↔ "draw a"
    is as far as it goes). Competitive linking links the strongest pair of a segment first, and
    a word that always comes with a longer English phrase ("aleatorio" in "en un orden
    aleatorio" ↔ "in a random order") gets the whole phrase; the limit makes it keep the
    shorter English phrase ("random"). Pairs past the limit are never candidates for a link."""
    if lang not in ONE_TO_ONE_LANGUAGES:
        return True
    return english_key.count(" ") <= translated_key.count(" ") + 1


BOUND_SHARE = 0.9  # of a character's segments, how many must print it inside one word


def _whole_words(lang: str, entries: list[Entry], f_count: Counter, e_count: Counter, together: Counter,
                 surfaces) -> list[Entry]:
    """`entries` with each CJK character learned alone replaced by the word of two characters
    that holds it in nearly all of its segments (BOUND_SHARE) and goes with its English phrase
    at least as well (Dice over the segments): "库" ↔ library becomes "牌库" ↔ library (832 of
    the 835 card texts printing 库 print 牌库), "卸" ↔ unattach "卸装".

    Chinese and Japanese write no spaces, so every character is a word to the learner, and a
    word of two characters was learned by one half: competitive linking gives 牌 to its strong
    pair "card" first, 库 alone took "library", and the query "牌库" was translated "card
    library", which the section Library does not say. Query translation takes the longest phrase the lexicon has, so the
    whole word now translates as one. The word must not cut a word that holds one of its
    characters nearly always (BOUND_SHARE of the character's segments: 控 is printed in 操控,
    control, so "控下" is no word) and is of one script (`_script`); a word with a pair of
    its own keeps it, and so does the character. The pair keeps the character's score and
    count."""
    bound: dict[str, tuple[int, str]] = {}  # a character → the word nearly always holding it
    for key, count in f_count.items():
        parts = key.split(" ")
        if len(parts) == 2 and all(phrases.is_cjk(part[:1]) for part in parts):
            for part in dict.fromkeys(parts):
                if count >= BOUND_SHARE * f_count[part] and (part not in bound or (count, key) > bound[part]):
                    bound[part] = (count, key)
    have = {phrases.phrase_key(entry.phrase, lang) for entry in entries}
    singles = {phrases.phrase_key(entry.phrase, lang) for entry in entries
               if len(entry.phrase) == 1 and phrases.is_cjk(entry.phrase) and "cognate" not in entry.sources}
    words: dict[str, list[str]] = defaultdict(list)  # a character → the words of two holding it
    for key in f_count:
        parts = key.split(" ")
        if len(parts) == 2 and (parts[0] in singles or parts[1] in singles) and key not in have \
                and _script(parts[0]) == _script(parts[1]) in ("han", "hangul") \
                and all(bound.get(part, (0, key))[1] == key for part in parts):
            for part in dict.fromkeys(parts):
                if f_count[key] >= BOUND_SHARE * f_count[part]:
                    words[part].append(key)
    out = []
    for entry in entries:
        key = phrases.phrase_key(entry.phrase, lang)
        if key in words:
            english = phrases.phrase_key(entry.english, "en")
            alone = 2 * together[(key, english)] / (f_count[key] + e_count[english])
            dice, word = max((2 * together[(word, english)] / (f_count[word] + e_count[english]), word) for word in words[key])
            if dice >= alone and dice > 0:
                entry = Entry(lang, _surface(surfaces, lang, word), entry.english, entry.score, entry.count, entry.sources)
        out.append(entry)
    return out


def _script(char: str) -> str:
    """"han" (Chinese characters, Japanese kanji), "hangul", "kana" or "" for one character. A
    kana beside a kanji is a particle or the start of a katakana word ("昼に", at day; "毎タ" of
    毎ターン, each turn), never one word with it."""
    if not char or not phrases.is_cjk(char[0]):
        return ""
    return "kana" if char[0] <= "\u30ff" else "hangul" if "\uac00" <= char[0] <= "\ud7af" else "han"


def _split_surfaces(lang, key, english, targets_by_surface, surfaces, e_count, sources, min_count) -> list[Entry]:
    """Entries for the spellings of one key that translate otherwise than the key does.

    Stemming merges a word's inflections, and now and then two words: Spanish "mano" (hand) and
    "maná" (mana) both stem to "man". Links are counted per spelling, so a spelling that is
    mostly linked to another English phrase ("maná" to "mana") gets its own entry; lookups
    prefer the entry whose spelling is the one asked (`Lexicon.compile`)."""
    split = []
    for surface, targets in targets_by_surface.items():
        target, linked = max(targets.items(), key=lambda item: (item[1], item[0]))
        if target == english or linked < min_count:
            continue
        # Among this spelling's links only: its other occurrences went to longer phrases
        # ("coste de maná convertido" ↔ "mana value").
        score = 2 * linked / (sum(targets.values()) + e_count[target])
        if score < MIN_DICE:  # "primero" ↔ "first" beside "primeras" ↔ "top"
            score = _one_sided_score(key, linked, sum(targets.values())) or score
        if score >= MIN_DICE:
            split.append(Entry(lang, surface, _surface(surfaces, "en", target), round(score * linked / (linked + 1), 3), linked,
                               "+".join(sorted(sources[(key, target)]))))
    return split


def _log_likelihood(both: int, translated: int, english: int, total: int) -> float:
    """Dunning's log-likelihood ratio G² of two phrases occurring together `both` times in
    `total` segments: how surprising that is if they were independent. Unlike Dice it grows
    with the evidence, so a pair seen fifty times outranks one seen twice."""
    import math

    observed = (both, translated - both, english - both, total - translated - english + both)
    rows, columns = (translated, total - translated), (english, total - english)
    expected = (rows[0] * columns[0], rows[0] * columns[1], rows[1] * columns[0], rows[1] * columns[1])
    return 2 * sum(o * math.log(o * total / e) for o, e in zip(observed, expected) if o > 0 and e > 0)


def _competitive_links(units: list[_Unit], strength: dict[tuple[str, str], float], surfaces, lang: str,
                       leftover: dict[tuple[str, str], float] | None = None):
    """Link phrases one to one within each segment, strongest association (G²) first (Melamed's
    competitive linking, over phrases: a linked phrase's words take no other link; of equally
    strong pairs the longer is linked first, so "campo de batalla" ↔ "battlefield" wins over
    "batalla" ↔ "battlefield" when "batalla" occurs nowhere else). Two phrases
    that always occur together ("crea una ficha" ↔ "create a token": crea, ficha, create and
    token all co-occur 30 times out of 30) are told apart by spelling (a cognate is preferred),
    then by place in the sentence. The pairs of `leftover` are linked after those of `strength`,
    in the words these left unlinked, so they change none of their links.

    Returns how often each pair was linked, from which sources, per spelling of each translated
    phrase how often it was linked to which English one, and per translated phrase in how many
    segments it was unlinked, part of another phrase's link ("première" in "entrez dans la
    première" ↔ "enter the first")."""
    rounds = [strength] + ([leftover] if leftover else [])
    by_translated: list[dict[str, list[tuple[str, float]]]] = []
    for pairs in rounds:
        table: dict[str, list[tuple[str, float]]] = defaultdict(list)
        for (f, e), value in pairs.items():
            table[f].append((e, value))
        by_translated.append(table)
    cognate: dict[tuple[str, str], float] = {}
    links: Counter = Counter()
    sources: dict[tuple[str, str], set[str]] = defaultdict(set)
    by_surface: dict[str, dict[str, Counter]] = defaultdict(lambda: defaultdict(Counter))
    inside: Counter = Counter()
    for unit in units:
        used_f: set[int] = set()
        used_e: set[int] = set()
        linked_f: set[str] = set()
        for table in by_translated:
            candidates = []
            for f, (_, f_start, f_end, f_place) in unit.translated.items():
                for e, value in table.get(f, ()):
                    if e not in unit.english:
                        continue
                    _, e_start, e_end, e_place = unit.english[e]
                    if (f, e) not in cognate:
                        cognate[(f, e)] = cognate_similarity(_surface(surfaces, lang, f), _surface(surfaces, "en", e))
                    priority = (round(value, 1), f_end - f_start + e_end - e_start, cognate[(f, e)], -abs(f_place - e_place))
                    candidates.append((priority, f, e, f_start, f_end, e_start, e_end))
            candidates.sort(reverse=True)
            for _, f, e, f_start, f_end, e_start, e_end in candidates:
                f_span, e_span = set(range(f_start, f_end)), set(range(e_start, e_end))
                if f_span & used_f or e_span & used_e:
                    continue
                used_f |= f_span
                used_e |= e_span
                links[(f, e)] += 1
                sources[(f, e)].add(unit.source)
                by_surface[f][unit.translated[f][0]][e] += 1
                linked_f.add(f)
        for f, (_, f_start, f_end, _) in unit.translated.items():
            if f not in linked_f and not used_f.isdisjoint(range(f_start, f_end)):
                inside[f] += 1
    return links, sources, by_surface, inside


def _surface(surfaces: dict[tuple[str, str], Counter], lang: str, key: str) -> str:
    counts = surfaces[(lang, key)]
    return max(counts, key=lambda s: (counts[s], s))


def _drop_fragments(chosen: dict[str, tuple[str, float, int]], f_count: Counter,
                    by_one_side: set[str]) -> dict[str, tuple[str, float, int]]:
    """Drop a phrase that occurs only inside a longer chosen phrase with the same translation,
    unless that one was learned by one side's share alone (`by_one_side`): "surplus" ↔ excess
    stays beside "surplus de blessures" ↔ excess."""
    by_english: dict[str, list[str]] = defaultdict(list)
    for f, (e, _, _) in chosen.items():
        by_english[e].append(f)
    kept = dict(chosen)
    for keys in by_english.values():
        for short in keys:
            padded = f" {short} "
            if any(long != short and long not in by_one_side and padded in f" {long} " and f_count[long] >= f_count[short]
                   for long in keys):
                kept.pop(short, None)
    return kept


def cognate_similarity(a: str, b: str) -> float:
    """Share of letters two words have in common after `cognate_form`, 0 unless they begin
    alike (the first three letters) and are of similar length."""
    import difflib

    x, y = cognate_form(a), cognate_form(b)
    if x[:3] != y[:3] or not 0.7 <= len(x) / max(1, len(y)) <= 1.45:
        return 0.0
    return difflib.SequenceMatcher(None, x, y).ratio()


def _cognate_entries(lang, units, learned: set[str], surfaces) -> list[Entry]:
    """Rare words (under MIN_COUNT) paired with an English cognate of the same segment. (A
    CJK character is one word of one letter: it has no cognates.)"""
    best: dict[str, tuple[float, str, str]] = {}
    for unit in units:
        english_words = {k: s for k, (s, *_) in unit.english.items() if " " not in k and len(s) >= 4}
        for key, (surface, *_) in unit.translated.items():
            if " " in key or key in learned or len(surface) < 4:
                continue
            for e_key, e_surface in english_words.items():
                if fold(surface) == fold(e_surface):  # the same word: a name, or English left untranslated
                    continue
                similarity = cognate_similarity(surface, e_surface)
                if similarity >= COGNATE_SIMILARITY and (key not in best or similarity > best[key][0]):
                    best[key] = (similarity, e_key, unit.source)
    return [
        Entry(lang, _surface(surfaces, lang, key), _surface(surfaces, "en", e_key), round(similarity * COGNATE_WEIGHT, 3), 1,
              f"{source}+cognate")
        for key, (similarity, e_key, source) in best.items()
    ]


# ---------------------------------------------------------------------------------------------
# The lexicon: entries merged, read, written and compiled for lookups


class Lexicon:
    """Entries merged by (language, phrase key, English key): a pair found by several sources
    keeps its best score and count and names every source."""

    def __init__(self, entries: Iterable[Entry] = ()):
        merged: dict[tuple[str, str, str], Entry] = {}
        for entry in entries:
            key = (entry.lang, phrases.phrase_key(entry.phrase, entry.lang), phrases.phrase_key(entry.english, "en"))
            if not key[1] or not key[2]:
                continue
            held = merged.get(key)
            if held is None:
                merged[key] = entry
                continue
            best = entry if (entry.score, entry.count) > (held.score, held.count) else held
            sources = "+".join(sorted(set(held.sources.split("+")) | set(entry.sources.split("+"))))
            merged[key] = Entry(best.lang, best.phrase, best.english, max(held.score, entry.score),
                                max(held.count, entry.count), sources)
        self._keyed = merged
        self.entries = sorted(merged.values(), key=lambda e: (e.lang, e.phrase, -e.score, e.english))

    def __len__(self) -> int:
        return len(self.entries)

    def merged(self, entries: Iterable[Entry]) -> Lexicon:
        return Lexicon([*self.entries, *entries])

    def languages(self) -> list[str]:
        return sorted({entry.lang for entry in self.entries})

    def to_tsv(self) -> str:
        return TSV_HEADER + "\n" + "".join(entry.to_tsv() + "\n" for entry in self.entries)

    @classmethod
    def from_tsv(cls, text: str, source: str) -> Lexicon:
        from mtgrules.errors import ParseError

        lines = text.splitlines()
        if not lines or lines[0] != TSV_HEADER:
            raise ParseError(source, "not a lexicon: the first line must be the header", line=1,
                             mend="regenerate it with `python -m mtgrules.corpus.generate`")
        entries = []
        for number, line in enumerate(lines[1:], start=2):
            cells = line.split("\t")
            try:
                lang, phrase, english, score, count, sources = cells
                entries.append(Entry(lang, phrase, english, float(score), int(count), sources))
            except ValueError:
                raise ParseError(source, "expected lang, phrase, english, score, count, sources separated by tabs",
                                 line=number) from None
        return cls(entries)

    def compile(self, min_score: float = 0.0) -> dict:
        """The lookup tables search uses, keyed by phrase key (`phrases.phrase_key`), best
        translation first, at most three per phrase, each with the spelling it translates
        (`phrases.spelling_key`: a lookup prefers the entry spelt as asked, "maná" over "mano"):

            {"to_english": {lang: {key: [[English phrase, score, spelling], …]}},
             "from_english": {lang: {English key: [[phrase, score, English spelling], …]}},
             "words": {lang: [every word of the language's phrases, folded]}}

        `words` (English under "en") tells query-language detection which words a language has."""
        to_english: dict[str, dict[str, list]] = defaultdict(lambda: defaultdict(list))
        from_english: dict[str, dict[str, list]] = defaultdict(lambda: defaultdict(list))
        words: dict[str, set[str]] = defaultdict(set)
        for (lang, key, english_key), entry in sorted(self._keyed.items()):
            if entry.score < min_score:
                continue
            to_english[lang][key].append([entry.english, entry.score, phrases.spelling_key(entry.phrase, lang)])
            from_english[lang][english_key].append([entry.phrase, entry.score, phrases.spelling_key(entry.english, "en")])
            words[lang].update(_folded_words(entry.phrase, lang))
            words["en"].update(_folded_words(entry.english, "en"))
        return {
            "to_english": {lang: _best_three(table) for lang, table in sorted(to_english.items())},
            "from_english": {lang: _best_three(table) for lang, table in sorted(from_english.items())},
            "words": {lang: sorted(found) for lang, found in sorted(words.items())},
        }

    def term_pairs(self, lang: str, min_score: float) -> dict[str, str]:
        """Phrase key → English phrase key of the best translation, for pairs of `lang` scoring
        at least `min_score` (what alignment evidence compares)."""
        best: dict[str, tuple[float, str]] = {}
        for (entry_lang, key, english_key), entry in self._keyed.items():
            if entry_lang == lang and entry.score >= min_score and (key not in best or entry.score > best[key][0]):
                best[key] = (entry.score, english_key)
        return {key: english_key for key, (_, english_key) in best.items()}


def _folded_words(phrase: str, lang: str) -> list[str]:
    return [fold(word) for run in phrases.runs(phrase, lang) for word, _ in run]


def _best_three(table: dict[str, list]) -> dict[str, list]:
    return {key: sorted(found, key=lambda entry: (-entry[1], entry[0]))[:3] for key, found in sorted(table.items())}
