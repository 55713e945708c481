"""The links between rules, rulings, engine code and tests: every citation is real, every
implementation is tested, and the registry finds both sides."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest
from conftest import REPO, corpus_file

from mtgrules.engine import registry, rulings, testlinks
from mtgrules.parsers.comprehensive_rules import parse_file
from mtgrules.records import ruling_digest
from mtgrules.rulenumbers import subrule


def english_rules(path: Path) -> dict[str, str]:
    """Rule number -> text of an English edition, read by the project's own parser."""
    return {record.number: record.text for record in parse_file(path).rules()}


def cited_rules() -> list[tuple[str, str, tuple[str, ...]]]:
    return [
        (f"{i.path}:{i.line} {i.function}", number, words)
        for i in registry.all_implementations()
        for number, words in i.expects.items()
    ]


def citation_problems(rules: dict[str, str], citations) -> list[str]:
    problems = []
    for where, number, words in citations:
        if number not in rules:
            problems.append(f"{where}: cites {number}, which the edition does not have")
            continue
        missing = [w for w in words if w.lower() not in rules[number].lower()]
        if missing:
            problems.append(f"{where}: {number} no longer contains {missing}")
    return problems


@pytest.mark.shared
def test_every_cited_rule_exists_and_still_says_what_the_code_expects(cr_2026):
    assert citation_problems(english_rules(cr_2026), cited_rules()) == []


@pytest.mark.shared
def test_every_rule_number_written_in_the_engine_exists(cr_2026):
    """Events and actions name rules too ("121.1", "701.6a"): each must be a real rule."""
    rules = english_rules(cr_2026)
    written = {
        (path.name, number)
        for path in sorted((REPO / "engine").glob("*.py"))
        for number in re.findall(r"[\"'](\d{3}\.\d+[a-z]*)[\"']", path.read_text(encoding="utf-8"))
    }
    assert len(written) > 40
    assert sorted((name, n) for name, n in written if n not in rules) == []


def test_every_citation_states_what_it_expects():
    assert [(where, n) for where, n, words in cited_rules() if not words] == []


@pytest.mark.shared
def test_a_drifted_citation_would_be_caught(cr_2026):
    """The check can fail: a missing number or a word the rule lacks is reported."""
    drifted = [("a.py:1 f", "704.5o", ("anything",)), ("a.py:2 g", "704.5g", ("lethal damage", "indestructible"))]
    assert citation_problems(english_rules(cr_2026), drifted) == [
        "a.py:1 f: cites 704.5o, which the edition does not have",
        "a.py:2 g: 704.5g no longer contains ['indestructible']",
    ]


@pytest.mark.shared
def test_every_ruling_digest_names_a_real_english_ruling():
    texts: dict[str, list[str]] = {}
    for name in ("BLB-kitnap.mtgjson-excerpt.json", "MH3-electrozoa.mtgjson-excerpt.json", "KLD.mtgjson-v5.json"):
        data = json.loads(corpus_file(f"rulings/{name}").read_text(encoding="utf-8"))
        for card in data["data"]["cards"]:
            texts.setdefault(card["name"], []).extend(r["text"] for r in card.get("rulings", []))
    named = [v for k, v in vars(rulings).items() if k.isupper()]
    assert named, "engine/rulings.py names no ruling"
    unknown = [(card, digest) for card, digest in named if digest not in {ruling_digest(t) for t in texts.get(card, [])}]
    assert unknown == []


def test_all_of_704_5_is_implemented_and_tested():
    numbers = [subrule("704.5", i) for i in range(25)]
    assert numbers[-1] == "704.5aa"
    assert [n for n in numbers if not registry.implementations_for(n)] == []
    assert [n for n in numbers if not registry.tests_for_rule(n)] == []


