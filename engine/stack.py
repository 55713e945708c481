"""Spells and abilities on the stack: casting (the little of 601 the engine needs), countering,
and resolving the top object (608.2b, 608.3).

Targets are object ids or player names. An object target is legal while it is on the
battlefield and has `target_type` (if the spell sets one); a player target while the player is
in the game. That is all of target legality the engine models (no hexproof or protection).
"""

from __future__ import annotations

from .choices import Chooser
from .events import Event
from .gift import check_gift_targets, check_promise, gift_trigger_on_enter, give_before_effects, promise_gift
from .registry import implements
from .rulings import (
    AETHERSTORM_ROC_MAY_PAY_ILLEGAL,
    ELECTROZOA_GAIN_ILLEGAL,
    ELECTROZOA_MAY_PAY_ILLEGAL,
    HARNESSED_LIGHTNING_ILLEGAL,
    KITNAP_COUNTERED,
)
from .state import CopyOf, GameObject, IllegalAction, State, Zone


def cast(
    state: State,
    card: str,
    *,
    targets: tuple[str, ...] = (),
    target_type: str | None = None,
    gift_to: str | None = None,
    gift_targets: tuple[str, ...] = (),
) -> list[Event]:
    """Put a card from its owner's hand on the stack with its targets and, for a card with
    gift, the optional promise (an additional cost, so decided now). Mana costs are not
    modelled. Everything is checked before anything moves: a refused cast changes nothing."""
    obj = state.get(card)
    if state.zone_of(card) != Zone.HAND:
        raise IllegalAction(f"{obj.name} is not in a hand")
    if gift_to is not None:
        check_promise(state, obj, gift_to)
    check_gift_targets(obj, tuple(gift_targets), gift_to is not None)
    obj.targets, obj.target_type, obj.gift_targets = tuple(targets), target_type, tuple(gift_targets)
    state.move(card, Zone.STACK)
    events = [Event("601.2", "cast", (card,), (obj.controller,), f"{obj.controller} casts {obj.name}")]
    if gift_to is not None:
        events += promise_gift(state, card, gift_to)
    return events


def target_is_legal(state: State, obj: GameObject, target: str) -> bool:
    if target in [p.name for p in state.players]:
        return not state.player(target).lost
    return state.on_battlefield(target) and (obj.target_type is None or state.get(target).is_(obj.target_type))


@implements("702.174j", expects=("countered", "gift effect doesn’t happen"), rulings=(KITNAP_COUNTERED,))
def counter(state: State, item: str) -> list[Event]:
    """Counter a spell or ability: it leaves the stack without any of its effects, a promised
    gift included."""
    obj = state.get(item)
    if item not in state.stack:
        raise IllegalAction(f"{obj.name} is not on the stack")
    promised_to = obj.gift_promised_to  # leaving the stack ends the promise (702.174k)
    _leave_stack(state, obj)
    events = [Event("701.6a", "countered", (item,), (obj.controller,), f"{obj.name} is countered")]
    if promised_to:
        events.append(Event("702.174j", "gift not given", (item,), (promised_to,),
                            f"the gift promised to {promised_to} is not given"))
    return events


def _leave_stack(state: State, obj: GameObject) -> None:
    """An ability ceases to exist; a spell (or a copy of one, until 704.5e) goes to the graveyard."""
    if obj.ability is not None:
        state.cease(obj.id)
    else:
        state.move(obj.id, Zone.GRAVEYARD)


@implements("608.2b", expects=("all its targets", "now illegal", "doesn’t resolve"),
            rulings=(KITNAP_COUNTERED, ELECTROZOA_MAY_PAY_ILLEGAL, ELECTROZOA_GAIN_ILLEGAL,
                     HARNESSED_LIGHTNING_ILLEGAL, AETHERSTORM_ROC_MAY_PAY_ILLEGAL))
@implements("608.3f", expects=("copy of a permanent spell", "token permanent"))
def resolve_top(state: State, chooser: Chooser | None = None) -> list[Event]:
    """Resolve the top of the stack. If it had targets and all are now illegal, it doesn't
    resolve: none of its effects happen, so no {E} is gained or paid and no gift is given.
    Otherwise: an instant or sorcery gives its promised gift, then its `effect` runs, then it
    goes to the graveyard; a permanent spell enters the battlefield (a copy of one as a token,
    an Aura attached to its target) and its gift, if promised, triggers; an ability runs its
    `effect` and ceases to exist. The spell's controller's choices come from `chooser`."""
    chooser = chooser or Chooser()
    if not state.stack:
        raise IllegalAction("the stack is empty")
    obj = state.get(state.stack[-1])
    every_target = obj.targets + obj.gift_targets
    if every_target and not any(target_is_legal(state, obj, t) for t in every_target):
        _leave_stack(state, obj)
        return [Event("608.2b", "doesn't resolve", (obj.id,), (obj.controller,),
                      f"{obj.name} doesn't resolve: all its targets are illegal")]
    events = [Event("608.2", "resolves", (obj.id,), (obj.controller,), f"{obj.name} resolves")]
    if obj.ability is None:
        events += give_before_effects(state, obj)
    if obj.effect is not None:
        events += obj.effect(state, obj, chooser)
    if obj.ability is not None or not obj.permanent_card:
        if obj.id in state.stack:
            _leave_stack(state, obj)
        return events
    if obj.copy == CopyOf.SPELL:
        obj.copy, obj.token = None, True
    if obj.is_("Aura") and obj.targets:
        obj.attached_to = obj.targets[0]
    state.move(obj.id, Zone.BATTLEFIELD)
    events.append(Event("608.3", "enters", (obj.id,), (obj.controller,), f"{obj.name} enters the battlefield"))
    return events + gift_trigger_on_enter(state, obj)
