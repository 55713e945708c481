"""Parser of the official Comprehensive Rules text (and translations laid out the same way).

The document, as Wizards publishes it, is one pass of blocks in a fixed order:

    title
    effective date ("These rules are effective as of August 7, 2026.")
    introduction (paragraphs)
    a heading, then the table of contents: "1. Game Concepts", "100. General", … then one
        unnumbered line per back-matter part: the glossary's heading, the credits' heading
    the body: chapter and section headings exactly as listed in the contents, each section
        followed by its rules ("100.1. …") and subrules ("100.1a …"), each rule possibly
        followed by lines of examples ("Example: …")
    the glossary heading, then entries: a term line, its definition lines, a blank line
    the credits heading and the credits (not parsed)

Every part is found by this STRUCTURE, never by English words: the contents are the run of
lines that starts with the first "1. …" line, they end where their first line comes back as
the body's first heading, and the last two contents entries name the glossary's and the
credits' headings in the document's own language ("Glossary"/"Credits", "词汇表"/"版权信息").
So the Chinese translation parses with the same code.

Like taw/magic-search-engine's comp_rules.rb, the parser stops with a ParseError naming the
file, the line and what it expected wherever the document leaves this structure (a heading
missing or out of order, a rule number going backwards or outside its section, a subrule
without its rule, a glossary term without definition, a file ending before the credits),
instead of guessing.

Choices made for the records:
- `Example:` paragraphs keep their label ("Example: …", "例如：…"): removing it would mean
  knowing the word in every language, and a reader sees where the example starts.
- Paragraphs within one rule or one glossary definition are joined with "\\n" whether the file
  put them on separate lines or joined them with U+2028 (see `_paragraphs`).
- The introduction and the credits produce no records. Section records carry the heading's
  number and title and no text.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from mtgrules.errors import ParseError
from mtgrules.i18n import _
from mtgrules.parsers.decoding import lines, read_document, text_of
from mtgrules.parsers.effective_dates import find_date
from mtgrules.parsers.language import detect_document
from mtgrules.records import Record
from mtgrules.rulenumbers import parent, references, sort_key, split

Row = tuple[int, str]  # (1-based line number in the file, line as decoded)

# "1. Game Concepts" (a chapter) or "100. General" (a section), in the contents and the body.
_HEADING = re.compile(r"([0-9]|[0-9]{3})\.\s+(\S.*)")
# Any line that starts with a rule number is a rule line: `_RULE` must then read it in full.
_RULE_START = re.compile(r"[0-9]{3}\.[0-9]+[a-z]*")
# "701.50. Connive", "701.50a Text". Subrule letters skip l and o and have at most two places.
# The period after the number is optional both ways: the official files print "119.1d." and
# "606.5" once each (2026-08-07) against their own convention.
_RULE = re.compile(r"([0-9]{3}\.[0-9]+(?:[a-km-np-z]{1,2})?)\.?\s+(\S.*)")
# Line and paragraph separators inside one line: the 2026-08-07 file joins a rule's second
# paragraph and a glossary definition's numbered senses with U+2028 where older files start
# a new (indented) line.
_INLINE_BREAK = re.compile("[\u2028\u2029]")
# Punctuation that ends or splits sentences; a rule text holding none of it can be a title.
_SENTENCE_PUNCTUATION = re.compile(r"[.!?;:。！？；：]")
_TITLE_LENGTH = 64
# "Example:" or "例如：": the word an example paragraph is labelled with.
_LABEL = re.compile(r"(\w+)\s*[:：]")


@dataclass
class Edition:
    """One edition of the rules in one language: what `parse` returns."""

    lang: str
    effective: str  # ISO date
    source: str  # path as given
    contents: list[tuple[str, str]]  # ("1", "Game Concepts"), ("100", "General"), ("", "Glossary")
    records: list[Record]  # sections, rules, glossary entries, in document order

    def rules(self) -> list[Record]:
        """The numbered rules and subrules, without section headings and glossary entries."""
        return [record for record in self.records if record.kind == "rule"]


def parse_file(path: str | Path, lang: str | None = None) -> Edition:
    return parse(read_document(path), str(path), lang)


def parse(data: bytes | str, source: str, lang: str | None = None) -> Edition:
    """Parse a Comprehensive Rules document. Raises ParseError, and nothing else, on bad input.

    `lang=None` reads the language from the introduction (`_language_of`); a document whose
    introduction names none needs its language named.

    Give bytes (the parser decodes them), or text decoded without newline translation: Python's
    text mode reads the `\r\r\n` of some copies as two line ends, a blank line after every
    line, which splits glossary terms from their definitions."""
    rows = list(enumerate(lines(text_of(data, source)), start=1))
    start = _contents_start(rows, source)
    effective, english_date = _effective_date(rows[:start], source, rows[start][0])
    lang = lang or _language_of(rows[:start], english_date, source)
    contents, body = _read_contents(rows, start, source)
    body_parser = _Body(source, lang, effective, contents)
    glossary_start = body_parser.read(rows, body)
    glossary = _read_glossary(rows, glossary_start, contents[-1][1], source, lang, effective)
    return Edition(lang, effective, source, contents, body_parser.records + glossary)


def looks_like_comprehensive_rules(text: str) -> bool:
    """Cheap check for choosing a parser: a contents line "1. …" followed by a section line
    "100. …" near the top, and a rule "100.1" somewhere. No words, so any language passes."""
    head = [line.strip() for line in lines(text[:40000]) if line]
    has_contents = any(
        _chapter_then_section(first, second) for first, second in itertools.pairwise(head)
    )
    return has_contents and re.search(r"^100\.1\.?\s", text, re.MULTILINE) is not None


def _chapter_then_section(first: str, second: str) -> bool:
    chapter, section = _HEADING.fullmatch(first), _HEADING.fullmatch(second)
    return bool(chapter and section and len(chapter[1]) == 1 and section[1] == f"{chapter[1]}00")


# --- front matter --------------------------------------------------------------------------


def _contents_start(rows: list[Row], source: str) -> int:
    """Index of the first contents entry: the first line "1. …" (chapter 1). The heading above
    it ("Contents", "目录") is a word we need not know."""
    for index, (_number, line) in enumerate(rows):
        heading = _HEADING.fullmatch(line.strip())
        if heading and heading[1] == "1":
            return index
    raise ParseError(
        source,
        _("no table of contents: expected a line '1. <chapter title>' followed by '100. <section title>'"),
        mend=_("is this the Comprehensive Rules text?"),
    )


def _effective_date(front: list[Row], source: str, contents_line: int) -> tuple[str, bool]:
    """The first date written above the contents: the "effective as of" line. The credits at the
    end repeat it; the top one is read so a truncated file still has its date."""
    for _number, line in front:
        found = find_date(line)
        if found:
            return found
    raise ParseError(source, _("no effective date above the table of contents"), line=contents_line)


def _language_of(front: list[Row], english_date: bool, source: str) -> str:
    """Without `--lang`, the document's language is read from its introduction: English when
    the date names the month first in English and the prose is English; a translation by its
    script or its function words (`detect_document`: 规则 is Chinese, "las reglas" Spanish). A
    text that says neither is refused with the mend, never guessed."""
    prose = " ".join(line for _, line in front)
    found = detect_document(prose)
    if found == "en" and english_date:
        return "en"
    if found is not None and found != "en":
        return found
    raise ParseError(
        source,
        _("cannot tell which language this rules document is in"),
        mend=_("name it with --lang, for example --lang zh"),
    )


def _read_contents(rows: list[Row], start: int, source: str) -> tuple[list[tuple[str, str]], int]:
    """The contents entries and the index where the body starts (the first entry again).

    Numbered entries come first, chapters and their sections in order; then the unnumbered
    back-matter entries, which must be exactly two: the glossary's heading, the credits'."""
    entries: list[tuple[str, str]] = []
    for index in range(start, len(rows)):
        line_number, line = rows[index]
        line = line.strip()
        if not line:
            continue
        heading = _HEADING.fullmatch(line)
        if not heading:
            entries.append(("", _squash(line)))
            continue
        entry = (heading[1], _squash(heading[2]))
        if entries and entry == entries[0]:
            _check_back_matter(entries, source, line_number)
            return entries, index
        if entries and not entries[-1][0]:
            raise ParseError(source, _("expected the body to start with '{show}' after the contents")
                                       .format(show=_show(entries[0])),
                             line=line_number)
        _check_contents_order(entries, entry, source, line_number)
        entries.append(entry)
    raise ParseError(source, _("the document ends inside its table of contents"), line=rows[-1][0],
                     mend=_("the file may be truncated"))


def _check_contents_order(entries: list[tuple[str, str]], entry: tuple[str, str], source: str, line: int) -> None:
    """Chapters count up; each section belongs to the chapter above it and counts up."""
    number = int(entry[0])
    numbered = [int(n) for n, _ in entries if n]
    chapter = next((n for n in reversed(numbered) if n < 10), None)
    if number < 10:
        fits = chapter is None or number > chapter
    else:
        fits = chapter is not None and number // 100 == chapter and number > numbered[-1]
    if not fits:
        raise ParseError(source, _("contents entry '{show}' is out of order").format(show=_show(entry)), line=line)


def _check_back_matter(entries: list[tuple[str, str]], source: str, line: int) -> None:
    back_matter = [title for number, title in entries if not number]
    if len(back_matter) != 2:
        raise ParseError(
            source,
            _("expected the contents to end with two unnumbered entries (the glossary's and the credits' headings), "
              "found {count}").format(count=len(back_matter)),
            line=line,
        )


def _squash(text: str) -> str:
    return " ".join(text.split())


def _show(entry: tuple[str, str]) -> str:
    return f"{entry[0]}. {entry[1]}" if entry[0] else entry[1]


# --- body: headings and rules ----------------------------------------------------------------


class _Body:
    """One pass over the body, from the first chapter heading to the glossary heading.

    Keeps what the checks need: the contents headings still to come, the section being read,
    the last rule and the last numbered rule (the parent every subrule must have)."""

    def __init__(self, source: str, lang: str, effective: str, contents: list[tuple[str, str]]):
        self.source, self.lang, self.effective = source, lang, effective
        self.glossary_heading = contents[-2][1]
        self.expected = [entry for entry in contents if entry[0]]
        self.records: list[Record] = []
        self.section: int | None = None
        self.rule: Record | None = None  # the rule continuation lines belong to
        self.numbered: str | None = None  # the last rule without letters
        self.previous: str | None = None  # the last rule number, for the order check
        self.after_blank = False
        self.labels: Counter[str] = Counter()  # example labels on lines right under their rule
        self.loose_examples: list[tuple[int, str]] = []  # examples set apart by a blank line

    def read(self, rows: list[Row], start: int) -> int:
        """Reads the body; returns the index of the glossary heading."""
        for index in range(start, len(rows)):
            line_number, line = rows[index]
            stripped = line.strip()  # some lines of the official files end in spaces
            if not stripped:
                self.after_blank = True
                continue
            if stripped == self.glossary_heading:
                self._finish(line_number)
                return index
            self._line(line_number, line, stripped)
            self.after_blank = False
        raise ParseError(self.source, _("the document ends before the glossary heading '{glossary_heading}'")
                                        .format(glossary_heading=self.glossary_heading),
                         line=rows[-1][0], mend=_("the file may be truncated"))

    def _line(self, line_number: int, line: str, stripped: str) -> None:
        heading = _HEADING.fullmatch(stripped)
        if heading:
            self._heading(line_number, heading[1], _squash(heading[2]))
        elif _RULE_START.match(stripped):
            self._rule(line_number, stripped)
        else:
            self._continuation(line_number, line, stripped)

    def _heading(self, line_number: int, number: str, title: str) -> None:
        """Chapter and section headings must be the contents entries, in the same order."""
        if not self.expected or self.expected[0][0] != number:
            wanted = (f"'{_show(self.expected[0])}'" if self.expected
                      else _("the glossary heading '{heading}'").format(heading=self.glossary_heading))
            raise ParseError(self.source, _("expected {wanted} (from the contents), found heading '{number}. {title}'")
                                            .format(wanted=wanted, number=number, title=title),
                             line=line_number)
        self.expected.pop(0)
        self.section = int(number) if len(number) == 3 else None
        self.rule = None
        self.records.append(self._record("section", line_number, number=number, title=title))

    def _rule(self, line_number: int, stripped: str) -> None:
        match = _RULE.fullmatch(stripped)
        if not match:
            raise ParseError(self.source, _("expected a rule number (letters skip l and o), a space and the rule's text, "
                                            "found '{stripped}'").format(stripped=stripped[:40]), line=line_number)
        number, text = match[1], match[2]
        self._check_place(number, line_number)
        self.rule = self._record("rule", line_number, number=number, text=_paragraphs(text))
        self.records.append(self.rule)
        self.previous = number
        if split(number)[2] == "":
            self.numbered = number

    def _check_place(self, number: str, line_number: int) -> None:
        """A rule sits in the section under whose heading it stands, after the rule before it;
        a subrule follows its own numbered rule or that rule's earlier subrules."""
        section, _rest, letters = split(number)
        if section != self.section:
            where = (_("section {number}").format(number=self.section) if self.section
                     else _("a chapter heading, before any section heading"))
            raise ParseError(self.source, _("rule {number} stands under {where}").format(number=number, where=where), line=line_number)
        if self.previous and sort_key(number) <= sort_key(self.previous):
            raise ParseError(self.source, _("rule {number} comes after {previous}: out of order")
                                            .format(number=number, previous=self.previous), line=line_number)
        if letters and parent(number) != self.numbered:
            raise ParseError(self.source, _("subrule {number} without rule {parent} before it")
                                            .format(number=number, parent=parent(number)), line=line_number)

    def _continuation(self, line_number: int, line: str, stripped: str) -> None:
        """A line without a number continues the rule above it.

        Right under the rule (no blank line between): an indented line carries on the text
        (files before 2026-08-07 print the second paragraphs of 205.4c and 509.1b on their own
        lines, indented with spaces); any other line is an example, whatever its label (the
        Chinese translation writes "例如：", and once "例如，"). After a blank line it can only
        be an example the file set apart (701.67b in the 2026 editions); whether it is one is
        checked in `_finish`, once the document's usual example label is known."""
        if self.rule is None:
            raise ParseError(self.source, _("expected a rule number or a heading, found '{stripped}'")
                                            .format(stripped=stripped[:40]),
                             line=line_number)
        paragraph = _paragraphs(stripped)
        if self.after_blank:
            self.loose_examples.append((line_number, stripped))
        elif line[0].isspace():
            _extend_last_paragraph(self.rule, paragraph)
            return
        elif label := _label(stripped):
            self.labels[label] += 1
        self.rule.examples.append(paragraph)

    def _finish(self, line_number: int) -> None:
        """At the glossary heading: every contents heading was seen, every paragraph set apart
        carries the label most examples carry, and rules get their titles and references."""
        if self.expected:
            raise ParseError(self.source, _("heading '{show}' of the contents never appears in the body")
                                            .format(show=_show(self.expected[0])), line=line_number)
        usual = self.labels.most_common(1)[0][0] if self.labels else None
        for loose_line, text in self.loose_examples:
            if usual is None or _label(text) != usual:
                raise ParseError(self.source, _("expected a rule number, a heading or an example, found '{text}'")
                                                .format(text=text[:40]),
                                 line=loose_line)
        _set_titles(self.records)
        for record in self.records:
            record.references = references("\n".join([record.text, *record.examples]))

    def _record(self, kind: str, line_number: int, **fields) -> Record:
        return Record(kind=kind, lang=self.lang, source=f"{self.source}:{line_number}", edition=self.effective,
                      aligned=True, **fields)


