"""The `mtgrules` entry point: the console script and `python -m mtgrules`.

A plain `mtgrules search …` (and `rule`, `card`, `term`, `history`) runs without importing
click (`mtgrules.cli.plain`): a cold search has 75 ms of CPU in all, the interpreter takes
20-30 of them, and click alone would take another 25. Everything else (help, usage errors,
unusual forms, every other command) goes through the click group, `mtgrules.cli.group`, which
this module gives as `cli` too.
"""

from __future__ import annotations

import sys

# command name -> "module:attribute"; each module owns its command and its help text.
COMMANDS = {
    "ingest": "mtgrules.cli.ingest:ingest",
    "parse": "mtgrules.cli.ingest:parse",
    "search": "mtgrules.cli.search:search",
    "rule": "mtgrules.cli.rule:rule",
    "card": "mtgrules.cli.card:card",
    "term": "mtgrules.cli.term:term",
    "engine": "mtgrules.cli.engine:engine",
    "judge": "mtgrules.cli.judge:judge",
    "quiz": "mtgrules.cli.quiz:quiz",
    "history": "mtgrules.cli.history:history",
    "diff": "mtgrules.cli.diff:diff",
    "stale": "mtgrules.cli.stale:stale",
    "update": "mtgrules.cli.update:update",
    "cite": "mtgrules.cli.cite:cite",
    "config": "mtgrules.cli.config:config",
    "serve": "mtgrules.cli.serve:serve",
}


def import_dataclasses_without_inspect() -> None:
    """Import `dataclasses` with a stand-in for `inspect`, which it imports whole (with `dis`,
    `ast`, `tokenize`...: some 8 ms of CPU, a tenth of a cold search's budget) to call one
    function, `inspect.signature`, and only for a dataclass without a docstring (to write one).
    The stand-in imports the real `inspect` when one of its attributes is first read, and gives
    the real attribute: a dataclass without a docstring is made exactly as before. The stand-in
    is in `sys.modules` only while `dataclasses` is imported (whose own imports do not read it),
    so any other import of `inspect` gets the real one. Nothing changes when either module was
    imported already. tests/test_cli_plain.py holds this."""
    if "dataclasses" not in sys.modules:
        from mtgrules.stand_ins import DeferredModule, import_with_stand_ins

        import_with_stand_ins(["dataclasses"], {"inspect": DeferredModule("inspect")})


def main() -> None:
    """Entry point of the console script and of `python -m mtgrules`."""
    import_dataclasses_without_inspect()
    from mtgrules.cli import environment, plain
    from mtgrules.cli.failures import reader_left

    environment.prepare(sys.argv[1:])
    try:
        if not plain.run(sys.argv[1:]):
            from mtgrules.cli.group import cli

            cli(prog_name="mtgrules")
    except OSError as error:
        if isinstance(error, BrokenPipeError):
            reader_left()
        if error.filename is not None:
            raise
        environment.write_failed(error)  # help or a usage text that could not be written
    finally:
        # Short output is still in the buffer when the command returns; a reader that left
        # (or a full disk) is found only now.
        try:
            sys.stdout.flush()
        except BrokenPipeError:
            reader_left()
        except OSError as error:
            environment.write_failed(error)


def __getattr__(name: str):
    """`cli` (the click group: `CliRunner().invoke(cli, …)`), imported with click when asked for."""
    if name == "cli":
        from mtgrules.cli.group import cli

        return cli
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
