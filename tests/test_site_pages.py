"""Site rule and ruling pages, as the seeds give them (text) and as saved HTML pages."""

import html

import pytest
from conftest import SEEDS

from mtgrules.errors import ParseError
from mtgrules.parsers import site_rule_page, site_ruling_page


def seed(prefix: str) -> str:
    return next(SEEDS.glob(f"{prefix}_*.txt")).read_text(encoding="utf-8")


def as_html(text: str, *, title_tag: str = "h1") -> str:
    """A saved page of the same site: the seed's content in markup, with the chrome a real page
    has around it (header, navigation, scripts, footer) that must not become content."""
    lines = [line for line in text.splitlines() if line.strip()]
    body = [f"<{title_tag}>{html.escape(lines[0])}</{title_tag}>"]
    in_list = False
    for line in lines[1:]:
        if line.startswith("- "):
            if not in_list:
                body.append("<ul>")
                in_list = True
            body.append(f"<li><a href='#'>{html.escape(line[2:])}</a></li>")
            continue
        if in_list:
            body.append("</ul>")
            in_list = False
        if len(line.split()) <= 7 and not line.rstrip().endswith((".", ":", ")")):
            body.append(f"<h2>{html.escape(line)}</h2>")
        else:
            body.append(f"<div class='x9'><p>{html.escape(line)}</p></div>")
    if in_list:
        body.append("</ul>")
    return (
        "<!DOCTYPE html><html><head><title>Reglas</title><script>var a = '701.99. Falsa';</script>"
        "<style>p{color:red}</style></head><body><header><nav><a>Inicio</a><a>Reglas</a></nav></header>"
        "<main><article>" + "\n".join(body) + "</article></main>"
        "<footer><p>© Gatewatch. Todos los derechos reservados.</p></footer></body></html>"
    )


def test_spanish_rule_page_has_title_and_unnumbered_subrules():
    page = site_rule_page.parse(seed("000"), "000.txt")
    assert (page.number, page.title, page.lang) == ("701.50", "Confabular", "es")
    assert page.own_text == ""
    assert len(page.subrules) == 5
    assert page.subrules[2].text.startswith("Si se indica a varios permanentes")
    assert all("701.1" not in p.text for p in page.subrules), "navigation list leaked into content"


def test_rule_page_with_own_text_and_promotion():
    page = site_rule_page.parse(seed("001"), "001.txt")
    assert (page.number, page.title) == ("704.5", "Acciones basadas en estado")
    assert page.own_text == "Las acciones basadas en estado son las siguientes:"
    assert len(page.subrules) == 25
    assert not any("juez" in p.text.lower() for p in page.subrules), "promotion leaked into content"


@pytest.mark.parametrize("prefix,subrules", [("000", 5), ("001", 25), ("003", 5)])
def test_html_page_gives_the_same_content_as_text(prefix, subrules):
    text_page = site_rule_page.parse(seed(prefix), "page.txt")
    html_page = site_rule_page.parse(as_html(seed(prefix)), "page.html")
    assert html_page.number == text_page.number and html_page.title == text_page.title
    assert [p.text for p in html_page.subrules] == [p.text for p in text_page.subrules]
    assert len(html_page.subrules) == subrules
    assert html_page.own_text == text_page.own_text


def test_french_rule_page_and_examples():
    text = "\n".join([
        "Règle 701.50 · Conniver",
        "Sous-règles",
        "Certains sorts et capacités demandent à un permanent de conniver. Pour ce faire, le contrôleur de ce permanent pioche une carte, puis se défausse d'une carte.",
        "Exemple : Un permanent connive alors qu'il n'y a pas de carte dans la bibliothèque.",
        "Autres règles de cette section",
        "- 701.49",
        "Demandez au juge Pro",
        "Un juge répond à vos questions en citant les règles.",
    ])
    page = site_rule_page.parse(text, "fr.txt")
    assert (page.number, page.title, page.lang) == ("701.50", "Conniver", "fr")
    assert len(page.subrules) == 1
    assert page.subrules[0].examples == ["Exemple : Un permanent connive alors qu'il n'y a pas de carte dans la bibliothèque."]


def test_french_ruling_page_keeps_untranslated_english():
    page = site_ruling_page.parse(seed("002"), "002.txt")
    assert (page.card_heading, page.lang, len(page.rulings)) == ("Kitnap", "fr", 8)
    assert {r.date for r in page.rulings} == {"2024-07-26"}
    fourth = page.rulings[3]
    assert "(perhaps because all of its targets are illegal)" in fourth.text
    assert fourth.untranslated == ["(perhaps because all of its targets are illegal)"]
    assert all(not r.untranslated for i, r in enumerate(page.rulings) if i != 3)


def test_spanish_ruling_page_from_html():
    page = site_ruling_page.parse(as_html(seed("004"), title_tag="h1"), "004.html")
    assert (page.card_heading, page.lang, len(page.rulings)) == ("Electrozoa", "es", 9)
    assert page.rulings[0].text.startswith("{E} es el símbolo de energía")
    assert page.rulings[5].untranslated[0].startswith("(At higher levels of tournament play")
    assert page.rulings[0].date == "2024-06-07"


@pytest.mark.parametrize(
    "text,message",
    [
        ("Hola, esto no es una regla.\nNi una página de reglas.", "no rule title"),
        ("701.50. Confabular\nSubreglas\nOtras reglas de este apartado\n- 701.1", "neither rule text nor subrules"),
    ],
)
def test_bad_rule_pages_raise_parse_errors_naming_the_file(text, message):
    with pytest.raises(ParseError) as raised:
        site_rule_page.parse(text, "bad.txt")
    assert message in str(raised.value) and str(raised.value).startswith("bad.txt:")


def test_ruling_without_text_names_its_line():
    with pytest.raises(ParseError) as raised:
        site_ruling_page.parse("Electrozoa\n07/06/2024\n08/06/2024\nTexto del fallo con algunas palabras.", "r.txt")
    assert str(raised.value).startswith("r.txt:2:")
