"""How alike a translated passage and an English passage are, from evidence that survives
translation.

Each feature gives a score in 0..1 and a weight; a feature with nothing to compare (neither text
cites a rule, say) abstains instead of counting as a mismatch. The features:

- rule references ("véase la regla 701.50b" ~ "see rule 701.50b"): the strongest evidence;
- numbers and symbols (`+1/+1`, `8/8`, `{E}`, `0`, `N`): translators copy them as they are;
- cognates after accent folding ("permanente" ~ "permanent", "energía" ~ "energy"): compared
  on a folded, lightly normalised four-letter stem;
- known term pairs (the bilingual lexicon: the keyword table, aligned titles and phrases learned
  from official card translations: "confabular" ~ "connive", "campo de batalla" ~
  "battlefield"), compared on phrase keys (`phrases.phrase_keys`: folded and stemmed words and
  phrases of up to four words, or four CJK characters);
- English fragments left untranslated, found word for word in the English text;
- length: Spanish and French run about 15% longer than English;
- the date, for rulings: a translated ruling carries its English ruling's date.
"""

from __future__ import annotations

import math
import re
import statistics
from collections import Counter
from dataclasses import dataclass, field
from functools import cache

from mtgrules import rulenumbers
from mtgrules.align import phrases
from mtgrules.text import fold

# Power/toughness, mana and energy symbols, and free-standing numbers; digits that belong to a
# rule number (701.50b) are not counted here but as references. Letters may touch a number:
# Chinese writes "有0点" with no space.
_SYMBOL = re.compile(r"[+-]?[\dXN]+/[+-]?[\dXN]+|\{[^}]{1,6}\}|(?<![\d./])\d+(?![\d/]|\.\d)|\b[NX]\b")
_WORD = re.compile(r"[^\W\d_]+", re.UNICODE)
# Translated length over English length; zh measured on the 2024-06-07 editions (median 0.315).
# Other languages calibrate on the page itself (`page_length_ratio`).
LENGTH_RATIO = {"es": 1.15, "fr": 1.18, "de": 1.2, "it": 1.12, "pt": 1.12, "zh": 0.32}


def cognate_stem(word: str) -> str:
    """A four-letter stem that English and Romance cognates often share after a few spelling
    correspondences (y/i, ph/f, th/t, k/c, doubled letters)."""
    word = fold(word)
    for english, romance in (("ph", "f"), ("th", "t"), ("y", "i"), ("k", "c"), ("qu", "c")):
        word = word.replace(english, romance)
    word = re.sub(r"(.)\1", r"\1", word)
    return word[:4]


def cognates(text: str) -> set[str]:
    return {cognate_stem(w) for w in _WORD.findall(text) if len(w) >= 5}


def symbols(text: str) -> Counter:
    return Counter(_SYMBOL.findall(text))


def _jaccard(a: set, b: set) -> float:
    union = len(a | b)
    return len(a & b) / union if union else 0.0


def _multiset_jaccard(a: Counter, b: Counter) -> float:
    """Jaccard over counts: "+1/+1" twice on one side and once on the other is half a match."""
    union = sum((a | b).values())
    return sum((a & b).values()) / union if union else 0.0


@dataclass
class Passage:
    """A text with its evidence computed once (alignment compares each passage many times)."""

    text: str
    lang: str
    date: str | None = None
    untranslated: list[str] = field(default_factory=list)
    references: set[str] = field(init=False)
    symbols: Counter = field(init=False)
    cognates: set[str] = field(init=False)
    folded_words: set[str] = field(init=False)
    phrase_keys: set[str] = field(init=False)
    # The English keys of the term pairs this passage holds, for the last table asked (a page
    # compares each of its passages with every English subrule, always with the same table).
    _terms_present: tuple[object, list[str]] | None = field(init=False, default=None, repr=False, compare=False)

    def terms_present(self, term_pairs: dict[str, str] | None) -> list[str]:
        """The English keys of the pairs (CORE_TERMS, then `term_pairs`) whose translated
        phrase this passage holds."""
        if self._terms_present is None or self._terms_present[0] is not term_pairs:
            core, known = core_terms(self.lang), term_pairs or {}
            present = [known.get(key) or core[key] for key in self.phrase_keys if key in known or key in core]
            self._terms_present = (term_pairs, present)
        return self._terms_present[1]

    def __post_init__(self) -> None:
        self.references = set(rulenumbers.references(self.text))
        self.symbols = symbols(self.text)
        self.cognates = cognates(self.text)
        self.folded_words = {fold(w) for w in _WORD.findall(self.text)}
        self.phrase_keys = phrases.phrase_keys(self.text, self.lang)


def page_length_ratio(lang: str, translated: list[Passage], english: list[Passage]) -> float:
    """The expected length ratio: known for common languages, else the ratio of the median
    lengths on both sides (robust to the subrules a page leaves out)."""
    if lang in LENGTH_RATIO or not translated or not english:
        return LENGTH_RATIO.get(lang, 1.0)
    return statistics.median(len(p.text) for p in translated) / max(1, statistics.median(len(p.text) for p in english))


