"""The judge's and the quiz's words in the person's language, through the gettext catalogs:
the engine's event sentences (`event_text`: each English template of
`mtgrules.engine.messages.ENGLISH` is a message of the catalogs, translated in the template
syntax of the engine, `{n|one|other}` for a word that agrees with a number), the game words they
hold (`GAME_WORDS`: counter kinds, zones, gifts, keywords…, each a message whose context is its
kind: "graveyard" as a zone is "en el cementerio"), and the words of the commands themselves
(`ui`).

Terms are the ones printed on Spanish and French cards and used in the translated rules
("toque mortal" / "contact mortel", "contador de lealtad" / "marqueur « loyauté »", "cementerio"
/ "cimetière"). A language without a catalog gets English.

The engine imports nothing of ours, so no `N_()` marks its templates where they are written:
`catalog_messages()` lists them, and the game words, for `.ci/catalogs` to extract beside the
marked messages (tests/test_i18n.py holds the catalogs to them).

The names a scenario file may write in Spanish and French (`do = "atacar"`, `keywords = ["toque
mortal"]`) are read here too: the actions by their own table, the keywords through the
catalogs' game words.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from mtgrules.engine.messages import ENGLISH, ENGLISH_GLOSSARY, Text, render
from mtgrules.i18n import CATALOGS, N_, interface_language, translation

LANGS = ("en", *CATALOGS)  # the languages the judge's and the quiz's words are written in

# The English of each game word a message may hold, by kind; each is the message (its context,
# the kind) the catalogs translate. A type line's supertypes are its type names' words.
GAME_WORDS: dict[str, tuple[str, ...]] = {
    "type": ("Artifact", "Battle", "Creature", "Enchantment", "Instant", "Land", "Planeswalker", "Sorcery", "Permanent", "Dungeon",
             "Kindred", "Player"),
    "counter": ("loyalty", "defense", "lore", "shield", "finality", "charge", "time", "age", "fade", "level", "oil", "quest", "verse",
                "ice", "deathtouch", "double strike", "first strike", "flying", "haste", "indestructible", "lifelink", "menace",
                "reach", "trample", "vigilance"),
    "keyword": ("deathtouch", "double strike", "first strike", "flying", "haste", "indestructible", "infect", "lifelink", "menace",
                "reach", "trample", "umbra armor", "vigilance", "wither"),
    "typename": ("Artifact", "Battle", "Creature", "Enchantment", "Instant", "Land", "Planeswalker", "Sorcery", "Dungeon", "Kindred",
                 "Permanent", "Player", "Basic", "Legendary", "Ongoing", "Snow", "World"),
    "zone": ("graveyard", "hand", "library", "exile", "stack", "command", "battlefield"),
    "copy": ("spell", "card"),
    "gift": ("a Food", "a card", "a tapped Fish", "an extra turn", "a Treasure", "an Octopus"),
    "sector": ("alpha", "beta", "gamma"),
    "choice": ("regeneration", "umbra armor", "shield counter", "trigger order"),
}

_CONTEXTS = {"supertype": "typename"}
_GAME_WORDS = {(kind, word) for kind, words in GAME_WORDS.items() for word in words}


def catalog_messages() -> Iterator[tuple[str | None, str]]:
    """(context, message) of each message the catalogs carry that no `N_()` marks in the code:
    the engine's templates, then the game words as English shows them."""
    for template in ENGLISH.values():
        yield None, template
    for kind, words in GAME_WORDS.items():
        for word in words:
            yield kind, ENGLISH_GLOSSARY.get((kind, word), word)


class _Templates(Mapping[str, str]):
    """The engine's templates in one language, by message key, from its catalog."""

    def __init__(self, lang: str) -> None:
        self.catalog = translation(lang)

    def __getitem__(self, key: str) -> str:
        return self.catalog.gettext(ENGLISH[key])

    def __iter__(self) -> Iterator[str]:
        return iter(ENGLISH)

    def __len__(self) -> int:
        return len(ENGLISH)


