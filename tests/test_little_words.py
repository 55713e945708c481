"""Little words (core/little_words.py) and elided ones (align/phrases.py): a question's words
and articles weigh nothing, and an elided "s'" is the "si" it stands for."""

from __future__ import annotations

import pytest

from mtgrules import little_words
from mtgrules.align import phrases


@pytest.mark.parametrize("lang, question, content", [
    ("es", "¿cuándo recibo prioridad?", ["recibo", "prioridad"]),
    ("es", "qué pasa si se contrarresta un hechizo", ["contrarresta", "hechizo"]),
    ("fr", "qu'arrive-t-il si un sort est contrecarré ?", ["sort", "contrecarré"]),
    ("fr", "quand ai-je la priorité", ["priorité"]),
    ("de", "wann erhalte ich Priorität", ["erhalte", "Priorität"]),
    ("it", "cosa succede se una magia è neutralizzata", ["magia", "è", "neutralizzata"]),
    ("pt", "o que acontece quando uma mágica é anulada", ["mágica", "é", "anulada"]),
])
def test_question_and_function_words_leave_the_content(lang, question, content):
    words = [word for run in phrases.runs(question, lang) for word, _ in run]
    assert [w for w in little_words.content_words(words, lang) if w not in ("t",)] == [c.lower() for c in content]


def test_english_little_words_count_in_any_language():
    assert little_words.is_little("the", "es") and little_words.is_little("when", "fr")
    assert not little_words.is_little("pile", "fr") and not little_words.is_little("stack", "es")


def test_an_elided_word_is_read_as_the_word_it_stands_for():
    assert [w for run in phrases.runs("même s'il l'avait", "fr") for w, _ in run] == ["même", "si", "il", "le", "avait"]
    assert [w for run in phrases.runs("s'engager qu'un", "fr") for w, _ in run] == ["se", "engager", "que", "un"]
    assert [w for run in phrases.runs("dell'attacco", "it") for w, _ in run] == ["della", "attacco"]
    # English keeps its apostrophes inside words.
    assert [w for run in phrases.runs("can't creature's", "en") for w, _ in run] == ["can't", "creature's"]