# The game's commonest words, which share no four-letter stem with their English ("criatura",
# "créature" ~ "creature"; "blessure" ~ "damage"): without them a short ruling in Spanish or French
# says almost nothing a cognate can see. Folded translated word → folded English word; the
# bilingual lexicon (learned from card texts, the keyword table and aligned titles) adds to these.
CORE_TERMS = {
    word: english
    for pairs in (
        "criatura creature criaturas creatures jugador player jugadores players hechizo spell hechizos spells "
        "habilidad ability habilidades abilities carta card cartas cards dano damage objetivo target objetivos targets "
        "contador counter contadores counters ficha token fichas tokens turno turn vidas life oponente opponent "
        "oponentes opponents cementerio graveyard biblioteca library mano hand roba draws robar draw atacar attack "
        "ataca attacks atacante attacking bloquear block fuerza power resistencia toughness lanzar cast pila stack "
        "exilio exile sacrificar sacrifice controlador controller tierra land tierras lands elegir choose eliges choose "
        "sola alone solo alone juntas together juntos together",
        "creature creature creatures creatures joueur player joueurs players sort spell sorts spells capacite ability "
        "capacites abilities carte card cartes cards blessure damage blessures damage cible target cibles targets "
        "marqueur counter marqueurs counters jeton token jetons tokens tour turn adversaire opponent adversaires "
        "opponents cimetiere graveyard bibliotheque library piocher draw pioche draws attaquer attack attaque attacks "
        "attaquante attacking bloquer block lancer cast pile stack exil exile sacrifier sacrifice controleur controller "
        "terrain land terrains lands choisir choose seule alone ensemble together",
    )
    for word, english in zip(pairs.split()[::2], pairs.split()[1::2])
}


@cache
def core_terms(lang: str) -> dict[str, str]:
    """CORE_TERMS as the phrase keys term pairs are compared on (`phrases.word_key` in `lang`
    and in English), computed once a language."""
    return {phrases.word_key(word, lang): phrases.word_key(english, "en") for word, english in CORE_TERMS.items()}


def similarity(
    translated: Passage,
    english: Passage,
    term_pairs: dict[str, str] | None = None,
    length_ratio: float | None = None,
    *,
    with_length: bool = True,
) -> float:
    """Weighted mean of the features that have something to compare, in 0..1. Without the
    length (`with_length=False`), only what the words say: whether a paragraph translates
    more than one English passage must not rest on its being long."""
    scored: list[tuple[float, float]] = []  # (weight, score)
    if translated.references or english.references:
        scored.append((3.0, _jaccard(translated.references, english.references)))
    if translated.symbols or english.symbols:
        scored.append((2.0, _multiset_jaccard(translated.symbols, english.symbols)))
    if translated.cognates and english.cognates:
        shared = len(translated.cognates & english.cognates)
        scored.append((2.0, 2 * shared / (len(translated.cognates) + len(english.cognates))))
    if translated.lang != "en":
        # Through the passage's phrases, not every pair, and once a table (`terms_present`).
        present = translated.terms_present(term_pairs)
        if present:
            scored.append((1.5, sum(en in english.phrase_keys for en in present) / len(present)))
    if translated.untranslated:
        fragment_words = {fold(w) for fragment in translated.untranslated for w in _WORD.findall(fragment)}
        scored.append((2.0, len(fragment_words & english.folded_words) / max(1, len(fragment_words))))
    if with_length:
        expected = length_ratio or LENGTH_RATIO.get(translated.lang, 1.0)
        ratio = (len(translated.text) + 20) / ((len(english.text) + 20) * expected)
        scored.append((1.0, math.exp(-2.0 * abs(math.log(ratio)))))
    if translated.date and english.date:
        scored.append((1.0, 1.0 if translated.date == english.date else 0.0))
    total_weight = sum(weight for weight, _ in scored)
    if not total_weight:
        return 0.0
    return sum(weight * score for weight, score in scored) / total_weight


# Rules and rulings alike: a record whose confidence is under this is marked unaligned, and the
# tool says so instead of guessing silently.
UNALIGNED_BELOW = 0.3


def confidence(score: float, runner_up: float) -> float:
    """Confidence of a match from its own score and its margin over the best alternative:
    a clear winner keeps its score, a near tie loses up to half of it."""
    margin = max(0.0, score - runner_up)
    return round(max(0.0, min(1.0, score * (0.5 + 0.5 * min(1.0, margin / 0.15)))), 3)


def pinned_confidence(score: float, anchor: float) -> float:
    """Confidence of a match that its position decides: its neighbours (at least `anchor`
    confident) leave it exactly one English counterpart. The position carries the confidence;
    the paragraph's own score, however weak, only adds to it."""
    return round(min(1.0, anchor * (0.5 + score)), 3)
