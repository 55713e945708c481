"""Properties of the Comprehensive Rules parser, with hypothesis.

Whatever is done to a rules document (lines deleted, duplicated or swapped, bytes flipped, the
file cut short), `parse` returns an Edition or raises ParseError: never another exception,
because the command line turns ParseError, and only it, into a one-line message. And any
well-formed document, however its chapters, sections, rules and subrules are numbered, comes
back with exactly the rules it was written with, whatever its line ends and encoding.
"""

from __future__ import annotations

import re

import pytest
from comprehensive_rules_fragment import FRAGMENT
from conftest import corpus_file
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mtgrules.errors import ParseError
from mtgrules.parsers.comprehensive_rules import Edition, parse
from mtgrules.parsers.decoding import lines
from mtgrules.rulenumbers import letters_at

FAST = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def parses_or_refuses(data: bytes | str, lang: str | None) -> Edition | None:
    try:
        edition = parse(data, "mutant.txt", lang=lang)
    except ParseError as error:
        assert str(error).startswith("mutant.txt")
        return None
    assert isinstance(edition, Edition)
    return edition


# --- mutations -----------------------------------------------------------------------------------


@st.composite
def mutated(draw, document: bytes, most: int = 4) -> bytes:
    """`document` after one to `most` random edits of its lines or bytes."""
    lines = document.split(b"\n")
    for _ in range(draw(st.integers(1, most))):
        edit = draw(st.sampled_from(["delete", "duplicate", "swap", "flip", "truncate", "insert"]))
        lines = _edit(draw, edit, lines)
    return b"\n".join(lines)


def _edit(draw, edit: str, lines: list[bytes]) -> list[bytes]:
    if not lines:
        return lines
    at = draw(st.integers(0, len(lines) - 1))
    if edit == "delete":
        return lines[:at] + lines[at + 1:]
    if edit == "duplicate":
        return lines[: at + 1] + lines[at:]
    if edit == "swap":
        other = draw(st.integers(0, len(lines) - 1))
        lines = list(lines)
        lines[at], lines[other] = lines[other], lines[at]
        return lines
    if edit == "insert":
        inserted = draw(st.sampled_from(
            [b"", b"\xc2\xa0", b"100.1. Again.", b"704.5l Bad letter", b"1. Game", b"Glossary", b"Credits",
             b"Example: out of place", b"     indented", b"\xe2\x80\xa8", b"999.1. Far away"]
        ))
        return lines[:at] + [inserted] + lines[at:]
    joined = b"\n".join(lines)
    position = draw(st.integers(0, max(len(joined) - 1, 0)))
    if edit == "truncate":
        return joined[:position].split(b"\n")
    flipped = bytes([joined[position] ^ draw(st.integers(1, 255))]) if joined else b""
    return (joined[:position] + flipped + joined[position + 1:]).split(b"\n")


@FAST
@given(data=mutated(FRAGMENT.encode()), lang=st.sampled_from([None, "en", "xx"]))
def test_mutated_fragment_parses_or_refuses(data, lang):
    parses_or_refuses(data, lang)


@FAST
@given(data=mutated(FRAGMENT.replace("\n", "\r\n").encode("cp1252")))
def test_mutated_windows_file_parses_or_refuses(data):
    parses_or_refuses(data, "en")


@pytest.fixture(scope="module")
def real_document() -> bytes:
    return corpus_file("cr/en-20260807.txt").read_bytes()


@pytest.mark.shared
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_mutated_real_edition_parses_or_refuses(real_document, data):
    parses_or_refuses(data.draw(mutated(real_document, most=3)), None)


@FAST
@given(data=st.binary(max_size=400))
def test_any_bytes_parse_or_refuse(data):
    parses_or_refuses(data, None)


@FAST
@given(text=st.text(max_size=300))
def test_any_text_parses_or_refuses(text):
    parses_or_refuses(text, "xx")


