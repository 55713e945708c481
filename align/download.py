"""Downloads that resume, and are swapped in only when complete and checked.

A file is fetched into `<target>.part`, beside `<target>.part.json`, which remembers the address
and the validator (ETag or Last-Modified) of what is being fetched. When a download is cut short
both stay; the next attempt asks for the rest only (`Range: bytes=N-`, with `If-Range`, so a
file changed meanwhile comes whole instead), and starts over when the server sends the whole
file anyway (a 200), when it cannot serve the range (a 416), or when the address changed.
Once the last byte is in, the part is checked: its size against what the server announced
(Content-Length, or the total of Content-Range) and against the size the source lists, and its
SHA-256 against the published one where there is one. Only then does it replace the target,
in one `os.replace`: the target is always either the previous file or the new one, whole. A
part that fails its check is deleted, since resuming it could only fail again.

Failures are `DownloadError`s, one line a person can act on: the server cannot be reached
(offline, refused, unknown host), answers with an error status, or stops sending (run again to
resume); the size or the hash is wrong. Nothing here prints: progress goes to a
`DownloadReporter` the command line provides.

A server that misbehaves, by accident or on purpose, is bounded:

- redirects are followed only to http:// and https:// (never ftp://, file://, data:), ten at
  most, and the body of a redirect is never read; an error names the host it concerns;
- every read is streamed and capped: a small document (a page, a list, a checksum) at the
  `limit` its caller gives, a download at the size its source lists or `LARGEST_DOWNLOAD`; past
  the cap the download is refused and its part removed;
- time is bounded for the whole download, not only each read: after `GRACE_SECONDS`, the
  bytes must keep coming at `SLOWEST` bytes a second on average (a server sending one byte a
  second ends there); each read waits `TIMEOUT` at most.

Nothing is left in the downloads folder after a refusal: the part and its state are removed.
Only a connection lost midway keeps them, for the next attempt to resume.
"""

from __future__ import annotations

import functools
import hashlib
import http.client
import io
import json
import os
import re
import socket
import string
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import Protocol
from urllib.parse import quote, urljoin, urlsplit

from mtgrules import __version__, paths
from mtgrules.errors import MtgrulesError
from mtgrules.i18n import _, number

USER_AGENT = f"mtgrules/{__version__}"
TIMEOUT = 60  # seconds without a byte before a connection counts as lost
GRACE_SECONDS = 60  # how long a download may take before its pace is checked…
SLOWEST = 4096  # …and the bytes a second it must average from then on
LARGEST_DOWNLOAD = 4 << 30  # a file whose source lists no size (MTGJSON's AllPrintings: about 100 MB)
SMALL_DOCUMENT = 16 << 20  # a page or a list, unless its caller says less
MAX_REDIRECTS = 10
_BLOCK = 1 << 18
_CONTENT_RANGE = re.compile(r"bytes (\d+)-(\d+)/(\d+|\*)")


class DownloadError(MtgrulesError):
    """A download failed in a way a person can act on; the message is one line. `status` is
    the HTTP status when the server answered with an error."""

    def __init__(self, message: str, status: int | None = None):
        super().__init__(message)
        self.status = status


class DownloadReporter(Protocol):
    """How downloads tell a person what they are doing."""

    def downloading(self, name: str, total: int | None, done: int) -> AbstractContextManager[Callable[[int], None]]:
        """A download of `name` (`total` bytes when known) starting at `done` bytes; the
        callback it yields is called with each block's size."""
        ...


class SilentReporter:
    def downloading(self, name: str, total: int | None, done: int) -> AbstractContextManager[Callable[[int], None]]:
        return nullcontext(lambda count: None)


SILENT = SilentReporter()


