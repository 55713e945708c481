"""The Comprehensive Rules parser: the real editions in ../shared/corpus-data (skipped when
absent), the layout quirks of the official files on an invented fragment, and the errors."""

from __future__ import annotations

import re

import pytest
from comprehensive_rules_fragment import FRAGMENT, RULE_NUMBERS, replace_line
from conftest import corpus_file

from mtgrules.errors import ParseError
from mtgrules.parsers.comprehensive_rules import Edition, looks_like_comprehensive_rules, parse, parse_file
from mtgrules.parsers.effective_dates import find_date
from mtgrules.rulenumbers import SUBRULE_LETTERS

ENGLISH = ["en-20240607.txt", "en-20250606.txt", "en-20260116.txt", "en-20260417.txt", "en-20260807.txt"]
RULE_LINE = re.compile(r"^[0-9]{3}\.[0-9]+[a-z]*", re.MULTILINE)

_parsed: dict[tuple[str, str | None], Edition] = {}


def edition(name: str, lang: str | None = None) -> Edition:
    """Each real file is parsed once for the whole module (a tenth of a second each)."""
    key = (name, lang)
    if key not in _parsed:
        _parsed[key] = parse_file(corpus_file(f"cr/{name}"), lang=lang)
    return _parsed[key]


def raw_text(name: str) -> str:
    """The file as text by the plainest means, independent of the parser: for counting."""
    return corpus_file(f"cr/{name}").read_bytes().decode("utf-8-sig")


def by_number(ed: Edition) -> dict[str, object]:
    return {rule.number: rule for rule in ed.rules()}


def numbers_under(ed: Edition, prefix: str) -> list[str]:
    return [rule.number for rule in ed.rules() if rule.number.startswith(prefix)]


# --- the real editions -------------------------------------------------------------------------


@pytest.mark.shared
@pytest.mark.parametrize("name", ENGLISH)
def test_one_rule_record_per_rule_line(name):
    assert len(edition(name).rules()) == len(RULE_LINE.findall(raw_text(name)))


@pytest.mark.shared
def test_2026_08_07_has_3162_rules():
    assert len(edition("en-20260807.txt").rules()) == 3162


@pytest.mark.shared
@pytest.mark.parametrize("name", ENGLISH)
def test_rule_sources_point_at_their_lines(name):
    """Every record's line, read back from the raw bytes, starts with its rule number."""
    raw_lines = corpus_file(f"cr/{name}").read_bytes().split(b"\n")
    for rule in edition(name).rules():
        path, line = rule.source.rsplit(":", 1)
        assert path == str(corpus_file(f"cr/{name}"))
        printed = raw_lines[int(line) - 1].decode("utf-8").lstrip("\ufeff")
        assert re.match(rf"{re.escape(rule.number)}\.? ", printed), (rule.number, printed[:30])


@pytest.mark.shared
@pytest.mark.parametrize("name", ENGLISH)
def test_glossary_is_complete(name):
    """Counted independently on the raw text: between the glossary heading and the credits
    heading of the body, an entry is a non-blank line right after a blank (NBSP-only) line."""
    text = raw_text(name).replace("\r", "")
    start = [m.end() for m in re.finditer(r"^Glossary$", text, re.MULTILINE)][1]
    end = [m.start() for m in re.finditer(r"^Credits$", text, re.MULTILINE)][1]
    expected = len(re.findall(r"\n[ \u00a0]*\n(?=[^\s\u00a0])", text[start:end]))
    glossary = [r for r in edition(name).records if r.kind == "glossary"]
    assert len(glossary) == expected > 600
    assert glossary[0].title == "Abandon"
    assert glossary[-1].title == "Zone-Change Triggers"
    assert edition(name).records[-1] is glossary[-1]  # nothing of the credits


@pytest.mark.shared
@pytest.mark.parametrize("name", ENGLISH)
def test_english_is_detected_and_dated(name):
    ed = edition(name)
    date = re.search(r"(\d{4})(\d{2})(\d{2})", name).groups()
    assert ed.lang == "en"
    assert ed.effective == "-".join(date)
    assert {r.edition for r in ed.records} == {ed.effective}
    assert {r.lang for r in ed.records} == {"en"}


@pytest.mark.shared
@pytest.mark.parametrize("name", ENGLISH)
def test_section_records_follow_the_contents(name):
    ed = edition(name)
    sections = [(r.number, r.title) for r in ed.records if r.kind == "section"]
    assert sections == [entry for entry in ed.contents if entry[0]]
    assert ed.contents[:2] == [("1", "Game Concepts"), ("100", "General")]
    assert ed.contents[-2:] == [("", "Glossary"), ("", "Credits")]


