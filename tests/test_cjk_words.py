"""Chinese and Japanese words in query translation: the lexicon holds some words only inside a
longer phrase card text prints, and a query's word finds that phrase."""

from __future__ import annotations

from mtgrules.index.translate import _cjk_completion


class Table(dict):
    """A compiled lexicon as translation reads it: keys, and the keys beginning with a prefix."""

    def starting_with(self, start):
        return ((key, found) for key, found in sorted(self.items()) if key.startswith(start))


TABLE = Table({"开 始 时": [["beginning", 0.99, "开 始 时"]], "游 戏": [["game", 0.98, "游 戏"]],
               "牌 库 顶": [["top", 0.92, "牌 库 顶"]], "牌 库 底": [["bottom", 0.88, "牌 库 底"]]})


def test_a_word_card_text_prints_only_in_a_longer_phrase_finds_that_phrase():
    # "开始游戏" (starting the game): 开始 is printed only in 开始时 (at the beginning).
    assert _cjk_completion("开 始 游 戏".split(), 0, TABLE) == ("开 始 时", 2)


def test_a_completion_takes_one_character_more_and_the_best_scoring_phrase():
    assert _cjk_completion("牌 库".split(), 0, TABLE) == ("牌 库 顶", 2)
    assert _cjk_completion("开".split(), 0, TABLE) is None  # one character is no word to complete
    assert _cjk_completion("开 会 时".split(), 0, TABLE) is None
    assert _cjk_completion(["open", "x"], 0, Table({"open x y": [["z", 1.0, ""]]})) is None  # CJK only