class _Glossary(Mapping[tuple[str, str], str]):
    """The game words in one language, by (kind, English word), from its catalog."""

    def __init__(self, lang: str) -> None:
        self.catalog = translation(lang)

    def __getitem__(self, key: tuple[str, str]) -> str:
        kind, word = _CONTEXTS.get(key[0], key[0]), key[1]
        if (kind, word) not in _GAME_WORDS:
            raise KeyError(key)
        return self.catalog.pgettext(kind, ENGLISH_GLOSSARY.get((kind, word), word))

    def __iter__(self) -> Iterator[tuple[str, str]]:
        return iter(_GAME_WORDS)

    def __len__(self) -> int:
        return len(_GAME_WORDS)


# The commands' own words: the judge's steps and board, `--check`, the quiz's session.
UI: dict[str, str] = {
    "board_as_given": N_("The board as given (state-based actions):"),
    "nothing_happens": N_("nothing happens"),
    "illegal": N_("illegal: {why} (nothing changes)"),
    "labelled": N_("{label}: {value}"),
    "board_at_end": N_("The board at the end:"),
    "life": N_("{n} life"),
    "poison": N_("{n} poison"),
    "energy": N_("{n} energy"),
    "speed": N_("speed {n}"),
    "active": N_("active player"),
    "lost": N_("lost the game"),
    "won": N_("won the game"),
    "drawn": N_("the game is a draw"),
    "zone_library": N_("library (top first)"),
    "zone_hand": N_("hand"),
    "zone_graveyard": N_("graveyard"),
    "zone_exile": N_("exile"),
    "zone_command": N_("command zone"),
    "battlefield": N_("Battlefield (in the order they entered):"),
    "stack": N_("Stack (top last):"),
    "controlled_by": N_("controlled by {player}"),
    "tapped": N_("tapped"),
    "token": N_("token"),
    "damage": N_("damage {n}"),
    "counters": N_("counters {list}"),
    "attached_to": N_("attached to {x}"),
    "attacking": N_("attacking {x}"),
    "blocking": N_("blocking {x}"),
    "protector": N_("protector {x}"),
    "sector": N_("sector {x}"),
    "then": N_("Then:"),
    # the details of a card as the quiz shows a board
    "card_loyalty": N_("loyalty {x}"),
    "card_defense": N_("defense {x}"),
    "card_damage": N_("damage {x}"),
    "card_attached_to": N_("attached to {x}"),
    "card_enchant": N_("enchant {x}"),
    "card_gift": N_("gift {x}"),
    "card_chapters": N_("chapters {x}"),
    "card_protector": N_("protector {x}"),
    "card_attacking": N_("attacking {x}"),
    "card_blocking": N_("blocking {x}"),
    "card_sector": N_("sector {x}"),
    "card_copy": N_("a copy of {x}"),
    "card_regeneration_shields": N_("regeneration shields {x}"),
    "card_tapped": N_("tapped"),
    "card_token": N_("token"),
    "card_summoning_sick": N_("came under its controller's control this turn"),
    "card_dealt_deathtouch_damage": N_("dealt deathtouch damage"),
    "card_cant_transform": N_("can't transform"),
    "card_back_up": N_("back face up"),
    "card_counter_limits": N_("can't have more than {x}"),
    "card_other_face": N_("other face: {x}"),
    "choices": N_("Choices: {list}"),
    # judge --check
    "agrees": N_("the engine agrees ({n} expectations)"),
    "disagrees": N_("the engine disagrees:"),
    "check_summary": N_("{n} scenarios: {ok} agree, {bad} disagree"),
    # quiz
    "question": N_("Question {i}/{n}"),
    "instructions": N_("Answer with a rule number or a choice number; q stops; Ctrl-C saves and stops."),
    "correct": N_("correct"),
    "wrong": N_("wrong — the answer is {answer}"),
    "reask_choice": N_("Answer with a number from 1 to {n} (or q to stop)."),
    "reask_number": N_("Answer with a rule number such as 704.5g (or q to stop)."),
    "nothing": N_("Nothing happens."),
    "illegal_step": N_("illegal (step {i}): {why}"),
}


def event_text(text: Text, lang: str) -> str:
    """An engine message in `lang` (English for a language without a catalog)."""
    if lang not in CATALOGS:
        return text.english()
    return render(text, _Templates(lang), _Glossary(lang), lang)


def game_word(kind: str, word: str, lang: str) -> str:
    """A game word (a counter kind, a keyword…) as `lang` writes it; the word as it is when it
    is none of `GAME_WORDS`."""
    return _Glossary(lang).get((kind, word), word) if lang in CATALOGS else word


