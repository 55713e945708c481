"""The search index: analyzers, schema, building, querying (one module each).

Importing this package imports whoosh without two modules it never uses on our path, because
`mtgrules search` pays for every import on each call (the budget is 120 ms a call) and these
three cost about half of whoosh's import time:

- `urllib.request` (with http.client, email, ssl: ~40 ms), which `whoosh.compat` imports only
  to re-export `urlretrieve`, used nowhere in whoosh;
- `asyncio` (~20 ms), which the `cached_property` package imports for coroutine support;
  whoosh applies it to one plain method, where `functools.cached_property` behaves the same;
- `whoosh.lang.morph_en` (~5 ms of regular expressions), imported for `variations`, which only
  the `Variations` query (English word forms; not used here) calls.

Stand-ins are placed in `sys.modules` while whoosh is imported and removed right after, so any
later `import urllib.request` or `import cached_property` gets the real module; the stand-in
`urlretrieve` imports and calls the real one, and so does the stand-in `variations`. Nothing changes when whoosh was imported already.
"""

from __future__ import annotations

import functools
import sys
import types


def _urlretrieve(*args, **kwargs):
    from urllib.request import urlretrieve

    return urlretrieve(*args, **kwargs)


def _variations(word):
    from whoosh.lang.morph_en import variations

    return variations(word)


def _import_whoosh_lean() -> None:
    if "whoosh" in sys.modules:
        return
    stand_ins = {}
    if "urllib.request" not in sys.modules:
        stand_ins["urllib.request"] = types.ModuleType("urllib.request")
        stand_ins["urllib.request"].urlretrieve = _urlretrieve
    if "cached_property" not in sys.modules:
        stand_ins["cached_property"] = types.ModuleType("cached_property")
        stand_ins["cached_property"].cached_property = functools.cached_property
    if "whoosh.lang.morph_en" not in sys.modules:
        stand_ins["whoosh.lang.morph_en"] = types.ModuleType("whoosh.lang.morph_en")
        stand_ins["whoosh.lang.morph_en"].variations = _variations
    sys.modules.update(stand_ins)
    try:
        import whoosh.compat  # noqa: F401
        import whoosh.query  # noqa: F401
        import whoosh.reading  # noqa: F401
    finally:
        for name, module in stand_ins.items():
            if sys.modules.get(name) is module:
                del sys.modules[name]


_import_whoosh_lean()
