"""Which card a name a person typed designates, and how sure that is (`mtgrules card NAME`).

Names are compared folded (`mtgrules.text.fold`: no case, no accents), in every language the
corpus has names in. In this order, the first way that finds a card decides:

1. **exact**: the name is one of the card's names (English or printed in another language:
   `"Doma del relámpago"` is Harnessed Lightning's Spanish name);
2. **words**: the words typed are whole words of names (`éter` finds "Planta de éter central",
   "Colapso del éter"…): names in every language are searched as words, not as letters (`eter`
   is not in "eternauta");
3. **beginning**: a name starts with what was typed (`sieste du jeune`);
4. **closest**: the name nearest by edit distance (letters inserted, removed or replaced),
   when it is near enough for a typo (`electrozoo` → Electrozoa, distance 1): at most one edit
   in four letters, and three in all. A name farther than that is no match: the command says so
   and suggests the nearest names instead of showing another card.

Several cards found the same way are all given (the command lists them); the match names the
way, the name it went by and that name's language, so that `--json` and the output can say it.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field

from mtgrules.lookup.catalog import Catalog
from mtgrules.text import fold

_WORD = re.compile(r"\w+")
MAX_DISTANCE = 3
# At most this many cards are given for a name several cards share (their number is said).
SHOWN = 30


@dataclass
class Candidate:
    card: str  # the English name, the card's key
    name: str  # the name it was found by, as printed
    lang: str  # that name's language

    def to_dict(self) -> dict:
        return {"card": self.card, "name": self.name, "lang": self.lang}


@dataclass
class CardMatch:
    """How `typed` designates cards: `kind` (exact, words, beginning, closest, none), the
    candidates (one per card, best first), and for `closest` the edit distance."""

    typed: str
    kind: str
    candidates: list[Candidate] = field(default_factory=list)
    distance: int | None = None
    suggestions: list[Candidate] = field(default_factory=list)
    total: int | None = None  # cards found, when more than the candidates given

    def __post_init__(self) -> None:
        if self.total is None:
            self.total = len(self.candidates)

    @property
    def cards(self) -> list[str]:
        return [candidate.card for candidate in self.candidates]

    def to_dict(self) -> dict:
        """What `--json` carries as `match`."""
        found = self.candidates[0] if len(self.candidates) == 1 else None
        return {
            "kind": self.kind,
            "typed": self.typed,
            "name": found.name if found else None,
            "lang": found.lang if found else None,
            "distance": self.distance,
        }


def folded_name(text: str) -> str:
    return " ".join(fold(text).split())


def words_of(folded: str) -> list[str]:
    return _WORD.findall(folded)


def edit_distance(a: str, b: str) -> int:
    """Levenshtein distance: the fewest letters inserted, removed or replaced to turn a into b."""
    if len(a) < len(b):
        a, b = b, a
    previous = list(range(len(b) + 1))
    for i, char_a in enumerate(a, start=1):
        current = [i]
        for j, char_b in enumerate(b, start=1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (char_a != char_b)))
        previous = current
    return previous[-1]


def near_enough(typed: str, distance: int) -> bool:
    """A typo, not another name: at most one edit in four letters, and MAX_DISTANCE in all."""
    return distance <= min(MAX_DISTANCE, max(1, len(typed) // 4))


def match_card(catalog: Catalog, typed: str) -> CardMatch:
    """The cards `typed` designates and how (see the module's docstring)."""
    corpus = catalog.corpus
    wanted = folded_name(typed)
    exact = corpus.cards_named(wanted)
    if exact:
        return CardMatch(typed, "exact", _candidates(catalog, sorted(exact), lambda name: name == wanted))
    words = words_of(wanted)
    if words:
        # Each word typed is a whole word of the name (in any order); the store narrows the
        # names to those holding the longest word's letters.
        wanted_words = set(words)
        pairs = [(name, card) for name, card in corpus.names_with(max(words, key=len)) if wanted_words <= set(words_of(name))]
        if pairs:
            fitting = {name for name, _card in pairs}
            cards = sorted({card for _name, card in pairs})
            found = _candidates(catalog, cards[:SHOWN], lambda name: name in fitting)
            return CardMatch(typed, "words", found, total=len(cards))
    beginning = corpus.cards_named_from(wanted)
    if beginning:
        cards = sorted(beginning)
        return CardMatch(typed, "beginning", _candidates(catalog, cards[:SHOWN], lambda name: name.startswith(wanted)), total=len(cards))
    return _closest(catalog, typed, wanted)


def _candidates(catalog: Catalog, cards: list[str], fits) -> list[Candidate]:
    """One candidate per card: the name of it that `fits` (folded), English first, else the
    first language in order."""
    found = []
    for card in cards:
        names = _names(catalog, card)
        fitting = [(lang, name) for lang, name in names.items() if fits(folded_name(name))]
        if not fitting:
            continue
        lang, name = min(fitting, key=lambda item: (item[0] != "en", item[0]))
        found.append(Candidate(card, name, lang))
    return found


def _names(catalog: Catalog, card: str) -> dict[str, str]:
    """Every name of the card by language: its records' printed names and its rulings'."""
    record = catalog.card(card)
    names = dict(record.names) if record else {}
    for ruling in catalog.rulings(card) if record is None or len(names) < 2 else []:
        if ruling.printed_name:
            names.setdefault(ruling.lang, ruling.printed_name)
    names.setdefault("en", card)
    return names


def _closest(catalog: Catalog, typed: str, wanted: str) -> CardMatch:
    """The nearest names by edit distance: a match when near enough, else suggestions."""
    names = catalog.corpus.card_names()
    # A name within MAX_DISTANCE edits is within MAX_DISTANCE letters of the length typed; the
    # names suggested instead are looked for a little wider. Only those are compared: difflib's
    # ratio narrows them to a few (over every name of AllPrintings it would take seconds), and
    # the edit distance decides.
    spread = max(MAX_DISTANCE, len(wanted) // 2)
    similar = [name for name in names if abs(len(name) - len(wanted)) <= spread]
    close = difflib.get_close_matches(wanted, similar, n=8, cutoff=0.5)
    ranked = sorted(close, key=lambda name: (edit_distance(wanted, name), name))
    if not ranked:
        return CardMatch(typed, "none")
    best = edit_distance(wanted, ranked[0])
    if near_enough(wanted, best):
        nearest = [name for name in ranked if edit_distance(wanted, name) == best]
        cards = sorted({card for name in nearest for card in names[name]})
        return CardMatch(typed, "closest", _candidates(catalog, cards, lambda name: name in nearest), distance=best)
    cards = list(dict.fromkeys(card for name in ranked[:3] for card in sorted(names[name])))
    suggestions = _candidates(catalog, cards, lambda name: name in ranked[:3])
    return CardMatch(typed, "none", suggestions=suggestions)
