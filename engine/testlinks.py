"""Which tests demonstrate which rules and rulings, read from the test files with `ast`, and
the manifest that carries those links into an installed package.

Tests link themselves with pytest markers, `@pytest.mark.rule("704.5g")` and
`@pytest.mark.ruling("Electrozoa", "<digest>")`, on the function, its class, or the module
(`pytestmark`). A link counts only if the test drives the engine: its body (or a helper of
its module that it calls) uses a name imported from `mtgrules.engine`. A test of the judge's
citations that happens to mention 704.5g demonstrates nothing about the engine, so its marker
would be a false claim; `tests/test_engine_links.py` refuses such markers outright.

A checkout or an editable install reads `tests/` beside the package. A wheel has no tests
folder, so the build (`build_manifest.py`, setuptools' build_py step) writes `MANIFEST_NAME`
into the package: the same links, with a digest of the test files they were read from. Nothing
here imports or runs a test, and the module uses the standard library only, so that the
build step can load it by path before the package exists.
"""

from __future__ import annotations

import ast
import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

MANIFEST_NAME = "tests_manifest.json"
FORMAT = 1
ENGINE = "mtgrules.engine"


@dataclass(frozen=True)
class Link:
    node: str  # pytest node id: "tests/test_engine_sba.py::test_lethal_damage_destroys"
    marker: str  # "rule" or "ruling"
    arguments: tuple[str, ...]  # ("704.5g",) or ("Kitnap", "ae70792a834d")
    drives_engine: bool


def _marker(decorator: ast.expr) -> tuple[str, tuple[str, ...]] | None:
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


def _engine_names(node: ast.AST) -> set[str]:
    """Names bound by imports from the engine anywhere under `node`."""
    names = set()
    for child in ast.walk(node):
        if isinstance(child, ast.ImportFrom) and (child.module or "").startswith(ENGINE):
            names |= {alias.asname or alias.name for alias in child.names}
        elif isinstance(child, ast.Import):
            names |= {(alias.asname or alias.name).split(".")[0] for alias in child.names if alias.name.startswith(ENGINE)}
    return names


def _used_names(node: ast.AST) -> set[str]:
    return {child.id for child in ast.walk(node) if isinstance(child, ast.Name)}


def _driving_functions(tree: ast.Module) -> tuple[set[str], set[str]]:
    """(engine names of the module, names of its module-level helper functions that use the
    engine, directly or through another such helper)."""
    engine = _engine_names(tree)
    helpers = {f.name: f for f in tree.body if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))}
    driving: set[str] = set()
    changed = True
    while changed:
        changed = False
        for name, function in helpers.items():
            if name not in driving and (_used_names(function) & (engine | _engine_names(function) | driving)):
                driving.add(name)
                changed = True
    return engine, driving


def read_file(file: Path, prefix: str) -> list[Link]:
    """The links of one test file (`prefix` is its path as pytest names it). A file that does
    not parse (someone is halfway through editing it) links nothing; pytest will report it."""
    try:
        tree = ast.parse(file.read_text(encoding="utf-8"), filename=str(file))
    except (SyntaxError, UnicodeDecodeError):
        return []
    engine, driving = _driving_functions(tree)
    links: list[Link] = []

    def visit(body: list[ast.stmt], scope: str, markers: list[ast.expr]) -> None:
        for node in body:
            if isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
                visit(node.body, f"{scope}::{node.name}", markers + node.decorator_list)
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test"):
                drives = bool(_used_names(node) & (engine | _engine_names(node) | driving))
                for decorator in markers + node.decorator_list:
                    marker = _marker(decorator)
                    if marker:
                        links.append(Link(f"{scope}::{node.name}", marker[0], marker[1], drives))

    visit(tree.body, prefix, _module_markers(tree))
    return links


def _files(tests_dir: Path) -> list[Path]:
    return sorted(tests_dir.glob("*.py"))


def read_links(tests_dir: Path) -> list[Link]:
    """Every marked test function of `tests_dir/*.py`."""
    return [link for file in _files(tests_dir) for link in read_file(file, f"{tests_dir.name}/{file.name}")]


def digest(tests_dir: Path) -> str:
    """What the links were read from: the names and contents of the test files."""
    hashed = hashlib.sha256()
    for file in _files(tests_dir):
        hashed.update(file.name.encode() + b"\0" + file.read_bytes() + b"\0")
    return hashed.hexdigest()[:16]


def write_manifest(tests_dir: Path, target: Path) -> None:
    """Write the links of `tests_dir` to `target` (JSON); with no tests folder, a manifest
    that says the tests are unknown."""
    if tests_dir.is_dir():
        data = {"format": FORMAT, "digest": digest(tests_dir),
                "links": [[link.node, link.marker, list(link.arguments), link.drives_engine] for link in read_links(tests_dir)]}
    else:
        data = {"format": FORMAT, "digest": None, "links": None}
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(data, ensure_ascii=False) + "\n", encoding="utf-8")


def read_manifest(path: Path) -> tuple[str | None, list[Link] | None]:
    """(digest, links) of a manifest; links None when the build had no tests, or the file is
    missing, unreadable or of another format."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None, None
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("links") is None:
        return None, None
    links = [Link(node, marker, tuple(arguments), bool(drives)) for node, marker, arguments, drives in data["links"]]
    return data.get("digest"), links