def fetch(url: str, limit: int = SMALL_DOCUMENT) -> bytes:
    """A small document (a web page, a list, a checksum), whole, refused past `limit` bytes."""
    with _open(url, {}) as response:
        chunks, size = [], 0
        try:
            while block := response.read1(_BLOCK):
                size += len(block)
                if size > limit:
                    raise DownloadError(_("{url}: more than {size}, far more than such a document holds (a wrong "
                                          "address, or a server that misbehaves? check the address, try again later)")
                                          .format(url=url, size=_size(limit)))
                chunks.append(block)
        except _TooSlow as slow:
            raise DownloadError(_("{url}: {slow} (try again later)").format(url=url, slow=slow)) from None
        except (OSError, http.client.HTTPException) as error:
            raise DownloadError(_("{url}: the connection was lost ({reason})").format(url=url, reason=_reason(error))) from None
        return b"".join(chunks)


def _size(count: int) -> str:
    if count >= 2**30:
        return _("{count} GiB").format(count=number(round(count / 2**30)))
    if count >= 2**20:
        return _("{count} MiB").format(count=number(round(count / 2**20)))
    return _("{count} bytes").format(count=number(count))


def download(url: str, target: Path, *, sha256: str | None = None, size: int | None = None,
             largest: int | None = None, reporter: DownloadReporter = SILENT) -> bool:
    """Fetch `url` into `target`, resuming a part left by an earlier attempt, and swap it in
    once complete and checked (size; `size` when the source lists one; `sha256` when it
    publishes one). Past `size`, else `largest` (the most such a file can be, when its source
    says), else LARGEST_DOWNLOAD bytes, the download is refused. Returns True when a part was
    resumed."""
    paths.make_folders(target.parent)
    part, state_file = target.with_name(target.name + ".part"), target.with_name(target.name + ".part.json")
    state = _read_state(state_file)
    if state.get("url") != url or not part.exists():
        part.unlink(missing_ok=True)
        state = {"url": url}
    offset = part.stat().st_size if part.exists() else 0
    headers = {}
    if offset:
        headers["Range"] = f"bytes={offset}-"
        if state.get("validator"):
            headers["If-Range"] = state["validator"]
    try:
        response = _open(url, headers)
    except DownloadError as error:
        if offset and error.status == 416:  # the server cannot serve the rest: start over
            part.unlink()
            return download(url, target, sha256=sha256, size=size, largest=largest, reporter=reporter)
        raise
    with response:
        resumed, total = _where_it_starts(response, offset, url)
        done = offset if resumed else 0
        encoding = response.headers.get("Content-Encoding", "identity").lower()
        validator = response.headers.get("ETag") or response.headers.get("Last-Modified")
        cap = size if size is not None and encoding == "identity" else largest or LARGEST_DOWNLOAD
        try:
            if total is not None and total > cap:
                raise DownloadError(_("{url}: the server announces {total} bytes, more than {expected}; nothing was "
                                      "kept (check the address, or try again later)")
                                      .format(url=url, total=number(total), expected=_expected(size, cap)))
            _refuse_a_web_page(response, url, target)
            _write_state(state_file, {"url": url, **({"validator": validator} if validator else {})})
            with paths.open_inside(part, "ab" if resumed else "wb") as out, \
                    reporter.downloading(target.name, total, done) as advance:
                failure: BaseException | None = None
                try:
                    while block := response.read1(_BLOCK):
                        if done + len(block) > cap:
                            raise DownloadError(_("{url}: more than {expected}: refused, nothing was kept (check the "
                                                  "address, or try again later)")
                                                  .format(url=url, expected=_expected(size, cap)))
                        out.write(block)
                        done += len(block)
                        advance(len(block))
                except _TooSlow as slow:
                    raise DownloadError(_("{url}: {slow}; nothing was kept (try again later)")
                                          .format(url=url, slow=slow)) from None
                except (OSError, http.client.HTTPException) as lost:
                    failure = lost
                out.flush()
                os.fsync(out.fileno())
        except DownloadError:
            _forget(part, state_file)
            raise
    # http.client ends a read quietly when the connection closes before Content-Length is met.
    if failure is not None or (total is not None and done < total):
        reason = _reason(failure) if failure is not None else _("the connection closed early")
        of = _(" of {total}").format(total=number(total)) if total else ""
        raise DownloadError(_("{url}: the download stopped at {done}{of} bytes ({reason}); run the same command again "
                              "to resume").format(url=url, done=number(done), of=of, reason=reason))
    try:
        _check(part, url, total=total, size=size if encoding == "identity" else None, sha256=sha256)
    except DownloadError:
        _forget(part, state_file)
        raise
    paths.replace_inside(part, target)
    state_file.unlink()
    return resumed


