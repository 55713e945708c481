"""The game state the engine's rules read and change: players, objects and zones.

Deliberately small: it holds what the implemented rules read (see the package docstring for the
list) and nothing that would pretend to be a whole game. There are no layers: an object's
`power` and `toughness` are its values after every continuous effect, set by whoever builds
the state; counters are added on top (`total_power`, `total_toughness`, rule 122.1a), and
keyword counters give their keyword (`has`, 122.1b).

Identity (400.7): an object that moves from one zone to another becomes a new object. Here a
card keeps its `id` (the name people and scenario files use for it), and each zone change
makes a new `GameObject` with the next `incarnation` and only the card's own characteristics:
no counters, damage, status, attachments or choices. Whatever must follow one object and not
the card (a spell's targets, what an Aura is attached to, what a creature attacks or blocks,
an ability's source) holds a `Ref`, the id and the incarnation, and `State.current` says
whether that object still exists. What the rules need from an object that is gone is its last
known information: `State.last_known` keeps each object as it last existed in the zone it
left (for a batch of state-based actions, as it was before the batch, 704.8).

Where the rules tell fields apart by a word (which zone, which kind of ability, a copy of what,
which gift), the word is an enum member (`Zone`, `AbilityKind`, `TriggerLabel`, `CopyOf`,
`Gift`); each is a `StrEnum`, equal to its value, so a caller may still write "graveyard".
"""

from __future__ import annotations

import copy
import itertools
import re
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Any, NamedTuple

from . import designations
from .events import Event
from .messages import Text, Word, say
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

# The keywords the engine reads, each where its rule is implemented; any other keyword would be
# silently ignored, so scenario files refuse them.
KEYWORDS = ("deathtouch", "double strike", "first strike", "flying", "haste", "indestructible", "infect",
            "lifelink", "menace", "reach", "space sculptor", "start your engines!", "trample", "umbra armor",
            "vigilance", "wither")
# Keyword counters (122.1b) whose keyword the engine models; the rest of 122.1b's list
# (decayed, exalted, hexproof, shadow) is not modelled.
KEYWORD_COUNTERS = ("deathtouch", "double strike", "first strike", "flying", "haste", "indestructible",
                    "lifelink", "menace", "reach", "trample", "vigilance")


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
    SIEGE = "siege"  # a Siege's "when the last defense counter is removed" ability (310.12b)


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
    promising a gift twice). `text` says which rule or ruling forbids it; `str()` is its English."""

    def __init__(self, text: Text):
        super().__init__(text.english())
        self.text = text


class Ref(NamedTuple):
    """One object, not just one card: the card's id and which of its objects (400.7)."""

    id: str
    incarnation: int


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
    lost: bool = False  # lost the game, and so left it (800.4)
    extra_turns: int = 0  # extra turns to take after this one


@dataclass
class Face:
    """The characteristics of one face of a double-faced card or token."""

    name: str
    types: frozenset[str] = frozenset()
    subtypes: frozenset[str] = frozenset()
    supertypes: frozenset[str] = frozenset()
    keywords: frozenset[str] = frozenset()
    power: int | None = None
    toughness: int | None = None
    loyalty: int | None = None
    defense: int | None = None


