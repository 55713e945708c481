"""The search: our analysis, the FTS5 tables written in the ingest's transaction, and querying.

The sample corpus below is written for these tests (short paraphrases, not Wizards' text); the
other test_cli_* modules import it. `use_corpus` makes it the whole of the user's store (under
the test's MTGRULES_HOME, without the embedded seeds), so the tests exercise exactly what the
commands read.
"""

from __future__ import annotations

import hashlib
import sqlite3

import pytest

from mtgrules import store
from mtgrules.cli.progress import TerminalReporter
from mtgrules.index import analysis, reading, tables
from mtgrules.index.query import Index, QueryError
from mtgrules.index.snippets import MARK_END, MARK_START, card_snippet, snippet
from mtgrules.records import Record
from mtgrules.text import fold


def rule(number, lang, text, title=None, **fields):
    return Record(kind="rule", lang=lang, source=f"sample-{lang}.txt:1", number=number, title=title, text=text, aligned=True, **fields)


def ruling(card, lang, position, digest, text, printed_name=None, date="2024-06-07"):
    return Record(
        kind="ruling", lang=lang, source=f"sample-{lang}-rulings:{position}", card=card, printed_name=printed_name or card,
        en_position=position, en_digest=digest, position=position, text=text, date=date, aligned=True,
    )


def sample_records() -> list[Record]:
    return [
        Record(kind="section", lang="en", source="cr:1", number="704", title="State-Based Actions", aligned=True),
        rule("704.4", "en", "State-based actions ignore whether anything is on the stack."),
        rule("704.5", "en", "The state-based actions are as follows:"),
        rule("704.5", "es", "Las acciones basadas en estado son las siguientes:", title="Acciones basadas en estado"),
        rule("704.5a", "en", "A player with 0 or less life loses the game."),
        rule("704.5a", "es", "Un jugador con 0 o menos vidas pierde la partida."),
        rule("704.5b", "en", "A player who drew from an empty library loses the game."),
        rule("704.5c", "en", "A player with ten or more poison counters loses the game; in two-player teams see rule 704.6b."),
        rule("704.5d", "en", "A token in a zone other than the battlefield ceases to exist."),
        rule("704.5f", "en", "A creature with toughness 0 or less goes to its owner's graveyard.", examples=["Example: A 2/0 creature dies."]),
        rule("704.5f", "es", "Una criatura con resistencia 0 o menos va al cementerio de su propietario."),
        rule("704.5f", "zh", "防御力为0或更少的生物置入其拥有者的坟墓场。"),
        rule("704.5z", "en", "A lonely subrule just before the double letters."),
        rule("704.5aa", "en", "A sector-less creature beside a space sculptor gets a sector."),
        rule("704.6", "en", "Variant games add more state-based actions."),
        rule("704.6b", "en", "A team with fifteen or more poison counters loses."),
        Record(kind="section", lang="en", source="cr:2", number="701", title="Keyword Actions", aligned=True),
        rule("701.50", "en", "", title="Connive"),
        rule("701.50", "es", "", title="Confabular", en_title="Connive"),
        rule("701.50a", "en", "To connive, draw a card, then discard a card (see rule 702.174)."),
        rule("701.50a", "es", "Para confabular, roba una carta y después descarta una carta."),
        rule("702.174", "en", "", title="Gift"),
        rule("107.14", "en", "A player may have energy counters, written {E}."),
        rule("122.1", "en", "A counter is a marker on an object or player."),
        Record(kind="glossary", lang="en", source="cr:9", title="Energy Counter", text="A counter a player may have. See rule 107.14.", references=["107.14"]),
        Record(kind="term", lang="en", source="kw:1", title="Energy counter", names={"en": "Energy counter", "es": "contador de energía", "fr": "marqueur « énergie »"}, rules=["107.14", "122.1"]),
        Record(kind="term", lang="en", source="kw:2", title="Gift", names={"en": "Gift", "es": "regalar", "fr": "faire cadeau"}, aliases={"fr": ["faire cadeau", "cadeau"]}, rules=["702.174"]),
        Record(kind="term", lang="en", source="kw:3", title="Connive", names={"en": "Connive", "es": "confabular", "fr": "conniver"}),
        Record(kind="card", lang="en", source="mh3:1", card="Electrozoa", names={"en": "Electrozoa", "es": "Electrozoa", "fr": "Électrozoaire"}),
        Record(kind="card", lang="en", source="blb:1", card="Kitnap", names={"en": "Kitnap", "es": "En las garras del sueño", "fr": "Sieste du jeune raton laveur"}),
        Record(kind="card", lang="en", source="kld:1", card="Aether Hub", names={"en": "Aether Hub", "es": "Planta de éter central"}),
        ruling("Electrozoa", "en", 1, "e1", "{E} stands for one energy counter."),
        ruling("Electrozoa", "es", 1, "e1", "{E} representa un contador de energía."),
        ruling("Electrozoa", "en", 2, "e2", "Energy counters are not mana."),
        ruling("Aether Hub", "en", 1, "e1", "{E} stands for one energy counter.", date="2017-02-09"),
        ruling("Kitnap", "fr", 1, "k1", "Les blessures du cadeau promis ne comptent pas.", printed_name="Sieste du jeune raton laveur", date="2024-07-26"),
        ruling("Kitnap", "en", 1, "k1", "Promised gifts are given later."),
    ]


def use_corpus(monkeypatch, records: list[Record]) -> None:
    """Make `records` the whole corpus every command reads: one document of the store, the
    embedded seeds left out. Calling it again replaces them (a new generation)."""
    monkeypatch.setattr(store, "embedded_manifest", lambda: {})
    digest = hashlib.sha256("".join(r.to_json() for r in records).encode()).hexdigest()
    with store.Store().writing() as writer:
        writer.put("sample", digest, "sample", records)


