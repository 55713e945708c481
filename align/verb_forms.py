"""The forms card text prints of a verb a person types in the infinitive, per language.

Card text says what a player does in the present and the imperative ("se bat", "mettez",
"destruye", "pon"); a judge asks with the infinitive ("se battre avec une autre créature",
"poner en el campo de batalla"). The Snowball stemmers reach the printed forms of regular verbs
("robar" and "roba" are both "rob") but not those whose stem changes: French "battre" stems to
"battr" and "bat" to "bat", "prendre" to "prendr" and "prend" to "prend", "détruire" to
"detruir" and "détruit" to "detruit"; Spanish "elegir" is "eleg" and "elige" "elig", "devolver"
"devolv" and "devuelve" "devuelv", "poner" "pon" but "puesto" "puest". So the lexicon, which
learned the printed forms, had no pair for the infinitive.

`forms(infinitive, lang)` gives the printed forms of a verb by the language's conjugation
patterns: the infinitive's ending (the longest in `_PATTERNS` that it ends with) is replaced by
each of the pattern's endings (the third person of the present, the imperative, the past
participle), and Spanish verbs whose stem vowel changes ("mover" → "mueve", "pedir" → "pide")
also get the changed stem. Folded spellings in and out (`mtgrules.text.fold`: no accents, "ñ"
as "n"). A pattern lists the forms of its verbs, not every form a rule could make: "-tir" is left
out of French, since "sortir" would give "sort", a spell. Query translation
(`index.translate`) looks each form's key up in the lexicon and takes a pair only when the pair
was learned from one of these forms, or from a spelling that is the same word (`_same_word`).
"""

from __future__ import annotations