def test_every_implemented_rule_and_ruling_has_a_test():
    implementations = registry.all_implementations()
    untested_rules = sorted({n for i in implementations for n in i.rules if not registry.tests_for_rule(n)})
    untested_rulings = sorted({r for i in implementations for r in i.rulings if not registry.tests_for_ruling(*r)})
    assert (untested_rules, untested_rulings) == ([], [])


def test_every_tested_rule_is_implemented():
    """A test marked with a rule demonstrates engine code for that rule, not a wish."""
    numbers = {n for link in testlinks.read_links(registry.TESTS_DIR) if link.marker == "rule" for n in link.arguments}
    assert sorted(n for n in numbers if not registry.implementations_for(n)) == []


def test_only_tests_that_drive_the_engine_link_to_rules():
    """Honest links: a marker says the test demonstrates the engine executing that rule, so a
    test of citations or of the command line that never runs engine code may not carry one."""
    links = testlinks.read_links(registry.TESTS_DIR)
    assert len(links) > 100
    assert sorted({link.node for link in links if not link.drives_engine}) == []


def test_a_marker_on_a_test_that_does_not_drive_the_engine_is_caught(tmp_path, monkeypatch):
    tests = tmp_path / "tests"
    tests.mkdir()
    (tests / "test_sample.py").write_text(
        "import pytest\n"
        "from mtgrules.engine.sba import check_state_based_actions\n"
        "from mtgrules.study import judging\n"
        "def make():\n"
        "    return check_state_based_actions\n"
        "@pytest.mark.rule('704.5g')\n"
        "def test_direct(): check_state_based_actions(None)\n"
        "@pytest.mark.rule('704.5g')\n"
        "def test_through_a_helper(): make()\n"
        "@pytest.mark.rule('704.5g')\n"
        "def test_citations_only(): judging.judge(None)\n"
        "@pytest.mark.rule('704.5g')\n"
        "def test_local_import():\n"
        "    from mtgrules.engine import combat\n"
        "    combat.cleanup(None)\n",
        encoding="utf-8",
    )
    drives = {link.node.split("::")[1]: link.drives_engine for link in testlinks.read_links(tests)}
    assert drives == {"test_direct": True, "test_through_a_helper": True, "test_citations_only": False, "test_local_import": True}
    monkeypatch.setattr(registry, "TESTS_DIR", tests)
    assert registry.tests_for_rule("704.5g") == [f"tests/test_sample.py::{name}" for name in
                                                 ("test_direct", "test_local_import", "test_through_a_helper")]


def test_implementation_points_at_its_code():
    [implementation] = registry.implementations_for("704.5g")
    assert (implementation.module, implementation.function, implementation.path) == (
        "mtgrules.engine.sba", "lethal_damage", "engine/sba.py")
    line = (REPO / implementation.path).read_text(encoding="utf-8").splitlines()[implementation.line - 1]
    assert line.startswith('@implements("704.5g"')
    assert implementation.location == f"engine/sba.py:{implementation.line}"


def test_stacked_decorators_make_one_implementation_in_reading_order():
    [implementation] = registry.implementations_for("701.50d")
    assert implementation.function == "connive"
    assert implementation.rules == ["701.50a", "701.50b", "701.50d", "701.50e", "701.50f"]
    assert "last known information" in implementation.expects["701.50b"]


def test_rulings_link_to_implementations_and_tests():
    card, digest = rulings.KITNAP_ONCE
    assert [i.function for i in registry.implementations_for_ruling(card, digest)] == ["promise_gift"]
    assert registry.tests_for_ruling(card, digest) == ["tests/test_engine_gift.py::test_gift_cost_cannot_be_paid_twice"]
    assert registry.tests_for_ruling(card, "000000000000") == []


def test_tests_for_rule_are_real_node_ids():
    node_ids = registry.tests_for_rule("704.5g")
    assert "tests/test_engine_sba.py::test_lethal_damage_destroys" in node_ids
    for node_id in node_ids:
        path, name = node_id.split("::")
        tree = ast.parse((REPO / path).read_text(encoding="utf-8"))
        assert name in {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}


