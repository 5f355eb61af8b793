"""The Connect Four example package (examples/connect_four): the kit,
agreement with OpenSpiel's ``connect_four`` move for move, the file letter a
person types, and the agents finding a win on rules alone."""

from __future__ import annotations

import random
from typing import Any

import pytest

import boardgames
from helpers import example_plugin, need_pyspiel
from lockstep import lockstep

AGREEMENT_GAMES = 300


connect_four_plugin = example_plugin("connect_four")


def connect_four(**options: Any) -> Any:
    return boardgames.game_class("connect_four").configure(options)


def test_connect_four_keeps_the_contract(check_game, connect_four_plugin):
    check_game("connect_four", games=6)
    check_game("connect_four", games=3, options={"files": 4, "ranks": 4})


def test_connect_four_plays_as_openspiels_move_for_move(connect_four_plugin):
    spiel = need_pyspiel().load_game("connect_four")
    game = connect_four()

    def label(state: boardgames.State, move: boardgames.Move) -> str:
        return f"{'xo'[state.turn]}{game.grid.coords(move.to)[0]}"  # OpenSpiel names the file (column) only

    assert lockstep(game, spiel, label, AGREEMENT_GAMES) > 5000


def test_a_disc_falls_to_the_lowest_empty_cell_and_a_file_letter_drops_it(connect_four_plugin):
    game = connect_four()
    state = game.replay("d1 d2 d3".split())
    assert state.format_move(state.parse_move("d")) == "d4"
    with pytest.raises(boardgames.IllegalMoveError):
        state.play("d6")  # floating: the disc would fall to d4


def test_four_in_a_row_wins_and_a_full_file_takes_no_disc(connect_four_plugin):
    game = connect_four()
    state = game.replay("a1 a2 b1 b2 c1 c2 d1".split())
    assert state.winner == "yellow" and "four in a row" in state.result_text()
    full = game.replay([f"a{r}" for r in range(1, 7)])
    assert all(game.grid.coords(m.to)[0] != 0 for m in full.legal_moves)


def test_mcts_takes_a_win_on_rules_alone(connect_four_plugin):
    from boardgames.agents.base import Budget
    from boardgames.agents.mcts import MctsAgent

    game = connect_four()
    state = game.replay("a1 a2 b1 b2 c1 c2".split())  # yellow wins at d1
    move = MctsAgent().choose(state, Budget(iterations=100), random.Random(1))
    assert state.format_move(move) == "d1"
