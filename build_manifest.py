"""The build step that carries the test links into an installed package (pyproject's
`[tool.setuptools.cmdclass]`): after setuptools' own build_py, write
`mtgrules/engine/tests_manifest.json` from `tests/`, so that `mtgrules engine coverage` knows
which tests demonstrate which rules without the tests folder (see `engine/testlinks.py`).

It loads `engine/testlinks.py` by path (standard library only), since the package it belongs
to is not importable while it is being built.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent


def _testlinks():
    spec = importlib.util.spec_from_file_location("_mtgrules_testlinks", HERE / "engine" / "testlinks.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while it runs
    spec.loader.exec_module(module)
    return module


class BuildPy(build_py):
    """build_py, then the test manifest beside the engine's modules."""

    def run(self) -> None:
        super().run()
        testlinks = _testlinks()
        testlinks.write_manifest(HERE / "tests", Path(self.build_lib) / "mtgrules" / "engine" / testlinks.MANIFEST_NAME)
