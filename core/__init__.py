"""mtgrules: a multilingual Magic: The Gathering rules reference and ruling search tool.

The package root is the foundation every other part builds on, and imports nothing above it:

- `records`: the one record type (rules, sections, glossary entries, rulings, cards, terms);
- `rulenumbers`: rule-number arithmetic (parents, subrule letters that skip l and o, ranges);
- `text`: `fold`, the one way two spellings are compared;
- `errors`: the errors a person can act on (one line naming the file, line and mend);
- `paths`: where data and the index live (MTGRULES_HOME, else the XDG directories);
- `readiness`: whether the corpus database is read as it is (the rule the store and a search's
  fast path share), with its schema;
- `store`: the corpus database (embedded seed records plus what the user ingested), keyed reads
  and one transaction per ingest.

Above it, each a subpackage mapped from a top-level folder (see pyproject.toml), imports going
one way: `parsers` → `align` (alignment and ingest) → `index` → `lookup` → `study` (beside
`engine`, which imports nothing of ours) → `cli`. `tests/test_layers.py` keeps them so.
"""

__version__ = "0.1.0"
