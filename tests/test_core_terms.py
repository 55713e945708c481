"""The core-terms table (corpus/core_terms.tsv): each row says where it was checked, and what
it says can be checked again; its rows are in the committed lexicon."""

from __future__ import annotations

import json
import re

import pytest
from conftest import REPO, corpus_file

from mtgrules.align import core_terms, corpus_lexicon
from mtgrules.align.lexicon import Entry, Lexicon
from mtgrules.align.phrases import phrase_key
from mtgrules.errors import ParseError
from mtgrules.text import fold

TABLE = REPO / "corpus" / core_terms.TABLE
LANGUAGES = {"Spanish": "es", "French": "fr", "German": "de", "Italian": "it", "Portuguese (Brazil)": "pt"}


def rows() -> list[list[str]]:
    lines = [line for line in TABLE.read_text(encoding="utf-8").splitlines() if line and not line.startswith("#")]
    return [line.split("\t") for line in lines[1:]]


def has(text: str, phrase: str) -> bool:
    return re.search(r"(?<!\w)" + re.escape(fold(phrase).lower()) + r"(?!\w)", fold(text).lower()) is not None


def test_every_row_says_where_it_was_checked_and_is_in_the_committed_lexicon():
    committed = {(e.lang, phrase_key(e.phrase, e.lang), phrase_key(e.english, "en"))
                 for e in corpus_lexicon.committed().entries if "core-terms" in e.sources}
    assert len(rows()) >= 100
    for lang, term, english, checked in rows():
        assert checked.startswith(("printed:", "seeds/", "official", "judges:", "unchecked")), (term, checked)
        assert (lang, phrase_key(term, lang), phrase_key(english, "en")) in committed, term
    assert {lang for lang, *_ in rows()} >= {"es", "fr", "de", "it", "pt"}


@pytest.mark.shared
def test_a_row_checked_in_printed_text_is_printed_so_on_the_card_it_names():
    printed: dict[tuple[str, str], list[tuple[str, str]]] = {}
    for lang, term, english, checked in rows():
        found = re.match(r"printed: (.+?) \(([A-Z0-9]+)\)", checked)
        if found:
            printed.setdefault((found.group(2), found.group(1)), []).append((lang, term, english))
    assert len(printed) >= 20
    by_set: dict[str, list[dict]] = {}
    for (code, card), wanted in sorted(printed.items()):
        if code not in by_set:
            by_set[code] = json.loads(corpus_file(f"sets/{code}.json").read_text(encoding="utf-8"))["data"]["cards"]
        printings = [c for c in by_set[code] if c["name"] == card]  # a set may print a card several times
        for lang, term, english in wanted:
            assert any(has(f"{c.get('text') or ''}\n{c.get('type') or ''}", english) and any(
                LANGUAGES.get(f["language"]) == lang and has(f"{f.get('text') or ''}\n{f.get('type') or ''}", term)
                for f in c.get("foreignData", [])) for c in printings), (card, term)


def test_unchecked_rows_weigh_less_and_a_bad_row_names_its_line():
    found = core_terms.entries("lang\tterm\tenglish\tchecked\nes\tcapa\tlayer\tunchecked: judge usage\n"
                               "es\tpila\tstack\tseeds/001.txt\n", "t.tsv")
    assert [e.score for e in found] == [core_terms.UNCHECKED_SCORE, core_terms.CHECKED_SCORE]
    with pytest.raises(ParseError, match=r"t.tsv:2"):
        core_terms.entries("lang\tterm\tenglish\tchecked\nes\tcapa\n", "t.tsv")


def test_a_term_of_several_words_teaches_its_parts():
    """"paso de declarar bloqueadoras" is "declare blockers step" and card text says "paso" is
    "step": "declarar bloqueadoras" is "declare blockers", what a judge types for the action."""
    known = Lexicon([Entry("es", "paso", "step", 0.98, 300, "cards"), Entry("es", "criatura", "creature", 0.9, 900, "cards"),
                     Entry("es", "atacante", "attacker", 0.7, 9, "cards"), Entry("fr", "étape", "step", 0.95, 200, "cards")])
    terms = core_terms.entries(
        "lang\tterm\tenglish\tchecked\n"
        "es\tpaso de declarar bloqueadoras\tdeclare blockers step\tunchecked: judge usage\n"
        "es\tcriatura atacante\tattacking creature\tprinted: Paladin Class (AFR)\n"
        "fr\tétape d'entretien\tupkeep step\tofficial French CR contents, rule 503\n", "t.tsv")
    parts = {(e.lang, e.phrase, e.english): e.score for e in core_terms.parts(terms, known)}
    assert parts[("es", "declarar bloqueadoras", "declare blockers")] == round(core_terms.UNCHECKED_SCORE * 0.98, 3)
    # "atacante" is in the lexicon already: its learned pair stays the only one.
    assert not any(phrase == "atacante" for _, phrase, _ in parts)
    # Less "étape", "d'entretien" starts with a little word: no part.
    assert not any(lang == "fr" for lang, *_ in parts)


def test_the_committed_lexicon_holds_the_parts_of_the_core_terms():
    table = corpus_lexicon.committed().compile()["to_english"]
    assert table["es"][phrase_key("declarar bloqueadoras", "es")][0][0] == "declare blockers"
    assert table["fr"][phrase_key("déclaration des attaquants", "fr")][0][0] == "declare attackers"
    assert table["it"][phrase_key("bloccante", "it")][0][0] == "blocking"
