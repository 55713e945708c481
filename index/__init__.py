"""The search index: analyzers, schema, building, querying (one module each).

Importing this package imports whoosh without modules it never uses on our path, because
`mtgrules search` pays for every import on each call (the budget is 120 ms a call) and these
cost about half of whoosh's import time:

- `urllib.request` (with http.client, email, ssl: ~40 ms), which `whoosh.compat` imports only
  to re-export `urlretrieve`, used nowhere in whoosh;
- `asyncio` (~20 ms), which the `cached_property` package imports for coroutine support;
  whoosh applies it to one plain method, where `functools.cached_property` behaves the same;
- `whoosh.lang.morph_en` (~5 ms of regular expressions), imported for `variations`, which only
  the `Variations` query (English word forms; not used here) calls;
- `whoosh.lang.porter` and `whoosh.lang.dmetaphone` (~1.5 ms), imported for the defaults of
  whoosh's own stemming and sound-alike filters; our analyzers use Snowball stemmers.

Stand-ins are placed in `sys.modules` while whoosh is imported and removed right after, so any
later import of one of these modules gets the real one. A stand-in function (`urlretrieve`,
`variations`, `stem`, `double_metaphone`) imports the real module and calls the real function.
Nothing changes when whoosh was imported already.
"""

from __future__ import annotations

import functools
import importlib
import sys
import types


def _deferred(module: str, name: str):
    """A stand-in for `module.name`: imports the real module when first called."""

    def call(*args, **kwargs):
        return getattr(importlib.import_module(module), name)(*args, **kwargs)

    return call


# module -> (attribute whoosh imports from it, the stand-in for that attribute)
_STAND_INS = {
    "urllib.request": ("urlretrieve", _deferred("urllib.request", "urlretrieve")),
    "cached_property": ("cached_property", functools.cached_property),
    "whoosh.lang.morph_en": ("variations", _deferred("whoosh.lang.morph_en", "variations")),
    "whoosh.lang.porter": ("stem", _deferred("whoosh.lang.porter", "stem")),
    "whoosh.lang.dmetaphone": ("double_metaphone", _deferred("whoosh.lang.dmetaphone", "double_metaphone")),
}


def _import_whoosh_lean() -> None:
    if "whoosh" in sys.modules:
        return
    stand_ins = {}
    for name, (attribute, value) in _STAND_INS.items():
        if name not in sys.modules:
            stand_ins[name] = types.ModuleType(name)
            setattr(stand_ins[name], attribute, value)
    sys.modules.update(stand_ins)
    try:
        import whoosh.compat
        import whoosh.query
        import whoosh.reading  # noqa: F401
    finally:
        for name, module in stand_ins.items():
            if sys.modules.get(name) is module:
                del sys.modules[name]


_import_whoosh_lean()
