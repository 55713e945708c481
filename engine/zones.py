"""Moving permanents between zones as the rules and effects do it: entering the battlefield
with what a permanent enters with, destroying (and what replaces it), sacrificing, exiling,
returning to hand, flickering, putting onto the battlefield; and the finality counter that
sends to exile what would go to a graveyard.

`State.move` is the bare move (a new object, 400.7); everything here goes through it and adds
the rules that apply to the event. What each returns is the list of events.
"""

from __future__ import annotations

from .battles import protector_as_it_enters
from .choices import Chooser
from .events import Event
from .messages import Text, Word, say
from .registry import implements
from .saga import chapters_crossed
from .state import GameObject, Host, IllegalAction, State, Zone


def _on_battlefield(state: State, permanent: str) -> GameObject:
    obj = state.get(permanent)
    if not state.on_battlefield(permanent):
        raise IllegalAction(say("illegal_not_permanent", name=obj.name))
    return obj


def legal_host(state: State, aura: GameObject, host: Host) -> bool:
    """Could `aura` enchant `host` (an object or a player), by its enchant ability?"""
    if isinstance(host, str):
        return aura.enchant == "Player" and host in state.in_game()
    obj = state.permanent(host)
    if obj is None or obj.id == aura.id or aura.enchant == "Player":
        return False
    return aura.enchant in (None, "Permanent") or obj.is_(aura.enchant)


def enter_battlefield(state: State, card: str, chooser: Chooser, rule: str, *, controller: str | None = None,
                      attach_to: Host | None = None) -> list[Event]:
    """Put a card onto the battlefield as a new permanent (under `controller`), attached to
    `attach_to` if it is an Aura, with what it enters with (`as_it_enters`). `rule` is the rule
    that puts it there (608.3a for a resolving spell)."""
    obj = state.move(card, Zone.BATTLEFIELD, controller=controller)
    if attach_to is not None:
        obj.attached_to = attach_to
    events = [Event(rule, "enters", (card,), (obj.controller,), say("enters", name=obj.name))]
    return events + as_it_enters(state, obj, chooser)


@implements("306.5b", expects=("enters with a number of loyalty counters", "printed loyalty"))
@implements("310.4b", expects=("enters with a number of defense counters", "printed defense"))
@implements("714.3a", expects=("enters with a lore counter",))
def as_it_enters(state: State, obj: GameObject, chooser: Chooser) -> list[Event]:
    """What a permanent enters with (614.1c replacement effects of its own): a planeswalker its
    printed loyalty in loyalty counters (306.5b), a battle its printed defense in defense
    counters (310.4b) and a protector (310.9a), a Saga a lore counter (714.3a), which triggers
    chapter I (714.2b, 122.6)."""
    events = []
    for kind, printed, cites in (("loyalty", obj.loyalty, "306.5b"), ("defense", obj.defense, "310.4b")):
        needed = "Planeswalker" if kind == "loyalty" else "Battle"
        if obj.is_(needed) and printed is not None and printed > 0:
            obj.counters[kind] = printed
            events.append(Event(cites, "enters with counters", (obj.id,), (),
                                say("enters_with", name=obj.name, count=printed, kind=Word("counter", kind))))
    if obj.is_("Saga"):
        obj.counters["lore"] = 1
        events.append(Event("714.3a", "enters with counters", (obj.id,), (),
                            say("enters_with", name=obj.name, count=1, kind=Word("counter", "lore"))))
        events += chapters_crossed(state, obj, 0, 1)
    if obj.is_("Battle"):
        events += protector_as_it_enters(state, obj, chooser)
    return events


@implements("122.1h", expects=("finality counters", "exile it instead"))
def to_graveyard(state: State, permanent: str) -> list[Event]:
    """Put a permanent into its owner's graveyard, or, with a finality counter on it, into
    exile instead. The caller reports why it went; this reports only the replacement."""
    obj = state.get(permanent)
    if obj.counters.get("finality", 0) > 0:
        state.move(permanent, Zone.EXILE)
        return [Event("122.1h", "exiled instead", (permanent,), (obj.owner,), say("finality", name=obj.name))]
    state.move(permanent, Zone.GRAVEYARD)
    return []