@pytest.mark.shared
def test_704_5_runs_to_aa_skipping_l_and_o():
    subrules = numbers_under(edition("en-20260807.txt"), "704.5")[1:]
    assert subrules == [f"704.5{letter}" for letter in SUBRULE_LETTERS] + ["704.5aa"]


@pytest.mark.shared
@pytest.mark.parametrize("section, last", [("701", 70), ("702", 195)])
def test_keyword_sections_reach_their_last_rule(section, last):
    numbered = [n for n in numbers_under(edition("en-20260807.txt"), f"{section}.") if n[-1].isdigit()]
    assert numbered == [f"{section}.{i}" for i in range(1, last + 1)]


@pytest.mark.shared
@pytest.mark.parametrize("name, title", [("en-20240607.txt", "Transform"), ("en-20250606.txt", "Convert"),
                                         ("en-20260807.txt", "Convert")])
def test_701_28_is_transform_then_convert(name, title):
    assert by_number(edition(name))["701.28"].title == title


@pytest.mark.shared
def test_titles_are_set_by_structure():
    rules = by_number(edition("en-20260807.txt"))
    assert rules["701.50"].title == rules["701.50"].text == "Connive"
    assert rules["702.174"].title == "Gift"
    assert rules["702.186"].title is not None  # a title holding a symbol and parentheses
    assert rules["701.50a"].title is None
    assert rules["100.1"].title is None


@pytest.mark.shared
def test_examples_keep_their_label_and_feed_references():
    rules = by_number(edition("en-20260807.txt"))
    assert rules["101.2"].examples and rules["101.2"].examples[0].startswith("Example: ")
    assert all("Example:" not in r.text for r in rules.values())
    labelled = re.findall(r"^Example:", raw_text("en-20260807.txt"), re.MULTILINE)
    assert sum(len(r.examples) for r in rules.values()) == len(labelled)


@pytest.mark.shared
def test_an_example_set_apart_by_a_blank_line_stays_with_its_rule():
    """701.67b's example stands after a blank line in the 2026 editions."""
    for name in ("en-20260116.txt", "en-20260807.txt"):
        rule = by_number(edition(name))["701.67b"]
        assert len(rule.examples) == 1 and rule.examples[0].startswith("Example:")


@pytest.mark.shared
def test_rule_numbers_printed_against_convention():
    """2026-08-07 prints "119.1d." with a period and "606.5" without one."""
    rules = by_number(edition("en-20260807.txt"))
    assert "119.1d" in rules and "606.5" in rules
    assert not rules["119.1d"].text.startswith(".")


@pytest.mark.shared
@pytest.mark.parametrize("number", ["205.4c", "509.1b"])
def test_second_paragraph_reads_the_same_on_a_line_or_after_u2028(number):
    """2024 prints the second paragraph on its own indented line; 2026-08-07 joins it with U+2028
    and non-breaking spaces. Both become "first\\nsecond"."""
    old, new = by_number(edition("en-20240607.txt"))[number], by_number(edition("en-20260807.txt"))[number]
    for rule in (old, new):
        first, second = rule.text.split("\n")
        assert first.strip() == first and second.strip() == second and "\u00a0" not in rule.text
    assert old.text.split("\n")[1] == new.text.split("\n")[1]


@pytest.mark.shared
def test_glossary_senses_read_the_same_on_lines_or_after_u2028():
    def ability(name):
        return next(r for r in edition(name).records if r.kind == "glossary" and r.title == "Ability")

    old, new = ability("en-20240607.txt"), ability("en-20260807.txt")
    assert old.text == new.text and old.text.count("\n") == 2 and old.text.startswith("1. ")
    assert new.references == ["113"]


@pytest.mark.shared
def test_references_of_rules():
    rules = by_number(edition("en-20260807.txt"))
    assert "701.67a" in rules["701.67b"].references
    assert rules["100.1a"].references == []


@pytest.mark.shared
def test_rules_returns_only_rules():
    ed = edition("en-20260807.txt")
    assert {r.kind for r in ed.records} == {"section", "rule", "glossary"}
    assert {r.kind for r in ed.rules()} == {"rule"}
    assert all(r.aligned and r.confidence is None for r in ed.rules())


@pytest.mark.shared
def test_double_line_ends_and_bom_file():
    """en-20260417 has a BOM and every line ending \\r\\r\\n: read as one line end each, so the
    lines keep the same numbers as in an editor that shows the file single-spaced."""
    rules = by_number(edition("en-20260417.txt"))
    assert rules["100.1"].source.endswith(":186")
    assert all("\r" not in r.text for r in rules.values())


