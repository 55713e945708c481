"""Importing `mtgrules.index` leaves out what whoosh imports and a search never uses
(`mtgrules.index` says why), without changing whoosh or any later import of those modules."""

from __future__ import annotations

import subprocess
import sys
import textwrap

LEFT_OUT = ["urllib.request", "http.client", "email", "asyncio", "cached_property", "whoosh.lang.morph_en", "whoosh.lang.porter",
            "whoosh.lang.dmetaphone", "whoosh.util.times", "calendar", "decimal", "html", "queue", "tempfile", "shutil", "bz2",
            "lzma", "random", "threading", "urllib.parse"]


def run(code: str) -> str:
    """`code` in a fresh interpreter (nothing imported before it); its stdout."""
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_a_search_process_does_not_import_what_whoosh_never_uses_for_it():
    # What the interpreter's start-up imported is left out (an editable install's finder imports
    # pathlib, with urllib.parse, before any code of ours runs).
    imported = run("""
        import sys
        before = set(sys.modules)
        import mtgrules.paths, mtgrules.index, mtgrules.index.query, whoosh.searching, whoosh.qparser, whoosh.collectors
        print(" ".join(sorted(set(sys.modules) - before)))
    """).split()
    assert not [name for name in imported if any(name == left or name.startswith(left + ".") for left in LEFT_OUT)]


def test_the_modules_left_out_are_the_real_ones_when_imported_later():
    """`mtgrules update` downloads with urllib.request in a process that may have imported the
    index first."""
    assert run("""
        import mtgrules.index
        import urllib.request, http.client, whoosh.lang.morph_en
        print(urllib.request.urlopen.__module__, hasattr(urllib.request, "Request"), http.client.HTTPSConnection.__name__)
        print(sorted(whoosh.lang.morph_en.variations("counter"))[:3])
    """).splitlines()[0].startswith("urllib.request True HTTPSConnection")


def test_whoosh_calls_the_real_functions_through_the_stand_ins():
    out = run("""
        import mtgrules.index
        import whoosh.compat, whoosh.query.terms, whoosh.analysis.morph, whoosh.reading, functools
        from whoosh.lang import dmetaphone, morph_en, porter
        print(whoosh.query.terms.variations("counters") == morph_en.variations("counters"))
        print(whoosh.analysis.morph.stem("counters") == porter.stem("counters"))
        print(whoosh.analysis.morph.double_metaphone("energy") == dmetaphone.double_metaphone("energy"))
        print(whoosh.reading.cached_property is functools.cached_property)
        print(whoosh.compat.urlretrieve.__name__ == "call")
        import whoosh.fields, whoosh.util.times, datetime
        when = datetime.datetime(2026, 8, 7, 12, 30)
        print(whoosh.fields.long_to_datetime(whoosh.fields.datetime_to_long(when)) == when)
        print(whoosh.compat.htmlescape("<a & b>") == "&lt;a &amp; b&gt;")
        import queue, decimal
        print(whoosh.compat.queue.Empty is queue.Empty)
        print(whoosh.fields.Decimal("1.25") == decimal.Decimal("1.25"))
    """)
    assert out.split() == ["True"] * 9


def test_a_whoosh_imported_before_is_left_as_it_is():
    assert run("""
        import whoosh.query, whoosh.reading
        import mtgrules.index, sys
        print("asyncio" in sys.modules or "cached_property" in sys.modules)
    """).strip() == "True"


def test_every_snowball_stemmer_is_the_real_one_and_only_those_used_are_imported():
    out = run("""
        import importlib, sys
        import mtgrules.index
        print(sorted(name for name in sys.modules if name.startswith("whoosh.lang.snowball.")))
        from whoosh.lang import has_stemmer, stemmer_for_language
        modules = {"da": "danish", "nl": "dutch", "en": "english", "fi": "finnish", "fr": "french", "de": "german", "hu": "hungarian",
                   "it": "italian", "no": "norwegian", "pt": "portugese", "ro": "romanian", "ru": "russian", "es": "spanish",
                   "sv": "swedish"}
        words = ["energía", "énergie", "energies", "Energien", "energiaa", "энергия", "counters"]
        for lang, module in modules.items():
            real = importlib.import_module(f"whoosh.lang.snowball.{module}")
            [stemmer] = [value for name, value in vars(real).items() if name.endswith("Stemmer") and value.__module__ == real.__name__]
            assert has_stemmer(lang)
            assert [stemmer_for_language(lang)(word) for word in words] == [stemmer().stem(word) for word in words], lang
        print("same")
    """).splitlines()
    assert out == ["[]", "same"]


def test_the_modules_whoosh_reads_or_writes_with_are_the_real_ones_when_used():
    """A build writes temporary files and compound files (tempfile, shutil, random names);
    whoosh's file storage locks with `threading.Lock`, which the stand-in holds as it is; a
    collector with a time limit uses `threading.Timer`; `Path.as_uri` quotes with urllib.parse."""
    out = run("""
        import mtgrules.paths, mtgrules.index
        import sys, threading, tempfile, shutil, random, urllib.parse
        from pathlib import Path
        import whoosh.filedb.filestore as filestore, whoosh.filedb.compound as compound, whoosh.collectors as collectors
        import whoosh.util, whoosh.classify
        print(filestore.Lock is threading.Lock and compound.Lock is threading.Lock)
        print(filestore.tempfile.gettempdir() == tempfile.gettempdir())
        print(compound.copyfileobj.__name__ == "call" and collectors.threading.Timer is threading.Timer)
        print(len(whoosh.util.random_name(12)) == 12 and whoosh.classify.random.Random is random.Random)
        print(Path("/a b/é?").as_uri() == "file:///a%20b/%C3%A9%3F" and sys.modules["urllib.parse"] is urllib.parse)
        print(type(sys.modules["threading"]).__name__ == "module" and hasattr(threading, "Thread"))
    """)
    assert out.split() == ["True"] * 6
