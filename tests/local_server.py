"""A web server on 127.0.0.1 serving fixtures, for the download tests: no test reaches the network.

Each route is a body and how to serve it: its status, whether Range requests are honoured, and
whether the connection is cut after some bytes (the first times it is asked for). Every
request is logged with its headers, so a test can see what the client asked for.

A route can also misbehave as a hostile server would (tests/test_faults_downloads.py): a
redirect (`status` 3xx with a `Location` in `headers`, and a body of any length), a body made
on the fly (`stream`: endless, or one byte a second) sent without a Content-Length, a raw
status line of the server's choosing (`status_line`), and answers that change from one
request to the next (`then`: the route that answers the following requests).
"""

from __future__ import annotations

import socket
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import unquote


@dataclass
class Route:
    body: bytes = b""
    status: int = 200
    content_type: str = "application/octet-stream"
    cut_after: int | None = None  # close the connection after this many bytes of the body…
    cuts: int = 1  # …this many times
    ranges: bool = True  # honour `Range: bytes=N-`
    etag: str = '"v1"'
    headers: dict[str, str] = field(default_factory=dict)  # sent as they are (Location…)
    stream: Callable[[], Iterator[bytes]] | None = None  # a body made as it is sent, without Content-Length
    status_line: bytes | None = None  # the whole status line, raw (control characters and all)
    then: Route | None = None  # what answers every later request


class _QuietServer(ThreadingHTTPServer):
    def handle_error(self, request, client_address) -> None:
        pass  # a client that hangs up midway (as a refusing one does) is no error of the test's


class LocalServer:
    def __init__(self) -> None:
        self.routes: dict[str, Route] = {}
        self.requests: list[tuple[str, dict[str, str]]] = []
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                server.requests.append((unquote(self.path), dict(self.headers)))
                route = server.routes.get(unquote(self.path))
                if route is None:
                    self.send_error(404)
                    return
                if route.then is not None:
                    server.routes[unquote(self.path)] = route.then
                if route.status_line is not None:
                    self.wfile.write(route.status_line + b"\r\nContent-Length: 0\r\n\r\n")
                    self.close_connection = True
                    return
                if route.stream is not None or 300 <= route.status < 400:
                    self.send_response(route.status)
                    self.send_header("Content-Type", route.content_type)
                    for name, value in route.headers.items():
                        self.send_header(name, value)
                    if route.stream is None:
                        self.send_header("Content-Length", str(len(route.body)))
                    self.end_headers()
                    try:
                        for block in (route.stream() if route.stream is not None else [route.body]):
                            self.wfile.write(block)
                            self.wfile.flush()
                    except OSError:
                        pass  # the client went away: what a client that refuses does
                    self.close_connection = True
                    return
                if route.status != 200:
                    self.send_error(route.status)
                    return
                body, start = route.body, 0
                asked = self.headers.get("Range", "")
                if asked.startswith("bytes=") and route.ranges and self.headers.get("If-Range", route.etag) == route.etag:
                    start = int(asked[len("bytes="):].split("-")[0])
                    if start >= len(body):
                        self.send_error(416)
                        return
                    self.send_response(206)
                    self.send_header("Content-Range", f"bytes {start}-{len(body) - 1}/{len(body)}")
                else:
                    self.send_response(200)
                self.send_header("Content-Type", route.content_type)
                self.send_header("Content-Length", str(len(body) - start))
                self.send_header("ETag", route.etag)
                self.end_headers()
                if route.cut_after is not None and route.cuts > 0:
                    route.cuts -= 1
                    self.wfile.write(body[start:start + route.cut_after])
                    self.wfile.flush()
                    self.connection.shutdown(socket.SHUT_RDWR)
                    self.close_connection = True
                    return
                self.wfile.write(body[start:])

            def log_message(self, format: str, *args) -> None:
                pass

        self._server = _QuietServer(("127.0.0.1", 0), Handler)
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}{path}"

    def asked(self, path: str) -> list[dict[str, str]]:
        """The headers of each request for `path`."""
        return [headers for requested, headers in self.requests if requested == path]

    def __enter__(self) -> LocalServer:
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._server.shutdown()
        self._server.server_close()


def closed_port() -> int:
    """A port on 127.0.0.1 where nothing listens: what being offline looks like to a client."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]
