"""Quiz questions and progress as a library: what a question holds, generated boards, wrong
choices from nearby boards, Leitner boxes."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest

from mtgrules.align import linking
from mtgrules.study import citations, judging, quiz, quiz_scenarios, scenario
from mtgrules.study.progress import BOX_DAYS, ItemState, Progress, order
from mtgrules.study.quiz_boards import GENERATORS


@pytest.fixture
def texts() -> citations.RuleTexts:
    return citations.RuleTexts(linking.all_records())


def test_seeds_alone_give_spanish_questions_on_701_and_704_only(texts):
    pool = quiz.build_pool(texts, "es")
    assert {c.section for c in pool} == {"701", "704"}
    assert citations.default_lang(texts) == "es"
    assert quiz.build_pool(texts, "fr") == []  # French seeds are rulings, not rules


def test_text_question_choices_are_distinct_siblings_with_one_right(texts):
    rng = random.Random(0)
    candidate = next(c for c in quiz.build_pool(texts, "es", ("text",)) if c.item == "text:es:704.5g")
    question = candidate.make(rng)
    assert len(question.choices) == 4 and len(set(question.choices)) == 4
    sibling_texts = {texts.text(f"704.5{letter}", "es") for letter in "abcdefghijkmnpqrstuvwxyz"}
    assert set(question.choices) <= sibling_texts | {texts.text("704.5aa", "es")}
    assert question.choices[int(question.answer) - 1] == texts.text("704.5g", "es")
    assert question.check(question.answer) and question.check("abcd"[int(question.answer) - 1])
    assert not question.check(str(int(question.answer) % 4 + 1))


def test_number_answers_accept_the_forms_people_type():
    assert quiz.normalise_number(" Regla 704.5G. ") == "704.5g"
    assert quiz.normalise_number("règle 701.50a") == "701.50a"
    assert quiz.normalise_number("rule 701.28c.") == "701.28c"


@pytest.mark.parametrize("name", sorted(GENERATORS))
def test_generated_boards_are_valid_and_their_questions_have_one_right_choice(name, texts):
    section, rules, generate = GENERATORS[name]
    seen_rules = set()
    for seed in range(25):
        rng = random.Random(seed)
        board = scenario.from_data(generate(rng), f"generated/{name}")
        judgement = judging.judge(board)
        seen_rules |= {event.rule for event in judgement.events()}
        question = quiz_scenarios.question(f"scenario:en:generated/{name}", section, board, texts, "en", rng)
        if question is not None:  # None: fewer than three plausible outcomes; the quiz draws another board
            assert 3 <= len(question.choices) <= 4 and len(set(question.choices)) == len(question.choices)
            assert question.choices[int(question.answer) - 1] == quiz_scenarios.outcome(judgement)
        made = quiz_scenarios.generated_question(name, texts, "en", rng)
        assert made is not None and len(made.choices) >= 3  # what the quiz asks has at least two wrong choices
    # Across seeds, the generator reaches the rules it claims to be about.
    assert set(rules) <= seen_rules


def test_wrong_choices_are_outcomes_of_nearby_boards():
    data = {"players": [{"name": "Alice"}], "permanents": [
        {"name": "Grizzly Bears", "controller": "Alice", "types": ["Creature"], "power": 2, "toughness": 2, "damage": 1}]}
    right = quiz_scenarios.outcome(judging.judge(scenario.from_data(data, "t")))
    assert right == "Nothing happens."
    wrong = quiz_scenarios.wrong_outcomes(data, right, random.Random(1))
    assert "Grizzly Bears is destroyed: lethal damage" in wrong  # damage 2: one more than on the board
    assert len(wrong) <= 3 and right not in wrong


@pytest.mark.parametrize("path", sorted(quiz_scenarios.EXAMPLES_DIR.glob("*.toml")), ids=lambda p: p.name)
def test_every_example_makes_a_question_with_wrong_choices(path, texts):
    checked = scenario.load(path)
    asked = quiz_scenarios.question("scenario:es:x", "704", checked, texts, "es", random.Random(0))
    assert asked is not None and 3 <= len(asked.choices) <= 4 and len(set(asked.choices)) == len(asked.choices)
    assert asked.choices[int(asked.answer) - 1] == quiz_scenarios.outcome(judging.judge(checked), "es")


def test_a_scenario_judged_twice_plays_out_the_same(texts):
    """The engine changes counters in place; the scenario's own values must not change."""
    checked = scenario.load(quiz_scenarios.EXAMPLES_DIR / "sba-players-and-legends.toml")
    before = quiz_scenarios.board_text(checked)
    first = [str(e) for e in judging.judge(checked).events()]
    assert quiz_scenarios.board_text(checked) == before and "+1/+1 ×3, -1/-1 ×1" in before
    assert [str(e) for e in judging.judge(checked).events()] == first


def test_leitner_boxes_rise_on_right_answers_and_fall_to_one_on_wrong(tmp_path):
    start = datetime(2026, 11, 29, tzinfo=UTC)
    with Progress(tmp_path / "quiz.sqlite3") as held:
        boxes = [held.record("number:es:704.5g", "number", "es", "704", right, start) for right in
                 (True, True, True, True, True, False)]
        assert boxes == [2, 3, 4, 5, 5, 1]
        state = held.states()["number:es:704.5g"]
        assert (state.answered, state.correct) == (6, 5)
        held.record("text:es:701.50a", "text", "es", "701", True, start)
        stats = {s.section: s for s in held.stats(start + timedelta(hours=1))}
    assert stats["704"].boxes == (1, 0, 0, 0, 0) and stats["704"].due == 1
    assert stats["701"].boxes == (0, 1, 0, 0, 0) and stats["701"].due == 0  # box 2: due in a day
    assert BOX_DAYS[1] == 1


def test_order_puts_due_items_first_then_new_then_the_rest():
    now = datetime(2026, 11, 29, tzinfo=UTC)
    past, future = (now - timedelta(days=1)).isoformat(), (now + timedelta(days=3)).isoformat()
    states = {"due-box-3": ItemState(3, past, 2, 2), "due-box-1": ItemState(1, past, 1, 0),
              "later": ItemState(4, future, 3, 3)}
    assert order(["later", "new", "due-box-3", "due-box-1"], states, now) == ["due-box-1", "due-box-3", "new", "later"]
