"""`mtgrules update` end to end against a server on 127.0.0.1: the rules page and its text,
MTGJSON's AllPrintings (xz) or set files with their .sha256, Scryfall's bulk data list and its
rulings file. Downloads resume, are checked, and nothing is ingested unless all succeed."""

from __future__ import annotations

import hashlib
import json
import lzma

import pytest
from card_data import all_printings, scryfall_rulings, set_file, write
from click.testing import CliRunner
from comprehensive_rules_fragment import FRAGMENT
from local_server import LocalServer, Route, closed_port

from mtgrules.cli.main import cli

RULES_TEXT = "/media/MagicCompRules 20260807.txt"
NEWER = "A ruling Scryfall has and this MTGJSON build has not."


def sha256(data: bytes) -> bytes:
    return hashlib.sha256(data).hexdigest().encode() + b"\n"


@pytest.fixture(autouse=True)
def no_network(monkeypatch):
    """Addresses a test does not give point where nothing listens: no test reaches the network."""
    nowhere = f"http://127.0.0.1:{closed_port()}"
    for variable, path in (("MTGRULES_RULES_PAGE", "/en/rules"), ("MTGRULES_MTGJSON_URL", "/api/v5/"), ("MTGRULES_SCRYFALL_URL", "/bulk-data")):
        monkeypatch.setenv(variable, nowhere + path)


@pytest.fixture
def kld():
    return set_file()["data"]


@pytest.fixture
def server(kld):
    """The three sources, as their servers publish them."""
    mh3 = set_file("MH3-electrozoa.mtgjson-excerpt.json")["data"]
    printings = lzma.compress(json.dumps(all_printings(kld, mh3), separators=(",", ":")).encode())
    rulings = scryfall_rulings(kld)
    ruled = next(card for card in kld["cards"] if card["rulings"])
    rulings.append({"object": "ruling", "oracle_id": ruled["identifiers"]["scryfallOracleId"], "source": "scryfall",
                    "published_at": "2026-09-01", "comment": NEWER})
    rulings_file = json.dumps(rulings).encode()
    with LocalServer() as local:
        local.routes = {
            "/en/rules": Route(f'<p><a href="{RULES_TEXT}">TXT</a> <a href="/media/Rules.pdf">PDF</a></p>'.encode(), content_type="text/html"),
            RULES_TEXT: Route(FRAGMENT.encode(), content_type="text/plain"),
            "/api/v5/AllPrintings.json.xz": Route(printings),
            "/api/v5/AllPrintings.json.xz.sha256": Route(sha256(printings)),
            "/api/v5/KLD.json": Route(json.dumps({"meta": {}, "data": kld}).encode()),
            "/api/v5/MH3.json": Route(json.dumps({"meta": {}, "data": mh3}).encode()),
            "/bulk-data": Route(json.dumps({"object": "list", "has_more": False, "data": [
                {"object": "bulk_data", "type": "rulings", "download_uri": local.url("/file/rulings-20260901.json"),
                 "size": len(rulings_file), "updated_at": "2026-09-01T21:00:00+00:00", "content_encoding": "gzip"},
                {"object": "bulk_data", "type": "all_cards", "download_uri": local.url("/file/all-cards-20260901.json"),
                 "size": 2_000_000_000, "updated_at": "2026-09-01T21:00:00+00:00"},
            ]}).encode(), content_type="application/json"),
            "/file/rulings-20260901.json": Route(rulings_file, content_type="application/json"),
        }
        for code in ("KLD", "MH3"):
            local.routes[f"/api/v5/{code}.json.sha256"] = Route(sha256(local.routes[f"/api/v5/{code}.json"].body))
        yield local


def run(server, *args):
    addresses = ["--rules-page", server.url("/en/rules"), "--mtgjson-url", server.url("/api/v5/"), "--scryfall-url", server.url("/bulk-data")]
    return CliRunner().invoke(cli, ["update", *addresses, *args])


def downloads(home):
    return home / "downloads"


def fetched(server, path):
    return len(server.asked(path))


def test_update_fetches_checks_and_ingests_then_finds_nothing_new(server, isolated_home, kld):
    result = run(server)
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith(f"rules: {downloads(isolated_home) / 'rules' / 'MagicCompRules_20260807.txt'}: downloaded, ")
    assert lines[0].endswith(" records (rules)")
    assert lines[1].startswith(f"mtgjson: {downloads(isolated_home) / 'mtgjson' / 'AllPrintings.json.xz'}: downloaded, ")
    # MTGJSON gives the same rulings (it takes them from Scryfall): Scryfall's file adds the newer one.
    assert lines[2] == f"scryfall: {downloads(isolated_home) / 'scryfall' / 'rulings.json'}: downloaded, 1 record (scryfall rulings)"
    ruled = next(card for card in kld["cards"] if card["rulings"])
    shown = CliRunner().invoke(cli, ["card", ruled["name"], "--json"])
    texts = [ruling["texts"]["en"] for ruling in json.loads(shown.stdout.splitlines()[0])["rulings"]]
    assert texts[: len(ruled["rulings"])] == [r["text"] for r in ruled["rulings"]] and NEWER in texts
    assert CliRunner().invoke(cli, ["rule", "100.1"]).exit_code == 0
    assert not list(downloads(isolated_home).rglob("*.part*"))

    again = run(server)
    assert again.exit_code == 0, again.stderr
    assert [line.split(": ", 2)[2] for line in again.stdout.splitlines()] == ["up to date, already ingested"] * 3
    assert fetched(server, RULES_TEXT) == fetched(server, "/api/v5/AllPrintings.json.xz") == fetched(server, "/file/rulings-20260901.json") == 1