def sample_index(monkeypatch, *more: Record) -> Index:
    """The index of the sample records and `more`, made the whole corpus (`use_corpus`); for a
    `with` block, which closes it."""
    use_corpus(monkeypatch, [*sample_records(), *more])
    return Index.current()


@pytest.fixture
def sample(monkeypatch):
    use_corpus(monkeypatch, sample_records())
    return sample_records()


@pytest.fixture
def index(sample):
    opened = Index.current()
    yield opened
    opened.close()


def keys(results):
    return [(hit.kind, hit.number or hit.card or hit.title, hit.lang) for hit in results.hits]


# --- analysis --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "lang, query, document",
    [("es", "energia", "energía"), ("es", "criaturas", "criatura"), ("fr", "blessures", "blessure"), ("fr", "energie", "énergie"), ("en", "creatures", "creature")],
)
def test_a_query_word_meets_its_inflected_or_accented_form(lang, query, document):
    assert analysis.terms(query, lang) == analysis.terms(document, lang)


def test_unknown_languages_and_cjk_text_are_analyzed_without_a_stemmer():
    assert analysis.terms("生物704.5f", "zh") == ["生物", "704.5f"]
    assert analysis.terms("防御力为0", "zh") == ["防御", "御力", "力为", "0"]
    assert analysis.terms("Énergie Totale", "xx") == ["energie", "totale"]


def test_fold_removes_case_and_accents():
    assert fold("Électrozoaire") == "electrozoaire"


# --- the search tables -------------------------------------------------------------------------


def search_state(key):
    db = sqlite3.connect(store.Store().path)
    try:
        return db.execute("SELECT value FROM search_state WHERE key = ?", (key,)).fetchone()
    finally:
        db.close()


def test_an_ingest_writes_the_search_tables_in_its_own_transaction(sample):
    """The tables are written before the ingest commits (the store's hook), so the first
    search has nothing to build: they index the generation the ingest committed."""
    generation = store.Store().generation()
    assert search_state("generation") == (str(generation),)
    with Index.current() as index:
        assert keys(index.search("zebra")) == []


def test_a_killed_ingest_leaves_the_old_records_and_the_old_search_tables(sample, monkeypatch):
    from mtgrules.index import schema

    before = search_state("generation")
    real_document = schema.document

    def dying(record, *arguments):
        if record.number == "999.1":
            raise KeyboardInterrupt  # the ingest stops half-way, as on Ctrl-C
        return real_document(record, *arguments)

    monkeypatch.setattr(schema, "document", dying)
    with pytest.raises(KeyboardInterrupt):
        use_corpus(monkeypatch, sample + [rule("999.1", "en", "A brand new zebra rule.")])
    assert search_state("generation") == before
    with Index.current() as index:
        assert keys(index.search("criaturas", translate=False)) == [("rule", "704.5f", "es")]
        assert index.search("zebra").hits == []


def test_tables_written_without_the_hook_are_brought_up_to_date_on_the_first_search(sample, monkeypatch):
    """A process that never imported the search (an ingest through the store alone) leaves
    the tables of the generation before: the first search writes them, once."""
    monkeypatch.setattr(store, "_DERIVERS", [])
    use_corpus(monkeypatch, sample + [rule("999.1", "en", "A brand new zebra rule.")])
    assert search_state("generation") != (str(store.Store().generation()),)
    with Index.current() as index:
        assert keys(index.search("zebra")) == [("rule", "999.1", "en")]
    assert search_state("generation") == (str(store.Store().generation()),)


def test_a_new_committed_lexicon_writes_the_tables_again(sample, monkeypatch):
    monkeypatch.setattr(reading, "committed_lexicon_digest", lambda: "a-newer-lexicon")
    with Index.current() as index:
        assert index.search("criaturas", translate=False).hits
    assert search_state("lexicon") == ("a-newer-lexicon",)


def test_an_index_kept_open_sees_each_ingest_committed_since_its_last_search(sample, monkeypatch):
    with Index.current() as kept:
        assert kept.search("zebra").hits == []
        use_corpus(monkeypatch, sample + [rule("999.1", "en", "A brand new zebra rule.")])
        assert keys(kept.search("zebra")) == [("rule", "999.1", "en")]
        assert keys(kept.search("criaturas", translate=False)) == [("rule", "704.5f", "es")]


def test_an_old_index_folder_is_removed_once_saying_so(sample, capsys):
    from mtgrules import paths

    old = paths.cache_dir() / "index"
    (old / "abc-1").mkdir(parents=True)
    (old / "CURRENT").write_text("abc-1\n")
    with Index.current(TerminalReporter()) as index:
        assert index.search("criaturas").hits
    assert not old.exists()
    assert "the search index of an earlier version" in capsys.readouterr().err
    with Index.current(TerminalReporter()):
        pass
    assert capsys.readouterr().err == ""


# --- querying --------------------------------------------------------------------------------


def test_a_heading_found_by_its_title_brings_its_opening_rule_just_before_it(index):
    # 701.50 "Connive" is a title alone: a judge reads the rule that says what conniving is.
    results = index.search("connive", langs=["en"], kinds=["rule"])
    assert keys(results) == [("rule", "701.50a", "en"), ("rule", "701.50", "en")]
    assert keys(index.search("number:701.50", langs=["en"])) == [("rule", "701.50", "en")], "a number asked for is that rule"


