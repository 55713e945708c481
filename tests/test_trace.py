"""Rule identity across the real English editions (`mtgrules.align.trace`).

The facts asserted here were read in the five official texts of ../shared/corpus-data/cr: where
Transform, Convert and Connive are numbered in each edition, what 704.5y is in each, and the
hand-checked edits, splits and moves the matcher must get right.
"""

from __future__ import annotations

import dataclasses
from itertools import pairwise

import pytest
from conftest import corpus_file

from mtgrules import rulenumbers
from mtgrules.align import trace
from mtgrules.parsers.comprehensive_rules import parse_file
from mtgrules.records import Record

DATES = ["2024-06-07", "2025-06-06", "2026-01-16", "2026-04-17", "2026-08-07"]


@pytest.fixture(scope="module")
def editions() -> dict[str, list]:
    return {date: parse_file(corpus_file(f"cr/en-{date.replace('-', '')}.txt")).records for date in DATES}


@pytest.fixture(scope="module")
def traced(editions) -> trace.Trace:
    return trace.Trace([record for records in editions.values() for record in records])


def numbers_of(traced: trace.Trace, edition: str, number: str) -> list[str | None]:
    identity = traced.identity(edition, number)
    assert identity is not None
    return [traced.number(identity, date) for date in DATES]


def test_transform_convert_and_connive_are_followed_through_their_renumbering(traced):
    assert numbers_of(traced, "2024-06-07", "701.28") == ["701.28"] + ["701.27"] * 4  # Transform
    assert numbers_of(traced, "2024-06-07", "701.50") == ["701.50"] + ["701.28"] * 4  # Convert
    assert numbers_of(traced, "2026-08-07", "701.50") == ["701.47"] + ["701.50"] * 4  # Connive
    assert traced.record("2026-08-07", "701.50").title == "Connive"
    # Their subrules go with them: Convert's first subrule, which cites Transform's.
    assert numbers_of(traced, "2024-06-07", "701.50a") == ["701.50a"] + ["701.28a"] * 4


def test_the_same_number_in_two_editions_is_two_rules_when_it_was_reused(traced):
    transform = traced.identity("2024-06-07", "701.28")
    convert = traced.identity("2025-06-06", "701.28")
    assert transform != convert
    assert convert == traced.identity("2024-06-07", "701.50")
    assert traced.identity("2026-08-07", "701.50") == traced.identity("2024-06-07", "701.47") != convert


def test_704_5y_is_the_roles_rule_until_2026_08_07_when_a_battle_rule_takes_its_number(traced):
    roles = traced.identity("2024-06-07", "704.5y")
    assert "Role" in traced.record("2024-06-07", "704.5y").text
    assert [traced.number(roles, date) for date in DATES] == ["704.5y"] * 4 + ["704.5z"]
    protector = traced.identity("2026-08-07", "704.5y")
    assert [traced.number(protector, date) for date in DATES] == ["704.5x"] * 4 + ["704.5y"]
    last = traced.history(protector)[-1]
    assert last.change.kind == "moved" and last.change.text_changed and not last.change.references_only
    assert "Siege" in traced.record("2026-04-17", "704.5x").text
    added = traced.history(traced.identity("2026-08-07", "704.5w"))
    assert [step.number for step in added] == [None] * 4 + ["704.5w"] and added[-1].change.kind == "added"


def test_renumberings_are_moves_not_removals_and_additions(traced):
    for old, new in pairwise(DATES):
        changes = traced.changes(old, new)
        removed = {trace.content(traced.record(old, c.old)) for c in changes if c.kind == "removed"}
        added = {trace.content(traced.record(new, c.new)) for c in changes if c.kind == "added"}
        assert not removed & added, f"{old}->{new}: a rule with the same text is both removed and added"
        moved = [c for c in changes if c.kind == "moved"]
        assert moved and all(c.old != c.new and c.old_identity == c.new_identity for c in moved)
    first = {c.old: c for c in traced.changes("2024-06-07", "2025-06-06")}
    assert (first["701.28"].kind, first["701.28"].new, first["701.28"].text_changed) == ("moved", "701.27", False)
    assert (first["701.50a"].kind, first["701.50a"].new, first["701.50a"].references_only) == ("moved", "701.28a", True)


