"""Fault injection, downloads: `mtgrules update` against a hostile server on 127.0.0.1.

Redirects to other schemes and in loops, a server sending one byte a second, endless pages,
checksums and redirect bodies, decompression bombs, a web page (a robots check) served where
the rules text belongs, escape sequences in a status line; and `--from FOLDER` with checksums
that are FIFOs, devices or endless. Each is one line and exit 2 (or the work done), ends in a
bounded time, and leaves nothing in the downloads folder but the lock and the state.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import lzma
import os
import time

import pytest
from card_data import set_file
from comprehensive_rules_fragment import FRAGMENT
from faults import assert_clean, assert_refused, run
from local_server import LocalServer, Route, closed_port

from mtgrules.align import download, sources

RULES_TEXT = "/media/MagicCompRules 20260807.txt"
PAGE = f'<p><a href="{RULES_TEXT}">TXT</a></p>'.encode()
KEPT = {".lock", "state.json"}  # what the downloads folder may hold after a refusal


@pytest.fixture
def server():
    with LocalServer() as local:
        local.routes = {
            "/en/rules": Route(PAGE, content_type="text/html"),
            RULES_TEXT: Route(FRAGMENT.encode(), content_type="text/plain"),
        }
        yield local


def update(server, *args: str):
    """The update, without its progress notes ("ingesting 1 file…"), which come before a refusal."""
    outcome = run("update", "--rules-page", server.url("/en/rules"), "--mtgjson-url", server.url("/api/v5/"),
               "--scryfall-url", server.url("/bulk-data"), *args)
    outcome.stderr = "".join(line for line in outcome.stderr.splitlines(keepends=True) if not line.startswith("mtgrules: ingesting "))
    return outcome


def left_in_downloads(home) -> list[str]:
    folder = home / "downloads"
    if not folder.exists():
        return []
    return sorted(str(path.relative_to(folder)) for path in folder.rglob("*") if path.is_file() and path.name not in KEPT)


def endless(block: bytes = b"x" * 65536):
    return lambda: itertools.repeat(block)


@pytest.fixture
def small_bounds(monkeypatch):
    """Bounds small enough for a test to reach them in a second or two."""
    monkeypatch.setattr(download, "GRACE_SECONDS", 1.5)
    monkeypatch.setattr(download, "SLOWEST", 1000)
    monkeypatch.setattr(download, "TIMEOUT", 3)
    monkeypatch.setattr(download, "LARGEST_DOWNLOAD", 4 << 20)
    monkeypatch.setattr(download, "SMALL_DOCUMENT", 1 << 20)
    monkeypatch.setattr(sources, "MAX_DOCUMENT_BYTES", 4 << 20)  # the bound of a rules text


# --- redirects -----------------------------------------------------------------------------------


@pytest.mark.parametrize("target", ["ftp://127.0.0.1/rules.txt", "file:///etc/passwd", "data:text/plain,100.1",
                                    "gopher://127.0.0.1/x"])
@pytest.mark.parametrize("where", ["page", "text"])
def test_a_redirect_to_another_scheme_is_refused_naming_the_redirecting_host(server, isolated_home, target, where):
    path = "/en/rules" if where == "page" else RULES_TEXT
    server.routes[path] = Route(status=302, headers={"Location": target})
    message = assert_refused(update(server, "--only", "rules"), "redirects to", "not a web address")
    assert f"127.0.0.1:{server.url('/').split(':')[2].rstrip('/')}" in message
    assert target.split(":")[0] in message
    assert left_in_downloads(isolated_home) == []


@pytest.mark.parametrize("hops", ["loop", "chain"])
def test_a_redirect_loop_is_one_line(server, isolated_home, hops):
    if hops == "loop":
        server.routes["/en/rules"] = Route(status=302, headers={"Location": server.url("/en/rules")})
    else:
        for number in range(30):
            server.routes[f"/hop{number}"] = Route(status=301, headers={"Location": server.url(f"/hop{number + 1}")})
        server.routes["/en/rules"] = Route(status=307, headers={"Location": server.url("/hop0")})
    assert_refused(update(server, "--only", "rules"), "redirects in a loop, or more than 10 times")


def test_a_redirects_body_is_never_read(server, isolated_home):
    """An endless body on a redirect: the redirect is followed at once, the update done."""
    server.routes["/en/rules"] = Route(status=302, headers={"Location": server.url("/real")}, stream=endless())
    server.routes["/real"] = Route(PAGE, content_type="text/html")
    started = time.monotonic()
    assert_clean(update(server, "--only", "rules"))
    assert time.monotonic() - started < 30


def test_an_error_after_a_redirect_names_where_it_was_redirected(server, isolated_home):
    server.routes["/en/rules"] = Route(status=302, headers={"Location": server.url("/moved")})
    server.routes["/moved"] = Route(status=503)
    assert_refused(update(server, "--only", "rules"), "redirected to", "/moved", "503")


def test_an_unreachable_redirect_target_is_named_not_the_first_host(server, isolated_home):
    port = closed_port()
    server.routes["/en/rules"] = Route(status=302, headers={"Location": f"http://127.0.0.1:{port}/rules"})
    assert_refused(update(server, "--only", "rules"), f"cannot reach 127.0.0.1:{port}")


# --- time and size -------------------------------------------------------------------------------


def one_byte_a_second():
    for _ in range(3600):
        yield b"1"
        time.sleep(1)


@pytest.mark.parametrize("path", ["/en/rules", RULES_TEXT])
def test_a_server_sending_one_byte_a_second_ends(server, isolated_home, small_bounds, path):
    server.routes[path] = Route(stream=one_byte_a_second, content_type="text/plain")
    started = time.monotonic()
    assert_refused(update(server, "--only", "rules"), "too slowly", "try again later")
    assert time.monotonic() - started < 15
    assert left_in_downloads(isolated_home) == []


@pytest.mark.parametrize("path", ["/en/rules", RULES_TEXT])
def test_an_endless_document_is_refused_and_nothing_kept(server, isolated_home, small_bounds, path):
    server.routes[path] = Route(stream=endless(), content_type="text/plain")
    assert_refused(update(server, "--only", "rules"), "more than", "MiB")
    assert left_in_downloads(isolated_home) == []


def test_an_endless_rules_text_stops_at_the_largest_document(server, isolated_home, monkeypatch):
    """Not at the bound of a card data file (gigabytes): at what ingest reads of a text."""
    monkeypatch.setattr(sources, "MAX_DOCUMENT_BYTES", 2 << 20)
    server.routes[RULES_TEXT] = Route(stream=endless(), content_type="text/plain")
    assert_refused(update(server, "--only", "rules"), "more than 2 MiB")
    assert left_in_downloads(isolated_home) == []


def test_an_announced_size_past_the_bound_is_refused_before_reading(server, isolated_home, small_bounds):
    server.routes[RULES_TEXT] = Route(b"x" * (5 << 20), content_type="text/plain")
    assert_refused(update(server, "--only", "rules"), "the server announces 5,242,880 bytes")
    assert left_in_downloads(isolated_home) == []
    assert not server.asked(RULES_TEXT)[0].get("Range")


def test_an_endless_checksum_is_refused(server, isolated_home):
    server.routes["/api/v5/KLD.json.sha256"] = Route(stream=endless(b"0" * 65536))
    server.routes["/api/v5/KLD.json"] = Route(b"{}")
    assert_refused(update(server, "--only", "mtgjson", "--sets", "KLD"), "/api/v5/KLD.json.sha256", "more than 4,096 bytes")
    assert left_in_downloads(isolated_home) == []


# --- what the server sends ------------------------------------------------------------------------


def mtgjson_file(server, body: bytes) -> None:
    server.routes["/api/v5/KLD.json"] = Route(body)
    server.routes["/api/v5/KLD.json.sha256"] = Route(hashlib.sha256(body).hexdigest().encode() + b"\n")


@pytest.mark.parametrize("packing", ["xz", "gzip"])
def test_a_decompression_bomb_is_refused_and_nothing_kept(server, isolated_home, packing):
    import gzip

    document = json.dumps({"meta": {}, "data": {"code": "KLD", "cards": [{"name": "A" * (200 << 20)}]}}).encode()
    body = lzma.compress(document, preset=1) if packing == "xz" else gzip.compress(document, 6)
    assert len(body) < 1 << 20
    mtgjson_file(server, body)
    assert_refused(update(server, "--only", "mtgjson", "--sets", "KLD"), "over 32 MiB", "run `mtgrules update` again")
    assert left_in_downloads(isolated_home) == []
    assert "mtgjson/KLD.json" not in json.loads((isolated_home / "downloads" / "state.json").read_text())


@pytest.mark.parametrize("served_as", ["text/html", "text/plain"])
def test_a_challenge_page_for_the_rules_text_is_not_kept_and_the_next_update_succeeds(server, isolated_home, served_as):
    challenge = b"<!DOCTYPE html><html><head><title>Just a moment...</title></head><body>Checking your browser</body></html>"
    server.routes[RULES_TEXT] = Route(challenge, content_type=served_as, then=Route(FRAGMENT.encode(), content_type="text/plain"))
    assert_refused(update(server, "--only", "rules"), "again")
    assert left_in_downloads(isolated_home) == []
    again = update(server, "--only", "rules")
    assert_clean(again)
    assert ": downloaded, " in again.stdout


def test_a_set_file_that_does_not_parse_is_forgotten(server, isolated_home):
    """The same for MTGJSON: a file that parses on the second try is fetched again."""
    good = json.dumps({"meta": {}, "data": set_file()["data"]}).encode()
    mtgjson_file(server, b'{"meta": {}, "data": [1, 2')
    assert_refused(update(server, "--only", "mtgjson", "--sets", "KLD"), "run `mtgrules update` again")
    assert left_in_downloads(isolated_home) == []
    mtgjson_file(server, good)
    assert_clean(update(server, "--only", "mtgjson", "--sets", "KLD"))


@pytest.mark.parametrize("reason", [b"\x1b]0;owned\x07\x1b[2J", b"Bad\rGateway\x1b[31m", "\u202eyawetag dab".encode()])
def test_escape_sequences_in_a_status_line_never_reach_the_terminal(server, isolated_home, reason):
    server.routes["/en/rules"] = Route(status_line=b"HTTP/1.1 502 " + reason)
    outcome = update(server, "--only", "rules")
    message = assert_refused(outcome, "502")
    assert "\x1b" not in message and "\r" not in message and "\x07" not in message and "\u202e" not in message


# --- --from FOLDER ----------------------------------------------------------------------------------


def from_folder(tmp_path):
    folder = tmp_path / "given"
    folder.mkdir()
    body = json.dumps({"meta": {}, "data": set_file()["data"]}).encode()
    (folder / "KLD.json").write_bytes(body)
    return folder


@pytest.mark.parametrize("sidecar", ["fifo", "/dev/zero", "endless", "folder"])
def test_a_checksum_beside_a_given_file_that_is_no_file_is_one_line(tmp_path, isolated_home, sidecar):
    folder = from_folder(tmp_path)
    published = folder / "KLD.json.sha256"
    if sidecar == "fifo":
        os.mkfifo(published)
    elif sidecar == "/dev/zero":
        published.symlink_to("/dev/zero")
    elif sidecar == "folder":
        published.mkdir()
    else:
        published.write_bytes(b"0" * (1 << 20))
    started = time.monotonic()
    outcome = run("update", "--from", str(folder))
    assert time.monotonic() - started < 20
    assert outcome.crashed is None and "Traceback" not in outcome.stderr and outcome.code == 2
    (line,) = [line for line in outcome.stderr.splitlines() if str(published) in line]  # the file's own line
    assert "so no checksum" in line or "not a SHA-256 checksum" in line
