"""The executable-rule layer: a small pure-Python game state and the rules it executes. Each
implementation declares the rule numbers (and rulings) it implements; see `registry`."""