def _extend_last_paragraph(rule: Record, paragraph: str) -> None:
    if rule.examples:
        rule.examples[-1] += "\n" + paragraph
    else:
        rule.text += "\n" + paragraph


def _paragraphs(text: str) -> str:
    """One line of the file as paragraphs joined with "\\n": U+2028/U+2029 separate paragraphs
    within a line (2026-08-07), and the non-breaking spaces that indent them go."""
    return "\n".join(part.strip() for part in _INLINE_BREAK.split(text) if part.strip())


def _label(text: str) -> str | None:
    match = _LABEL.match(text)
    return match[1] if match else None


def _set_titles(records: list[Record]) -> None:
    """A numbered rule whose text is a title ("701.50. Connive", "702.174. Gift") gets it as
    its title too. Decided by shape, not by words: the text is one short line without sentence
    punctuation or examples, and lettered subrules of the rule follow it."""
    for record, following in itertools.pairwise(records):
        if (
            record.kind == "rule"
            and following.kind == "rule"
            and following.number
            and parent(following.number) == record.number
            and not record.examples
            and "\n" not in record.text
            and len(record.text) <= _TITLE_LENGTH
            and not _SENTENCE_PUNCTUATION.search(record.text)
        ):
            record.title = record.text


# --- glossary --------------------------------------------------------------------------------


