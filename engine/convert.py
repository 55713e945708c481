"""Convert (701.28): turn a double-faced permanent to its other face.

The engine keeps a double-faced object's face-down side in `GameObject.other_face`; converting
swaps it with the characteristics that are up. Converting is its own game action, reported as a
"converts" event, never as turning face up or face down (701.28b), so nothing watching for
those sees it. Every case where "nothing happens" is reported too, with the rule that says so.
"""

from __future__ import annotations

from dataclasses import fields

from .events import Event
from .registry import implements
from .state import AbilityKind, Face, GameObject, State

FACE_FIELDS = tuple(f.name for f in fields(Face))  # the characteristics a face holds, swapped whole


def _nothing(permanent: GameObject, rule: str, reason: str) -> list[Event]:
    return [Event(rule, "doesn't convert", (permanent.id,), (permanent.controller,), f"{permanent.name} doesn't convert: {reason}")]


@implements("701.28a", expects=("convert a permanent", "other face is up"))
@implements("701.28b", expects=("different game actions", "turned face down"))
@implements("701.28c", expects=("double-faced token", "nothing happens"))
@implements("701.28d", expects=("instant or sorcery face", "nothing happens"))
@implements("701.28e", expects=("since the ability", "delayed triggered ability", "ignored"))
@implements("701.28f", expects=("can’t transform", "can’t convert"))
def convert(state: State, permanent: str, ability: str | None = None) -> list[Event]:
    """Convert `permanent`. `ability` is the id of the ability doing it, when that ability's
    source is the permanent itself: an activated or triggered ability converts it only if it
    hasn't converted or transformed since the ability was put on the stack; a delayed
    triggered one, since the delayed ability was created (its `since`)."""
    obj = state.get(permanent)
    if not state.on_battlefield(permanent):
        return _nothing(obj, "701.28a", "it is not a permanent")
    if obj.cant_transform:
        return _nothing(obj, "701.28f", "it can't transform, so it can't convert")
    if obj.other_face is None:
        return _nothing(obj, "701.28c", "it isn't a double-faced card or token")
    if {"Instant", "Sorcery"} & obj.other_face.types:
        return _nothing(obj, "701.28d", f"its other face ({obj.other_face.name}) is an instant or sorcery face")
    if ability is not None:
        source = state.known(ability)
        if source.source == permanent and obj.turned_at is not None and obj.turned_at > source.since:
            when = "that delayed ability was created" if source.ability == AbilityKind.DELAYED else "the ability was put on the stack"
            return _nothing(obj, "701.28e", f"it already converted or transformed since {when}")
    before = obj.name
    up = Face(**{f: getattr(obj, f) for f in FACE_FIELDS})
    for f in FACE_FIELDS:
        setattr(obj, f, getattr(obj.other_face, f))
    obj.other_face = up
    obj.turned_at = state.tick()
    return [Event("701.28a", "converts", (permanent,), (obj.controller,), f"{before} converts to {obj.name}")]