def _expected(size: int | None, cap: int) -> str:
    return _("the {size} bytes the source lists").format(size=number(size)) if size is not None and cap == size else _size(cap)


def _forget(part: Path, state_file: Path) -> None:
    part.unlink(missing_ok=True)
    state_file.unlink(missing_ok=True)


_WEB_PAGE = (b"<!doctype html", b"<html", b"<head", b"<?xml", b"<body")


def _refuse_a_web_page(response: http.client.HTTPResponse, url: str, target: Path) -> None:
    """A web page where a data file or a text was asked for: a challenge page, a login or an
    error page served with status 200. Never kept (kept, it would stand for the file's version)."""
    kind = (response.headers.get("Content-Type") or "").split(";")[0].strip().lower()
    if target.suffix.lower() in (".html", ".htm") or kind not in ("text/html", "application/xhtml+xml"):
        return
    start = response.peek(512)[:512] if hasattr(response, "peek") else b""
    if start.lstrip().lower().startswith(_WEB_PAGE) or not start:
        host = _host(response.geturl() or url)
        raise DownloadError(_("{url}: {host} answered with a web page ({kind}), not the file (a check for robots, a "
                              "login or an error page?); nothing was kept: try again later, or download the file in a "
                              "browser and use --from FOLDER").format(url=url, host=host, kind=kind))


class _TooSlow(OSError):
    """The server sends too slowly for the download to end in a bounded time."""


class _Pace:
    """The whole download's time bound: GRACE_SECONDS, then SLOWEST bytes a second on average."""

    def __init__(self) -> None:
        self.started = time.monotonic()
        self.received = 0

    def remaining(self) -> float:
        return self.started + GRACE_SECONDS + self.received / SLOWEST - time.monotonic()

    def check(self) -> float:
        left = self.remaining()
        if left <= 0:
            spent = time.monotonic() - self.started
            raise _TooSlow(_("the server sent {received} bytes in {spent} s, too slowly to finish (under {slowest} bytes"
                             " a second)").format(received=number(self.received), spent=number(round(spent)), slowest=number(SLOWEST)))
        return left


class _PacedReader(io.RawIOBase):
    """A socket's reading side (the socket's own `makefile("rb", 0)`, which keeps the socket
    open until it is closed) with the whole download's time bound: each read waits TIMEOUT at
    most, and never past the bound."""

    def __init__(self, sock: socket.socket, pace: _Pace):
        self._sock, self._pace = sock, pace
        self._raw = sock.makefile("rb", buffering=0)

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        self._sock.settimeout(min(TIMEOUT, self._pace.check()))
        try:
            count = self._raw.readinto(buffer)
        except TimeoutError:
            self._pace.check()
            raise
        self._pace.received += count or 0
        return count or 0

    def close(self) -> None:
        self._raw.close()
        super().close()


class _PacedSocket:
    """A connected socket whose reads keep the pace (`makefile` is all http.client reads through)."""

    def __init__(self, sock: socket.socket, pace: _Pace):
        self._sock, self._pace = sock, pace

    def makefile(self, mode: str = "rb", *args, **kwargs):
        return io.BufferedReader(_PacedReader(self._sock, self._pace))

    def __getattr__(self, name: str):
        return getattr(self._sock, name)