# --- the Chinese translation -------------------------------------------------------------------


@pytest.mark.shared
def test_chinese_parses_with_the_same_code():
    zh, en = edition("zh-20240607.txt", "zh"), edition("en-20240607.txt")
    assert zh.lang == "zh" and zh.effective == "2024-06-07"
    assert [r.number for r in zh.rules()] == [r.number for r in en.rules()]
    assert [n for n, _ in zh.contents] == [n for n, _ in en.contents]
    assert zh.contents[-2:] == [("", "词汇表"), ("", "版权信息")]
    zh_glossary = [r for r in zh.records if r.kind == "glossary"]
    assert len(zh_glossary) == len([r for r in en.records if r.kind == "glossary"])
    assert not any(r.aligned for r in zh_glossary)  # a translated term is no key until aligned


@pytest.mark.shared
def test_chinese_examples_and_titles():
    zh, en = by_number(edition("zh-20240607.txt", "zh")), by_number(edition("en-20240607.txt"))
    assert zh["101.2"].examples[0].startswith("例如：")
    assert sum(len(r.examples) for r in zh.values()) == sum(len(r.examples) for r in en.values())
    assert {n for n, r in zh.items() if r.title} == {n for n, r in en.items() if r.title}
    assert zh["108.1"].title is None  # no sentence punctuation, but no subrules either


@pytest.mark.shared
def test_chinese_without_lang_is_recognised_by_its_script():
    assert parse_file(corpus_file("cr/zh-20240607.txt")).lang == "zh"


# --- layout quirks, on the invented fragment -----------------------------------------------------


def summary(ed: Edition) -> list[tuple]:
    return [(r.kind, r.number, r.title, r.text, r.examples, r.references, r.source) for r in ed.records]


BASELINE = summary(parse(FRAGMENT.encode(), "f.txt"))


@pytest.mark.parametrize(
    "layout",
    [
        pytest.param(lambda t: b"\xef\xbb\xbf" + t.encode(), id="BOM"),
        pytest.param(lambda t: t.replace("\n", "\r\n").encode(), id="CRLF"),
        pytest.param(lambda t: b"\xef\xbb\xbf" + t.replace("\n", "\r\n").encode(), id="BOM+CRLF"),
        pytest.param(lambda t: t.replace("\n", "\r\r\n").encode(), id="CR-CR-LF"),
        pytest.param(lambda t: re.sub(r"\n\n", "\n\u00a0\n", t).encode(), id="NBSP-blank-lines"),
        pytest.param(lambda t: t.encode("cp1252"), id="Windows-1252"),
        pytest.param(lambda t: "\ufeff" + t, id="str-with-BOM"),
    ],
)
def test_layouts_parse_alike(layout):
    assert summary(parse(layout(FRAGMENT), "f.txt")) == BASELINE


def test_windows_1252_keeps_typographic_characters():
    text = replace_line("100.2. Each player brings a deck to the game.",
                        "100.2. Each player’s deck — “the deck” — comes to the game.")
    ed = parse(text.encode("cp1252"), "old.txt")
    assert ed.rules()[2].text == "Each player’s deck — “the deck” — comes to the game."


def test_fragment_records():
    ed = parse(FRAGMENT, "f.txt")
    assert [r.number for r in ed.rules()] == RULE_NUMBERS
    assert ed.contents == [("1", "Invented Concepts"), ("100", "General"), ("101", "Sample Actions"),
                           ("2", "Second Chapter"), ("200", "General"), ("", "Glossary"), ("", "Credits")]
    rules = by_number(ed)
    assert rules["101.1"].title == "Shuffle" and rules["100.1"].title is None
    assert rules["100.1a"].references == ["100.2"]
    assert rules["101.1b"].references == ["101.1a", "101.1b", "100.1"]
    assert rules["101.1b"].text.endswith("100.1.\nA second paragraph continues this subrule.")
    assert rules["100.2"].examples == ["Example: A player brings a deck of forty cards."]
    assert rules["100.2"].source == "f.txt:30"
    glossary = [r for r in ed.records if r.kind == "glossary"]
    assert [(g.title, g.references) for g in glossary] == [("Deck", ["100.2"]), ("Shuffle", ["101.1"])]
    assert glossary[1].text == "1. To randomize a deck.\n2. The act of randomizing. See rule 101.1."


def test_u2028_joins_paragraphs_like_an_indented_line():
    joined = FRAGMENT.replace(
        "100.1.\n     A second", "100.1.\u2028\u00a0\u00a0\u00a0\u00a0 A second"
    )
    assert by_number(parse(joined, "f.txt"))["101.1b"].text == by_number(parse(FRAGMENT, "f.txt"))["101.1b"].text


