"""The Tic-tac-toe example package (examples/tic_tac_toe): the kit, agreement
with OpenSpiel's ``tic_tac_toe`` move for move, and perfect play from the solver
it declares it is small enough for."""

from __future__ import annotations

import random
from typing import Any

import boardgames
from helpers import example_plugin, need_pyspiel
from lockstep import lockstep

ttt_plugin = example_plugin("tic_tac_toe")


def tic_tac_toe() -> Any:
    return boardgames.game_class("tic_tac_toe").configure()


def test_tic_tac_toe_keeps_the_contract(check_game, ttt_plugin):
    check_game("tic_tac_toe", games=10)


def test_tic_tac_toe_plays_as_openspiels_move_for_move(ttt_plugin):
    game = tic_tac_toe()

    def label(state: boardgames.State, move: boardgames.Move) -> str:
        file, rank = game.grid.coords(move.to)
        return f"{'xo'[state.turn]}({2 - rank},{file})"  # OpenSpiel's row 0 is the top rank

    assert lockstep(game, need_pyspiel().load_game("tic_tac_toe"), label, 500) > 3000


def test_three_in_a_row_wins_and_a_full_board_draws(ttt_plugin):
    game = tic_tac_toe()
    assert game.replay("a1 b1 b2 c1 c3".split()).winner == "crosses"
    drawn = game.replay("b2 a1 c1 a3 a2 c2 b1 b3 c3".split())
    assert drawn.is_over and drawn.winner is None


def test_the_game_is_a_draw_and_the_solver_never_loses_to_random_play(ttt_plugin):
    from boardgames.agents.solver import solve

    game = tic_tac_toe()
    assert solve(game.start()).value == 0
    for seed in range(20):
        rng, state = random.Random(seed), game.start()
        while not state.is_over:
            if state.turn == seed % 2:
                state = state.play(solve(state).move)
            else:
                state = state.play(rng.choice(state.legal_moves))
        assert state.winner in (None, game.player_names[seed % 2]), seed
