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


def test_answers_do_not_wait_for_an_acknowledgement(tmp_path):
    """The listening socket is TCP by name, so asyncio turns Nagle's algorithm off on each
    connection: with it on, every answer on a kept-alive connection waited 40 ms."""
    import http.client
    import statistics
    import subprocess
    import sys
    import time

    with socket.create_server(("127.0.0.1", 0)) as probe:
        port = probe.getsockname()[1]
    server = subprocess.Popen([sys.executable, "-m", "mtgrules", "serve", "--port", str(port)],
                              env={"MTGRULES_HOME": str(tmp_path), "PATH": "/usr/bin:/bin"},
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(300):
            try:
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
                connection.request("GET", "/static/style.css")
                connection.getresponse().read()
                break
            except OSError:
                time.sleep(0.05)
        times = []
        for _ in range(15):
            start = time.perf_counter()
            connection.request("GET", "/static/style.css")
            connection.getresponse().read()
            times.append((time.perf_counter() - start) * 1000)
        assert statistics.median(times) < 30, times
    finally:
        server.terminate()
        server.wait(timeout=10)
