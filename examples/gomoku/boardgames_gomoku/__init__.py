"""Gomoku (free style) on 15 × 15 points, as OpenSpiel's ``gomoku`` plays it.

Black moves first; the players take turns placing a stone of their colour on
an empty point. Five or more stones of one colour in an unbroken line (along
a rank, a file or a diagonal) win: a line of six counts too. A full board
with no such line is a draw. A move is written as its point (``h8``).
"""

from __future__ import annotations

from collections.abc import Callable

import boardgames
from boardgames import BitboardState, Game, Grid, IntOption, Move, Outcome, hookimpl, placements, transfer


class Gomoku(Game[BitboardState]):
    name = "gomoku"
    title = "Gomoku"
    summary = "Five or more in a row on a 15 × 15 board (OpenSpiel's gomoku)."
    player_names = ("black", "white")
    colours = ("#1b1b1b", "#f5f5f5")
    option_specs = (
        IntOption("size", "points along each side", 15, minimum=3, maximum=19),
        IntOption("connect", "stones in a row that win", 5, minimum=3, maximum=8),
    )
    parts_per_move = 1
    quick_wins_test = True
    in_a_row = 5  # agents value positions by each side's open lines of 5 (boardgames.rules.lines)
    rules_text = __doc__ or ""

    def setup(self) -> None:
        size = self.options["size"]
        self.grid = Grid.get(size, size, "points")
        self.max_length = size * size
        self.connect = self.in_a_row = self.options["connect"]

    def initial_state(self) -> BitboardState:
        return BitboardState(game=self)

    def generate_moves(self, state: BitboardState) -> tuple[Move, ...]:
        return placements(self.grid.full & ~state.occupied)

    def wins_at_once(self, state: BitboardState, move: Move) -> bool:
        return self.grid.has_line(state.boards[state.turn] | 1 << move.to, self.connect, touching=1 << move.to)

    def apply(self, state: BitboardState, move: Move) -> BitboardState:
        me = state.turn
        boards = transfer(state.boards, me, 1 << move.to)
        outcome = None
        if self.grid.has_line(boards[me], self.connect, touching=1 << move.to):
            outcome = Outcome(me, f"{self.player_names[me]} has {self.connect} in a row")
        elif boards[0] | boards[1] == self.grid.full:
            outcome = Outcome(None, "the board is full")
        return BitboardState(game=self, history=state.history + (move,), turn=1 - me, boards=boards, outcome=outcome)


@hookimpl
def register_games(register: Callable[[type[boardgames.Game]], None]) -> None:
    register(Gomoku)
