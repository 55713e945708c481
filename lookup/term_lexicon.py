"""The bilingual lexicon as `mtgrules term` reads it: the names official translations give a term
in other languages, and the English of a phrase typed in another language.

Pairs are read as they are written (`align.lexicon` TSV: language, phrase, English, score, count,
sources), not through `align.lexicon.Lexicon`: that keys every pair with its language's stemmer
(140 ms, and 40 ms to import the stemmers), where a term lookup compares a few phrases folded
(`plain`). Two sources: the committed `corpus/lexicon.tsv`, and the pairs learned from the
user's own card data as it was ingested, kept in the corpus database (`align.learned`).

A pair learned from parallel texts (`count` > 0: card texts, aligned rules and rulings) is
evidence, never a fact: its `confidence` is its score, capped by how often it was seen,
count/(count + 1) (a pair merged with a keyword-table row scores 1, which says nothing of how
sure the card texts are). Pairs the records state outright (keyword table, aligned titles,
glossaries: `count` 0) are read from the records themselves, with their own sources.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterator

from mtgrules import corpus_schema
from mtgrules.align import learned, phrases
from mtgrules.lookup.term_reading import FirstWords
from mtgrules.store import Queries
from mtgrules.text import fold

COMMITTED = corpus_schema.COMMITTED_LEXICON
# A pair must score this much to name a term or translate a query for `term` (the alignment's
# evidence threshold: a dictionary shows what it is fairly sure of).
MIN_SCORE = 0.5
# Which sources of a learned pair say it comes from official card translations.
CARD_SOURCES = frozenset({"cards"})


class Pair:
    """A translation of an English term into `lang`, with how sure it is and where it was seen.
    Equal (and hashed) by its fields. (A plain class: a dataclass costs every `mtgrules term`
    some 0.4 ms to make.)"""

    __slots__ = ("count", "english", "lang", "phrase", "score", "sources")

    def __init__(self, lang: str, phrase: str, english: str, score: float, count: int, sources: tuple[str, ...]):
        self.lang = lang
        self.phrase = phrase
        self.english = english
        self.score = score
        self.count = count  # parallel segments the pair was seen in; 0 for a pair stated by the records
        self.sources = sources  # cards, rules, rulings, cognate, keywords, titles, glossary

    def _fields(self) -> tuple:
        return (self.lang, self.phrase, self.english, self.score, self.count, self.sources)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Pair) and self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return "Pair({}, {}, {}, {}, {}, {})".format(*map(repr, self._fields()))

    @property
    def learned(self) -> bool:
        return self.count > 0

    @property
    def confidence(self) -> float:
        return round(min(self.score, self.count / (self.count + 1)), 3)

    @property
    def from_cards(self) -> bool:
        return bool(CARD_SOURCES & set(self.sources))


def plain(text: str) -> str:
    """A phrase as compared here: its words folded, single spaces ("Campo de Batalla" and
    "campo de batalla" meet; "marqueur « énergie »" gives "marqueur energie")."""
    return " ".join(fold(word) for word in phrases.words_of(text))


def singular(word: str) -> str:
    """An English word without its plural ending, for comparing names ("actions" and "action",
    "abilities" and "ability"): enough for the nouns terms are, and no stemmer to import."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 4 and word.endswith(("sses", "xes", "ches", "shes")):
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def english_words(text: str) -> frozenset[str]:
    """The content words of an English name, singular, in any order: "State-Based Actions" and
    "actions" + "state based" are the same set."""
    stop = phrases.STOPWORDS["en"]
    return frozenset(singular(word) for word in plain(text).split() if word not in stop)


# What `str.splitlines` breaks a line at besides "\n" (`TermLexicon._lines_holding`).
_BREAKS = "\x0b\x0c\r\x1c\x1d\x1e\x85\u2028\u2029"
# The two letters whose lower case holds an ASCII letter, with it: İ (i and a dot above), the
# Kelvin sign (k).
_LOWER_ASCII = {"i": "\u0130".encode(), "k": "\u212a".encode()}


