"""Judge study: board scenarios the engine resolves, and a spaced-repetition quiz.

- `scenario`: the TOML scenario format, read and checked key by key into a `Scenario`; with
  `checks` (the value checkers and the limits on everything a file controls), `actions`
  (every action a scenario can perform: its arguments and how the engine performs it, one
  table), `expect` (the `[expect]` table and how a judgement is held to it) and `tomllines`
  (the line of each key, the nesting of a file).
- `judging`: runs a scenario through `mtgrules.engine`, with the choices it writes down, and
  collects the events it cites; `board`: the facts of a board at the end.
- `messages`: the engine's messages and the commands' words in Spanish and French.
- `citations`: the text of a cited rule in the language being studied.
- `quiz`: the kinds of question, rule-number and rule-text questions (at least three choices),
  and the pool to ask from;
  `quiz_scenarios`: scenario questions (a board, what happens), from examples/ and from the
  random boards of `quiz_boards`.
- `progress`: Leitner boxes in SQLite.

Imports the foundation (records, rule numbers, paths, errors) and `mtgrules.engine`, nothing
else of ours; only `mtgrules.cli` imports it.
"""