def _umbra_armors(state: State, obj: GameObject) -> list[GameObject]:
    return [a for a in state.permanents() if a.has("umbra armor") and state.permanent(a.attached_to) is obj]


@implements("701.8a", expects=("destroy a permanent", "owner’s graveyard"))
@implements("701.19a", expects=("next time [permanent] would be destroyed", "remove all damage", "remove it from combat"))
@implements("702.12b", expects=("indestructible can’t be destroyed",))
@implements("702.89a", expects=("umbra armor", "remove all damage marked on it and destroy this Aura"))
@implements("616.1e", expects=("Any of the applicable replacement",))
def destroy(state: State, permanent: str, chooser: Chooser, *, rule: str = "701.8a", reason: Text | None = None,
            by_effect: bool = True) -> list[Event]:
    """Destroy a permanent. Indestructible: nothing happens. Otherwise an effect may replace
    it: a regeneration shield (701.19a), an Aura with umbra armor attached to it (702.89a), or,
    only when an effect destroys it (`by_effect`, not a state-based action), a shield counter
    (122.1c); with several, its controller chooses one (616.1e, `Chooser.replacement`).
    Otherwise it goes to its owner's graveyard (or exile, with a finality counter)."""
    obj = _on_battlefield(state, permanent)
    why = reason or say("by_effect")
    if obj.has("indestructible"):
        return [Event("702.12b", "not destroyed", (permanent,), (obj.controller,), say("indestructible", name=obj.name))]
    umbras = _umbra_armors(state, obj)
    options = [name for name, present in (("regeneration", obj.regeneration_shields > 0), ("umbra armor", bool(umbras)),
                                          ("shield counter", by_effect and obj.counters.get("shield", 0) > 0)) if present]
    if options:
        choice = chooser.replacement(state, obj.controller, permanent, options)
        if choice not in options:
            raise IllegalAction(say("illegal_choice", choice=choice, what=obj.name, options=[Word("choice", o) for o in options]))
        if choice == "regeneration":
            obj.regeneration_shields -= 1
            obj.damage, obj.dealt_deathtouch_damage, obj.tapped = 0, False, True
            remove_from_combat(obj)
            return [Event("701.19a", "regenerates", (permanent,), (obj.controller,), say("regenerates", name=obj.name, reason=why))]
        if choice == "umbra armor":
            aura = min(umbras, key=lambda a: a.timestamp)
            obj.damage = 0
            events = [Event("702.89a", "umbra armor", (permanent, aura.id), (obj.controller,),
                            say("umbra_armor", aura=aura.name, name=obj.name, reason=why))]
            return events + destroy(state, aura.id, chooser, rule="702.89a", reason=say("by_effect"))
        obj.counters["shield"] -= 1
        return [Event("122.1c", "shield counter", (permanent,), (obj.controller,), say("shield_counter", name=obj.name, reason=why))]
    events = [Event(rule, "destroyed", (permanent,), (obj.owner,), say("destroyed", name=obj.name, reason=why))]
    return events + to_graveyard(state, permanent)


def remove_from_combat(obj: GameObject) -> None:
    """506.4: it stops being an attacking, blocking, blocked or unblocked creature."""
    obj.attacking, obj.blocking, obj.blocked = None, (), None


@implements("701.21a", expects=("sacrifice a permanent", "directly to its owner’s graveyard", "regeneration"))
def sacrifice(state: State, permanent: str, *, rule: str = "701.21a", reason: Text | None = None) -> list[Event]:
    """Its controller puts it into its owner's graveyard: not destroyed, so neither
    indestructible nor regeneration matter (a finality counter still sends it to exile)."""
    obj = _on_battlefield(state, permanent)
    events = [Event(rule, "sacrificed", (permanent,), (obj.controller,),
                    say("sacrificed", name=obj.name, player=obj.controller, reason=reason or say("by_effect")))]
    return events + to_graveyard(state, permanent)