def test_a_keyword_term_found_by_its_name_brings_the_rule_that_defines_it_first(monkeypatch):
    # The keyword table's "Stun counter" (contador de aturdimiento) is linked to 122.1d at
    # ingest; the rule's words are not the term's: a judge asking for the term reads the rule.
    use_corpus(monkeypatch, [
        rule("122.1", "en", "A counter is a marker on an object or player."),
        rule("122.1d", "en", "If a permanent with one would become untapped, instead remove one of them from it."),
        rule("603.2", "en", "Whenever a game event matches a trigger event, the ability triggers."),
        Record(kind="term", lang="en", source="kw:1", title="Stun counter",
               names={"en": "Stun counter", "es": "contador de aturdimiento"}, rules=["122.1d"]),
    ])
    with Index.current() as opened:
        found = keys(opened.search("contador de aturdimiento"))
        assert found[:2] == [("rule", "122.1d", "en"), ("term", "Stun counter", "en")]
        assert keys(opened.search("contador de aturdimiento", kinds=["term"])) == [("term", "Stun counter", "en")], \
            "asked for terms, the rule is not brought"


def test_a_glossary_entry_named_by_its_title_brings_the_rules_it_stands_for_up(monkeypatch):
    # "dix marqueurs poison", translated `ten "poison counter"`: the glossary entry Poison
    # Counter names 704.5c, which a judge cites, among the rules the words find.
    use_corpus(monkeypatch, [
        Record(kind="section", lang="en", source="cr:1", number="904", title="Archenemy", aligned=True, edition="2026-08-07"),
        rule("904.13c", "en", "Poison counters are not shared: a member of the team with ten or more poison counters"
                              " loses, and a poison counter given to the team goes to one member.", edition="2026-08-07"),
        rule("704.5c", "en", "If a player has ten or more poison counters, that player loses the game. Ignore this rule in"
                             " Two-Headed Giant games; see rule 704.6b instead.", edition="2026-08-07"),
        rule("122.1f", "en", "Ten or more poison counters: a poisoned player loses.", edition="2026-08-07"),
        Record(kind="glossary", lang="en", source="cr:9", title="Poison Counter", edition="2026-08-07", aligned=True,
               text="A counter that may be given to a player. See rule 704.5c."),
    ])
    with Index.current() as opened:
        assert keys(opened.search("ten poison counter", langs=["en"], kinds=["rule"]))[0] == ("rule", "704.5c", "en")
        assert keys(opened.search("ten poison", langs=["en"], kinds=["rule"]))[0] != ("rule", "704.5c", "en"), \
            "not named, the entry brings nothing"


def test_the_rule_that_defines_what_a_query_names_comes_before_rules_using_its_words(monkeypatch):
    use_corpus(monkeypatch, [
        rule("702.144a", "en", "Demonstrate is a triggered ability: when you cast this spell, you may copy the spell."),
        rule("707.12", "en", "An effect may copy a spell and let you choose new targets for the copy of the spell."),
        rule("707.10", "en", "To copy a spell, activated ability, or triggered ability means to put a copy of it onto the"
                             " stack; a copy of a spell isn't cast and a copy of an activated ability isn't activated."
                             " A copy of a spell copies the decisions made for it, including modes and targets."),
    ])
    with Index.current() as opened:
        assert keys(opened.search("copy spell", langs=["en"]))[0] == ("rule", "707.10", "en")
        assert keys(opened.search("copy spell", langs=["en"], translate=False))[0] == ("rule", "707.10", "en")


def test_a_hit_shown_in_the_query_language_carries_its_english_text(index):
    # One hit a record: the seed's Spanish 704.5f, shown in the query's language, with the
    # English text a judge cites beside it, found by the translation or read by its number.
    for translate in (True, False):
        hits = index.search("criaturas", translate=translate).hits
        assert (hits[0].key, hits[0].lang) == (["rule", "704.5f"], "es")
        assert "toughness 0 or less goes to its owner" in hits[0].english.replace(MARK_START, "").replace(MARK_END, "")
        # marked as the English search of the query marked it (none without translation)
        assert (f"{MARK_START}creature{MARK_END}" in hits[0].english) == translate
        assert all(hit.english is None for hit in hits if hit.lang == "en")
    [ruling] = [hit for hit in index.search("contador de energía", kinds=["ruling"]).hits if hit.lang == "es"]
    assert ruling.english.replace(MARK_START, "").replace(MARK_END, "") == "{E} stands for one energy counter."
    [zh] = index.search("防御力", langs=["zh"]).hits
    assert zh.english is not None and "toughness" in zh.english


def test_a_hit_names_its_key_language_and_the_other_languages_of_that_key(index):
    [hit] = index.search("criaturas", translate=False).hits
    assert (hit.key, hit.lang, hit.other_langs) == (["rule", "704.5f"], "es", ["en", "zh"])


def test_a_query_also_searches_the_other_languages_translated_in_one_ranking(index):
    hits = index.search("criaturas").hits
    # 704.5f is found as typed (Spanish) and by its translation (English): one hit, first, shown
    # in the query's language; the English records the translation found rank with it.
    assert (hits[0].key, hits[0].lang, hits[0].translation) == (["rule", "704.5f"], "es", None)
    others = hits[1:]
    assert others and all(hit.lang == "en" and hit.translation.startswith("criaturas → creat") for hit in others)
    assert ["rule", "704.5f"] not in [hit.key for hit in others], "a key is shown once, whatever its languages"
    assert [hit.key for hit in index.search("creature", langs=["es"]).hits] == [["rule", "704.5f"]]


def test_snippets_mark_the_matched_words(index):
    [hit] = index.search("energia", langs=["es"]).hits
    assert f"{MARK_START}energía{MARK_END}" in hit.snippet


def test_a_card_snippet_is_its_text_after_the_printed_name_the_query_matched():
    # A card's indexed body is its text, then its names in every language, English first.
    body = "Other Squirrels you control get +1/+1.\nSquirrel Regent\nRegente ardilla\nRégent écureuil"
    stems = {"es": {analysis.term("regente", "es")}, "en": set()}
    shown = card_snippet(body, "Squirrel Regent", "en", stems, set())
    assert shown == f"{MARK_START}Regente{MARK_END} ardilla · Other Squirrels you control get +1/+1."
    # Nothing of a name matched: the text alone, not the list of names.
    assert card_snippet(body, "Squirrel Regent", "en", {"en": {analysis.term("squirrel", "en")}}, set()) \
        == f"Other {MARK_START}Squirrels{MARK_END} you control get +1/+1."