class TermLexicon:
    """The pairs of the lexicon files, read line by line as a lookup needs them: most lookups
    ask for the names of one English term, which a substring test finds among the raw lines
    without folding, or even splitting, the other eight thousand."""

    def __init__(self, lines: list[str] | None = None, *, committed: bytes | None = None, taught: list[str] | None = None):
        """The pairs of `lines`, or of the committed file's bytes (its header line first) and
        the lines learned from the person's card data after them."""
        self._lines = lines
        self._committed = committed if lines is None else None
        self._taught = taught or []
        self._first_words: dict[str, list[int]] | None = None
        self._pairs: dict[int | tuple[str, int], Pair | None] = {}
        self._lowered: str | None = None  # every line, lowercased (`_lines_holding`)
        self._lowered_bytes: bytes | None = None  # the committed file, ASCII lowercased
        self._corpus: Queries | None = None  # where the term tables may hold the lines by first word
        self._stored: FirstWords | bool | None = False  # False: not looked for yet (`_written`)
        self._taught_first: dict[str, list[tuple[int, str | None]]] | None = None

    @classmethod
    def load(cls, corpus: Queries, *, tables: bool = True) -> TermLexicon:
        """The committed pairs and those the search tables of `corpus` learned; the committed
        lines by first word read from the term tables when they hold them (unless not `tables`:
        then worked out here, on first need)."""
        with open(corpus_schema.packaged_path(COMMITTED), "rb") as file:  # not importlib.resources: see there
            committed = file.read()
        # The pairs learned from the person's card data at ingest (`mtgrules.align.learned`).
        taught = ["\t".join([lang, phrase, english, f"{score:.3f}", str(count), sources])
                  for lang, phrase, english, score, count, sources in learned.stored_rows(corpus.db)]
        lexicon = cls(committed=committed, taught=taught)
        lexicon._corpus = corpus if tables else None
        return lexicon

    @property
    def lines(self) -> list[str]:
        """Every pair's line: the committed file's after its header, then the learned ones."""
        if self._lines is None:
            self._lines = committed_lines(self._committed or b"") + self._taught
        return self._lines

    def _written(self) -> FirstWords | None:
        """The committed lines by first word as the term tables hold them, when they hold this
        package's lexicon (read once, on first need)."""
        if self._stored is False:
            self._stored = None
            corpus = self._corpus
            if corpus is not None and self._committed is not None and self._lines is None:
                self._stored = FirstWords.written(lambda: corpus.db)
        return self._stored if isinstance(self._stored, FirstWords) else None

    def _pair(self, key: int | tuple[str, int], line: str | None = None) -> Pair | None:
        """The pair of a line: `key` its index in `lines` (its text given when read from
        elsewhere), or where `_lines_holding` found it."""
        if key not in self._pairs:
            self._pairs[key] = _parse(line if line is not None else self.lines[key] if isinstance(key, int) else "")
        return self._pairs[key]

    def languages(self) -> set[str]:
        """The languages of the pairs."""
        written = self._written()
        lines = self._taught if written is not None else self.lines
        return {line.split("\t", 1)[0] for line in lines if "\t" in line} | (set(written.langs) if written is not None else set())

    def names_of(self, english: str) -> list[Pair]:
        """Pairs learned from card texts whose English is `english` (up to plural and word
        order), one per language and phrase, best first."""
        wanted = english_words(english)
        if not wanted:
            return []
        probes = [word[:4] for word in wanted]
        found: dict[tuple[str, str], Pair] = {}
        for where, line in self._lines_holding(probes[0]):
            cells = line.split("\t", 3)
            if len(cells) < 4 or not all(probe in cells[2].lower() for probe in probes):
                continue
            pair = self._pair(where, line)
            if pair is None or not pair.learned or not pair.from_cards or pair.score < MIN_SCORE:
                continue
            if english_words(pair.english) == wanted:
                key = (pair.lang, plain(pair.phrase))
                if key not in found or pair.confidence > found[key].confidence:
                    found[key] = pair
        return sorted(found.values(), key=lambda pair: (-pair.confidence, pair.lang, pair.phrase))

    def _lines_holding(self, probe: str) -> Iterator[tuple[int | tuple[str, int], str]]:
        """(key, line) of the lines holding `probe` (lowercase) in any case (the key names the
        line for `_pair`): found in all the lines lowercased and joined, where a loop over
        16,000 lines cost a term lookup 5 ms. Lowercasing never makes or takes a newline, so
        the newlines before a match count its line.

        The committed file is searched as it was read, ASCII lowercased (decoding, splitting
        and lowercasing its 300 kB cost a lookup 3 ms), when that finds what lowercasing its
        text would: an ASCII probe, no letter in the file whose lower case gives one of the
        probe's (`_LOWER_ASCII`), and no other line break than "\n" in a line found."""
        committed = self._committed
        found: list[tuple[int | tuple[str, int], str]] | None = None
        if committed is not None and self._lines is None and probe.isascii() and not any(
                letter in probe and pattern in committed for letter, pattern in _LOWER_ASCII.items()):
            found = self._committed_holding(committed, probe)
        if found is None:
            if self._lowered is None:
                self._lowered = "\n".join(self.lines).lower()
            yield from _holding(self._lowered, probe, self.lines.__getitem__)
            return
        yield from found
        taught = "\n".join(self._taught).lower()
        for number, line in _holding(taught, probe, self._taught.__getitem__):
            yield ("taught", number), line

    def _committed_holding(self, committed: bytes, probe: str) -> list[tuple[int | tuple[str, int], str]] | None:
        """(("committed", offset), line) of the committed file's lines (after its header)
        holding `probe`, found in its bytes ASCII lowercased; None when a line found holds
        another line break than "\n" (it is then more than one line)."""
        if self._lowered_bytes is None:
            self._lowered_bytes = committed.lower()
        lowered, wanted = self._lowered_bytes, probe.encode()
        found: list[tuple[int | tuple[str, int], str]] = []
        start = committed.find(b"\n") + 1  # the header line is no pair's
        while start and (hit := lowered.find(wanted, start)) != -1:
            begin = lowered.rfind(b"\n", 0, hit) + 1
            end = lowered.find(b"\n", hit)
            line = committed[begin : end if end != -1 else len(committed)].decode("utf-8")
            if any(mark in line for mark in _BREAKS):
                return None
            found.append((("committed", begin), line))
            start = end + 1 if end != -1 else 0
        return found

    def _by_first_word(self) -> dict[str, list[int]]:
        """Folded first word of each pair's phrase -> its lines (made on first use)."""
        if self._first_words is None:
            self._first_words = defaultdict(list)
            for index, line in enumerate(self.lines):
                first = first_word(line)
                if first is not None:
                    self._first_words[first].append(index)
        return self._first_words

    def _taught_by_first_word(self) -> dict[str, list[tuple[int, str | None]]]:
        """The learned lines by first word, numbered after the committed ones."""
        if self._taught_first is None:
            written = self._written()
            assert written is not None
            self._taught_first = defaultdict(list)
            for number, line in enumerate(self._taught):
                first = first_word(line)
                if first is not None:
                    self._taught_first[first].append((written.count + number, line))
        return {first: list(lines) for first, lines in self._taught_first.items()}

    def _starting_lines(self, word: str) -> list[tuple[int, str | None]]:
        """(index, line, when read) of the lines whose phrase's first word is `word`."""
        written = self._written()
        if written is None:
            return [(index, None) for index in self._by_first_word().get(word, [])]
        return [*written.starting(word), *self._taught_by_first_word().get(word, [])]

    def _first_words_from(self, prefix: str) -> list[tuple[str, list[tuple[int, str | None]]]]:
        """(first word, its lines) of the first words starting with `prefix`, in the order
        they first appear in the lines."""
        written = self._written()
        if written is None:
            return [(first, [(index, None) for index in indexes]) for first, indexes in self._by_first_word().items()
                    if first.startswith(prefix)]
        taught = self._taught_by_first_word()
        groups = [(first, [*lines, *taught.pop(first, [])]) for first, lines in written.groups_from(prefix)]
        return groups + [(first, lines) for first, lines in taught.items() if first.startswith(prefix)]

    def _starting(self, word: str) -> list[Pair]:
        pairs = (self._pair(index, line) for index, line in self._starting_lines(word))
        return [pair for pair in pairs if pair is not None and pair.score >= MIN_SCORE]

    def whole(self, text: str) -> list[Pair]:
        """Pairs whose phrase is `text`, in any language, best first."""
        key = plain(text)
        if not key:
            return []
        found = [pair for pair in self._starting(key.split()[0]) if plain(pair.phrase) == key]
        return sorted(found, key=lambda pair: (-pair.score, pair.lang))

    def by_stems(self, text: str, stems_of) -> list[Pair]:
        """Pairs whose phrase is `text` in another inflection: the same stems in the pair's
        language (`stems_of(text, lang)`, a set, empty for a language without a stemmer), as
        "vuelan" is "vuela" (Flying). Only phrases of as many words whose first word starts
        with the same three letters are stemmed."""
        words = plain(text).split()
        if not words:
            return []
        prefix = words[0][:3]
        found = []
        for _first, lines in self._first_words_from(prefix):
            for index, line in lines:
                pair = self._pair(index, line)
                if pair is None or pair.score < MIN_SCORE or len(plain(pair.phrase).split()) != len(words):
                    continue
                wanted = stems_of(text, pair.lang)
                if wanted and wanted == stems_of(pair.phrase, pair.lang):
                    found.append(pair)
        return sorted(found, key=lambda pair: (-pair.score, pair.lang))

    def word_by_word(self, text: str) -> list[Pair] | None:
        """`text` translated into English phrase by phrase (longest match, in the one language
        that translates every word of it but its stop words), the best pair for each phrase;
        None when no language does."""
        words = plain(text).split()
        candidates = {pair for word in set(words) for pair in self._starting(word)}
        best: tuple[float, list[Pair]] | None = None
        for lang in sorted({pair.lang for pair in candidates}):
            table: dict[str, Pair] = {}
            for pair in candidates:
                key = plain(pair.phrase)
                if pair.lang == lang and (key not in table or pair.score > table[key].score):
                    table[key] = pair
            found = _cover(words, table, phrases.STOPWORDS.get(lang, frozenset()))
            if found and (best is None or min(p.score for p in found) > best[0]):
                best = (min(p.score for p in found), found)
        return best[1] if best else None


