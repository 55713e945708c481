"""Fault injection, sizes and nesting a file controls: HTML and JSON nested 100,000 deep,
unfinished markup repeated 200,000 times, a 16 MB line, pages of thousands of paragraphs or
rulings. Each is refused with one line naming the file and line, or read, in bounded time;
never a RecursionError, never a hang. Cases that once hung run as child processes with a
timeout (figures in each docstring are from before the limit).
"""

from __future__ import annotations

import json

import pytest
from conftest import corpus_file
from faults import assert_clean, assert_refused, run, run_process, seed, stored_records
from hypothesis import given, settings
from hypothesis import strategies as st

from mtgrules.errors import LimitError
from mtgrules.parsers import json_depth
from mtgrules.parsers.html_tree import MAX_DEPTH
from mtgrules.parsers.site_blocks import MAX_BLOCKS

RULE_PAGE = seed("001").read_text(encoding="utf-8")
PARAGRAPHS = [line for line in RULE_PAGE.split("\n")[1:] if line.strip()]
TITLE = RULE_PAGE.split("\n")[0]


def html_rule_page(depth: int, tag: str = "div") -> str:
    """The Spanish rule page as HTML, its title and paragraphs inside `depth` - 1 nested
    elements (so they themselves sit `depth` deep), one opening tag a line."""
    opening = f"<{tag}>\n" * (depth - 1)
    body = f"<h1>{TITLE}</h1>\n" + "\n".join(f"<p>{text}</p>" for text in PARAGRAPHS)
    # The style sheet puts a closing tag near the top, by which a page is known for HTML.
    return f"<html><head><style>p {{}}</style></head><body>\n{opening}{body}\n{f'</{tag}>' * (depth - 1)}\n</body></html>\n"


def records_of(path) -> list[tuple]:
    outcome = run("parse", str(path), "--json")
    assert_clean(outcome)
    return [(r["number"], r["text"]) for r in map(json.loads, outcome.stdout.splitlines())]


# --- HTML nesting ---------------------------------------------------------------------------------


@pytest.mark.parametrize("tag", ["div", "section", "article", "blockquote"])
def test_html_nested_to_the_limit_is_read(tmp_path, tag):
    flat, deep = tmp_path / "flat.html", tmp_path / "deep.html"
    flat.write_text(html_rule_page(1), encoding="utf-8")
    deep.write_text(html_rule_page(MAX_DEPTH, tag), encoding="utf-8")
    assert records_of(deep) == records_of(flat) != []


def test_inline_markup_nested_to_the_limit_is_read(tmp_path):
    """Each paragraph's words inside as many <b> as the limit allows (the reader collects
    inline text recursively)."""
    flat, deep = tmp_path / "flat.html", tmp_path / "deep.html"
    flat.write_text(html_rule_page(1), encoding="utf-8")
    bold = MAX_DEPTH - 1  # the paragraph itself is one level
    deep.write_text(html_rule_page(1).replace("<p>", "<p>" + "<b>" * bold).replace("</p>", "</b>" * bold + "</p>"), encoding="utf-8")
    assert records_of(deep) == records_of(flat) != []


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 100_000])
def test_html_nested_past_the_limit_is_refused_naming_the_line(tmp_path, depth):
    """100,000 deep once ended in a RecursionError after 30 s."""
    page = tmp_path / "deep.html"
    page.write_text(html_rule_page(depth), encoding="utf-8")
    before = stored_records()
    says = f"elements nested more than {MAX_DEPTH} deep"
    assert_refused(run("parse", str(page)), says, file=page, line=MAX_DEPTH + 2)
    assert_refused(run("ingest", "--all-or-nothing", str(page)), says, file=page, line=MAX_DEPTH + 2)
    assert stored_records() == before


UNFINISHED = {
    "start tags": "<a",
    "end tags": "</",
    "comments": "<!--",
    "scripts": "<script>",
    "styles": "<style>",
    "processing instructions": "<?",
    "declarations": "<!",
    "quoted attributes": '<a b="',
    "tags between text": "x<x ",
    "CDATA": "<![CDATA[",
}