def test_a_snippet_shows_the_window_with_most_of_the_query_words():
    # The first mark is "storm" at the start; "storm" and "lethal" together come later.
    text = ("Storm clouds gather over the storm plain. " + "Nothing of note happens here for a while. " * 8
            + "Then a lethal storm breaks.")
    shown = snippet(text, "en", {analysis.term("storm", "en"), analysis.term("lethal", "en")}, set())
    assert f"{MARK_START}lethal{MARK_END}" in shown and f"{MARK_START}storm{MARK_END}" in shown
    assert shown.startswith("…")


@pytest.mark.parametrize(
    "query, expected",
    [
        ("electrozoo~", ("ruling", "Electrozoa", "en")),  # no language to prefer: a ruling is shown in English
        ("confab*", ("rule", "701.50a", "es")),
        ('"contador de energía"', ("ruling", "Electrozoa", "es")),
        ("card:electrozoa lang:es", ("ruling", "Electrozoa", "es")),
        ("number:704.5f lang:zh", ("rule", "704.5f", "zh")),
        ("生物", ("rule", "704.5f", "zh")),
        ("blessure", ("ruling", "Kitnap", "fr")),
        ('card:"aether hub"', ("card", "Aether Hub", "en")),
        ('card:"planta de éter central"', ("ruling", "Aether Hub", "en")),  # a printed name finds the English rulings
        ("card:électrozoaire lang:es", ("ruling", "Electrozoa", "es")),
    ],
)
def test_query_syntax(index, query, expected):
    assert expected in keys(index.search(query))


def test_fuzzy_terms_find_accented_words(index):
    assert ("ruling", "Electrozoa", "es") in keys(index.search("energie~", langs=["es"]))


def test_language_and_kind_filters(index):
    mixed = index.search("energy OR energía OR énergie").hits  # one hit a record, its other languages beside it
    assert {lang for hit in mixed for lang in [hit.lang, *hit.other_langs]} >= {"en", "es"}
    assert {hit.lang for hit in index.search("energy OR energía", langs=["es"]).hits} == {"es"}
    assert {hit.kind for hit in index.search("energy", kinds=["glossary"]).hits} == {"glossary"}


def test_no_hits_come_with_a_suggestion_from_the_index_vocabulary(index):
    results = index.search("criatras")
    assert results.hits == []
    # The vocabulary holds the lexicon's words too ("criaturas", printed so on cards): one edit away.
    assert results.suggestion in ("criatura", "criaturas") and index.search(results.suggestion).hits


@pytest.mark.parametrize(
    "query, message",
    [
        ('"contador de', "unbalanced quote"),
        ("(criatura", "unbalanced parentheses"),
        ("card:", "nothing after 'card:'"),
        ('card:""', "nothing after 'card:'"),
        ("criatura AND", "starts or ends with an operator"),
        ("*", "has no letters"),
        ("   ", "empty query"),
    ],
)
def test_malformed_queries_are_refused_with_the_reason(index, query, message):
    with pytest.raises(QueryError, match=message):
        index.search(query)


@pytest.mark.parametrize("query", ["Energy: counters", "energy: counters", "colour:red energy counters"])
def test_a_word_and_a_colon_that_name_no_field_are_a_word(index, query):
    """ "Trample: excess damage": a person's colon, not a field."""
    assert ("glossary", "Energy Counter", "en") in keys(index.search(query, langs=["en"]))


def test_a_stop_word_alone_matches_nothing_and_the_search_says_so(index):
    # Issue 21: a query of only little words (articles, prepositions, question words) says so.
    for text, langs in (("the", ["en"]), ("de", ["es"]), ("¿qué pasa?", None)):
        with pytest.raises(QueryError, match="only words too common to search for on their own"):
            index.search(text, langs=langs, translate=False)
    assert index.search("de criaturas", langs=["es"], translate=False).hits  # beside a content word: left out


def test_fuzzy_words_are_bounded_in_number(index):
    index.search(" ".join(["energy~"] * 8))
    with pytest.raises(QueryError, match="at most 8"):
        index.search(" ".join(["energy~"] * 9))


def test_fuzzy_edits_are_capped_at_two(index):
    with pytest.raises(QueryError, match="at most 2"):
        index.search("electrozoo~3")


def test_writing_the_tables_shows_a_progress_bar_only_on_a_terminal(monkeypatch, capsys):
    many = [rule(f"800.{n}", "en", f"energy counter {n}") for n in range(1, 3000)]  # written anew, not in place
    monkeypatch.setattr(store, "_DERIVERS", [])  # written by the first search, which reports
    use_corpus(monkeypatch, many)
    with Index.current(TerminalReporter()):
        pass
    assert "Indexing the corpus" not in capsys.readouterr().err

    use_corpus(monkeypatch, many + [rule("999.1", "en", "A brand new zebra rule.")])
    monkeypatch.setattr("sys.stderr.isatty", lambda: True)
    monkeypatch.setattr("click._termui_impl.isatty", lambda stream: True)
    with Index.current(TerminalReporter()):
        pass
    assert "Indexing the corpus" in capsys.readouterr().err


