"""The game state the engine's rules read and change: players, objects and zones.

Deliberately small: it holds what the implemented rules read (see the package docstring for the
list) and nothing that would pretend to be a whole game. There are no layers: an object's
`power` and `toughness` are its values after every continuous effect, set by whoever builds
the state; counters are added on top (`total_power`, `total_toughness`, rule 122.1a).

Identity: an object keeps its id when it changes zones, for readable events and tests, although
the rules make it a new object (400.7); what the rules need from its old self is kept as last
known information in `State.last_known` when it leaves the battlefield.

Where the rules tell fields apart by a word (which zone, which kind of ability, a copy of what,
which gift), the word is an enum member (`Zone`, `AbilityKind`, `TriggerLabel`, `CopyOf`,
`Gift`); each is a `StrEnum`, equal to its value, so a caller may still write "graveyard".
"""

from __future__ import annotations

import copy
import itertools
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum

from .events import Event
from .registry import implements
from .rulings import ELECTROZOA_NOT_MANA, HARNESSED_LIGHTNING_NOT_MANA


class Zone(StrEnum):
    """The zones the engine models (400.1). Each player has a library, hand, graveyard, exile
    and command zone (`Player` holds a list of object ids for each, under the zone's value);
    the battlefield and the stack are shared (`State.battlefield`, `State.stack`)."""

    LIBRARY = "library"
    HAND = "hand"
    GRAVEYARD = "graveyard"
    EXILE = "exile"
    COMMAND = "command"
    BATTLEFIELD = "battlefield"
    STACK = "stack"


PLAYER_ZONES = (Zone.LIBRARY, Zone.HAND, Zone.GRAVEYARD, Zone.EXILE, Zone.COMMAND)
SHARED_ZONES = (Zone.BATTLEFIELD, Zone.STACK)
ZONES = PLAYER_ZONES + SHARED_ZONES
MANA_SYMBOLS = ("W", "U", "B", "R", "G", "C")


class AbilityKind(StrEnum):
    """What kind of ability an object on the stack is (`GameObject.ability`)."""

    ACTIVATED = "activated"
    TRIGGERED = "triggered"
    DELAYED = "delayed"  # a delayed triggered ability (603.7): `since` is when it was created


class TriggerLabel(StrEnum):
    """Which triggered abilities a rule waits for (`GameObject.label`): 704.5s waits for a
    Saga's chapter abilities, 704.5t for a dungeon's room abilities."""

    CHAPTER = "chapter"  # a Saga's chapter ability (714.2b)
    ROOM = "room"  # a dungeon's room ability (309.4c)
    GIFT = "gift"  # a permanent's gift ability (702.174b)


class Gift(StrEnum):
    """The six kinds of gift (702.174d–i), by the words that follow "Gift" on the card."""

    FOOD = "a Food"
    CARD = "a card"
    TAPPED_FISH = "a tapped Fish"
    EXTRA_TURN = "an extra turn"
    TREASURE = "a Treasure"
    OCTOPUS = "an Octopus"


class CopyOf(StrEnum):
    """What an object is a copy of (`GameObject.copy`), which decides where it may exist (704.5e)."""

    SPELL = "spell"
    CARD = "card"


class IllegalAction(Exception):
    """Something the rules do not allow was asked of the engine (paying {E} you don't have,
    promising a gift twice). The message says which rule or ruling forbids it."""


@dataclass
class Player:
    name: str
    life: int = 20
    poison: int = 0
    energy: int = 0  # energy counters (107.14); a player counter, not mana
    speed: int | None = None  # None: no speed yet (702.179b)
    mana: dict[str, int] = field(default_factory=dict)  # unspent mana by symbol, emptied by end_step
    library: list[str] = field(default_factory=list)  # object ids, top first
    hand: list[str] = field(default_factory=list)
    graveyard: list[str] = field(default_factory=list)  # top last
    exile: list[str] = field(default_factory=list)
    command: list[str] = field(default_factory=list)
    drew_from_empty: bool = False  # attempted a draw from an empty library since the last SBA check
    venture: tuple[str, str] | None = None  # (dungeon id, room its venture marker is on)
    lost: bool = False
    extra_turns: int = 0  # extra turns to take after this one


