"""Rule identity across editions: which rule of one English edition is which rule of another.

Why
---
A rule number is a key only inside one edition. Editions renumber: Transform is 701.28 in the
2024-06-07 edition and 701.27 from 2025-06-06; Convert is 701.50 in 2024 and 701.28 from 2025;
701.50 is Connive from 2025 (701.47 before). Pairing texts by number pairs different rules. This
module works out, from the texts alone, which rules of two editions are the same rule, and chains
those matches into identities that hold across every edition given.

What is compared
----------------
Every English rule, subrule, section and chapter heading of an edition is an *item*: its number,
its place in the tree (chapter 7 > section 701 > rule 701.28 > subrule 701.28a, by
`rulenumbers.parent`), its position among its siblings, and its *content*: title, text and
examples. Items are compared by their content's *skeleton*: case-folded words, every rule number
replaced by one placeholder, so that "This follows rules 701.28a–f" and "This follows rules
701.27a–f" read alike: a reference that follows a renumbering says nothing about whether the
rule itself is another. Text similarity is difflib's ratio over the skeleton words (word order
counts: "can't transform" is not "transform can't"), or, when the shorter text is mostly found
in the longer, 0.8 times the share found (an example or a sentence added or dropped leaves the
rule itself: 118.3c lost its example in 2025-06-06), after a cheap word-set filter.

How two editions are matched
----------------------------
The match is an assignment: each old item is paired with at most one new item and each new item
with at most one old item. Number equality is never evidence on its own; it only breaks ties
between texts that are alike. The match is built in three stages.

1. Anchors. An item whose content occurs exactly once in each edition, at the same depth, is
   the same rule in both, wherever its number went; then likewise by skeleton, among the items
   still unpaired (a rule whose only change is the numbers it cites). Most rules are anchors
   (texts kept word for word), and so are the titled keyword rules ("Transform", "Convert",
   "Connive") however they were renumbered. Skeletons are computed only for what identical
   content leaves unpaired: they cost more than everything else about an item.
2. Level by level from the top of the tree (chapters, sections, rules, subrules), so that an
   item's parent is matched before the item:
   a. Within matched parents. The unmatched children of an old parent and of its new counterpart
      are paired by the Hungarian method (`align.assignment`) over a score made of
      - the text similarity; for rules with subrules, the mean of that and the share of their
        subrules already matched to each other when that is higher (a keyword rule renamed
        keeps its subrules);
      - structure: +0.1 for the same number, +0.1 when a neighbour is matched to the
        counterpart's neighbour (the order of siblings is kept).
      A pair is kept when its similarity reaches 0.5, or 0.3 with structural support: a rule
      rewritten in place stays itself (903.12c, 2025-06-06 to 2026-01-16, says who may be a
      commander in new words: similarity 0.34), a different text in the same slot is a
      replacement.
   b. Across the edition. What is still unmatched at this level is paired on content alone (a
      rule moved to another section, a subrule to another rule), greedily from the most similar
      pair down (as lunakv/academyruins-api's matcher does), and only at a similarity of 0.6 or
      more: without structure, only a strong likeness says it is the same rule.
   Last, rules and subrules still unmatched are paired across the two levels the same way (609.8
   became 608.2i in 2025-06-06; 903.11 became 903.11a in 2026-01-16).
3. Classification of each rule between the two editions:
   - unchanged: same number, same content (white space aside);
   - edited: same number, other content (`references_only` when only rule numbers in the text
     differ: the rule was only updated for a renumbering elsewhere);
   - moved: another number, with or without edits (`text_changed`);
   - replaced: the old rule at a number has no counterpart and the new rule at that number has
     none either: the number now holds a different rule;
   - added, removed: no counterpart, and the number was not reused by an unmatched rule.

Identities
----------
Consecutive editions (by effective date) are matched and the matches chained
(`chain_identities`). A rule's identity is named after where it first appears among the
editions given: `"2024-06-07/701.47"` is Connive, which is 701.50 from 2025-06-06. Identities are therefore stable when newer editions are
added; adding an edition older than, or between, those already traced renames the identities
whose first appearance changes, so whoever persists them re-traces on each ingest (all five
shared editions take well under a second). A rule removed and later re-added gets a new
identity: only consecutive editions are compared.

Changes between any two editions (consecutive or not, in either order) are derived from the
identities: the rules whose identity is in both, in one only, and the numbers reused.

Glossary entries are not traced: they are keyed by their term, not by number.
"""

