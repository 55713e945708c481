"""Fault injection, boards the rules forbid: a scenario file that states one is refused when
it is loaded, in one line naming the file, the line and the rule, as the actions refuse the
same things (`engine.combat`): a creature attacking itself (506.3), its own controller or its
controller's planeswalker (508.1b), blocking itself, a creature of its own side, or blocking
while it attacks, as two creatures blocking each other do (509.1a)."""

from __future__ import annotations

import pytest
from faults import assert_clean, assert_refused, run

PLAYERS = '[[players]]\nname = "Ana"\n[[players]]\nname = "Ben"\n'


def creature(id_: str, controller: str, **fields: str) -> str:
    extra = "".join(f'{key} = "{value}"\n' for key, value in fields.items())
    return (f'[[permanents]]\nid = "{id_}"\nname = "Grizzly Bears"\ncontroller = "{controller}"\n'
            f'types = ["Creature"]\npower = 2\ntoughness = 2\n{extra}')


CASES = {
    "attacks its own controller": (creature("bear", "Ana", attacking="Ana"), 12, "attacking", "508.1b"),
    "attacks itself": (creature("bear", "Ana", attacking="bear"), 12, "attacking", "506.3"),
    "attacks its controller's planeswalker": (
        '[[permanents]]\nid = "jace"\nname = "Jace Beleren"\ncontroller = "Ana"\ntypes = ["Planeswalker"]\nloyalty = 3\n'
        + creature("bear", "Ana", attacking="jace"), 18, "attacking", "508.1b"),
    "blocks itself": (creature("bear", "Ana", attacking="Ben", blocking="bear"), 13, "blocking", "509.1a"),
    "two creatures block each other": (creature("a", "Ana", attacking="Ben", blocking="b")
                                       + creature("b", "Ben", attacking="Ana", blocking="a"), 13, "blocking", "509.1a"),
    "blocks a creature of its own side": (creature("a", "Ana", attacking="Ben") + creature("b", "Ana", blocking="a"),
                                          20, "blocking", "509.1a"),
}


@pytest.mark.parametrize("case", list(CASES))
def test_a_board_the_rules_forbid_is_refused_at_load(tmp_path, isolated_home, case):
    board, line, key, rule = CASES[case]
    path = tmp_path / "board.toml"
    path.write_text(PLAYERS + board, encoding="utf-8")
    assert_refused(run("judge", str(path)), key, f"({rule})", file=path, line=line)


def test_a_lawful_attack_and_block_loads(tmp_path, isolated_home):
    path = tmp_path / "board.toml"
    path.write_text(PLAYERS + creature("a", "Ana", attacking="Ben") + creature("b", "Ben", blocking="a"), encoding="utf-8")
    assert_clean(run("judge", str(path)))
