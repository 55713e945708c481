"""Scenario files for `mtgrules judge` and the quiz: one per engine area (see README.md here)."""