def test_changes_between_editions_that_are_not_consecutive_go_through_the_identities(traced):
    changes = {c.old: c for c in traced.changes("2024-06-07", "2026-08-07") if c.old}
    assert (changes["701.28"].kind, changes["701.28"].new) == ("moved", "701.27")
    assert (changes["701.47"].kind, changes["701.47"].new) == ("moved", "701.50")
    assert changes["509.2"].kind == "removed"  # damage assignment order, gone since 2025-06-06
    backwards = {c.new: c for c in traced.changes("2026-08-07", "2024-06-07") if c.new}
    assert backwards["701.28"].old == "701.27"


@pytest.mark.parametrize(
    "old,new,before,after,kind",
    [
        # An example dropped: the rule is edited, not replaced by a shorter one.
        ("2024-06-07", "2025-06-06", "118.3c", "118.3c", "edited"),
        # Rewritten in place, in new words (who may be a commander).
        ("2025-06-06", "2026-01-16", "903.12c", "903.12c", "edited"),
        # Rules that became subrules elsewhere.
        ("2024-06-07", "2025-06-06", "609.8", "608.2i", "moved"),
        ("2025-06-06", "2026-01-16", "903.11", "903.11a", "moved"),
        # The mana-pool rule grew a sentence and took the next number.
        ("2025-06-06", "2026-01-16", "500.4", "500.5", "moved"),
    ],
)
def test_hand_checked_edits_and_moves(traced, old, new, before, after, kind):
    identity = traced.identity(old, before)
    assert traced.number(identity, new) == after
    change = next(c for c in traced.changes(old, new) if c.old == before)
    assert change.kind == kind


def test_matching_two_years_apart_agrees_with_the_chain_through_the_editions_between(editions, traced):
    direct = trace.match_editions(editions["2024-06-07"], editions["2026-08-07"])
    chained = {number: traced.number(identity, "2026-08-07") for number, identity in traced.identities("2024-06-07").items()}
    disagree = {number for number in chained if direct.get(number) != chained[number]}
    assert disagree == {"714.3a"}  # split in two in 2026-04-17: either half is its heir


def test_an_edition_against_itself_is_all_unchanged(editions):
    records = editions["2026-08-07"]
    assert trace.match_editions(records, records) == {r.number: r.number for r in records if r.kind in ("rule", "section")}


def test_a_section_renumbered_by_an_insertion_is_matched_as_moves(editions):
    """Shift every keyword action from 701.30 on by one, as an inserted action would: each is
    the same rule under the next number."""

    def shifted(number: str) -> str:
        section, rule, letters = rulenumbers.split(number)
        return f"{section}.{rule + 1}{letters}" if section == 701 and rule is not None and rule >= 30 else number

    old = [r for r in editions["2026-08-07"] if r.kind in ("rule", "section")]
    new = [dataclasses.replace(r, number=shifted(r.number)) for r in old]
    match = trace.match_editions(old, new)
    assert match == {r.number: shifted(r.number) for r in old}
    assert match["701.50"] == "701.51" and match["701.50a"] == "701.51a"


def test_identities_chain_and_are_named_where_they_first_appear():
    chained = trace.chain_identities({"701.47": "2024-06-07/701.47"}, {"701.47": "701.50"}, "2025-06-06", ["701.50", "701.51"])
    assert chained == {"701.50": "2024-06-07/701.47", "701.51": "2025-06-06/701.51"}
    assert trace.chain_identities(None, {}, "2024-06-07", ["100.1"]) == {"100.1": "2024-06-07/100.1"}


def test_a_trace_limited_to_some_editions_names_identities_after_the_first_of_them(editions):
    records = editions["2025-06-06"] + editions["2026-08-07"]
    limited = trace.Trace(records, editions=["2025-06-06", "2026-08-07"])
    assert limited.editions == ["2025-06-06", "2026-08-07"]
    assert limited.identity("2026-08-07", "701.50") == "2025-06-06/701.50"
    assert trace.english_editions(records) == ["2025-06-06", "2026-08-07"]


