"""The search index: schema, per-language analyzers, atomic building, opening and querying."""
