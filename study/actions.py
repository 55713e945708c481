"""The actions a scenario can perform (`[[actions]]`, `do = "..."`), in one table.

Each `ActionSpec` holds everything about one action: its name, its arguments (how each is
checked, whether it is required, its default, what it names), and how the engine performs it.
`scenario` checks an action table against its spec and `judging` performs it, both from
`ACTIONS`, so adding an action is one entry here (and a row in examples/README.md, which a test
compares with this table).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from mtgrules.engine import combat, connive, convert, copies, counters, damage, energy, players, stack, zones
from mtgrules.engine.choices import Chooser
from mtgrules.engine.events import Event
from mtgrules.engine.messages import say
from mtgrules.engine.state import State, TriggerLabel
from mtgrules.study.checks import (
    LIMITS,
    Checker,
    Invalid,
    Refers,
    card_type,
    counter_kind,
    integer,
    listed,
    mapping,
    one_of,
    table,
    text,
)
from mtgrules.study.tomllines import Path


@dataclass(frozen=True)
class Argument:
    """One argument of an action. `default` is what `perform` gets when an optional argument
    is not written (the action as checked, and as shown, keeps only what was written).
    `refers` says what the value names; for a table, what its keys name (`refers_keys`) and
    what its values name (`refers`)."""

    check: Checker
    required: bool = False
    default: Any = None
    refers: Refers = Refers.NOTHING
    refers_keys: Refers = Refers.NOTHING


Perform = Callable[[State, dict[str, Any], Chooser], list[Event]]


@dataclass(frozen=True)
class ActionSpec:
    """What one kind of action takes and how the engine performs it. `exactly_one_of`: argument
    names of which an action must give one and only one (connive: one permanent or several)."""

    name: str
    perform: Perform
    arguments: dict[str, Argument] = field(default_factory=dict)
    exactly_one_of: tuple[str, ...] = ()

    @property
    def required(self) -> tuple[str, ...]:
        return tuple(key for key, argument in self.arguments.items() if argument.required)

    def check(self, value: dict[str, Any], path: Path) -> dict[str, Any]:
        """Check an action table's arguments (all but `do`); returns them checked."""
        spec = {key: argument.check for key, argument in self.arguments.items()}
        checked = table({k: v for k, v in value.items() if k != "do"}, path, spec, self.required)
        if self.exactly_one_of and sum(key in checked for key in self.exactly_one_of) != 1:
            raise Invalid(path, f"{self.name} needs either " + " or ".join(repr(key) for key in self.exactly_one_of))
        return checked

    def run(self, state: State, action: dict[str, Any], chooser: Chooser) -> list[Event]:
        """Perform a checked action on `state`, unwritten arguments taking their defaults."""
        defaults = {key: argument.default for key, argument in self.arguments.items() if not argument.required}
        return self.perform(state, {**defaults, **action}, chooser)


def _connive(state: State, a: dict[str, Any], chooser: Chooser) -> list[Event]:
    if a["permanent"] is not None:
        return connive.connive(state, a["permanent"], a["n"], chooser)
    return connive.connive_together(state, [(p, a["n"]) for p in a["permanents"]], chooser)


def _cast(state: State, a: dict[str, Any], chooser: Chooser) -> list[Event]:
    return stack.cast(state, a["card"], targets=tuple(a["targets"]), target_type=a["target_type"],
                      gift_to=a["gift_to"], gift_targets=tuple(a["gift_targets"]))


def _may_pay_energy(state: State, a: dict[str, Any], chooser: Chooser) -> list[Event]:
    return energy.may_pay_energy(state, a["player"], a["amount"], chooser)[1]


