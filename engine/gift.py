"""Gift (702.174): a promise made while casting, kept on resolution or when the permanent enters.

The promise is an additional cost (`promise_gift`, called by `stack.cast`): the caster chooses
one opponent, once. What keeping it means depends on the spell: an instant or sorcery gives the
gift as it resolves, before its other effects (`give_before_effects`); a permanent gives it
through an enters trigger (`gift_trigger_on_enter`). Both are called by `stack.resolve_top`,
so a spell that is countered or doesn't resolve never gets there and gives nothing.
"""

from __future__ import annotations

from collections.abc import Callable

from .choices import Chooser
from .events import Event
from .messages import Word, say
from .registry import implements
from .rulings import (
    KITNAP_COPIES,
    KITNAP_GIFT_TARGETS,
    KITNAP_INSTANT_FIRST,
    KITNAP_KINDS,
    KITNAP_ONCE,
    KITNAP_PERMANENT_TRIGGER,
    KITNAP_PROMISE,
)
from .state import GameObject, Gift, IllegalAction, State, TriggerLabel


@implements("702.174d", expects=("Gift a Food", "creates a Food token"), rulings=(KITNAP_KINDS,))
def _food(state: State, player: str) -> list[Event]:
    token = state.add("Food", player, token=True, types={"Artifact"}, subtypes={"Food"})
    return [Event("702.174d", "creates token", (token.id,), (player,), say("creates_token", player=player, token=say("token_food")))]


@implements("702.174e", expects=("Gift a card", "draws a card"), rulings=(KITNAP_KINDS,))
def _card(state: State, player: str) -> list[Event]:
    return state.draw(player)


@implements("702.174f", expects=("Gift a tapped Fish", "tapped 1/1 blue Fish"), rulings=(KITNAP_KINDS,))
def _tapped_fish(state: State, player: str) -> list[Event]:
    token = state.add("Fish", player, token=True, types={"Creature"}, subtypes={"Fish"}, power=1, toughness=1, tapped=True,
                      summoning_sick=True)
    return [Event("702.174f", "creates token", (token.id,), (player,), say("creates_token", player=player, token=say("token_fish")))]


@implements("702.174g", expects=("Gift an extra turn", "extra turn after this one"), rulings=(KITNAP_KINDS,))
def _extra_turn(state: State, player: str) -> list[Event]:
    state.player(player).extra_turns += 1
    return [Event("702.174g", "extra turn", (), (player,), say("extra_turn", player=player))]


@implements("702.174h", expects=("Gift a Treasure", "creates a Treasure token"), rulings=(KITNAP_KINDS,))
def _treasure(state: State, player: str) -> list[Event]:
    token = state.add("Treasure", player, token=True, types={"Artifact"}, subtypes={"Treasure"})
    return [Event("702.174h", "creates token", (token.id,), (player,), say("creates_token", player=player, token=say("token_treasure")))]


@implements("702.174i", expects=("Gift an Octopus", "8/8 blue Octopus"), rulings=(KITNAP_KINDS,))
def _octopus(state: State, player: str) -> list[Event]:
    token = state.add("Octopus", player, token=True, types={"Creature"}, subtypes={"Octopus"}, power=8, toughness=8,
                      summoning_sick=True)
    return [Event("702.174i", "creates token", (token.id,), (player,), say("creates_token", player=player, token=say("token_octopus")))]


# What each kind of gift does for the player it is given to.
GIFTS: dict[Gift, Callable[[State, str], list[Event]]] = {
    Gift.FOOD: _food,
    Gift.CARD: _card,
    Gift.TAPPED_FISH: _tapped_fish,
    Gift.EXTRA_TURN: _extra_turn,
    Gift.TREASURE: _treasure,
    Gift.OCTOPUS: _octopus,
}


