"""Spells and abilities on the stack: casting (the little of 601 the engine needs), countering,
and resolving the top object (608.2b, 608.3).

Targets are objects (held as `Ref`s: that very object, 400.7) or players. An object target is
legal while that object is on the battlefield and has `target_type` (if the spell sets one);
a player target while the player is in the game. A target that left the battlefield is
illegal even if its card came back: it is a new object. That is all of target legality the
engine models (no hexproof or protection).
"""

from __future__ import annotations

from .choices import Chooser
from .events import Event
from .gift import check_gift_targets, check_promise, gift_trigger_on_enter, give_before_effects, promise_gift
from .messages import say
from .registry import implements
from .rulings import (
    AETHERSTORM_ROC_MAY_PAY_ILLEGAL,
    ELECTROZOA_GAIN_ILLEGAL,
    ELECTROZOA_MAY_PAY_ILLEGAL,
    HARNESSED_LIGHTNING_ILLEGAL,
    KITNAP_COUNTERED,
)
from .state import CopyOf, GameObject, Host, IllegalAction, State, Zone
from .zones import enter_battlefield, legal_host


def _legal_now(state: State, target_type: str | None, target: Host) -> bool:
    if isinstance(target, str):
        return target in state.in_game()
    permanent = state.permanent(target)
    return permanent is not None and (target_type is None or permanent.is_(target_type))


@implements("601.2c", expects=("announces their choice", "for each target"))
@implements("115.1b", expects=("Aura spells are always targeted",))
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
    gift, the optional promise (an additional cost, so decided now). Each target must be
    legal as it is chosen (601.2c); an Aura spell needs one it could enchant (115.1b, 303.4a).
    Mana costs and timing are not modelled. Everything is checked before anything moves: a
    refused cast changes nothing."""
    if state.game_over:
        raise IllegalAction(say("illegal_game_over"))
    obj = state.get(card)
    if state.zone_of(card) != Zone.HAND:
        raise IllegalAction(say("illegal_not_in_hand", name=obj.name))
    if gift_to is not None:
        check_promise(state, obj, gift_to)
    check_gift_targets(obj, tuple(gift_targets), gift_to is not None)
    chosen = tuple(state.ref(t) if t in state.objects else t for t in targets)
    chosen_gift = tuple(state.ref(t) if t in state.objects else t for t in gift_targets)
    for target in chosen + chosen_gift:
        if not _legal_now(state, target_type, target) or (obj.is_("Aura") and not legal_host(state, obj, target)):
            raise IllegalAction(say("illegal_target", target=state.name_of(target), name=obj.name))
    if obj.is_("Aura") and not chosen:
        raise IllegalAction(say("illegal_aura_needs_target", name=obj.name))
    spell = state.move(card, Zone.STACK, controller=obj.owner)
    spell.targets, spell.target_type, spell.gift_targets = chosen, target_type, chosen_gift
    events = [Event("601.2", "cast", (card,), (spell.controller,), say("cast", player=spell.controller, name=spell.name))]
    if gift_to is not None:
        events += promise_gift(state, card, gift_to)
    return events


def target_is_legal(state: State, obj: GameObject, target: Host) -> bool:
    """Is this target of a spell or ability on the stack still legal (608.2b)? An Aura's must
    still be something it could enchant."""
    return _legal_now(state, obj.target_type, target) and (not obj.is_("Aura") or legal_host(state, obj, target))


@implements("701.6a", expects=("counter a spell or ability", "owner’s graveyard"))
@implements("702.174j", expects=("countered", "gift effect doesn’t happen"), rulings=(KITNAP_COUNTERED,))
def counter(state: State, item: str) -> list[Event]:
    """Counter a spell or ability: it leaves the stack without any of its effects, a promised
    gift included."""
    obj = state.get(item)
    if item not in state.stack:
        raise IllegalAction(say("illegal_not_on_stack", name=obj.name))
    promised_to = obj.gift_promised_to  # leaving the stack ends the promise (702.174k)
    name = state.name_of(item)
    _leave_stack(state, obj)
    events = [Event("701.6a", "countered", (item,), (obj.controller,), say("countered", name=name))]
    if promised_to:
        events.append(Event("702.174j", "gift not given", (item,), (promised_to,), say("gift_not_given", player=promised_to)))
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
@implements("608.3a", expects=("becomes a permanent", "enters the battlefield under the control of the spell’s controller"))
@implements("608.3c", expects=("Aura spell", "attached to the player or object it was targeting"))
@implements("608.3f", expects=("copy of a permanent spell", "token permanent"))
@implements("712.13", expects=("same face up that was face up on the stack",))
def resolve_top(state: State, chooser: Chooser | None = None) -> list[Event]:
    """Resolve the top of the stack. If it had targets and all are now illegal, it doesn't
    resolve: none of its effects happen, so no {E} is gained or paid and no gift is given.
    Otherwise: an instant or sorcery gives its promised gift, then its `effect` runs, then it
    goes to the graveyard; a permanent spell enters the battlefield under its controller's
    control with what it enters with (`zones.enter_battlefield`; a copy of one as a token, an
    Aura attached to its target) and its gift, if promised, triggers; an ability runs its
    `effect` and ceases to exist. The choices made as it resolves come from `chooser`."""
    chooser = chooser or Chooser()
    if state.game_over:
        raise IllegalAction(say("illegal_game_over"))
    if not state.stack:
        raise IllegalAction(say("illegal_stack_empty"))
    obj = state.get(state.stack[-1])
    name = state.name_of(obj.id)
    every_target = obj.targets + obj.gift_targets
    if every_target and not any(target_is_legal(state, obj, t) for t in every_target):
        _leave_stack(state, obj)
        return [Event("608.2b", "doesn't resolve", (obj.id,), (obj.controller,), say("doesnt_resolve", name=name))]
    events = [Event("608.2", "resolves", (obj.id,), (obj.controller,), say("resolves", name=name))]
    if obj.ability is None:
        events += give_before_effects(state, obj)
    if obj.effect is not None:
        events += obj.effect(state, obj, chooser)
    if obj.ability is not None or not obj.permanent_card:
        if obj.id in state.stack and state.current(obj.ref) is not None:
            _leave_stack(state, obj)
        return events
    if obj.copy == CopyOf.SPELL:
        obj.copy, obj.token = None, True
    host = obj.targets[0] if obj.is_("Aura") and obj.targets else None
    events += enter_battlefield(state, obj.id, chooser, "608.3a", controller=obj.controller, attach_to=host)
    return events + gift_trigger_on_enter(state, state.get(obj.id))
