"""The judge's and the quiz's words in Spanish and French, from the gettext catalogs: every
engine message and every command string in each language, with the same placeholders, and every
game word the engine puts in a message among the words the catalogs translate; and every choice
the engine asks can be written down."""

from __future__ import annotations

import inspect
import re

import pytest
from conftest import REPO

from mtgrules.engine.choices import REPLACEMENTS, SECTORS, Chooser
from mtgrules.engine.messages import ENGLISH, Word, placeholders, say
from mtgrules.engine.state import KEYWORDS, ZONES, CopyOf, Gift
from mtgrules.i18n import CATALOGS, translation
from mtgrules.study.checks import CARD_TYPES, COUNTER_KINDS, ENCHANT
from mtgrules.study.judging import CHOICE_KEYS, ScenarioChooser
from mtgrules.study.messages import GAME_WORDS, UI, event_text, game_word, ui
from mtgrules.study.scenario import CHOICE_REFERENCES, CHOICES


@pytest.mark.parametrize("lang", CATALOGS)
def test_every_engine_message_has_a_template_with_the_same_values(lang):
    catalog = translation(lang)
    assert [key for key in ENGLISH if placeholders(ENGLISH[key]) != placeholders(catalog.gettext(ENGLISH[key]))] == []


@pytest.mark.parametrize("lang", CATALOGS)
def test_every_command_string_has_the_same_values_in_each_language(lang):
    for key, message in UI.items():
        translated = translation(lang).gettext(message)
        assert set(re.findall(r"\{(\w+)\}", translated)) == set(re.findall(r"\{(\w+)\}", message)), key


def test_every_message_key_is_said_somewhere():
    """No template for nothing: each key of the catalogue is said by the engine or the study layer."""
    code = "".join(path.read_text(encoding="utf-8") for folder in ("engine", "study") for path in (REPO / folder).glob("*.py")
                   if path.name != "messages.py")
    unsaid = [key for key in ENGLISH if f'"{key}"' not in code]
    assert unsaid == []


@pytest.mark.parametrize("lang", CATALOGS)
def test_every_game_word_a_message_can_hold_is_translated(lang):
    words = ([("zone", str(z)) for z in ZONES] + [("copy", str(c)) for c in CopyOf] + [("gift", str(g)) for g in Gift]
             + [("sector", s) for s in SECTORS] + [("choice", r) for r in REPLACEMENTS] + [("choice", "trigger order")]
             + [("type", t) for t in ENCHANT] + [("typename", t) for t in CARD_TYPES]
             + [("counter", k) for k in COUNTER_KINDS]
             + [("keyword", k) for k in KEYWORDS if k not in ("space sculptor", "start your engines!")])
    assert [word for word in words if word[1] not in GAME_WORDS[word[0]]] == []
    same = {"beta", "gamma", "indestructible", "menace", "vigilance", "Planeswalker", "alpha"}
    assert [word for word in words if game_word(*word, lang) == word[1] and word[1] not in same] == []


def test_a_message_in_each_language():
    text = say("counters_put", count=2, kind=Word("counter", "loyalty"), name="Jace")
    assert [event_text(text, lang) for lang in ("en", "es", "fr", "zh")] == [
        "2 loyalty counters put on Jace", "se ponen 2 contadores de lealtad sobre Jace",
        "2 marqueurs « loyauté » sont mis sur Jace", "2 loyalty counters put on Jace"]
    one = say("counters_put", count=1, kind="+1/+1", name="Bears")
    assert event_text(one, "es") == "se pone 1 contador +1/+1 sobre Bears" and event_text(one, "fr") == "1 marqueur +1/+1 est mis sur Bears"
    assert ui("wrong", "fr", answer="2") == "faux — la réponse est 2" and ui("wrong", "it", answer="2") == "wrong — the answer is 2"


def test_every_choice_the_engine_asks_can_be_written_in_a_scenario():
    """Each `Chooser` method is answered by the scenario's chooser from one [choices] key."""
    asked = {name for name, _ in inspect.getmembers(Chooser, inspect.isfunction)}
    answered = {name for name in asked if name in ScenarioChooser.__dict__}
    assert asked == answered == set(CHOICE_KEYS)
    assert set(CHOICE_KEYS.values()) == set(CHOICES) == set(CHOICE_REFERENCES)
