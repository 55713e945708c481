"""Energy counters: getting and paying {E} (107.14, 122.1).

Energy is a counter a player has (`Player.energy`), not a permanent's, and it is not mana: it is
never in a mana pool, so it survives the end of steps and phases (`State.end_step` empties
pools only) and no effect adding mana can produce it (`State.add_mana` refuses "E"). An ability
that may pay {E} asks at resolution, once; if its targets have all become illegal it never
resolves (`stack.resolve_top`, 608.2b), so nothing is asked and nothing paid.
"""

from __future__ import annotations

from .choices import Chooser
from .events import Event
from .messages import energy_symbols, say
from .registry import implements
from .rulings import (
    AETHERSTORM_ROC_PAY_ONCE,
    ELECTROZOA_GET_AND_PAY,
    ELECTROZOA_PAY_ONCE,
    ELECTROZOA_PLAYER_COUNTERS,
    ELECTROZOA_SYMBOL,
    HARNESSED_LIGHTNING_NOT_MORE,
)
from .state import IllegalAction, State


@implements("107.14", expects=("energy symbol", "one energy counter"))
@implements("122.1", expects=("counter", "object or player"),
            rulings=(ELECTROZOA_PLAYER_COUNTERS, ELECTROZOA_GET_AND_PAY, ELECTROZOA_SYMBOL))
def get_energy(state: State, player: str, amount: int) -> list[Event]:
    """"You get {E}{E}": that many energy counters on the player."""
    if amount < 0:
        raise ValueError("a player gets a positive amount of energy")
    if amount == 0:
        return []
    state.player(player).energy += amount
    return [Event("107.14", "gets energy", (), (player,),
                  say("gets_energy", player=player, energy=energy_symbols(amount), total=state.player(player).energy))]


@implements("107.14", expects=("To pay {E}", "removes one energy counter"),
            rulings=(ELECTROZOA_GET_AND_PAY, HARNESSED_LIGHTNING_NOT_MORE))
def pay_energy(state: State, player: str, amount: int) -> list[Event]:
    """Pay {E}: remove that many energy counters. Paying more than you have is not possible, so
    nothing is removed and `IllegalAction` says why."""
    have = state.player(player).energy
    if amount > have:
        raise IllegalAction(say("illegal_energy", player=player, energy=energy_symbols(amount), have=have))
    state.player(player).energy -= amount
    return [Event("107.14", "pays energy", (), (player,),
                  say("pays_energy", player=player, energy=energy_symbols(amount), left=have - amount))]


@implements("107.14", expects=("To pay {E}",), rulings=(ELECTROZOA_PAY_ONCE, AETHERSTORM_ROC_PAY_ONCE))
def may_pay_energy(state: State, player: str, amount: int, chooser: Chooser | None = None) -> tuple[bool, list[Event]]:
    """"You may pay {E}{E}" as an ability resolves: one yes-or-no choice (the amount can't be
    paid several times to repeat the effect); a player who can't pay can't say yes. Returns
    whether it was paid, and the events. A player who has left the game pays nothing (800.4f)."""
    chooser = chooser or Chooser()
    if player not in state.in_game() or state.player(player).energy < amount or not chooser.pay_energy(state, player, amount):
        return False, [Event("107.14", "doesn't pay energy", (), (player,),
                             say("doesnt_pay_energy", player=player, energy=energy_symbols(amount)))]
    return True, pay_energy(state, player, amount)
