"""Designations that last only while a condition holds, ended the moment it stops holding.

What the engine keeps on objects and players ends in one of three ways:

- with the object: a zone change makes a new object without the old one's status, counters,
  damage, attachments, combat, protector or sector (400.7, `state.CARRIED`);
- at a step: creatures leave combat as combat ends (511.3, `combat.end_combat`); damage and
  "this turn" effects (a regeneration shield) end in the cleanup step (514.2,
  `combat.cleanup`); what 704.5b and 704.5h remember ends at the next check of state-based
  actions (`sba`);
- while a condition holds: that is this module. A sector designation (702.158b) is kept "until
  no player controls a permanent with space sculptor or an ability whose source has space
  sculptor". Nothing in a step ends it, so it is looked at whenever an object leaves the
  battlefield or the stack (`State._take`), the only ways the engine has for the condition to
  stop holding (control does not change and abilities are not lost: there are no layers). A
  space sculptor that leaves takes every sector with it at once, even when it comes straight
  back (a flicker): the creatures then choose again (704.5u).

The "as long as" effects the engine models need nothing here, since they are read from the
state each time they matter, never stored: a keyword from a keyword counter (122.1b,
`GameObject.has`), umbra armor from the Auras attached now (702.89a, `zones`), a finality
counter as the permanent would die, a counter limit while the object has it.

What ended is kept in `State.lapsed` as events, which the next check of state-based actions
returns before its own (`sba.check_state_based_actions`): a move itself returns no events.
Not modelled, so not here: the monarch, the initiative, day and night and the other player
designations of 7xx, none of which the engine has.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .events import Event
from .messages import say
from .registry import implements

if TYPE_CHECKING:
    from .state import State

SPACE_SCULPTOR = "space sculptor"


def _sculptor_around(state: State) -> bool:
    """Does a player control a permanent with space sculptor, or an ability on the stack whose
    source has it (as the source last existed, when it has left)?"""
    if any(p.has(SPACE_SCULPTOR) for p in state.permanents()):
        return True
    for object_id in state.stack:
        ability = state.objects.get(object_id)
        if ability is None or ability.ability is None or ability.source is None:
            continue
        try:
            source = state.known(ability.source)
        except (KeyError, ValueError):  # a source the state never held: nothing is known of it
            continue
        if source.has(SPACE_SCULPTOR):
            return True
    return False


@implements("702.158b", expects=("keeps it until no player controls a permanent with space sculptor",
                                 "an ability whose source has space sculptor"))
def sectors_lapse(state: State) -> list[Event]:
    """Every sector designation ends once nothing with space sculptor is controlled."""
    sectored = [p for p in state.permanents() if p.sector is not None]
    if not sectored or _sculptor_around(state):
        return []
    for permanent in sectored:
        permanent.sector = None
    return [Event("702.158b", "sectors end", tuple(p.id for p in sectored), (),
                  say("sectors_end", names=[p.name for p in sectored], count=len(sectored)))]


def lapse(state: State) -> list[Event]:
    """End every designation whose condition no longer holds; the events of what ended."""
    return sectors_lapse(state)
