"""A game of one (Yacht alone, Race alone) ends with the player's score in
words, not a first place shared with nobody ("both share 1st")."""

from __future__ import annotations

from boardgames.rules.players import standings_text
from tests.toy_games import Race


def test_a_solo_game_says_its_score_not_a_shared_place():
    assert standings_text(("north",), (1,), (41,), "every box scored") == "north scores 41: every box scored"
    state = Race.configure({"players": 1}).replay(["roll:3", "a1", "roll:3", "a1"])
    assert state.is_over and state.result_text() == "north scores 6: 6 reached"
