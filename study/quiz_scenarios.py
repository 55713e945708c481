"""Scenario questions: show a board, ask what happens, and let the engine say.

Boards come from the scenario files of examples/ (shipped in the package as
`mtgrules.examples`, so an installed quiz has them too) and from generators (`quiz_boards`),
one or more per engine area, that draw a fresh board from the session's random generator.
Both are the same TOML-shaped data, checked by `scenario.from_data` and run by
`judging.judge`, so a generated board is held to the rules of a hand-written one.

The wrong choices are not invented: they are what the engine says happens on nearby boards
(a number one higher or lower, a flag flipped), so each one is a real outcome of a mistake a
person could make when reading the board (miscounting damage, forgetting a counter).
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Iterator
from functools import partial
from importlib import resources
from pathlib import Path
from typing import Any

from mtgrules.engine.state import Zone
from mtgrules.study import judging, scenario
from mtgrules.study.citations import RuleTexts
from mtgrules.study.quiz import Candidate, Question, QuestionKind, prompt, section_of
from mtgrules.study.quiz_boards import GENERATORS
from mtgrules.study.scenario import Scenario, ScenarioError

# The scenario examples ship inside the package (`examples/` is mapped to `mtgrules.examples`),
# so an installed quiz finds them too, and never some other package's folder of that name.
EXAMPLES_DIR = Path(str(resources.files("mtgrules.examples")))
NOTHING = "Nothing happens."


# outcomes ----------------------------------------------------------------------------------------


def outcome(judgement: judging.Judgement) -> str:
    """Everything that happened, as one line: what a choice shows."""
    parts = []
    for step in judgement.steps:
        if step.illegal:
            parts.append(f"illegal: {step.illegal}")
        parts += [event.message for event in step.events]
    return "; ".join(parts) or NOTHING


def primary_section(judgement: judging.Judgement) -> str | None:
    """The section most of the events cite: what the scenario is about."""
    sections = Counter(section_of(event.rule) for event in judgement.events())
    return sections.most_common(1)[0][0] if sections else None


def _leaves(data: Any, path: tuple = ()) -> Iterator[tuple[tuple, Any]]:
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _leaves(value, path + (key,))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _leaves(value, path + (index,))
    else:
        yield path, data


def _get(data: Any, path: tuple) -> Any:
    for key in path:
        data = data[key]
    return data


def _set(data: Any, path: tuple, value: Any) -> Any:
    changed = copy.deepcopy(data)
    target = changed
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return changed


def variants(raw: dict) -> list[dict]:
    """Nearby boards: each integer one higher and one lower, each flag flipped, each keyword
    dropped, each permanent under another player's control."""
    players = [p.get("name") for p in raw.get("players", [])]
    out = []
    for path, value in _leaves(raw):
        if path[-1] == "timestamp":
            continue
        if isinstance(value, bool):
            out.append(_set(raw, path, not value))
        elif isinstance(value, int):
            out += [_set(raw, path, value + 1), _set(raw, path, value - 1)]
        elif len(path) > 1 and path[-2] == "keywords":
            keywords = [k for k in _get(raw, path[:-1]) if k != value]
            out.append(_set(raw, path[:-1], keywords))
        elif path[-1] == "controller":
            out += [_set(raw, path, other) for other in players if other != value]
    return out


def wrong_outcomes(raw: dict, right: str, rng: random.Random, wanted: int = 3) -> list[str]:
    """Up to `wanted` outcomes of nearby boards that differ from the right one; "Nothing
    happens." completes them when the boards nearby all play out the same."""
    found: list[str] = []
    nearby = variants(raw)
    rng.shuffle(nearby)
    for board in nearby:
        try:
            text = outcome(judging.judge(scenario.from_data(board, "variant")))
        except ScenarioError:
            continue  # a number out of range: not a board at all
        if text != right and text not in found:
            found.append(text)
            if len(found) == wanted:
                return found
    if len(found) < wanted and right != NOTHING and NOTHING not in found:
        found.append(NOTHING)
    return found


# showing a board -------------------------------------------------------------------------------


def _card(spec: scenario.CardSpec) -> str:
    f = spec.fields
    kinds = " ".join(sorted(f.get("supertypes", ())) + sorted(f.get("types", ())))
    line = spec.name + (f" [{spec.id}]" if spec.zone == Zone.BATTLEFIELD else "")
    if kinds:
        line += f", {kinds}" + (" — " + " ".join(sorted(f["subtypes"])) if f.get("subtypes") else "")
    if f.get("power") is not None or f.get("toughness") is not None:
        line += f" {f.get('power', 0)}/{f.get('toughness', 0)}"
    details = []
    if f.get("keywords"):
        details.append(", ".join(sorted(f["keywords"])))
    if f.get("counters"):
        details.append("counters " + ", ".join(f"{kind} ×{n}" for kind, n in f["counters"].items()))
    for key, label in (("damage", "damage"), ("attached_to", "attached to"), ("enchant", "enchant"),
                       ("gift", "gift"), ("chapters", "chapters"), ("protector", "protector"),
                       ("attacking", "attacking"), ("sector", "sector"), ("copy", "a copy of a"),
                       ("regeneration_shields", "regeneration shields")):
        if f.get(key):
            details.append(f"{label} {f[key]}")
    for key, label in (("tapped", "tapped"), ("token", "token"), ("dealt_deathtouch_damage", "dealt deathtouch damage"),
                       ("cant_transform", "can't transform")):
        if f.get(key):
            details.append(label)
    if f.get("counter_limits"):
        details.append("can't have more than " + ", ".join(f"{n} {kind}" for kind, n in f["counter_limits"].items()))
    if f.get("other_face") is not None:
        face = f["other_face"]
        types = " ".join(sorted(face.types))
        details.append(f"other face: {face.name}" + (f", {types}" if types else ""))
    return line + (f" ({'; '.join(details)})" if details else "")


