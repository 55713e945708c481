"""Boards drawn at random for scenario questions, one generator or more per engine area.

Each generator takes the session's `random.Random` and returns scenario data in the shape of a
TOML scenario file (see examples/README.md), so it is checked and judged exactly like a file.
The ranges are chosen around each rule's edge (damage one short of lethal, nine or ten poison
counters, energy one short of a payment): boards where reading the rule carefully matters.

`GENERATORS`: name -> `BoardGenerator` (section, the rules it is about, the function that draws
a board). The rules decide whether the question can be asked in a language
(`quiz_scenarios._available`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, NamedTuple

CREATURES = (
    ("Grizzly Bears", 2, 2, "Bear"),
    ("Hill Giant", 3, 3, "Giant"),
    ("Llanowar Elves", 1, 1, "Elf"),
    ("Serra Angel", 4, 4, "Angel"),
    ("Centaur Courser", 3, 3, "Centaur"),
)
PLAYERS = [{"name": "Alice"}, {"name": "Bob"}]


def _creature(rng: random.Random, controller: str = "Alice") -> dict[str, Any]:
    name, power, toughness, subtype = rng.choice(CREATURES)
    return {"name": name, "controller": controller, "types": ["Creature"], "subtypes": [subtype],
            "power": power, "toughness": toughness}


def creature_damage(rng: random.Random) -> dict:
    """704.5f–h: damage near toughness, -1/-1 counters, deathtouch, indestructible."""
    creature = _creature(rng)
    creature["damage"] = rng.randint(max(0, creature["toughness"] - 1), creature["toughness"])
    if rng.random() < 0.4:
        creature["counters"] = {"-1/-1": rng.randint(1, creature["toughness"])}
    if rng.random() < 0.3:
        creature["keywords"] = ["indestructible"]
    if rng.random() < 0.3:
        creature["deathtouch_damage"] = True
        creature["damage"] = 1
    return {"players": PLAYERS, "permanents": [creature]}


def players_lose(rng: random.Random) -> dict:
    """704.5a, 704.5c: life at or around 0, poison at or around 10."""
    return {"players": [{"name": "Alice", "life": rng.choice([-1, 0, 1, 3])},
                        {"name": "Bob", "poison": rng.choice([8, 9, 10, 11])}]}


def legend_rule(rng: random.Random) -> dict:
    """704.5j: two legendary permanents with the same name, one controller or two."""
    legend = {"name": "Isamaru, Hound of Konda", "supertypes": ["Legendary"], "types": ["Creature"],
              "subtypes": ["Dog"], "power": 2, "toughness": 2}
    second = "Alice" if rng.random() < 0.7 else "Bob"
    return {"players": PLAYERS, "permanents": [{**legend, "id": "isamaru-1", "controller": "Alice"},
                                               {**legend, "id": "isamaru-2", "controller": second}]}


def cancelling_counters(rng: random.Random) -> dict:
    """704.5q (and 704.5f when the -1/-1 counters win): +1/+1 and -1/-1 counters together."""
    creature = _creature(rng)
    creature["counters"] = {"+1/+1": rng.randint(1, 3), "-1/-1": rng.randint(1, 3)}
    return {"players": PLAYERS, "permanents": [creature]}


def connive(rng: random.Random) -> dict:
    """701.50a/d: connive N with lands and nonlands in hand and library."""
    cards = [{"name": "Island", "types": ["Land"]}, {"name": "Opt", "types": ["Instant"]},
             {"name": "Forest", "types": ["Land"]}, {"name": "Shock", "types": ["Instant"]}]
    rng.shuffle(cards)
    split = rng.randint(0, 3)
    creature = {**_creature(rng), "id": "conniver"}
    return {"players": [{"name": "Alice", "hand": cards[:split], "library": cards[split:]}, PLAYERS[1]],
            "permanents": [creature],
            "actions": [{"do": "connive", "permanent": "conniver", "n": rng.randint(1, 3)}]}


def convert(rng: random.Random) -> dict:
    """701.28a, c, d, f: convert a permanent that may or may not be able to."""
    permanent = {"id": "robot", "name": "Optimus Prime, Hero", "controller": "Alice", "supertypes": ["Legendary"],
                 "types": ["Artifact", "Creature"], "power": 4, "toughness": 8}
    shape = rng.choice(["double-faced", "double-faced", "single-faced", "can't transform"])
    if shape != "single-faced":
        permanent["other_face"] = {"name": "Optimus Prime, Autobot Leader", "types": ["Artifact"],
                                   "subtypes": ["Vehicle"], "power": 6, "toughness": 8}
    if shape == "can't transform":
        permanent["cant_transform"] = True
    return {"players": PLAYERS, "permanents": [permanent], "actions": [{"do": "convert", "permanent": "robot"}]}


def energy(rng: random.Random) -> dict:
    """107.14: get energy, a step ends, pay energy (maybe more than there is)."""
    have, get = rng.randint(0, 2), rng.randint(1, 2)
    return {"players": [{"name": "Alice", "energy": have}],
            "actions": [{"do": "get_energy", "player": "Alice", "amount": get}, {"do": "end_step"},
                        {"do": "pay_energy", "player": "Alice", "amount": rng.randint(max(1, have + get - 1), have + get + 1)}]}


def gift(rng: random.Random) -> dict:
    """702.174: a gift promised or not, on an instant or a permanent, resolving or countered.
    The cards are made up: real gift cards each have one kind of gift, and these vary it."""
    kind = rng.choice(["a Food", "a card", "a tapped Fish", "a Treasure", "an Octopus"])
    permanent = rng.random() < 0.5
    spell = {"id": "spell", "name": "Wrapped Present" if permanent else "Sudden Favour", "gift": kind,
             "types": ["Enchantment"] if permanent else ["Instant"]}
    cast: dict[str, Any] = {"do": "cast", "card": "spell"}
    if rng.random() < 0.75:
        cast["gift_to"] = "Bob"
    actions = [cast]
    if rng.random() < 0.3:
        actions.append({"do": "counter", "spell": "spell"})
    else:
        actions += [{"do": "resolve"}] * (2 if permanent and "gift_to" in cast else 1)
    return {"players": [{"name": "Alice", "hand": [spell]}, {"name": "Bob", "library": ["Plains"]}], "actions": actions}


COMBAT_KEYWORDS = ("first strike", "double strike", "deathtouch", "trample", "lifelink", "infect")


def combat(rng: random.Random) -> dict:
    """510, 702.7, 702.4, 702.19, 702.2, 702.15: one attacker, blocked or not, each side with a
    keyword or none, power near the other's toughness."""
    attacker = {**_creature(rng), "id": "attacker"}
    blocker = {**_creature(rng, "Bob"), "id": "blocker"}
    for creature in (attacker, blocker):
        if rng.random() < 0.7:
            creature["keywords"] = [rng.choice(COMBAT_KEYWORDS)]
    actions: list[dict[str, Any]] = [{"do": "attack", "attackers": {"attacker": "Bob"}}]
    if rng.random() < 0.8:
        actions.append({"do": "block", "blockers": {"blocker": "attacker"}})
    actions.append({"do": "combat_damage"})
    return {"players": PLAYERS, "permanents": [attacker, blocker], "actions": actions}


