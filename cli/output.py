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


def terminal_width() -> int:
    """The width output is laid out to: the terminal's (40 to 100 columns), 80 when not a terminal."""
    if sys.stdout.isatty():
        import shutil

        return max(40, min(shutil.get_terminal_size((80, 24)).columns, 100))
    return 80


def wrap(text: str, indent: str = "", subsequent: str | None = None) -> str:
    """Wrap paragraphs to the terminal's width by the columns they take (`cli.width`: a wide
    CJK character counts two, a marked span is never split). The text comes from data (a rule,
    a ruling, a page): its control characters are shown escaped (`terminal.safe`)."""
    from mtgrules.cli.terminal import safe
    from mtgrules.cli.width import wrap_paragraph

    text = safe(text, lines=True)
    width = terminal_width()
    marks = 0 if use_colour() else 2  # marks become colour codes, or "**" and the like
    return "\n".join(
        "\n".join(wrap_paragraph(paragraph, width, indent, subsequent, marks)) if paragraph else ""
        for paragraph in text.split("\n")
    )


def echo_wrapped(text: str, indent: str = "", subsequent: str | None = None, head: str = "", head_style: dict | None = None,
                 **styles: Any) -> None:
    """`text` wrapped to the terminal (`wrap`), each line in `styles`; `head`, which `text`
    starts with (after `indent`), in `head_style` instead: a rule's number in bold before its
    title, a label dim before what it labels. Styles are set after wrapping, so that their codes
    never count as columns."""
    lines = wrap(text, indent=indent, subsequent=subsequent).split("\n")
    for position, line in enumerate(lines):
        if position == 0 and head and line.startswith(indent + head):
            rest = line[len(indent) + len(head):]
            echo(indent + style(head, **(head_style or {})) + (style(rest, **styles) if styles else rest))
        else:
            echo(style(line, **styles) if styles else line)
