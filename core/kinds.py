"""The kinds of record (`mtgrules.records` describes each), apart from the Record class so that
a command can offer them (`search --kind`) without creating that class, 1-2 ms of a cold search."""

KINDS = ("section", "rule", "glossary", "ruling", "card", "term")
