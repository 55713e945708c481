"""BM25F exactly as whoosh scores it, with each field's document lengths read once.

whoosh's BM25F scorer asks the reader for a document's field length on every document it
scores, and the reader seeks and reads that one byte from the column file each time: at 16x
(8,754 documents) the English tier of `mtgrules search energía` scores 763 documents, and these
reads were a quarter of that search. Here a field's length column is read whole on first use
(a byte a document) and a document's length is looked up in it; the lengths, and so every
score, are the ones whoosh computes (tests/test_scoring.py compares them). A reader that does
not keep its lengths as whoosh 2.7's one-byte column (another codec) is left to whoosh.
"""

from __future__ import annotations

from collections.abc import Callable

from whoosh import scoring
from whoosh.util.numeric import byte_to_length

# Length byte → length, as whoosh decodes it; a zero byte (no length stored) reads as None, as
# `doc_field_length` gives it.
_LENGTHS = [None, *(byte_to_length(value) for value in range(1, 256))]


class BM25F(scoring.BM25F):
    """whoosh's BM25F, with the length of a document in a field looked up in memory."""

    def __init__(self) -> None:
        super().__init__()
        self._lengths: dict[tuple[int, str], tuple[object, Callable[[int], int | None]]] = {}

    def scorer(self, searcher, fieldname, text, qf=1):
        scorer = super().scorer(searcher, fieldname, text, qf=qf)
        if isinstance(scorer, scoring.BM25FScorer):
            lengths = self._field_lengths(searcher.reader(), fieldname)
            if lengths is not None:
                scorer.dfl = lengths
        return scorer

    def _field_lengths(self, reader, fieldname: str) -> Callable[[int], int | None] | None:
        """A document number → its length in `fieldname`, as `reader.doc_field_length(docnum,
        fieldname, 1)` gives it; None when the reader keeps lengths otherwise."""
        per_document = getattr(reader, "_perdoc", None)
        key = (id(per_document), fieldname)
        known = self._lengths.get(key)
        if known is not None and known[0] is per_document:  # the same reader, not one at its address since
            return known[1]
        lengths = _read_lengths(per_document, fieldname)
        if lengths is not None:
            self._lengths[key] = (per_document, lengths)
        return lengths


def _read_lengths(per_document, fieldname: str) -> Callable[[int], int | None] | None:
    from whoosh.codec import whoosh3

    if not isinstance(per_document, whoosh3.W3PerDocReader):
        return None
    column = per_document._cached_reader(whoosh3._lenfield(fieldname), whoosh3.LENGTHS_COLUMN)
    if column is None:
        return lambda docnum: 1  # no lengths: whoosh's default for a scorer
    if not hasattr(column, "_dbfile") or getattr(column, "_fixedlen", None) != 1:
        return None
    stored = column._dbfile.get(column._basepos, column._count)
    data = stored + bytes(max(0, column._doccount - column._count))  # documents past the end: no length
    return lambda docnum: _LENGTHS[data[docnum]]