class _Paced:
    """What a connection adds to keep the pace: its socket, once connected, is a `_PacedSocket`
    (for HTTPS, the TLS socket, wrapped after the handshake)."""

    sock: object

    def __init__(self, *args, pace: _Pace, **kwargs):
        super().__init__(*args, **kwargs)
        self._pace = pace

    def connect(self) -> None:
        super().connect()  # type: ignore[misc]
        self.sock = _PacedSocket(self.sock, self._pace)  # type: ignore[arg-type]


class _PacedHTTP(_Paced, http.client.HTTPConnection):
    pass


class _PacedHTTPS(_Paced, http.client.HTTPSConnection):
    pass


class _HTTP(urllib.request.HTTPHandler):
    def __init__(self, pace: _Pace):
        super().__init__()
        self.pace = pace

    def http_open(self, req):
        return self.do_open(functools.partial(_PacedHTTP, pace=self.pace), req)


class _HTTPS(urllib.request.HTTPSHandler):
    def __init__(self, pace: _Pace):
        super().__init__()
        self.pace = pace

    def https_open(self, req):
        return self.do_open(functools.partial(_PacedHTTPS, pace=self.pace), req, context=self._context)  # type: ignore[attr-defined]


class _Redirects(urllib.request.HTTPRedirectHandler):
    """Redirects to http:// and https:// only, MAX_REDIRECTS at most, their bodies never read
    (urllib's handler reads them whole, and follows ftp://); `last` is the address asked for
    last, which an error names."""

    def __init__(self, url: str):
        super().__init__()
        self.last = url

    def http_error_302(self, req, fp, code, msg, headers):
        fp.close()  # its body is never read: a redirect's body may be endless
        location = headers.get("Location") or headers.get("URI")
        host = _host(req.full_url)
        if not location:
            raise DownloadError(_("{full_url}: {host} answered {code} without saying where to (try again later)")
                                  .format(full_url=req.full_url, host=host, code=code))
        newurl = urljoin(req.full_url, location.strip())
        if urlsplit(newurl).scheme.lower() not in ("http", "https"):
            raise DownloadError(_("{full_url}: {host} redirects to {newurl!r}, which is not a web address (http:// or "
                                  "https://): not followed (check the address)")
                                  .format(full_url=req.full_url, host=host, newurl=newurl[:200]))
        newurl = quote(newurl, safe=string.punctuation)
        visited = dict(getattr(req, "redirect_dict", {}))
        if newurl in visited or len(visited) >= MAX_REDIRECTS:
            raise DownloadError(_("{last}: {host} redirects in a loop, or more than {MAX_REDIRECTS} times (check the "
                                  "address, or try again later)")
                                  .format(last=self.last, host=_host(self.last), MAX_REDIRECTS=MAX_REDIRECTS))
        new = self.redirect_request(req, fp, code, msg, headers, newurl)
        if new is None:
            raise DownloadError(_("{full_url}: {host} answered {code} {msg} (try again later)")
                                  .format(full_url=req.full_url, host=host, code=code, msg=msg))
        visited[newurl] = 1
        new.redirect_dict = visited  # type: ignore[attr-defined]
        self.last = newurl
        return self.parent.open(new, timeout=req.timeout)

    http_error_301 = http_error_303 = http_error_307 = http_error_308 = http_error_302


def _host(url: str) -> str:
    return urlsplit(url).netloc or url


