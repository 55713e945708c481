"""Where the newest files are: the link on the official rules page, Scryfall's bulk data list."""

from __future__ import annotations

import json

import pytest

from mtgrules.errors import ParseError
from mtgrules.parsers import rules_page, scryfall

PAGE = "https://magic.wizards.com/en/rules"


def test_the_rules_text_link_is_made_absolute_and_safe():
    html = '<a href="https://media.wizards.com/2026/downloads/MagicCompRules 20260807.txt">TXT</a><a href="x.pdf">PDF</a>'
    assert rules_page.rules_text_link(html, PAGE) == "https://media.wizards.com/2026/downloads/MagicCompRules%2020260807.txt"
    assert rules_page.rules_text_link('<a href="/files/CR.TXT?v=2">TXT</a>', PAGE) == "https://magic.wizards.com/files/CR.TXT?v=2"


def test_of_several_text_links_the_rules_one_is_taken_or_the_page_is_refused():
    both = '<a href="/a/MagicCompRules%2020260807.txt">rules</a> <a href="/a/MagicTournamentRules.txt">MTR</a>'
    assert rules_page.rules_text_link(both, PAGE).endswith("/a/MagicCompRules%2020260807.txt")
    with pytest.raises(ParseError, match=r"links 2 \.txt files, expected one rules text"):
        rules_page.rules_text_link('<a href="/a.txt">a</a><a href="/b.txt">b</a>', PAGE)
    with pytest.raises(ParseError, match=r"links no rules text \(\.txt\).*--from FOLDER"):
        rules_page.rules_text_link("<p>Rules are coming soon.</p>", PAGE)


def test_scryfall_bulk_list_by_type():
    listing = {"object": "list", "has_more": False, "data": [
        {"object": "bulk_data", "type": "rulings", "download_uri": "https://data.scryfall.io/rulings/rulings-1.json",
         "size": 23_000_000, "updated_at": "2026-09-01T21:00:00.000+00:00"}]}
    files = scryfall.bulk_files(json.dumps(listing).encode(), "bulk-data")
    assert files["rulings"] == scryfall.BulkFile("rulings", "https://data.scryfall.io/rulings/rulings-1.json", 23_000_000,
                                                 "2026-09-01T21:00:00.000+00:00")
    listing["data"][0]["size"] = "23 MB"
    with pytest.raises(ParseError, match="bulk file 1: size is text, expected a whole number"):
        scryfall.bulk_files(json.dumps(listing).encode(), "bulk-data")
    with pytest.raises(ParseError, match="not Scryfall's bulk data list: no data list"):
        scryfall.bulk_files(b'{"object": "error", "details": "Not found"}', "bulk-data")
