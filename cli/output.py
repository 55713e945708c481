"""Rendering shared by the commands: JSON lines for scripts, styled text for people.

Colour only on a terminal and never with NO_COLOR set; long lines wrapped to the terminal.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import textwrap
from typing import Any

import click


def use_colour() -> bool:
    return sys.stdout.isatty() and "NO_COLOR" not in os.environ


def style(text: str, **styles: Any) -> str:
    return click.style(text, **styles) if use_colour() else text


def echo_json(obj: Any) -> None:
    """One JSON object per line (stable keys) for scripts."""
    click.echo(json.dumps(obj, ensure_ascii=False, sort_keys=True))


def wrap(text: str, indent: str = "") -> str:
    """Wrap paragraphs to the terminal's width (80 when not a terminal)."""
    width = shutil.get_terminal_size((80, 24)).columns if sys.stdout.isatty() else 80
    width = max(40, min(width, 100))
    return "\n".join(
        textwrap.fill(paragraph, width=width, initial_indent=indent, subsequent_indent=indent) if paragraph else ""
        for paragraph in text.split("\n")
    )
