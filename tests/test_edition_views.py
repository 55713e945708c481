"""Edition views on the real editions: a number is read in one edition, and a text of another
edition is shown under it only when it is, by identity, the same rule.

The store is built once per module (ingesting the editions takes seconds) and each test reads
it through the command line. The first four tests are the failures `issues show 9` lists; each
failed before the store knew editions.
"""

from __future__ import annotations

import json
from collections import defaultdict

import pytest
from click.testing import CliRunner
from conftest import REPO, corpus_file

from mtgrules.align import ingest
from mtgrules.cli.main import cli
from mtgrules.lookup.catalog import Catalog
from mtgrules.lookup.terms import SourceKind, term_entries
from mtgrules.store import RULE_KINDS, Store
from mtgrules.text import fold

pytestmark = pytest.mark.shared

EN_2024, EN_2025, EN_2026, ZH_2024 = "cr/en-20240607.txt", "cr/en-20250606.txt", "cr/en-20260807.txt", "cr/zh-20240607.txt"


def build(folder, *steps):
    """A store under `folder`: each step (files, lang) one ingest, in order."""
    corpus = Store(folder / "corpus.sqlite3")
    for files, lang in steps:
        ingest.ingest([str(corpus_file(f)) for f in files], lang=lang, corpus=corpus)
    return folder


@pytest.fixture(scope="module")
def three_editions(tmp_path_factory):
    """en-20240607, en-20260807 and zh-20240607, with the seeds (aligned against 2026-08-07)."""
    return build(tmp_path_factory.mktemp("three"), ([EN_2024, EN_2026], None), ([ZH_2024], "zh"))


@pytest.fixture
def home(three_editions, monkeypatch):
    monkeypatch.setenv("MTGRULES_HOME", str(three_editions))
    return three_editions


def rule(*args):
    result = CliRunner().invoke(cli, ["rule", *args, "--json"])
    assert result.exit_code == 0, result.output
    return {entry["number"]: entry for entry in map(json.loads, result.stdout.splitlines())}


def source_line(text):
    return text["source"].rsplit(":", 1)[1]


def test_701_50_is_connive_in_every_language(home):
    """Was: Chinese and English Convert (2024's 701.50) beside Spanish Confabular."""
    entries = rule("701.50", "--lang", "zh,en,es")
    head = entries["701.50"]
    assert head["edition"] == "2026-08-07"
    texts = head["texts"]
    assert (texts["en"]["title"], texts["es"]["title"]) == ("Connive", "Confabular")
    assert (texts["zh"]["number"], texts["zh"]["edition"]) == ("701.47", "2024-06-07"), "the Chinese Connive was 701.47 in 2024"
    first = entries["701.50a"]["texts"]
    assert first["en"]["text"].startswith("Certain spells and abilities instruct a permanent to connive")
    assert "confabule" in first["es"]["text"]
    assert first["zh"]["number"] == "701.47a"


def test_term_confabular_is_connive_and_nothing_else(home):
    """Was: "Convert … es Convertir / Confabular" and "Connive (701.47, 701.50)"."""
    result = CliRunner().invoke(cli, ["term", "confabular", "--json"])
    [entry] = [json.loads(line) for line in result.stdout.splitlines()]
    assert entry["term"] == "Connive"
    assert [r["number"] for r in entry["rules"]] == ["701.50"]
    assert "Confabular" in entry["names"]["es"] and "Convertir" not in entry["names"]["es"]
    in_2024 = json.loads(CliRunner().invoke(cli, ["term", "confabular", "--json", "--edition", "2024-06-07"]).stdout)
    assert (in_2024["term"], [r["number"] for r in in_2024["rules"]]) == ("Connive", ["701.47"])