def _trigger(state: State, a: dict[str, Any], chooser: Chooser) -> list[Event]:
    """Triggered abilities of one or several sources trigger on the same event (603.2), each
    named `name`, to be put on the stack at the next check (603.3b)."""
    label = TriggerLabel(a["label"]) if a["label"] else None
    events = []
    for source in [a["source"]] if a["source"] else a["sources"]:
        named = say("ability_of", source=state.get(source).name, name=a["name"])
        ability = state.trigger(source, named, label=label)
        events.append(Event("603.2", "triggers", (source, ability.id), (ability.controller,), say("ability_triggers", name=named)))
    return events


_AN_OBJECT = Argument(text, required=True, refers=Refers.OBJECT)
_A_PLAYER = Argument(text, required=True, refers=Refers.PLAYER)
_AMOUNT = Argument(integer(1, LIMITS.BIG), required=True)
_COUNT = Argument(integer(1, LIMITS.BIG), default=1)

_SPECS = (
    ActionSpec("connive", _connive, {
        "permanent": Argument(text, refers=Refers.OBJECT),
        "permanents": Argument(listed(text, LIMITS.CARDS), refers=Refers.OBJECT),
        "n": Argument(integer(0, LIMITS.CONNIVE), default=1),
    }, exactly_one_of=("permanent", "permanents")),
    ActionSpec("convert", lambda state, a, chooser: convert.convert(state, a["permanent"]), {"permanent": _AN_OBJECT}),
    ActionSpec("get_energy", lambda state, a, chooser: energy.get_energy(state, a["player"], a["amount"]),
               {"player": _A_PLAYER, "amount": _AMOUNT}),
    ActionSpec("pay_energy", lambda state, a, chooser: energy.pay_energy(state, a["player"], a["amount"]),
               {"player": _A_PLAYER, "amount": _AMOUNT}),
    ActionSpec("may_pay_energy", _may_pay_energy, {"player": _A_PLAYER, "amount": _AMOUNT}),
    ActionSpec("cast", _cast, {
        "card": _AN_OBJECT,
        "targets": Argument(listed(text, LIMITS.CARDS), default=(), refers=Refers.OBJECT_OR_PLAYER),
        "target_type": Argument(card_type),
        "gift_to": Argument(text, refers=Refers.PLAYER),
        "gift_targets": Argument(listed(text, LIMITS.CARDS), default=(), refers=Refers.OBJECT_OR_PLAYER),
    }),
    ActionSpec("counter", lambda state, a, chooser: stack.counter(state, a["spell"]), {"spell": _AN_OBJECT}),
    ActionSpec("resolve", lambda state, a, chooser: stack.resolve_top(state, chooser)),
    ActionSpec("copy_spell", lambda state, a, chooser: copies.copy_spell(state, a["spell"], a["controller"]),
               {"spell": _AN_OBJECT, "controller": Argument(text, refers=Refers.PLAYER)}),
    ActionSpec("token_copy", lambda state, a, chooser: copies.create_token_copy(state, a["permanent"], a["controller"], chooser),
               {"permanent": _AN_OBJECT, "controller": _A_PLAYER}),
    ActionSpec("trigger", _trigger, {
        "source": Argument(text, refers=Refers.OBJECT),
        "sources": Argument(listed(text, LIMITS.CARDS), refers=Refers.OBJECT),
        "name": Argument(text, required=True),
        "label": Argument(one_of(tuple(TriggerLabel))),
    }, exactly_one_of=("source", "sources")),
    ActionSpec("damage", lambda state, a, chooser: damage.deal_damage(state, a["source"], a["target"], a["amount"]), {
        "source": _AN_OBJECT,
        "target": Argument(text, required=True, refers=Refers.OBJECT_OR_PLAYER),
        "amount": _AMOUNT,
    }),
    ActionSpec("draw", lambda state, a, chooser: state.draw(a["player"], a["count"]),
               {"player": _A_PLAYER, "count": Argument(integer(1, LIMITS.DRAW), default=1)}),
    ActionSpec("counters", lambda state, a, chooser: counters.put_counters(state, a["permanent"], a["kind"], a["count"]), {
        "permanent": _AN_OBJECT,
        "kind": Argument(counter_kind, required=True),
        "count": _COUNT,
    }),
    ActionSpec("remove_counters",
               lambda state, a, chooser: counters.remove_counters(state, a["permanent"], a["kind"], a["count"]), {
                   "permanent": _AN_OBJECT,
                   "kind": Argument(counter_kind, required=True),
                   "count": _COUNT,
               }),
    ActionSpec("lore", lambda state, a, chooser: counters.put_counters(state, a["permanent"], "lore", a["count"]),
               {"permanent": _AN_OBJECT, "count": _COUNT}),
    ActionSpec("destroy", lambda state, a, chooser: zones.destroy(state, a["permanent"], chooser), {"permanent": _AN_OBJECT}),
    ActionSpec("sacrifice", lambda state, a, chooser: zones.sacrifice(state, a["permanent"]), {"permanent": _AN_OBJECT}),
    ActionSpec("exile", lambda state, a, chooser: zones.exile(state, a["card"]), {"card": _AN_OBJECT}),
    ActionSpec("return_to_hand", lambda state, a, chooser: zones.return_to_hand(state, a["card"]), {"card": _AN_OBJECT}),
    ActionSpec("flicker", lambda state, a, chooser: zones.flicker(state, a["permanent"], chooser, attach_to=a["attach_to"]),
               {"permanent": _AN_OBJECT, "attach_to": Argument(text, refers=Refers.OBJECT_OR_PLAYER)}),
    ActionSpec("put_onto_battlefield",
               lambda state, a, chooser: zones.put_onto_battlefield(state, a["card"], chooser, controller=a["controller"],
                                                                     attach_to=a["attach_to"]), {
                   "card": _AN_OBJECT,
                   "controller": Argument(text, refers=Refers.PLAYER),
                   "attach_to": Argument(text, refers=Refers.OBJECT_OR_PLAYER),
               }),
    ActionSpec("attack", lambda state, a, chooser: combat.declare_attackers(state, a["attackers"]), {
        "attackers": Argument(mapping(text, text, LIMITS.CARDS), required=True, refers_keys=Refers.OBJECT,
                              refers=Refers.OBJECT_OR_PLAYER),
    }),
    ActionSpec("block", lambda state, a, chooser: combat.declare_blockers(state, a["blockers"]), {
        "blockers": Argument(mapping(text, text, LIMITS.CARDS), required=True, refers_keys=Refers.OBJECT, refers=Refers.OBJECT),
    }),
    ActionSpec("combat_damage", lambda state, a, chooser: combat.combat_damage(state, chooser)),
    ActionSpec("end_combat", lambda state, a, chooser: combat.end_combat(state)),
    ActionSpec("cleanup", lambda state, a, chooser: combat.cleanup(state)),
    ActionSpec("end_step", lambda state, a, chooser: state.end_step()),
    ActionSpec("concede", lambda state, a, chooser: players.concede(state, a["player"]), {"player": _A_PLAYER}),
)


def _by_name(specs: tuple[ActionSpec, ...]) -> dict[str, ActionSpec]:
    named = {spec.name: spec for spec in specs}
    if len(named) != len(specs):
        raise ValueError("two scenario actions share a name")
    return named


ACTIONS = _by_name(_SPECS)  # in the order error messages list them


def check_action(value: dict[str, Any], path: Path) -> dict[str, Any]:
    """An action table (already known to be a table): `do` names the action, the rest are its
    arguments. Returns {"do": name, **checked arguments}; references are resolved later."""
    if "do" not in value:
        raise Invalid(path, f"missing key 'do' (one of: {', '.join(ACTIONS)})")
    given = value["do"]
    if isinstance(given, str) and given not in ACTIONS:
        from mtgrules.study.messages import english_action

        given = english_action(given) or given  # `do = "atacar"`, `do = "détruire"`
    name = one_of(tuple(ACTIONS))(given, path + ("do",))
    return {"do": name, **ACTIONS[name].check(value, path)}