def test_titles_need_subrules_and_no_sentence_punctuation():
    no_subrules = parse(replace_line("100.2. Each player brings a deck to the game.", "100.2. Decks").replace(
        "Example: A player brings a deck of forty cards.\n", ""), "f.txt")
    assert by_number(no_subrules)["100.2"].title is None
    sentence = parse(replace_line("101.1. Shuffle", "101.1. Shuffle now."), "f.txt")
    assert by_number(sentence)["101.1"].title is None


def test_translated_layout_with_its_own_words():
    """Headings and labels in another language: found by structure. The date is French."""
    text = (FRAGMENT.replace("Glossary", "Glossaire").replace("Credits", "Crédits")
            .replace("Example:", "Exemple :")
            .replace("These rules are effective as of August 7, 2026.",
                     "Ces règles entrent en vigueur le 7 août 2026."))
    ed = parse(text, "fr.txt", lang="fr")
    assert ed.effective == "2026-08-07" and ed.lang == "fr"
    assert ed.contents[-2:] == [("", "Glossaire"), ("", "Crédits")]
    assert by_number(ed)["100.2"].examples == ["Exemple : A player brings a deck of forty cards."]
    with pytest.raises(ParseError, match="--lang"):
        parse(text, "fr.txt")


@pytest.mark.parametrize(
    "line, iso, english",
    [
        ("These rules are effective as of August 7, 2026.", "2026-08-07", True),
        ("此规则于2024年6月7日起生效。", "2024-06-07", False),
        ("Estas reglas entran en vigor el 7 de agosto de 2026.", "2026-08-07", False),
        ("Ces règles sont en vigueur depuis le 1er août 2026.", "2026-08-01", False),
        ("Diese Regeln gelten ab dem 7. August 2026.", "2026-08-07", False),
        ("Regras válidas a partir de 07/08/2026.", "2026-08-07", False),
        ("이 규칙은 2026년 8월 7일부터 유효합니다.", "2026-08-07", False),
        ("Effective 2026-08-07.", "2026-08-07", False),
        ("Not a date: February 31, 2026, but 1 March 2026 is.", "2026-03-01", False),
    ],
)
def test_effective_date_forms(line, iso, english):
    assert find_date(line) == (iso, english)


def test_no_date_in_a_line():
    assert find_date("Magic: The Gathering Comprehensive Rules") is None


# --- errors --------------------------------------------------------------------------------------


def expect_error(text: str | bytes, message: str, line: int | None = None) -> ParseError:
    with pytest.raises(ParseError) as caught:
        parse(text, "bad.txt")
    error = caught.value
    assert re.search(message, error.message), error.message
    assert error.source == "bad.txt"
    if line is not None:
        assert error.line == line and str(error).startswith(f"bad.txt:{line}: ")
    return error


