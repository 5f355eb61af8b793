"""Games where a player may move twice in a row (an extra turn: Dots and
Boxes' closed box, a hop chain written as moves): the searches that value a
position for the player to move (alpha-beta, the solver, the prover) must
not negate a value across a move after which the same player moves again.
Checked against plain minimax over every position of small games."""

from __future__ import annotations

import functools
import random

import pytest

import boardgames
from boardgames import BitboardState, Budget, Game, Grid, Move, Outcome, hookimpl, placements, transfer
from boardgames.agents.alphabeta import AlphaBetaAgent
from boardgames.agents.solver import Prover, solve
from boardgames.testing import plugin


class Bonus(Game[BitboardState]):
    """A row of cells; a move fills an empty one, and filling a bonus cell
    (option ``bonus``: a mask) gives the mover another move. Whoever fills the
    last cell wins."""

    name = "bonus"
    title = "Bonus"
    player_names = ("first", "second")
    option_specs = (
        boardgames.IntOption("cells", "cells in the row", 5, minimum=2, maximum=9),
        boardgames.IntOption("bonus", "the bonus cells, as a mask", 5, minimum=0, maximum=511),
    )

    def setup(self) -> None:
        self.grid = Grid.get(self.options["cells"], 1)
        self.bonus = self.options["bonus"] & self.grid.full
        self.max_length = self.grid.size

    def initial_state(self) -> BitboardState:
        return BitboardState(game=self)

    def generate_moves(self, state: BitboardState) -> tuple[Move, ...]:
        return placements(self.grid.full & ~state.occupied)

    def apply(self, state: BitboardState, move: Move) -> BitboardState:
        me = state.turn
        boards = transfer(state.boards, me, 1 << move.to)
        full = (boards[0] | boards[1]) == self.grid.full
        again = bool(self.bonus >> move.to & 1) and not full
        outcome = Outcome(me, "the last cell") if full else None
        turn = me if again else 1 - me
        return BitboardState(game=self, history=state.history + (move,), turn=turn, boards=boards, outcome=outcome)


class Hooks:
    @staticmethod
    @hookimpl
    def register_games(register):
        register(Bonus)


def truth(state: BitboardState) -> int:
    """+1 if the player to move wins with best play, -1 if not: plain minimax, players named."""

    @functools.cache
    def best(boards: tuple[int, ...], turn: int) -> int:  # the winner's index with best play
        position = BitboardState(game=state.game, boards=boards, turn=turn)
        results = []
        for move in state.game.generate_moves(position):
            after = state.game.apply(position, move)
            results.append(after.outcome.winner_index if after.outcome else best(after.boards, after.turn))
        return turn if turn in results else 1 - turn

    return 1 if best(state.boards, state.turn) == state.turn else -1


@pytest.mark.parametrize(("cells", "bonus"), [(4, 0b0001), (5, 0b00101), (6, 0b010010), (7, 0b1000110), (5, 0b11111)])
def test_searches_value_an_extra_turn_as_the_same_players(cells, bonus):
    with plugin(Hooks, "bonus"):
        game = Bonus.configure({"cells": cells, "bonus": bonus})
        rng = random.Random(cells)
        positions, state = [], game.start()
        while len(positions) < 12:  # the start and positions along random games
            positions.append(state)
            state = state.play(rng.choice(state.legal_moves))
            if state.is_over:
                state = game.start()
        alphabeta = AlphaBetaAgent()
        for state in positions:
            expected = truth(state)
            assert solve(state).value == expected, state.describe()
            assert Prover().prove(state)[0] == expected, state.describe()
            move = alphabeta.choose(state, Budget(depth=cells), random.Random(0))  # to the end: exact
            after = state.play(move)
            won = (
                after.outcome.winner_index == state.turn
                if after.outcome
                else truth(after) == (1 if after.turn == state.turn else -1)
            )
            assert won == (expected == 1), (state.describe(), state.format_move(move))
