"""Battles (310): who may protect one, the protector chosen as it enters, and a Siege's own
triggered ability when its last defense counter is removed.

What 704.5v–y do with battles is in `sba`; damage to a battle removes defense counters
(120.3h, `damage`), and removing the last one goes through `counters.remove_counters`, which
calls `siege_trigger` here.
"""

from __future__ import annotations

from .choices import Chooser
from .events import Event
from .messages import say
from .registry import implements
from .state import GameObject, IllegalAction, State, TriggerLabel, Zone, turn_over


def appropriate_protectors(state: State, battle: GameObject) -> list[str]:
    """Who may protect a battle: a Siege, an opponent of its controller (310.12a); a battle with
    no battle type, only its controller (310.9a). Siege is the only battle type the rules define;
    any other type is treated as having no restriction."""
    if battle.is_("Siege"):
        return state.opponents(battle.controller)
    if not battle.subtypes:
        return [battle.controller] if battle.controller in state.in_game() else []
    return state.in_game()


@implements("310.9a", expects=("As a battle enters the battlefield", "chooses a player to be its protector"))
@implements("310.12a", expects=("As a Siege enters the battlefield", "from among their opponents"))
def protector_as_it_enters(state: State, battle: GameObject, chooser: Chooser) -> list[Event]:
    """As a battle enters, its controller chooses its protector among the appropriate players.
    With none (a Siege whose controller has no opponent left), it enters with no protector,
    and 704.5x puts it into the graveyard."""
    candidates = appropriate_protectors(state, battle)
    if not candidates:
        return [Event("310.9a", "no protector", (battle.id,), (battle.controller,), say("no_protector_enters", name=battle.name))]
    battle.protector = chooser.protector(state, battle.id, candidates)
    if battle.protector not in candidates:
        raise IllegalAction(say("illegal_choice", choice=battle.protector, what=battle.name, options=candidates))
    rule = "310.12a" if battle.is_("Siege") else "310.9a"
    return [Event(rule, "protector chosen", (battle.id,), (battle.controller, battle.protector),
                  say("protector_enters", player=battle.controller, protector=battle.protector, name=battle.name))]


@implements("310.12b", expects=("When the last defense counter is removed", "exile it", "cast it transformed"))
def siege_trigger(state: State, siege: GameObject) -> list[Event]:
    """The last defense counter was removed from a battle: a Siege's intrinsic ability triggers
    (and 704.5v waits for it). As it resolves, the Siege is exiled if it is still the same
    permanent, then its controller may cast it transformed (back face up, 712.11a) without
    paying its mana cost; the spell resolves like any other."""
    if not siege.is_("Siege"):
        return []
    ability = state.trigger(siege.ref, say("siege_ability", name=siege.name), label=TriggerLabel.SIEGE, effect=_exile_and_cast)
    return [Event("310.12b", "triggers", (siege.id, ability.id), (siege.controller,), say("siege_triggers", name=siege.name))]


@implements("712.11a", expects=("cast as a spell “transformed”", "back face up"))
def _exile_and_cast(state: State, ability: GameObject, chooser: Chooser) -> list[Event]:
    siege = state.permanent(ability.source)
    if siege is None:
        name = state.name_of(ability.source) if ability.source else ability.name
        return [Event("310.12b", "siege gone", (ability.source.id,) if ability.source else (), (ability.controller,),
                      say("siege_gone", name=name))]
    player, name = ability.controller, siege.name
    exiled = state.move(siege.id, Zone.EXILE)
    events = [Event("310.12b", "exiled", (siege.id,), (player,), say("siege_exiled", name=name))]
    if exiled.other_face is None:
        return events + [Event("310.12b", "can't cast transformed", (siege.id,), (player,), say("cannot_cast_transformed", name=name))]
    if not chooser.cast_transformed(state, player, siege.id):
        return events + [Event("310.12b", "doesn't cast", (siege.id,), (player,), say("not_cast_transformed", player=player, name=name))]
    spell = state.move(siege.id, Zone.STACK, controller=player)
    turn_over(spell)
    return events + [Event("712.11a", "cast", (siege.id,), (player,), say("cast_transformed", player=player, name=spell.name))]
