"""The layers of DESIGN.md, read from the code: every import goes down, never up.

    foundation (mtgrules: records, rulenumbers, text, errors, paths, store)
      → parsers → align (alignment and ingest) → index → lookup → study → cli · web (beside it)
    engine: pure game state, imports nothing of ours; any layer above the foundation may use it

Each module's imports (at the top and inside functions alike) are read with `ast`, so a lazy
import that goes the wrong way is caught too. Third-party libraries stay in their layer:
rapidfuzz in the index, the Snowball stemmers (PyStemmer's `Stemmer`) in alignment's
`align.stemmers`, which the index's analysis uses too, click in the command line.
"""

from __future__ import annotations

import ast
import tomllib
from collections.abc import Callable
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]

RANKS = {"mtgrules": 0, "parsers": 1, "align": 2, "index": 3, "lookup": 4, "study": 5, "cli": 6, "corpus": 6, "web": 6}
# Data packages and the entry point: what they may import is checked by their rank too.
DATA_PACKAGES = {"seeds", "examples"}
# By module prefix, the longest that matches. The stemmers are imported by alignment alone
# (`align.stemmers`): the lexicon's phrase keys and the search's analysis must stem alike.
# The web stack stays in web/ (cli/serve.py starts uvicorn).
THIRD_PARTY = {"rapidfuzz": {"index"}, "Stemmer": {"align"}, "click": {"cli", "corpus"},
               "starlette": {"web"}, "jinja2": {"web"}, "markupsafe": {"web"}, "uvicorn": {"cli", "web"}}


def allowed_layers(name: str) -> set[str] | None:
    """The layers that may import the third-party module `name`; None when any may."""
    prefixes = [prefix for prefix in THIRD_PARTY if name == prefix or name.startswith(prefix + ".")]
    return THIRD_PARTY[max(prefixes, key=len)] if prefixes else None


def package_folders() -> dict[str, str]:
    settings = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    return settings["tool"]["setuptools"]["package-dir"]


def modules() -> list[tuple[str, Path]]:
    """(dotted module name, file) of every module of the installed namespace."""
    found = []
    for package, folder in package_folders().items():
        for file in sorted((REPO / folder).glob("*.py")):
            name = package if file.stem == "__init__" else f"{package}.{file.stem}"
            found.append((name, file))
    return found


def layer(module: str) -> str:
    """`mtgrules.align.documents` → "align"; a module of the package root → "mtgrules"."""
    parts = module.split(".")
    if len(parts) >= 2 and parts[1] in {*RANKS, *DATA_PACKAGES, "engine"}:
        return parts[1]
    if module == "mtgrules.__main__":
        return "cli"  # `python -m mtgrules` is the command line
    return "mtgrules"


def read(file: Path) -> str:
    return file.read_text(encoding="utf-8")


def imported(source: str, file: Path, module: str) -> list[tuple[int, str]]:
    """(line, absolute module name) of each import in `source` (the text of `file`), relative
    ones resolved."""
    tree = ast.parse(source, str(file))
    package = module if file.stem == "__init__" else module.rpartition(".")[0]
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            if base == "mtgrules":  # `from mtgrules import store`: each name is a module
                names += [(node.lineno, f"mtgrules.{alias.name}") for alias in node.names]
            else:
                names.append((node.lineno, base))
    return names


def violations(reader: Callable[[Path], str] = read) -> list[str]:
    """Every import against the layers, as "file:line: what is wrong"."""
    found = []
    for module, file in modules():
        source = layer(module)
        where = file.relative_to(REPO)
        for line, name in imported(reader(file), file, module):
            top = name.split(".")[0]
            allowed = allowed_layers(name)
            if allowed is not None and source not in allowed:
                found.append(f"{where}:{line}: {source} imports {name} (only {', '.join(sorted(allowed))} may)")
            if top != "mtgrules" or name == "mtgrules":
                continue
            target = layer(name)
            if source == "engine" and target != "engine":
                found.append(f"{where}:{line}: the engine imports {name}; it imports nothing of ours")
            elif source in DATA_PACKAGES:
                found.append(f"{where}:{line}: data package {source} imports {name}")
            elif target == "engine":
                if source == "mtgrules":
                    found.append(f"{where}:{line}: the foundation imports the engine ({name})")
            elif target in DATA_PACKAGES:
                continue  # read as resources by whoever needs them
            elif RANKS[target] > RANKS[source]:
                found.append(f"{where}:{line}: {source} imports {name}, a higher layer ({target})")
    return found


def test_every_import_goes_down_the_layers():
    assert violations() == []


def test_every_module_is_in_a_known_layer():
    unknown = {layer(module) for module, _ in modules()} - set(RANKS) - DATA_PACKAGES - {"engine"}
    assert unknown == set()


@pytest.mark.parametrize(
    ("planted_in", "code", "complaint"),
    [
        ("core/store.py", "from mtgrules.align import terms", "core/store.py:{line}: mtgrules imports mtgrules.align, a higher layer"),
        ("parsers/mtgjson.py", "from mtgrules.align import documents", "parsers imports mtgrules.align, a higher layer"),
        ("index/tables.py", "import click", "index imports click (only cli, corpus may)"),
        ("align/terms.py", "from rapidfuzz import fuzz", "align imports rapidfuzz (only index may)"),
        ("index/analysis.py", "import Stemmer", "index imports Stemmer (only align may)"),
        ("engine/state.py", "from mtgrules.records import Record", "the engine imports mtgrules.records"),
        ("core/records.py", "from mtgrules.engine import state", "the foundation imports the engine"),
        ("align/terms.py", "def f():\n    from mtgrules.lookup import terms", "align imports mtgrules.lookup, a higher layer"),
        ("cli/rule.py", "from ..study import quiz", ""),
    ],
)
def test_the_check_catches_an_import_against_the_layers(planted_in, code, complaint):
    """The checker itself: an import planted in a module is reported when it goes up (a
    function-level one too), and not when it goes down (the relative one in cli/)."""
    planted = REPO / planted_in
    text = read(planted)
    line = text.count("\n") + 2
    found = violations(lambda file: text + "\n" + code + "\n" if file == planted else read(file))
    if complaint:
        assert any(complaint.format(line=line) in v for v in found), found
    else:
        assert found == []