def ui(key: str, lang: str, **values: Any) -> str:
    """One of the commands' own strings in `lang` (English for a language without a catalog)."""
    return translation(lang).gettext(UI[key]).format(**values)


def words_lang(lang: str) -> str:
    """The language of the words around a question: the person's
    (`mtgrules.i18n.interface_language`) when it has a catalog, else `lang`, the language of
    the rules asked about (an English reader studying Spanish reads Spanish prompts; a French
    one studying English rules, French prompts)."""
    person = interface_language()
    return person if person in CATALOGS else lang


# The scenario files' action names in Spanish and French (`do = "atacar"`), as a judge would
# write them: the verb of the rules and cards, with or without accents.
ACTION_NAMES = {
    "es": {"confabular": "connive", "convertir": "convert", "obtener_energia": "get_energy", "pagar_energia": "pay_energy",
           "puede_pagar_energia": "may_pay_energy", "lanzar": "cast", "contrarrestar": "counter", "resolver": "resolve",
           "copiar_hechizo": "copy_spell", "copia_ficha": "token_copy", "disparar": "trigger", "dano": "damage",
           "hacer_dano": "damage", "robar": "draw", "contadores": "counters", "poner_contadores": "counters",
           "quitar_contadores": "remove_counters", "saga": "lore", "capitulo": "lore", "destruir": "destroy",
           "sacrificar": "sacrifice", "exiliar": "exile", "regresar_a_la_mano": "return_to_hand", "parpadeo": "flicker",
           "poner_en_el_campo_de_batalla": "put_onto_battlefield", "atacar": "attack", "bloquear": "block",
           "dano_de_combate": "combat_damage", "fin_del_combate": "end_combat", "limpieza": "cleanup",
           "paso_final": "end_step", "conceder": "concede"},
    "fr": {"conniver": "connive", "convertir": "convert", "obtenir_energie": "get_energy", "payer_energie": "pay_energy",
           "peut_payer_energie": "may_pay_energy", "lancer": "cast", "contrecarrer": "counter", "resoudre": "resolve",
           "copier_sort": "copy_spell", "copie_jeton": "token_copy", "declencher": "trigger", "blessures": "damage",
           "infliger_blessures": "damage", "piocher": "draw", "marqueurs": "counters", "mettre_marqueurs": "counters",
           "retirer_marqueurs": "remove_counters", "saga": "lore", "chapitre": "lore", "detruire": "destroy",
           "sacrifier": "sacrifice", "exiler": "exile", "renvoyer_en_main": "return_to_hand", "clignoter": "flicker",
           "mettre_sur_le_champ_de_bataille": "put_onto_battlefield", "attaquer": "attack", "bloquer": "block",
           "blessures_de_combat": "combat_damage", "fin_du_combat": "end_combat", "nettoyage": "cleanup",
           "etape_de_fin": "end_step", "conceder": "concede"},
}


def english_keyword(name: str) -> str | None:
    """The engine's keyword for a Spanish or French name as cards print it (and its infinitive
    where the card prints a verb: "toque mortal", "vuela", "volar", "piétinement"), compared
    without case or accents; None when it is none."""
    from mtgrules.text import fold

    wanted = " ".join(fold(name).split())
    for lang in CATALOGS:
        for english in GAME_WORDS["keyword"]:
            if fold(game_word("keyword", english, lang)) == wanted:
                return english
    return _INFINITIVES.get(wanted)


def english_action(name: str) -> str | None:
    """The scenario action a Spanish or French name stands for (`atacar`, `détruire`,
    `hacer daño`), compared without case or accents, spaces as underscores; None when none."""
    from mtgrules.text import fold

    wanted = "_".join(fold(name).replace("-", " ").split())
    for lang in ACTION_NAMES:
        if wanted in ACTION_NAMES[lang]:
            return ACTION_NAMES[lang][wanted]
    return None


# Keywords a judge says as a verb where cards print its third person ("vuela", "arrolla").
_INFINITIVES = {"volar": "flying", "arrollar": "trample", "infectar": "infect", "marchitar": "wither",
                "voler": "flying", "pietiner": "trample", "fletrir": "wither"}
