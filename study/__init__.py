"""Judge study: board scenarios the engine resolves, and a spaced-repetition quiz.

- `scenario`: the TOML scenario format, read and checked key by key into a `Scenario`; with
  `checks` (the value checkers), `actions` (every action a scenario can perform: its
  arguments and how the engine performs it, one table) and `tomllines` (the line of each key).
- `judging`: runs a scenario through `mtgrules.engine` and collects the events it cites.
- `citations`: the text of a cited rule in the language being studied.
- `quiz`, `quiz_boards`, `quiz_scenarios`: questions on rule numbers, texts and scenarios.
- `progress`: Leitner boxes in SQLite.

Sits above the lookup library and beside the engine; only `mtgrules.cli` imports it.
"""
