"""The links between the rules and the code that executes them, built from the code itself.

Each engine function that executes a rule says so with `@implements("704.5g", expects=(...))`;
`expects` are a few words the rule's text must still contain, so a test catches a citation that
drifted when a new edition renumbered or reworded the rule. Rulings are linked the same way, by
the English card name and `ruling_digest` of the English ruling (its text never enters the repo).
Decorators can be stacked: one function may execute several rules.

Tests link themselves with pytest markers, `@pytest.mark.rule("704.5g")` and
`@pytest.mark.ruling("Electrozoa", "<digest>")`. The registry reads them from `tests/*.py` with
`ast` (no test is imported or run), when the tests folder is beside the package, as in a
checkout or an editable install; `tests_available()` says whether it is.

Public API (the `rule`, `card` and `engine coverage` commands use these; the tests also use
`all_implementations`):

    implementations_for("704.5g") -> list[Implementation]
    implementations_for_ruling("Kitnap", digest) -> list[Implementation]
    tests_for_rule("704.5g") -> list[str]          # pytest node ids
    tests_for_ruling("Kitnap", digest) -> list[str]
    all_implementations() -> list[Implementation]
    tests_available() -> bool
"""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
REPO = PACKAGE_DIR.parent
TESTS_DIR = REPO / "tests"

_REGISTRY: dict[tuple[str, str], Implementation] = {}


@dataclass
class Implementation:
    """One engine function and what it executes."""

    module: str  # "mtgrules.engine.sba"
    function: str  # "lethal_damage"
    path: str  # relative to the repository: "engine/sba.py"
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
        try:
            path = source.relative_to(REPO).as_posix()
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


def tests_available() -> bool:
    """True when the tests folder is beside the package (a checkout or an editable install)."""
    return TESTS_DIR.is_dir()


def _marker(decorator: ast.expr) -> tuple[str, tuple] | None:
    """`pytest.mark.rule("704.5g")` -> ("rule", ("704.5g",)); anything else -> None."""
    if not isinstance(decorator, ast.Call):
        return None
    target = decorator.func
    if not (
        isinstance(target, ast.Attribute)
        and target.attr in ("rule", "ruling")
        and isinstance(target.value, ast.Attribute)
        and target.value.attr == "mark"
    ):
        return None
    arguments = tuple(a.value for a in decorator.args if isinstance(a, ast.Constant) and isinstance(a.value, str))
    return target.attr, arguments


def _module_markers(tree: ast.Module) -> list[ast.expr]:
    """Markers given to a whole module with `pytestmark = ...` (one marker or a list)."""
    for statement in tree.body:
        if isinstance(statement, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "pytestmark" for t in statement.targets
        ):
            value = statement.value
            return list(value.elts) if isinstance(value, (ast.List, ast.Tuple)) else [value]
    return []


@lru_cache(maxsize=1)
def _test_links(tests_dir: Path) -> tuple[tuple[str, str, tuple], ...]:
    """(node id, marker name, marker arguments) for every marked test function. A file that
    does not parse (someone is halfway through editing it) links nothing rather than breaking
    every command that shows links; pytest itself will report it."""
    links = []
    for file in sorted(tests_dir.glob("*.py")):
        try:
            tree = ast.parse(file.read_text(encoding="utf-8"), filename=str(file))
        except (SyntaxError, UnicodeDecodeError):
            continue
        prefix = f"{tests_dir.name}/{file.name}"
        inherited = _module_markers(tree)

        def visit(body, scope: str, markers: list) -> None:
            for node in body:
                if isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
                    visit(node.body, f"{scope}::{node.name}", markers + node.decorator_list)
                elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test"):
                    for decorator in markers + node.decorator_list:
                        marker = _marker(decorator)
                        if marker:
                            links.append((f"{scope}::{node.name}", *marker))

        visit(tree.body, prefix, inherited)
    return tuple(links)


def _tests(name: str, matches: Callable[[tuple], bool]) -> list[str]:
    if not tests_available():
        return []
    return sorted({node for node, marker, arguments in _test_links(TESTS_DIR) if marker == name and matches(arguments)})


def tests_for_rule(number: str) -> list[str]:
    """Node ids of the tests marked `@pytest.mark.rule(number, ...)`; empty without tests."""
    return _tests("rule", lambda arguments: number in arguments)


def tests_for_ruling(card: str, en_digest: str) -> list[str]:
    """Node ids of the tests marked `@pytest.mark.ruling(card, en_digest)`."""
    return _tests("ruling", lambda arguments: tuple(arguments[:2]) == (card, en_digest))
