"""Output fits the terminal (issue 23, item 5): lines wrapped by the columns they take (a wide
CJK character counts two), marked spans never split across lines, headers listing only what
was asked."""

from __future__ import annotations

import re
import unicodedata

import pytest
from click.testing import CliRunner
from conftest import corpus_file, ingested_home
from hypothesis import given
from hypothesis import strategies as st

from mtgrules.cli.main import cli
from mtgrules.cli.width import display_width, fit, wrap_paragraph
from mtgrules.parsers.comprehensive_rules import parse_file

START, END = "\x02", "\x03"


def columns(line: str) -> int:
    """Columns by the Unicode East Asian Width property, counted independently of cli.width."""
    return sum(0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in line)


def test_wide_characters_count_two():
    assert display_width("生物") == 4 and display_width("créature") == 8 and display_width("e\u0301") == 1
    assert display_width(f"{START}x{END}", marks=2) == 5 and display_width(f"{START}x{END}") == 1
    assert fit("如果一位牌手具有十个", 9) == "如果一位…" and columns(fit("如果一位牌手具有十个", 9)) <= 9


@pytest.mark.shared
@pytest.mark.parametrize("edition", ["cr/zh-20240607.txt", "cr/en-20260807.txt"])
def test_every_rule_of_an_edition_fits_and_keeps_its_text(edition):
    """The family: every rule and glossary text of the Chinese and the English editions, wrapped
    to 60 columns under an indent, fits, and reads the same once the lines are joined again."""
    records = parse_file(corpus_file(edition)).records
    checked = 0
    for record in records:
        text = record.text
        if not text:
            continue
        lines = wrap_paragraph(text, 60, "  zh  ", "      ")
        too_long = [line for line in lines if columns(line) > 60 and " " in line.strip()]
        assert not too_long, (record.number, too_long)
        rejoined = "".join(line[6:] for line in lines)
        assert re.sub(r"\s+", "", rejoined) == re.sub(r"\s+", "", text)
        checked += 1
    assert checked > 2500


words = st.text(alphabet="abcdéfg生物战场", min_size=1, max_size=12)


@given(st.lists(st.tuples(words, st.booleans()), min_size=1, max_size=40), st.integers(min_value=20, max_value=90))
def test_a_marked_span_is_never_split(parts, width):
    text = " ".join(f"{START}{word} {word}{END}" if marked else word for word, marked in parts)
    lines = wrap_paragraph(text, width, "   ", marks=2)
    for line in lines:
        assert line.count(START) == line.count(END)  # every line opens and closes its marks
        assert display_width(line, 2) <= width or " " not in line.strip()
    unmarked = "".join(lines).replace(START, "").replace(END, "")
    assert re.sub(r"\s+", "", unmarked) == re.sub(r"\s+", "", text.replace(START, "").replace(END, ""))


@given(st.lists(st.tuples(words, st.booleans()), min_size=1, max_size=8), st.integers(min_value=1, max_value=8),
       st.integers(min_value=0, max_value=3))
def test_a_line_narrower_than_a_mark_still_ends(parts, width, indent):
    """Lines narrower than a marked character (a start mark, a letter and an end mark take five
    columns with `marks=2`) once looped for ever; each line now takes at least one character."""
    import signal

    def hung(*_):
        raise AssertionError(f"wrap_paragraph did not end at width {width}")

    text = " ".join(f"{START}{word}{END}" if marked else word for word, marked in parts)
    previous = signal.signal(signal.SIGALRM, hung)
    signal.alarm(5)
    try:
        lines = wrap_paragraph(text, width, " " * indent, marks=2)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    assert all(line.count(START) == line.count(END) for line in lines)
    assert all(line.strip(" ") for line in lines)  # no line of its indent alone
    unmarked = "".join(lines).replace(START, "").replace(END, "")
    assert re.sub(r"\s+", "", unmarked) == re.sub(r"\s+", "", text.replace(START, "").replace(END, ""))


@pytest.fixture(scope="module")
def corpus_home(tmp_path_factory):
    home = ingested_home(tmp_path_factory.mktemp("width"), ["cr/en-20260807.txt", "rulings/KLD.mtgjson-v5.json"])
    from mtgrules.align import ingest
    from mtgrules.store import Store

    ingest.ingest([str(corpus_file("cr/zh-20240607.txt"))], lang="zh", corpus=Store(home / "corpus.sqlite3"))
    return home


@pytest.mark.shared
@pytest.mark.parametrize("args", [
    ["rule", "704.5"],
    ["rule", "704.5", "--lang", "zh,en", "--edition", "2024-06-07"],
    ["rule", "702.19", "--lang", "es"],
    ["card", "Harnessed Lightning", "--lang", "es,fr,de,ja,zhs"],
    ["search", "lethal", "damage"],
    ["search", "伤害", "--lang", "zh", "--edition", "2024-06-07"],
    ["term", "trample"],
], ids=" ".join)
def test_no_line_is_wider_than_the_terminal(home, args):
    result = CliRunner().invoke(cli, args)
    assert result.exit_code in (0, 1), result.output
    lines = result.stdout.splitlines()
    assert lines
    assert [line for line in lines if columns(line) > 80] == []
    assert all(line.count("**") % 2 == 0 for line in lines)  # a marked span on one line


@pytest.mark.shared
def test_the_card_header_names_only_the_languages_asked(home):
    header = CliRunner().invoke(cli, ["card", "Harnessed Lightning", "--lang", "fr"]).stdout.splitlines()[0]
    assert header == "Harnessed Lightning  (fr: Éclairs maîtrisés)"
    assert CliRunner().invoke(cli, ["card", "Harnessed Lightning"]).stdout.splitlines()[0] == "Harnessed Lightning"