from __future__ import annotations

import difflib
import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property

from mtgrules import rulenumbers
from mtgrules.align.assignment import best_assignment
from mtgrules.records import Record

CHANGE_KINDS = ("unchanged", "edited", "moved", "replaced", "added", "removed")

# Similarity a pair needs: with structural support (same slot or neighbours kept), without it
# inside matched parents, and across the edition.
_KEEP_WITH_STRUCTURE = 0.3
_KEEP_IN_PARENT = 0.5
_KEEP_ANYWHERE = 0.6
# A pair must share this share of the distinct words of the shorter before it is compared.
_WORD_SET_FLOOR = 0.3
# A text found in another counts this much (times the share found), from this many words on.
_CONTAINED, _CONTAINED_WORDS = 0.8, 6

# Rule numbers (701.28a, 704.5aa, and section numbers such as 714), with a range's end
# (701.27a–f, 712.9–10): one placeholder each in the skeleton.
_RULE_REFERENCE = re.compile(r"\b\d{3}(?:\.\d+[a-z]{0,2})?(?:[\u2013\u2014-](?:\d{3}\.)?\d*[a-z]{0,2}\b)?")
# Punctuation the rules use, read as a space (apostrophes vanish: "can’t" is one word).
_PUNCTUATION = str.maketrans({**dict.fromkeys("!\"#$%&()*+,./:;<=>?@[\\]^_`{|}~“”‘«»–—…•·", " "), "'": None, "’": None})
_PLACEHOLDER = " ruleref "  # a word no rule uses


def content(record: Record) -> str:
    """What a rule or section says: title, text and examples, white space normalised. Two
    editions' versions of a rule are unchanged when this is equal."""
    parts = [record.title] if record.title and record.title != record.text else []
    parts += [record.text, *record.examples]
    return "\n".join(" ".join(part.split()) for part in parts if part)


def skeleton(text: str) -> str:
    """Case-folded words with each rule number (or range of them) as one placeholder."""
    return " ".join(_RULE_REFERENCE.sub(_PLACEHOLDER, text).casefold().translate(_PUNCTUATION).split())


def depth(number: str) -> int:
    """0 for a chapter (7), 1 a section (701), 2 a rule (701.28), 3 a subrule (701.28a)."""
    _, rule, letters = rulenumbers.split(number)
    if rule is None:
        return 0 if len(number) == 1 else 1
    return 3 if letters else 2


def order_key(number: str) -> tuple:
    """Document order: chapter 7 just before section 700, then rules order."""
    if len(number) == 1:
        return (int(number) * 100, -2, -1)
    return rulenumbers.sort_key(number)


@dataclass
class _Item:
    number: str
    record: Record
    content: str
    depth: int
    parent: str | None

    @cached_property
    def key(self) -> str:
        """The skeleton, computed only for the few items that identical content does not
        pair (it costs more than everything else about an item)."""
        return skeleton(self.content)

    @cached_property
    def words(self) -> list[str]:
        return self.key.split()

    @cached_property
    def word_set(self) -> frozenset[str]:
        return frozenset(self.words)


class _Edition:
    """One English edition's rules and sections, arranged for matching."""

    def __init__(self, records: Iterable[Record]):
        self.items: dict[str, _Item] = {}
        for record in records:
            if record.number and rulenumbers.is_rule_number(record.number):
                text = content(record)
                self.items[record.number] = _Item(record.number, record, text, depth(record.number), rulenumbers.parent(record.number))
        self.children: dict[str | None, list[str]] = defaultdict(list)
        for number in sorted(self.items, key=order_key):
            self.children[self.items[number].parent].append(number)

    def neighbours(self, number: str) -> tuple[str | None, str | None]:
        siblings = self.children[self.items[number].parent]
        at = siblings.index(number)
        return (siblings[at - 1] if at else None), (siblings[at + 1] if at + 1 < len(siblings) else None)