@pytest.mark.parametrize(
    "data, message",
    [
        (b"", "empty"),
        (b"\n\xc2\xa0\n  \n", "empty"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00", "binary"),
        ("Just some notes.\nNothing like the rules.\n", "no table of contents"),
        ("<html><body><p>Rules</p></body></html>", "no table of contents"),
        ("text with a\x00NUL", "binary"),
        ("\ufeff", "empty"),
    ],
)
def test_not_the_rules(data, message):
    expect_error(data, message)


def test_unreadable_paths(tmp_path):
    with pytest.raises(ParseError, match="cannot read"):
        parse_file(tmp_path / "missing.txt")
    with pytest.raises(ParseError, match="folder"):
        parse_file(tmp_path)


@pytest.mark.parametrize(
    "old, new, message, line",
    [
        ("100.2. Each player brings a deck to the game.", "100.3. Each player brings a deck to the game.", None, None),
        ("101.1a To shuffle a deck is to randomize it.", "100.9a To shuffle a deck is to randomize it.",
         "stands under section 101", 37),
        ("100.1a A two-player game has two players. See rule 100.2.", "100.1b Two players.", None, None),
        ("101.1. Shuffle", None, "subrule 101.1a without rule 101.1", 36),
        ("100.2. Each player brings a deck to the game.", "100.1. Each player brings a deck to the game.",
         "out of order", 30),
        ("101.1a To shuffle a deck is to randomize it.", "101.1l To shuffle a deck is to randomize it.",
         "letters skip l and o", 37),
        ("101. Sample Actions", None, "expected '2. Second Chapter' .* found heading '101. Sample Actions'", 32),
        ("101. Sample Actions", "102. Sample Actions", "expected '102. Sample Actions'", 33),
        ("100.1a A two-player game has two players. See rule 100.2.", "A stray paragraph.",
         "expected a rule number, a heading or an example", 28),
        ("The cards a player plays with. See rule 100.2.", None, "glossary term 'Deck' has no definition", 50),
        ("Invented by the test suite.", "", None, None),
        ("Credits", "Acknowledgements", "glossary term 'Credits' has no definition", 57),
        ("These rules are effective as of August 7, 2026.", "These rules are effective soon.",
         "no effective date", 11),
        ("Credits", None, "two unnumbered entries", 21),
        ("101. Sample Actions", "101 Sample Actions", "expected the body to start with '1. Invented Concepts'", 15),
    ],
)
def test_unexpected_structure(old, new, message, line):
    text = replace_line(old, new)
    if message is None:  # a change the parser has no reason to refuse
        assert isinstance(parse(text, "ok.txt"), Edition)
    else:
        expect_error(text, message, line)


def test_truncated_before_the_glossary():
    text = FRAGMENT[: FRAGMENT.index("Glossary\n\nDeck")]
    error = expect_error(text, "ends before the glossary heading 'Glossary'")
    assert error.mend and "truncated" in error.mend


def test_rule_under_a_chapter_heading():
    text = FRAGMENT.replace("100. General\n\n100.1.", "100.1.")
    expect_error(text, "before any section heading")


def test_heading_missing_from_the_body():
    text = FRAGMENT.replace("200. General\n\n200.1. This chapter holds one rule, which is the last one.\n\n", "")
    expect_error(text, "'200. General' of the contents never appears", line=44)


# --- looks_like_comprehensive_rules ---------------------------------------------------------------


def test_looks_like_the_rules():
    assert looks_like_comprehensive_rules(FRAGMENT)
    assert looks_like_comprehensive_rules(FRAGMENT.replace("\n", "\r\r\n"))
    assert not looks_like_comprehensive_rules("")
    assert not looks_like_comprehensive_rules("1. Buy milk\n2. Call home\n")
    assert not looks_like_comprehensive_rules("<html>Regla 701.50a Confabular</html>")


@pytest.mark.shared
@pytest.mark.parametrize("name", [*ENGLISH, "zh-20240607.txt"])
def test_real_files_look_like_the_rules(name):
    assert looks_like_comprehensive_rules(raw_text(name))


# The introduction of the fragment, as a translation would write it.
_TRANSLATED_INTRODUCTIONS = {
    "es": "Este es un fragmento inventado con la forma del documento de las reglas, escrito para las pruebas. Tiene unas pocas"
          " reglas y un glosario corto, y no es el texto real.",
    "fr": "Ceci est un fragment inventé qui a la forme du document des règles, écrit pour les tests. Il a quelques règles et un"
          " glossaire court, et ce n'est pas le vrai texte.",
    "zh": "这是为测试而写的一个虚构片段，具有规则文件的形式。它有几条规则和一个简短的词汇表，并不是真正的文本。",
    "ja": "これはテストのために書かれた、規則の文書の形をした架空の断片です。いくつかの規則と短い用語集があります。",
}


@pytest.mark.parametrize("lang", sorted(_TRANSLATED_INTRODUCTIONS))
def test_a_translation_is_recognised_by_its_introduction(lang):
    """Without --lang, a rules document in another language is read in the language its
    introduction is written in (script, or function words), not refused and not taken for English."""
    english = "This is an invented fragment in the shape of the rules document, written for the tests. It has a few rules and a short glossary, and it is not the real text."
    assert english in FRAGMENT
    edition = parse(FRAGMENT.replace(english, _TRANSLATED_INTRODUCTIONS[lang]), "translated.txt")
    assert edition.lang == lang and {record.lang for record in edition.records} == {lang}


def test_a_document_whose_introduction_names_no_language_is_refused_with_the_mend():
    english = "This is an invented fragment in the shape of the rules document, written for the tests. It has a few rules and a short glossary, and it is not the real text."
    german = (FRAGMENT.replace(english, "Dies ist ein erfundenes Stück, für Prüfungen geschrieben.")
              .replace("These rules are effective as of August 7, 2026.", "Diese Regeln gelten ab dem 7. August 2026.")
              .replace("Magic: The Gathering Comprehensive Rules", "Magic: The Gathering Umfassende Regeln"))
    with pytest.raises(ParseError) as refused:
        parse(german, "de.txt")
    assert "cannot tell which language" in str(refused.value) and "--lang" in str(refused.value)
