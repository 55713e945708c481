"""What a cited rule number is now: the checker behind `mtgrules cite`.

A number means a rule only within one edition. A text citing "rule 701.28" was written against
some edition (the one it was written against, `written`); what it cites is the rule numbered
701.28 there, followed by its identity (`mtgrules.align.trace`) into the edition checked
against (`target`, the newest by default). Each cited number is then one of:

- `unchanged`: the same rule at the same number, the same text;
- `edited`: the same rule at the same number, its text changed (word-level differences given);
- `renumbered`: the rule has another number now, and nothing holds the old one;
- `reused`: the number now holds another rule (the cited rule is elsewhere, `now`, or gone):
  the dangerous case, since the citation still resolves and silently names the wrong rule;
- `removed`: the rule is gone and nothing holds its number;
- `absent`: the written edition has no such number (though another edition has);
- `unknown`: no edition has it (a typo, or not a rule number at all).

Which edition was the text written against, when the person does not say (`guess_written`)?
The one in which every cited number exists, with the rule texts nearest the words around the
citations: "701.28" next to "transform" fits 2024-06-07 (Transform) and not 2025-06-06
(Convert). Words are compared as cognate stems (`align.lexicon.cognate_form`, so Spanish
"transformar" meets "transform"), through the lexicon's translations when given ("confabular"
is connive), weighted by how rare each is among the rules (idf). The confidence is the share of
the citations whose number names different rules in different editions whose words fit the
guessed edition's rule best; 1 when no citation's rule depends on the edition.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from mtgrules import rulenumbers
from mtgrules.align.identities import Traced
from mtgrules.align.lexicon import cognate_form
from mtgrules.align.phrases import STOPWORDS
from mtgrules.align.trace import content, differs_only_in_numbers, word_diff
from mtgrules.little_words import FUNCTION_WORDS
from mtgrules.lookup.editions import short_title
from mtgrules.lookup.rule_mentions import Mention
from mtgrules.records import Record
from mtgrules.text import fold

# Worst first: the order in which a report says them, and what a citation with several numbers
# is summed up as.
STATUSES = ("reused", "removed", "unknown", "absent", "renumbered", "edited", "unchanged")
# The statuses of a citation that no longer says what it said (exit 1, `--fix` for renumbered).
STALE = frozenset({"reused", "removed", "unknown", "absent", "renumbered"})

_WORD = re.compile(r"[^\W\d_]{3,}")
_STOP = frozenset().union(*STOPWORDS.values(), *FUNCTION_WORDS.values(), {"rule", "rules", "regla", "reglas", "règle", "règles"})
_STEM = 6  # letters of a cognate form kept: "transformar" and "transform" meet, "sector" and "sectors"
_REACH = 2000  # characters read on each side of a citation: a text of any length costs the same per citation
_PARAGRAPH = re.compile(r"\n\s*\n")
_CLAUSE_END = re.compile(r"[;:]\s")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|\n(?=\s*(?:[-*#>]|\d+[.)]))")
# Weights of a word of the rule's title, of its rule's title, of its subrules' texts (a word of
# its own text weighs 1).
_TITLE, _PARENT_TITLE, _SUBRULE = 3.0, 2.0, 0.5


def keys(text: str) -> set[str]:
    """Cognate stems of the content words of a text, in any of the languages read."""
    found = set()
    for word in _WORD.findall(text):
        folded = fold(word.lower())
        if folded not in _STOP and word.lower() not in _STOP:
            if len(folded) > 4 and folded.endswith("s"):
                folded = folded[:-1]  # "battles" and "battle", "reglas" and "regla" meet
            found.add(cognate_form(folded)[:_STEM])
    return found


def context_of(prose: str, mention: Mention) -> list[tuple[str, float]]:
    """The words around a citation, each part with the weight it has as evidence of which rule
    is meant: its clause (up to a semicolon or the sentence's end) 1, the rest of its sentence
    0.5, the rest of its paragraph 0.2. "Convert (701.50) flips them. Connive is 701.47." gives
    each number its own words first, and a short "see 701.28a–c" still gets its paragraph's."""
    before = _PARAGRAPH.split(prose[max(0, mention.start - _REACH):mention.start])[-1]
    after = _PARAGRAPH.split(prose[mention.end:mention.end + _REACH])[0]
    before_sentences, after_sentences = _SENTENCE_END.split(before), _SENTENCE_END.split(after)
    sentence_before, sentence_after = before_sentences[-1], after_sentences[0]
    clause_before, clause_after = _CLAUSE_END.split(sentence_before), _CLAUSE_END.split(sentence_after)
    return [
        (clause_before[-1] + " " + clause_after[0], 1.0),
        (" ".join(clause_before[:-1] + clause_after[1:]), 0.5),
        (" ".join(before_sentences[:-1] + after_sentences[1:]), 0.2),
    ]


@dataclass(frozen=True)
class Verdict:
    """What one cited number is now (see the module for the statuses)."""

    number: str  # as cited, in the written edition
    status: str
    now: str | None  # the cited rule's number in the target edition, None when it is gone
    title: str | None  # the cited rule's title (or opening words) in the written edition
    holder: str | None = None  # `reused`: what the number holds now (title or opening words)
    of: str | None = None  # a subrule without a title: the title of its rule ("Transform")
    holder_of: str | None = None  # likewise for what the number holds now
    editions: tuple[str, ...] = ()  # `absent`: the editions that have the number
    references_only: bool = False  # `edited`: only rule numbers in its text changed
    diff: list[list[str]] | None = None  # word-level changes, when its text changed

    def to_dict(self) -> dict:
        return {
            "number": self.number, "status": self.status, "now": self.now, "title": self.title, "of": self.of,
            "holder": self.holder, "holder_of": self.holder_of,
            "editions": list(self.editions), "references_only": self.references_only, "diff": self.diff,
        }


def worst(verdicts: Iterable[Verdict]) -> str:
    """The status a citation of several numbers is summed up as: its worst."""
    found = {verdict.status for verdict in verdicts}
    return next((status for status in STATUSES if status in found), "unchanged")


def name_of(trace: Traced, edition: str, number: str) -> tuple[str | None, str | None]:
    """What names a rule in a report: its title ("Transform") or opening words, and, for a
    subrule without a title, the title of its rule ("of Transform", shown by the caller)."""
    record = trace.record(edition, number)
    if record is None:
        return None, None
    if record.title:
        return record.title, None
    parent = rulenumbers.parent(number)
    parent_record = trace.record(edition, parent) if parent and rulenumbers.split(number)[2] else None
    return short_title(record), (parent_record.title or None) if parent_record is not None else None


def verdict(trace: Traced, number: str, written: str, target: str) -> Verdict:
    """What rule `number` of edition `written` is in edition `target`."""
    record = trace.record(written, number)
    if record is None:
        having = tuple(edition for edition in trace.editions if trace.record(edition, number) is not None)
        return Verdict(number, "absent" if having else "unknown", None, None, editions=having)
    identity = trace.identity(written, number)
    now = trace.number(identity, target) if identity else None
    holder = trace.identity(target, number)
    title, of = name_of(trace, written, number)
    if holder is not None and holder != identity:
        holder_title, holder_of = name_of(trace, target, number)
        return Verdict(number, "reused", now, title, holder=holder_title, of=of, holder_of=holder_of)
    if now is None:
        return Verdict(number, "removed", None, title, of=of)
    after = trace.record(target, now)
    old_text, new_text = content(record), content(after) if after else ""
    changed = old_text != new_text
    diff = [list(span) for span in word_diff(old_text, new_text)] if changed else None
    references_only = changed and differs_only_in_numbers(old_text, new_text)
    if now != number:
        return Verdict(number, "renumbered", now, title, of=of, references_only=references_only, diff=diff)
    return Verdict(number, "edited" if changed else "unchanged", now, title, of=of, references_only=references_only, diff=diff)


# --- which edition a text was written against --------------------------------------------


@dataclass
class Guess:
    """The edition a text was most likely written against, and how sure that is."""

    edition: str
    confidence: float
    deciding: int  # citations whose rule depends on the edition
    fitting: int  # of those, how many fit the guessed edition's rule best
    missing: list[str] = field(default_factory=list)  # cited numbers the edition lacks


class Words:
    """Keys of the rules' texts and how rare each is, for comparing them with a citation's
    context. `translate` gives the English of a word of another language (the lexicon), if
    any."""

    def __init__(self, trace: Traced, target: str, translate: Callable[[str], Iterable[str]] | None = None):
        self.trace = trace
        self.translate = translate
        self._rule_keys: dict[tuple[str, str], dict[str, float]] = {}
        self._df: Counter[str] = Counter()
        self._total = 0
        if hasattr(trace, "read_editions"):
            trace.read_editions([target])
        for number in trace.numbers(target):
            found = trace.record(target, number)
            if found is not None:
                self._total += 1
                self._df.update(keys(content(found)))

    def idf(self, key: str) -> float:
        return math.log((1 + self._total) / (1 + self._df.get(key, 0))) + 0.1

    def context_keys(self, context: Sequence[tuple[str, float]]) -> dict[str, float]:
        """Key -> weight of a citation's context (`context_of`), each word also through its
        translations; a key keeps its highest weight."""
        found: dict[str, float] = {}
        for text, weight in context:
            here = keys(text)
            if self.translate is not None:
                for word in _WORD.findall(text):
                    for english in self.translate(word):
                        here |= keys(english)
            for key in here:
                found[key] = max(found.get(key, 0.0), weight)
        return found

    def rule_keys(self, edition: str, number: str) -> dict[str, float]:
        """Key -> weight for the rule numbered `number` in `edition` (empty when none)."""
        if (edition, number) not in self._rule_keys:
            weights: dict[str, float] = {}
            record = self.trace.record(edition, number)
            if record is not None:
                for key in keys(content(record)):
                    weights[key] = 1.0
                for key in keys(record.title or ""):
                    weights[key] = _TITLE
                parent = rulenumbers.parent(number)
                parent_record = self.trace.record(edition, parent) if parent else None
                for key in keys(_title(parent_record)):
                    weights[key] = max(weights.get(key, 0.0), _PARENT_TITLE)
                _, rule, letters = rulenumbers.split(number)
                if rule is not None and not letters:  # a rule whose text is in its subrules ("Connive")
                    for child in self.trace.children(edition, number):
                        child_record = self.trace.record(edition, child)
                        for key in keys(content(child_record)) if child_record else ():
                            weights[key] = max(weights.get(key, 0.0), _SUBRULE)
            self._rule_keys[(edition, number)] = weights
        return self._rule_keys[(edition, number)]

    def fit(self, context: dict[str, float], edition: str, number: str) -> float:
        """How well a citation's context fits a rule: the rarity-weighted share of the context's
        words the rule has, its title's words counting more, the words nearest the citation
        most."""
        weights = self.rule_keys(edition, number)
        if not context or not weights:
            return 0.0
        total = sum(self.idf(key) * near for key, near in context.items())
        return sum(self.idf(key) * near * weights[key] for key, near in context.items() if key in weights) / total

    def shared(self, context: dict[str, float], edition: str, number: str) -> int:
        """How many of the context's words the rule has: one word alike is no evidence of
        which rule is meant ("battles" fits every battle rule)."""
        weights = self.rule_keys(edition, number)
        return sum(key in weights for key in context)


def _title(record: Record | None) -> str:
    return (record.title or "") if record is not None else ""


# A citation is read in another edition than the text's when its words fit the rule that edition
# holds at its number this well, and this many times better than the written edition's rule.
_OWN_READING, _OWN_MARGIN = 0.3, 2.0
# Words of a citation's context a rule must have for them to name it over another (also for
# `_vote`).
_EVIDENCE = 2


def own_edition(trace: Traced, words: Words, number: str, context: dict[str, float], written: str) -> str:
    """The edition to read one citation in: the text's (`written`), unless the words around it
    clearly name the rule another edition holds at that number (a text updated in part, or a
    number written for a later edition): then the newest edition holding that rule there."""
    here = words.fit(context, written, number)
    written_identity = trace.identity(written, number)
    best: tuple[float, str] | None = None
    for edition in trace.editions:
        identity = trace.identity(edition, number)
        if identity is None or identity == written_identity:
            continue
        fit = words.fit(context, edition, number)
        if fit >= _OWN_READING and fit >= _OWN_MARGIN * here + 0.05 and words.shared(context, edition, number) >= _EVIDENCE \
                and (best is None or fit >= best[0]):
            best = (fit, edition)
    return best[1] if best else written


# A citation votes for the editions holding the rule its words fit best when that fit is at
# least this, and this many times the next rule's: a weak likeness (the same topic worded anew)
# says nothing of the edition.
_VOTE, _VOTE_MARGIN = 0.15, 1.5


def _fits(trace: Traced, words: Words, number: str, context: dict[str, float]) -> dict[str | None, float]:
    """Identity -> how well the citation's words fit it, at its best in the editions holding it
    at this number (None: the editions without the number); a fit on fewer than `_EVIDENCE`
    words counts as none."""
    by_identity: dict[str | None, float] = {}
    for edition in trace.editions:
        identity = trace.identity(edition, number)
        fit = words.fit(context, edition, number) if words.shared(context, edition, number) >= _EVIDENCE else 0.0
        by_identity[identity] = max(by_identity.get(identity, 0.0), fit)
    return by_identity


def _vote(by_identity: dict[str | None, float]) -> str | None:
    """The identity a citation's words clearly name, None when they name none clearly."""
    ranked = sorted(((fit, identity) for identity, fit in by_identity.items() if identity is not None), reverse=True)
    if not ranked:
        return None
    best, identity = ranked[0]
    second = max([fit for fit, _ in ranked[1:]] + [by_identity.get(None, 0.0)])
    return identity if best >= _VOTE and best >= _VOTE_MARGIN * second + 0.05 else None


def guess_written(trace: Traced, words: Words, cited: Sequence[tuple[str, dict[str, float]]]) -> Guess | None:
    """The edition the citations (number, its context's keys) were most likely written
    against: the one holding the most of the cited numbers, then the one holding the rules most
    citations' words clearly name (`_vote`), then the newest. None when nothing is cited."""
    if not cited:
        return None
    numbers = sorted({number for number, _ in cited}, key=rulenumbers.sort_key)
    if hasattr(trace, "preload"):
        parents = [p for p in (rulenumbers.parent(n) for n in numbers) if p]
        trace.preload([], numbers + parents)
    fits: list[tuple[str, dict[str | None, float]]] = []
    for number, context in cited:
        if len({trace.identity(edition, number) for edition in trace.editions}) >= 2:
            fits.append((number, _fits(trace, words, number, context)))  # else the same rule (or none) everywhere
    votes = [(number, _vote(by_identity)) for number, by_identity in fits]
    scored = []
    for position, edition in enumerate(trace.editions):
        held = sum(trace.record(edition, number) is not None for number in numbers)
        won = sum(identity is not None and trace.identity(edition, number) == identity for number, identity in votes)
        scored.append((held, won, position, edition))
    best = max(scored)[3]
    fitting = 0
    for number, by_identity in fits:
        top = max(by_identity.values())
        if top > 0 and by_identity.get(trace.identity(best, number), 0.0) >= top - 1e-9:
            fitting += 1
    confidence = fitting / len(fits) if fits else 1.0
    missing = [number for number in numbers if trace.record(best, number) is None]
    return Guess(best, round(confidence, 2), len(fits), fitting, missing)
