"""Scenario files for `mtgrules judge` and the quiz: at least one per engine area (see README.md here)."""