def test_the_lexicon_grows_from_the_card_texts_of_the_corpus(monkeypatch):
    """A corpus with something in Japanese (the committed lexicon has no Japanese) learns
    Japanese from the official card texts of its MTGJSON files when the index is built, and a
    Japanese query then reaches the English records."""
    from conftest import corpus_file

    from mtgrules.parsers import mtgjson

    path = corpus_file("rulings/KLD.mtgjson-v5.json")
    cards = [r for r in mtgjson.parse(path.read_bytes(), str(path)) if r.kind == "card"]
    japanese = rule("704.5f", "ja", "防御力が0以下のクリーチャーは墓地に置かれる。")
    with sample_index(monkeypatch, japanese, *cards) as index:
        results = index.search("墓地", langs=["en"])
        assert results.hits and results.hits[0].translation == "墓地 → graveyard"
        assert ("rule", "704.5f", "en") in keys(results)


def test_the_library_writes_the_tables_without_printing(sample, capsys, monkeypatch):
    """The search layer prints nothing itself: a program using it decides what to show."""
    monkeypatch.setattr("sys.stderr.isatty", lambda: True)
    use_corpus(monkeypatch, sample + [rule("999.1", "en", "A brand new zebra rule.")])
    with Index.current() as index:
        index.search("zebra")
    assert capsys.readouterr() == ("", "")


def test_a_spanish_stop_word_does_not_block_a_search_across_languages(index):
    assert ("ruling", "Electrozoa", "es") in keys(index.search("contador de energía"))


def test_restricting_languages_keeps_the_best_of_many_hits(monkeypatch):
    """More hits than the limit, most of them in another language: the restriction to a
    language keeps the best of those in it."""
    many = [rule(f"800.{n}", "es" if n % 2 else "en", f"energy energía counter {n}") for n in range(1, 400)]
    use_corpus(monkeypatch, many)
    with Index.current() as index:
        hits = index.search("energía", langs=["es"], limit=5).hits
    assert len(hits) == 5 and {hit.lang for hit in hits} == {"es"}


def test_matched_cjk_characters_are_marked_as_one_word(index):
    [hit] = index.search("生物", langs=["zh"]).hits
    assert f"{MARK_START}生物{MARK_END}" in hit.snippet


def test_a_card_printed_again_under_another_name_teaches_the_lexicon_nothing_more(monkeypatch):
    """The lexicon learned at build time counts each card's texts once: Kaladesh's cards again
    under other names (same oracle ids and texts, as a reprint) leave it as Kaladesh alone
    makes it, where counting them twice would make every pair surer and pair the cards' old
    names, which their texts still print, with each other."""
    import dataclasses

    from conftest import corpus_file

    from mtgrules.parsers import mtgjson

    path = corpus_file("rulings/KLD.mtgjson-v5.json")
    cards = [r for r in mtgjson.parse(path.read_bytes(), str(path)) if r.kind == "card"]
    spanish = [r for r in sample_records() if r.lang == "es"]
    renamed = [dataclasses.replace(card, card=f"{card.card} 2", names={lang: f"{name} 2" for lang, name in card.names.items()})
               for card in cards]

    def learned(records):
        use_corpus(monkeypatch, records)
        db = sqlite3.connect(store.Store().path)
        try:
            return db.execute("SELECT lang, direction, key, found FROM search_lexicon ORDER BY lang, direction, key").fetchall()
        finally:
            db.close()

    alone = learned([*spanish, *cards])
    assert alone and learned([*spanish, *cards, *renamed]) == alone


def _tables_content():
    """What the search tables hold, entry by entry, without the ids the entries were given."""
    db = sqlite3.connect(store.Store().path)
    try:
        rows = db.execute("SELECT s.title, s.body, s.words, s.card, s.number, s.lang, s.kind, s.views, e.stored"
                          " FROM search s JOIN search_entries e ON e.id = s.rowid").fetchall()
        state = dict(db.execute("SELECT key, value FROM search_state WHERE key IN ('langs', 'editions', 'documents')"))
    finally:
        db.close()
    return sorted((*row[:3], sorted(row[3].split()), *row[4:]) for row in rows), state


def test_an_update_in_place_writes_what_writing_anew_writes(sample, monkeypatch):
    """A page ingested into a corpus updates the entries it touches (its own, those of its
    cards and rules, whose "also in" and names change), and the tables then hold what writing
    them anew would: the same entries, the same columns."""
    calls = []
    monkeypatch.setattr(tables, "write_all", lambda *args, real=tables.write_all: (calls.append(1), real(*args))[1])
    page = [
        ruling("Electrozoa", "fr", 2, "e2", "Les marqueurs d'énergie ne sont pas du mana.", printed_name="Électrozoaire"),
        ruling("Aether Hub", "es", 1, "e1", "{E} representa un contador de energía.", printed_name="Planta de éter central"),
        rule("704.5a", "fr", "Un joueur qui a 0 point de vie ou moins perd la partie."),
    ]
    with store.Store().writing() as writer:
        writer.put("page", "digest-of-the-page", "ruling_page", page)
    assert calls == [], "written in place"
    updated = _tables_content()
    with store.Store().writing() as writer:
        tables.write_all(writer)
    assert _tables_content() == updated
    with Index.current() as index:
        [hit] = index.search("marqueurs mana", langs=["fr"], translate=False).hits
        assert (hit.key, hit.other_langs) == (["ruling", "Electrozoa", 2], ["en"])
        [english] = index.search("life", langs=["en"], translate=False).hits
        assert (english.number, english.other_langs) == ("704.5a", ["es", "fr"])


def test_removing_a_document_updates_the_entries_in_place(sample, monkeypatch):
    page = [ruling("Electrozoa", "fr", 2, "e2", "Les marqueurs d'énergie ne sont pas du mana.", printed_name="Électrozoaire")]
    with store.Store().writing() as writer:
        writer.put("page", "digest-of-the-page", "ruling_page", page)
    with store.Store().writing() as writer:
        writer.remove("page")
    updated = _tables_content()
    with store.Store().writing() as writer:
        tables.write_all(writer)
    assert _tables_content() == updated
    with Index.current() as index:
        assert index.search("marqueurs", langs=["fr"], translate=False).hits == []


