"""Hex on a rhombus of hexagonal cells, as OpenSpiel's ``hex`` plays it.

The board is ``size`` × ``size`` cells (11 by default). Cells are named by
column and row, ``a1`` to ``k11``: each row is drawn half a cell further right
than the one below, so ``b1`` and ``a2`` touch. Red moves first, then the
players take turns placing a stone of their colour on any empty cell. Red
wins by joining row 1 to the last row with a chain of red stones, blue by
joining column a to the last column with blue ones. There is no swap rule,
and no draw: a full board always holds one player's chain.
"""

from __future__ import annotations

from collections.abc import Callable

import boardgames
from boardgames import BitboardState, Game, Grid, IntOption, Outcome, bits, hookimpl, placements, transfer

RED, BLUE = 0, 1


class Hex(Game[BitboardState]):
    name = "hex"
    title = "Hex"
    summary = "Join your two sides of a rhombus of hexagons (OpenSpiel's hex, no swap)."
    player_names = ("red", "blue")
    colours = ("#c62828", "#1565c0")
    #: The sides each player joins, for renderers that draw them.
    edges = {"south": RED, "north": RED, "west": BLUE, "east": BLUE}
    option_specs = (IntOption("size", "cells along each side", 11, minimum=1, maximum=26),)
    rules_text = __doc__ or ""

    def setup(self) -> None:
        size = self.options["size"]
        self.grid = grid = Grid.get(size, basis="hex")
        self.max_length = size * size  # every move fills a cell
        # The two sides each player joins: red rank 1 and the last rank, blue file a and the last file.
        first_rank = grid.mask(grid.index(f, 0) for f in range(size))
        first_file = grid.mask(grid.index(0, r) for r in range(size))
        self.sides = (
            (first_rank, first_rank << (size - 1)),
            (first_file, first_file << (size * (size - 1))),
        )

    def initial_state(self) -> BitboardState:
        return BitboardState(game=self)

    def generate_moves(self, state: BitboardState) -> tuple[boardgames.Move, ...]:
        return placements(self.grid.full & ~state.occupied)

    def apply(self, state: BitboardState, move: boardgames.Move) -> BitboardState:
        me = state.turn
        boards = transfer(state.boards, me, 1 << move.to)
        chain = self.grid.group(boards[me], move.to)  # the stones the new one joins
        start, end = self.sides[me]
        outcome = None
        if chain & start and chain & end:
            joined = "row 1 to the last row" if me == RED else "column a to the last column"
            outcome = Outcome(me, f"{self.player_names[me]} joins {joined}", line=bits(chain))
        return BitboardState(
            game=self,
            history=(*state.history, move),
            turn=1 - me,
            outcome=outcome,
            boards=boards,
        )


@hookimpl
def register_games(register: Callable[[type[boardgames.Game]], None]) -> None:
    register(Hex)