def text_similarity(a: _Item, b: _Item) -> float:
    """How alike two items' skeletons are, in 0..1: difflib's ratio over their words, or, when
    the shorter (of six words or more) is mostly found in the longer, 0.8 times the share of it
    found there (an example or a sentence added or dropped leaves the rule itself). 0 when they
    share too few distinct words to be worth comparing."""
    if a.key == b.key:
        return 1.0
    shorter = min(len(a.word_set), len(b.word_set))
    if not shorter or len(a.word_set & b.word_set) / shorter < _WORD_SET_FLOOR:
        return 0.0
    matcher = difflib.SequenceMatcher(None, a.words, b.words, autojunk=False)
    matched = sum(block.size for block in matcher.get_matching_blocks())
    ratio = 2 * matched / (len(a.words) + len(b.words))
    least = min(len(a.words), len(b.words))
    return max(ratio, _CONTAINED * matched / least) if least >= _CONTAINED_WORDS else ratio


class _Matcher:
    """The match between two editions, built as the module docstring says."""

    def __init__(self, old: _Edition, new: _Edition):
        self.old, self.new = old, new
        self.forward: dict[str, str] = {}
        self.backward: dict[str, str] = {}

    def pair(self, old: str, new: str) -> None:
        self.forward[old] = new
        self.backward[new] = old

    def run(self) -> dict[str, str]:
        self.anchor()
        for level in range(4):
            self.within_parents(level)
            self.across((level,))
        self.across((2, 3))  # a rule become a subrule, or the reverse
        return self.forward

    def anchor(self) -> None:
        """Pair items whose content, then whose skeleton, is found once on each side (among
        the items not yet paired), at the same depth."""
        for attribute in ("content", "key"):
            old_free = [item for item in self.old.items.values() if item.number not in self.forward]
            new_free = [item for item in self.new.items.values() if item.number not in self.backward]
            old_counts = Counter((item.depth, getattr(item, attribute)) for item in old_free)
            new_counts = Counter((item.depth, getattr(item, attribute)) for item in new_free)
            new_by_signature = {(item.depth, getattr(item, attribute)): item.number for item in new_free}
            for item in old_free:
                signature = (item.depth, getattr(item, attribute))
                if old_counts[signature] == 1 and new_counts[signature] == 1:
                    self.pair(item.number, new_by_signature[signature])

    def within_parents(self, level: int) -> None:
        parents: list[tuple[str | None, str | None]] = [(None, None)] if level == 0 else [
            (old, new) for old, new in self.forward.items() if self.old.items[old].depth == level - 1
        ]
        for old_parent, new_parent in parents:
            old_free = [n for n in self.old.children.get(old_parent, []) if n not in self.forward]
            new_free = [n for n in self.new.children.get(new_parent, []) if n not in self.backward]
            if not old_free or not new_free:
                continue
            scores = [[self.score_in_parent(a, b) for b in new_free] for a in old_free]
            for row, column in enumerate(best_assignment(scores)):
                if column is not None and scores[row][column] > 0:
                    self.pair(old_free[row], new_free[column])

    def score_in_parent(self, old: str, new: str) -> float:
        """Evidence plus structure, or 0 when the pair is not kept."""
        a, b = self.old.items[old], self.new.items[new]
        evidence = text_similarity(a, b)
        support = self.children_support(old, new)
        if support is not None:
            evidence = max(evidence, (evidence + support) / 2)
        structure = 0.1 * (old == new) + 0.1 * self.neighbours_kept(old, new)
        if evidence >= _KEEP_IN_PARENT or (evidence >= _KEEP_WITH_STRUCTURE and structure > 0):
            return evidence + structure
        return 0.0

    def children_support(self, old: str, new: str) -> float | None:
        """Share of the two rules' subrules matched to each other; None when neither has any."""
        old_children, new_children = self.old.children.get(old, []), self.new.children.get(new, [])
        if not old_children and not new_children:
            return None
        new_set = set(new_children)
        linked = sum(self.forward.get(child) in new_set for child in old_children)
        return 2 * linked / (len(old_children) + len(new_children))

    def neighbours_kept(self, old: str, new: str) -> bool:
        old_before, old_after = self.old.neighbours(old)
        new_before, new_after = self.new.neighbours(new)
        return (old_before is not None and self.forward.get(old_before) == new_before) or (
            old_after is not None and self.forward.get(old_after) == new_after
        )

    def across(self, levels: tuple[int, ...]) -> None:
        old_free = [i for i in self.old.items.values() if i.depth in levels and i.number not in self.forward]
        new_free = [i for i in self.new.items.values() if i.depth in levels and i.number not in self.backward]
        edges = []
        for a in old_free:
            for b in new_free:
                similarity = text_similarity(a, b)
                if similarity >= _KEEP_ANYWHERE:
                    edges.append((similarity, order_key(a.number), order_key(b.number), a.number, b.number))
        for _, _, _, old, new in sorted(edges, key=lambda edge: (-edge[0], edge[1], edge[2])):
            if old not in self.forward and new not in self.backward:
                self.pair(old, new)