def test_suggestions_and_fuzzy_words_come_from_every_languages_vocabulary(index):
    """ "arollar" is in no record's text, but the lexicon's Spanish has "arrolla" (trample, as
    cards print it; one entry a stem keeps one spelling): the suggestion and a fuzzy word's
    expansions come from every language's vocabulary."""
    suggestion = index.search("arollar").suggestion
    assert suggestion in ("arrollar", "arrolla")
    assert suggestion in index.near_words("arollar", 2, 1)


def test_a_query_that_was_not_utf8_is_refused_as_such_not_as_damage(index):
    """Bytes that were not UTF-8 reach Python as lone surrogates (`surrogateescape`): the
    query is refused in one line saying so, and nothing is taken for a damaged index."""
    for text in ["en\udcffergy", "\udcff\udcfe", "caf\udcc3 energy~"]:
        with pytest.raises(QueryError, match="is not UTF-8 text"):
            index.search(text)
    assert index.search("energy").hits, "the index is as it was"


def test_tables_that_cannot_be_written_are_searched_in_a_copy_in_memory(sample, monkeypatch, capsys):
    """A database in a folder that cannot be written, whose search tables are older than its
    records: the search says so in one line and searches a copy in memory."""
    monkeypatch.setattr(store, "_DERIVERS", [])
    use_corpus(monkeypatch, sample + [rule("999.1", "en", "A brand new zebra rule.")])
    real = store.Store.writing

    def refused(self, *args, **kwargs):
        if not self.in_memory:
            raise store.StoreUnwritable(f"cannot write the corpus {self.path}: attempt to write a readonly database")
        return real(self, *args, **kwargs)

    monkeypatch.setattr(store.Store, "writing", refused)
    with Index.current(TerminalReporter()) as index:
        assert keys(index.search("zebra")) == [("rule", "999.1", "en")]
        assert keys(index.search("zebra")) == [("rule", "999.1", "en")]
    err = capsys.readouterr().err
    assert "searching a copy in memory" in err and len(err.strip().splitlines()) == 2


def test_a_card_named_in_passing_brings_its_rulings_first_but_one_without_rulings_leaves_its_words(monkeypatch):
    # "Taille maximale" is Fully Grown's French name; "taille maximale de la main" asks about
    # the maximum hand size: with no ruling to bring, the name's words are translated as words.
    grown = Record(kind="card", lang="en", source="iko:1", card="Fully Grown", names={"en": "Fully Grown", "fr": "Taille maximale"})
    with sample_index(monkeypatch, grown) as index:
        english = [t.query for t in index.search("taille maximale de la main").plan.translations if t.target == "en"]
        assert english == ['"maximum hand size"']
    with sample_index(monkeypatch, grown, ruling("Fully Grown", "en", 1, "g1", "The bonus lasts until end of turn.")) as index:
        assert index.search("taille maximale de la main").hits[0].key == ["ruling", "Fully Grown", 1]


def test_a_translation_leaves_out_question_forms_and_function_words_and_prefers_whole_phrases(index):
    def english(text):
        return [t.query for t in index.search(text).plan.translations if t.target == "en"]

    # A French question's inverted verb is its form, not a word to find in English records.
    assert "arrive" not in " ".join(english("qu'arrive-t-il si un sort est contrecarré ?"))
    # "dans" → into, "puede" → can't: learned from card text, required of every record they find the wrong ones.
    assert "into" not in english("piocher dans une bibliothèque")[0].split()
    assert "can't" not in english("una criatura girada puede bloquear")[0]
    # Portuguese and Italian ask "can" as Spanish and German do ("pode", "può"): the form of a question.
    assert "may" not in english("uma criatura virada pode bloquear?")[0].split()
    # Portuguese "resistência a magia" is one phrase (hexproof); read as Spanish words it was "toughness magic".
    assert english("resistência a magia") == ["hexproof"]
    # A hyphenated word is the words of a phrase: Italian "anti-malocchio" was searched as typed, in no language.
    assert english("anti-malocchio") == ["hexproof"]
    # "spell is countered" is card text's voice; the rules say "countered" as they will: its words, not its order.
    assert english("qu'arrive-t-il si un sort est contrecarré ?") == ["(spell is countered)"]
    # German writes compounds as one word; card text prints their parts: "Friedhof" + "Karte".
    assert english("Friedhofskarte") == ["graveyard card"]
    # Portuguese has "efeitos", not "contínuos"; its neighbour Spanish has "continuos": each word
    # from the language that knows it.
    assert english("camadas de efeitos contínuos") == ['"continuous effects"']
    # German nouns end in "-en" as its infinitives do: "Schaden" is not "schaue" (look), and
    # "verlieren" is "verliert" (loses), not "verewigen" (eternalize).
    assert english("Lebenspunkte verlieren") == ["life loses"]
    assert "look" not in english("Schaden durch Trampelschaden")[0]
    # Portuguese little words count for Portuguese: "uma", "é" are not Spanish.
    assert index.search("O que acontece se uma mágica é anulada?").plan.detected == ["pt"]
    # Forms of one verb keep their pair, irregular ones too: "destruye" / "destruir", "pon" / "poner".
    assert english("destruir un permanente") == ["destroy permanent"]
    assert english("poner una carta") == ["put card"]
    # "paso" (step) and "pasar" (pass) have one key: a form goes with the word it is a form of.
    assert "pass" in english("todos los jugadores pasan la prioridad")[0].split()
    assert "step" in english("los pasos del turno")[0].split()
    # A word that only ends as infinitives do is not read as one: "primer" (first) is not "prisa" (haste).
    assert "haste" not in english("el jugador que empieza no roba en su primer turno")[0].split()
    assert english("détruire un permanent") == ["destroy permanent"]
    # An infinitive whose stem changes reaches the forms card text prints: "résoudre" / "se résout" (resolves).
    assert "resolves" in english("résoudre un sort")[0].split()
    # The noun of a verb's action is a form of it: "dégagement" is the untapping of "dégagez".
    assert english("étape de dégagement") == ['"untap step"']
    # An inverted French verb is translated: the rules say state-based actions are checked.
    assert "check" in english("quand vérifie-t-on les actions basées sur un état ?")[0].split()