# Infinitive ending -> the endings of the printed forms that replace it. Longest ending first
# wins, one pattern per verb ("prendre" is not read as "-dre": "prend", "prenez", "pris").
_PATTERNS: dict[str, dict[str, tuple[str, ...]]] = {
    "fr": {
        "er": ("e", "es", "ent", "ez", "ons", "ee", "ees"),
        "eter": ("ette", "ettent", "etez", "ete"),
        "eler": ("elle", "ellent", "elez", "ele"),
        "yer": ("ie", "ient", "yez", "ye"),
        "ir": ("it", "is", "issez", "issent", "i", "ie"),
        "enir": ("ient", "enez", "iennent", "enu", "enue"),
        "vrir": ("vre", "vrez", "vrent", "vert", "verte"),
        "frir": ("fre", "frez", "frent", "fert", "ferte"),
        "ttre": ("t", "ttez", "ttent", "ttu", "ttue"),
        "mettre": ("met", "mettez", "mettent", "mis", "mise"),
        "dre": ("d", "dez", "dent", "du", "due"),
        "prendre": ("prend", "prenez", "prennent", "pris", "prise"),
        "soudre": ("sout", "solvez", "solvent", "solu", "solue"),
        "indre": ("int", "ignez", "ignent", "inte"),
        "ompre": ("ompt", "ompez", "ompent", "ompu", "ompue"),
        "uire": ("uit", "uisez", "uisent", "uite"),
        "ire": ("it", "isez", "isent", "ivez", "ivent", "ite"),
        "aitre": ("ait", "aissez", "aissent", "u", "ue"),
        "ivre": ("it", "ivez", "ivent", "ivi", "ivie"),
        "aire": ("ait", "aites", "ont", "aite"),
        "evoir": ("oit", "evez", "oivent", "u", "ue"),
        "ouvoir": ("eut", "ouvez", "euvent", "u"),
        "voir": ("voit", "voyez", "voient", "vu", "vue"),
    },
    "es": {
        "ar": ("a", "as", "an", "e", "en", "ado", "ada", "ados", "adas", "ando"),
        "er": ("e", "es", "en", "a", "an", "ido", "ida", "idos", "idas", "iendo"),
        "ir": ("e", "es", "en", "a", "an", "ido", "ida", "idos", "idas", "iendo"),
        "guir": ("gue", "gues", "guen", "ga", "gan", "guido", "guida"),
        "uir": ("uye", "uyes", "uyen", "uya", "uyan", "uido", "uida", "uyendo"),
        "poner": ("pon", "pone", "ponen", "ponga", "pongan", "puesto", "puesta"),
        "tener": ("ten", "tiene", "tienen", "tenga", "tengan", "tenido"),
        "hacer": ("haz", "hace", "hacen", "haga", "hagan", "hecho", "hecha"),
        "venir": ("ven", "viene", "vienen", "venga", "vengan", "venido"),
        "decir": ("di", "dice", "dicen", "diga", "digan", "dicho"),
        "salir": ("sal", "sale", "salen", "salga", "salgan", "salido"),
        "jugar": ("juega", "juegan", "juegue", "jueguen", "jugado", "jugada", "jugando"),
    },
    "pt": {
        "ar": ("a", "am", "e", "em", "ado", "ada", "ando"),
        "er": ("e", "em", "a", "am", "ido", "ida", "endo"),
        "ir": ("e", "em", "a", "am", "ido", "ida", "indo"),
    },
    "it": {
        "are": ("a", "ano", "i", "ato", "ata", "ando"),
        "ere": ("e", "ono", "i", "a", "uto", "uta", "endo"),
        "ire": ("e", "ono", "isce", "iscono", "isci", "i", "ito", "ita", "endo"),
    },
}
# Spanish stems whose last vowel changes in the present's stressed forms ("mover" → "mueve",
# "perder" → "pierde", "pedir" → "pide"), by the infinitive's ending, and the endings of those
# forms. "jugar" → "juega" is the one verb whose "u" changes: a pattern of its own, since "u" →
# "ue" for every "-ar" made "lugar" (place, in "en lugar de": instead of) a verb printed "luego"
# (then).
_STRESSED = ("a", "as", "an", "e", "es", "en")
_Changes = tuple[dict[str, tuple[str, ...]], tuple[str, ...]]  # vowel -> changed, the forms' endings
_VOWEL_CHANGES: dict[str, dict[str, _Changes]] = {
    "es": {"ar": ({"e": ("ie",), "o": ("ue",)}, _STRESSED),
           "er": ({"e": ("ie",), "o": ("ue",)}, _STRESSED),
           "ir": ({"e": ("ie", "i"), "o": ("ue",)}, _STRESSED),
           "guir": ({"e": ("i",)}, ("gue", "gues", "guen", "ga", "gan"))},
}
_VOWELS = "aeiou"


def forms(infinitive: str, lang: str) -> list[str]:
    """The printed forms of the verb whose folded infinitive is `infinitive` (module
    docstring), without repeats; [] for a word that ends as no pattern of `lang` does."""
    patterns = _PATTERNS.get(lang)
    if not patterns:
        return []
    # An ending of a whole verb ("prendre", "poner") may be all of it; a bare inflection needs
    # a stem of two letters ("ir" is no verb of French).
    ending = max((end for end in patterns if infinitive.endswith(end)
                  and len(infinitive) - len(end) >= (0 if len(end) > 3 else 2)), key=len, default=None)
    if ending is None:
        return []
    stem = infinitive[: -len(ending)]
    found = [stem + tail for tail in patterns[ending]]
    changes, tails = _VOWEL_CHANGES.get(lang, {}).get(ending) or ({}, ())
    found += [changed + tail for changed in _changed_stems(stem, changes) for tail in tails]
    return list(dict.fromkeys(found))


def _changed_stems(stem: str, changes: dict[str, tuple[str, ...]]) -> list[str]:
    """`stem` with its last vowel changed as `changes` says (the "u" of "gu" and "qu" is no
    vowel: "seguir" → "sigue", "conseguir" → "consigue")."""
    if not changes:
        return []
    position = len(stem) - 1
    while position >= 0:
        char = stem[position]
        silent = char == "u" and position > 0 and stem[position - 1] in "gq"
        if char in _VOWELS and not silent:
            break
        position -= 1
    if position <= 0:
        return []
    return [stem[:position] + changed + stem[position + 1 :] for changed in changes.get(stem[position], ())]