@pytest.mark.parametrize("name", UNFINISHED)
def test_unfinished_markup_repeated_is_read_in_bounded_time(tmp_path, name):
    """200 KB of `<a<a<a…` took 30 s (Python's parser re-read the rest of the page for every
    `<`); 200,000 unclosed `<script>` tags, minutes. Now each is refused (no rule title
    survives) well within the timeout."""
    page = tmp_path / "page.html"
    page.write_text(f"<html><body><h1>{TITLE}</h1><p>{PARAGRAPHS[0]}</p>\n" + UNFINISHED[name] * 200_000, encoding="utf-8")
    outcome = run_process("parse", str(page), env={"MTGRULES_HOME": str(tmp_path / "home")}, timeout=60)
    assert outcome.code in (0, 2) and "Traceback" not in outcome.stderr
    assert len(outcome.stderr.splitlines()) <= 2, outcome.stderr


def test_a_line_of_16_mb(tmp_path):
    page = tmp_path / "line.txt"
    page.write_text(TITLE + " " + "palabra " * 2_000_000, encoding="utf-8")
    assert_refused(run_process("parse", str(page), env={"MTGRULES_HOME": str(tmp_path / "home")}, timeout=60), file=page, line=1)


@pytest.mark.parametrize("kind", ["rule page", "ruling page", "HTML paragraphs"])
def test_a_page_of_too_many_paragraphs_is_refused(tmp_path, kind):
    """A 2.6 MB page of 32,000 paragraphs took 16 s to align; 500,000 HTML paragraphs, 27 s."""
    page = tmp_path / "page.txt"
    if kind == "rule page":
        page.write_text(TITLE + "\n\n" + "\n\n".join(f"{PARAGRAPHS[1]} {n}" for n in range(2 * MAX_BLOCKS)), encoding="utf-8")
        line = 2 * MAX_BLOCKS + 1
    elif kind == "ruling page":
        rulings = [f"07/06/2024\n\nLos contadores de energía no son maná {n}." for n in range(MAX_BLOCKS)]
        page.write_text("Electrozoa\n\n" + "\n\n".join(rulings), encoding="utf-8")
        line = 2 * MAX_BLOCKS + 1
    else:
        page.write_text(f"<html><body><h1>{TITLE}</h1>\n" + "<p>x</p>\n" * MAX_BLOCKS + "</body></html>", encoding="utf-8")
        line = MAX_BLOCKS + 1
    assert_refused(run("parse", str(page)), f"more than {MAX_BLOCKS:,} paragraphs", file=page, line=line)


def test_a_ruling_page_of_2000_rulings_against_the_cards_english_ones(tmp_path):
    """The Hungarian method squared 2,000 page rulings against a card's nine English ones up
    to 2,000 × 2,000: 172 s; 400 rulings, 56 s."""
    home = {"MTGRULES_HOME": str(tmp_path / "home")}
    assert_clean(run_process("ingest", str(corpus_file("rulings/MH3-electrozoa.mtgjson-excerpt.json")), env=home))
    page = tmp_path / "electrozoa.txt"
    rulings = [f"07/06/2024\n\nLos contadores de energía son un tipo de contador {n}." for n in range(2000)]
    page.write_text("Electrozoa\n\n" + "\n\n".join(rulings), encoding="utf-8")
    outcome = run_process("parse", str(page), "--json", env=home, timeout=60)
    assert outcome.code == 0, outcome.stderr
    assert len(outcome.stdout.splitlines()) == 2000


# --- JSON nesting ---------------------------------------------------------------------------------


def mtgjson(card: dict) -> str:
    return json.dumps({"meta": {"version": "5.2.0"}, "data": {"code": "TST", "name": "Test", "cards": [card]}}, indent=1)


def nested(depth: int, opening: str = "[") -> str:
    closing = {"[": "]", "{": "}"}[opening]
    inner = '"deep"' if opening == "[" else "{}"
    return (opening if opening == "[" else '{"a": ') * depth + inner + (closing * depth)


CARD = {"name": "Electrozoa", "setCode": "TST", "text": "Test card.", "rulings": [{"date": "2024-06-07", "text": "A ruling."}]}


