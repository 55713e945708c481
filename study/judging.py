"""Judge a scenario: build the engine's state from a checked `Scenario`, perform its actions
and report what happened, each event with the rule that caused it; then, if it states its
answer (`[expect]`), whether the engine agrees.

State-based actions are checked (704.3) on the board as given, and again after every action, as
they would be before a player next receives priority: a scenario is a sequence of moments at
which a judge asks "and now?". An action the rules forbid (paying energy you don't have,
resolving an empty stack, an illegal block) is reported as illegal; the rest still runs, since
what a person wants to learn is often exactly that the engine refused. The engine refuses
before changing anything, with two exceptions: when several permanents connive at once and the
last ones have no controller left in the game, those before them have connived; and when a
combat damage assignment written in [choices] is illegal for the second combat damage step,
the first step has happened. Each action is performed as `actions.ACTIONS` says.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from mtgrules.engine.choices import Chooser
from mtgrules.engine.events import Event
from mtgrules.engine.messages import Text, say
from mtgrules.engine.sba import check_state_based_actions
from mtgrules.engine.state import IllegalAction, Player, State, Zone
from mtgrules.study import expect
from mtgrules.study.actions import ACTIONS
from mtgrules.study.scenario import Scenario


class ScenarioChooser(Chooser):
    """The engine's default choices, except where the scenario's [choices] says otherwise: one
    key for each kind of choice (`CHOICE_KEYS`; a test holds every `Chooser` method to one)."""

    def __init__(self, choices: dict[str, Any]):
        self.choices = choices
        self.payments = list(choices.get("pay", []))

    def _first(self, key: str, candidates: list[str]) -> str | None:
        return next((i for i in self.choices.get(key, []) if i in candidates), None)

    def discard(self, state: State, player: str, hand: list[str], count: int) -> list[str]:
        preferred = [card for card in self.choices.get("discard", []) if card in hand]
        rest = [card for card in super().discard(state, player, hand, len(hand)) if card not in preferred]
        return (preferred + rest)[:count]

    def legend_to_keep(self, state: State, player: str, candidates: list[str]) -> str:
        return self._first("keep", candidates) or super().legend_to_keep(state, player, candidates)

    def connive_next(self, state: State, player: str, candidates: list[str]) -> str:
        return self._first("connive_order", candidates) or super().connive_next(state, player, candidates)

    def trigger_order(self, state: State, player: str, abilities: list[str]) -> list[str]:
        """Abilities whose source comes earlier in `trigger_order` go on the stack first."""
        order = self.choices.get("trigger_order", [])

        def rank(ability: str) -> int:
            source = state.get(ability).source
            return order.index(source.id) if source is not None and source.id in order else len(order)

        return sorted(abilities, key=rank)

    def sector(self, state: State, player: str, creature: str) -> str:
        return self.choices.get("sectors", {}).get(creature) or super().sector(state, player, creature)

    def protector(self, state: State, battle: str, candidates: list[str]) -> str:
        """The written player when the rules allow them then, else the default."""
        written = self.choices.get("protectors", {}).get(battle)
        return written if written in candidates else super().protector(state, battle, candidates)

    def replacement(self, state: State, player: str, permanent: str, options: list[str]) -> str:
        written = self.choices.get("replacement", {}).get(permanent)
        return written if written in options else super().replacement(state, player, permanent, options)

    def combat_damage(self, state: State, attacker: str, default: dict[str, int]) -> dict[str, int]:
        written = self.choices.get("damage", {})
        return dict(written.pop(attacker)) if attacker in written else default  # the first step it deals damage in

    def cast_transformed(self, state: State, player: str, card: str) -> bool:
        return self.choices.get("cast_transformed", {}).get(card, super().cast_transformed(state, player, card))

    def pay_energy(self, state: State, player: str, amount: int) -> bool:
        """The written answers in the order the engine asks; then the default."""
        return self.payments.pop(0) if self.payments else super().pay_energy(state, player, amount)


# Which [choices] key answers which `Chooser` method.
CHOICE_KEYS = {"discard": "discard", "legend_to_keep": "keep", "connive_next": "connive_order",
               "trigger_order": "trigger_order", "sector": "sectors", "protector": "protectors",
               "replacement": "replacement", "combat_damage": "damage", "cast_transformed": "cast_transformed",
               "pay_energy": "pay"}


@dataclass
class Step:
    """One moment of the scenario: the board as given (`action` None) or one action, with
    everything that happened then, state-based actions included."""

    index: int  # 0 for the board as given, then 1, 2 … for the actions
    action: dict[str, Any] | None
    events: list[Event] = field(default_factory=list)
    illegal: Text | None = None  # why the engine refused the action, if it did


@dataclass
class Judgement:
    scenario: Scenario
    state: State
    steps: list[Step]

    def events(self) -> list[Event]:
        return [event for step in self.steps for event in step.events]

    def verdict(self) -> expect.Verdict | None:
        """Whether the engine agrees with the scenario's [expect], if it has one."""
        if self.scenario.expect is None:
            return None
        return expect.compare(self.scenario.expect, self)


