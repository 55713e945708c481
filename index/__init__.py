"""The search: our language analysis (`analysis`), the FTS5 tables it writes in the corpus
database (`tables`), query syntax and ranking (`query`), query translation (`translate`) and
snippets (`snippets`), one module each."""