Host = Ref | str  # what something is attached to or attacks: an object, or a player by name


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
    incarnation: int = 1  # which object this card is now: one more at each zone change (400.7)
    types: frozenset[str] = frozenset()
    subtypes: frozenset[str] = frozenset()
    supertypes: frozenset[str] = frozenset()
    keywords: frozenset[str] = frozenset()
    power: int | None = None
    toughness: int | None = None
    loyalty: int | None = None  # printed loyalty (306.5a); on the battlefield, loyalty is the counters
    defense: int | None = None  # printed defense (310.4a)
    counters: dict[str, int] = field(default_factory=dict)  # "+1/+1", "-1/-1", "loyalty", "defense", "lore" …
    counter_limits: dict[str, int] = field(default_factory=dict)  # "can't have more than N <kind> counters"
    timestamp: int = 0
    tapped: bool = False
    token: bool = False
    copy: CopyOf | None = None  # a copy of a spell or of a card, 704.5e
    summoning_sick: bool = False  # not under its controller's control since the turn began (302.6)
    # Damage (120.3e) and what 704.5h remembers until the next state-based action check.
    damage: int = 0
    dealt_deathtouch_damage: bool = False
    regeneration_shields: int = 0
    # Attachments: an object or a player.
    attached_to: Host | None = None
    enchant: str | None = None  # Auras: a card type ("Creature", "Land"), "Player", or None for any permanent
    world_since: int | None = None  # when it became a world permanent (704.5k)
    chapters: int = 0  # Sagas: final chapter number (714.2d)
    rooms: tuple[str, ...] = ()  # dungeons: room names, topmost first, bottommost last
    protector: str | None = None  # battles
    # Combat: what a creature attacks (a player, or a planeswalker or battle), what it blocks.
    attacking: Host | None = None
    blocking: tuple[Ref, ...] = ()
    blocked: bool | None = None  # attackers, once blockers are declared: blocked or unblocked (509.1h)
    sector: str | None = None  # "alpha", "beta" or "gamma" (702.158b)
    # Double-faced objects: the face that is down. Converting swaps it with the face up.
    other_face: Face | None = None
    back_up: bool = False  # the back face is up (a converted permanent, a spell cast transformed)
    cant_transform: bool = False
    turned_at: int | None = None  # clock when it last converted or transformed
    # Spells and abilities on the stack.
    ability: AbilityKind | None = None  # set when this object is an ability
    label: TriggerLabel | None = None  # triggered abilities: which kind, when a rule waits for it
    source: Ref | None = None  # abilities: the object it comes from
    since: int = 0  # abilities: clock when put on the stack (delayed ones: when created)
    targets: tuple[Host, ...] = ()  # objects or players
    target_type: str | None = None  # a type every target object must have ("Creature"), if any
    gift: Gift | None = None  # what its gift ability gives (`gift.GIFTS` says how)
    gift_promised_to: str | None = None
    gift_targets: tuple[Host, ...] = ()  # targets chosen only because the gift was promised (702.174m)
    effect: Callable | None = None  # effect(state, obj, chooser) -> list[Event], run on resolution
    title: Text | None = None  # abilities: their name as a message, so it can be said in any language

    def __post_init__(self) -> None:
        self.controller = self.controller or self.owner
        for name in ("types", "subtypes", "supertypes", "keywords"):
            setattr(self, name, frozenset(getattr(self, name)))

    @property
    def ref(self) -> Ref:
        return Ref(self.id, self.incarnation)

    def is_(self, kind: str) -> bool:
        """True when `kind` is one of its types, subtypes or supertypes ("Creature", "Aura")."""
        return kind in self.types or kind in self.subtypes or kind in self.supertypes

    @implements("122.1b", expects=("keyword counter", "gain that keyword"))
    def has(self, keyword: str) -> bool:
        """Has it this keyword, printed or from a keyword counter (122.1b)?"""
        return keyword in self.keywords or (keyword in KEYWORD_COUNTERS and self.counters.get(keyword, 0) > 0)

    @property
    def permanent_card(self) -> bool:
        """Would be a permanent on the battlefield: not an instant, sorcery or ability."""
        return self.ability is None and not ({"Instant", "Sorcery"} & self.types)

    def _pt_counters(self, index: int) -> int:
        """What +X/+Y and -X/-Y counters add to power (index 0) or toughness (1), 122.1a."""
        total = 0
        for kind, count in self.counters.items():
            numbers = pt_counter(kind)
            if numbers is not None:
                total += numbers[index] * count
        return total

    @property
    def total_power(self) -> int | None:
        if self.power is None:
            return None
        return self.power + self._pt_counters(0)

    @implements("122.1a", expects=("+X/+Y counter", "adds X to that object’s power and Y to that object’s toughness"))
    def _total_toughness(self) -> int | None:
        if self.toughness is None:
            return None
        return self.toughness + self._pt_counters(1)

    @property
    def total_toughness(self) -> int | None:
        """Toughness with +X/+Y and -X/-Y counters (122.1a)."""
        return self._total_toughness()


_PT_COUNTER = re.compile(r"^([+-]\d+)/([+-]\d+)$")


def pt_counter(kind: str) -> tuple[int, int] | None:
    """"+1/+1" -> (1, 1), "-2/-0" -> (-2, 0); None for any other kind of counter."""
    match = _PT_COUNTER.match(kind)
    return (int(match.group(1)), int(match.group(2))) if match else None


# What a new object keeps of the card it was (400.7): its characteristics and what it is (a token,
# a copy, a spell's effect). Everything else (status, counters, damage, attachments, combat,
# choices made for the old object) starts afresh; `test_engine_identity` holds every field of
# `GameObject` to one list or the other.
CARRIED = ("name", "owner", "types", "subtypes", "supertypes", "keywords", "power", "toughness", "loyalty",
           "defense", "counter_limits", "token", "copy", "enchant", "chapters", "rooms", "other_face", "back_up",
           "gift", "target_type", "effect")
