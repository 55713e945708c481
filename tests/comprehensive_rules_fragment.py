"""A small document in the layout of the official Comprehensive Rules, for the parser's tests.

Its text is invented (no rules text of Wizards' is copied into the repository); its layout is
the official one: title, effective date, introduction, contents ending with the glossary and
credits headings, chapters, sections, numbered rules with periods, lettered subrules without,
an example under a rule, an indented second paragraph, a title-like rule, the glossary (one
entry with numbered senses) and the credits, which repeat the date.
"""

FRAGMENT = """\
Magic: The Gathering Comprehensive Rules

These rules are effective as of August 7, 2026.

Introduction

This is an invented fragment in the shape of the rules document, written for the tests. It has a few rules and a short glossary, and it is not the real text.

Contents

1. Invented Concepts
100. General
101. Sample Actions

2. Second Chapter
200. General

Glossary

Credits

1. Invented Concepts

100. General

100.1. A game of this fragment is played by two players.

100.1a A two-player game has two players. See rule 100.2.

100.2. Each player brings a deck to the game.
Example: A player brings a deck of forty cards.

101. Sample Actions

101.1. Shuffle

101.1a To shuffle a deck is to randomize it.

101.1b A player who shuffles may be asked to present the deck. See rules 101.1a–b and 100.1.
     A second paragraph continues this subrule.

2. Second Chapter

200. General

200.1. This chapter holds one rule, which is the last one.

Glossary

Deck
The cards a player plays with. See rule 100.2.

Shuffle
1. To randomize a deck.
2. The act of randomizing. See rule 101.1.

Credits

Invented by the test suite.

These rules are effective as of August 7, 2026.
"""

RULE_NUMBERS = ["100.1", "100.1a", "100.2", "101.1", "101.1a", "101.1b", "200.1"]


def fragment_lines() -> list[str]:
    return FRAGMENT.split("\n")


def replace_line(old: str, new: str | None) -> str:
    """The fragment with one whole line replaced, or removed when `new` is None."""
    lines = fragment_lines()
    index = lines.index(old)
    if new is None:
        del lines[index]
    else:
        lines[index] = new
    return "\n".join(lines)
