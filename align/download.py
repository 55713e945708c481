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
"""

from __future__ import annotations

import hashlib
import http.client
import json
import os
import re
import urllib.error
import urllib.request
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import Protocol
from urllib.parse import urlsplit

from mtgrules import __version__, paths
from mtgrules.errors import MtgrulesError

USER_AGENT = f"mtgrules/{__version__}"
TIMEOUT = 60  # seconds without a byte before a connection counts as lost
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


def fetch(url: str) -> bytes:
    """A small document (a web page, a list, a checksum), whole."""
    with _open(url, {}) as response:
        try:
            return response.read()
        except (OSError, http.client.HTTPException) as error:
            raise DownloadError(f"{url}: the connection was lost ({_reason(error)})") from None


def download(url: str, target: Path, *, sha256: str | None = None, size: int | None = None,
             reporter: DownloadReporter = SILENT) -> bool:
    """Fetch `url` into `target`, resuming a part left by an earlier attempt, and swap it in
    once complete and checked (size; `size` when the source lists one; `sha256` when it
    publishes one). Returns True when a part was resumed."""
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
            return download(url, target, sha256=sha256, size=size, reporter=reporter)
        raise
    with response:
        resumed, total = _where_it_starts(response, offset, url)
        done = offset if resumed else 0
        encoding = response.headers.get("Content-Encoding", "identity").lower()
        validator = response.headers.get("ETag") or response.headers.get("Last-Modified")
        _write_state(state_file, {"url": url, **({"validator": validator} if validator else {})})
        with paths.open_inside(part, "ab" if resumed else "wb") as out, reporter.downloading(target.name, total, done) as advance:
            failure: BaseException | None = None
            try:
                while block := response.read(_BLOCK):
                    out.write(block)
                    done += len(block)
                    advance(len(block))
            except (OSError, http.client.HTTPException) as lost:
                failure = lost
            out.flush()
            os.fsync(out.fileno())
    # http.client ends a read quietly when the connection closes before Content-Length is met.
    if failure is not None or (total is not None and done < total):
        reason = _reason(failure) if failure is not None else "the connection closed early"
        of = f" of {total:,}" if total else ""
        raise DownloadError(f"{url}: the download stopped at {done:,}{of} bytes ({reason}); "
                            "run the same command again to resume")
    try:
        _check(part, url, total=total, size=size if encoding == "identity" else None, sha256=sha256)
    except DownloadError:
        part.unlink()
        state_file.unlink()
        raise
    paths.replace_inside(part, target)
    state_file.unlink()
    return resumed


def _open(url: str, headers: dict[str, str]) -> http.client.HTTPResponse:
    if urlsplit(url).scheme not in ("http", "https") or not urlsplit(url).netloc:
        raise DownloadError(f"{url!r} is not a web address (http://… or https://…)")
    request = urllib.request.Request(url, headers={"User-Agent": USER_AGENT, "Accept": "*/*", **headers})
    try:
        return urllib.request.urlopen(request, timeout=TIMEOUT)
    except urllib.error.HTTPError as error:
        error.close()
        raise DownloadError(f"{url}: the server answered {error.code} {error.reason}", status=error.code) from None
    except urllib.error.URLError as error:
        host = urlsplit(url).netloc or url
        raise DownloadError(f"cannot reach {host}: {_reason(error.reason)} (offline? try again later, "
                            "or download the files yourself and use --from FOLDER)") from None
    except (OSError, http.client.HTTPException) as error:
        raise DownloadError(f"{url}: the connection was lost ({_reason(error)})") from None


def _where_it_starts(response: http.client.HTTPResponse, offset: int, url: str) -> tuple[bool, int | None]:
    """(whether the response continues the part, the file's whole size when announced)."""
    length = response.headers.get("Content-Length")
    if response.status == 206:
        found = _CONTENT_RANGE.fullmatch((response.headers.get("Content-Range") or "").strip())
        if not found or int(found.group(1)) != offset:
            raise DownloadError(f"{url}: the server sent another range than the one asked for; "
                                f"delete the .part file under {Path(urlsplit(url).path).name!r} and try again")
        return True, None if found.group(3) == "*" else int(found.group(3))
    return False, int(length) if length and length.isdigit() else None


def _check(part: Path, url: str, *, total: int | None, size: int | None, sha256: str | None) -> None:
    got = part.stat().st_size
    for expected, said in ((total, "the server announced"), (size, "the source lists")):
        if expected is not None and got != expected:
            raise DownloadError(f"{url}: got {got:,} bytes where {said} {expected:,}; the partial file was removed, "
                                "run the same command again")
    if sha256 is not None:
        with open(part, "rb") as stream:
            digest = hashlib.file_digest(stream, "sha256").hexdigest()
        if digest != sha256.lower():
            raise DownloadError(f"{url}: the SHA-256 of the download ({digest[:16]}…) is not the published one "
                                f"({sha256[:16]}…); the file was removed, run the same command again")


def _reason(error: object) -> str:
    if isinstance(error, ConnectionRefusedError):
        return "connection refused"
    if isinstance(error, TimeoutError):
        return "timed out"
    if isinstance(error, http.client.IncompleteRead):
        return "the connection closed early"
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
