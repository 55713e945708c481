"""Quiz distractors that could pass for the answer (issue 23, item 7): drawn from the same
section and kind as the right text, the same rule's other subrules and the nearest numbers
first; each choice on one line; the full text shown after the answer."""

from __future__ import annotations

import random
import re

import pytest
from click.testing import CliRunner
from conftest import ingested_home

from mtgrules import rulenumbers
from mtgrules.cli.main import cli
from mtgrules.lookup.catalog import Catalog
from mtgrules.study import citations
from mtgrules.study import quiz as questions

pytestmark = pytest.mark.shared


@pytest.fixture(scope="module")
def corpus_home(tmp_path_factory):
    return ingested_home(tmp_path_factory.mktemp("quiz"), ["cr/en-20260807.txt"])


def test_every_wrong_choice_is_a_text_of_the_same_section_and_mostly_of_the_same_rule(home):
    """The family: a text question on every tenth lettered subrule of the 2026 rules."""
    texts = citations.RuleTexts.of_view(Catalog.load(None))
    family = questions.subrules(texts, "en")
    by_text: dict[str, set[str]] = {}
    for numbers in family.values():
        for number in numbers:
            by_text.setdefault(texts.text(number, "en") or "", set()).add(number)
    pool = [c for c in questions.build_pool(texts, "en", ("text",))][::10]
    assert len(pool) > 150
    same_rule = total = 0
    for candidate in pool:
        question = candidate.make(random.Random(7))
        if question is None:
            continue
        number = candidate.item.split(":")[2]
        parent = rulenumbers.parent(number)
        wrong = [choice for position, choice in enumerate(question.choices, start=1) if str(position) != question.answer]
        assert len(wrong) >= 2 and len(set(question.choices)) == len(question.choices)
        for choice in wrong:
            sources = by_text[choice]
            assert any(questions.section_of(n) == questions.section_of(number) for n in sources), (number, choice)
            total += 1
            same_rule += any(rulenumbers.parent(n) == parent for n in sources)
        siblings = len(family[parent]) - 1
        if siblings >= 5:  # a rule with enough subrules: its own are the ones to confuse
            assert sum(any(rulenumbers.parent(n) == parent for n in by_text[c]) for c in wrong) == len(wrong), number
    assert same_rule / total > 0.6


def test_each_choice_is_one_line_and_the_full_text_follows_the_answer(home):
    result = CliRunner().invoke(cli, ["quiz", "--kind", "text", "--section", "702", "--count", "3", "--seed", "4"],
                                input="1\n1\n1\n")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    choices = [line for line in lines if re.match(r"  [1-4]\) ", line)]
    assert len(choices) == 12 and all(len(line) <= 80 for line in choices)
    questions_asked = re.findall(r"^What does rule (\S+) say\?$", result.stdout, re.M)
    texts = citations.RuleTexts.of_view(Catalog.load(None))
    for number in questions_asked:
        full = " ".join((texts.text(number, "en") or "").split())
        shown = " ".join(line.strip() for line in lines[lines.index(f"  {number}") + 1:] if line.startswith("    "))
        assert shown.startswith(full[:60])  # after the answer, the rule's whole text