def differs_only_in_numbers(old: str, new: str) -> bool:
    """True when two different texts are the same once every rule number is set aside: the
    rule was only updated for a renumbering elsewhere."""
    return old != new and _RULE_REFERENCE.sub(_PLACEHOLDER, old) == _RULE_REFERENCE.sub(_PLACEHOLDER, new)


def match_editions(old: Iterable[Record], new: Iterable[Record]) -> dict[str, str]:
    """Old number -> new number for the rules and sections of two English editions that are
    the same rule. Numbers missing on either side have no counterpart. Two editions that say
    the same at the same numbers (an edition ingested again under another date) are matched
    number to number at once: the full match gives the same, item by item."""
    old_edition, new_edition = _Edition(old), _Edition(new)
    if old_edition.items.keys() == new_edition.items.keys() and all(
            item.content == new_edition.items[number].content for number, item in old_edition.items.items()):
        return {number: number for number in old_edition.items}
    return _Matcher(old_edition, new_edition).run()


@dataclass(frozen=True)
class Change:
    """What became of one rule between two editions.

    `old_identity` and `new_identity` are equal for unchanged, edited and moved rules; one of
    them is None for added and removed rules; both are set and different for a replaced number.
    """

    kind: str  # one of CHANGE_KINDS
    old: str | None  # the number in the old edition
    new: str | None  # the number in the new edition
    old_identity: str | None
    new_identity: str | None
    text_changed: bool = False  # edited, replaced, and moved with edits
    references_only: bool = False  # the texts differ only in rule numbers

    @property
    def number(self) -> str:
        """Where the change is listed: its number in the new edition, else in the old."""
        return self.new or self.old or ""


@dataclass(frozen=True)
class Step:
    """One edition in the history of an identity: its number there (None when absent), and
    what changed since the previous edition given (None for the first edition, and while
    absent)."""

    edition: str
    number: str | None
    change: Change | None


def chain_identities(previous: dict[str, str] | None, match: dict[str, str], edition: str, numbers: Iterable[str]) -> dict[str, str]:
    """Number -> identity for an edition: a number matched to a rule of the previous edition
    (`previous`: its number -> identity; None for the first edition) keeps that identity, any
    other is a new identity named "<edition>/<number>". This is all a store needs to extend
    persisted identities when a newer edition arrives: `chain_identities(ids_of_newest,
    match_editions(newest, arriving), arriving_date, arriving_numbers)`."""
    inherited = {new: previous[old] for old, new in match.items()} if previous else {}
    return {number: inherited.get(number, f"{edition}/{number}") for number in numbers}


