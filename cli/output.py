"""Rendering shared by the commands: JSON lines for scripts, styled text for people.

Colour only on a terminal and never with NO_COLOR set; long lines wrapped to the terminal.

`echo` and `style` write and colour as `click.echo` and `click.style` do, without importing
click (some 25 ms of CPU, a third of the budget of a cold `mtgrules search`): `echo` writes
the line and flushes, as click does, and hands to `click.echo` whatever click would treat
specially (a stream without an encoding or with ASCII, where click writes UTF-8 instead; ANSI
codes bound for a stream that is not a terminal, which click strips, or for a test's stream
whose colour click decides); `style` writes the SGR codes click writes for the styles the
commands use (tests/test_cli_output.py compares them with click's), and hands any other style
to `click.style`.
"""

from __future__ import annotations

import json
import os
import sys

TYPE_CHECKING = False  # `typing` (some 5 ms) is not imported for annotations on a cold search's path
if TYPE_CHECKING:
    from typing import Any

# click's codes for the colour names and switches the commands use (click.termui._ansi_colors).
_COLOURS = {"black": 30, "red": 31, "green": 32, "yellow": 33, "blue": 34, "magenta": 35, "cyan": 36, "white": 37}
# In click's order: bold, dim, underline, strikethrough (code on, code off).
_SWITCHES = (("bold", 1, 22), ("dim", 2, 22), ("underline", 4, 24), ("strikethrough", 9, 29))
_RESET_ALL = "\033[0m"
_OWN_STYLES = {"fg", "reset"} | {name for name, _, _ in _SWITCHES}


def use_colour() -> bool:
    """On a terminal that shows colour: not with NO_COLOR, nor on a terminal that says it
    cannot (TERM=dumb: Emacs' shell, some CI logs)."""
    return sys.stdout.isatty() and "NO_COLOR" not in os.environ and os.environ.get("TERM") != "dumb"


def ansi(text: str, fg: str | None = None, reset: bool = True, **switches: bool | None) -> str:
    """`click.style(text, ...)`: the codes whether or not the output is a terminal."""
    if (fg is not None and fg not in _COLOURS) or not set(switches) <= _OWN_STYLES:
        import click

        return click.style(text, fg=fg, reset=reset, **switches)
    codes = [f"\033[{_COLOURS[fg]}m"] if fg is not None else []
    for name, on, off in _SWITCHES:
        value = switches.get(name)
        if value is not None:
            codes.append(f"\033[{on if value else off}m")
    return "".join(codes) + text + (_RESET_ALL if reset else "")


def style(text: str, **styles: Any) -> str:
    return ansi(text, **styles) if use_colour() else text


def echo(message: str = "", err: bool = False) -> None:
    """`click.echo(message, err=err)`: the line on stdout (stderr), flushed."""
    stream = sys.stderr if err else sys.stdout
    if stream is None:
        return
    encoding = getattr(stream, "encoding", None)
    if not encoding or _is_ascii(encoding) or ("\x1b" in message and not _isatty(stream)):
        import click

        click.echo(message, err=err)
        return
    stream.write(message + "\n")
    stream.flush()


def _is_ascii(encoding: str) -> bool:
    import codecs

    try:
        return codecs.lookup(encoding).name == "ascii"
    except LookupError:
        return False


def _isatty(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except Exception:  # click's own test: a stream that cannot say is no terminal
        return False


def echo_json(obj: Any) -> None:
    """One JSON object per line (stable keys) for scripts."""
    echo(json.dumps(obj, ensure_ascii=False, sort_keys=True))


def wrap(text: str, indent: str = "") -> str:
    """Wrap paragraphs to the terminal's width (80 when not a terminal). The text comes from
    data (a rule, a ruling, a page): its control characters are shown escaped (`terminal.safe`)."""
    import textwrap

    from mtgrules.cli.terminal import safe

    text = safe(text, lines=True)

    if sys.stdout.isatty():
        import shutil

        width = shutil.get_terminal_size((80, 24)).columns
    else:
        width = 80
    width = max(40, min(width, 100))
    return "\n".join(
        textwrap.fill(paragraph, width=width, initial_indent=indent, subsequent_indent=indent) if paragraph else ""
        for paragraph in text.split("\n")
    )
