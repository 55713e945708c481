"""The term dictionary's tables (`mtgrules.lookup.term_table`), on the real data: written by the
ingest in its own transaction, read by key, answering as the dictionary worked out in memory from
the records does; changed by the next ingest of rules; left as it was by a killed ingest; brought
up to date once, saying so, in a database an earlier version wrote.

One home per module (the 2024-06-07 English edition, the keyword table and the seeds), copied by
the tests that write into it.
"""

from __future__ import annotations

import json
import shutil
import sqlite3

import pytest
from click.testing import CliRunner
from conftest import corpus_file

from mtgrules.cli.main import cli
from mtgrules.lookup import term_reading, term_table
from mtgrules.lookup.catalog import Catalog
from mtgrules.lookup.term_lexicon import TermLexicon, plain
from mtgrules.lookup.terms import Dictionary, _stems_in
from mtgrules.store import Store

pytestmark = pytest.mark.shared

UPGRADING = "bringing the term dictionary up to date with the corpus"


def ingest(*relatives):
    result = CliRunner().invoke(cli, ["ingest", *(str(corpus_file(relative)) for relative in relatives)])
    assert result.exit_code == 0, result.output


def term(*args):
    result = CliRunner().invoke(cli, ["term", *args])
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """A home holding the 2024 edition and the keyword table, ingested by `mtgrules ingest`."""
    folder = tmp_path_factory.mktemp("term-table")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("MTGRULES_HOME", str(folder))
        patch.setenv("MTGRULES_LANG", "en")
        ingest("cr/en-20240607.txt", "cr/keywords_en_es_fr.tsv")
        # What the tests compare with: the answers of the home as ingested.
        answers = {word: term(word, "--json") for word in ("trample", "arrollar", "connive", "forage")}
    return folder, answers


@pytest.fixture
def home(built, tmp_path, monkeypatch):
    """A copy of the module's home, as the user's."""
    folder = tmp_path / "home"
    shutil.copytree(built[0], folder)
    monkeypatch.setenv("MTGRULES_HOME", str(folder))
    return folder


def state(home):
    db = sqlite3.connect(home / "corpus.sqlite3")
    try:
        found = dict(db.execute("SELECT key, value FROM term_state"))
        found["meta generation"] = db.execute("SELECT value FROM meta WHERE key = 'generation'").fetchone()[0]
        return found
    finally:
        db.close()


def test_the_ingest_writes_the_dictionary_of_each_view_in_its_transaction(home):
    found = state(home)
    assert found["generation"] == found["meta generation"]
    db = sqlite3.connect(home / "corpus.sqlite3")
    views = dict(db.execute("SELECT view, entries FROM term_views"))
    db.close()
    assert views.keys() == {"2024-06-07", "2026-08-07"}  # the English edition's, and the seeds' Spanish one's
    assert views["2024-06-07"] > 700


def sample_words(dictionary: Dictionary) -> list[str]:
    """Names of every 8th entry as typed (whole, in lower case, a word of one), typos of every
    40th's, and words that name through a quoted rule, the lexicon, by stems, or nothing."""
    words = []
    for number, entry in enumerate(dictionary.entries[::8]):
        for name in entry.names:
            words += [name.name, name.name.lower(), name.name.split()[-1]] + ([name.name[:-1] + "x"] if number % 5 == 0 else [])
    return words + ["campo de batalla", "daño letal", "vuelan", "confabula", "acción basada en estado", "conniving",
                    "tramples", "destroyed permanents", "regla de leyendas", "legend rule", "règle des légendes",
                    "marqueur poison", "“lethal damage”",
                    "first-strike", "xyzzy", "!!"]


def test_every_word_finds_what_the_dictionary_worked_out_in_memory_finds(home):
    """The tables answer as every lookup did before them: the keys only narrow which entries
    are scored, never what matches. Both dictionaries see the same words in the same order, so
    what a lookup adds to the entries (a title placed through the lexicon) is compared too."""
    catalog = Catalog.load(corpus=Store(home / "corpus.sqlite3"))
    read = Dictionary(catalog)
    worked_out = Dictionary(catalog, in_memory=True)
    assert read.languages() == worked_out.languages()
    words = sample_words(worked_out)
    assert len(words) > 300
    for word in words:
        expected, found = worked_out.find(word), read.find(word)
        assert (found.match, [e.heading for e in found.entries]) == (expected.match, [e.heading for e in expected.entries]), word
        assert [read.describe(e, ["es", "fr"], found, word) for e in found.entries] == [
            worked_out.describe(e, ["es", "fr"], expected, word) for e in expected.entries], word
        if not expected.entries:
            assert read.similar(word) == worked_out.similar(word), word
    assert {e.heading for e in read.entries} == {e.heading for e in worked_out.entries}