def english_editions(records: Iterable[Record]) -> list[str]:
    """The effective dates of the English editions among `records`, oldest first: what a
    command resolves `latest` or a date against before tracing only what it needs."""
    return sorted({r.edition for r in records if r.lang == "en" and r.kind in ("rule", "section") and r.edition})


class Trace:
    """Rule identities across the English editions among `records` (any records: the whole
    corpus, as `mtgrules.align.linking.all_records()` gives it; the English rule and section
    records that name their edition are used). `editions` limits the trace to those editions
    (a diff of two needs only the editions from one to the other); identities are then named
    after the first of them.
    """

    def __init__(self, records: Iterable[Record], editions: Iterable[str] | None = None):
        wanted = None if editions is None else set(editions)
        grouped: dict[str, list[Record]] = defaultdict(list)
        for record in records:
            edition = record.edition if record.lang == "en" and record.kind in ("rule", "section") else None
            if edition and (wanted is None or edition in wanted):
                grouped[edition].append(record)
        self.editions: list[str] = sorted(grouped)
        self._editions = {edition: _Edition(grouped[edition]) for edition in self.editions}
        self._identities: dict[str, dict[str, str]] = {}  # edition -> number -> identity
        self._numbers: dict[str, dict[str, str]] = defaultdict(dict)  # identity -> edition -> number
        self._changes: dict[tuple[str, str], list[Change]] = {}
        self._changes_by_identity: dict[tuple[str, str], dict[str, Change]] = {}
        previous: str | None = None
        for edition in self.editions:
            match = _Matcher(self._editions[previous], self._editions[edition]).run() if previous else {}
            before = self._identities[previous] if previous else None
            self._identities[edition] = chain_identities(before, match, edition, self._editions[edition].items)
            for number, identity in self._identities[edition].items():
                self._numbers[identity][edition] = number
            previous = edition

    @property
    def newest(self) -> str | None:
        return self.editions[-1] if self.editions else None

    def record(self, edition: str, number: str) -> Record | None:
        """The English record numbered `number` in `edition`, None when there is none."""
        item = self._editions[edition].items.get(number) if edition in self._editions else None
        return item.record if item else None

    def numbers(self, edition: str) -> list[str]:
        """The rules and sections of an edition, in document order."""
        return sorted(self._editions[edition].items, key=order_key) if edition in self._editions else []

    def children(self, edition: str, number: str) -> list[str]:
        """The numbers directly under `number` in an edition, in order."""
        return list(self._editions[edition].children.get(number, [])) if edition in self._editions else []

    def identity(self, edition: str, number: str) -> str | None:
        """The identity of the rule numbered `number` in `edition`, None when there is none."""
        return self._identities.get(edition, {}).get(number)

    def identities(self, edition: str) -> dict[str, str]:
        """Number -> identity for every rule and section of an edition."""
        return dict(self._identities.get(edition, {}))

    def number(self, identity: str, edition: str) -> str | None:
        """The number of an identity in an edition, None when the rule is not in it."""
        return self._numbers.get(identity, {}).get(edition)

    def history(self, identity: str) -> list[Step]:
        """One step per edition traced, oldest first."""
        steps: list[Step] = []
        previous: str | None = None
        for edition in self.editions:
            number = self.number(identity, edition)
            change = None
            if previous is not None and (number is not None or self.number(identity, previous) is not None):
                change = self._by_identity(previous, edition).get(identity)
            steps.append(Step(edition, number, change))
            previous = edition
        return steps

    def _by_identity(self, old: str, new: str) -> dict[str, Change]:
        if (old, new) not in self._changes_by_identity:
            self._changes_by_identity[(old, new)] = {
                identity: change for change in self.changes(old, new)
                for identity in (change.old_identity, change.new_identity) if identity
            }
        return self._changes_by_identity[(old, new)]

    def changes(self, old: str, new: str) -> list[Change]:
        """Every rule and section of two traced editions (consecutive or not, in either order)
        and what became of it, in document order (removed rules at their old place).
        Unchanged rules are included. Raises KeyError for an edition not traced."""
        if (old, new) not in self._changes:
            self._changes[(old, new)] = self._compare(old, new)
        return self._changes[(old, new)]

    def _compare(self, old: str, new: str) -> list[Change]:
        missing = [edition for edition in (old, new) if edition not in self._editions]
        if missing:
            raise KeyError(f"edition not traced: {', '.join(missing)}")
        old_items, new_items = self._editions[old].items, self._editions[new].items
        old_ids, new_ids = self._identities[old], self._identities[new]
        new_by_identity = {identity: number for number, identity in new_ids.items()}
        changes: list[Change] = []
        removed: dict[str, str] = {}  # number -> identity
        for number, identity in old_ids.items():
            counterpart = new_by_identity.get(identity)
            if counterpart is None:
                removed[number] = identity
                continue
            a, b = old_items[number], new_items[counterpart]
            changed = a.content != b.content
            kind = "moved" if counterpart != number else ("edited" if changed else "unchanged")
            changes.append(Change(kind, number, counterpart, identity, identity, changed, differs_only_in_numbers(a.content, b.content)))
        old_identities = set(old_ids.values())
        for number, identity in new_ids.items():
            if identity in old_identities:
                continue
            if number in removed:
                changes.append(Change("replaced", number, number, removed.pop(number), identity, True))
            else:
                changes.append(Change("added", None, number, None, identity))
        changes.extend(Change("removed", number, None, identity, None) for number, identity in removed.items())
        return sorted(changes, key=lambda change: order_key(change.number))


