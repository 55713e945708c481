"""The records generated from `seeds/`, committed as JSON Lines (`seeds.jsonl`) so they are
reviewable in diffs. Regenerate with `python -m mtgrules.corpus.generate` (see README)."""
