"""The cached engine links give what the registry gives, and are worked out again when an
engine or test file changes."""

from __future__ import annotations

from mtgrules.engine import registry
from mtgrules.lookup import engine_links


def test_the_cache_answers_as_the_registry_does():
    links = engine_links.load()
    for implementation in registry.all_implementations():
        for number in implementation.rules:
            assert [i.location for i in links.implementations_for(number)] == [i.location for i in registry.implementations_for(number)]
            assert links.tests_for_rule(number) == registry.tests_for_rule(number)
        for card, digest in implementation.rulings:
            assert [i.location for i in links.implementations_for_ruling(card, digest)] == [
                i.location for i in registry.implementations_for_ruling(card, digest)
            ]
            assert links.tests_for_ruling(card, digest) == registry.tests_for_ruling(card, digest)
    assert links.tests_for_rule("704.5g") and links.tests_available()
    assert links.implementations_for("999.9z") == [] and links.tests_for_rule("999.9z") == []


def test_the_cache_is_reused_until_a_test_file_changes(tmp_path, monkeypatch):
    tests = tmp_path / "tests"
    tests.mkdir()
    marked = tests / "test_one.py"
    marked.write_text(
        "import pytest\nfrom mtgrules.engine.sba import check_state_based_actions\n\n"
        "@pytest.mark.rule('704.5g')\ndef test_a(state):\n    check_state_based_actions(state)\n",
        encoding="utf-8",
    )
    monkeypatch.setattr(engine_links, "_TESTS", tests)
    monkeypatch.setattr(registry, "TESTS_DIR", tests)
    registry._read_tests.cache_clear()
    worked_out = []
    real = engine_links._work_out
    monkeypatch.setattr(engine_links, "_work_out", lambda: worked_out.append(1) or real())

    assert engine_links.load().tests_for_rule("704.5g") == ["tests/test_one.py::test_a"]
    assert engine_links.load().tests_for_rule("704.5g") == ["tests/test_one.py::test_a"]
    assert len(worked_out) == 1, "the second lookup reads the cache"

    marked.write_text(marked.read_text(encoding="utf-8").replace("test_a", "test_renamed"), encoding="utf-8")
    registry._read_tests.cache_clear()
    assert engine_links.load().tests_for_rule("704.5g") == ["tests/test_one.py::test_renamed"]
    assert len(worked_out) == 2
    registry._read_tests.cache_clear()
