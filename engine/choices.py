"""The choices rules leave to players, asked of a `Chooser` the caller provides.

The default answers are deterministic, so a scenario with no choices written down always plays
out the same way; a caller (the scenario judge of `mtgrules.study`, a test) overrides the
methods it needs by subclassing. Every method gets the state and may look at anything in it,
and is told who chooses. A test holds the scenario format to one way of writing down each of
these choices.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import State

SECTORS = ("alpha", "beta", "gamma")
# The effects that can replace a permanent's destruction, in the order the default takes them.
REPLACEMENTS = ("regeneration", "umbra armor", "shield counter")


class Chooser:
    def legend_to_keep(self, state: State, player: str, candidates: list[str]) -> str:
        """Legend rule (704.5j): which legendary permanent to keep. Default: the newest one."""
        return max(candidates, key=lambda i: state.get(i).timestamp)

    def protector(self, state: State, battle: str, candidates: list[str]) -> str:
        """310.9a, 704.5x/y: which appropriate player becomes a battle's protector. Default:
        the first candidate in turn order after the battle's controller."""
        names = [p.name for p in state.players]
        start = names.index(state.get(battle).controller)
        order = names[start + 1:] + names[: start + 1]
        return min(candidates, key=order.index)

    def sector(self, state: State, player: str, creature: str) -> str:
        """704.5u: the sector designation a player gives their creature. Default: alpha."""
        return SECTORS[0]

    def connive_next(self, state: State, player: str, candidates: list[str]) -> str:
        """701.50c: which of a player's permanents connives next. Default: the oldest."""
        return min(candidates, key=lambda i: state.known(i).timestamp)

    def discard(self, state: State, player: str, hand: list[str], count: int) -> list[str]:
        """Which `count` cards to discard from `hand`. Default: the first cards in hand order
        (the cards held longest), so scenarios can predict it."""
        return hand[:count]

    def pay_energy(self, state: State, player: str, amount: int) -> bool:
        """Whether to pay an optional {E} cost. Default: pay when able."""
        return state.player(player).energy >= amount

    def trigger_order(self, state: State, player: str, abilities: list[str]) -> list[str]:
        """603.3b: the order in which a player puts their waiting triggered abilities on the
        stack (the last one put resolves first). Default: the order they triggered in."""
        return abilities

    def replacement(self, state: State, player: str, permanent: str, options: list[str]) -> str:
        """616.1e: which of several effects replaces a permanent's destruction (`REPLACEMENTS`:
        "regeneration", "umbra armor", "shield counter"), chosen by its controller. Default:
        the first in that order."""
        return min(options, key=REPLACEMENTS.index)

    def combat_damage(self, state: State, attacker: str, default: dict[str, int]) -> dict[str, int]:
        """510.1c, 702.19b: how a creature divides its combat damage among what it may damage
        (creatures blocking it or blocked by it, and with trample what it attacks), as
        recipient -> amount. `default` is the engine's: lethal damage to each blocker in the
        order they blocked, the rest to what it attacks with trample, else to the first
        blocker."""
        return default

    def cast_transformed(self, state: State, player: str, card: str) -> bool:
        """310.12b: "you may cast it transformed". Default: yes."""
        return True
