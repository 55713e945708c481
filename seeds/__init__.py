"""The seed documents exactly as given: the embedded default corpus."""