FACE_FIELDS = tuple(f.name for f in fields(Face))  # the characteristics a face holds, swapped whole


def turn_over(obj: GameObject) -> None:
    """Swap the face that is up with the other face (converting, or a card going back to its
    front face)."""
    if obj.other_face is None:
        return
    up = Face(**{f: getattr(obj, f) for f in FACE_FIELDS})
    for name in FACE_FIELDS:
        setattr(obj, name, getattr(obj.other_face, name))
    obj.other_face = up
    obj.back_up = not obj.back_up


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
        self.objects: dict[str, GameObject] = {}  # card id -> the object it is now
        self.battlefield: list[str] = []
        self.stack: list[str] = []  # top last
        self.waiting_triggers: list[str] = []  # triggered abilities not yet put on the stack
        self.last_known: dict[Ref, GameObject] = {}  # each object as it last existed before it left its zone
        self.last_on_battlefield: dict[str, GameObject] = {}  # card id -> its latest object that left the battlefield
        self.before_batch: dict[str, GameObject] | None = None  # permanents before a batch of SBAs (704.8)
        self.winner: str | None = None  # the game is over: one player is left (104.2a)
        self.drawn = False  # the game is over: everyone left lost at once (104.4a)
        self.lapsed: list[Event] = []  # designations ended since the last check (`designations`)
        self._clock = itertools.count(1)
        self._ids = itertools.count(1)

    # players ---------------------------------------------------------------------------------

    def player(self, name: str) -> Player:
        for player in self.players:
            if player.name == name:
                return player
        raise KeyError(f"no player named {name!r}")

    def is_player(self, name: object) -> bool:
        return isinstance(name, str) and any(p.name == name for p in self.players)

    def in_game(self) -> list[str]:
        return [p.name for p in self.players if not p.lost]

    def opponents(self, name: str) -> list[str]:
        return [p for p in self.in_game() if p != name]

    def apnap(self) -> list[str]:
        """Players still in the game in APNAP order: the active player, then turn order (101.4)."""
        names = [p.name for p in self.players]
        start = names.index(self.active)
        return [n for n in names[start:] + names[:start] if not self.player(n).lost]

    @property
    def game_over(self) -> bool:
        return self.winner is not None or self.drawn

    # objects and zones ---------------------------------------------------------------------------

    def tick(self) -> int:
        """The next timestamp: a clock that only moves forward."""
        return next(self._clock)

    def add(self, name: str, owner: str, zone: Zone | str = Zone.BATTLEFIELD, *, id: str | None = None,
            **fields: Any) -> GameObject:
        """Create an object in a zone (library objects go on top unless `bottom=True`). It is
        put there as it is, with no "enters with" replacement effects (for a permanent that
        enters, see `zones.enter_battlefield`). `attached_to`, `attacking`, `blocking`,
        `targets`, `gift_targets` and `source` may name objects by id: they then mean the
        objects those cards are now."""
        bottom = fields.pop("bottom", False)
        if zone not in ZONES:
            raise ValueError(f"unknown zone {zone!r}; zones are {', '.join(ZONES)}")
        object_id = id or f"{slug(name)}-{next(self._ids)}"
        if object_id in self.objects:
            raise ValueError(f"duplicate object id {object_id!r}")
        for key in ("attached_to", "attacking", "source"):
            if isinstance(fields.get(key), str):
                fields[key] = self.ref(fields[key])
        for key in ("targets", "gift_targets", "blocking"):
            if key in fields:
                fields[key] = tuple(self.ref(v) if isinstance(v, str) else v for v in fields[key])
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
        """The object a card is now. One that has ceased to exist (a token, a card whose owner
        left the game) can't be acted on: asking for it is an illegal action, not a crash."""
        obj = self.objects.get(object_id)
        if obj is None:
            raise IllegalAction(say("illegal_gone", id=object_id))
        return obj

    def ref(self, name: str) -> Host:
        """A player's name as is; an object id as a `Ref` to the object that card is now."""
        if self.is_player(name):
            return name
        return self.objects[name].ref

    def current(self, ref: Ref) -> GameObject | None:
        """The object `ref` names, if it still exists (it hasn't changed zones since)."""
        obj = self.objects.get(ref.id)
        return obj if obj is not None and obj.incarnation == ref.incarnation else None

    def permanent(self, ref: Host | None) -> GameObject | None:
        """The permanent `ref` names, if that object is still on the battlefield."""
        if not isinstance(ref, Ref):
            return None
        obj = self.current(ref)
        return obj if obj is not None and self.on_battlefield(obj.id) else None

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

    @implements("400.7", expects=("new object with no memory of", "previous existence"))
    @implements("111.8", expects=("token that has left the battlefield", "remains in its current zone"))
    def move(self, object_id: str, zone: Zone | str, *, controller: str | None = None) -> GameObject:
        """Move an object to a zone (its owner's, for player zones; graveyards on top, libraries
        on top) and return the new object it becomes (400.7): the card's characteristics only,
        with its front face up outside the battlefield and the stack (712.8a), the next
        incarnation and a new timestamp. A permanent spell that resolves keeps its face (712.13)
        and its gift promise (400.7d); a permanent is controlled by `controller` (default: the
        spell's controller, else its owner). A token that has already left the battlefield
        doesn't move at all (111.8). This is the bare move: replacement effects such
        as "enters with" counters or finality counters are applied by `zones`."""
        zone = Zone(zone)
        old = self.objects[object_id]
        was = self.zone_of(object_id)
        if old.token and was not in (Zone.BATTLEFIELD, Zone.STACK):
            return old  # 111.8: a token that has left the battlefield stays where it is
        self._take(object_id)
        kept = {name: copy.copy(getattr(old, name)) for name in CARRIED}
        new = GameObject(id=object_id, incarnation=old.incarnation + 1, timestamp=self.tick(), **kept)
        resolving = was == Zone.STACK and zone == Zone.BATTLEFIELD
        if resolving:
            new.gift_promised_to = old.gift_promised_to
        elif new.back_up and zone != Zone.STACK:
            turn_over(new)  # a double-faced card has its front face up outside the battlefield and stack
        if zone in (Zone.BATTLEFIELD, Zone.STACK):
            new.controller = controller or (old.controller if was == Zone.STACK else new.owner)
        if zone == Zone.BATTLEFIELD:
            new.summoning_sick = True
            if new.is_("World"):
                new.world_since = new.timestamp  # 704.5k counts from when it became a world permanent
        self.objects[object_id] = new
        target = self._zone_list(zone, new.owner)
        target.insert(0 if zone == Zone.LIBRARY else len(target), object_id)
        return new

    def _take(self, object_id: str) -> None:
        """Take an object out of its zone, keeping its last known information. An object that
        leaves the battlefield or the stack may end a designation that lasted while it was there
        (`designations`): what ends is kept in `lapsed` for the next check to say."""
        obj = self.objects[object_id]
        leaves = object_id in self.battlefield or object_id in self.stack
        if object_id in self.battlefield:
            before = self.before_batch or {}
            obj = before[object_id] if object_id in before else copy.deepcopy(obj)  # 704.8: before the batch
            self.last_on_battlefield[object_id] = obj
            self.battlefield.remove(object_id)
        self.last_known[obj.ref] = obj
        for zone_list in [self.stack, self.waiting_triggers] + [
            _player_zone(p, z) for p in self.players for z in PLAYER_ZONES
        ]:
            if object_id in zone_list:
                zone_list.remove(object_id)
        if leaves:
            self.lapsed += designations.lapse(self)

    def take_lapsed(self) -> list[Event]:
        """The designations that ended since this was last asked (`designations`), as events."""
        lapsed, self.lapsed = self.lapsed, []
        return lapsed

    def cease(self, object_id: str) -> None:
        """Remove an object from the game entirely (a token or copy that ceases to exist, an
        ability that left the stack, an object whose owner left the game); its last known
        information stays."""
        self._take(object_id)
        del self.objects[object_id]

    def known(self, key: str | Ref) -> GameObject:
        """An object as it is, or as it last existed. By `Ref`: that very object. By id: the
        permanent that card is, else the card's last object on the battlefield (last known
        information), else the object it is now, wherever."""
        if isinstance(key, Ref):
            obj = self.current(key)
            return obj if obj is not None else self.last_known[key]
        if key in self.objects and (self.on_battlefield(key) or key not in self.last_on_battlefield):
            return self.objects[key]
        if key in self.last_on_battlefield:
            return self.last_on_battlefield[key]
        return max((o for r, o in self.last_known.items() if r.id == key), key=lambda o: o.incarnation)

    def name_of(self, key: Host) -> str | Text:
        """What to call an object or player in a message (an ability's title, when it has one):
        by id, the object the card is now, wherever it is; gone, as it last was."""
        if isinstance(key, str) and self.is_player(key):
            return key
        obj = self.objects[key] if isinstance(key, str) and key in self.objects else self.known(key)
        return obj.title or obj.name

    def triggered_pending(self, source: Ref, label: TriggerLabel | None = None) -> bool:
        """Is the object `source` the source of a triggered ability (of `label`, if given) that
        has triggered but not yet left the stack: waiting to be put on it, or on it? A delayed
        triggered ability on the stack counts: it has triggered, and its source is that of the
        ability that made it (603.7e). An ability of the card's earlier object doesn't (400.7)."""
        for object_id in self.waiting_triggers + self.stack:
            obj = self.objects[object_id]
            triggered = obj.ability in (AbilityKind.TRIGGERED, AbilityKind.DELAYED)
            if triggered and obj.source == source and (label is None or obj.label == label):
                return True
        return False

    def trigger(self, source: str | Ref, name: str | Text, *, label: TriggerLabel | None = None,
                controller: str | None = None, effect: Callable | None = None) -> GameObject:
        """A triggered ability of `source` (an object, or a card id: the object it is now) that
        has triggered and waits to be put on the stack; its controller is the source's (603.3a).
        `name` may be a message (`Text`), so that it can be said in any language."""
        origin = self.known(source)
        english = name.english() if isinstance(name, Text) else name
        ability = GameObject(
            id=f"{slug(english)}-{next(self._ids)}", name=english, owner=controller or origin.controller,
            ability=AbilityKind.TRIGGERED, label=label, source=origin.ref, effect=effect, timestamp=self.tick(),
            title=name if isinstance(name, Text) else None,
        )
        self.objects[ability.id] = ability
        self.waiting_triggers.append(ability.id)
        return ability

    # actions ---------------------------------------------------------------------------------

    @implements("121.4", expects=("draw", "no cards", "loses the game"))
    def draw(self, name: str, count: int = 1) -> list[Event]:
        """Draw `count` cards one at a time (121.1). A draw from an empty library is remembered
        for the next state-based action check (121.4, 704.5b), not lost on the spot; once it
        is, further draws can change nothing, so they stop there. A player who has left the
        game draws nothing."""
        player, events = self.player(name), []
        if player.lost:
            raise IllegalAction(say("illegal_not_player", player=name))
        for _ in range(count):
            if not player.library:
                player.drew_from_empty = True
                events.append(Event("121.4", "draw from empty library", (), (name,), say("draw_empty", player=name)))
                break
            card = player.library[0]
            self.move(card, Zone.HAND)
            events.append(Event("121.1", "draws", (card,), (name,), say("draws", player=name, card=self.objects[card].name)))
        return events

    def discard(self, name: str, cards: list[str]) -> list[Event]:
        """Move cards from a player's hand to their graveyard (701.9a); all or none."""
        events = []
        if self.player(name).lost:
            raise IllegalAction(say("illegal_not_player", player=name))
        strangers = [card for card in cards if card not in self.player(name).hand]
        if strangers:
            raise IllegalAction(say("illegal_not_in_hand_of", cards=strangers, player=name))
        for card in cards:
            self.move(card, Zone.GRAVEYARD)
            events.append(Event("701.9a", "discards", (card,), (name,), say("discards", player=name, card=self.objects[card].name)))
        return events

    @implements("106.4", expects=("add mana", "mana pool"),
                rulings=(ELECTROZOA_NOT_MANA, HARNESSED_LIGHTNING_NOT_MANA))
    def add_mana(self, name: str, symbol: str, count: int = 1) -> None:
        """Add mana to a player's pool. {E} is not a mana symbol: no effect that adds mana, even
        of "any type", can give energy counters (Electrozoa and Kaladesh rulings)."""
        if symbol not in MANA_SYMBOLS:
            raise IllegalAction(say("illegal_not_mana", symbol=repr(symbol), symbols=list(MANA_SYMBOLS)))
        pool = self.player(name).mana
        pool[symbol] = pool.get(symbol, 0) + count

    @implements("106.4", expects=("mana pool empties", "each step and phase"),
                rulings=(ELECTROZOA_NOT_MANA, HARNESSED_LIGHTNING_NOT_MANA))
    def end_step(self) -> list[Event]:
        """A step or phase ends: every mana pool empties (106.4). Energy counters stay."""
        events = []
        for player in self.players:
            if any(player.mana.values()):
                events.append(Event("106.4", "mana empties", (), (player.name,), say("mana_empties", player=player.name)))
            player.mana = {}
        return events


def zone_word(zone: Zone | str) -> Word:
    """A zone as a glossary word, for messages."""
    return Word("zone", str(zone))