def _read_glossary(rows: list[Row], start: int, credits_heading: str, source: str, lang: str,
                   effective: str) -> list[Record]:
    """Entries from the glossary heading to the credits heading: a blank line, the term, then
    one or more definition lines (several when a term has numbered senses; 2026-08-07 joins
    those with U+2028 instead)."""
    entries: list[Record] = []
    block: list[Row] = []
    for line_number, line in rows[start + 1:]:
        stripped = line.strip()
        if stripped == credits_heading:
            _add_entry(entries, block, source, lang, effective)
            if not entries:
                raise ParseError(source, _("no glossary entries between the glossary and the credits headings"),
                                 line=line_number)
            return entries
        if stripped:
            block.append((line_number, stripped))
        else:
            _add_entry(entries, block, source, lang, effective)
            block = []
    raise ParseError(source, _("the document ends before the credits heading '{credits_heading}'")
                               .format(credits_heading=credits_heading),
                     line=rows[-1][0], mend=_("the file may be truncated"))


def _add_entry(entries: list[Record], block: list[Row], source: str, lang: str, effective: str) -> None:
    """A glossary's key is its term, native only in English: a translated term names no English
    entry (nothing aligns glossary entries), so it is marked unaligned."""
    if not block:
        return
    (line_number, term), definition = block[0], block[1:]
    if not definition:
        raise ParseError(source, _("glossary term '{term}' has no definition on the lines below it")
                                   .format(term=term[:40]),
                         line=line_number)
    text = "\n".join(_paragraphs(line) for _, line in definition)
    entries.append(Record(kind="glossary", lang=lang, source=f"{source}:{line_number}", title=term, text=text,
                          references=references(text), edition=effective, aligned=lang == "en"))