def board_text(checked: Scenario) -> str:
    """The board and the actions, for a person: what a judge would be told."""
    lines = []
    for player in checked.players:
        facts = [f"{player.get('life', 20)} life"]
        facts += [f"{player[key]} {key}" for key in ("poison", "energy") if player.get(key)]
        if player.get("speed"):
            facts.append(f"speed {player['speed']}")
        active = ", active player" if player["name"] == checked.active else ""
        lines.append(f"{player['name']}: {', '.join(facts)}{active}")
        for zone in scenario.PLAYER_ZONES:
            cards = [c for c in checked.cards if c.zone == zone and c.owner == player["name"]]
            if cards:
                label = "library (top first)" if zone == Zone.LIBRARY else zone.value
                lines.append(f"  {label}: " + "; ".join(_card(c) for c in cards))
    permanents = [c for c in checked.cards if c.zone == Zone.BATTLEFIELD]
    if permanents:
        lines.append("Battlefield (in the order they entered):")
        lines += [f"  {_card(c)}, controlled by {c.fields.get('controller')}" for c in permanents]
    if checked.actions:
        lines.append("Then:")
        lines += [f"  {i}. {judging.describe_action(a)}" for i, a in enumerate(checked.actions, start=1)]
    for key, label in (("discard", "discards first"), ("keep", "keeps (legend rule)")):
        if checked.choices.get(key):
            lines.append(f"Choices: {label} {', '.join(checked.choices[key])}")
    return "\n".join(lines)


# questions ---------------------------------------------------------------------------------------


def question(item: str, section: str, checked: Scenario, texts: RuleTexts, lang: str, rng: random.Random) -> Question:
    judgement = judging.judge(checked)
    right = outcome(judgement)
    choices = [right, *wrong_outcomes(checked.raw, right, rng)]
    rng.shuffle(choices)
    explanation, cited = [], set()
    for event in judgement.events():
        explanation.append((f"{event.rule} — {event.message}", None if event.rule in cited else texts.cite(event.rule, lang)))
        cited.add(event.rule)
    for step in judgement.steps:
        if step.illegal:
            explanation.append((f"illegal (step {step.index}): {step.illegal}", None))
    return Question(item, QuestionKind.SCENARIO, lang, section, prompt(QuestionKind.SCENARIO, lang),
                    board_text(checked), choices, str(choices.index(right) + 1), explanation)


def _available(texts: RuleTexts, lang: str, section: str, rules: list[str]) -> bool:
    """Askable in `lang` when the explanation can quote at least one rule of its section, in
    that language or, failing it, in English."""
    return any(section_of(r) == section and (texts.text(r, lang) or texts.text(r, "en")) for r in rules)


def example_candidates(texts: RuleTexts, lang: str, folder: Path = EXAMPLES_DIR) -> list[Candidate]:
    candidates = []
    for path in sorted(folder.glob("*.toml")):
        checked = scenario.load(path)
        judgement = judging.judge(checked)
        section = primary_section(judgement)
        if section is None or not _available(texts, lang, section, [e.rule for e in judgement.events()]):
            continue
        item = f"scenario:{lang}:examples/{path.name}"
        candidates.append(Candidate(item, QuestionKind.SCENARIO, section, partial(question, item, section, checked, texts, lang)))
    return candidates


def generated_question(name: str, texts: RuleTexts, lang: str, rng: random.Random) -> Question:
    """A fresh board from generator `name`, with at least two different outcomes nearby when
    it can: the rare board where every near miss plays out the same makes no multiple-choice
    question, so another is drawn."""
    generator = GENERATORS[name]
    for _ in range(20):
        board = scenario.from_data(generator.draw(rng), f"generated/{name}")
        asked = question(f"scenario:{lang}:generated/{name}", generator.section, board, texts, lang, rng)
        if len(asked.choices) > 1:
            break
    return asked


def generated_candidates(texts: RuleTexts, lang: str) -> list[Candidate]:
    return [
        Candidate(f"scenario:{lang}:generated/{name}", QuestionKind.SCENARIO, generator.section,
                  partial(generated_question, name, texts, lang))
        for name, generator in GENERATORS.items()
        if _available(texts, lang, generator.section, list(generator.rules))
    ]


def candidates(texts: RuleTexts, lang: str) -> list[Candidate]:
    return example_candidates(texts, lang) + generated_candidates(texts, lang)