def test_an_interrupted_download_resumes_where_it_stopped(server, isolated_home):
    body = server.routes["/api/v5/AllPrintings.json.xz"].body
    server.routes["/api/v5/AllPrintings.json.xz"].cut_after = len(body) // 3
    first = run(server)
    assert first.exit_code == 2
    assert first.stderr == (f"mtgrules: {server.url('/api/v5/AllPrintings.json.xz')}: the download stopped at "
                            f"{len(body) // 3:,} of {len(body):,} bytes (the connection closed early); run the same command again to resume\n")
    part = downloads(isolated_home) / "mtgjson" / "AllPrintings.json.xz.part"
    assert part.read_bytes() == body[: len(body) // 3]
    assert not (isolated_home / "corpus").exists(), "nothing is ingested unless every download succeeded"

    second = run(server)
    assert second.exit_code == 0, second.stderr
    assert server.asked("/api/v5/AllPrintings.json.xz")[-1]["Range"] == f"bytes={len(body) // 3}-"
    assert (downloads(isolated_home) / "mtgjson" / "AllPrintings.json.xz").read_bytes() == body
    assert ": resumed, " in second.stdout.splitlines()[1]
    assert second.stdout.splitlines()[0].split(": ", 2)[2].startswith("up to date, "), "fetched before, ingested now"
    assert not part.exists()


def test_a_server_that_ignores_ranges_sends_the_whole_file_again(server, isolated_home):
    route = server.routes["/api/v5/AllPrintings.json.xz"]
    route.cut_after, route.ranges = 1000, False
    assert run(server, "--only", "mtgjson").exit_code == 2
    result = run(server, "--only", "mtgjson")
    assert result.exit_code == 0, result.stderr
    assert ": downloaded, " in result.stdout
    assert (downloads(isolated_home) / "mtgjson" / "AllPrintings.json.xz").read_bytes() == route.body


def test_a_file_changed_since_the_interruption_is_fetched_whole(server, isolated_home, kld):
    route = server.routes["/api/v5/AllPrintings.json.xz"]
    route.cut_after = 1000
    assert run(server, "--only", "mtgjson").exit_code == 2
    route.body, route.etag = lzma.compress(json.dumps(all_printings(kld)).encode()), '"v2"'
    server.routes["/api/v5/AllPrintings.json.xz.sha256"].body = sha256(route.body)
    result = run(server, "--only", "mtgjson")
    assert result.exit_code == 0, result.stderr
    assert (downloads(isolated_home) / "mtgjson" / "AllPrintings.json.xz").read_bytes() == route.body


def test_a_checksum_mismatch_keeps_nothing(server, isolated_home):
    server.routes["/api/v5/AllPrintings.json.xz.sha256"].body = sha256(b"another file")
    result = run(server)
    assert result.exit_code == 2
    assert "AllPrintings.json.xz: the SHA-256 of the download" in result.stderr and "is not the published one" in result.stderr
    assert result.stderr.count("\n") == 1
    assert not list((downloads(isolated_home) / "mtgjson").iterdir())
    assert not (isolated_home / "corpus").exists()


def test_a_size_other_than_the_listed_one_keeps_nothing(server, isolated_home):
    listing = json.loads(server.routes["/bulk-data"].body)
    listing["data"][0]["size"] += 1
    server.routes["/bulk-data"].body = json.dumps(listing).encode()
    result = run(server, "--only", "scryfall")
    assert result.exit_code == 2 and "where the source lists" in result.stderr
    assert not (downloads(isolated_home) / "scryfall" / "rulings.json").exists()


@pytest.mark.parametrize(
    "path, status, args, message",
    [
        ("/api/v5/XYZ.json.sha256", 404, ["--sets", "XYZ"], "/api/v5/XYZ.json.sha256: the server answered 404 Not Found"),
        ("/bulk-data", 500, [], "/bulk-data: the server answered 500 Internal Server Error"),
        (RULES_TEXT, 503, [], "MagicCompRules%2020260807.txt: the server answered 503 Service Unavailable"),
    ],
)
def test_a_server_error_is_one_line_and_exit_2(server, isolated_home, path, status, args, message):
    server.routes[path] = Route(status=status)
    result = run(server, *args)
    assert result.exit_code == 2
    assert message in result.stderr and result.stderr.count("\n") == 1 and result.stdout == ""
    assert not (isolated_home / "corpus").exists()


@pytest.mark.parametrize("only", ["rules", "mtgjson", "scryfall"])
def test_offline_is_one_line_and_exit_2(isolated_home, only):
    port = closed_port()
    addresses = ["--rules-page", f"http://127.0.0.1:{port}/en/rules", "--mtgjson-url", f"http://127.0.0.1:{port}/api/v5/",
                 "--scryfall-url", f"http://127.0.0.1:{port}/bulk-data"]
    result = CliRunner().invoke(cli, ["update", "--only", only, *addresses])
    assert result.exit_code == 2
    assert result.stderr.startswith(f"mtgrules: cannot reach 127.0.0.1:{port}: connection refused (offline?")
    assert result.stderr.count("\n") == 1


def test_an_address_that_is_not_a_web_address_is_said(isolated_home):
    result = CliRunner().invoke(cli, ["update", "--only", "rules", "--rules-page", "magic.wizards.com/en/rules"])
    assert result.exit_code == 2
    assert result.stderr == "mtgrules: 'magic.wizards.com/en/rules' is not a web address (http://… or https://…)\n"


def test_addresses_come_from_the_environment_too(server, isolated_home, monkeypatch):
    monkeypatch.setenv("MTGRULES_RULES_PAGE", server.url("/en/rules"))
    result = CliRunner().invoke(cli, ["update", "--only", "rules"])
    assert result.exit_code == 0, result.stderr
    assert fetched(server, RULES_TEXT) == 1


def test_a_rules_page_without_a_rules_text_link_is_said(server, isolated_home):
    server.routes["/en/rules"] = Route(b'<a href="/media/Rules.pdf">PDF</a>', content_type="text/html")
    result = run(server, "--only", "rules")
    assert result.exit_code == 2
    assert "the rules page links no rules text (.txt)" in result.stderr and "--from FOLDER" in result.stderr


def test_set_files_instead_of_all_printings(server, isolated_home):
    result = run(server, "--sets", "kld,MH3", "--only", "mtgjson")
    assert result.exit_code == 0, result.stderr
    assert [line.split(": ")[1].rsplit("/", 1)[1] for line in result.stdout.splitlines()] == ["KLD.json", "MH3.json"]
    assert fetched(server, "/api/v5/AllPrintings.json.xz") == 0
    assert CliRunner().invoke(cli, ["card", "Électrozoaire"]).exit_code == 0
    bad = run(server, "--sets", "KLD,K!D")
    assert bad.exit_code == 2 and "'K!D' is not a set code" in bad.stderr


def test_from_a_folder_checks_published_hashes_and_ingests(tmp_path, isolated_home, kld):
    folder = tmp_path / "by-hand"
    folder.mkdir()
    (folder / "MagicCompRules 20260807.txt").write_text(FRAGMENT, encoding="utf-8")
    printings = write(folder / "AllPrintings.json.gz", all_printings(kld), "gzip")
    (folder / "AllPrintings.json.gz.sha256").write_bytes(sha256(printings.read_bytes()))
    write(folder / "rulings.json", scryfall_rulings(kld))
    result = CliRunner().invoke(cli, ["update", "--from", str(folder)])
    assert result.exit_code == 0, result.stderr
    kinds = [line.rsplit("(", 1)[1] for line in result.stdout.splitlines()]
    assert kinds == ["mtgjson)", "rules)", "scryfall rulings)"]
    assert all(": given, " in line for line in result.stdout.splitlines())
    (folder / "AllPrintings.json.gz.sha256").write_bytes(sha256(b"other"))
    damaged = CliRunner().invoke(cli, ["update", "--from", str(folder)])
    assert damaged.exit_code == 2 and "AllPrintings.json.gz: its SHA-256 is not the one in AllPrintings.json.gz.sha256" in damaged.stderr


def test_from_a_folder_treats_each_file_alone(tmp_path, isolated_home, kld):
    """One file that cannot be stored (damaged, or not a document it can read) does not keep the
    others out: each is stored or listed with its one-line reason, and the command exits 2."""
    folder = tmp_path / "by-hand"
    folder.mkdir()
    (folder / "MagicCompRules 20260807.txt").write_text(FRAGMENT, encoding="utf-8")
    printings = write(folder / "AllPrintings.json.gz", all_printings(kld), "gzip")
    (folder / "AllPrintings.json.gz.sha256").write_bytes(sha256(b"other"))  # damaged
    (folder / "notes.txt").write_text("a note to myself, not a rules document\n", encoding="utf-8")
    assert printings.exists()
    result = CliRunner().invoke(cli, ["update", "--from", str(folder)])
    assert result.exit_code == 2
    stored = result.stdout.splitlines()
    assert len(stored) == 1 and "MagicCompRules 20260807.txt: given, " in stored[0] and "(rules)" in stored[0]
    refused = [line for line in result.stderr.splitlines() if line.startswith("not stored: ")]
    assert len(refused) == 2
    assert any("AllPrintings.json.gz: its SHA-256 is not the one in" in line for line in refused)
    assert any("notes.txt" in line for line in refused)
    assert "mtgrules: 2 of 3 file(s) not stored (listed above); 1 stored" in result.stderr
    assert CliRunner().invoke(cli, ["rule", "100.1"]).exit_code == 0  # what could be stored, was
