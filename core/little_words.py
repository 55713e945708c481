"""The little words of each language: what never makes a match, a translation or a marked word
on its own.

Two lists per language, both lowercased as written (accents kept: "à" is French for "to",
"a" is not always Spanish for anything):

- `STOPWORDS`: articles, prepositions, pronouns, conjunctions. Learning phrase pairs uses them
  (`mtgrules.align.phrases`): they may sit inside a phrase ("campo de batalla") but never
  start or end one. A query word that is one of them carries no meaning of its own: "de",
  "la", "des", "una" matched on their own filled pages with records that shared nothing else
  with the query (issue 21).
- `QUESTION_WORDS`: how a judge asks ("¿cuándo…?", "qu'arrive-t-il si…", "wann…",
  "o que acontece…"): interrogatives and the verbs of "what happens", plus the first person of
  the question ("puedo", "je", "ich"). They are content in card text ("when" begins a trigger),
  so learning keeps them; a query weighs them as nothing.

`is_little(word, lang)` is what a query asks: either list, or the English lists (a judge
writes "the stack" or "trample" inside a Spanish question).
"""

from __future__ import annotations

STOPWORDS: dict[str, frozenset[str]] = {
    lang: frozenset(words.split())
    for lang, words in {
        "en": "a an the of to in on at by for from with and or as is are be been was it its that this these those "
        "which who whom you your yours s their they them he she his her",
        "es": "a al ante con de del desde e el en entre la las le les lo los o para por que se su sus u un una unos "
        "unas y ya ese esa eso este esta esto esos esas estos estas tu tus te mi mis cual cuales es son ha han como no contra sobre tras",
        "fr": "a à au aux ce ces cet cette c d de des du en et l la le les leur leurs n ne ou par pour qu que qui s se "
        "sa ses son sur un une y vous votre vos il elle ils elles on est sont comme pas je me te avec contre dans vers entre chez",
        "de": "der die das den dem des ein eine einen einem einer eines und oder zu zum zur im in an auf von vom mit für "
        "aus bei du dein deine deinen deinem deiner ihr ihre es er sie ist",
        "it": "il lo la i gli le un uno una di del della dello dei degli delle da dal dalla in nel nella con su sul "
        "sulla per e o che a al alla ai agli alle tu tuo tua ti l d un ci vi ne",
        "pt": "o a os as um uma de do da dos das em no na nos nas por pelo pela para com e ou que ao aos à você seu sua "
        "seus suas se",
        "ru": "в на и с со по к у о об из от до за для а но или же ли то это вы ваш ваша ваше ваши он она оно они его её их",
    }.items()
}

QUESTION_WORDS: dict[str, frozenset[str]] = {
    lang: frozenset(words.split())
    for lang, words in {
        "en": "what when whenever how where who why which does do did can could i my happens happen if",
        "es": "qué que cuándo cuando cómo como dónde donde quién quiénes cuál cuáles cuánto cuánta cuántos cuántas "
        "por porqué pasa ocurre sucede puedo yo mi hay si",
        "fr": "que qu quoi quand comment où qui quel quelle quels quelles pourquoi combien arrive arrive-t-il passe "
        "t il est-ce ce je j ai puis peut-on si se",
        "de": "was wann wie wo wer warum welche welcher welches passiert geschieht ich kann man wenn",
        "it": "che cosa quando come dove chi quale quali perché succede accade io posso può possono se",
        "pt": "o que quando como onde quem qual quais porque acontece eu posso pode podem se",
    }.items()
}

# The function words of English, Spanish and French: frequent, short, almost never shared
# between the three. The page parsers tell a Spanish page from a French one by them
# (`mtgrules.parsers.language`), and query translation counts them twice (`index.translate`).
FUNCTION_WORDS: dict[str, set[str]] = {
    "en": set(
        """
        the a an of to and or is are was be been it its this that these those with for from by as at
        on in if may can can't won't don't isn't aren't not no any each all some you your they their
        them he she have has had do does would will should because perhaps which who what when
        whenever than then there such only also even other another into onto
        """.split()
    ),
    "es": set(
        """
        el la los las un una unos unas de del al y o u es son fue ser está están se su sus que en
        con por para como si no ningún ninguna cada todo todos toda todas puede pueden este esta
        estos estas ese esa eso lo le les muy más también cuando mientras sin sobre entre hasta
        hacia desde
        """.split()
    ),
    "fr": set(
        """
        le la les un une des de du au aux et ou est sont été être se sa son ses que qui en avec par
        pour comme si ne pas aucun aucune chaque tout tous toute toutes peut peuvent ce cet cette
        ces il elle ils elles lui leur leurs vous votre vos plus aussi quand lorsque sans sur entre
        jusqu vers depuis
        """.split()
    ),
}

_NONE: frozenset[str] = frozenset()


def is_little(word: str, lang: str) -> bool:
    """Whether `word` (lowercased as written) is a stopword or a question word of `lang`, or
    of English (judges mix English terms into their questions)."""
    word = word.lower().replace("’", "'")
    return (word in STOPWORDS.get(lang, _NONE) or word in QUESTION_WORDS.get(lang, _NONE)
            or word in STOPWORDS["en"] or word in QUESTION_WORDS["en"])


def content_words(words: list[str], lang: str) -> list[str]:
    """`words` without the little ones of `lang`."""
    return [word for word in words if not is_little(word, lang)]
