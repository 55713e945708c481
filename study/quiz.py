"""Quiz questions from the corpus: a subrule's text -> its number, a number -> its text among
four, and (`quiz_scenarios`) a board -> what the engine says happens.

Questions are built lazily: the pool is a list of `Candidate`s (an item key and a `make`
function), cheap enough to list for the whole corpus so that spaced repetition can choose among
all of them; only the questions actually asked are built. Everything random takes the session's
`random.Random`, so `--seed` reproduces a session.

Questions are in the language asked for: a rule question exists only where that language has
the rule's text (aligned), and its distractors come from the same language.
"""

from __future__ import annotations

import random
import re
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum

from mtgrules import rulenumbers
from mtgrules.i18n import N_, translation
from mtgrules.study.citations import Citation, RuleTexts
from mtgrules.study.messages import words_lang
from mtgrules.text import fold


class QuestionKind(StrEnum):
    NUMBER = "number"  # a subrule's text is shown: give its number
    TEXT = "text"  # a number is given: choose its text among four
    SCENARIO = "scenario"  # a board is shown: choose what happens


KINDS = tuple(kind.value for kind in QuestionKind)  # as `quiz --kind` spells them
MINIMUM_CHOICES = 3  # a multiple-choice question offers at least this many, or isn't asked

PROMPTS = {
    QuestionKind.NUMBER: N_("Which rule is this? Give its number (e.g. 704.5g)."),
    QuestionKind.TEXT: N_("What does rule {number} say?"),
    QuestionKind.SCENARIO: N_("What happens?"),
}


def prompt(kind: QuestionKind, lang: str, **values: str) -> str:
    """The question's prompt, in the person's language (`words_lang`), about rules in `lang`."""
    return translation(words_lang(lang)).gettext(PROMPTS[kind]).format(**values)


@dataclass
class Question:
    item: str  # the progress key: "text:es:704.5g"
    kind: QuestionKind
    lang: str
    section: str  # "704"
    prompt: str
    body: str  # what the question shows: a rule's text, a board; may be empty
    choices: list[str]  # empty: the answer is typed (a rule number)
    answer: str  # the rule number, or the 1-based number of the right choice
    explanation: list[tuple[str, Citation | None]] = field(default_factory=list)  # lines, each with its rule

    def _choice(self, reply: str) -> int | None:
        """The choice a reply names (1-based: "2", "2)", "b"), or None."""
        word = reply.strip().rstrip(".)").lower()
        if word.isdigit():
            return int(word)
        letters = "abcdefghij"[: len(self.choices)]
        return letters.index(word) + 1 if len(word) == 1 and word in letters else None

    def valid(self, reply: str) -> bool:
        """Is this an answer at all? An empty reply, a word that is no choice, a choice out of
        range, or (for a number question) something that is no rule number is asked again,
        not scored."""
        if self.choices:
            choice = self._choice(reply)
            return choice is not None and 1 <= choice <= len(self.choices)
        return rulenumbers.is_rule_number(normalise_number(reply))

    def check(self, reply: str) -> bool:
        if self.choices:
            return self._choice(reply) == int(self.answer)
        return normalise_number(reply) == self.answer


@dataclass
class Candidate:
    """A question that can be asked, not yet built."""

    item: str
    kind: QuestionKind
    section: str
    make: Callable[[random.Random], Question | None]  # None: no good question can be made of it


_RULE_WORD = re.compile(r"^(?:rule|regla|règle|regle)\s+", re.IGNORECASE)


def normalise_number(reply: str) -> str:
    """"Regla 704.5G." -> "704.5g": what a person may type for a rule number."""
    return _RULE_WORD.sub("", reply.strip()).rstrip(".").strip().lower()


def section_of(number: str) -> str:
    return str(rulenumbers.split(number)[0])


def _parent(subrule: str) -> str:
    """The rule a lettered subrule belongs to: 704.5g -> 704.5."""
    parent = rulenumbers.parent(subrule)
    if parent is None:
        raise ValueError(f"{subrule} is not a lettered subrule")
    return parent


def _text(texts: RuleTexts, number: str, lang: str) -> str:
    """The text of a subrule of the pool: `subrules` keeps only those that have one in `lang`."""
    text = texts.text(number, lang)
    if text is None:
        raise KeyError(f"no {lang} text for {number}")
    return text


def subrules(texts: RuleTexts, lang: str) -> dict[str, list[str]]:
    """Parent rule -> its lettered subrules that have text in `lang`, in rules order."""
    table: dict[str, list[str]] = defaultdict(list)
    for number in texts.numbers(lang):
        if rulenumbers.split(number)[2] and (text := texts.text(number, lang)) is not None and text.strip():
            table[_parent(number)].append(number)
    return {parent: sorted(numbers, key=rulenumbers.sort_key) for parent, numbers in table.items()}