def test_a_word_is_not_translated_by_the_pair_of_another_word_of_its_stem(monkeypatch):
    # The stemmer gives "objeto" (object) the key of "objetivo" (target), and "historia" that of
    # "histórico" (historic): a pair learned from another word of the same stem is no translation
    # of a word the language spells (here, Spanish records do).
    with sample_index(monkeypatch,
                      rule("109.1", "es", "Un objeto es una habilidad en la pila, una carta o una ficha."),
                      rule("714.2", "es", "Una Saga cuenta su historia con contadores.")) as index:
        def english(text):
            return [t.query for t in index.search(text).plan.translations if t.target == "en"]

        assert "target" not in english("aura que encanta un objeto ilegal")[0]
        assert "illegal" in english("aura que encanta un objeto ilegal")[0]
        assert "historic" not in english("contadores de historia de una saga")[0]
        assert "target" in english("hechizo objetivo")[0]


def test_a_word_two_languages_spell_is_searched_in_what_each_means(monkeypatch):
    # French "initiative" is first strike (the keyword line "Initiative" of "First strike" cards);
    # English "initiative" is rule 726. Both languages spell it: each meaning is searched.
    with sample_index(monkeypatch,
                      rule("702.7", "en", "", title="First Strike"),
                      rule("702.7b", "en", "A creature with first strike deals combat damage before creatures without first strike."),
                      rule("702.111b", "en", "A creature with menace can't be blocked except by two or more creatures."),
                      rule("726.1", "en", "The initiative is a designation a player can have.")) as index:
        results = index.search("initiative")
        assert {"en", "fr"} <= set(results.plan.detected)
        assert [t.query for t in results.plan.translations if t.target == "en"] == ['"first strike"']
        assert {"702.7b", "726.1"} <= {hit.number for hit in results.hits}
        # "menace" is menace in French and English: nothing to translate.
        plan = index.search("menace").plan
        assert "en" in plan.direct and not [t for t in plan.translations if t.target == "en"]


def test_a_ruling_ranks_below_a_rule_matched_as_well_unless_the_query_names_its_card(index):
    # "Energy counters are not mana." (a ruling of Electrozoa) is as short as 107.14 and holds
    # the same words; a judge asking about the game reads the rule first.
    hits = index.search("energy counters", langs=["en"], kinds=["rule", "ruling"]).hits
    assert hits[0].key == ["rule", "107.14"]
    assert index.search("Electrozoa energy counters", langs=["en"], kinds=["rule", "ruling"]).hits[0].kind == "ruling"


def test_a_word_of_a_four_letter_key_is_its_languages_word(index):
    # French "meuler" stems to "meul", the key of the printed "meule": a word of French, translated.
    plan = index.search("meuler").plan
    assert "fr" in plan.detected
    assert any(t.target == "en" and "mill" in t.query for t in plan.translations)


def test_a_phrase_is_found_with_its_last_word_in_another_form(index):
    # The French stemmer keeps "continus" whole; "effet continu" (continuous effect) has the key "continu".
    english = [t.query for t in index.search("couches des effets continus").plan.translations if t.target == "en"]
    assert english and '"continuous effect"' in english[0]


def test_only_sure_lexicon_pairs_make_english_terms():
    # A pair learned three times from a clumsy alignment must not make "criatura girada" the
    # phrase "creature tapped"; a sure pair's English, glossary titles and keyword names do.
    from mtgrules.align.lexicon import Entry, Lexicon
    from mtgrules.index import tables

    lexicon = Lexicon([Entry("it", "creatura tappata in questo", "creature tapped", 0.643, 3, "cards"),
                       Entry("es", "daño letal", "lethal damage", 1.0, 0, "core-terms")])
    glossary = Record(kind="glossary", lang="en", source="cr:9", title="Poison Counter", text="A counter.")
    assert tables.english_terms([glossary], lexicon) == {"lethal_damag", "poison_counter"}


# --- a rule's place in the rules ------------------------------------------------------------


def placed_records() -> list[Record]:
    return [
        Record(kind="section", lang="en", source="cr:1", number="509", title="Declare Blockers Step", aligned=True),
        rule("509.1", "en", "First, the defending player declares blockers."),
        rule("509.1a", "en", "The defending player chooses which untapped creatures they control will do so."),
        rule("302.6", "en", "A creature's activated ability with the tap symbol can't be activated unless it was untapped."),
        Record(kind="section", lang="en", source="cr:2", number="702", title="Keyword Abilities", aligned=True),
        rule("702.19", "en", "", title="Trample"),
        rule("702.19b", "en", "The controller assigns any excess damage to the player."),
        rule("120.4", "en", "Excess damage is damage beyond lethal damage."),
    ]


def test_a_query_of_two_words_finds_a_subrule_by_the_titles_above_it(monkeypatch):
    """509.1a never says "blockers" and 702.19b never says "trample": the section and the rule
    above them do, and a judge asks in those words."""
    use_corpus(monkeypatch, placed_records())
    with Index.current() as index:
        assert keys(index.search("untapped blockers", translate=False))[0] == ("rule", "509.1a", "en")
        found = keys(index.search("trample excess damage", translate=False))
        assert found[0] == ("rule", "702.19b", "en")
        # 120.4 holds two words of three, not under Trample: not among those holding every word
        # (it may follow them: a short page goes on with most of the words).
        assert ("rule", "120.4", "en") not in keys(index.search("trample AND excess AND damage", translate=False))


