"""The names of the index's fields, apart from the schema that defines them: a search names
fields on every call, and importing `mtgrules.index.schema` (whoosh's field types, the records
and the entries it turns into documents) costs a cold `mtgrules search` some 10 ms it never
uses, since the schema it searches is the one unpickled from the index.
"""

from __future__ import annotations

import re

# Fields a person may name in a query (`card:electrozoa`); the per-language text fields are
# chosen with --lang, so they need no names of their own.
QUERY_FIELDS = ("card", "number", "lang", "kind")


def field_suffix(lang: str) -> str:
    """A language code as a field-name suffix ("zh-Hans" -> "zh_hans")."""
    return re.sub(r"[^a-z0-9]", "_", lang.lower())


def title_field(lang: str) -> str:
    return f"title_{field_suffix(lang)}"


def text_field(lang: str) -> str:
    return f"text_{field_suffix(lang)}"