def test_markers_are_read_from_functions_classes_and_modules(tmp_path, monkeypatch):
    tests = tmp_path / "tests"
    tests.mkdir()
    (tests / "test_sample.py").write_text(
        "import pytest\n"
        "from mtgrules.engine.state import State\n"
        "pytestmark = [pytest.mark.rule('704.5a')]\n"
        "@pytest.mark.rule('704.5b', '704.5c')\n"
        "def test_one(): State([])\n"
        "@pytest.mark.ruling('Kitnap', 'abc')\n"
        "class TestGroup:\n"
        "    def test_two(self): State([])\n"
        "    def helper(self): pass\n",
        encoding="utf-8",
    )
    (tests / "test_broken.py").write_text("@pytest.mark.rule('704.5a')\ndef test_(:\n", encoding="utf-8")
    monkeypatch.setattr(registry, "TESTS_DIR", tests)
    assert registry.tests_for_rule("704.5a") == ["tests/test_sample.py::TestGroup::test_two", "tests/test_sample.py::test_one"]
    assert registry.tests_for_rule("704.5c") == ["tests/test_sample.py::test_one"]
    assert registry.tests_for_ruling("Kitnap", "abc") == ["tests/test_sample.py::TestGroup::test_two"]


def test_without_a_tests_folder_or_a_manifest_there_are_no_test_links(tmp_path, monkeypatch):
    monkeypatch.setattr(registry, "TESTS_DIR", tmp_path / "absent")
    monkeypatch.setattr(registry, "MANIFEST", tmp_path / "absent.json")
    assert not registry.tests_available()
    assert registry.tests_for_rule("704.5g") == []


def test_without_a_tests_folder_the_manifest_the_build_wrote_is_read(tmp_path, monkeypatch):
    """What an installed package does: the build step wrote the links of tests/ beside the
    engine (build_manifest.py); with no tests folder, the registry reads them from there."""
    manifest = tmp_path / testlinks.MANIFEST_NAME
    testlinks.write_manifest(registry.TESTS_DIR, manifest)
    digest, links = testlinks.read_manifest(manifest)
    assert digest == testlinks.digest(registry.TESTS_DIR) and links == testlinks.read_links(registry.TESTS_DIR)
    monkeypatch.setattr(registry, "TESTS_DIR", tmp_path / "absent")
    monkeypatch.setattr(registry, "MANIFEST", manifest)
    assert registry.tests_available()
    assert "tests/test_engine_sba.py::test_lethal_damage_destroys" in registry.tests_for_rule("704.5g")
    testlinks.write_manifest(tmp_path / "no-tests", manifest)  # built from a tree without tests
    registry._read_manifest.cache_clear()
    assert not registry.tests_available() and registry.tests_for_rule("704.5g") == []


def test_the_build_step_writes_the_manifest_into_the_built_package(tmp_path):
    """pyproject runs build_manifest.BuildPy as setuptools' build_py: after it, the built
    package carries the links of this checkout's tests, so a non-editable install knows them,
    and the manifest is never older than the tests it was built from."""
    import importlib.util
    import tomllib

    from setuptools.dist import Distribution

    settings = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    assert settings["tool"]["setuptools"]["cmdclass"] == {"build_py": "build_manifest.BuildPy"}
    spec = importlib.util.spec_from_file_location("build_manifest", REPO / "build_manifest.py")
    assert spec is not None and spec.loader is not None
    hooks = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hooks)
    command = hooks.BuildPy(Distribution({"name": "mtgrules", "packages": []}))
    command.build_lib = str(tmp_path)
    command.ensure_finalized()
    command.run()
    data = json.loads((tmp_path / "mtgrules" / "engine" / testlinks.MANIFEST_NAME).read_text(encoding="utf-8"))
    assert data["digest"] == testlinks.digest(registry.TESTS_DIR)
    assert [link[0] for link in data["links"]] == [link.node for link in testlinks.read_links(registry.TESTS_DIR)]