# Words, runs of white space, and single other characters: "701.27a–f," is "701.27a", "–",
# "f", ",". A rule number stays one token.
_TOKEN = re.compile(r"\s+|\d{3}\.\d+[a-z]*|\w+(?:['’]\w+)*|[^\w\s]")


def word_diff(old: str, new: str) -> list[tuple[str, str]]:
    """Word-level differences: ("equal" | "delete" | "insert", text) spans, in order.
    Joining the equal and delete spans gives `old`; the equal and insert spans give `new`.
    A change that spans several words is one deleted and one inserted span, not a word-by-word
    interleaving around the spaces they share."""
    a, b = _TOKEN.findall(old), _TOKEN.findall(new)
    keys_a = [" " if token.isspace() else token for token in a]
    keys_b = [" " if token.isspace() else token for token in b]
    # [old text, new text, "equal" | "change"] per run of tokens.
    segments: list[list[str]] = []

    def add(old_part: str, new_part: str, kind: str) -> None:
        if segments and segments[-1][2] == kind:
            segments[-1][0] += old_part
            segments[-1][1] += new_part
        else:
            segments.append([old_part, new_part, kind])

    matcher = difflib.SequenceMatcher(None, keys_a, keys_b, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag != "equal":
            add("".join(a[i1:i2]), "".join(b[j1:j2]), "change")
            continue
        for old_token, new_token in zip(a[i1:i2], b[j1:j2]):  # white space may differ
            add(old_token, new_token, "equal" if old_token == new_token else "change")
    merged: list[list[str]] = []
    for index, segment in enumerate(segments):
        lone_space = (
            segment[2] == "equal" and not segment[0].strip()
            and 0 < index < len(segments) - 1 and segments[index - 1][2] == segments[index + 1][2] == "change"
        )
        kind = "change" if lone_space else segment[2]
        if merged and merged[-1][2] == kind:
            merged[-1][0] += segment[0]
            merged[-1][1] += segment[1]
        else:
            merged.append([segment[0], segment[1], kind])
    spans: list[tuple[str, str]] = []
    for old_part, new_part, kind in merged:
        if kind == "equal":
            spans.append(("equal", old_part))
            continue
        if old_part:
            spans.append(("delete", old_part))
        if new_part:
            spans.append(("insert", new_part))
    return spans


def changes_by_kind(changes: Sequence[Change]) -> dict[str, int]:
    """How many changes of each kind, every kind present (0 when none)."""
    counts = Counter(change.kind for change in changes)
    return {kind: counts.get(kind, 0) for kind in CHANGE_KINDS}
