"""Rendering shared by the commands: JSON lines for scripts, styled text for people.

Colour only on a terminal and never with NO_COLOR set; long lines wrapped to the terminal.
Writing and colouring are click's (`click.echo`, `click.style`).
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any

import click


def use_colour() -> bool:
    """On a terminal that shows colour: not with NO_COLOR, nor on a terminal that says it
    cannot (TERM=dumb: Emacs' shell, some CI logs)."""
    return sys.stdout.isatty() and "NO_COLOR" not in os.environ and os.environ.get("TERM") != "dumb"


def ansi(text: str, **styles: Any) -> str:
    """`text` styled (`click.style`) whether or not the output is a terminal."""
    return click.style(text, **styles)


def style(text: str, **styles: Any) -> str:
    """`text` styled when colour is used (`use_colour`), else as it is."""
    return click.style(text, **styles) if use_colour() else text


def echo(message: str = "", err: bool = False) -> None:
    click.echo(message, err=err)


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
