"""Reading a chance outcome's text where a roll has thousands of outcomes
(five dice: 7,776): each outcome's text is made once a position, not once
for every outcome typed (the kit reads back every outcome's text)."""

from __future__ import annotations

import pytest

from boardgames.errors import IllegalMoveError
from boardgames.rules.chance import uniform
from tests.toy_games import Race


class ManyFaces(Race):
    name = "many_faces"
    written = 0

    def chance_outcomes(self, state):
        return uniform(range(1, 2001))

    def format_outcome(self, move):
        ManyFaces.written += 1
        return super().format_outcome(move)


def test_each_outcome_text_is_made_once_a_position():
    start = ManyFaces.configure().start()
    texts = [start.format_move(m) for m in start.legal_moves]
    ManyFaces.written = 0
    assert [start.parse_move(text) for text in texts] == list(start.legal_moves)
    assert start.parse_move(" ROLL:17 ") == start.legal_moves[16]
    assert ManyFaces.written == len(texts)  # once each, for all 2,001 readings


def test_an_outcome_typed_wrong_names_a_few_of_thousands_in_one_short_line():
    start = ManyFaces.configure().start()
    with pytest.raises(IllegalMoveError) as info:
        start.parse_move("roll:0")
    line = str(info.value)
    assert "2,000 outcomes: roll:1, roll:2" in line and "roll:12, …" in line and "roll:13" not in line
    assert "\n" not in line and len(line) < 300
    with pytest.raises(IllegalMoveError, match="one of roll:1, roll:2, roll:3\\)"):
        Race.configure().start().parse_move("roll:4")  # a few: all of them
