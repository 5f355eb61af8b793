"""Connect Four on 7 files by 6 ranks, as OpenSpiel's ``connect_four`` plays it.

Yellow moves first; the players take turns dropping a disc of their colour
into a file, where it falls to the lowest empty cell. Four discs of one
colour in a row (along a rank, a file or a diagonal) win. A full board with
no such row is a draw. A move is written as the cell the disc lands on
(``d1``); typing the file alone (``d``) drops a disc there.
"""

from __future__ import annotations

from collections.abc import Callable

import boardgames
from boardgames import (
    BitboardState,
    Game,
    Grid,
    IntOption,
    Move,
    Outcome,
    Words,
    bits,
    hookimpl,
    place,
    placements,
    transfer,
)
from boardgames.geometry import NORTH


class ConnectFour(Game[BitboardState]):
    name = "connect_four"
    title = "Connect Four"
    summary = "Drop discs into files; four in a row wins (OpenSpiel's connect_four)."
    player_names = ("yellow", "red")
    colours = ("#f9c80e", "#d62828")
    option_specs = (
        IntOption("files", "files (columns) of the board", 7, minimum=4, maximum=26),
        IntOption("ranks", "ranks (rows) of the board", 6, minimum=4, maximum=26),
    )
    words = Words(pick_to="Click a file to drop a disc in it.")
    parts_per_move = 1
    quick_wins_test = True
    in_a_row = 4  # agents value positions by each side's open lines of 4 (boardgames.rules.lines)
    rules_text = __doc__ or ""

    def setup(self) -> None:
        files, ranks = self.options["files"], self.options["ranks"]
        self.grid = grid = Grid.get(files, ranks)
        self.max_length = files * ranks
        self.bottom = grid.mask(grid.index(f, 0) for f in range(files))

    def initial_state(self) -> BitboardState:
        return BitboardState(game=self)

    def landing_cells(self, occupied: int) -> int:
        """The lowest empty cell of each file that has one: the bottom rank, or the cell above a disc."""
        return (self.bottom | self.grid.shift(occupied, NORTH)) & ~occupied & self.grid.full

    def generate_moves(self, state: BitboardState) -> tuple[Move, ...]:
        return placements(self.landing_cells(state.occupied))

    def wins_at_once(self, state: BitboardState, move: Move) -> bool:
        return self.grid.has_line(state.boards[state.turn] | 1 << move.to, 4, touching=1 << move.to)

    def apply(self, state: BitboardState, move: Move) -> BitboardState:
        me = state.turn
        boards = transfer(state.boards, me, 1 << move.to)
        outcome = None
        if self.grid.has_line(boards[me], 4, touching=1 << move.to):
            outcome = Outcome(me, f"{self.player_names[me]} has four in a row")
        elif boards[0] | boards[1] == self.grid.full:
            outcome = Outcome(None, "the board is full")
        return BitboardState(game=self, history=state.history + (move,), turn=1 - me, boards=boards, outcome=outcome)

    def shorthand(self, state: BitboardState, text: str) -> Move | None:
        letter = text.strip().lower()
        if len(letter) != 1 or letter not in self.grid.files[: self.grid.width]:
            return None
        file = self.grid.files.index(letter)
        cells = [sq for sq in bits(self.landing_cells(state.occupied)) if self.grid.coords(sq)[0] == file]
        return place(cells[0]) if cells else None


@hookimpl
def register_games(register: Callable[[type[boardgames.Game]], None]) -> None:
    register(ConnectFour)
