"""The engine's links to rules and rulings, kept in the cache folder.

`mtgrules.engine.registry` finds which engine function executes each rule and ruling and which
tests demonstrate it by importing every engine module and reading every test file with `ast`:
about 100 ms, more than the rest of a `mtgrules rule` lookup. Those links change only when those
files do, so they are worked out once through the registry's public functions and kept in
`paths.cache_dir()/engine-links.json`, under a key made of every engine and test file's name,
size and modification time (and the package version); a lookup stats the files and reads the
JSON. A cache folder that cannot be written only means working them out each time.

`EngineLinks` answers the questions the lookups ask the registry (`implementations_for`,
`implementations_for_ruling`, `tests_for_rule`, `tests_for_ruling`, `tests_available`), so
either can be passed where a `registry` is expected.
"""

from __future__ import annotations

import contextlib
import json
import os
from dataclasses import dataclass

from mtgrules import __version__, paths

CACHE = "engine-links.json"
# Where `mtgrules.engine` and, beside it in a checkout, the tests are (the registry's
# PACKAGE_DIR and TESTS_DIR; an installed package carries the tests' links in a manifest
# among the engine's files), found without importing the registry, which costs 10 ms.
# Strings, not pathlib's paths: a lookup does not otherwise import pathlib (4 ms with urllib.parse).
_ENGINE = os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(__file__))), "engine")
_TESTS = os.path.join(os.path.dirname(_ENGINE), "tests")


@dataclass(frozen=True)
class Link:
    """An engine function that executes a rule or ruling (as `registry.Implementation` names it)."""

    module: str
    function: str
    path: str
    line: int

    @property
    def location(self) -> str:
        return f"{self.path}:{self.line}"


class EngineLinks:
    def __init__(self, data: dict):
        self.data = data

    def implementations_for(self, number: str) -> list[Link]:
        return [Link(*link) for link in self.data["rules"].get(number, {}).get("implemented", [])]

    def tests_for_rule(self, number: str) -> list[str]:
        return list(self.data["rules"].get(number, {}).get("tests", []))

    def implementations_for_ruling(self, card: str, en_digest: str) -> list[Link]:
        return [Link(*link) for link in self.data["rulings"].get(_ruling_key(card, en_digest), {}).get("implemented", [])]

    def tests_for_ruling(self, card: str, en_digest: str) -> list[str]:
        return list(self.data["rulings"].get(_ruling_key(card, en_digest), {}).get("tests", []))

    def tests_available(self) -> bool:
        return bool(self.data["tests_available"])


def _ruling_key(card: str, en_digest: str) -> str:
    return f"{card}\n{en_digest}"


def _key() -> list:
    """What the links depend on: every engine file's (the test manifest among them) and test
    file's name, size and time."""
    files = sorted([*_named(_ENGINE, (".py", ".json")), *(_named(_TESTS, (".py",)) if os.path.isdir(_TESTS) else [])])
    stats = [[file, (stat := os.stat(file)).st_size, stat.st_mtime_ns] for file in files]
    return [__version__, stats]


def _named(folder: str, endings: tuple[str, ...]) -> list[str]:
    """The files of `folder` whose names end so (what `Path.glob("*.py")` finds)."""
    return [os.path.join(folder, name) for name in os.listdir(folder) if name.endswith(endings)]


def _work_out() -> dict:
    """Every link, through the registry (imports the engine, reads the tests)."""
    from mtgrules.engine import registry

    def implemented(found) -> list[list]:
        return [[i.module, i.function, i.path, i.line] for i in found]

    numbers: set[str] = set()
    rulings: set[tuple[str, str]] = set()
    for implementation in registry.all_implementations():
        numbers.update(implementation.rules)
        rulings.update((card, digest) for card, digest in implementation.rulings)
    for link in registry.test_links():
        if link.marker == "rule":
            numbers.update(link.arguments)
        elif link.marker == "ruling" and len(link.arguments) >= 2:
            rulings.add((link.arguments[0], link.arguments[1]))
    return {
        "tests_available": registry.tests_available(),
        "rules": {n: {"implemented": implemented(registry.implementations_for(n)), "tests": registry.tests_for_rule(n)}
                  for n in sorted(numbers)},
        "rulings": {_ruling_key(card, digest): {"implemented": implemented(registry.implementations_for_ruling(card, digest)),
                                                "tests": registry.tests_for_ruling(card, digest)}
                    for card, digest in sorted(rulings)},
    }


def load() -> EngineLinks:
    """The links, from the cache when the engine and test files are as they were."""
    key = _key()
    cache = os.path.join(paths.cache_folder(), CACHE)
    try:
        held = json.loads(paths.read_whole(cache))
        if held.get("key") == key:
            return EngineLinks(held)
    except (OSError, ValueError, AttributeError, paths.FolderError):  # a FIFO or damage in a cache: worked out again
        pass
    data = {"key": key, **_work_out()}
    with contextlib.suppress(OSError, paths.FolderError):  # a cache: what was worked out is used all the same
        paths.write_whole(cache, json.dumps(data))
    return EngineLinks(data)
