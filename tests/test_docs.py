"""The documentation a user reads (issue 23, item 11): the README keeps its two commands and
names no folder a user does not have; the reference lists every command; no stop numbers or
commit ids in user documentation."""

from __future__ import annotations

import re

import pytest
from conftest import REPO

from mtgrules.cli.main import COMMANDS

README = (REPO / "README.md").read_text(encoding="utf-8")
USER_DOCS = {name: (REPO / name).read_text(encoding="utf-8") for name in ("README.md", "docs/reference.md", "docs/benchmarks.md")}


def test_the_readme_keeps_its_two_commands():
    assert ("pip install -q . && mtgrules search energía && mtgrules rule 704.5g && mtgrules card electrozoo"
            " && mtgrules term confabular") in README
    assert "pip install -q -e '.[test]' && python -m pytest -q" in README
    run = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    assert "pip install --quiet -e '.[test]'" in run and "python -m pytest -q" in run


def test_the_readme_is_for_a_user():
    for section in ("## Install", "## First steps", "## Your language", "## With real data", "## Every day", "## Read more"):
        assert section in README
    assert "mtgrules update" in README and "mtgrules ingest" in README
    assert len(README.split()) < 1500


@pytest.mark.parametrize("name", sorted(USER_DOCS))
def test_no_stop_numbers_commit_ids_or_folders_a_user_lacks(name):
    text = USER_DOCS[name]
    assert "../shared" not in text
    assert not re.search(r"\bstop \d+", text, re.I)
    commit = re.search(r"\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{7,40}\b", text)  # hex with letters and digits
    assert commit is None, commit


def test_the_reference_has_every_command():
    reference = USER_DOCS["docs/reference.md"]
    missing = [name for name in COMMANDS if f"mtgrules {name}" not in reference]
    assert not missing