def test_a_query_of_one_word_is_not_answered_by_every_rule_under_a_title_holding_it(monkeypatch):
    """"blockers" alone is the section's title: the rules that say it rank, not each rule of
    the section that does not."""
    use_corpus(monkeypatch, placed_records())
    with Index.current() as index:
        found = keys(index.search("blockers", translate=False))
    assert ("rule", "509.1", "en") in found
    assert ("rule", "509.1a", "en") not in found


def test_when_no_record_holds_every_word_the_one_holding_most_comes_first(monkeypatch):
    """One rare word ranks above two common ones by bm25: the rule holding the two common
    words of "quagga stripes mane unicorn" comes after the 35 rules holding the rare word by bm25,
    and first by the share of the query it holds."""
    records = [rule(f"300.{n}", "en", f"A quagga rule, q{n}.") for n in range(1, 36)]
    records += [rule(f"400.{n}", "en", f"A stripes rule, s{n}.") for n in range(1, 201)]
    records += [rule(f"500.{n}", "en", f"A mane rule, m{n}.") for n in range(1, 201)]
    records.append(rule("600.1", "en", "The stripes and the mane, together."))
    use_corpus(monkeypatch, records)
    with Index.current() as index:
        results = index.search("quagga stripes mane unicorn", translate=False)
    assert results.partial
    assert keys(results)[0] == ("rule", "600.1", "en")


def test_a_short_page_of_every_word_marks_the_hits_that_top_it_up(monkeypatch):
    """Two records hold every word of "quagga stripes": they come first, unmarked; the records
    holding one of the words that go on with the page are each marked partial, and the page is
    not (some of its records hold every word)."""
    records = [rule("300.1", "en", "A quagga with stripes."), rule("300.2", "en", "Stripes on a quagga.")]
    records += [rule(f"400.{n}", "en", f"A stripes rule, s{n}.") for n in range(1, 6)]
    use_corpus(monkeypatch, records)
    with Index.current() as index:
        results = index.search("quagga stripes", translate=False)
    assert not results.partial
    assert [hit.partial for hit in results.hits] == [False, False] + [True] * (len(results.hits) - 2)
    assert {hit.number for hit in results.hits[:2]} == {"300.1", "300.2"} and len(results.hits) > 2


def test_a_rule_citing_another_by_its_title_is_not_about_that_title(monkeypatch):
    """ "(See rule 117, “Timing and Priority.”)" names rule 117's subject, not the citing
    rule's: "priority" counts once in 504.2, and the rule about priority comes first."""
    use_corpus(monkeypatch, [
        rule("504.2", "en", "Second, the active player gets priority. (See rule 117, “Timing and Priority.”)"),
        rule("117.3b", "en", "A player with priority may cast a spell."),
        rule("306.6", "en", "Planeswalkers can be attacked. (See rule 508, “Declare Attackers Step.”)"),
    ])
    with Index.current() as index:
        assert keys(index.search("priority", translate=False))[0] == ("rule", "117.3b", "en")
        assert keys(index.search("declare", translate=False)) == []
        assert keys(index.search("planeswalkers", translate=False)) == [("rule", "306.6", "en")]


def test_a_word_left_as_typed_is_a_word_of_the_target_and_a_word_left_out_is_said(monkeypatch):
    # A word the lexicon has no pair for is searched as typed when English spells it too (a name,
    # "indestructible"); a function word of the query's language is another word in English
    # (French "plus" is more, not plus: the records it found were about plus signs). A word
    # nothing translates is left out, and the translation says so.
    with sample_index(monkeypatch,
                      rule("100.2a", "en", "A constructed deck has no more than four of any card."),
                      rule("702.172b", "en", "Cards with spree have a plus sign icon.")) as index:
        def english(text):
            return [t for t in index.search(text).plan.translations if t.target == "en"]

        [translation] = english("plus de quatre cartes")
        assert "plus" not in translation.query.split() and "plus" in translation.untranslated
        # "pas plus de" is a phrase of the core terms: no more than.
        [translation] = english("pas plus de quatre cartes")
        assert '"no more than"' in translation.query and translation.untranslated == []
        assert index.search("pas plus de quatre cartes").hits[0].number == "100.2a"
        # A participle no card prints reaches the English participle of the rules.
        [translation] = english("mazo construido")
        assert "constructed" in translation.query.split() and translation.untranslated == []
        results = index.search("soixante cartes")
        [translation] = [t for t in results.plan.translations if t.target == "en"]
        assert translation.untranslated == ["soixante"]
        assert all(hit.untranslated == ["soixante"] for hit in results.hits if hit.translation == translation.shown)
        assert results.hits and any(hit.translation == translation.shown for hit in results.hits)


def test_an_adjective_in_ant_is_translated_and_a_verb_and_its_object_are_no_term(monkeypatch):
    with sample_index(monkeypatch,
                      Record(kind="glossary", lang="en", source="cr:9", title="Blocked Creature",
                             text="A creature that has been declared as a blocker.", references=[]),
                      rule("702.9b", "en", "A creature with flying can't be blocked except by creatures with flying or reach."),
                      rule("702.9b", "fr", "Une créature volante ne peut être bloquée que par des créatures avec le vol.")) as index:
        def english(text):
            return [t.query for t in index.search(text).plan.translations if t.target == "en"]

        # "volante" (French records spell it) is a form of "vol" (flying), as "volantes" is: no word dropped.
        assert "flying" in english("une créature volante")[0].split()
        # "voladora" (flying) is the adjective of "volar", whose printed "vuela" is flying.
        assert "flying" in english("criatura voladora")[0].split()
        # "bloquer une créature" is to block a creature; "créature bloquée" is the term.
        assert '"blocked creature"' not in english("bloquer une créature")[0]
        assert english("créature bloquée") == ['"blocked creature"']
