"""Parsers: one module per document kind. Each takes bytes or text and returns records or raises
`mtgrules.errors.ParseError` naming the file and line. No parser prints or touches the index."""
