"""Tic-tac-toe on 3 × 3, as OpenSpiel's ``tic_tac_toe`` plays it.

Crosses move first; the players take turns marking an empty cell. Three
marks of one player in a row, a column or a diagonal win; a full board
without one is a draw. A move is written as its cell (``b2``).
"""

from __future__ import annotations

from collections.abc import Callable

import boardgames
from boardgames import BitboardState, Game, Grid, Move, Outcome, hookimpl, placements, transfer


class TicTacToe(Game[BitboardState]):
    name = "tic_tac_toe"
    title = "Tic-tac-toe"
    summary = "Three in a row on 3 × 3 (OpenSpiel's tic_tac_toe)."
    player_names = ("crosses", "noughts")
    symbols = ("X", "O")
    colours = ("#c62828", "#1565c0")
    parts_per_move = 1
    max_length = 9
    solve_at = 9  # small enough to solve whole: the top level plays perfectly
    in_a_row = 3  # agents value positions by each side's open lines of 3 (boardgames.rules.lines)
    rules_text = __doc__ or ""

    def setup(self) -> None:
        self.grid = Grid.get(3)

    def initial_state(self) -> BitboardState:
        return BitboardState(game=self)

    def generate_moves(self, state: BitboardState) -> tuple[Move, ...]:
        return placements(self.grid.full & ~state.occupied)

    def endgame_size(self, state: BitboardState) -> int:
        return 9 - len(state.history)  # the empty cells

    def apply(self, state: BitboardState, move: Move) -> BitboardState:
        me = state.turn
        boards = transfer(state.boards, me, 1 << move.to)
        outcome = None
        if self.grid.has_line(boards[me], 3, touching=1 << move.to):
            outcome = Outcome(me, f"{self.player_names[me]} have three in a row")
        elif boards[0] | boards[1] == self.grid.full:
            outcome = Outcome(None, "the board is full")
        return BitboardState(game=self, history=state.history + (move,), turn=1 - me, boards=boards, outcome=outcome)


@hookimpl
def register_games(register: Callable[[type[boardgames.Game]], None]) -> None:
    register(TicTacToe)