def _open(url: str, headers: dict[str, str]) -> http.client.HTTPResponse:
    if urlsplit(url).scheme not in ("http", "https") or not urlsplit(url).netloc:
        raise DownloadError(_("{url!r} is not a web address (http://… or https://…)").format(url=url))
    request = urllib.request.Request(url, headers={"User-Agent": USER_AGENT, "Accept": "*/*", **headers})
    pace = _Pace()
    redirects = _Redirects(url)
    opener = urllib.request.OpenerDirector()
    for handler in (urllib.request.ProxyHandler(), _HTTP(pace), _HTTPS(pace), redirects,
                    urllib.request.HTTPDefaultErrorHandler(), urllib.request.HTTPErrorProcessor()):
        opener.add_handler(handler)
    try:
        return opener.open(request, timeout=TIMEOUT)
    except urllib.error.HTTPError as error:
        error.close()
        where = url if redirects.last == url else f"{url} (redirected to {redirects.last})"
        raise DownloadError(_("{where}: the server answered {code} {reason}")
                              .format(where=where, code=error.code, reason=error.reason), status=error.code) from None
    except urllib.error.URLError as error:
        if isinstance(error.reason, DownloadError):
            raise error.reason from None
        if isinstance(error.reason, _TooSlow):
            raise DownloadError(_("{url}: {reason} (try again later)").format(url=url, reason=error.reason)) from None
        if "unknown url type" in str(error.reason):
            raise DownloadError(_("{url}: {host} redirects to {last!r}, which is not a web address (http:// or "
                                  "https://): not followed (check the address)")
                                  .format(url=url, host=_host(url), last=redirects.last[:200])) from None
        raise DownloadError(_("cannot reach {host}: {reason} (offline? try again later, or download the files yourself "
                              "and use --from FOLDER)")
                              .format(host=_host(redirects.last), reason=_reason(error.reason))) from None
    except _TooSlow as error:
        raise DownloadError(_("{url}: {error} (try again later)").format(url=url, error=error)) from None
    except (OSError, http.client.HTTPException) as error:
        raise DownloadError(_("{url}: the connection was lost ({reason})").format(url=url, reason=_reason(error))) from None


def _where_it_starts(response: http.client.HTTPResponse, offset: int, url: str) -> tuple[bool, int | None]:
    """(whether the response continues the part, the file's whole size when announced)."""
    length = response.headers.get("Content-Length")
    if response.status == 206:
        found = _CONTENT_RANGE.fullmatch((response.headers.get("Content-Range") or "").strip())
        if not found or int(found.group(1)) != offset:
            raise DownloadError(_("{url}: the server sent another range than the one asked for; delete the .part file "
                                  "under {name!r} and try again").format(url=url, name=Path(urlsplit(url).path).name))
        return True, None if found.group(3) == "*" else int(found.group(3))
    return False, int(length) if length and length.isdigit() else None


def _check(part: Path, url: str, *, total: int | None, size: int | None, sha256: str | None) -> None:
    got = part.stat().st_size
    for expected, said in ((total, _("the server announced")), (size, _("the source lists"))):
        if expected is not None and got != expected:
            raise DownloadError(_("{url}: got {got} bytes where {said} {expected}; the partial file was removed, run "
                                  "the same command again").format(url=url, got=number(got), said=said, expected=number(expected)))
    if sha256 is not None:
        with open(part, "rb") as stream:
            digest = hashlib.file_digest(stream, "sha256").hexdigest()
        if digest != sha256.lower():
            raise DownloadError(_("{url}: the SHA-256 of the download ({digest}…) is not the published one ({sha256}…); "
                                  "the file was removed, run the same command again")
                                  .format(url=url, digest=digest[:16], sha256=sha256[:16]))


def _reason(error: object) -> str:
    if isinstance(error, _TooSlow):
        return str(error)
    if isinstance(error, ConnectionRefusedError):
        return _("connection refused")
    if isinstance(error, TimeoutError):
        return _("timed out")
    if isinstance(error, http.client.IncompleteRead):
        return _("the connection closed early")
    return str(getattr(error, "strerror", None) or error) or type(error).__name__


def _read_state(path: Path) -> dict:
    try:
        state = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return state if isinstance(state, dict) else {}


def _write_state(path: Path, state: dict) -> None:
    with paths.open_inside(path, "w") as stream:
        stream.write(json.dumps(state) + "\n")
