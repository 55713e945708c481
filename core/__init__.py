"""mtgrules: a multilingual Magic: The Gathering rules reference and ruling search tool.

The package root is the foundation every other part builds on, and imports nothing above it:

- `records`: the one record type (rules, sections, glossary entries, rulings, cards, terms);
- `rulenumbers`: rule-number arithmetic (parents, subrule letters that skip l and o, ranges);
- `text`: `fold`, the one way two spellings are compared;
- `errors`: the errors a person can act on (one line naming the file, line and mend);
- `paths`: where data and the cache live (MTGRULES_HOME, else the XDG directories);
- `corpus_schema`: the corpus database's tables and the packaged files it is made from;
- `store`: the corpus database (embedded seed records plus what the user ingested), keyed reads
  and one transaction per ingest, with a hook (`derive`) for the tables a higher layer
  derives from the records in the same transaction (the search's FTS5 tables).

Above it, each a subpackage mapped from a top-level folder (see pyproject.toml), imports going
one way: `parsers` → `align` (alignment and ingest) → `index` → `lookup` → `study` (beside
`engine`, which imports nothing of ours) → `cli`. `tests/test_layers.py` keeps them so.
"""

__version__ = "0.1.0"
