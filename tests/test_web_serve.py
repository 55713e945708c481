"""`mtgrules serve` as a command: its help, and a port it cannot listen on (one line, exit 2)."""

from __future__ import annotations

import socket

from click.testing import CliRunner

from mtgrules.cli.main import cli


def test_a_port_in_use_is_one_line_and_exit_2():
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        result = CliRunner().invoke(cli, ["serve", "--port", str(port)])
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert lines == [f"mtgrules: serve: cannot listen on 127.0.0.1:{port}: Address already in use"
                     " (choose another with --port, or stop the program using it)"]


def test_the_help_names_the_pages():
    result = CliRunner().invoke(cli, ["serve", "--help"])
    assert result.exit_code == 0
    assert "--port" in result.output and "--host" in result.output and "--open" in result.output
    assert "/api/" in result.output
