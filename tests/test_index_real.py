"""Search and lookups on the real corpus: the 2026-08-07 Comprehensive Rules, Kaladesh and two
MTGJSON excerpts, the keyword table, and the seed pages, ingested through `mtgrules ingest`
exactly as a user would (read in place from ../shared/corpus-data; skipped when absent)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from conftest import REAL_CORPUS, SEEDS, corpus_file

from mtgrules.cli.main import cli

pytestmark = pytest.mark.shared


@pytest.fixture(scope="module")
def real_home(tmp_path_factory):
    paths = [str(corpus_file(name)) for name in REAL_CORPUS] + [str(p) for p in sorted(SEEDS.glob("*.txt"))]
    home = tmp_path_factory.mktemp("real-home")
    result = CliRunner(env={"MTGRULES_HOME": str(home)}).invoke(cli, ["ingest", *paths])
    assert result.exit_code == 0, result.output
    return home


@pytest.fixture
def run(real_home, monkeypatch):
    monkeypatch.setenv("MTGRULES_HOME", str(real_home))

    def invoke(*args):
        return CliRunner().invoke(cli, list(args))

    return invoke


def lines_of(result):
    return [json.loads(line) for line in result.output.splitlines()]


def test_spanish_search_finds_the_translated_state_based_actions(run):
    hits = lines_of(run("search", "criaturas", "resistencia", "--json"))
    spanish = [hit for hit in hits if hit["lang"] == "es"]
    # One ranking across languages (issue 21): the Spanish 704.5f, found as typed and by its
    # English twin, comes first; English hits found by the translation rank among the rest.
    assert spanish and all(hit["translation"] is None for hit in spanish)
    assert hits[0]["key"][0] == "rule" and hits[0]["number"].startswith("704.5") and hits[0]["lang"] == "es"
    assert "en" in hits[0]["other_langs"]
    assert all(hit["translation"] for hit in hits if hit["lang"] == "en")
    assert len({tuple(hit["key"]) for hit in hits}) == len(hits), "a record and its translation are one hit"
    untranslated = lines_of(run("search", "criaturas", "resistencia", "--json", "--no-translate"))
    assert {hit["lang"] for hit in untranslated} == {"es"} and not any(hit["translation"] for hit in untranslated)


def test_rule_704_5_lists_its_subrules_to_704_5aa_skipping_l_and_o(run):
    entries = lines_of(run("rule", "704.5", "--json", "--lang", "en,es"))
    numbers = [entry["number"] for entry in entries]
    assert numbers[0] == "704.5"
    assert numbers[-1] == "704.5aa"
    assert "704.5l" not in numbers and "704.5o" not in numbers
    assert len(numbers) == 1 + 25
    assert entries[7]["texts"]["es"] is not None  # 704.5g, translated in the seed page


def test_a_rule_number_query_shows_the_rule(run):
    result = run("search", "704.5aa")
    assert result.exit_code == 0
    assert result.output.startswith("704.5aa")


def test_connive_ranks_its_rule_first_then_its_heading(run):
    hits = lines_of(run("search", "connive", "--lang", "en", "--kind", "rule", "--json"))
    assert [hit["number"] for hit in hits[:2]] == ["701.50a", "701.50"]


def test_kaladesh_energy_rulings_say_how_many_cards_share_them(run):
    entry = json.loads(run("card", "aether hub", "--json").output)
    assert max(ruling["cards_with_same_ruling"] for ruling in entry["rulings"]) >= 40


def test_a_misspelt_card_shows_spanish_rulings_beside_the_english(run):
    entry = json.loads(run("card", "electrozoo", "--lang", "es", "--json").output)
    assert entry["card"] == "Electrozoa"
    translated = [ruling for ruling in entry["rulings"] if "es" in ruling["texts"]]
    assert translated and all(ruling["en_text"] for ruling in translated)


@pytest.mark.parametrize(
    "word, term, number",
    [("confabular", "Connive", "701.50"), ("cadeau", "Gift", "702.174"), ("energía", "Energy counter", "107.14")],
)
def test_terms_across_languages(run, word, term, number):
    entries = lines_of(run("term", word, "--json"))
    assert entries[0]["term"] == term
    assert number in [rule["number"] for rule in entries[0]["rules"]]


def test_confabular_gives_the_french_name(run):
    [entry] = lines_of(run("term", "confabular", "--json"))
    assert "conniver" in entry["names"]["fr"]


# Cross-language search (issue 11): a query in one language reaches the records of the others.


def output_of(run, *args):
    result = run("search", *args)
    assert result.exit_code == 0, result.output
    return result.output


def english_translation(run, query):
    """The line saying how `query` was translated into English ("" when none says it)."""
    return next((line for line in output_of(run, query).splitlines() if line.startswith("translated [en]: ")), "")


def test_a_spanish_query_finds_english_rules_in_one_ranking_and_says_how(run):
    output = output_of(run, "daño letal")
    lines = output.splitlines()
    # The translation is said once, first ("lethal damage": in English order, a glossary term);
    # then one ranking: the Spanish 704.5g (found as typed and by its English twin) first.
    assert lines[0] == 'translated [en]: daño letal → "lethal damage"'
    ranked = [line for line in lines if line[:1].isdigit()]
    assert ranked[0].startswith("1. rule 704.5g [es]")
    english = [line for line in ranked if "[en]" in line]
    assert any("glossary Lethal Damage" in line or "rule 702.2c" in line for line in english)
    hits = lines_of(run("search", "daño letal", "--json"))
    assert all(hit["translation"] is None for hit in hits if hit["lang"] == "es")
    assert all(hit["translation"] is not None for hit in hits if hit["lang"] == "en")


def test_the_translation_line_shows_the_query_as_typed(run):
    # Numbers and the words of a question are part of what was typed, though not translated.
    lines = output_of(run, "planeswalker avec 0 marqueur de loyauté").splitlines()
    translated = [line for line in lines if line.startswith("translated [en]: ")]
    assert translated and translated[0].startswith("translated [en]: planeswalker avec 0 marqueur de loyauté → "), lines[:3]


@pytest.mark.parametrize("query", ["el monarca", "le monarque", "maná híbrido"])
def test_a_word_no_card_prints_reaches_its_english_cognate(run, query):
    # No card of the corpus prints "monarca" or "monarque" where its English says "monarch":
    # the lexicon has no pair, and the word is read as its English cognate.
    hits = lines_of(run("search", query, "--json"))
    english = {"el monarca": "monarch", "le monarque": "monarch", "maná híbrido": "hybrid"}[query]
    assert any(english in (hit["translation"] or "") for hit in hits), hits[:3]
    expected = {"el monarca": "725", "le monarque": "725", "maná híbrido": "107.4e"}[query]
    assert any(hit["kind"] in ("rule", "section") and hit["number"].startswith(expected) for hit in hits), \
        [hit["key"] for hit in hits]


def test_rules_a_glossary_entry_brings_mark_the_words_they_hold(run):
    # 120.4a and 120.6 come first because the entry Lethal Damage cites them, not by a search of
    # the words: their snippets still mark "lethal" and "damage", where the text says them.
    hits = lines_of(run("search", "blessures mortelles", "--json"))
    brought = [hit for hit in hits if hit["key"] in (["rule", "120.4a"], ["rule", "120.6"])]
    assert brought and all("**lethal**" in hit["snippet"].lower() for hit in brought), brought
    # And they say the translation brought them, as the translation's own hits do (the web page
    # puts its "translated" note before the first of them).
    assert all(hit["translation"] == 'blessures mortelles → "lethal damage"' for hit in hits if hit["lang"] == "en"), hits


def test_an_english_query_finds_spanish_text_through_the_keyword_table(run):
    """`--lang es` with an English word: the keyword table pairs Deathtouch with "Toque mortal"."""
    output = output_of(run, "deathtouch", "--lang", "es")
    assert 'deathtouch → "toque mortal"' in output
    assert "rule 704.5h [es]" in output
    assert run("search", "deathtouch", "--lang", "es", "--no-translate").exit_code == 1


def test_spanish_and_french_words_for_energy_reach_the_same_english_records(run):
    def keys(*args):  # a ruling on several cards, one entry, counts once for each card
        hits = lines_of(run("search", *args, "--json", "--limit", "1000"))
        return {tuple(hit["key"]) if len(hit["cards"]) < 2 else ("ruling", card, hit["snippet"]) for hit in hits for card in hit["cards"] or [""]}

    spanish, french = keys("energía"), keys("énergie")
    assert len(spanish) > 100 and len(french) > 100
    assert len(spanish & french) >= 0.9 * max(len(spanish), len(french))
    assert len(keys("energía", "--no-translate")) < 20, "as typed, Spanish never reached the English records"


def test_no_record_holds_every_word_so_the_best_partial_matches_are_shown(run):
    result = run("search", "indestructible toughness")
    assert result.exit_code == 0
    assert result.output.splitlines()[0] == "No record holds every word of 'indestructible toughness'; the best partial matches:"
    hits = lines_of(run("search", "indestructible toughness", "--json"))
    assert hits and all(hit["partial"] for hit in hits)
    assert {"702.12", "702.12b"} & {hit["number"] for hit in hits}
    assert not any(hit["partial"] for hit in lines_of(run("search", "indestructible", "--json")))


def test_a_short_page_of_every_word_says_from_which_hit_it_holds_most_of_them(run):
    """A token "in the graveyard" ceasing to exist is 111.7 ("a zone other than the battlefield"):
    few records hold every word, and the page goes on with records holding most of them, marked
    one by one in JSON and said once, with the rank they start at, above the page."""
    hits = lines_of(run("search", "token graveyard cease to exist", "--json"))
    marks = [hit["partial"] for hit in hits]
    assert False in marks and True in marks and marks == sorted(marks), "every word first, then most of them"
    first = marks.index(True) + 1
    result = run("search", "token graveyard cease to exist")
    assert result.output.splitlines()[0] == (f"Only {first - 1} record{'s hold' if first > 2 else ' holds'} every word of"
                                             f" 'token graveyard cease to exist'; from {first} on, records holding most of them:")


@pytest.mark.parametrize("name", ['"aether hub"', '"Planta de éter central"', "\"centre d'éther\"", "Äther-Knotenpunkt"])
def test_card_field_takes_quoted_names_in_any_language_for_the_card_and_its_rulings(run, name):
    hits = lines_of(run("search", f"card:{name}", "--kind", "ruling", "--json"))
    assert hits and {hit["card"] for hit in hits} == {"Aether Hub"}
    assert all(hit["lang"] == "en" for hit in hits)


def test_a_french_card_name_finds_the_english_rulings_of_electrozoa(run):
    hits = lines_of(run("search", "card:électrozoaire", "--json", "--limit", "50"))
    rulings = [hit for hit in hits if hit["kind"] == "ruling"]
    assert {hit["card"] for hit in rulings} == {"Electrozoa"}
    # One hit per ruling, its translations named beside it (issue 21: one ranking across languages).
    assert len({tuple(hit["key"]) for hit in rulings}) == len(rulings)
    assert any("es" in hit["other_langs"] or hit["lang"] == "es" for hit in rulings)


@pytest.mark.parametrize(
    "query, languages",
    [
        ("cementerio", ["es"]),
        ("énergie", ["fr"]),
        ("marqueur", ["fr"]),
        ("counter", ["en"]),
        ("toughness", ["en"]),
        ("créature", ["fr"]),  # folds to the English word, but English does not write "é"
        ("exiliar", ["es"]),  # a form nothing printed: "exilia" is
        ("contador de energía", ["es"]),
        ("campo de batalla", ["es"]),
    ],
)
def test_the_language_of_a_short_query(real_home, monkeypatch, query, languages):
    from mtgrules.index.query import Index

    monkeypatch.setenv("MTGRULES_HOME", str(real_home))
    with Index.current() as index:
        assert [lang for lang in index.translator.plan(query, index.langs).detected if lang in index.langs] == languages


def test_words_every_language_writes_are_searched_as_typed_everywhere(real_home, monkeypatch):
    from mtgrules.index.query import Index

    monkeypatch.setenv("MTGRULES_HOME", str(real_home))
    with Index.current() as index:
        plan = index.translator.plan("indestructible", index.langs)
        assert set(plan.direct) == {"en", "es", "fr"} and not plan.translations
        unknown = index.translator.plan("zzkqx", index.langs)
        assert unknown.detected == [] and unknown.direct == index.langs


def test_cross_language_recall_at_10_on_the_query_set(real_home, monkeypatch):
    """The query set of bench/bench_crosslang.py: Spanish and French queries, the English rules,
    glossary entries and rulings a judge expects. Translation must find most of them; as typed,
    the search found under a fifth."""
    import importlib.util
    import sys

    from conftest import REPO

    from mtgrules.align import linking
    from mtgrules.index.query import Index

    spec = importlib.util.spec_from_file_location("bench_crosslang", REPO / "bench" / "bench_crosslang.py")
    bench = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "bench_crosslang", bench)  # its dataclasses look themselves up there
    spec.loader.exec_module(bench)
    monkeypatch.setenv("MTGRULES_HOME", str(real_home))
    queries = bench.load_queries()
    assert len([q for q in queries if q.lang in ("es", "fr")]) >= 40
    judge = bench.Judge(linking.all_records())
    judge.check(queries)
    with Index.current() as index:
        scores = bench.evaluate(index, judge, queries)
    before, after = (sum(scores[mode]["recall"]) / len(queries) for mode in (bench.MODES[0], bench.MODES[2]))
    assert after >= 0.7 and after >= 3 * before, (before, after)


@pytest.mark.parametrize("query", ["arrollar~1", "arollar~1", "arrolar~", "piétinemant~2"])
def test_a_fuzzy_word_in_spanish_or_french_is_translated_too(run, query):
    # Issue 23, item 8: a fuzzy word is expanded in the lexicon of its language and each near
    # word translated, so a misspelt Spanish or French keyword reaches the English rule.
    hits = lines_of(run("search", query, "--json", "--limit", "5"))
    assert hits, f"{query} found nothing"
    assert any(hit["kind"] == "rule" and hit["number"] == "702.19" for hit in hits), [hit["key"] for hit in hits]
    assert any(hit["translation"] and "trample" in hit["translation"] for hit in hits)


def test_a_fuzzy_word_near_no_word_of_any_lexicon_is_not_translated(run):
    result = run("search", "qxzwvk~1", "--json")
    assert result.exit_code == 1



@pytest.mark.parametrize("query, number", [
    ("habilidades de lealtad una vez por turno", "606.3"),
    ("loyalty abilities once each turn", "606.3"),
    ("orden de habilidades disparadas de varios jugadores", "603.3b"),
    ("ordre des capacités déclenchées de plusieurs joueurs", "603.3b"),
])
def test_a_query_naming_a_glossary_term_finds_the_rule_of_its_section_that_says_the_rest(run, query, number):
    # Loyalty Ability cites 606, Triggered Ability 603: of their rules, the one holding the
    # query's other words comes first, before the rulings on one card that hold them all
    # (606.3 never says "once": it says "that turn").
    hits = lines_of(run("search", query, "--json"))
    assert hits[0]["key"] == ["rule", number], [hit["key"] for hit in hits[:5]]


@pytest.mark.parametrize("query, negated", [
    ("una criatura no bloqueada", "unblocked"),
    ("tierra no básica", "nonbasic"),
    ("criatura que no sea artefacto", "nonartifact"),
    ("criatura no girada", "untapped"),
])
def test_no_before_a_word_is_the_english_word_with_un_or_non(run, query, negated):
    # "no" alone is too common to search for; left out, "no bloqueada" read "blocked", the opposite.
    translated = english_translation(run, query)
    assert negated in translated, translated


def test_no_of_a_verb_negates_nothing_after_it(run):
    translated = english_translation(run, "no puede bloquear")
    assert translated and "unblock" not in translated, translated


def test_an_infinitive_no_card_prints_reaches_its_english_cognate(run):
    # Card text prints "changez" in an imperative phrase; a judge asks with "changer".
    hits = lines_of(run("search", "changer la cible d'un sort", "--json"))
    assert hits and "change" in (hits[0]["translation"] or ""), hits[:2]
    assert any(hit["key"] == ["rule", "115.7"] for hit in hits), [hit["key"] for hit in hits]


@pytest.mark.parametrize("query", ["costo alternativo en lugar del coste de maná", "pagar en lugar de su coste de maná"])
def test_a_phrase_ending_in_a_preposition_meets_it_joined_with_an_article(run, query):
    # "en lugar de" (rather than) is "en lugar del" before a masculine noun; "lugar" alone is no
    # verb printed "luego" (then), nor the Portuguese "lugar" of "em qualquer lugar" (anywhere).
    translated = english_translation(run, query)
    assert '"rather than"' in translated and "then" not in translated.replace("rather than", "") \
        and "anywhere" not in translated, translated
    hits = lines_of(run("search", query, "--json"))
    assert any(hit["key"] == ["rule", "118.9"] for hit in hits), [hit["key"] for hit in hits]


@pytest.mark.parametrize("query, said, never", [
    ("moins de sept cartes", "less", "more"),
    ("au moins deux créatures", '"at least"', "less"),
    ("al menos dos criaturas", '"at least"', "less"),
    ("bloqueada por más de una criatura", '"more than"', "less"),
    ("devolver a la mano de su propietario", "return", "it's"),
    ("contrarréstalo", '"counter it"', "becomes"),
    ("détruisent toutes les créatures", "destroy", "say"),
    ("debajo de la criatura", "under", "plus"),
    ("le choix des cibles", "choice", "any"),
])
def test_a_core_term_mends_a_pair_learned_wrong(run, query, said, never):
    # Card text prints "au moins deux" where English says "two or more": the learner took
    # "moins" alone for "more", and "moins de sept" searched the opposite of what was asked.
    # Words printed always beside another ("les effets qui disent « détruisez » ne détruisent
    # pas") were linked crosswise: "détruisent" was learned as "say".
    translated = english_translation(run, query)
    assert said in translated and never not in translated, translated


@pytest.mark.parametrize("query, said, number", [
    ("pas plus de quatre exemplaires d'une carte", '"no more than"', "100.2a"),
    ("no más de cuatro copias de una carta", '"no more than"', "100.2a"),
    ("qui reçoit la priorité après la résolution d'un sort", '"receives priority"', "117.3b"),
])
def test_a_rules_phrase_no_card_prints_is_translated(run, query, said, number):
    # Card text never prints "no more than" nor "receives priority": the learner had nothing for
    # "pas plus de" ("plus" alone is mostly "ne ... plus", no longer) nor for "reçoit".
    translated = english_translation(run, query)
    assert said in translated, translated
    hits = lines_of(run("search", query, "--json"))
    assert any(hit["key"] == ["rule", number] for hit in hits), [hit["key"] for hit in hits]


@pytest.mark.parametrize("query, number", [("Ante", "407"), ("die", None), ("come", None)])
def test_an_english_word_little_in_another_language_is_searched(run, query, number):
    # "ante" is Spanish for before, "die" a German article, "come" Italian for how: alone, each
    # was refused as a query with nothing to look for, though the English rules say them.
    result = run("search", query, "--json")
    assert result.exit_code == 0, result.output
    hits = lines_of(result)
    assert hits and all(hit["lang"] == "en" for hit in hits[:3]), [hit["key"] for hit in hits]
    if number:
        assert any(hit["number"].startswith(number) for hit in hits[:3]), [hit["key"] for hit in hits]
    assert run("search", "de la").exit_code == 2  # little in every language that spells it