def destruction(rng: random.Random) -> dict:
    """701.8, 701.19, 702.89, 122.1c, 122.1h: a creature destroyed or dealt lethal damage,
    with what may replace its destruction or its trip to the graveyard."""
    creature = {**_creature(rng), "id": "victim"}
    shape = rng.choice(["regeneration", "umbra", "shield", "finality", "indestructible", "nothing"])
    permanents = [creature]
    if shape == "regeneration":
        creature["regeneration_shields"] = 1
    elif shape == "umbra":
        permanents.append({"name": "Hyena Umbra", "controller": "Alice", "types": ["Enchantment"], "subtypes": ["Aura"],
                           "enchant": "Creature", "keywords": ["umbra armor"], "attached_to": "victim"})
    elif shape in ("shield", "finality"):
        creature["counters"] = {shape: 1}
    elif shape == "indestructible":
        creature["keywords"] = ["indestructible"]
    if rng.random() < 0.5:
        return {"players": PLAYERS, "permanents": permanents, "actions": [{"do": "destroy", "permanent": "victim"}]}
    creature["damage"] = creature["toughness"]
    return {"players": PLAYERS, "permanents": permanents}


class BoardGenerator(NamedTuple):
    section: str  # the section its questions count under ("704")
    rules: tuple[str, ...]  # the rules its boards are about
    draw: Callable[[random.Random], dict]  # a fresh board, TOML-shaped


GENERATORS: dict[str, BoardGenerator] = {
    "creature-damage": BoardGenerator("704", ("704.5f", "704.5g", "704.5h"), creature_damage),
    "players-lose": BoardGenerator("704", ("704.5a", "704.5c"), players_lose),
    "legend-rule": BoardGenerator("704", ("704.5j",), legend_rule),
    "cancelling-counters": BoardGenerator("704", ("704.5q", "704.5f"), cancelling_counters),
    "connive": BoardGenerator("701", ("701.50a", "701.50d", "701.50f"), connive),
    "convert": BoardGenerator("701", ("701.28a", "701.28c", "701.28f"), convert),
    "energy": BoardGenerator("107", ("107.14",), energy),
    "gift": BoardGenerator("702", ("702.174b", "702.174c", "702.174k"), gift),
    "combat": BoardGenerator("510", ("510.1b", "510.1c", "510.1d", "510.4"), combat),
    "destruction": BoardGenerator("701", ("701.8a", "701.19a"), destruction),
}
