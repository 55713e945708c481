"""Every page of the layout corpus (tests/pages/, see tests/page_layouts.py) is read and aligned
as its expectation says, or refused with the reason: one test per layout."""

import pytest
from conftest import CORPUS_DATA, corpus_file
from page_layouts import check, pages, reference_records


@pytest.fixture(scope="module")
def context():
    for name in ("cr/en-20260807.txt", "rulings/KLD.mtgjson-v5.json"):
        corpus_file(name)
    return reference_records(CORPUS_DATA)


@pytest.mark.parametrize("page", pages(), ids=lambda page: page.name)
def test_layout(page, context):
    result = check(page, context)
    assert result.ok, f"{result.page}: {result.right}/{result.total} right; " + "; ".join(result.problems)


def test_the_corpus_covers_both_languages_kinds_and_forms():
    names = [page.name for page in pages()]
    assert len(names) >= 24
    for prefix in ("rule-es", "rule-fr", "ruling-es", "ruling-fr", "notpage"):
        assert any(name.startswith(prefix) for name in names), prefix
    assert {page.suffix for page in pages()} == {".html", ".txt"}
