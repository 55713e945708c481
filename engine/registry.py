"""The links between the rules and the code that executes them, built from the code itself.

Each engine function that executes a rule says so with `@implements("704.5g", expects=(...))`;
`expects` are a few words the rule's text must still contain, so a test catches a citation that
drifted when a new edition renumbered or reworded the rule. Rulings are linked the same way, by
the English card name and `ruling_digest` of the English ruling (its text never enters the repo).
Decorators can be stacked: one function may execute several rules.

Tests link themselves with pytest markers, `@pytest.mark.rule("704.5g")` and
`@pytest.mark.ruling("Electrozoa", "<digest>")`; only tests that drive the engine count (see
`testlinks`, which reads them with `ast`: no test is imported or run). They are read from
`tests/*.py` when the tests folder is beside the package (a checkout or an editable install),
else from the manifest the build wrote into the package; `tests_available()` says whether
either is there.

Public API (the `rule`, `card` and `engine coverage` commands use these; the tests also use
`all_implementations`):

    implementations_for("704.5g") -> list[Implementation]
    implementations_for_ruling("Kitnap", digest) -> list[Implementation]
    tests_for_rule("704.5g") -> list[str]          # pytest node ids
    tests_for_ruling("Kitnap", digest) -> list[str]
    all_implementations() -> list[Implementation]
    tests_available() -> bool
    test_links() -> list[Link]                     # every link, for a cache of them (lookup.engine_links)
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from .testlinks import MANIFEST_NAME, Link, read_links, read_manifest

PACKAGE_DIR = Path(__file__).resolve().parent
ROOT = PACKAGE_DIR.parent  # the checkout in a checkout; site-packages/mtgrules when installed
TESTS_DIR = ROOT / "tests"
MANIFEST = PACKAGE_DIR / MANIFEST_NAME

_REGISTRY: dict[tuple[str, str], Implementation] = {}


@dataclass
class Implementation:
    """One engine function and what it executes."""

    module: str  # "mtgrules.engine.sba"
    function: str  # "lethal_damage"
    path: str  # relative to the folder above the package: "engine/sba.py"
    line: int  # line of the function's first decorator
    rules: list[str] = field(default_factory=list)  # rule numbers, in declaration order
    expects: dict[str, tuple[str, ...]] = field(default_factory=dict)  # rule -> words its text must contain
    rulings: list[tuple[str, str]] = field(default_factory=list)  # (English card name, en_digest)

    @property
    def location(self) -> str:
        return f"{self.path}:{self.line}"


def _implementation(function: Callable) -> Implementation:
    key = (function.__module__, function.__qualname__)
    if key not in _REGISTRY:
        source_file = inspect.getsourcefile(function)
        if source_file is None:
            raise ValueError(f"@implements on {function.__qualname__}: its source file is unknown, so it can't be linked")
        source = Path(source_file).resolve()
        try:  # "engine/sba.py", in a checkout and in an installed package alike
            path = source.relative_to(ROOT).as_posix()
        except ValueError:
            path = source.as_posix()
        _REGISTRY[key] = Implementation(
            module=function.__module__,
            function=function.__qualname__,
            path=path,
            line=function.__code__.co_firstlineno,
        )
    return _REGISTRY[key]


def implements(
    *rules: str, expects: tuple[str, ...] = (), rulings: tuple[tuple[str, str], ...] = ()
) -> Callable[[Callable], Callable]:
    """Declare that the decorated function executes `rules` (and the given rulings). `expects`
    applies to every rule of this decorator; stack decorators when rules need different words.
    The function is returned unchanged."""

    def decorate(function: Callable) -> Callable:
        implementation = _implementation(function)
        # Stacked decorators apply bottom-up; inserting at the front keeps the reading order.
        for number in reversed(rules):
            if number not in implementation.rules:
                implementation.rules.insert(0, number)
            implementation.expects[number] = tuple(expects)
        for card, digest in reversed(rulings):
            if (card, digest) not in implementation.rulings:
                implementation.rulings.insert(0, (card, digest))
        return function

    return decorate


@lru_cache(maxsize=1)
def _load_engine() -> None:
    """Import every engine module (once) so that their decorators run."""
    for module in pkgutil.iter_modules([str(PACKAGE_DIR)]):
        importlib.import_module(f"{__package__}.{module.name}")


def all_implementations() -> list[Implementation]:
    _load_engine()
    return sorted(_REGISTRY.values(), key=lambda i: (i.path, i.line))


def implementations_for(number: str) -> list[Implementation]:
    return [i for i in all_implementations() if number in i.rules]


def implementations_for_ruling(card: str, en_digest: str) -> list[Implementation]:
    return [i for i in all_implementations() if (card, en_digest) in i.rulings]


def _links() -> list[Link]:
    """The test links: read from the tests folder when it is beside the package (a checkout,
    an editable install), else from the manifest the build wrote; only tests that drive the
    engine count."""
    links = _read_tests(TESTS_DIR) if TESTS_DIR.is_dir() else _read_manifest(MANIFEST) or []
    return [link for link in links if link.drives_engine]


@lru_cache(maxsize=4)
def _read_tests(tests_dir: Path) -> list[Link]:
    return read_links(tests_dir)


@lru_cache(maxsize=4)
def _read_manifest(path: Path) -> list[Link] | None:
    return read_manifest(path)[1]


def test_links() -> list[Link]:
    """Every test link that counts (the tests that drive the engine), in the order read."""
    return list(_links())


def tests_available() -> bool:
    """True when the test links are known: from the tests folder beside the package, or from
    the manifest written when the package was built."""
    return TESTS_DIR.is_dir() or _read_manifest(MANIFEST) is not None


def _tests(marker: str, matches: Callable[[tuple[str, ...]], bool]) -> list[str]:
    return sorted({link.node for link in _links() if link.marker == marker and matches(link.arguments)})


def tests_for_rule(number: str) -> list[str]:
    """Node ids of the tests marked `@pytest.mark.rule(number, ...)`; empty without tests."""
    return _tests("rule", lambda arguments: number in arguments)


def tests_for_ruling(card: str, en_digest: str) -> list[str]:
    """Node ids of the tests marked `@pytest.mark.ruling(card, en_digest)`."""
    return _tests("ruling", lambda arguments: tuple(arguments[:2]) == (card, en_digest))
