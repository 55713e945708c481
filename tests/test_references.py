"""Which rule a heading or a glossary entry stands for (index/references.py): the rule a judge
reads after the heading ("405. Stack" → 405.1) or the entry ("See rule 405" → 405.1)."""

from __future__ import annotations

from mtgrules.index import references


def test_a_section_or_a_rule_that_is_its_title_alone_is_a_heading():
    assert references.is_heading({"kind": "section", "number": "405", "title": "Stack"})
    assert references.is_heading({"kind": "rule", "number": "701.27", "title": "Transform", "body": "Transform"})
    assert not references.is_heading({"kind": "rule", "number": "405.1", "body": "When a spell is cast, …"})
    assert not references.is_heading({"kind": "glossary", "title": "Stack", "body": "A zone."})


def test_a_glossary_entry_stands_for_the_rules_it_sends_to_at_most_two():
    entry = {"kind": "glossary", "title": "Stack", "body": "A zone. The stack is the zone… See rule 405, “Stack.”"}
    assert references.pointed(entry) == ["405"]
    many = {"kind": "glossary", "body": "Values checked by copy effects. See rules 613.2, 707.2, and 707.3."}
    assert references.pointed(many) == ["613.2", "707.2"]
    assert references.pointed({"kind": "glossary", "body": "In rules text, to enter. See “Enters the Battlefield.”"}) == []
    assert references.pointed({"kind": "ruling", "body": "See rule 405."}) == [], "only headings and glossary entries"


def test_the_rule_a_number_stands_for_is_itself_unless_a_heading_then_the_rule_opening_it():
    found = {
        "405": {"kind": "section", "number": "405", "title": "Stack"},
        "405.1": {"kind": "rule", "number": "405.1", "body": "When a spell is cast…"},
        "701.27": {"kind": "rule", "number": "701.27", "title": "Transform", "body": "Transform"},
        "701.27a": {"kind": "rule", "number": "701.27a", "body": "To transform a permanent…"},
        "120.6": {"kind": "rule", "number": "120.6", "body": "Some rules refer to lethal damage…"},
    }
    assert references.opening("405", found) == "405.1"
    assert references.opening("701.27", found) == "701.27a"
    assert references.opening("120.6", found) == "120.6"
    assert references.opening("999", found) is None