@FAST
@given(text=st.text(alphabet="\r\n x\u00a0", max_size=40))
def test_line_ends_split_as_before(text):
    """`lines` was rewritten for speed; it must split exactly like the regular expression it
    replaced: any run of carriage returns, with a line feed after it if any, is one line end."""
    before = [line if line.strip() else "" for line in re.split(r"\r*\n|\r+", text)]
    assert lines(text) == before


# --- generated well-formed documents --------------------------------------------------------------

WORDS = ["card", "player", "deck", "turn", "zone", "life", "counter", "spell", "token", "the", "a", "each", "may"]
TITLES = ["Shuffle", "Deck Building", "Play Option", "Mana (Symbol)"]


@st.composite
def sentences(draw) -> str:
    words = draw(st.lists(st.sampled_from(WORDS), min_size=2, max_size=9))
    return " ".join(words).capitalize() + "."


@st.composite
def documents(draw) -> tuple[str, list[str], list[str], int]:
    """A document in the official layout; returns it with its rule numbers, its titled rules
    and its number of glossary entries."""
    chapters = [1] + sorted(draw(st.sets(st.integers(2, 9), max_size=2)))
    contents, body, numbers, titled = [], [], [], []
    for chapter in chapters:
        sections = sorted(draw(st.sets(st.integers(chapter * 100, chapter * 100 + 40), min_size=1, max_size=2)))
        contents.append(f"{chapter}. Chapter {chapter}")
        body.append(f"{chapter}. Chapter {chapter}")
        for section in sections:
            contents.append(f"{section}. Section {section}")
            body.append(f"{section}. Section {section}")
            for rule in range(1, draw(st.integers(1, 3)) + 1):
                body.extend(_rule(draw, f"{section}.{rule}", numbers, titled))
    glossary = [f"Term {i}\n{draw(sentences())}" for i in range(draw(st.integers(1, 3)))]
    text = "\n\n".join([
        "Rules of an Invented Game", "These rules are effective as of May 5, 2031.", "Introduction",
        "This is a generated document of the test suite, and it is shaped like the rules.", "Contents",
        "\n".join(contents), "Index", "Thanks", *body, "Index", *glossary, "Thanks", "Made by hypothesis.",
    ])
    return text + "\n", numbers, titled, len(glossary)


def _rule(draw, number: str, numbers: list[str], titled: list[str]) -> list[str]:
    """A numbered rule, maybe titled, maybe with an example, then its lettered subrules."""
    subrules = draw(st.integers(0, 26))
    title = draw(st.sampled_from([None, *TITLES]))
    numbers.append(number)
    if title and subrules:
        titled.append(number)
    block = [f"{number}. {title or draw(sentences())}"]
    if not title and draw(st.booleans()):
        block[0] += f"\nExample: {draw(sentences())}"
    for index in range(subrules):
        numbers.append(number + letters_at(index))
        block.append(f"{number}{letters_at(index)} {draw(sentences())}")
    return block


LAYOUTS = {
    "LF": lambda text: text.encode(),
    "BOM+CRLF": lambda text: b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode(),
    "CR-CR-LF": lambda text: text.replace("\n", "\r\r\n").encode(),
    "Windows-1252": lambda text: text.replace("\n", "\r\n").encode("cp1252"),
}


@settings(max_examples=60, deadline=None)
@given(document=documents(), layout=st.sampled_from(sorted(LAYOUTS)))
def test_generated_documents_come_back_whole(document, layout):
    text, numbers, titled, glossary_size = document
    edition = parse(LAYOUTS[layout](text), "generated.txt")
    assert edition.effective == "2031-05-05" and edition.lang == "en"
    assert [rule.number for rule in edition.rules()] == numbers
    assert [rule.number for rule in edition.rules() if rule.title] == titled
    assert [record.kind for record in edition.records].count("glossary") == glossary_size
    assert edition.contents[-2:] == [("", "Index"), ("", "Thanks")]