@implements("702.174a", expects=("additional cost", "choose an opponent"), rulings=(KITNAP_PROMISE,))
@implements("702.174k", expects=("declares the intention to pay", "gift was promised"), rulings=(KITNAP_ONCE,))
def promise_gift(state: State, spell: str, opponent: str) -> list[Event]:
    """Pay the gift cost while casting: choose an opponent. Only an opponent can be chosen, and
    only once: a cost can't be paid twice."""
    obj = state.get(spell)
    check_promise(state, obj, opponent)
    obj.gift_promised_to = opponent
    return [Event("702.174k", "gift promised", (spell,), (obj.controller, opponent),
                  say("gift_promised", player=obj.controller, opponent=opponent, gift=Word("gift", str(obj.gift)), name=obj.name))]


def check_promise(state: State, obj: GameObject, opponent: str) -> None:
    """Raise `IllegalAction` unless `obj` can promise its gift to `opponent` now."""
    if obj.gift not in GIFTS:
        raise IllegalAction(say("illegal_no_gift", name=obj.name, kinds=[Word("gift", str(g)) for g in GIFTS]))
    if obj.gift_promised_to is not None:
        raise IllegalAction(say("illegal_gift_twice", name=obj.name, player=obj.gift_promised_to))
    if opponent not in state.opponents(obj.controller):
        raise IllegalAction(say("illegal_gift_opponent", opponent=opponent, player=obj.controller))


@implements("702.174m", expects=("gift was promised", "targets"), rulings=(KITNAP_GIFT_TARGETS,))
def check_gift_targets(obj: GameObject, gift_targets: tuple[str, ...], promised: bool) -> None:
    """Targets that only the promise calls for may be chosen only when it is made."""
    if gift_targets and not promised:
        raise IllegalAction(say("illegal_gift_targets", name=obj.name))


@implements("702.174c", expects=("gives a gift",))
def give_gift(state: State, obj: GameObject) -> list[Event]:
    """The chosen opponent receives the gift; the giver "gives a gift" (the event others watch).
    Called only for a gift that was promised (`give_before_effects`, the trigger of
    `gift_trigger_on_enter`)."""
    giver, receiver, gift = obj.controller, obj.gift_promised_to, obj.gift
    if receiver is None or gift is None:
        raise IllegalAction(say("illegal_no_gift_promised", name=obj.name))
    if receiver not in state.in_game():
        return []  # 800.4: nothing can be given to a player who has left the game
    events = [Event("702.174c", "gives a gift", (obj.id,), (giver, receiver),
                    say("gives_gift", player=giver, opponent=receiver, gift=Word("gift", str(gift)), name=state.name_of(obj.id)))]
    return events + GIFTS[gift](state, receiver)


@implements("702.174j", expects=("before any other spell abilities", "countered", "doesn’t happen"),
            rulings=(KITNAP_INSTANT_FIRST,))
@implements("702.174b", expects=("gift cost was paid",))
def give_before_effects(state: State, spell: GameObject) -> list[Event]:
    """An instant or sorcery whose gift was promised gives it first as it resolves."""
    if spell.gift is None or spell.gift_promised_to is None or spell.permanent_card:
        return []
    return give_gift(state, spell)


@implements("702.174b", expects=("When this permanent enters",),
            rulings=(KITNAP_PERMANENT_TRIGGER, KITNAP_COPIES))
def gift_trigger_on_enter(state: State, permanent: GameObject) -> list[Event]:
    """A permanent whose gift was promised triggers as it enters; the ability gives the gift
    when it resolves. A permanent that enters as a copy of another was never cast with a
    promise (`copies.create_token_copy` leaves none), so it triggers nothing."""
    if permanent.gift is None or permanent.gift_promised_to is None:
        return []
    promised, gift = permanent.gift_promised_to, permanent.gift

    def effect(state: State, ability: GameObject, chooser: Chooser) -> list[Event]:
        ability.gift, ability.gift_promised_to = gift, promised
        return give_gift(state, ability)

    ability = state.trigger(permanent.ref, say("gift_ability", name=permanent.name), label=TriggerLabel.GIFT, effect=effect)
    return [Event("702.174b", "gift triggers", (permanent.id, ability.id), (permanent.controller, promised),
                  say("gift_triggers", name=permanent.name))]