@pytest.mark.parametrize(
    "old,new",
    [
        ("the big dog", "a small cat"),
        ("This follows rules 701.28a–f, 712.9–10.", "This follows rules 701.27a–f, 712.9–10."),
        ("one two three four", "one 2 three 4"),
        ("x y", "x\ny"),
        ("Activating mana abilities is not mandatory.\nExample: a long example.", "Activating mana abilities is not mandatory."),
        ("", "added"),
        ("same", "same"),
    ],
)
def test_word_diff_rebuilds_both_texts(old, new):
    spans = trace.word_diff(old, new)
    assert "".join(text for op, text in spans if op != "insert") == old
    assert "".join(text for op, text in spans if op != "delete") == new
    assert all(op in ("equal", "delete", "insert") and text for op, text in spans)


def test_word_diff_keeps_rule_numbers_whole_and_changes_in_one_piece():
    assert trace.word_diff("see rule 701.28a–f", "see rule 701.27a–f") == [
        ("equal", "see rule "), ("delete", "701.28a"), ("insert", "701.27a"), ("equal", "–f"),
    ]
    assert trace.word_diff("the big dog", "a small cat") == [("delete", "the big dog"), ("insert", "a small cat")]


def test_references_only_means_nothing_but_rule_numbers_changed():
    assert trace.differs_only_in_numbers("See rule 701.28a–f.", "See rule 701.27a–f.")
    assert not trace.differs_only_in_numbers("See rules 509.1–3.", "See rule 509.1.")
    assert not trace.differs_only_in_numbers("same", "same")


def made_up(edition: str, rules: dict[str, str]) -> list[Record]:
    """An edition of invented keyword actions (no Wizards text): titles for numbered rules."""
    records = [Record("section", "en", "test", number="7", title="Things", edition=edition),
               Record("section", "en", "test", number="701", title="Actions", edition=edition)]
    for number, text in rules.items():
        title = text if number[-1].isdigit() else None  # 701.1 "Alpha"; subrules have none
        records.append(Record("rule", "en", "test", number=number, title=title, text=text, edition=edition))
    return records


def test_each_kind_of_change_on_an_invented_edition():
    old = made_up("2000-01-01", {
        "701.1": "Alpha", "701.1a": "To alpha a permanent, tap it and put a gleam counter on it.",
        "701.1b": "A permanent that alphas twice in one turn loses all its gleam counters.",
        "701.2": "Beta", "701.2a": "To beta a card, reveal it from your hand and shuffle it into your library.",
        "701.2b": "Beta is a keyword action printed only on promotional cards.",
        "701.3": "Delta", "701.3a": "To delta, each player draws two cards and then discards one card.",
    })
    new = made_up("2001-01-01", {
        "701.1": "Alpha", "701.1a": "To alpha a permanent, tap it and put a gleam counter on it.",
        "701.1b": "If an effect would alpha a land, it untaps that land instead.",
        "701.2": "Gamma", "701.2a": "To gamma, exile the top card of your library face down.",
        "701.3": "Beta", "701.3a": "To beta a card, reveal it from your hand and shuffle it into its owner’s library.",
        "701.3b": "Beta is a keyword action printed only on promotional cards.",
    })
    traced = trace.Trace(old + new)
    kinds = {(c.old, c.new): (c.kind, c.text_changed) for c in traced.changes("2000-01-01", "2001-01-01")}
    assert kinds == {
        ("7", "7"): ("unchanged", False), ("701", "701"): ("unchanged", False),
        ("701.1", "701.1"): ("unchanged", False), ("701.1a", "701.1a"): ("unchanged", False),
        ("701.1b", "701.1b"): ("replaced", True),  # the number now holds another rule
        (None, "701.2"): ("added", False), (None, "701.2a"): ("added", False),  # inserted before Beta
        ("701.2", "701.3"): ("moved", False), ("701.2a", "701.3a"): ("moved", True), ("701.2b", "701.3b"): ("moved", False),
        ("701.3", None): ("removed", False), ("701.3a", None): ("removed", False),
    }
    replaced = next(c for c in traced.changes("2000-01-01", "2001-01-01") if c.kind == "replaced")
    assert replaced.old_identity == "2000-01-01/701.1b" and replaced.new_identity == "2001-01-01/701.1b"
    assert [step.change.kind if step.change else None for step in traced.history("2000-01-01/701.2a")] == [None, "moved"]
