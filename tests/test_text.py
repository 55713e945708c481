"""`fold`, the one comparison form of every part: case, accents and letters without a
decomposition, whatever the script; the ASCII short cuts give what the full definition gives."""

from __future__ import annotations

import unicodedata

from hypothesis import given
from hypothesis import strategies as st

from mtgrules.text import _NO_DECOMPOSITION, fold


def by_definition(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(char for char in decomposed if not unicodedata.combining(char)).translate(_NO_DECOMPOSITION)


def test_names_fold_as_people_type_them():
    assert fold("Électrozoaire") == "electrozoaire"
    assert fold("Æther Hub") == "aether hub"
    assert fold("Straße") == "strasse"
    assert fold("ＡＢＣ ﬁ") == "abc fi"
    assert fold("Confabular 704.5aa") == "confabular 704.5aa"
    assert fold("ガ") == "カ"


@given(st.text())
def test_fold_is_its_definition_for_any_text(text):
    assert fold(text) == by_definition(text)