def test_701_28_is_convert_in_2026_and_transform_in_2024(home):
    """Was: English Transform (2024) beside Spanish Convertir (2026), linked to the engine's convert."""
    def converts(entry):
        return any(i["module"] == "mtgrules.engine.convert" for i in entry["implemented_by"])

    now = rule("701.28", "--lang", "zh,en,es")
    assert (now["701.28"]["texts"]["en"]["title"], now["701.28"]["texts"]["es"]["title"]) == ("Convert", "Convertir")
    assert now["701.28"]["texts"]["zh"]["number"] == "701.50"
    assert converts(now["701.28a"])
    then = rule("701.28", "--lang", "zh,en,es", "--edition", "2024-06-07")
    assert then["701.28"]["texts"]["en"]["title"] == "Transform" and then["701.28"]["texts"]["zh"]["number"] == "701.28"
    assert then["701.28"]["texts"]["es"] is None, "the Spanish Convertir is 701.50 in 2024"
    assert not any(converts(entry) for entry in then.values())
    convert_2024 = rule("701.50", "--lang", "es", "--edition", "2024-06-07")
    assert convert_2024["701.50"]["texts"]["es"]["title"] == "Convertir"
    assert converts(convert_2024["701.50a"])


@pytest.fixture(scope="module")
def older_after_newer(tmp_path_factory):
    """en-20260807 ingested first, then en-20250606."""
    return build(tmp_path_factory.mktemp("older"), ([EN_2026], None), ([EN_2025], None))


def test_704_5y_after_an_older_edition_arrives(older_after_newer, monkeypatch):
    """Was: the Spanish 2026 battle-protector text beside the English 2025 Roles text, with the
    engine link of the 2026 rule, because the 2025 edition was ingested last."""
    monkeypatch.setenv("MTGRULES_HOME", str(older_after_newer))
    now = rule("704.5y", "--lang", "es,en")["704.5y"]
    assert now["edition"] == "2026-08-07", "the default view is the newest edition, not the last ingested"
    assert "protector" in now["texts"]["en"]["text"] and now["texts"]["es"]["number"] == "704.5y"
    then = rule("704.5y", "--lang", "es,en", "--edition", "2025-06-06")["704.5y"]
    assert "Role" in then["texts"]["en"]["text"]
    assert then["texts"]["es"]["number"] == "704.5z", "the Spanish Roles text, 704.5z in 2026"
    assert then["texts"]["es"]["edition"] == "2026-08-07" and then["texts"]["es"]["english_changed"] is not None
    roles_in_engine = rule("704.5z", "--lang", "en")["704.5z"]["implemented_by"]
    assert roles_in_engine and then["implemented_by"] == roles_in_engine


def identity_of(corpus, edition, number):
    rows = corpus.identities(edition, [number])
    return rows[number].identity if number in rows else None


@pytest.mark.parametrize("edition", ["2024-06-07", "2026-08-07"])
def test_every_rule_of_a_view_pairs_texts_of_one_identity(home, edition):
    corpus = Store(home / "corpus.sqlite3")
    catalog = Catalog(corpus, edition)
    numbers = sorted(corpus.numbers(kinds=RULE_KINDS, edition=edition))
    shown = catalog.texts(numbers)
    assert len(shown) == len(numbers)
    foreign = 0
    for number, by_lang in shown.items():
        wanted = identity_of(corpus, edition, number)
        assert wanted is not None
        for lang, text in by_lang.items():
            record = text.record
            if record.edition == edition:
                assert record.number == number
            else:
                foreign += 1
                assert identity_of(corpus, record.edition, record.number) == wanted, (number, lang, record.edition, record.number)
    # The Chinese 2024 edition is shown in the 2026 view, the seeds (2026) in the 2024 view.
    assert foreign > (2000 if edition == "2026-08-07" else 30)