def committed_lines(data: bytes) -> list[str]:
    """The pairs' lines of the committed file's bytes, as a file read as text reads them
    (universal newlines), without the header line."""
    text = data.decode("utf-8")
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text.splitlines()[1:]


def first_word(line: str) -> str | None:
    """The folded first word of a line's phrase (None when it has none)."""
    phrase = line.split("\t", 2)[1] if line.count("\t") >= 2 else ""
    words = phrases.words_of(phrase)
    return fold(words[0]) if words else None


def _holding(lowered: str, probe: str, line: Callable[[int], str]) -> Iterator[tuple[int, str]]:
    """(index, line) of the lines of `lowered` (lines joined, lowercased) holding `probe`."""
    index, counted, start = 0, 0, 0
    while (hit := lowered.find(probe, start)) != -1:
        index += lowered.count("\n", counted, hit)
        yield index, line(index)
        end = lowered.find("\n", hit)
        if end == -1:
            return
        index, counted, start = index + 1, end + 1, end + 1


def _cover(words: list[str], table: dict[str, Pair], stop: frozenset[str]) -> list[Pair] | None:
    """Longest-match cover of `words` by the phrases of `table`; None when a word that is not a
    stop word is left over."""
    longest = max((key.count(" ") + 1 for key in table), default=1)
    found: list[Pair] = []
    position = 0
    while position < len(words):
        for end in range(min(len(words), position + longest), position, -1):
            pair = table.get(" ".join(words[position:end]))
            if pair is not None:
                found.append(pair)
                position = end
                break
        else:
            if words[position] not in stop:
                return None
            position += 1
    return found or None


def _parse(line: str) -> Pair | None:
    cells = line.split("\t")
    if len(cells) != 6:
        return None
    lang, phrase, english, score, count, sources = cells
    try:
        return Pair(lang, phrase, english, float(score), int(count), tuple(sources.split("+")))
    except ValueError:
        return None  # the search's build reads the same file and says what is wrong with it


