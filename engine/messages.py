"""The engine's sentences for people, as message keys with values, and their English.

An event's sentence is a `Text`: a key ("destroyed") and named values ({"name": "Grizzly
Bears", "reason": Text("lethal_damage")}), not a finished string, so that the study layer can
say it in the reader's language with its own catalogue of templates (`study.messages`). The
English templates are here, in `ENGLISH`, because the engine's own tests and `str(event)` read
English; a test holds every other catalogue to the same keys and placeholders.

Templates use `{value}` for a value and `{n|one|other}` for a word that agrees with the number
`n` ("{n} {n|card|cards}"). A value may be a nested `Text` (a reason), a `Word` (a game word
from a closed list, such as a counter kind or a zone, translated through a glossary), a list
(joined with commas), or a plain string or number, shown as is (card names, player names and
ids are not translated).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

AND = {"en": " and ", "es": " y ", "fr": " et "}  # how a list's last item is joined on
_PLACEHOLDER = re.compile(r"\{(\w+)(?:\|([^{}|]*)\|([^{}|]*))?\}")


@dataclass(frozen=True)
class Word:
    """A game word a glossary translates: `kind` is its list ("counter", "zone", "gift",
    "keyword", "sector", "type", "choice"), `value` the English word."""

    kind: str
    value: str

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class Text:
    """A sentence: a message key and its values (as a tuple of pairs, so it stays hashable)."""

    key: str
    values: tuple[tuple[str, Any], ...] = ()

    def __post_init__(self) -> None:
        if self.key not in ENGLISH:
            raise KeyError(f"no English template for message {self.key!r}")

    @property
    def params(self) -> dict[str, Any]:
        return dict(self.values)

    def english(self) -> str:
        return render(self, ENGLISH, ENGLISH_GLOSSARY, "en")

    def __str__(self) -> str:
        return self.english()


def say(key: str, **values: Any) -> Text:
    """`say("destroyed", name="Grizzly Bears", reason=say("lethal_damage"))`."""
    return Text(key, tuple(values.items()))


def energy_symbols(amount: int) -> str:
    """"{E}{E}" for 2; a long run of symbols is written with its number ("{E}×40")."""
    return "{E}" * amount if 0 <= amount <= 10 else f"{{E}}×{amount}"


def _one(lang: str, n: int) -> bool:
    """Does `n` take the singular? French counts 0 and 1 as singular; Spanish and English 1."""
    return n in (0, 1) if lang == "fr" else n == 1


def render(text: Text, templates: Mapping[str, str], glossary: Mapping[tuple[str, str], str], lang: str,
           fallback: Callable[[Text], str] | None = None) -> str:
    """`text` in the language of `templates`; a key missing there is rendered by `fallback`
    (English, by default)."""
    template = templates.get(text.key)
    if template is None:
        return fallback(text) if fallback else text.english()
    values = text.params

    def show(value: Any) -> str:
        if isinstance(value, Text):
            return render(value, templates, glossary, lang, fallback)
        if isinstance(value, Word):
            return glossary.get((value.kind, value.value), value.value)
        if isinstance(value, (list, tuple)):
            items = [show(item) for item in value]
            if len(items) < 2:
                return "".join(items)
            return ", ".join(items[:-1]) + AND.get(lang, AND["en"]) + items[-1]
        return str(value)

    def replace(match: re.Match) -> str:
        name, one, other = match.groups()
        if one is None:
            return show(values[name])
        return one if _one(lang, int(values[name])) else other

    return _PLACEHOLDER.sub(replace, template)


def placeholders(template: str) -> set[str]:
    """The value names a template uses (a catalogue must use the same ones)."""
    return {match.group(1) for match in _PLACEHOLDER.finditer(template)}


# English words that need an article or a preposition where messages use them; any other word is
# shown as it is.
ENGLISH_GLOSSARY: dict[tuple[str, str], str] = {
    **{("type", t): ("an " if t[0] in "AEIOU" else "a ") + t.lower()
       for t in ("Artifact", "Battle", "Creature", "Enchantment", "Instant", "Land", "Planeswalker", "Sorcery", "Permanent",
                 "Dungeon", "Kindred")},
    ("type", "Player"): "a player",
    ("copy", "spell"): "a spell",
    ("copy", "card"): "a card",
    ("zone", "graveyard"): "in the graveyard",
    ("zone", "battlefield"): "on the battlefield",
    ("zone", "stack"): "on the stack",
    ("zone", "hand"): "in a hand",
    ("zone", "library"): "in a library",
    ("zone", "exile"): "in exile",
    ("zone", "command"): "in the command zone",
}

# The English of every message. Keys are grouped by the module that says them.
ENGLISH: dict[str, str] = {
    # state: drawing, discarding, damage, counters, life, mana
    "draws": "{player} draws {card}",
    "draw_empty": "{player} attempts to draw from an empty library",
    "discards": "{player} discards {card}",
    "damage": "{source} deals {amount} damage to {recipient}",
    "infect_player": "{source} deals {amount} damage to {recipient}: {amount} poison {amount|counter|counters} (infect)",
    "wither_creature": "{source} deals {amount} damage to {recipient}: {amount} -1/-1 {amount|counter|counters} ({kind})",
    "prevented_shield": "damage to {recipient} is prevented and a shield counter is removed",
    "lifelink": "{player} gains {amount} life from {source} (lifelink)",
    "counters_put": "{count} {kind} {count|counter|counters} put on {name}",
    "counters_taken": "{count} {kind} {count|counter|counters} removed from {name}",
    "mana_empties": "{player}'s unspent mana empties",
    # zones
    "exiled": "{name} is exiled",
    "returned_to_hand": "{name} is returned to its owner's hand",
    "enters": "{name} enters the battlefield",
    "enters_with": "{name} enters with {count} {kind} {count|counter|counters}",
    "finality": "{name} is exiled instead of going to the graveyard (finality counter)",
    "destroyed": "{name} is destroyed: {reason}",
    "sacrificed": "{name} is sacrificed by {player}: {reason}",
    "put_into_graveyard": "{name} is put into its owner's graveyard: {reason}",
    "indestructible": "{name} isn't destroyed: it has indestructible",
    "regenerates": "{name} regenerates instead of being destroyed: {reason}",
    "umbra_armor": "{aura} is destroyed instead of {name}, and all damage is removed from {name} (umbra armor): {reason}",
    "shield_counter": "a shield counter is removed from {name} instead of it being destroyed: {reason}",
    "aura_stays": "{name} can't enter attached to anything legal and stays where it is",
    "token_stays": "{name} is a token that has left the battlefield: it stays where it is",
    "siege_ability": "{name} Siege ability",
    "by_effect": "by an effect",
    "protector_enters": "{player} chooses {protector} to protect {name} as it enters",
    "no_protector_enters": "{name} enters with no player able to protect it",
    # players leaving and the end of the game
    "loses": "{player} loses the game: {reason}",
    "leaves_objects": "{player} leaves the game: {count} {count|object|objects} owned by {player} leave the game",
    "control_returns": "{name} returns to {owner}'s control: {player} left the game",
    "exiled_left": "{name} is exiled: {player}, its controller, left the game",
    "ability_ceases": "{name} ceases to exist: {player}, its controller, left the game",
    "wins": "{player} wins the game",
    "reason_concedes": "concedes",
    "draw_game": "all remaining players lose at once: the game is a draw",
    # triggers
    "trigger_put": "{player} puts {name} on the stack",
    "ability_triggers": "{name} triggers",
    "ability_of": "{source}: {name}",
    "trigger_not_put": "{name} isn't put on the stack: {player}, its controller, left the game",
    "siege_triggers": "the last defense counter is removed from {name}: its Siege ability triggers",
    "siege_exiled": "{name} is exiled by its own ability",
    "siege_gone": "{name} is no longer on the battlefield, so it isn't exiled or cast",
    "cast_transformed": "{player} casts {name} transformed, without paying its mana cost",
    "not_cast_transformed": "{player} doesn't cast {name} transformed",
    "cannot_cast_transformed": "{name} has no back face: it can't be cast transformed",
    # state-based action reasons
    "reason_zero_life": "0 or less life",
    "reason_empty_library": "attempted to draw from an empty library",
    "reason_poison": "ten or more poison counters",
    "reason_token_zone": "a token {zone}",
    "reason_copy_zone": "a copy of {what} {zone}",
    "reason_zero_toughness": "toughness 0 or less",
    "lethal_damage": "lethal damage",
    "deathtouch_damage": "damage from a source with deathtouch",
    "reason_zero_loyalty": "0 loyalty",
    "reason_legend": "legend rule, {player} keeps {kept}",
    "reason_world": "world rule",
    "reason_world_tie": "world rule, tie for newest",
    "reason_aura_nothing": "not attached to anything",
    "reason_aura_itself": "attached to itself",
    "reason_aura_player": "it can't enchant a player ({player})",
    "reason_aura_left": "{player} has left the game",
    "reason_aura_gone": "what it enchanted is gone",
    "reason_aura_not": "{host} is not {type}",
    "reason_equip": "it can only be attached to {type}",
    "reason_attached_creature": "a battle or creature can't be attached",
    "reason_attached_other": "not an Aura, Equipment or Fortification",
    "reason_cancel": "+1/+1 and -1/-1 counters",
    "reason_limit": "it can't have more than {limit} {kind} {limit|counter|counters}",
    "reason_saga": "Saga past its final chapter",
    "reason_dungeon": "venture marker on the bottommost room",
    "reason_sector": "{player} chooses a sector",
    "reason_siege": "Siege with defense 0",
    "reason_battle": "battle with defense 0",
    "reason_no_protector": "no protector",
    "reason_no_protector_possible": "no protector, and no player can protect it",
    "reason_bad_protector": "{player} can't protect it",
    "reason_bad_protector_none": "{player} can't protect it, and no player can",
    "reason_role": "a newer Role ({newer}) from the same player",
    "reason_engines": "controls a permanent with start your engines!",
    # state-based action events
    "ceases": "{name} ceases to exist: {reason}",
    "unattached": "{name} becomes unattached: {reason}",
    "counters_removed": "{removed} removed from {name}: {reason}",
    "removed_counter_part": "{count} {kind} {count|counter|counters}",
    "removed_from_game": "{player} removes {name} from the game: {reason}",
    "protector_chosen": "{player} chooses {protector} to protect {name}: {reason}",
    "sector_chosen": "{player} puts {name} in the {sector} sector: {reason}",
    "sectors_end": ("{names} {count|loses its sector designation|lose their sector designations}: no "
                    "player controls a permanent with space sculptor"),
    "speed": "{player}'s speed becomes {speed}: {reason}",
    # the stack
    "cast": "{player} casts {name}",
    "countered": "{name} is countered",
    "gift_not_given": "the gift promised to {player} is not given",
    "resolves": "{name} resolves",
    "doesnt_resolve": "{name} doesn't resolve: all its targets are illegal",
    "copied": "{player} copies {name}",
    "token_copy": "{player} creates a token that's a copy of {name}",
    # sagas
    "lore_counters": "{count} lore {count|counter|counters} put on {name} ({total})",
    "chapter_triggers": "chapter {numeral} of {name} triggers",
    "chapter_name": "{name} chapter {numeral}",
    # convert
    "converts": "{before} converts to {after}",
    "doesnt_convert": "{name} doesn't convert: {reason}",
    "convert_not_permanent": "it is not a permanent",
    "convert_cant_transform": "it can't transform, so it can't convert",
    "convert_single_faced": "it isn't a double-faced card or token",
    "convert_instant_face": "its other face ({face}) is an instant or sorcery face",
    "convert_since_delayed": "it already converted or transformed since that delayed ability was created",
    "convert_since_ability": "it already converted or transformed since the ability was put on the stack",
    # connive
    "connive_counters": "{count} +1/+1 {count|counter|counters} on {name}: {count} nonland {count|card|cards} discarded",
    "connive_gone": "{name} is no longer on the battlefield: no +1/+1 counters",
    "connives": "{name} connives",
    # energy
    "gets_energy": "{player} gets {energy} ({total} in all)",
    "pays_energy": "{player} pays {energy} ({left} left)",
    "doesnt_pay_energy": "{player} doesn't pay {energy}",
    # gift
    "creates_token": "{player} creates {token}",
    "token_food": "a Food token",
    "token_treasure": "a Treasure token",
    "token_fish": "a tapped 1/1 blue Fish creature token",
    "token_octopus": "an 8/8 blue Octopus creature token",
    "extra_turn": "{player} will take an extra turn after this one",
    "gift_promised": "{player} promises {opponent} {gift} ({name})",
    "gives_gift": "{player} gives {opponent} {gift} ({name})",
    "gift_triggers": "{name} enters with its gift promised: its gift ability triggers",
    "gift_ability": "{name} gift",
    # combat
    "attacks": "{name} attacks {target}",
    "taps_to_attack": "{name} becomes tapped as it attacks",
    "blocks": "{name} blocks {attacker}",
    "unblocked": "{name} is unblocked",
    "first_strike_step": "the first-strike combat damage step: only creatures with first strike or double strike deal damage",
    "second_step": "the second combat damage step",
    "assigns": "{name} assigns {amount} combat damage to {recipient}",
    "no_combat_damage": "{name} deals no combat damage: {reason}",
    "reason_no_power": "its power is 0 or less",
    "reason_not_attacking_anything": "it isn't attacking anything any more",
    "reason_no_blockers": "it is blocked, and no creature blocks it any more",
    "reason_not_blocking": "it isn't blocking a creature any more",
    "reason_player_left": "the player it attacks has left the game",
    "combat_ends": "combat ends: every creature is removed from combat",
    "cleanup": "damage wears off: {count} {count|permanent|permanents} lose their marked damage",
    "shields_end": "{count} regeneration {count|shield ends|shields end} with the turn, unused",
    # why the engine refuses something (IllegalAction)
    "illegal_game_over": "the game is over",
    "illegal_not_in_hand": "{name} is not in a hand",
    "illegal_not_on_stack": "{name} is not on the stack",
    "illegal_stack_empty": "the stack is empty",
    "illegal_target": "{target} is not a legal target for {name} (601.2c)",
    "illegal_aura_needs_target": "{name} is an Aura spell: it needs a target (303.4a)",
    "illegal_not_permanent": "{name} is not on the battlefield",
    "illegal_gone": "{id} no longer exists",
    "illegal_not_player": "{player} is not in the game",
    "illegal_not_in_hand_of": "{cards} not in {player}'s hand",
    "illegal_damage_recipient": "{name} can't be dealt damage: only players, creatures, planeswalkers and battles "
                                "on the battlefield can (120.1)",
    "illegal_not_mana": "{symbol} is not a type of mana ({symbols}); energy is not mana",
    "illegal_energy": "{player} can't pay {energy}: has only {have} energy",
    "illegal_no_gift": "{name} has no gift ability (gift kinds: {kinds})",
    "illegal_gift_twice": "the gift of {name} was already promised to {player}; a gift cost can't be paid twice",
    "illegal_gift_opponent": "{opponent} is not an opponent of {player}; a gift is promised to an opponent",
    "illegal_gift_targets": "{name}: the targets for its gift effect are chosen only if the gift was promised",
    "illegal_no_gift_promised": "{name} has no gift promised to anyone",
    "illegal_connive_nobody": "no player in the game controls the remaining conniving permanents",
    "illegal_not_active": "{name} isn't controlled by the active player ({player}), who alone attacks (508.1a)",
    "illegal_not_creature": "{name} is not a creature",
    "illegal_tapped": "{name} is tapped and can't {what}",
    "illegal_battle_attacks": "{name} is a battle and can't {what}",
    "illegal_sick": "{name} hasn't been under {player}'s control since the turn began and has no haste (302.6)",
    "illegal_attack_target": "{name} can't attack {target}: only an opponent, a planeswalker an opponent controls, "
                             "or a battle an opponent protects (506.2, 508.1b)",
    "illegal_attack_protector": "{name} can't attack {target}: a battle's protector can't attack it (310.9b)",
    "illegal_already_attacking": "attackers were already declared",
    "illegal_not_attacking": "{name} is not an attacking creature",
    "illegal_blocker_player": "{name} can't block {attacker}: only the player it attacks, or who controls or protects "
                              "what it attacks, can block it (509.1a)",
    "illegal_flying": "{attacker} has flying: {name} has neither flying nor reach (702.9b)",
    "illegal_menace": "{attacker} has menace: it can't be blocked except by two or more creatures (702.111b)",
    "illegal_already_blocking": "blockers were already declared",
    "illegal_no_attackers": "no creature is attacking",
    "illegal_assignment_recipient": "{name} can't assign combat damage to {recipient} (510.1c)",
    "illegal_assignment_total": "{name} must assign exactly {power} combat damage, not {total} (510.1a)",
    "illegal_assignment_trample": "{name} can assign damage to {recipient} only once every creature blocking it "
                                  "is assigned lethal damage (702.19b)",
    "illegal_choice": "the choice {choice} for {what} is not one of {options}",
    "what_attack": "attack",
    "what_block": "block",
}
