"""`mtgrules serve` in a real browser: headless Chromium from the distribution (`chromium` and
`chromium-driver`, which .ci/run installs where missing) driven by Selenium, against the server
started as a person starts it (`mtgrules serve --port N`) on the web tests' corpus.

Every test ends by reading the browser's console: no page visited may log an error. The tests
skip, saying why, only where Chromium or its driver is absent.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

import pytest
from web_corpus import SCRIPT_TEXT, web_home

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None or DRIVER is None,
    reason="Chromium is absent: install the distribution's chromium and chromium-driver (apt-get install chromium chromium-driver)",
)
EDITION = "2026-08-07"
LAPTOP, PHONE = (1280, 900), (375, 812)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """`mtgrules serve` on a free port of 127.0.0.1, over the web tests' corpus."""
    home = web_home(tmp_path_factory.mktemp("web-browser"))
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    log = tmp_path_factory.mktemp("log") / "serve.log"
    with open(log, "wb") as output:
        process = subprocess.Popen([sys.executable, "-m", "mtgrules", "serve", "--port", str(port)],
                                   env={"MTGRULES_HOME": str(home), "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"},
                                   stdout=output, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                urllib.request.urlopen(base + "/api/search?q=x", timeout=5)  # the search is opened here
                break
            except OSError:
                if process.poll() is not None:
                    raise AssertionError(log.read_text()) from None
                time.sleep(0.1)
        yield base
    finally:
        process.terminate()
        process.wait(timeout=10)


@pytest.fixture
def browser(server):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    profile = tempfile.mkdtemp(prefix="mtgrules-chromium-")
    for argument in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                     "--disable-component-update", "--disable-sync", "--no-first-run", f"--user-data-dir={profile}",
                     f"--window-size={LAPTOP[0]},{LAPTOP[1]}"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    driver.implicitly_wait(0)
    driver.base = server
    try:
        yield driver
        assert no_dialog(driver)
        assert console_errors(driver) == []
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def console_errors(driver) -> list[str]:
    return [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


def no_dialog(driver) -> bool:
    from selenium.common.exceptions import NoAlertPresentException

    try:
        driver.switch_to.alert.text  # noqa: B018 (asking is what raises)
    except NoAlertPresentException:
        return True
    return False


def wait_for(condition, timeout: float = 10.0):
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError("timed out waiting")
        time.sleep(0.05)


def visit(driver, address: str) -> None:
    driver.get(driver.base + address)


def found(driver, css: str):
    from selenium.webdriver.common.by import By

    return driver.find_elements(By.CSS_SELECTOR, css)


def test_typing_shows_the_results_as_one_types(browser):
    visit(browser, "/search")
    box = found(browser, "#q")[0]
    assert browser.switch_to.active_element == box  # the search page opens with the box ready
    box.send_keys("daño letal")
    links = wait_for(lambda: [a.text for a in found(browser, "#results a.hit-link")])
    assert links[0] == "rule 704.5g"
    assert "daño" in [mark.text for mark in found(browser, "#results mark")]


def test_enter_opens_the_first_result_and_slash_focuses_search(browser):
    from selenium.webdriver.common.keys import Keys

    visit(browser, f"/rule/704.5?lang=en&edition={EDITION}")
    found(browser, "body")[0].send_keys("/")
    box = found(browser, "#q")[0]
    assert browser.switch_to.active_element == box
    box.send_keys("daño letal", Keys.ENTER)
    wait_for(lambda: "/rule/704.5g" in browser.current_url)
    assert found(browser, "h1")[0].text.startswith("704.5g")


def test_clicking_a_rule_reference_opens_that_rule(browser):
    visit(browser, f"/rule/704.5u?lang=es,en&edition={EDITION}")
    spanish = found(browser, '.col[lang="es"] a.ref')
    reference = next(a for a in spanish if a.text == "702.158")
    reference.click()
    wait_for(lambda: "/rule/702.158?" in browser.current_url)
    assert found(browser, "h1")[0].text.startswith("702.158")


def test_a_short_page_says_where_the_partial_matches_begin(browser):
    """Two records hold every word of "energy planeswalker" (two cards); the page goes on with
    records holding one of them, and says so just before the first of those, where the API marks
    the first partial hit. A query no record holds whole says so above its list, with no line."""
    import json
    import urllib.parse

    query = "energy planeswalker"
    with urllib.request.urlopen(browser.base + "/api/search?q=" + urllib.parse.quote(query), timeout=30) as answer:
        partial = [hit["partial"] for hit in json.load(answer)["hits"]]
    first = partial.index(True)
    assert first > 0 and not any(partial[:first])
    visit(browser, "/search?q=" + urllib.parse.quote(query))
    items = wait_for(lambda: found(browser, "#results ol.hits > li"))
    tiers = [n for n, item in enumerate(items) if "tier" in item.get_attribute("class").split()]
    line = next(n for n in tiers if "not every one" in items[n].text)
    assert sum(1 for item in items[:line] if "hit" in item.get_attribute("class").split()) == first
    assert not found(browser, "#results p.note")
    visit(browser, "/search?q=" + urllib.parse.quote("lethal damage energy"))
    wait_for(lambda: found(browser, "#results ol.hits > li"))
    assert "No record holds every word" in found(browser, "#results p.note")[0].text
    assert not [item for item in found(browser, "#results li.tier") if "not every one" in item.text]


def test_a_rule_shows_spanish_and_english_side_by_side_and_stacked_on_a_phone(browser):
    visit(browser, f"/rule/704.5g?lang=es,en&edition={EDITION}")
    spanish, english = found(browser, ".col")
    assert (spanish.get_attribute("lang"), english.get_attribute("lang")) == ("es", "en")
    assert spanish.text.startswith("ES") and "Si una criatura tiene resistencia" in spanish.text
    assert "If a creature has toughness" in english.text
    assert spanish.location["y"] == english.location["y"] and spanish.location["x"] < english.location["x"]
    browser.set_window_size(*PHONE)
    spanish, english = found(browser, ".col")
    assert spanish.location["x"] == english.location["x"] and spanish.location["y"] < english.location["y"]


def test_the_interface_in_french_after_choosing_french(browser):
    from selenium.webdriver.support.ui import Select

    visit(browser, f"/rule/704.5g?lang=es,en&edition={EDITION}")
    assert browser.find_element("css selector", "html").get_attribute("lang") == "en"
    Select(found(browser, "#ui-lang")[0]).select_by_value("fr")  # the script submits the choice
    wait_for(lambda: browser.find_element("css selector", "html").get_attribute("lang") == "fr")
    assert "/rule/704.5g?lang=es,en" in browser.current_url  # back on the same page
    assert found(browser, "nav.pages a")[0].text == "Rechercher"
    visit(browser, "/stale")
    assert browser.find_element("css selector", "html").get_attribute("lang") == "fr"  # remembered


PAGES = [
    "/search?q=da%C3%B1o+letal",
    f"/rule/704.5?lang=es,en&edition={EDITION}",
    "/card/Aether%20Hub?lang=es,fr",
    f"/term/lethal%20damage?lang=es,en&edition={EDITION}",
    f"/history/701.28c?lang=es&edition={EDITION}",
    "/diff?old=2025-06-06&new=2026-08-07&section=701",
    "/stale",
    "/scenario?example=sba-704-5g-lethal-damage",
]


def test_no_page_scrolls_sideways_on_a_phone(browser):
    browser.set_window_size(*PHONE)
    for address in PAGES:
        visit(browser, address)
        wide, seen = browser.execute_script("return [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
        assert wide <= seen, address
        assert console_errors(browser) == [], address


def test_an_unknown_rule_offers_the_nearest_on_a_phone(browser):
    browser.set_window_size(*PHONE)
    visit(browser, f"/rule/704.5zz?lang=en&edition={EDITION}")
    assert [a.text for a in found(browser, ".suggestions a")][:2] == ["704.5", "704.5a"]
    wide, seen = browser.execute_script("return [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert wide <= seen
    # The one console line is the browser's note of the page's own status, 404.
    assert [line for line in console_errors(browser) if not ("/rule/704.5zz?" in line and "status of 404" in line)] == []
    browser.get_log("browser")


def test_focus_is_visible_and_pages_have_landmarks(browser):
    from selenium.webdriver.common.keys import Keys

    for address in PAGES:
        visit(browser, address)
        assert len(found(browser, "main")) == 1 and found(browser, "header") and found(browser, "nav")
        assert len(found(browser, "h1")) >= 1, address
    visit(browser, f"/rule/704.5?lang=en&edition={EDITION}")
    found(browser, "body")[0].send_keys(Keys.TAB)
    focused = browser.switch_to.active_element
    assert browser.execute_script("return getComputedStyle(arguments[0]).outlineStyle", focused) != "none"


def test_an_ingested_page_with_script_runs_nothing(browser):
    visit(browser, f"/rule/702.158?lang=es,en&edition={EDITION}")
    assert SCRIPT_TEXT in found(browser, "main")[0].text  # shown, as text
    assert no_dialog(browser)
    assert browser.execute_script("return document.querySelectorAll('main script, main img').length") == 0
    assert console_errors(browser) == []


def test_the_scenario_page_judges_an_example_and_links_its_rules(browser):
    visit(browser, "/scenario?example=sba-704-5g-lethal-damage")
    assert "[[players]]" in found(browser, "#scenario")[0].get_attribute("value")
    found(browser, "form.scenario button[type=submit]")[0].click()
    rules = wait_for(lambda: [a for a in found(browser, ".events a.ref") if a.text == "704.5g"])
    rules[0].click()
    wait_for(lambda: "/rule/704.5g" in browser.current_url)
    assert found(browser, "h1")[0].text.startswith("704.5g")


def test_every_page_loads_without_a_console_error(browser):
    for address in PAGES:
        visit(browser, address)
        assert console_errors(browser) == [], address


def test_the_stylesheet_and_script_are_this_servers(browser):
    visit(browser, "/search")
    sources = browser.execute_script(
        "return Array.from(document.querySelectorAll('script[src], link[href], img[src]')).map(e => e.src || e.href)")
    assert sources and all(source.startswith(browser.base + "/static/") for source in sources)
