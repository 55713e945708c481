"""The printed forms of an infinitive (`align.verb_forms`): what query translation looks up
when the stemmer gives an infinitive another key than the forms card text prints."""

from mtgrules.align import phrases
from mtgrules.align.verb_forms import forms


def test_french_verbs_of_the_third_group_reach_their_present_and_imperative():
    assert {"bat", "battez"} <= set(forms("battre", "fr"))
    assert {"met", "mettez", "mis"} <= set(forms("mettre", "fr"))
    assert {"prend", "prenez", "pris"} <= set(forms("prendre", "fr"))
    assert {"detruit", "detruisez"} <= set(forms("detruire", "fr"))
    assert {"recoit", "recevez"} <= set(forms("recevoir", "fr"))
    assert {"choisit", "choisissez"} <= set(forms("choisir", "fr"))
    assert {"devient", "devenez"} <= set(forms("devenir", "fr"))
    # The stemmer is why: the infinitive's key is not the printed form's.
    assert phrases.word_key("battre", "fr") != phrases.word_key("bat", "fr")


def test_a_pattern_makes_the_forms_of_its_verbs_only():
    # "sortir" would give "sort" (a spell) by a "-tir" pattern: French has none.
    assert "sort" not in forms("sortir", "fr")
    assert "bais" not in forms("battre", "fr") and "prendez" not in forms("prendre", "fr")
    assert forms("ir", "fr") == [] and forms("criatura", "es") == [] and forms("bat", "fr") == []
    assert forms("battre", "zh") == []


def test_spanish_stems_change_their_vowel_in_the_stressed_forms_only():
    assert {"mueve", "devuelve", "elige", "juega", "sigue"} <= {
        form for verb in ("mover", "devolver", "elegir", "jugar", "seguir") for form in forms(verb, "es")}
    assert "muevido" not in forms("mover", "es") and "siguye" not in forms("seguir", "es")
    assert {"pon", "puesto"} <= set(forms("poner", "es")) and "destruye" in forms("destruir", "es")


def test_only_jugar_changes_its_u():
    # "lugar" is a noun ("en lugar de": instead of), never a verb printed "luega" or "luego".
    assert not {"luega", "luego", "luegue"} & set(forms("lugar", "es"))
    assert {"juega", "juegan", "jugado"} <= set(forms("jugar", "es"))
