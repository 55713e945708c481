"""From documents to aligned, keyed records: what ties a translation to its English counterpart.

- `documents`: recognise each file by its content, parse it, align pages (what `ingest`,
  `parse` and the corpus generator share).
- `rule_pages`: number the unnumbered subrules of a translated rule page against an English
  edition (a monotone alignment with gaps).
- `ruling_pages`: pair a page's rulings with the card's English rulings (an assignment).
- `evidence`: how alike a translated and an English passage are, from evidence that survives
  translation; `assignment`: the Hungarian method.
- `english`: the ingested English editions, arranged for alignment.
- `terms`: the cross-language term dictionary (keyword table, aligned titles).
- `trace`: rule identity across English editions (which rule of one edition is which of the
  next, matched by content), the changes between editions, word-level differences.
- `identities`: those identities kept in the store, brought up to date at ingest.
- `ingest`: the one orchestration of parse → align → store → identities and term links.
- `linking`: the store opened with its links up to date; the joins done at read time.

Imports only the foundation (`mtgrules.*` modules) and `mtgrules.parsers`.
"""