def test_the_term_dictionary_pairs_no_names_of_two_identities(home):
    """Every name a term entry takes from rule titles is the title of a record of the same rule
    identity as one of the entry's rules (names from the glossary and the keyword table are
    not rule titles)."""
    corpus = Store(home / "corpus.sqlite3")
    for edition in ("2024-06-07", "2026-08-07"):
        catalog = Catalog(corpus, edition)
        identities_of_name: dict[tuple[str, str], set[str]] = defaultdict(set)
        for record in corpus.records(kinds=RULE_KINDS, titled=True):
            if record.number and record.edition and record.title and (record.lang == "en" or record.aligned):
                identity = identity_of(corpus, record.edition, record.number) or f"{record.edition}/{record.number}"
                identities_of_name[(record.lang, fold(record.title))].add(identity)
        checked = 0
        for entry in term_entries(catalog):
            rules = {identity_of(corpus, edition, number) for number in entry.rules}
            for lang, name in entry.all_names(kinds=(SourceKind.RULES, SourceKind.TITLE)):
                checked += 1
                assert identities_of_name[(lang, fold(name))] & rules, (edition, entry.english, lang, name, entry.rules)
        assert checked > 500


@pytest.fixture(scope="module")
def english_2024_only(tmp_path_factory):
    return build(tmp_path_factory.mktemp("only2024"), ([EN_2024], None))


def test_texts_of_an_edition_without_english_are_shown_only_in_its_own_view(english_2024_only, monkeypatch):
    """The seeds follow 2026-08-07; with only the 2024 English ingested they cannot be traced."""
    monkeypatch.setenv("MTGRULES_HOME", str(english_2024_only))
    result = CliRunner().invoke(cli, ["rule", "701.50", "--lang", "en,es", "--json"])
    default = json.loads(result.stdout.splitlines()[0])
    assert default["texts"]["en"]["title"] == "Convert" and default["texts"]["es"] is None
    assert "follow the 2026-08-07 edition" in result.stderr and "--edition 2026-08-07" in result.stderr
    own = rule("701.50", "--lang", "en,es", "--edition", "2026-08-07")["701.50"]
    assert own["texts"]["es"]["title"] == "Confabular" and own["texts"]["en"] is None


def test_an_edition_the_corpus_does_not_hold_is_an_error_naming_those_it_does(home):
    result = CliRunner().invoke(cli, ["rule", "701.50", "--edition", "2019-01-01"])
    assert result.exit_code == 2
    assert "no edition 2019-01-01" in result.stderr and "2024-06-07, 2026-08-07" in result.stderr
    assert CliRunner().invoke(cli, ["rule", "701.50", "--edition", "yesterday"]).exit_code == 2


@pytest.fixture(scope="module")
def four_editions(tmp_path_factory):
    """en-20240607, en-20250606, en-20260116 and en-20260807, ingested in two calls, newest first."""
    return build(tmp_path_factory.mktemp("four"), (["cr/en-20260807.txt", "cr/en-20260116.txt"], None), ([EN_2024, EN_2025], None))


def test_stored_identities_give_what_tracing_the_records_gives(four_editions):
    """The identities kept at ingest (each edition matched when it arrived, older ones later)
    read back as the trace of all the editions at once: same changes between every pair, same
    history of every rule."""
    from mtgrules.align.identities import StoredTrace
    from mtgrules.align.trace import Trace

    corpus = Store(four_editions / "corpus.sqlite3")
    stored = StoredTrace(corpus)
    traced = Trace(corpus.records(kinds=RULE_KINDS, langs=["en"]))
    assert stored.editions == traced.editions and len(stored.editions) == 4
    for old in stored.editions:
        for new in stored.editions:
            if old != new:
                assert stored.changes(old, new) == traced.changes(old, new), (old, new)
    newest = stored.newest or ""
    for number in stored.numbers(newest)[::7]:
        identity = stored.identity(newest, number) or ""
        assert identity == traced.identity(newest, number)
        assert stored.history(identity) == traced.history(identity), number
    assert stored.children(newest, "701.50") == traced.children(newest, "701.50")


def test_judge_cites_the_rule_as_numbered_in_the_view(home):
    """The engine cites Convert as 701.28a (2026); the 2024 view quotes its 701.50a and says so."""
    result = CliRunner().invoke(cli, ["judge", str(REPO / "examples/convert.toml"), "--json", "--lang", "en", "--edition", "2024-06-07"])
    first = json.loads(result.stdout.splitlines()[0])
    assert first["rule"] == "701.28a" and "numbered 701.50a in the 2024-06-07 edition" in first["note"]
    assert first["text"].startswith("To convert a permanent")
    connive = [json.loads(line) for line in CliRunner().invoke(cli, ["judge", str(REPO / "examples/connive.toml"), "--json", "--lang", "zh"]).stdout.splitlines()]
    cited = next(row for row in connive if row["rule"] == "701.50a")
    assert cited["text_lang"] == "zh" and "translated from the 2024-06-07 text; the English has changed since" in cited["note"]


