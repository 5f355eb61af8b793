"""Havannah, as OpenSpiel's ``havannah`` plays it (no swap).

The board is a hexagon of hexagonal cells, ``size`` cells a side (8 by
default). White moves first, then the players take turns placing a stone on
any empty cell. A player wins with a chain that makes a ring (a loop around
one cell or more), a bridge (joins two of the six corners) or a fork (joins
three of the six sides; corners belong to no side). A full board is a draw.
"""

from __future__ import annotations

from collections.abc import Callable

import boardgames
from boardgames import BitboardState, Game, Grid, IntOption, Outcome, bits, hookimpl, placements, transfer

#: The six neighbours in turn round a cell, as (file, rank) steps: the ring's walk turns by one of them at most.
STEPS = ((-1, 1), (0, 1), (1, 0), (1, -1), (0, -1), (-1, 0))
SIDES = ("south", "southwest", "west", "north", "northeast", "east")


class Havannah(Game[BitboardState]):
    name = "havannah"
    title = "Havannah"
    summary = "Make a ring, a bridge or a fork on a hexagon (OpenSpiel's havannah, no swap)."
    player_names = ("white", "black")
    colours = ("#f5f5f5", "#1b1b1b")
    option_specs = (IntOption("size", "cells along each side", 8, minimum=2, maximum=13),)
    rules_text = __doc__ or ""

    def setup(self) -> None:
        self.grid = grid = Grid.hexagon(self.options["size"])
        self.max_length = grid.full.bit_count()  # a stone a move, on every cell at most

        def at(file: int, rank: int) -> int:
            inside = 0 <= file < grid.width and 0 <= rank < grid.height
            return grid.index(file, rank) if inside and grid.on_board[grid.index(file, rank)] else -1

        self.around = [[at(f + df, r + dr) for df, dr in STEPS] for f, r in map(grid.coords, range(grid.size))]
        self.corners = grid.corners()
        self.sides = [grid.edge(side) & ~self.corners for side in SIDES]

    def initial_state(self) -> BitboardState:
        return BitboardState(game=self)

    def generate_moves(self, state: BitboardState) -> tuple[boardgames.Move, ...]:
        return placements(self.grid.full & ~state.occupied)

    def ring(self, square: int, left: int, right: int, mine: int, path: int) -> bool:
        """OpenSpiel's ring search: a walk through my stones, turning at most a sixth, back onto itself."""
        if square < 0 or not mine >> square & 1:
            return False
        if path >> square & 1:
            return True
        return any(
            self.ring(self.around[square][d % 6], d % 6 - 1, d % 6 + 1, mine, path | 1 << square)
            for d in range(left, right + 1)
        )

    def apply(self, state: BitboardState, move: boardgames.Move) -> BitboardState:
        me, square = state.turn, move.to
        before = state.boards[me]
        boards = transfer(state.boards, me, 1 << square)
        # As OpenSpiel: a ring only where the stone joins a group twice (a neighbour skipped after each join).
        joined, seen, skip = False, 0, False
        for near in self.around[square]:
            if skip:
                skip = False
            elif near >= 0 and before >> near & 1:
                joined |= bool(seen >> near & 1)
                seen |= self.grid.group(before, near)
                skip = True
        chain = self.grid.group(boards[me], square)
        outcome = None
        if (chain & self.corners).bit_count() >= 2:
            outcome = Outcome(me, "a bridge", line=bits(chain))
        elif sum(1 for side in self.sides if chain & side) >= 3:
            outcome = Outcome(me, "a fork", line=bits(chain))
        elif joined and self.ring(square, 0, 3, boards[me], 0):
            outcome = Outcome(me, "a ring", line=bits(chain))
        elif boards[0] | boards[1] == self.grid.full:
            outcome = Outcome(None, "the board is full")
        return BitboardState(game=self, history=(*state.history, move), turn=1 - me, boards=boards, outcome=outcome)


@hookimpl
def register_games(register: Callable[[type[boardgames.Game]], None]) -> None:
    register(Havannah)