def test_the_lexicon_read_from_the_tables_translates_as_the_lines_worked_out_here(home):
    """Translating through the lexicon reads its lines by first word from the tables: the same
    pairs, in the same order, as folding the first word of every line here."""
    corpus = Store(home / "corpus.sqlite3")
    read, worked_out = TermLexicon.load(corpus), TermLexicon.load(corpus, tables=False)
    assert read._written() is not None and worked_out._written() is None
    assert read.languages() == worked_out.languages()
    phrases = sorted({line.split("\t")[1] for line in worked_out.lines[::9] if line.count("\t") == 5})
    assert len(phrases) > 500
    for phrase in phrases + ["daño letal", "campo de batalla", "vuelan", "criaturas que vuelan", "marqueurs poison", "xyzzy"]:
        assert read.whole(phrase) == worked_out.whole(phrase), phrase
        assert read.word_by_word(phrase) == worked_out.word_by_word(phrase), phrase
        assert read.by_stems(phrase, _stems_in) == worked_out.by_stems(phrase, _stems_in), phrase
        assert read.names_of(plain(phrase)) == worked_out.names_of(plain(phrase)), phrase


def test_a_second_ingest_of_rules_changes_the_dictionary(home, built):
    """Forage is a keyword of the 2026 rules, not of 2024's: ingesting them adds it to the
    newest view; the older view keeps its answers."""
    assert term("forage")[0] == 1
    ingest("cr/en-20260807.txt")
    code, stdout, stderr = term("forage", "--json")
    assert code == 0 and UPGRADING not in stderr
    assert [json.loads(line)["term"] for line in stdout.splitlines()] == ["Forage"]
    assert term("trample", "--json", "--edition", "2024-06-07") == built[1]["trample"]
    found = state(home)
    assert found["generation"] == found["meta generation"]


def test_card_data_leaves_the_entries_and_notes_the_generation(home, built, monkeypatch):
    """A set file holds no rule, glossary entry or term: the dictionary is current after it
    without being worked out again."""

    def refused(catalog):
        raise AssertionError("the dictionary was worked out again for card data")

    monkeypatch.setattr(term_table, "Built", refused)
    ingest("rulings/KLD.mtgjson-v5.json")
    found = state(home)
    assert found["generation"] == found["meta generation"]
    assert term("trample", "--json") == built[1]["trample"]


def test_a_killed_ingest_leaves_the_old_dictionary(home, built, monkeypatch):
    """Killed while the dictionary is written (the last step before the commit): the records
    and the dictionary are those of before, and the lookups answer as before."""
    before = state(home)
    real_keys = term_table.keys

    def dying(entry, stems):
        if entry.english == "Forage":
            raise KeyboardInterrupt  # the ingest stops half-way, as on Ctrl-C
        return real_keys(entry, stems)

    monkeypatch.setattr(term_table, "keys", dying)
    result = CliRunner().invoke(cli, ["ingest", str(corpus_file("cr/en-20260807.txt"))])
    assert result.exit_code != 0
    monkeypatch.setattr(term_table, "keys", real_keys)
    assert state(home) == before
    assert term("forage")[0] == 1
    for word in ("trample", "arrollar", "connive"):
        assert term(word, "--json") == built[1][word]


@pytest.mark.parametrize("age", ["no tables", "another layout"])
def test_an_old_database_is_brought_up_to_date_once_saying_so(home, built, age):
    """A database an earlier version wrote (no dictionary tables, or another layout of them):
    the first lookup writes them, saying so on stderr; its answer and the next are as ever."""
    db = sqlite3.connect(home / "corpus.sqlite3")
    if age == "no tables":
        for table in ("term_entries", "term_keys", "term_views", "term_state"):
            db.execute(f"DROP TABLE {table}")
    else:
        db.execute("UPDATE term_state SET value = '0' WHERE key = 'layout'")
    db.commit()
    db.close()
    code, stdout, stderr = term("trample", "--json")
    assert UPGRADING in stderr
    assert (code, stdout) == built[1]["trample"][:2]
    assert term("trample", "--json") == built[1]["trample"]
    assert state(home)["layout"] == str(term_reading.LAYOUT)

