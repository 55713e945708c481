"""`lookup.term_lexicon.TermLexicon`: the names official card texts give a term, found in the
committed lexicon's bytes (ASCII lowercased) as lowercasing its whole text would find them."""

from __future__ import annotations

import pytest

from mtgrules import corpus_schema
from mtgrules.lookup.term_lexicon import TermLexicon

TAUGHT = ["es\tcosa rara\tthing\t0.900\t3\tcards", "fr\tTRUC\tThing Counter\t0.800\t5\tcards+rules", "es\tvolar\tflying\t0.950\t9\tcards"]


def committed() -> bytes:
    with open(corpus_schema.packaged_path(corpus_schema.COMMITTED_LEXICON), "rb") as file:
        return file.read()


def as_text(data: bytes) -> TermLexicon:
    """The lexicon of `data` read as a text file is read (universal newlines), split in lines."""
    text = data.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")
    return TermLexicon(text.splitlines()[1:] + TAUGHT)


def englishes(lexicon: TermLexicon) -> list[str]:
    return sorted({line.split("\t")[2] for line in lexicon.lines if line.count("\t") == 5})


def test_every_english_name_of_the_committed_lexicon_has_the_same_names_read_either_way():
    data = committed()
    read, split = TermLexicon(committed=data, taught=TAUGHT), as_text(data)
    names = englishes(split) + ["thing", "Thing Counter", "state-based actions", "poison counters"]
    assert len(names) > 1000
    found = 0
    for english in names:
        assert read.names_of(english) == split.names_of(english), english
        found += len(split.names_of(english))
    assert found > 1000
    assert read.lines == split.lines


@pytest.mark.parametrize("change", [
    lambda data: data.replace(b"\n", b"\r\n"),  # written on Windows
    lambda data: data.rstrip(b"\n"),  # no newline at the end
    lambda data: data.replace(b"\tflying\t", "\tfl\u2028ying\t".encode(), 1),  # a line break str.splitlines knows
    lambda data: data.replace(b"\tflying\t", "\tFLYİNG\t".encode()),  # İ lowercases to i and a dot
    lambda data: data.replace(b"\tkicker\t", "\t\u212aICKER\t".encode()),  # the Kelvin sign lowercases to k
    lambda data: b"lang\tphrase\tenglish\tscore\tcount\tsources\n",  # a header alone
    lambda data: b"",
])
def test_a_committed_file_of_another_shape_has_the_names_its_text_gives(change):
    data = change(committed())
    read, split = TermLexicon(committed=data, taught=TAUGHT), as_text(data)
    for english in englishes(split)[::40] + ["thing", "flying", "kicker", "Thing Counter"]:
        assert read.names_of(english) == split.names_of(english), english
    assert read.lines == split.lines
