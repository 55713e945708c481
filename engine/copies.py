"""Copies of spells and of permanents, as far as the engine's rules need them: a copy of a
spell copies the decisions made while casting it, additional costs included (707.10), so a
gift promised for the original is promised for the copy; a permanent that enters as a copy
copies only copiable values (707.2), so a promise, which is a decision and not a
characteristic, is not copied."""

from __future__ import annotations

from .choices import Chooser
from .events import Event
from .messages import say
from .registry import implements
from .rulings import KITNAP_COPIES
from .state import CopyOf, IllegalAction, State, Zone
from .zones import as_it_enters

# What a copy takes from the original besides its name: its copiable values (707.2), as far
# as the state has them.
COPIABLE = ("types", "subtypes", "supertypes", "keywords", "power", "toughness", "loyalty", "defense", "counter_limits",
            "enchant", "chapters", "gift", "other_face", "back_up")


@implements("707.10", expects=("copy of a spell", "additional or alternative costs", "is owned by the player"),
            rulings=(KITNAP_COPIES,))
def copy_spell(state: State, spell: str, controller: str | None = None) -> list[Event]:
    """Put a copy of a spell on the stack, above it, with the same targets and the same gift
    promise; the copy isn't cast. Whoever puts it on the stack (`controller`, by default the
    spell's controller) owns and controls it."""
    original = state.get(spell)
    if spell not in state.stack:
        raise IllegalAction(say("illegal_not_on_stack", name=original.name))
    owner = controller or original.controller
    duplicate = state.add(original.name, owner, Zone.STACK, **{
        **{f: getattr(original, f) for f in COPIABLE}, "copy": CopyOf.SPELL,
        "targets": original.targets, "target_type": original.target_type, "gift_targets": original.gift_targets,
        "gift_promised_to": original.gift_promised_to, "effect": original.effect,
    })
    return [Event("707.10", "copied", (spell, duplicate.id), (duplicate.controller,),
                  say("copied", player=duplicate.controller, name=original.name))]


@implements("707.2", expects=("copiable values",), rulings=(KITNAP_COPIES,))
@implements("707.8", expects=("double-faced permanent", "face that’s currently up"))
@implements("707.8a", expects=("copy of a double-faced permanent", "double-faced token"))
def create_token_copy(state: State, permanent: str, controller: str, chooser: Chooser | None = None) -> list[Event]:
    """Create a token that's a copy of a permanent: copiable values only (of a double-faced
    permanent, a double-faced token with the same face up); no counters, damage,
    attachment or gift promise. It enters the battlefield like any permanent (a copy of a
    planeswalker with its loyalty, 306.5b), without its gift triggering."""
    original = state.get(permanent)
    values = {f: getattr(original, f) for f in COPIABLE}  # the face up, and the other: a double-faced token
    token = state.add(original.name, controller, Zone.BATTLEFIELD, token=True, summoning_sick=True, **values)
    events = [Event("707.2", "creates token copy", (permanent, token.id), (controller,),
                    say("token_copy", player=controller, name=original.name))]
    return events + as_it_enters(state, token, chooser or Chooser())
