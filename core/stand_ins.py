"""Importing a module without the modules it imports but a command never uses.

A cold `mtgrules search` pays for every import on each call, and some libraries import whole
modules for one rarely used name (whoosh imports `urllib.request` for `urlretrieve`,
`dataclasses` imports `inspect` for one function). `import_with_stand_ins` imports a module
while stand-ins sit in `sys.modules` in place of those modules, and removes the stand-ins
right after, so any later import gets the real module. A stand-in never changes what is
computed: each imports the real module the first time it is used.

Used by `mtgrules.index` (whoosh) and `mtgrules.cli.main` (dataclasses); tests/test_index_import.py
and tests/test_cli_plain.py hold both.
"""

from __future__ import annotations

import importlib
import sys
import types

TYPE_CHECKING = False  # `typing` (some 5 ms) is not imported for annotations on a cold command's path
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any


def deferred(module: str, name: str) -> Callable[..., Any]:
    """A stand-in for the function `module.name`: imports the real module when first called."""

    def call(*args, **kwargs):
        return getattr(importlib.import_module(module), name)(*args, **kwargs)

    return call


class DeferredModule(types.ModuleType):
    """A stand-in for a module imported whole: the real one is imported at the first attribute
    read, and gives the real attribute (even while the importing module is still being
    imported: the stand-in steps aside from `sys.modules` first). For a module, not a package:
    it has no `__path__`, which the import system asks of the module named in a `from …
    import` (`from threading import Lock`, whose `Lock` the stand-in may hold already)."""

    def __getattr__(self, name: str):
        if name == "__path__":
            raise AttributeError(name)
        if sys.modules.get(self.__name__) is self:
            del sys.modules[self.__name__]
        return getattr(importlib.import_module(self.__name__), name)


def module_of(name: str, attributes: dict[str, object]) -> types.ModuleType:
    """A stand-in module `name` holding only `attributes` (what the importer takes from it)."""
    module = types.ModuleType(name)
    for attribute, value in attributes.items():
        setattr(module, attribute, value)
    return module


def import_with_stand_ins(modules: list[str], stand_ins: dict[str, types.ModuleType]) -> None:
    """Import `modules` while each module of `stand_ins` not imported yet is stood in for by its
    stand-in; those still in `sys.modules` afterwards are removed."""
    placed = {name: module for name, module in stand_ins.items() if name not in sys.modules}
    sys.modules.update(placed)
    try:
        for name in modules:
            importlib.import_module(name)
    finally:
        for name, stand_in in placed.items():
            if sys.modules.get(name) is stand_in:
                del sys.modules[name]