def test_quiz_texts_are_those_of_the_view(home):
    from mtgrules.study.citations import RuleTexts

    corpus = Store(home / "corpus.sqlite3")
    now, then = (RuleTexts.of_view(Catalog(corpus, edition)) for edition in ("2026-08-07", "2024-06-07"))
    zh_convert = corpus.records(kinds=["rule"], langs=["zh"], numbers=["701.50"])[0].text
    zh_transform = corpus.records(kinds=["rule"], langs=["zh"], numbers=["701.28"])[0].text
    assert now.text("701.28", "zh") == zh_convert and then.text("701.28", "zh") == zh_transform
    assert now.title("701.28", "es") == "Convertir" and then.title("701.28", "es") != "Convertir"


@pytest.fixture(scope="module")
def two_editions(tmp_path_factory):
    """en-20240607 and en-20260807, with the seeds (aligned against 2026-08-07)."""
    return build(tmp_path_factory.mktemp("two"), ([EN_2024, EN_2026], None))


def test_search_finds_the_rules_of_one_edition_and_numbers_translations_in_it(two_editions, monkeypatch):
    monkeypatch.setenv("MTGRULES_HOME", str(two_editions))

    def search(*args):
        result = CliRunner().invoke(cli, ["search", *args, "--json", "--limit", "50"])
        assert result.exit_code in (0, 1), result.output
        return [json.loads(line) for line in result.stdout.splitlines()]

    now = search("convertir", "--lang", "es", "--kind", "rule")
    assert ("701.28", "2026-08-07") in [(hit["number"], hit["edition"]) for hit in now]
    then = search("convertir", "--lang", "es", "--kind", "rule", "--edition", "2024-06-07")
    assert ("701.50", "2026-08-07") in [(hit["number"], hit["edition"]) for hit in then], "Convert is 701.50 in 2024"
    assert "701.28" not in [hit["number"] for hit in then], "701.28 is Transform in 2024"
    for edition in ("2024-06-07", "2026-08-07"):
        english = search("connive", "--lang", "en", "--kind", "rule", "--edition", edition)
        assert english and {hit["edition"] for hit in english} == {edition}, "one edition's English only"
    assert "701.47" in [hit["number"] for hit in search("connive", "--lang", "en", "--kind", "rule", "--edition", "2024-06-07")]
    refused = CliRunner().invoke(cli, ["search", "connive", "--edition", "2019-01-01"])
    assert refused.exit_code == 2 and "no edition 2019-01-01" in refused.stderr


def test_a_term_is_defined_by_the_glossary_of_the_asked_language_where_there_is_one(home):
    """The Chinese 2024 edition has a glossary: in the 2024 view `term connive --lang zh` gives
    its Chinese entry (matched to the English one by the rules both cite) and the Chinese
    name; in the 2026 view, which has no Chinese glossary, the English one, saying so."""
    result = CliRunner().invoke(cli, ["term", "connive", "--lang", "zh", "--edition", "2024-06-07", "--json"])
    [entry] = map(json.loads, result.stdout.splitlines())
    assert entry["defining_rule"] == "701.47"
    [definition] = entry["definitions"]
    assert (definition["lang"], definition["from"]) == ("zh", "glossary") and "701.47" in definition["text"]
    assert "zh-20240607.txt" in definition["source"]
    assert entry["names"]["zh"] == ["筹谋"]
    later = json.loads(CliRunner().invoke(cli, ["term", "connive", "--lang", "zh", "--json"]).stdout)
    assert [d["lang"] for d in later["definitions"]] == ["en"] and later["missing_definitions"] == ["zh"]
