"""Convert (701.28): turn a double-faced permanent to its other face.

The engine keeps a double-faced object's face-down side in `GameObject.other_face`; converting
swaps it with the characteristics that are up (`state.turn_over`). It is the same object
afterwards (712.18): counters, damage and attachments stay. Converting is its own game action,
reported as a "converts" event, never as turning face up or face down (701.28b), so nothing
watching for those sees it. A permanent that gains the world supertype by converting becomes a
world permanent then, which is what 704.5k counts from. Every case where "nothing happens" is
reported too, with the rule that says so.
"""

from __future__ import annotations

from .events import Event
from .messages import Text, say
from .registry import implements
from .state import AbilityKind, GameObject, State, turn_over


def _nothing(permanent: GameObject, rule: str, reason: Text) -> list[Event]:
    return [Event(rule, "doesn't convert", (permanent.id,), (permanent.controller,),
                  say("doesnt_convert", name=permanent.name, reason=reason))]


@implements("701.28a", expects=("convert a permanent", "other face is up"))
@implements("701.28b", expects=("different game actions", "turned face down"))
@implements("701.28c", expects=("double-faced token", "nothing happens"))
@implements("701.28d", expects=("instant or sorcery face", "nothing happens"))
@implements("701.28e", expects=("since the ability", "delayed triggered ability", "ignored"))
@implements("701.28f", expects=("can’t transform", "can’t convert"))
@implements("712.18", expects=("doesn’t become a new object",))
def convert(state: State, permanent: str, ability: str | None = None) -> list[Event]:
    """Convert `permanent`. `ability` is the id of the ability doing it, when that ability's
    source is the permanent itself: an activated or triggered ability converts it only if it
    hasn't converted or transformed since the ability was put on the stack; a delayed
    triggered one, since the delayed ability was created (its `since`)."""
    obj = state.get(permanent)
    if not state.on_battlefield(permanent):
        return _nothing(obj, "701.28a", say("convert_not_permanent"))
    if obj.cant_transform:
        return _nothing(obj, "701.28f", say("convert_cant_transform"))
    if obj.other_face is None:
        return _nothing(obj, "701.28c", say("convert_single_faced"))
    if {"Instant", "Sorcery"} & obj.other_face.types:
        return _nothing(obj, "701.28d", say("convert_instant_face", face=obj.other_face.name))
    if ability is not None:
        source = state.known(ability)
        if source.source == obj.ref and obj.turned_at is not None and obj.turned_at > source.since:
            why = "convert_since_delayed" if source.ability == AbilityKind.DELAYED else "convert_since_ability"
            return _nothing(obj, "701.28e", say(why))
    before, was_world = obj.name, obj.is_("World")
    turn_over(obj)
    obj.turned_at = state.tick()
    if obj.is_("World") and not was_world:
        obj.world_since = obj.turned_at
    return [Event("701.28a", "converts", (permanent,), (obj.controller,), say("converts", before=before, after=obj.name))]