def _number_question(texts: RuleTexts, lang: str, number: str) -> Candidate:
    def make(rng: random.Random) -> Question:
        parent = _parent(number)
        title = texts.title(parent, lang)
        where = f"{number}, in {parent}" + (f" {title}" if title else "")  # the text was just shown
        return Question(f"number:{lang}:{number}", QuestionKind.NUMBER, lang, section_of(number),
                        prompt(QuestionKind.NUMBER, lang), _text(texts, number, lang), [], number, [(where, None)])

    return Candidate(f"number:{lang}:{number}", QuestionKind.NUMBER, section_of(number), make)


def _distractors(texts: RuleTexts, lang: str, number: str, family: dict[str, list[str]], rng: random.Random) -> list[str]:
    """Three other texts of the same section that could pass for the right one: the rules most
    easily confused come first (`_likeness`: the same rule's other subrules, the nearest
    numbers, the most words in common, a like length), and three are drawn from the best five,
    so that a question asked again is not always the same. Identical texts are skipped so that
    exactly one choice is right."""
    own = _text(texts, number, lang)
    section = [n for parent, ns in family.items() if section_of(parent) == section_of(number) for n in ns]
    ranked = sorted((n for n in section if n != number), key=lambda other: -_likeness(texts, lang, number, other, section))
    best: list[str] = []
    for other in ranked:
        text = _text(texts, other, lang)
        if text != own and text not in best:
            best.append(text)
        if len(best) == 5:
            break
    return rng.sample(best, min(3, len(best)))


def _likeness(texts: RuleTexts, lang: str, number: str, other: str, order: list[str]) -> float:
    """How easily `other`'s text is taken for `number`'s: a subrule of the same rule (the same
    keyword's other subrules) counts most, then nearness in the rules' order, the share of words
    in common and a like length."""
    own, theirs = _text(texts, number, lang), _text(texts, other, lang)
    sibling = 1.0 if _parent(other) == _parent(number) else 0.0
    nearness = 1.0 / (1 + abs(order.index(other) - order.index(number)))
    own_words, their_words = set(fold(own).split()), set(fold(theirs).split())
    shared = len(own_words & their_words) / max(1, len(own_words | their_words))
    length = min(len(own), len(theirs)) / max(1, len(own), len(theirs))
    return 2 * sibling + nearness + 2 * shared + 0.5 * length


def _text_question(texts: RuleTexts, lang: str, number: str, family: dict[str, list[str]]) -> Candidate:
    def make(rng: random.Random) -> Question | None:
        right = _text(texts, number, lang)
        choices = [right, *_distractors(texts, lang, number, family, rng)]
        if len(choices) < MINIMUM_CHOICES:
            return None
        rng.shuffle(choices)
        answer = str(choices.index(right) + 1)
        return Question(f"text:{lang}:{number}", QuestionKind.TEXT, lang, section_of(number),
                        prompt(QuestionKind.TEXT, lang, number=number), "", choices, answer, [(number, texts.cite(number, lang))])

    return Candidate(f"text:{lang}:{number}", QuestionKind.TEXT, section_of(number), make)


def rule_candidates(texts: RuleTexts, lang: str, kinds: tuple[str, ...]) -> list[Candidate]:
    """Number and text questions for every lettered subrule with text in `lang`. A text
    question needs at least two distractors from its own section."""
    family = subrules(texts, lang)
    section_sizes: dict[str, int] = defaultdict(int)
    for parent, numbers in family.items():
        section_sizes[section_of(parent)] += len(numbers)
    candidates = []
    for numbers in family.values():
        for number in numbers:
            if QuestionKind.NUMBER in kinds:
                candidates.append(_number_question(texts, lang, number))
            if QuestionKind.TEXT in kinds and section_sizes[section_of(number)] >= MINIMUM_CHOICES:
                candidates.append(_text_question(texts, lang, number, family))
    return candidates


def matches_section(section: str, wanted: str | None) -> bool:
    """`--section 704` asks section 704; `--section 7` a whole chapter."""
    return wanted is None or section == wanted or (len(wanted) == 1 and section.startswith(wanted))


def build_pool(texts: RuleTexts, lang: str, kinds: tuple[str, ...] = KINDS, section: str | None = None) -> list[Candidate]:
    from mtgrules.study import quiz_scenarios  # here, not at the top: it imports this module

    pool = rule_candidates(texts, lang, kinds)
    if QuestionKind.SCENARIO in kinds:
        pool += quiz_scenarios.candidates(texts, lang)
    return [c for c in pool if matches_section(c.section, section)]
