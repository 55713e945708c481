"""The search index: analyzers, schema, building, querying (one module each).

Importing this package imports whoosh without modules it never uses on our path, because
`mtgrules search` pays for every import on each call (the budget is 75 ms of CPU a call, of
which the interpreter itself takes 20-30) and these cost about half of whoosh's import time:

- `urllib.request` (with http.client, email, ssl: ~40 ms), which `whoosh.compat` imports only
  to re-export `urlretrieve`, used nowhere in whoosh;
- `asyncio` (~20 ms), which the `cached_property` package imports for coroutine support;
  whoosh applies it to one plain method, where `functools.cached_property` behaves the same;
- `whoosh.lang.morph_en` (~5 ms of regular expressions), imported for `variations`, which only
  the `Variations` query (English word forms; not used here) calls;
- `whoosh.lang.porter` and `whoosh.lang.dmetaphone` (~1.5 ms), imported for the defaults of
  whoosh's own stemming and sound-alike filters; our analyzers use Snowball stemmers;
- `whoosh.util.times` (with calendar and locale, ~2 ms), imported for DATETIME fields (we have
  none), `decimal` (~1 ms) for NUMERIC fields with decimal places (none either), `html` (with
  its table of entities, ~1.5 ms) for highlighting in HTML, and `queue` (~1 ms) for whoosh's
  multiprocessing writer (whose first `queue.Empty` imports the real module);
- `tempfile` (with shutil, bz2, lzma: ~2 ms), which whoosh's file storage imports whole for
  temporary storage, made only when writing, and `shutil`, whose `copyfileobj` whoosh's
  compound files import to write one; `random` (~1 ms), imported whole for the random
  names of files written and for `classify`'s sampling (neither searches); `threading` (~1
  ms), of which a search uses only `Lock` (whoosh's file storage and compound files import it
  by name), and that is `_thread.allocate_lock` itself: the stand-in holds the real function,
  and any other attribute (a collector's time limit, the asynchronous writer) imports the
  real module. whoosh's searching, collectors and codec modules, which every search imports,
  are imported here with the rest, so that they meet these stand-ins too;
- the Snowball stemmers of languages the corpus does not have (~3 ms for the fourteen, the
  Hungarian alone 1 ms): `whoosh.lang.snowball` imports every one to list them, and a search
  uses those of its corpus's languages (the index's schema names them, and unpickling it
  imports those modules for real).

Stand-ins are placed in `sys.modules` while whoosh is imported and removed right after, so any
later import of one of these modules gets the real one. A stand-in function (`urlretrieve`,
`variations`, `stem`, `double_metaphone`, `escape`, `SpanishStemmer`...) imports the real module
and calls the real function (for a stemmer's class: makes the real stemmer); a stand-in module
(`queue`) imports the real one when any of its attributes is first read, and gives the real
attribute. Nothing changes when whoosh was imported already. tests/test_index_import.py holds
this.
"""

from __future__ import annotations

import _thread
import functools
import sys

from mtgrules.stand_ins import DeferredModule, deferred, import_with_stand_ins, module_of

# module -> {attribute whoosh imports from it: the stand-in for that attribute}
_STAND_INS: dict[str, dict[str, object]] = {
    "urllib.request": {"urlretrieve": deferred("urllib.request", "urlretrieve")},
    "cached_property": {"cached_property": functools.cached_property},
    "whoosh.lang.morph_en": {"variations": deferred("whoosh.lang.morph_en", "variations")},
    "whoosh.lang.porter": {"stem": deferred("whoosh.lang.porter", "stem")},
    "whoosh.lang.dmetaphone": {"double_metaphone": deferred("whoosh.lang.dmetaphone", "double_metaphone")},
    "whoosh.util.times": {name: deferred("whoosh.util.times", name) for name in ("datetime_to_long", "long_to_datetime")},
    "decimal": {"Decimal": deferred("decimal", "Decimal")},
    "html": {"escape": deferred("html", "escape")},
    "shutil": {"copyfileobj": deferred("shutil", "copyfileobj")},
}
_SNOWBALL = {"danish": "Danish", "dutch": "Dutch", "english": "English", "finnish": "Finnish", "french": "French", "german": "German",
             "hungarian": "Hungarian", "italian": "Italian", "norwegian": "Norwegian", "portugese": "Portuguese",
             "romanian": "Romanian", "russian": "Russian", "spanish": "Spanish", "swedish": "Swedish"}
_STAND_INS |= {f"whoosh.lang.snowball.{module}": {f"{name}Stemmer": deferred(f"whoosh.lang.snowball.{module}", f"{name}Stemmer")}
               for module, name in _SNOWBALL.items()}
# Modules whoosh imports whole, stood in for by a `DeferredModule`.
_DEFERRED_MODULES = ("queue", "tempfile", "random")
# A `DeferredModule` that holds some of the real module's attributes already (the same objects).
_THREADING = DeferredModule("threading")
_THREADING.Lock = _thread.allocate_lock  # type: ignore[attr-defined]  # what `threading.Lock` is

if "whoosh" not in sys.modules:
    import_with_stand_ins(
        ["whoosh.compat", "whoosh.lang.snowball", "whoosh.query", "whoosh.reading", "whoosh.codec.whoosh3",
         "whoosh.searching", "whoosh.collectors"],
        {**{name: module_of(name, attributes) for name, attributes in _STAND_INS.items()},
         **{name: DeferredModule(name) for name in _DEFERRED_MODULES}, "threading": _THREADING},
    )