REFERENCES = ("attached_to", "attacking")  # fields of a scenario's objects that name an object or a player


def build_state(scenario: Scenario) -> State:
    """A fresh state; the scenario's values are copied, since the engine changes counters and
    the like in place and a scenario may be judged again (the quiz judges nearby boards)."""
    players = [Player(**copy.deepcopy(fields)) for fields in scenario.players]
    state = State(players, active=scenario.active)
    references = []
    for card in scenario.cards:
        extra = {"bottom": True} if card.zone == Zone.LIBRARY else {}
        fields = copy.deepcopy(card.fields)
        named = {key: fields.pop(key) for key in (*REFERENCES, "blocking") if key in fields}
        state.add(card.name, card.owner, card.zone, id=card.id, **fields, **extra)
        references.append((card.id, named))
    for object_id, named in references:  # once every object exists: they may name later ones
        obj = state.get(object_id)
        for key in REFERENCES:
            if key in named:
                setattr(obj, key, state.ref(named[key]))
        if "blocking" in named:
            obj.blocking = tuple(state.get(i).ref for i in named["blocking"])
    return state


def judge(scenario: Scenario) -> Judgement:
    """Run the scenario on a fresh state; every step's events in the order they happened."""
    state = build_state(scenario)
    chooser = ScenarioChooser(copy.deepcopy(scenario.choices))
    steps = [Step(0, None)]
    _check(state, chooser, steps[0])
    for index, action in enumerate(scenario.actions, start=1):
        step = Step(index, action)
        try:
            if state.game_over:
                raise IllegalAction(say("illegal_game_over"))
            step.events = ACTIONS[action["do"]].run(state, action, chooser)
        except IllegalAction as refused:
            step.illegal = refused.text
        _check(state, chooser, step)
        steps.append(step)
    return Judgement(scenario, state, steps)


def _check(state: State, chooser: Chooser, step: Step) -> None:
    """State-based actions after a step. A choice written in [choices] that the rules don't
    allow then (a combat damage assignment among them) is reported as the step's refusal."""
    try:
        step.events += check_state_based_actions(state, chooser)
    except IllegalAction as refused:
        step.illegal = step.illegal or refused.text


def describe_action(action: dict[str, Any]) -> str:
    """A short line for people, with the arguments as written: "connive: permanent = spy, n = 2"."""
    def shown(value: Any) -> str:
        if isinstance(value, list):
            return ", ".join(str(v) for v in value)
        if isinstance(value, dict):
            return "{" + ", ".join(f"{k} → {v}" for k, v in value.items()) + "}"
        return str(value)

    arguments = ", ".join(f"{key} = {shown(value)}" for key, value in action.items() if key != "do")
    return f"{action['do']}" + (f": {arguments}" if arguments else "")
