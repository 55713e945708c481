"""`mtgrules cite` as a library: one document's citations, what each cites now, and the
document with its renumbered citations rewritten.

The steps, one module each: the prose of the file (`prose`), the citations in it
(`rule_mentions`), what each cited number is now and which edition the text was written
against (`citation_status`), the rewrite (`citation_fix`). This module ties them together for
one document and keeps its bytes: it is decoded as its bytes say (a byte-order mark, else
UTF-8, else Windows-1252 when the file is clearly that: `parsers.decoding`), line ends as they
are, and a fixed text is encoded back the same way, so that only the rewritten numbers differ.
"""

from __future__ import annotations

import codecs
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from mtgrules import rulenumbers
from mtgrules.align.identities import Traced
from mtgrules.lookup import citation_fix, citation_status, prose, rule_mentions
from mtgrules.lookup.citation_status import Guess, Verdict, Words
from mtgrules.lookup.rule_mentions import Mention

_BOMS = ((codecs.BOM_UTF32_LE, "utf-32"), (codecs.BOM_UTF32_BE, "utf-32"), (codecs.BOM_UTF8, "utf-8-sig"),
         (codecs.BOM_UTF16_LE, "utf-16"), (codecs.BOM_UTF16_BE, "utf-16"))


@dataclass(frozen=True)
class Document:
    """A document as read: its name, text (line ends as in the file), kind and encoding."""

    name: str
    text: str
    kind: str
    encoding: str

    @classmethod
    def from_bytes(cls, name: str, data: bytes, kind: str | None = None) -> Document:
        """Decoded as its bytes say; `ParseError` naming the line for bytes that are no text."""
        for bom, encoding in _BOMS:
            if data.startswith(bom):
                return cls(name, data.decode(encoding), kind or prose.kind_of(name), encoding)
        try:
            text = data.decode("utf-8")
            encoding = "utf-8"
        except UnicodeDecodeError:
            from mtgrules.parsers import decoding

            decoding.decode(data, name)  # raises, naming the line, unless the file is clearly Windows-1252
            text, encoding = data.decode("cp1252"), "cp1252"
        return cls(name, text, kind or prose.kind_of(name), encoding)

    def encode(self, text: str) -> bytes:
        return text.encode(self.encoding)


@dataclass
class Citation:
    """One citation of a document: where it is, as written, and what each of its numbers is now."""

    mention: Mention
    written: str  # the citation as the document has it (an HTML entity as written)
    line: int
    column: int
    verdicts: list[Verdict]
    read_as: str | None = None  # the edition its own words say it was written for, when not the text's
    edits: list[citation_fix.Edit] = field(default_factory=list)
    left: list[citation_fix.Left] = field(default_factory=list)  # ranges not rewritten

    @property
    def status(self) -> str:
        return citation_status.worst(self.verdicts)

    def fix(self) -> str | None:
        """The citation as `--fix` writes it, None when it is left as it is."""
        if not self.edits:
            return None
        start = self.mention.start
        shifted = [citation_fix.Edit(e.start - start, e.end - start, e.old, e.new) for e in self.edits]
        return citation_fix.apply(self.written, shifted)

    def to_dict(self, document: str, written: str, target: str) -> dict:
        return {
            "file": document, "line": self.line, "column": self.column, "text": self.written,
            "status": self.status, "written": self.read_as or written, "edition": target,
            "numbers": [verdict.to_dict() for verdict in self.verdicts], "fix": self.fix(),
            "not_rewritten": [{"range": left.part, "now": list(left.now)} for left in self.left],
        }


@dataclass
class Report:
    """What `cite` found in one document, against one edition."""

    document: Document
    written: str
    guess: Guess | None  # None when `written` was given (or nothing is cited)
    target: str
    citations: list[Citation]

    def fixed(self) -> str:
        """The document's text with its renumbered citations rewritten, all else as it was."""
        return citation_fix.apply(self.document.text, [edit for c in self.citations for edit in c.edits])


def _place(text: str, offset: int) -> tuple[int, int]:
    """1-based line and column of an offset (a line ends at "\\n")."""
    line = text.count("\n", 0, offset) + 1
    start = text.rfind("\n", 0, offset) + 1
    return line, offset - start + 1


def check(document: Document, trace: Traced, target: str, written: str | None = None,
          words: Words | None = None) -> Report:
    """The citations of `document`, each checked from the edition it was written against
    (`written`, else the guess, which yields to a citation whose own words clearly name the
    rule a later or earlier edition holds at its number) to `target`. A bare number that no edition has (a price,
    100.50) is no citation and is left out; one after a word for "rule" is reported."""
    readable = prose.prose(document.text, document.kind)
    found = rule_mentions.mentions(readable)
    words = words or Words(trace, target)
    if hasattr(trace, "preload"):  # every number's rows and records at once, not one query each
        numbers = list(dict.fromkeys(n for m in found for n in m.numbers))
        parents = [p for p in (rulenumbers.parent(n) for n in numbers) if p]
        trace.preload([], numbers + parents)
    contexts = {id(m): words.context_keys(citation_status.context_of(readable, m)) for m in found}
    known = [m for m in found if m.prefixed or any(_anywhere(trace, n) for n in m.numbers)]
    guess = None
    if written is None:
        guess = citation_status.guess_written(trace, words, [(n, contexts[id(m)]) for m in known for n in m.numbers])
        written = guess.edition if guess else target
    cache: dict[tuple[str, str], Verdict] = {}
    citations = []
    for mention in known:
        context = contexts[id(mention)]
        own = written
        if guess is not None:  # a guessed edition yields to a citation's own clear words; a given one does not
            readings = {citation_status.own_edition(trace, words, n, context, written) for n in mention.numbers}
            own = next(iter(readings)) if len(readings) == 1 else written

        def verdict_of(number: str, edition: str = own) -> Verdict:
            if (number, edition) not in cache:
                cache[(number, edition)] = citation_status.verdict(trace, number, edition, target)
            return cache[(number, edition)]

        line, column = _place(document.text, mention.start)
        edits, left = citation_fix.mention_edits(mention, verdict_of)
        verdicts = [verdict_of(n) for n in mention.numbers]
        written_text = document.text[mention.start:mention.end]
        citations.append(Citation(mention, written_text, line, column, verdicts, own if own != written else None, edits, left))
    return Report(document, written, guess, target, citations)


def _anywhere(trace: Traced, number: str) -> bool:
    return any(trace.record(edition, number) is not None for edition in trace.editions)


def lexicon_translator(corpus) -> Callable[[str], Iterable[str]]:
    """The English of a word of another language, as the lexicon (committed pairs and those
    learned from the corpus) gives it: what lets "confabular" near a number mean connive."""
    from mtgrules.lookup.term_lexicon import MIN_SCORE, TermLexicon

    lexicon = TermLexicon.load(corpus)
    remembered: dict[str, list[str]] = {}

    def translate(word: str) -> list[str]:
        if word not in remembered:
            remembered[word] = [pair.english for pair in lexicon.whole(word) if pair.lang != "en" and pair.score >= MIN_SCORE][:3]
        return remembered[word]

    return translate
