"""The lookup library: what `rule`, `card`, `term`, `engine coverage`, `history`, `diff` and
`stale` show, without click.

`catalog.Catalog` is one edition's view of the store, read by key (rule number, card, term);
the other modules build the entries the commands render (plain dicts, the objects of `--json`). A program
that wants a term or a card's rulings imports this package, never the command line.
"""
