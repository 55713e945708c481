"""The structural page reader beyond the layout corpus: date forms, the HTML tree's repairs,
line numbers, meta lines, and what alignment says of short and merged subrules."""

import pytest
from conftest import SEEDS

from mtgrules.align.english import english_editions
from mtgrules.align.rule_pages import align_page
from mtgrules.errors import ParseError
from mtgrules.parsers import comprehensive_rules, site_rule_page, site_ruling_page
from mtgrules.parsers.effective_dates import dates_in
from mtgrules.parsers.site_blocks import ITEM, blocks


@pytest.mark.parametrize(
    "written,iso",
    [
        ("20 de septiembre de 2016", "2016-09-20"),
        ("20 de septiembre del 2016", "2016-09-20"),
        ("9 février 2017", "2017-02-09"),
        ("1er févr. 2017", "2017-02-01"),
        ("9 févr. 2017", "2017-02-09"),
        ("20 sept. 2016", "2016-09-20"),
        ("20 de setembro de 2016", "2016-09-20"),
        ("20 settembre 2016", "2016-09-20"),
        ("20. September 2016", "2016-09-20"),
        ("9. Dez. 2016", "2016-12-09"),
        ("September 20, 2016", "2016-09-20"),
        ("Sep 20, 2016", "2016-09-20"),
        ("2016-09-20", "2016-09-20"),
        ("2016/09/20", "2016-09-20"),
        ("20/09/2016", "2016-09-20"),
        ("20.09.2016", "2016-09-20"),
        ("20-09-2016", "2016-09-20"),
        ("20/9/2016", "2016-09-20"),
        ("09/20/2016", "2016-09-20"),  # only month first can be right
    ],
)
def test_written_dates_in_six_languages(written, iso):
    assert [found.iso for found in dates_in(written)] == [iso]


@pytest.mark.parametrize("text", ["9 jui 2017", "31 février 2017", "versión 2016", "702.1000", "20/13/2016"])
def test_what_is_not_a_date(text):
    assert dates_in(text) == []


def test_unclosed_list_items_and_paragraphs_are_closed_as_browsers_do():
    page = "<html><body><h1>Electrozoa</h1><ul><li>20/09/2016<li>Texto uno.<li>21/09/2016</ul><p>uno<p>dos</body></html>"
    read = blocks(page, "x.html")
    assert [(b.kind, b.text) for b in read[1:4]] == [(ITEM, "20/09/2016"), (ITEM, "Texto uno."), (ITEM, "21/09/2016")]
    assert len({b.units for b in read[1:4]}) == 3, "each item is its own repeated unit"
    assert [b.text for b in read[4:]] == ["uno", "dos"]


def test_blocks_keep_their_line_after_scripts_and_comments_are_taken_out():
    page = "<html><head><script>\nvar a = 1;\nvar b = 2;\n</script></head>\n<body><!-- a\nlong\ncomment -->\n<h1>Electrozoa</h1>\n</body></html>"
    (title,) = blocks(page, "x.html")
    assert (title.text, title.line) == ("Electrozoa", 8)


def test_a_differently_written_date_above_the_rulings_is_a_meta_line():
    text = "\n".join([
        "Electrozoa",
        "Actualizado el 9 de febrero de 2017",
        "07/06/2024",
        "{E} es el símbolo de energía. Representa un contador de energía.",
        "07/06/2024",
        "No puedes pagar más contadores de energía de los que tienes.",
    ])
    page = site_ruling_page.parse(text, "r.txt")
    assert page.card_heading == "Electrozoa"
    assert [(r.date, r.line) for r in page.rulings] == [("2024-06-07", 4), ("2024-06-07", 6)]


def test_an_article_under_a_date_is_refused_with_the_reason():
    paragraphs = [f"Párrafo {i} de la crónica del torneo, con todo lo que pasó en la mesa principal." for i in range(9)]
    with pytest.raises(ParseError) as raised:
        site_ruling_page.parse("\n".join(["Crónica del torneo", "20 de septiembre de 2016", *paragraphs]), "a.txt")
    assert "an article, not a ruling" in str(raised.value) and str(raised.value).startswith("a.txt:2:")


@pytest.fixture(scope="module")
def edition_2026(cr_2026_module):
    return english_editions(comprehensive_rules.parse_file(cr_2026_module).records)


@pytest.fixture(scope="module")
def cr_2026_module():
    from conftest import corpus_file

    return corpus_file("cr/en-20260807.txt")


HEXPROOF = "\n".join([
    "702.11. Antimaleficio",
    "Subreglas",
    "Antimaleficio es una habilidad estática.",
    "\"Antimaleficio\" en un permanente significa \"Este permanente no puede ser objetivo de hechizos o habilidades que controlen tus oponentes\".",
    "\"Antimaleficio\" en un jugador significa \"No puedes ser objetivo de hechizos o habilidades que controlen tus oponentes\".",
])


def test_a_short_subrule_between_certain_neighbours_takes_confidence_from_its_position(edition_2026):
    in_place = align_page(site_rule_page.parse(HEXPROOF, "h.txt"), edition_2026)
    short = in_place.records[1]
    assert (short.number, short.aligned) == ("702.11a", True)
    assert in_place.records[2].confidence >= 0.5, "its neighbour is certain"
    # The same paragraph with a paragraph that matches nothing after it: no certain neighbour.
    unsure = HEXPROOF.splitlines()[:3] + ["Este texto no traduce ninguna subregla de la página, solo la acompaña."]
    alone = align_page(site_rule_page.parse("\n".join(unsure), "h.txt"), edition_2026).records[1]
    assert alone.number == "702.11a"
    assert short.confidence > alone.confidence, "the position vouches for the short paragraph only between certain neighbours"


def test_a_page_lacking_a_middle_subrule_does_not_claim_a_merge(edition_2026):
    text = next(SEEDS.glob("000_*.txt")).read_text(encoding="utf-8").splitlines()
    del text[4]  # 701.50c
    aligned = align_page(site_rule_page.parse("\n".join(text), "c.txt"), edition_2026)
    assert [r.number for r in aligned.records] == ["701.50", "701.50a", "701.50b", "701.50d", "701.50e"]
    assert aligned.missing == ["701.50c", "701.50f"]
    assert not any(r.merged for r in aligned.records)


def test_a_paragraph_translating_two_subrules_says_so(edition_2026):
    text = "\n".join([
        "702.15. Vínculo vital",
        "Subreglas",
        "El vínculo vital es una habilidad estática.",
        "El daño hecho por una fuente con vínculo vital hace que el controlador de esa fuente, o su propietario si no tiene controlador, gane esa misma cantidad de vidas (además de cualquier otro resultado que cause ese daño). Véase la regla 120.3.",
        "Si un objeto ya no está en la zona en la que se espera que esté cuando un efecto hace que haga daño, se usa su última información conocida para determinar si tenía vínculo vital. Las reglas del vínculo vital funcionan sin importar desde qué zona hace daño un objeto con vínculo vital.",
    ])
    aligned = align_page(site_rule_page.parse(text, "m.txt"), edition_2026)
    merged = aligned.records[3]
    assert (merged.number, merged.merged) == ("702.15c", ["702.15d"])
    assert aligned.missing == ["702.15e", "702.15f"]
    assert any("702.15c and 702.15d (merged)" in warning for warning in aligned.warnings)
