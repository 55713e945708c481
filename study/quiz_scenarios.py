"""Scenario questions: show a board, ask what happens, and let the engine say.

Boards come from the scenario files of examples/ (shipped in the package as
`mtgrules.examples`, so an installed quiz has them too) and from generators (`quiz_boards`),
one or more per engine area, that draw a fresh board from the session's random generator.
Both are the same TOML-shaped data, checked by `scenario.from_data` and run by
`judging.judge`, so a generated board is held to the rules of a hand-written one.

The wrong choices are not invented: they are what the engine says happens on nearby boards
(a number one higher or lower, a flag flipped, an action left out), so each one is a real
outcome of a mistake a person could make when reading the board (miscounting damage, forgetting
a counter); failing those, the right outcome with one of its events forgotten. A question
offers at least three choices, or isn't asked. Everything is said in the quiz's language.
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
from mtgrules.study.messages import event_text, game_word, ui
from mtgrules.study.quiz import MINIMUM_CHOICES, Candidate, Question, QuestionKind, prompt, section_of
from mtgrules.study.quiz_boards import GENERATORS
from mtgrules.study.scenario import Scenario, ScenarioError

# The scenario examples ship inside the package (`examples/` is mapped to `mtgrules.examples`),
# so an installed quiz finds them too, and never some other package's folder of that name.
EXAMPLES_DIR = Path(str(resources.files("mtgrules.examples")))


# outcomes ----------------------------------------------------------------------------------------


def _said(judgement: judging.Judgement, lang: str) -> list[str]:
    """Everything that happened, one string each, in `lang`."""
    parts = []
    for step in judgement.steps:
        if step.illegal:
            parts.append(ui("illegal", lang, why=event_text(step.illegal, lang)))
        parts += [event_text(event.text, lang) for event in step.events]
    return parts


def outcome(judgement: judging.Judgement, lang: str = "en") -> str:
    """Everything that happened, as one line: what a choice shows."""
    return "; ".join(_said(judgement, lang)) or ui("nothing", lang)


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


WORD_LISTS = ("keywords", "types", "subtypes", "supertypes", "rooms")  # a word of these may be forgotten
SWAPPED = {"copy": ("spell", "card"), "sector": ("alpha", "beta", "gamma")}  # a word of these may be mistaken for another


def variants(raw: dict) -> list[dict]:
    """Nearby boards: each integer (a timestamp too) one higher and one lower, each flag
    flipped, each keyword, type, subtype, supertype or room dropped, a copy of a spell for a
    copy of a card, another player wherever a player is named (a controller, a protector, a
    choice), each permanent not there at all, each action left out. What a scenario expects is no part of its board, so
    [expect] is left out of them."""
    raw = {key: value for key, value in raw.items() if key != "expect"}
    players = [p.get("name") for p in raw.get("players", [])]
    out = []
    for path, value in _leaves(raw):
        if isinstance(value, bool):
            out.append(_set(raw, path, not value))
        elif isinstance(value, int):
            out += [_set(raw, path, value + 1), _set(raw, path, value - 1)]
        elif len(path) > 1 and path[-2] in WORD_LISTS:
            words = [k for k in _get(raw, path[:-1]) if k != value]
            out.append(_set(raw, path[:-1], words))
        elif value in players and path[-1] != "name":  # a controller, a protector, a choice of player …
            out += [_set(raw, path, other) for other in players if other != value]
        elif path[-1] in SWAPPED:
            out += [_set(raw, path, other) for other in SWAPPED[path[-1]] if other != value]
    permanents = raw.get("permanents", [])
    out += [{**raw, "permanents": permanents[:i] + permanents[i + 1:]} for i in range(len(permanents))]
    actions = raw.get("actions", [])
    out += [{**raw, "actions": actions[:i] + actions[i + 1:]} for i in range(len(actions))]
    return out


def wrong_outcomes(raw: dict, right: str, rng: random.Random, lang: str = "en", said: list[str] | None = None,
                   wanted: int = 3) -> list[str]:
    """Up to `wanted` outcomes that differ from the right one: first what the engine says
    happens on nearby boards; then the right outcome with one thing forgotten (`said`: its
    parts); then "Nothing happens."."""
    found: list[str] = []
    nearby = variants(raw)
    rng.shuffle(nearby)
    for board in nearby:
        try:
            text = outcome(judging.judge(scenario.from_data(board, "variant")), lang)
        except ScenarioError:
            continue  # a number out of range, an action that names what was left out: not a board at all
        if text != right and text not in found:
            found.append(text)
            if len(found) == wanted:
                return found
    parts = said or []
    if len(parts) > 1:
        forgotten = ["; ".join(parts[:i] + parts[i + 1:]) for i in range(len(parts))]
        rng.shuffle(forgotten)
        found += [text for text in forgotten if text != right and text not in found][: wanted - len(found)]
    nothing = ui("nothing", lang)
    if len(found) < wanted and right != nothing and nothing not in found:
        found.append(nothing)
    return found


# showing a board -------------------------------------------------------------------------------


def _words(values: Any, kind: str, lang: str) -> list[str]:
    return [game_word(kind, str(v), lang) for v in values]


def _card(spec: scenario.CardSpec, lang: str) -> str:
    f = spec.fields
    kinds = " ".join(_words(sorted(f.get("supertypes", ())), "supertype", lang) + _words(sorted(f.get("types", ())), "typename", lang))
    line = spec.name + (f" [{spec.id}]" if spec.zone == Zone.BATTLEFIELD else "")
    if kinds:
        line += f", {kinds}" + (" — " + " ".join(sorted(f["subtypes"])) if f.get("subtypes") else "")
    if f.get("power") is not None or f.get("toughness") is not None:
        line += f" {f.get('power', 0)}/{f.get('toughness', 0)}"
    details = []
    if f.get("keywords"):
        details.append(", ".join(_words(sorted(f["keywords"]), "keyword", lang)))
    if f.get("counters"):
        details.append(ui("counters", lang, list=", ".join(f"{kind} ×{n}" for kind, n in f["counters"].items())))
    for key in ("loyalty", "defense", "damage", "attached_to", "enchant", "gift", "chapters", "protector", "attacking",
                "blocking", "sector", "copy", "regeneration_shields"):
        value = f.get(key)
        if key in ("gift", "enchant", "copy") and value:
            value = _words([value], {"gift": "gift", "enchant": "typename", "copy": "copy"}[key], lang)[0]
        if value:
            details.append(ui("card_" + key, lang, x=", ".join(value) if isinstance(value, tuple) else value))
    for key in ("tapped", "token", "summoning_sick", "dealt_deathtouch_damage", "cant_transform", "back_up"):
        if f.get(key):
            details.append(ui("card_" + key, lang))
    if f.get("counter_limits"):
        details.append(ui("card_counter_limits", lang, x=", ".join(f"{n} {kind}" for kind, n in f["counter_limits"].items())))
    if f.get("other_face") is not None:
        face = f["other_face"]
        types = " ".join(_words(sorted(face.types), "typename", lang))
        details.append(ui("card_other_face", lang, x=face.name + (f", {types}" if types else "")))
    return line + (f" ({'; '.join(details)})" if details else "")


def board_text(checked: Scenario, lang: str = "en") -> str:
    """The board and the actions, for a person: what a judge would be told."""
    lines = []
    for player in checked.players:
        facts = [ui("life", lang, n=player.get("life", 20))]
        facts += [ui(key, lang, n=player[key]) for key in ("poison", "energy") if player.get(key)]
        if player.get("speed"):
            facts.append(ui("speed", lang, n=player["speed"]))
        if player["name"] == checked.active:
            facts.append(ui("active", lang))
        lines.append(ui("labelled", lang, label=player["name"], value=", ".join(facts)))
        for zone in scenario.PLAYER_ZONES:
            cards = [c for c in checked.cards if c.zone == zone and c.owner == player["name"]]
            if cards:
                lines.append("  " + ui("labelled", lang, label=ui("zone_" + zone.value, lang),
                                       value="; ".join(_card(c, lang) for c in cards)))
    permanents = [c for c in checked.cards if c.zone == Zone.BATTLEFIELD]
    if permanents:
        lines.append(ui("battlefield", lang))
        lines += [f"  {_card(c, lang)}, {ui('controlled_by', lang, player=c.fields.get('controller'))}" for c in permanents]
    if checked.actions:
        lines.append(ui("then", lang))
        lines += [f"  {i}. {judging.describe_action(a)}" for i, a in enumerate(checked.actions, start=1)]
    if checked.choices:
        written = "; ".join(f"{key} = {value}" for key, value in checked.choices.items())
        lines.append(ui("choices", lang, list=written))
    return "\n".join(lines)


# questions ---------------------------------------------------------------------------------------

def question(item: str, section: str, checked: Scenario, texts: RuleTexts, lang: str, rng: random.Random) -> Question | None:
    """A board and what happens on it, among at least `MINIMUM_CHOICES` outcomes, or None when
    no two plausible wrong outcomes can be found."""
    judgement = judging.judge(checked)
    said = _said(judgement, lang)
    right = outcome(judgement, lang)
    wrong = wrong_outcomes(checked.raw, right, rng, lang, said)
    if len(wrong) + 1 < MINIMUM_CHOICES:
        return None
    choices = [right, *wrong]
    rng.shuffle(choices)
    explanation, cited = [], set()
    for event in judgement.events():
        explanation.append((f"{event.rule} — {event_text(event.text, lang)}",
                            None if event.rule in cited else texts.cite(event.rule, lang)))
        cited.add(event.rule)
    for step in judgement.steps:
        if step.illegal:
            explanation.append((ui("illegal_step", lang, i=step.index, why=event_text(step.illegal, lang)), None))
    return Question(item, QuestionKind.SCENARIO, lang, section, prompt(QuestionKind.SCENARIO, lang),
                    board_text(checked, lang), choices, str(choices.index(right) + 1), explanation)


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


def generated_question(name: str, texts: RuleTexts, lang: str, rng: random.Random) -> Question | None:
    """A fresh board from generator `name`, with enough different outcomes nearby: the rare
    board where every near miss plays out the same makes no question, so another is drawn."""
    generator = GENERATORS[name]
    for _ in range(20):
        board = scenario.from_data(generator.draw(rng), f"generated/{name}")
        asked = question(f"scenario:{lang}:generated/{name}", generator.section, board, texts, lang, rng)
        if asked is not None:
            return asked
    return None


def generated_candidates(texts: RuleTexts, lang: str) -> list[Candidate]:
    return [
        Candidate(f"scenario:{lang}:generated/{name}", QuestionKind.SCENARIO, generator.section,
                  partial(generated_question, name, texts, lang))
        for name, generator in GENERATORS.items()
        if _available(texts, lang, generator.section, list(generator.rules))
    ]


def candidates(texts: RuleTexts, lang: str) -> list[Candidate]:
    return example_candidates(texts, lang) + generated_candidates(texts, lang)
