"""Card names inside a query: "Diezmo asfixiante", "regente marea lugubre y objetivo ilegal",
"Ouro titan de la rage de la nature évasion" name a card, in any language it is printed in,
with or without accents, commas or a typo.

A judge asks about a card by its printed name followed by the question. Searched as words, the
name's words are common ones ("soledad", "historia", "muerte") and bring everything but that
card's rulings. So the query's words are read for whole card names first (`find`): every span of
words whose letters are within a typo or two of a printed name (the name's own first letters
typed right: a name is looked up by its first three letters, `names_from`), or, for a name with
a comma ("Ragavan, Nimble Pilferer"), the part before the comma when it is long enough to be
unmistakable. A one-word name ("Soledad", "Panharmonicus") counts when it is the whole query or
typed with a capital: "furia" in a sentence is the word. Longer names win over shorter ones
they overlap.

The search then ranks that card's rulings and the rules of its keywords first, and the rest of
the query within them (`mtgrules.index.query`). Pure functions: the names come from a callable.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable

from mtgrules.text import fold

SIMILARITY = 0.88  # one letter wrong in eight, over the name's letters
SHORT_NAME_LETTERS = 4  # "Oko" alone is too short to be sure of; "Ragavan" is not
_WORD = re.compile(r"[^\W_]+")


class Mention:
    """A card named in the query: its English name, the span of query words (start, end) and
    how close the words are to the printed name (1 for exactly, once folded)."""

    __slots__ = ("card", "end", "similarity", "start")

    def __init__(self, card: str, start: int, end: int, similarity: float):
        self.card, self.start, self.end, self.similarity = card, start, end, similarity

    def __repr__(self) -> str:
        return f"Mention({self.card!r}, {self.start}, {self.end}, {self.similarity:.2f})"


def words(text: str) -> list[str]:
    """The words of a query or a name as compared: letters and digits, punctuation left out."""
    return _WORD.findall(text)


def normalized(text: str) -> str:
    """The words of `text` folded, lowercased, one space between. ASCII text folds to its
    lowercase (a search normalizes every keyword's title: one lowercasing, not one a word)."""
    if text.isascii():
        return " ".join(_WORD.findall(text.lower()))
    return " ".join(fold(word).lower() for word in words(text))


def find(text: str, names_from: Callable[[str], Iterable[tuple[str, str]]],
         known: Callable[[str], bool] | None = None) -> list[Mention]:
    """The cards `text` names. `names_from(prefix)` gives (folded printed name, English card
    name) for the printed names whose folded form starts with `prefix` (three letters).
    `known(word)`: whether a language of the corpus or the lexicon has the word; a one-word
    name only nearly typed is no misspelling of a known word ("transformar" is the Spanish
    keyword, not Transmogrify's name a letter off; "meuler" the French for mill, not Millstone's)."""
    typed = words(text)
    query = [fold(word).lower() for word in typed]
    found: list[Mention] = []
    looked: dict[str, list[tuple[list[str], list[str], str]]] = {}
    for start, word in enumerate(query):
        prefix = word[:3]
        if len(prefix) < 3 and len(query) > 1:
            continue
        if prefix not in looked:
            candidates = []
            for folded, card in names_from(prefix):
                full = normalized(folded).split()
                short = normalized(folded.split(",")[0]).split() if "," in folded else []
                candidates.append((full, short, card))
            looked[prefix] = candidates
        for full, short, card in looked[prefix]:
            for name, is_short in ((full, False), (short, True)):
                if not name or start + len(name) > len(query):
                    continue
                span = query[start:start + len(name)]
                if is_short:
                    if span != name or len("".join(name)) < SHORT_NAME_LETTERS:
                        continue
                    similarity = 1.0
                else:
                    similarity = 1.0 if span == name else _similarity(" ".join(span), " ".join(name))
                    if similarity < SIMILARITY or span[0][:3] != name[0][:3]:
                        continue
                if len(name) == 1 and len(query) > 1 and not typed[start][:1].isupper():
                    continue
                if len(name) == 1 and similarity < 1.0 and known is not None and known(typed[start]):
                    continue
                found.append(Mention(card, start, start + len(name), similarity))
    return _best(found)


def _similarity(typed: str, name: str) -> float:
    """difflib's ratio of two texts; 0 when their lengths alone keep it below SIMILARITY (it is
    at most 2 × the shorter / both, as difflib's `real_quick_ratio` says), or the letters they
    share (at most 2 × those / both: `quick_ratio`). Most names a query's words are compared
    with are far longer or shorter, or spelt with other letters ("aether hub" and "aether
    gust", "mortels" and "mortelin"), and difflib (1 ms to import) is imported only for the others."""
    if 2.0 * min(len(typed), len(name)) / (len(typed) + len(name)) < SIMILARITY:
        return 0.0
    if 2.0 * sum((Counter(typed) & Counter(name)).values()) / (len(typed) + len(name)) < SIMILARITY:
        return 0.0
    import difflib  # 1 ms: see above

    return difflib.SequenceMatcher(None, typed, name).ratio()


def _best(found: list[Mention]) -> list[Mention]:
    """Non-overlapping mentions, longest and closest first; one mention per card."""
    chosen: list[Mention] = []
    taken: set[int] = set()
    for mention in sorted(found, key=lambda m: (-(m.end - m.start), -m.similarity, m.start, m.card)):
        span = set(range(mention.start, mention.end))
        if span & taken or any(m.card == mention.card for m in chosen):
            continue
        chosen.append(mention)
        taken |= span
    return sorted(chosen, key=lambda m: m.start)


def rest(text: str, mentions: list[Mention]) -> str:
    """The query's words outside the card names, as typed."""
    typed = words(text)
    inside = {position for mention in mentions for position in range(mention.start, mention.end)}
    return " ".join(word for position, word in enumerate(typed) if position not in inside)


def keyword_lines(english_text: str, titles: Iterable[str]) -> list[str]:
    """The keyword abilities among `titles` (702's, lowercased) that `english_text` (a card's
    English rules text) has as keyword lines: "Flying, haste", "Escape—{G}{G}…", "Evoke {W}"."""
    wanted = set(titles)
    found: list[str] = []
    for line in english_text.lower().splitlines():
        for piece in re.split(r",\s*|;\s*", line):
            head = re.split(r"—|[{(]|\s\d|\s[xX]\b", piece, maxsplit=1)[0].strip()  # (— apart: cheaper to compile)
            if head in wanted and head not in found:
                found.append(head)
    return found


class CardLookup:
    """What the search asks the corpus database about cards named in a query: their printed
    names by first letters (the `card_names` table), a card's English text (the `records`
    table) and the keyword rules of an edition (kept with the search tables: `titles`). One
    lookup serves one search."""

    def __init__(self, db):
        from mtgrules.index.titles import Titles

        self.db = db  # an open sqlite3 connection to the corpus database
        self.titled = Titles(db)  # the keyword and glossary titles of each edition

    def names_from(self, prefix: str) -> list[tuple[str, str]]:
        rows = self.db.execute("SELECT DISTINCT folded, card FROM card_names WHERE folded >= ? AND folded < ?",
                               (prefix, prefix + "\U0010ffff"))
        return [(folded, card) for folded, card in rows]

    def keyword_rules(self, card: str, edition: str | None) -> list[str]:
        """The numbers of the keyword-ability rules (702) of the keywords `card` has, in `edition`."""
        import json

        # By the card's index (`+` keeps SQLite off `records_lang`, where it walked every English
        # card: 3-6 ms of a cold search naming a card), first in that index's order as before.
        row = self.db.execute("SELECT body FROM records WHERE +kind = 'card' AND +lang = 'en' AND card = ?"
                              " ORDER BY edition, id LIMIT 1", (card,)).fetchone()
        if row is None or edition is None:
            return []
        text = json.loads(row[0]).get("text") or ""
        titles = self.titled.abilities(edition)
        return [titles[name] for name in keyword_lines(text, titles)]

    def glossary(self, edition: str | None, spans: list[str]) -> dict[str, list[str]]:
        """Title (`normalized`) → texts of the English glossary entries of `edition` whose title
        is one of `spans` (`title_spans`), as typed or with hyphens between its words ("face
        down", "face-down"), in any case."""
        return self.titled.glossary(edition, spans)

    def titles(self, edition: str | None) -> dict[str, list[str]]:
        """English title (`normalized`) → numbers of the keyword actions and abilities (701, 702) of
        `edition`: what a judge names ("sacrifice", "scry", "companion"). Section titles are
        left out: "Effects", "Counters", "Players" name too much."""
        return self.titled.keywords(edition)


def hyphenated(span: str) -> list[str]:
    """`span` (words and single spaces) with each space kept or made a hyphen."""
    spellings = [""]
    for position, word in enumerate(span.split(" ")):
        spellings = [spelling + word for spelling in spellings] if not position else \
            [spelling + joint + word for spelling in spellings for joint in (" ", "-")]
    return spellings


def titled_rules(english: str, titles: dict[str, list[str]]) -> list[str]:
    """The numbers of the rules whose title an English query (as typed, or a translation)
    names: any run of up to four of its words, or a "quoted phrase", spelt as the title is
    (folded, lowercased: "sacrifice creature" names 701.21 Sacrifice, "scry 2" 701.22 Scry;
    "counters", "poison" and "planeswalker" are other words than "Counter", "Poisonous" and
    "Planeswalk", whatever their stems). `titles`: title (`normalized`) → numbers. A judge who
    names a keyword wants its rule, though its text need not hold the rest of the query's words."""
    words = _title_words(english)
    found: list[str] = []
    taken: set[int] = set()  # a longer title wins over the shorter ones inside it
    for size in range(min(4, len(words)), 0, -1):
        for start in range(len(words) - size + 1):
            span = set(range(start, start + size))
            numbers = titles.get(" ".join(words[start:start + size]), ())
            if numbers and not span & taken:
                taken |= span
                found += [number for number in numbers if number not in found]
    return found


def _title_words(english: str) -> list[str]:
    return [normalized(word) for word in re.findall(r"[^\W\d_]+(?:['’-][^\W\d_]+)*", english.replace('"', " "))
            if word not in ("AND", "OR", "NOT")]


def singular(span: str) -> str:
    """`span` with its last word in the singular, as glossary titles are ("loyalty abilities" →
    "loyalty ability", "replacement effects" → "replacement effect"); "ss" and "us" are no plurals."""
    head, _, last = span.rpartition(" ")
    if last.endswith("ies") and len(last) > 4:
        last = last[:-3] + "y"
    elif last.endswith("s") and not last.endswith(("ss", "us")) and len(last) > 3:
        last = last[:-1]
    return f"{head} {last}" if head else last


def title_spans(english: str) -> list[str]:
    """Every run of up to four words of an English query as `titled_rules` compares it with a
    title: what a title must be to be named."""
    words = _title_words(english)
    return list(dict.fromkeys(" ".join(words[start:start + size]) for size in range(1, 5)
                              for start in range(len(words) - size + 1)))
