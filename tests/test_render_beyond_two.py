"""What a game shows beyond its board, for any number of players (issue 39):
dice, hands (a card face down names nothing), cards on the table and
running scores, in the text, the SVG and the JSON, from the view given."""

from __future__ import annotations

from tests.toy_games import Race


def test_the_json_of_a_chance_position_lists_its_outcomes_and_no_squares():
    # Race's die shows 1 to 3 on a board of two squares: the outcomes were read as squares (IndexError).
    data = Race.configure({"players": 4}).start().to_json()
    assert data["to_move"] == "chance" and data["asked"] == ["chance"]
    assert data["legal_moves"] == ["roll:1", "roll:2", "roll:3"]
    assert data["parts"]["targets"] == [] and data["parts"]["origins"] == []