@dataclass
class Face:
    """The characteristics of one face of a double-faced card or token."""

    name: str
    types: frozenset[str] = frozenset()
    subtypes: frozenset[str] = frozenset()
    supertypes: frozenset[str] = frozenset()
    power: int | None = None
    toughness: int | None = None


@dataclass
class GameObject:
    """A card, token, copy or ability, in whatever zone it is.

    Types, subtypes and supertypes are capitalised as printed ("Creature", "Aura", "Legendary");
    keywords are lower case ("deathtouch", "indestructible", "space sculptor",
    "start your engines!"). Fields that only some objects use are grouped and default to
    "not that kind of object".
    """

    id: str
    name: str
    owner: str
    controller: str = ""  # defaults to the owner
    types: frozenset[str] = frozenset()
    subtypes: frozenset[str] = frozenset()
    supertypes: frozenset[str] = frozenset()
    keywords: frozenset[str] = frozenset()
    power: int | None = None
    toughness: int | None = None
    counters: dict[str, int] = field(default_factory=dict)  # "+1/+1", "-1/-1", "loyalty", "defense", "lore" …
    counter_limits: dict[str, int] = field(default_factory=dict)  # "can't have more than N <kind> counters"
    timestamp: int = 0
    tapped: bool = False
    token: bool = False
    copy: CopyOf | None = None  # a copy of a spell or of a card, 704.5e
    # Damage (120.3e) and what 704.5h remembers until the next state-based action check.
    damage: int = 0
    dealt_deathtouch_damage: bool = False
    regeneration_shields: int = 0
    # Attachments: an object id or a player name.
    attached_to: str | None = None
    enchant: str | None = None  # Auras: a card type ("Creature", "Land"), "Player", or None for any permanent
    world_since: int | None = None  # when it became a world permanent: `add` and `move` set it (704.5k)
    chapters: int = 0  # Sagas: final chapter number (714.2d)
    rooms: tuple[str, ...] = ()  # dungeons: room names, topmost first, bottommost last
    protector: str | None = None  # battles
    attacking: str | None = None  # creatures: the player name or battle id it attacks
    sector: str | None = None  # "alpha", "beta" or "gamma" (702.158b)
    # Double-faced objects: the face that is down. Converting swaps it with the face up.
    other_face: Face | None = None
    cant_transform: bool = False
    turned_at: int | None = None  # clock when it last converted or transformed
    # Spells and abilities on the stack.
    ability: AbilityKind | None = None  # set when this object is an ability
    label: TriggerLabel | None = None  # triggered abilities: which kind, when a rule waits for it
    source: str | None = None  # abilities: id of the source
    since: int = 0  # abilities: clock when put on the stack (delayed ones: when created)
    targets: tuple[str, ...] = ()  # object ids or player names
    target_type: str | None = None  # a type every target object must have ("Creature"), if any
    gift: Gift | None = None  # what its gift ability gives (`gift.GIFTS` says how)
    gift_promised_to: str | None = None
    gift_targets: tuple[str, ...] = ()  # targets chosen only because the gift was promised (702.174m)
    effect: Callable | None = None  # effect(state, obj, chooser) -> list[Event], run on resolution

    def __post_init__(self) -> None:
        self.controller = self.controller or self.owner
        for name in ("types", "subtypes", "supertypes", "keywords"):
            setattr(self, name, frozenset(getattr(self, name)))

    def is_(self, kind: str) -> bool:
        """True when `kind` is one of its types, subtypes or supertypes ("Creature", "Aura")."""
        return kind in self.types or kind in self.subtypes or kind in self.supertypes

    @property
    def permanent_card(self) -> bool:
        """Would be a permanent on the battlefield: not an instant, sorcery or ability."""
        return self.ability is None and not ({"Instant", "Sorcery"} & self.types)

    @property
    def total_power(self) -> int | None:
        if self.power is None:
            return None
        return self.power + self.counters.get("+1/+1", 0) - self.counters.get("-1/-1", 0)

    @property
    def total_toughness(self) -> int | None:
        """Toughness with +1/+1 and -1/-1 counters (122.1a)."""
        if self.toughness is None:
            return None
        return self.toughness + self.counters.get("+1/+1", 0) - self.counters.get("-1/-1", 0)


