"""The fields of one decoded JSON object (a card, a ruling), read with their types checked.

Data files are checked as they are read, field by field, because a value of the wrong type
that got through would break a later command far from its cause: a number where a card's text
belongs, a list where an object belongs, a lone UTF-16 surrogate (`"\\ud800"` is valid JSON but
cannot be written as UTF-8) or a NUL character in a name. Each is a ParseError at the object's
place in the file, naming the field by its path ("foreignData[2].text") and saying what was
expected. Absent fields and `null` read as None: both files leave out what does not apply.
"""

from __future__ import annotations

import re
from typing import Any

from mtgrules.errors import ParseError
from mtgrules.i18n import _
from mtgrules.parsers.json_stream import JsonReader, describe

_UNWRITABLE = re.compile(r"[\x00\ud800-\udfff]")
_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def _clean(text: str) -> bool:
    """No NUL and no lone surrogate (ASCII text, most of it, is told without the regex)."""
    return "\x00" not in text if text.isascii() else not _UNWRITABLE.search(text)


class Fields:
    """A JSON object known to be one, whose fields are read with their types checked.

    `what` names the object in messages ("card 17 of data.KLD.cards"); `at` is its place in the
    file (`JsonReader.offset` before it was read); `mend` says what to do about a wrong type."""

    def __init__(self, value: Any, what: str, reader: JsonReader, at: int, mend: str, path: str = ""):
        self._reader, self._what, self._at, self._mend, self._path = reader, what, at, mend, path
        if not isinstance(value, dict):
            raise self._wrong(path or what, value, _("an object"))
        self.value: dict[str, Any] = value

    def error(self, message: str) -> ParseError:
        """A ParseError about this object: "card 17 of data.KLD.cards: <message>" at its place."""
        return self._reader.error(f"{self._what}: {message}", at=self._at, mend=self._mend)

    def _wrong(self, name: str, value: Any, expected: str) -> ParseError:
        if name == self._what:
            return self._reader.error(_("{name} is {describe}, expected {expected}")
                                        .format(name=name, describe=describe(value), expected=expected), at=self._at, mend=self._mend)
        return self.error(_("{name} is {describe}, expected {expected}")
                            .format(name=name, describe=describe(value), expected=expected))

    def _name(self, key: str) -> str:
        return f"{self._path}.{key}" if self._path else key

    def required(self, key: str) -> str:
        """A text field that must be there and not be empty."""
        value = self.value.get(key)
        if type(value) is str and _clean(value) and value.strip():
            return value
        self._refuse(key, value, required=True)
        raise AssertionError("unreachable: _refuse raises for a required field")

    def text(self, key: str) -> str | None:
        """A text field, or None when absent."""
        value = self.value.get(key)
        if value is None or (type(value) is str and _clean(value)):  # the common case, first and fast
            return value
        self._refuse(key, value, required=False)
        return None

    def _refuse(self, key: str, value: Any, *, required: bool) -> None:
        """Raise the error for a field that is not clean text (none for an absent optional one)."""
        if value is None and not required:
            return
        if key not in self.value:
            raise self.error(_("{name} is missing").format(name=self._name(key)))
        if not isinstance(value, str):
            raise self._wrong(self._name(key), value, _("text"))
        bad = _UNWRITABLE.search(value)
        if bad:
            what = _("a NUL character") if bad.group() == "\x00" else _("half of a UTF-16 surrogate pair")
            raise self.error(_("{name} holds {what}").format(name=self._name(key), what=what))
        raise self.error(_("{name} is empty").format(name=self._name(key)))

    def whole_number(self, key: str) -> int | None:
        """A whole number of zero or more, or None when absent."""
        value = self.value.get(key)
        if value is None:
            return None
        if type(value) is not int:
            raise self._wrong(self._name(key), value, _("a whole number"))
        if value < 0:
            raise self.error(_("{name} is {value}, expected a whole number of zero or more")
                               .format(name=self._name(key), value=value))
        return value

    def date(self, key: str) -> str | None:
        """An ISO 8601 date (YYYY-MM-DD), or None when absent."""
        value = self.text(key)
        if value is not None and not _ISO_DATE.fullmatch(value):
            raise self.error(_("{name} is {value!r}, expected a date YYYY-MM-DD")
                               .format(name=self._name(key), value=value[:40]))
        return value

    def object(self, key: str) -> Fields | None:
        """A nested object, or None when absent."""
        value = self.value.get(key)
        if value is None:
            return None
        return Fields(value, self._what, self._reader, self._at, self._mend, self._name(key))

    def objects(self, key: str) -> list[Fields]:
        """A list of objects ([] when absent)."""
        value = self.value.get(key)
        if value is None:
            return []
        if not isinstance(value, list):
            raise self._wrong(self._name(key), value, _("a list"))
        return [Fields(item, self._what, self._reader, self._at, self._mend, f"{self._name(key)}[{index}]")
                for index, item in enumerate(value)]
