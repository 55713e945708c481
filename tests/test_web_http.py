"""`mtgrules serve` over HTTP: every page and its JSON twin, as a browser and a script see them
(status, content type, headers), what the API gives beside what `--json` prints, escaping of
hostile ingested pages, bad parameters (400, one line), unknown rules (404 with suggestions),
the interface language, the bounds on a request, and one snapshot per request."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from urllib.parse import quote

import pytest
from click.testing import CliRunner
from starlette.testclient import TestClient
from web_corpus import IMAGE_TEXT, SCRIPT_TEXT, web_home

from mtgrules.cli.main import cli
from mtgrules.web.app import CSP, MAX_BODY, create_app
from mtgrules.web.params import MAX_PARAMETER

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "sba-704-5g-lethal-damage.toml"
EDITION = "2026-08-07"

PAGES = [
    "/search?q=da%C3%B1o+letal&lang=en,es,fr&edition=2026-08-07",
    "/rule/704.5g?lang=es,en&edition=2026-08-07",
    "/card/Aether%20Hub?lang=es,fr",
    "/term/lethal%20damage?lang=es,en&edition=2026-08-07",
    "/history/704.5g?lang=es&edition=2026-08-07",
    "/diff",
    "/diff?old=2025-06-06&new=2026-08-07&section=701",
    "/stale",
    "/scenario",
    "/scenario?example=sba-704-5g-lethal-damage",
]


@pytest.fixture(scope="module")
def corpus_home(tmp_path_factory):
    return web_home(tmp_path_factory.mktemp("web"))


@pytest.fixture
def client(home):
    with TestClient(create_app()) as client:
        yield client


def cli_json(*args: str) -> list:
    result = CliRunner().invoke(cli, [*args, "--json"])
    assert result.exit_code in (0, 1), result.output
    return [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]


# --- every page and its twin ---------------------------------------------------------------


@pytest.mark.parametrize("address", PAGES)
def test_every_page_answers_html_with_the_security_headers(client, address):
    response = client.get(address, follow_redirects=False)
    assert response.status_code == 200, response.text[-500:]
    assert response.headers["content-type"] == "text/html; charset=utf-8"
    assert response.headers["content-security-policy"] == CSP
    assert "script-src 'self'" in CSP and "unsafe-inline" not in CSP
    assert response.headers["x-content-type-options"] == "nosniff"
    # The only script is the site's own file: no inline script, no handler attribute.
    assert re.findall(r"<script[^>]*>", response.text) == ['<script src="/static/app.js" defer>']
    assert not re.search(r"\son[a-z]+=", response.text)
    assert "<main" in response.text and "<h1" in response.text and '<nav class="pages"' in response.text


@pytest.mark.parametrize("address", PAGES)
def test_every_page_has_a_json_twin(client, address):
    response = client.get("/api" + address)
    assert response.status_code == 200
    assert response.headers["content-type"] == "application/json"
    assert response.headers["content-security-policy"] == CSP
    assert json.loads(response.text) is not None


def test_the_api_gives_what_json_prints(client):
    """Each API answer is made by the functions `--json` uses: the same objects."""
    rule = client.get("/api/rule/704.5?lang=es,en").json()
    assert rule["entries"] == cli_json("rule", "704.5", "--lang", "es,en")
    search = client.get("/api/search", params={"q": "daño letal", "limit": "7"}).json()
    assert [{k: v for k, v in hit.items() if k != "url"} for hit in search["hits"]] == cli_json("search", "daño", "letal", "--limit", "7")
    card = client.get("/api/card/Aether%20Hub?lang=es").json()
    assert [card] == cli_json("card", "Aether Hub", "--lang", "es")
    term = client.get("/api/term/lethal%20damage?lang=es").json()
    assert term["entries"] == cli_json("term", "lethal damage", "--lang", "es")
    history = client.get("/api/history/704.5g?lang=es").json()
    assert history["entries"] == cli_json("history", "704.5g", "--lang", "es")
    stale = client.get("/api/stale?lang=es").json()
    assert stale["entries"] == cli_json("stale", "--lang", "es")
    judged = client.post("/api/scenario", data={"scenario": EXAMPLE.read_text(encoding="utf-8"), "lang": "es"}).json()
    printed = cli_json("judge", str(EXAMPLE), "--lang", "es")
    assert judged["events"] == printed[:-1] and {"board": judged["board"]} == printed[-1]


def test_search_hits_lead_to_their_pages(client):
    answer = client.get("/api/search", params={"q": "daño letal", "lang": "es"}).json()
    assert answer["hits"][0]["number"] == "704.5g"
    assert answer["hits"][0]["url"] == f"/rule/704.5g?lang=es&edition={EDITION}"
    page = client.get("/search", params={"q": "daño letal", "lang": "es", "edition": EDITION}).text
    assert f'href="/rule/704.5g?lang=es&amp;edition={EDITION}"' in page
    assert "<mark>daño</mark>" in page and "<mark>letal</mark>" in page
    # shown in Spanish, with the English text of the rule beside it
    assert "lethal damage" in answer["hits"][0]["english"]
    assert "<p class=\"snippet\" lang=\"en\">" in page and "dealt lethal damage" in page


def test_a_rule_number_query_leads_to_that_rule_first(client):
    answer = client.get("/api/search", params={"q": "CR 704.5g"}).json()
    assert answer["rule"]["number"] == "704.5g"


def test_the_results_block_is_the_pages(client):
    """What the script puts in place as one types is the block the page itself includes."""
    params = {"q": "energía", "lang": "es,en", "edition": EDITION}
    block = client.get("/search/results", params=params).text
    page = client.get("/search", params=params).text
    assert block.strip() and block.strip() in page


def test_a_rule_shows_one_column_per_language_english_always(client):
    page = client.get(f"/rule/704.5g?lang=es&edition={EDITION}", follow_redirects=False)
    assert page.status_code == 302 and page.headers["location"] == f"/rule/704.5g?lang=es,en&edition={EDITION}"
    page = client.get(f"/rule/704.5g?lang=es,en&edition={EDITION}").text
    assert re.findall(r'<div class="col" lang="(\w+)">', page) == ["es", "en"]
    assert "Si una criatura tiene resistencia mayor que 0" in page and "If a creature has toughness greater than 0" in page
    assert '<details class="engine">' in page  # the engine's code and tests, folded away
    assert "Parent" in page and "/rule/704.5?lang=es,en" in page and "/history/704.5g?" in page


def test_every_rule_reference_in_any_language_is_a_link(client):
    page = client.get(f"/rule/704.5u?lang=es,en&edition={EDITION}").text
    spanish = page[page.index('lang="es"'):page.index('lang="en"', page.index('lang="es"'))]
    assert f'<a class="ref" href="/rule/702.158?lang=es,en&amp;edition={EDITION}">702.158</a>' in spanish
    english = page[page.index('<div class="col" lang="en">'):]
    assert f'See rule <a class="ref" href="/rule/702.158?lang=es,en&amp;edition={EDITION}">702.158</a>' in " ".join(english.split())


def test_history_and_changes_mark_words_without_colour_alone(client):
    answer = client.get("/api/diff?old=2025-06-06&new=2026-08-07&section=701").json()
    printed = cli_json("diff", "2025-06-06", "2026-08-07", "--section", "701")
    assert answer["entries"] == printed
    page = client.get("/diff?old=2025-06-06&new=2026-08-07&section=701").text
    assert '<del><span class="sr">deleted: </span>' in page and '<ins><span class="sr">inserted: </span>' in page
    assert "moved" in page and 'href="/rule/701.50b?edition=2025-06-06"' in page
    history = client.get("/history/701.28c?lang=es&edition=2026-08-07").text
    assert "<del>" in history and "/rule/701.28c?lang=es&amp;edition=2025-06-06" in history


def test_a_card_shows_rulings_and_says_when_they_are_shared(client):
    page = client.get("/card/Aether%20Hub?lang=es").text
    assert "Planta de éter central" in page and "No Oracle text in the corpus." not in page
    assert "the same ruling is on" in page
    assert "2017-02-09" in page


def test_a_card_whose_rulings_have_no_english_shows_them_in_their_language(isolated_home):
    # The seeds alone: Electrozoa's rulings are Spanish, with no English original. An English
    # page showed "No rulings in the corpus."
    with TestClient(create_app()) as client:
        page = client.get("/card/Electrozoa?lang=en").text
        entry = client.get("/api/card/Electrozoa?lang=en").json()
    assert "No rulings in the corpus." not in page and "Los contadores de energía" in page
    assert "9 of the 9 rulings have no English original in the corpus: shown in es." in page
    assert "No Oracle text in the corpus." in page  # the seeds hold no card data: an empty column said so
    assert (entry["other_language_rulings"], entry["other_ruling_langs"]) == (9, ["es"])


def test_a_term_names_its_defining_rule(client):
    page = client.get(f"/term/lethal%20damage?lang=es,en&edition={EDITION}").text
    assert "Lethal Damage" in page and f"/rule/120.4a?lang=es,en&amp;edition={EDITION}" in page


def test_the_scenario_page_judges_and_links_the_rules(client):
    page = client.post("/scenario", files={"file": ("lethal.toml", EXAMPLE.read_bytes())}, data={"lang": "es"})
    assert page.status_code == 200
    assert f'<a class="ref" href="/rule/704.5g?lang=es,en&amp;edition={EDITION}">704.5g</a>' in page.text
    assert "The board at the end" in page.text


# --- hostile data ----------------------------------------------------------------------------


def test_an_ingested_page_with_script_shows_it_as_text(client):
    page = client.get(f"/rule/702.158?lang=es,en&edition={EDITION}").text
    for text in (SCRIPT_TEXT, IMAGE_TEXT):
        assert text not in page
    assert "&lt;script&gt;alert(&#34;texto&#34;)&lt;/script&gt;" in page
    assert "&lt;img src=x onerror=alert(&#34;img&#34;)&gt;" in page
    assert "javascript:" not in page and "Un enlace" in page
    answer = client.get(f"/api/rule/702.158?lang=es&edition={EDITION}").json()
    assert SCRIPT_TEXT in answer["entries"][1]["texts"]["es"]["text"]  # JSON carries the text as it is


def test_a_query_with_markup_is_escaped(client):
    page = client.get("/search", params={"q": '<script>alert(1)</script>"', "lang": "en", "edition": EDITION}).text
    assert "<script>alert(1)" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page


# --- bad parameters: 400 with one line -------------------------------------------------------


@pytest.mark.parametrize(
    ("address", "reason"),
    [
        ("/api/search?q=x&kind=spell", "kind=spell: not a kind of record"),
        ("/api/search?q=x&lang=qq", "lang=qq: not a language code"),
        ("/api/search?q=x&limit=0", "limit=0: give a whole number from 1 to 1000"),
        ("/api/search?q=x&limit=%D9%A3", "give a whole number"),
        ("/api/search?q=x&edition=2001-01-01", "no edition 2001-01-01 in the corpus"),
        ("/api/search?q=x&edition=soon", "give an edition as its date"),
        ("/api/search?q=(a", "query"),
        (f"/api/search?q={'a' * (MAX_PARAMETER + 1)}", f"the most is {MAX_PARAMETER}"),
        ("/api/rule/abc", "give a rule number such as 704.5"),
        ("/api/rule/704.5g?edition=1999-01-01", "no edition 1999-01-01"),
        ("/api/history/abc", "is not a rule number"),
        ("/api/diff?old=2026-08-07", "give both editions"),
        ("/api/diff?old=2025-06-06&new=2026-08-07&section=x", "section=x: give a chapter, section or rule number"),
        ("/api/diff?old=2020-01-01&new=latest", "no English edition 2020-01-01 in the corpus"),
        ("/api/stale?lang=en", "English is what translations follow"),
        ("/api/scenario?example=nothing-like-it", ""),
    ],
)
def test_bad_parameters_are_400_with_one_line(client, address, reason):
    response = client.get(address)
    if "example=" in address:
        assert response.status_code == 404  # an example that does not exist is not found
        return
    assert response.status_code == 400, response.text
    error = response.json()["error"]
    assert reason in error and "\n" not in error
    page = client.get(address.removeprefix("/api"))
    assert page.status_code == 400 and page.headers["content-type"].startswith("text/html")
    assert 'role="alert"' in page.text


def test_a_bad_scenario_is_400_naming_its_line(client):
    response = client.post("/api/scenario", data={"scenario": 'title = "x"\n[[players]]\nname = 3\n'})
    assert response.status_code == 400
    assert re.match(r"^scenario:3: ", response.json()["error"]), response.json()
    assert client.post("/api/scenario", data={"scenario": "  "}).json()["error"].startswith("no scenario given")


def test_a_scenario_beyond_the_file_bound_is_refused(client):
    big = b"# " + b"x" * (MAX_BODY + 10)
    response = client.post("/scenario", content=big, headers={"content-type": "application/x-www-form-urlencoded"})
    assert response.status_code == 413 and "\n" not in response.text.strip()
    response = client.post("/api/scenario", files={"file": ("big.toml", b"#" * (1 << 20) + b"\n")})
    assert response.status_code == 400 and "the most a scenario file may be" in response.json()["error"]


def test_a_body_of_undeclared_length_is_refused(client):
    def chunks():
        yield b"scenario=x"

    response = client.post("/api/scenario", content=chunks(), headers={"content-type": "application/x-www-form-urlencoded"})
    assert response.status_code == 411


# --- unknown: 404 with suggestions -----------------------------------------------------------


def test_an_unknown_rule_is_404_with_the_nearest_rules(client):
    response = client.get(f"/api/rule/704.5zz?lang=en&edition={EDITION}")
    assert response.status_code == 404
    answer = response.json()
    assert answer["error"] == f"no rule 704.5zz in the corpus (edition {EDITION})"
    assert [s["number"] for s in answer["suggestions"]][:3] == ["704.5", "704.5a", "704.5b"]
    page = client.get(f"/rule/704.5zz?lang=en&edition={EDITION}")
    assert page.status_code == 404 and f'href="/rule/704.5?lang=en&amp;edition={EDITION}"' in page.text


def test_not_found_is_said_in_the_interface_language(client):
    answer = client.get(f"/api/rule/704.5zz?lang=en&edition={EDITION}", headers={"accept-language": "es"}).json()
    assert answer["error"] == f"no existe la regla 704.5zz en el corpus (edición {EDITION})"


def test_unknown_card_term_and_page_are_404(client):
    card = client.get("/api/card/Zzyzx%20Flarnqua")
    assert card.status_code == 404 and card.json()["error"] == "no card named 'Zzyzx Flarnqua' in the corpus"
    assert client.get("/api/term/zzqxjvk").status_code == 404
    assert client.get("/nowhere").status_code == 404
    assert client.get("/api/nowhere").json()["error"] == "no page at /api/nowhere"


# --- addresses, languages, cookies -----------------------------------------------------------


def test_an_address_without_languages_or_edition_gets_them(client):
    plain = client.get("/rule/704.5G", follow_redirects=False)
    assert plain.status_code == 302 and plain.headers["location"] == f"/rule/704.5g?lang=en&edition={EDITION}"
    spanish = client.get("/rule/704.5g", headers={"accept-language": "es-ES,es;q=0.9,en;q=0.5"}, follow_redirects=False)
    assert spanish.headers["location"] == f"/rule/704.5g?lang=es,en&edition={EDITION}"
    chosen = client.get(f"/rule/704.5g?lang=fr,en&edition={EDITION}")
    assert chosen.headers["set-cookie"].startswith("langs=fr:en;")
    remembered = client.get("/rule/704.5g", follow_redirects=False)
    assert remembered.headers["location"] == f"/rule/704.5g?lang=fr,en&edition={EDITION}"
    assert client.get("/search?q=energ", follow_redirects=False).headers["location"].endswith(f"&edition={EDITION}")


def test_the_interface_speaks_the_browsers_language_and_the_chosen_one(client):
    french = client.get(f"/rule/704.5g?lang=en&edition={EDITION}", headers={"accept-language": "fr-CA,fr;q=0.9"}).text
    assert '<html lang="fr">' in french
    english = client.get(f"/rule/704.5g?lang=en&edition={EDITION}", headers={"accept-language": "de"}).text
    assert '<html lang="en">' in english
    chosen = client.get("/language", params={"ui": "es", "next": "/stale"}, follow_redirects=False)
    assert chosen.status_code == 303 and chosen.headers["location"] == "/stale"
    spanish = client.get(f"/rule/704.5g?lang=en&edition={EDITION}", headers={"accept-language": "fr"}).text
    assert '<html lang="es">' in spanish  # the cookie comes before the browser's preference
    assert client.get("/language", params={"ui": "xx"}).status_code == 400


@pytest.mark.parametrize("target", ["//evil.example/", "https://evil.example/", "/\\evil.example", "javascript:alert(1)"])
def test_the_language_switch_goes_back_only_to_this_site(client, target):
    response = client.get("/language", params={"ui": "fr", "next": target}, follow_redirects=False)
    assert response.headers["location"] == "/"


def test_static_files_and_their_types(client):
    assert client.get("/static/app.js").headers["content-type"].startswith(("text/javascript", "application/javascript"))
    assert client.get("/static/style.css").headers["content-type"].startswith("text/css")
    assert client.get("/favicon.ico", follow_redirects=False).headers["location"] == "/static/icon.svg"


# --- one snapshot per request ----------------------------------------------------------------


def test_an_ingest_in_another_terminal_is_seen_on_the_next_request(corpus_home, tmp_path, monkeypatch):
    home = tmp_path / "home"
    shutil.copytree(corpus_home, home)
    monkeypatch.setenv("MTGRULES_HOME", str(home))
    card_set = Path(__file__).resolve().parents[2] / "shared" / "corpus-data" / "sets" / "AER.json"
    if not card_set.exists():
        pytest.skip(f"real data not available: {card_set}")
    with TestClient(create_app()) as client:
        assert client.get("/api/card/" + quote("Aethersphere Harvester")).status_code == 404
        before = client.get("/api/search", params={"q": "Aethersphere Harvester", "kind": "card"}).json()["hits"]
        assert not [hit for hit in before if hit["card"] == "Aethersphere Harvester"]
        assert CliRunner().invoke(cli, ["ingest", str(card_set)]).exit_code == 0
        assert client.get("/api/card/" + quote("Aethersphere Harvester")).status_code == 200
        hits = client.get("/api/search", params={"q": "Aethersphere Harvester", "kind": "card"}).json()["hits"]
        assert hits and hits[0]["card"] == "Aethersphere Harvester"


def test_the_search_page_names_the_words_a_translation_left_out(client):
    # "soixante" (sixty) has no pair in the lexicon: the translation line says it was not searched.
    params = {"q": "soixante cartes", "edition": EDITION}
    page = client.get("/search", params=params).text
    assert '<span class="untranslated">(not translated: soixante)</span>' in page
    french = client.get("/search", params=params, headers={"accept-language": "fr"}).text
    assert "(non traduit : soixante)" in french
    hits = client.get("/api/search", params=params).json()["hits"]
    assert any(hit["untranslated"] == ["soixante"] for hit in hits)
    assert "untranslated" not in client.get("/search", params={"q": "daño letal", "edition": EDITION}).text
