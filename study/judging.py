"""Judge a scenario: build the engine's state from a checked `Scenario`, perform its actions
and report what happened, each event with the rule that caused it.

State-based actions are checked (704.3) on the board as given, and again after every action, as
they would be before a player next receives priority: a scenario is a sequence of moments at
which a judge asks "and now?". An action the rules forbid (paying energy you don't have,
resolving an empty stack) is reported as illegal; the rest still runs, since what a person
wants to learn is often exactly that the engine refused. The engine refuses before changing
anything, with one exception: when several permanents connive at once and the last ones have
no controller left in the game, those before them have connived, and their events are not
reported. Each action is performed as `actions.ACTIONS` says.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from mtgrules.engine.choices import Chooser
from mtgrules.engine.events import Event
from mtgrules.engine.sba import check_state_based_actions
from mtgrules.engine.state import IllegalAction, Player, State, Zone
from mtgrules.study.actions import ACTIONS
from mtgrules.study.scenario import Scenario


class ScenarioChooser(Chooser):
    """The engine's default choices, except where the scenario's [choices] names preferences:
    `discard` (cards to discard first, in order) and `keep` (legendary permanents to keep)."""

    def __init__(self, choices: dict[str, list[str]]):
        self.discard_first = choices.get("discard", [])
        self.keep_first = choices.get("keep", [])

    def discard(self, state: State, player: str, hand: list[str], count: int) -> list[str]:
        preferred = [card for card in self.discard_first if card in hand]
        rest = [card for card in super().discard(state, player, hand, len(hand)) if card not in preferred]
        return (preferred + rest)[:count]

    def legend_to_keep(self, state: State, player: str, candidates: list[str]) -> str:
        chosen = [card for card in self.keep_first if card in candidates]
        return chosen[0] if chosen else super().legend_to_keep(state, player, candidates)


@dataclass
class Step:
    """One moment of the scenario: the board as given (`action` None) or one action, with
    everything that happened then, state-based actions included."""

    index: int  # 0 for the board as given, then 1, 2 … for the actions
    action: dict[str, Any] | None
    events: list[Event] = field(default_factory=list)
    illegal: str | None = None  # why the engine refused the action, if it did


@dataclass
class Judgement:
    scenario: Scenario
    state: State
    steps: list[Step]

    def events(self) -> list[Event]:
        return [event for step in self.steps for event in step.events]


def build_state(scenario: Scenario) -> State:
    """A fresh state; the scenario's values are copied, since the engine changes counters and
    the like in place and a scenario may be judged again (the quiz judges nearby boards)."""
    players = [Player(**copy.deepcopy(fields)) for fields in scenario.players]
    state = State(players, active=scenario.active)
    for card in scenario.cards:
        extra = {"bottom": True} if card.zone == Zone.LIBRARY else {}
        state.add(card.name, card.owner, card.zone, id=card.id, **copy.deepcopy(card.fields), **extra)
    return state


def judge(scenario: Scenario) -> Judgement:
    """Run the scenario on a fresh state; every step's events in the order they happened."""
    state = build_state(scenario)
    chooser = ScenarioChooser(scenario.choices)
    steps = [Step(0, None, check_state_based_actions(state, chooser))]
    for index, action in enumerate(scenario.actions, start=1):
        step = Step(index, action)
        try:
            step.events = ACTIONS[action["do"]].run(state, action, chooser)
        except IllegalAction as refused:
            step.illegal = str(refused)
        step.events += check_state_based_actions(state, chooser)
        steps.append(step)
    return Judgement(scenario, state, steps)


def describe_action(action: dict[str, Any]) -> str:
    """A short line for people, with the arguments as written: "connive: permanent = spy, n = 2"."""
    arguments = ", ".join(
        f"{key} = {', '.join(value) if isinstance(value, list) else value}" for key, value in action.items() if key != "do"
    )
    return f"{action['do']}" + (f": {arguments}" if arguments else "")
