"""`mtgrules.cli.output` writes and colours as click does, without importing click."""

from __future__ import annotations

import io
import itertools
import sys

import click
import pytest

from mtgrules.cli import output

COLOURS = [None, "black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]
SWITCHES = [None, True, False]


@pytest.mark.parametrize("fg", COLOURS)
def test_styles_are_the_codes_click_writes(fg):
    for bold, dim, underline, strikethrough, reset in itertools.product(SWITCHES, SWITCHES, SWITCHES, SWITCHES, [True, False]):
        styles = {"fg": fg, "bold": bold, "dim": dim, "underline": underline, "strikethrough": strikethrough, "reset": reset}
        assert output.ansi("704.5g", **styles) == click.style("704.5g", **styles), styles


def test_a_style_of_its_own_is_left_to_click():
    assert output.ansi("x", fg="bright_red", italic=True) == click.style("x", fg="bright_red", italic=True)


class Terminal(io.TextIOWrapper):
    def isatty(self) -> bool:
        return True


def written(write, stream_type=io.TextIOWrapper, encoding: str | None = "utf-8") -> bytes:
    raw = io.BytesIO()
    stream = stream_type(raw, encoding=encoding, errors="strict", write_through=True)
    saved = sys.stdout
    sys.stdout = stream
    try:
        write()
    finally:
        sys.stdout = saved
    stream.flush()
    return raw.getvalue()


@pytest.mark.parametrize("message", ["energía", "", "línea\nsegunda", "\x1b[33mcontador\x1b[0m de energía", "规则 704.5"])
@pytest.mark.parametrize("encoding", ["utf-8", "ascii", "latin-1"])
@pytest.mark.parametrize("stream_type", [io.TextIOWrapper, Terminal])
def test_a_line_is_written_as_click_writes_it(message, encoding, stream_type):
    """Where click would write something else than the line as given (UTF-8 on an ASCII
    stream, colour codes stripped off a terminal), it writes the same here."""
    def ours():
        try:
            output.echo(message)
        except UnicodeEncodeError as error:
            print(type(error).__name__, file=sys.stderr)

    def clicks():
        try:
            click.echo(message)
        except UnicodeEncodeError as error:
            print(type(error).__name__, file=sys.stderr)

    assert written(ours, stream_type, encoding) == written(clicks, stream_type, encoding)