def _player_zone(player: Player, zone: Zone) -> list[str]:
    """A player's list of ids for one of `PLAYER_ZONES`: the attribute named as its value."""
    return getattr(player, zone.value)


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "object"


class State:
    """Players in turn order and every object, with the zone lists that order them."""

    def __init__(self, players: list[str] | list[Player], active: str | None = None):
        self.players: list[Player] = [p if isinstance(p, Player) else Player(p) for p in players]
        self.active: str = active or self.players[0].name
        self.objects: dict[str, GameObject] = {}
        self.battlefield: list[str] = []
        self.stack: list[str] = []  # top last
        self.waiting_triggers: list[str] = []  # triggered abilities not yet put on the stack
        self.last_known: dict[str, GameObject] = {}  # snapshot as each object last left the battlefield
        self._clock = itertools.count(1)
        self._ids = itertools.count(1)

    # players ---------------------------------------------------------------------------------

    def player(self, name: str) -> Player:
        for player in self.players:
            if player.name == name:
                return player
        raise KeyError(f"no player named {name!r}")

    def in_game(self) -> list[str]:
        return [p.name for p in self.players if not p.lost]

    def opponents(self, name: str) -> list[str]:
        return [p for p in self.in_game() if p != name]

    def apnap(self) -> list[str]:
        """Players still in the game in APNAP order: the active player, then turn order (101.4)."""
        names = [p.name for p in self.players]
        start = names.index(self.active)
        return [n for n in names[start:] + names[:start] if not self.player(n).lost]

    # objects and zones ---------------------------------------------------------------------------

    def tick(self) -> int:
        """The next timestamp: a clock that only moves forward."""
        return next(self._clock)

    def add(self, name: str, owner: str, zone: Zone | str = Zone.BATTLEFIELD, *, id: str | None = None,
            **fields) -> GameObject:
        """Create an object in a zone (library objects go on top unless `bottom=True`)."""
        bottom = fields.pop("bottom", False)
        if zone not in ZONES:
            raise ValueError(f"unknown zone {zone!r}; zones are {', '.join(ZONES)}")
        object_id = id or f"{slug(name)}-{next(self._ids)}"
        if object_id in self.objects:
            raise ValueError(f"duplicate object id {object_id!r}")
        obj = GameObject(id=object_id, name=name, owner=owner, timestamp=self.tick(), **fields)
        if obj.ability is not None and not obj.since:
            obj.since = obj.timestamp  # an ability is created as it is put on the stack
        if obj.is_("World") and obj.world_since is None:
            obj.world_since = obj.timestamp
        self.objects[object_id] = obj
        target = self._zone_list(zone, owner)
        target.insert(0 if zone == Zone.LIBRARY and not bottom else len(target), object_id)
        return obj

    def get(self, object_id: str) -> GameObject:
        return self.objects[object_id]

    def _zone_list(self, zone: Zone | str, player: str) -> list[str]:
        """The list of ids that is `zone` (`player`'s, for a player zone)."""
        zone = Zone(zone)
        if zone == Zone.BATTLEFIELD:
            return self.battlefield
        if zone == Zone.STACK:
            return self.stack
        return _player_zone(self.player(player), zone)

    def zone_of(self, object_id: str) -> Zone | None:
        """The zone an object is in, or None when it no longer exists."""
        if object_id in self.battlefield:
            return Zone.BATTLEFIELD
        if object_id in self.stack:
            return Zone.STACK
        for player in self.players:
            for zone in PLAYER_ZONES:
                if object_id in _player_zone(player, zone):
                    return zone
        return None

    def on_battlefield(self, object_id: str) -> bool:
        return object_id in self.battlefield

    def permanents(self) -> list[GameObject]:
        return [self.objects[i] for i in self.battlefield]

    def move(self, object_id: str, zone: Zone | str) -> None:
        """Move an object to a zone (its owner's, for player zones; graveyards on top). Leaving
        the battlefield keeps its last known information and clears what does not follow an
        object to a new zone (400.7): damage, counters (122.2), attachment, combat, sector,
        regeneration shields, a battle's protector."""
        obj = self.objects[object_id]
        if not (self.zone_of(object_id) == Zone.STACK and zone == Zone.BATTLEFIELD):
            obj.gift_promised_to = None  # a promise is a decision about one spell (702.174k)
        self._take(object_id)
        if zone != Zone.BATTLEFIELD:
            obj.damage, obj.counters, obj.attached_to, obj.attacking, obj.sector = 0, {}, None, None, None
            obj.dealt_deathtouch_damage, obj.tapped, obj.regeneration_shields, obj.protector = False, False, 0, None
        if zone in PLAYER_ZONES:
            obj.controller = obj.owner
        obj.timestamp = self.tick()
        if zone == Zone.BATTLEFIELD and obj.is_("World"):
            obj.world_since = obj.timestamp  # 704.5k counts from when it became a world permanent
        target = self._zone_list(zone, obj.owner)
        target.insert(0 if zone == Zone.LIBRARY else len(target), object_id)

    def _take(self, object_id: str) -> None:
        if object_id in self.battlefield:
            self.last_known[object_id] = copy.deepcopy(self.objects[object_id])
            self.battlefield.remove(object_id)
        for zone_list in [self.stack, self.waiting_triggers] + [
            _player_zone(p, z) for p in self.players for z in PLAYER_ZONES
        ]:
            if object_id in zone_list:
                zone_list.remove(object_id)

    def cease(self, object_id: str) -> None:
        """Remove an object from the game entirely (a token or copy that ceases to exist, an
        ability that left the stack); its last known information stays."""
        self._take(object_id)
        self.last_known.setdefault(object_id, self.objects[object_id])
        del self.objects[object_id]

    def known(self, object_id: str) -> GameObject:
        """The object as it is, or as it last existed on the battlefield (last known information)."""
        if object_id in self.objects and (self.on_battlefield(object_id) or object_id not in self.last_known):
            return self.objects[object_id]
        return self.last_known[object_id]

    def triggered_pending(self, source: str, label: TriggerLabel | None = None) -> bool:
        """Is `source` the source of a triggered ability (of `label`, if given) that has triggered
        but not yet left the stack: waiting to be put on it, or on it? A delayed triggered ability on
        the stack counts: it has triggered, and its source is that of the ability that made it (603.7e)."""
        for object_id in self.waiting_triggers + self.stack:
            obj = self.objects[object_id]
            triggered = obj.ability in (AbilityKind.TRIGGERED, AbilityKind.DELAYED)
            if triggered and obj.source == source and (label is None or obj.label == label):
                return True
        return False

    def trigger(self, source: str, name: str, *, label: TriggerLabel | None = None, controller: str | None = None,
                effect: Callable | None = None) -> GameObject:
        """A triggered ability of `source` that has triggered and waits to be put on the stack."""
        origin = self.known(source)
        ability = GameObject(
            id=f"{slug(name)}-{next(self._ids)}", name=name, owner=controller or origin.controller,
            ability=AbilityKind.TRIGGERED, label=label, source=source, effect=effect, timestamp=self.tick(),
        )
        self.objects[ability.id] = ability
        self.waiting_triggers.append(ability.id)
        return ability

    def put_waiting_triggers_on_stack(self) -> list[str]:
        """Each player in APNAP order puts their waiting triggered abilities on the stack
        (603.3b, in the order they triggered); returns their ids."""
        moved = []
        for name in self.apnap():
            for object_id in [i for i in self.waiting_triggers if self.objects[i].controller == name]:
                self.waiting_triggers.remove(object_id)
                self.objects[object_id].since = self.tick()
                self.stack.append(object_id)
                moved.append(object_id)
        return moved

    # actions ---------------------------------------------------------------------------------

    @implements("121.4", expects=("draw", "no cards", "loses the game"))
    def draw(self, name: str, count: int = 1) -> list[Event]:
        """Draw `count` cards one at a time (121.1). A draw from an empty library is remembered
        for the next state-based action check (121.4, 704.5b), not lost on the spot."""
        player, events = self.player(name), []
        for _ in range(count):
            if not player.library:
                player.drew_from_empty = True
                events.append(Event("121.4", "draw from empty library", (), (name,),
                                    f"{name} attempts to draw from an empty library"))
                continue
            card = player.library[0]
            self.move(card, Zone.HAND)
            events.append(Event("121.1", "draws", (card,), (name,), f"{name} draws {self.objects[card].name}"))
        return events

    def discard(self, name: str, cards: list[str]) -> list[Event]:
        """Move cards from a player's hand to their graveyard (701.9a); all or none."""
        events = []
        strangers = [card for card in cards if card not in self.player(name).hand]
        if strangers:
            raise IllegalAction(f"{', '.join(strangers)} not in {name}'s hand")
        for card in cards:
            self.move(card, Zone.GRAVEYARD)
            events.append(Event("701.9a", "discards", (card,), (name,), f"{name} discards {self.objects[card].name}"))
        return events

    @implements("120.3a", expects=("damage", "player", "lose that much life"))
    @implements("120.3c", expects=("planeswalker", "loyalty counters"))
    @implements("120.3e", expects=("creature", "damage to be marked"))
    @implements("120.3h", expects=("battle", "defense counters"))
    def deal_damage(self, source: str, recipient: str, amount: int) -> list[Event]:
        """Damage from `source` to a player (life), a planeswalker (loyalty), a battle (defense)
        or a creature (marked damage; a deathtouch source is remembered for 704.5h). Infect,
        wither and lifelink are not modelled."""
        origin = self.known(source)
        if amount <= 0:
            return []
        if recipient in [p.name for p in self.players]:
            self.player(recipient).life -= amount
            return [Event("120.3a", "loses life", (source,), (recipient,),
                          f"{origin.name} deals {amount} damage to {recipient}")]
        target, events = self.objects[recipient], []
        if target.is_("Planeswalker"):
            target.counters["loyalty"] = max(0, target.counters.get("loyalty", 0) - amount)
            events.append(Event("120.3c", "loses loyalty", (source, recipient), (),
                                f"{origin.name} deals {amount} damage to {target.name}"))
        if target.is_("Battle"):
            target.counters["defense"] = max(0, target.counters.get("defense", 0) - amount)
            events.append(Event("120.3h", "loses defense", (source, recipient), (),
                                f"{origin.name} deals {amount} damage to {target.name}"))
        if target.is_("Creature"):
            target.damage += amount
            if "deathtouch" in origin.keywords:
                target.dealt_deathtouch_damage = True
            events.append(Event("120.3e", "marks damage", (source, recipient), (),
                                f"{origin.name} deals {amount} damage to {target.name}"))
        return events

    def put_counters(self, object_id: str, kind: str, count: int = 1) -> list[Event]:
        """Put counters on an object (122.1); what 704.5q and 704.5r then do is theirs. Returns
        the event like every other action, so a judge can cite it."""
        obj = self.objects[object_id]
        obj.counters[kind] = obj.counters.get(kind, 0) + count
        return [Event("122.1", "counters put", (object_id,), (), f"{count} {kind} counter(s) put on {obj.name}")]

    @implements("106.4", expects=("add mana", "mana pool"),
                rulings=(ELECTROZOA_NOT_MANA, HARNESSED_LIGHTNING_NOT_MANA))
    def add_mana(self, name: str, symbol: str, count: int = 1) -> None:
        """Add mana to a player's pool. {E} is not a mana symbol: no effect that adds mana, even
        of "any type", can give energy counters (Electrozoa and Kaladesh rulings)."""
        if symbol not in MANA_SYMBOLS:
            raise IllegalAction(f"{symbol!r} is not a type of mana ({', '.join(MANA_SYMBOLS)}); energy is not mana")
        pool = self.player(name).mana
        pool[symbol] = pool.get(symbol, 0) + count

    @implements("106.4", expects=("mana pool empties", "each step and phase"),
                rulings=(ELECTROZOA_NOT_MANA, HARNESSED_LIGHTNING_NOT_MANA))
    def end_step(self) -> list[Event]:
        """A step or phase ends: every mana pool empties (106.4). Energy counters stay."""
        events = []
        for player in self.players:
            if any(player.mana.values()):
                events.append(Event("106.4", "mana empties", (), (player.name,), f"{player.name}'s unspent mana empties"))
            player.mana = {}
        return events