@pytest.mark.parametrize("opening", ["[", "{"])
@pytest.mark.parametrize("depth", [json_depth.MAX_DEPTH + 1, 100_000])
def test_json_nested_past_the_limit_is_refused_naming_the_line(tmp_path, opening, depth):
    """100,000 deep once ended in a RecursionError from the JSON decoder."""
    path = tmp_path / "set.json"
    text = mtgjson({**CARD, "extra": "@"})
    path.write_text(text.replace('"@"', nested(depth, opening)), encoding="utf-8")
    line = text[: text.index('"@"')].count("\n") + 1
    before = stored_records()
    says = f"arrays and objects nested more than {json_depth.MAX_DEPTH} deep"
    assert_refused(run("parse", str(path)), says, file=path, line=line)
    assert_refused(run("ingest", "--all-or-nothing", str(path)), says, file=path, line=line)
    assert stored_records() == before


def test_json_nested_to_the_limit_is_read(tmp_path):
    """The card sits 4 deep (document, data, cards, card): its field may nest to the limit."""
    path = tmp_path / "set.json"
    path.write_text(mtgjson({**CARD, "extra": "@"}).replace('"@"', nested(json_depth.MAX_DEPTH - 4)), encoding="utf-8")
    outcome = run("parse", str(path), "--json")
    assert_clean(outcome)
    assert [json.loads(line)["kind"] for line in outcome.stdout.splitlines()] == ["card", "ruling"]


def test_brackets_inside_strings_are_not_nesting(tmp_path):
    path = tmp_path / "set.json"
    path.write_text(mtgjson({**CARD, "text": "[{" * 50_000 + '\\"]' + "}]" * 50_000}), encoding="utf-8")
    assert_clean(run("parse", str(path)))


def test_the_real_set_file_passes_the_depth_check():
    assert json_depth.too_deep_line(corpus_file("rulings/KLD.mtgjson-v5.json").read_text(encoding="utf-8")) is None


def _depth(value) -> int:
    if isinstance(value, dict):
        return 1 + max(map(_depth, value.values()), default=0)
    if isinstance(value, list):
        return 1 + max(map(_depth, value), default=0)
    return 0


_TRICKY = st.sampled_from(["", "[", "]", "{", "}", '"', "\\", '\\"', "[[", '"]"', "\\\\", "\n"])
_VALUES = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.text(st.sampled_from('[]{}"\\\n') | st.characters(), max_size=8),
              st.lists(_TRICKY, max_size=4).map("".join)),
    lambda children: st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=3) | _TRICKY, children, max_size=3),
    max_leaves=40,
)


@settings(max_examples=300, deadline=None)
@given(value=_VALUES, indent=st.sampled_from([None, 1]), ascii_only=st.booleans(), limit=st.integers(0, 12))
def test_the_depth_check_agrees_with_the_decoder(value, indent, ascii_only, limit):
    text = json.dumps(value, indent=indent, ensure_ascii=ascii_only)
    assert (json_depth.too_deep_line(text, limit) is None) == (_depth(value) <= limit)


# --- scenarios ---------------------------------------------------------------------------------


def test_a_scenario_nested_10000_deep_is_one_line(tmp_path):
    """TOML scenarios nested 10,000 deep once ended in a RecursionError: the scenario reader
    refuses them before parsing, naming the file, the line and the limit."""
    scenario = tmp_path / "deep.toml"
    scenario.write_text("a = " + "[" * 10_000 + "]" * 10_000 + "\n", encoding="utf-8")
    assert_refused(run("judge", str(scenario)), "arrays and tables nested more than 16 deep", file=scenario, line=1)


def test_a_streaming_reader_checks_its_buffer_from_a_values_start():
    """As a reader of a large file calls it: the part from a value's start to the buffer's end
    (the value's siblings and parents closing after it, a string cut short at the end), with
    the lines it has already dropped."""
    deep = "[" * (json_depth.MAX_DEPTH + 1) + "]" * (json_depth.MAX_DEPTH + 1)
    buffer = '{"cards": [\n{"name": "A"},\n{"name": "B", "x": ' + deep + '},\n{"name": "C", "text": "cut [[[['
    start = buffer.index('{"name": "A"}')
    assert json_depth.too_deep_line(buffer, start=start, end=buffer.index('{"name": "B"')) is None
    with pytest.raises(LimitError) as caught:
        json_depth.check_depth(buffer, "AllPrintings.json", start=start, line_offset=1000)
    assert caught.value.line == 1003 and str(caught.value).startswith("AllPrintings.json:1003: arrays and objects nested")