def put_into_graveyard(state: State, permanent: str, rule: str, reason: Text) -> list[Event]:
    """A state-based action puts it into its owner's graveyard (not a destruction)."""
    obj = _on_battlefield(state, permanent)
    events = [Event(rule, "put into graveyard", (permanent,), (obj.owner,), say("put_into_graveyard", name=obj.name, reason=reason))]
    return events + to_graveyard(state, permanent)


@implements("111.8", expects=("token that has left the battlefield", "remains in its current zone"))
def _token_stays(obj: GameObject) -> list[Event]:
    return [Event("111.8", "stays", (obj.id,), (obj.owner,), say("token_stays", name=obj.name))]


@implements("701.13a", expects=("exile an object", "from wherever it is"))
def exile(state: State, card: str) -> list[Event]:
    """Exile an object from wherever it is (exiling an exiled card makes a new object, 400.8)."""
    obj = state.get(card)
    if state.zone_of(card) is None or obj.ability is not None:
        raise IllegalAction(say("illegal_not_permanent", name=obj.name))
    if obj.token and not state.on_battlefield(card):
        return _token_stays(obj)
    state.move(card, Zone.EXILE)
    return [Event("701.13a", "exiled", (card,), (obj.owner,), say("exiled", name=obj.name))]


@implements("400.3", expects=("owner’s corresponding zone",))
def return_to_hand(state: State, card: str) -> list[Event]:
    """Return an object to its owner's hand: a new object there (400.7), counters and all else gone."""
    obj = state.get(card)
    if state.zone_of(card) in (None, Zone.HAND, Zone.LIBRARY) or obj.ability is not None:
        raise IllegalAction(say("illegal_not_permanent", name=obj.name))
    if obj.token and not state.on_battlefield(card):
        return _token_stays(obj)
    state.move(card, Zone.HAND)
    return [Event("400.3", "returned to hand", (card,), (obj.owner,), say("returned_to_hand", name=obj.name))]


def put_onto_battlefield(state: State, card: str, chooser: Chooser, *, controller: str | None = None,
                         attach_to: str | None = None) -> list[Event]:
    """Put a card from a hand, library, graveyard or exile onto the battlefield (under
    `controller`, by default its owner). An Aura needs something legal to enchant
    (`attach_to`); without it, it stays where it is (303.4f, 303.4g)."""
    obj = state.get(card)
    if state.zone_of(card) not in (Zone.HAND, Zone.LIBRARY, Zone.GRAVEYARD, Zone.EXILE) or not obj.permanent_card:
        raise IllegalAction(say("illegal_not_permanent", name=obj.name))
    if obj.token:
        return _token_stays(obj)
    host = _aura_host(state, obj, attach_to)
    if obj.is_("Aura") and host is None:
        return [Event("303.4g", "stays", (card,), (obj.owner,), say("aura_stays", name=obj.name))]
    return enter_battlefield(state, card, chooser, "400.7", controller=controller or obj.owner, attach_to=host)


@implements("303.4f", expects=("Aura is entering the battlefield", "chooses what it will enchant"))
@implements("303.4g", expects=("no legal object or player for it to enchant", "remains in its current zone"))
def _aura_host(state: State, aura: GameObject, attach_to: str | None) -> Host | None:
    """What an Aura entering the battlefield (not as a resolving Aura spell) will enchant: the
    one chosen, if it may enchant it."""
    if not aura.is_("Aura") or attach_to is None:
        return None
    host: Host = state.ref(attach_to) if attach_to in state.objects else attach_to
    return host if legal_host(state, aura, host) else None


@implements("400.7", expects=("new object with no memory of", "previous existence"))
def flicker(state: State, permanent: str, chooser: Chooser, *, attach_to: str | None = None) -> list[Event]:
    """Exile a permanent, then return it to the battlefield under its owner's control: a new
    object, with nothing of the old one (400.7). An Aura returns only attached to something it
    can legally enchant (`attach_to`), else stays in exile (303.4f, 303.4g)."""
    obj = _on_battlefield(state, permanent)
    events = exile(state, permanent)
    if obj.token:
        return events + _token_stays(obj)  # it can't come back (111.8), and ceases to exist (704.5d)
    return events + put_onto_battlefield(state, permanent, chooser, attach_to=attach_to)
