"""The Gomoku example package (examples/gomoku): the kit, agreement with
OpenSpiel's ``gomoku`` (free style: six in a row wins too) move for move."""

from __future__ import annotations

from typing import Any

import pytest

import boardgames
from helpers import example_plugin, need_pyspiel
from lockstep import lockstep

gomoku_plugin = example_plugin("gomoku")


def gomoku(**options: Any) -> Any:
    return boardgames.game_class("gomoku").configure(options)


def test_gomoku_keeps_the_contract(check_game, gomoku_plugin):
    check_game("gomoku", games=1)
    check_game("gomoku", games=3, options={"size": 7, "connect": 4})


@pytest.mark.parametrize(("size", "connect", "games"), [(15, 5, 60), (9, 5, 150), (7, 4, 200)])
def test_gomoku_plays_as_openspiels_move_for_move(gomoku_plugin, size, connect, games):
    game = gomoku(size=size, connect=connect)
    spiel = need_pyspiel().load_game("gomoku", {"size": size, "connect": connect})

    def label(state: boardgames.State, move: boardgames.Move) -> str:
        file, rank = game.grid.coords(move.to)
        return f"{rank},{file}"

    assert lockstep(game, spiel, label, games) > games * 10


def test_an_overline_wins_as_in_free_style(gomoku_plugin):
    game = gomoku()
    state = game.replay("a1 a15 b1 b15 c1 c15 e1 e15 f1 f14 d1".split())  # d1 joins a1-f1: six
    assert state.winner == "black" and "5 in a row" in state.result_text()


@pytest.mark.parametrize(("size", "connect", "games"), [(15, 5, 30), (5, 4, 200), (3, 3, 200)])
def test_gomoku_is_openspiels_mnk_game_on_a_square_board(gomoku_plugin, size, connect, games):
    game = gomoku(size=size, connect=connect)
    spiel = need_pyspiel().load_game("mnk", {"m": size, "n": size, "k": connect})

    def label(state: boardgames.State, move: boardgames.Move) -> str:
        file, rank = game.grid.coords(move.to)
        return f"{'xo'[state.turn]}({rank},{file})"

    assert lockstep(game, spiel, label, games) > games * 5
