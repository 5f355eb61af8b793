"""Reading a chance outcome's text where a roll has thousands of outcomes
(five dice: 7,776): each outcome's text is made once a position, not once
for every outcome typed (the kit reads back every outcome's text)."""

from __future__ import annotations

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
