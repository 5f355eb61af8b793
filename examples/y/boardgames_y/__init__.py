"""The game of Y, as OpenSpiel's ``y`` plays it (no swap).

The board is a triangle of hexagonal cells, ``size`` cells a side (19 by
default). Rank 1 is its base, ``a1`` to the last file; each rank above
holds one cell fewer, up to the apex, ``a`` of the last rank. Its three
sides are file a, rank 1 and the long side from the apex to the base's last
cell. White moves first, then the players take turns placing a stone of
their colour on any empty cell. The first to join all three sides with one
chain of their stones wins (a corner belongs to both of its sides). A full
board always holds one player's chain, so there is no draw.
"""

from __future__ import annotations

from collections.abc import Callable

import boardgames
from boardgames import BitboardState, Game, Grid, IntOption, Outcome, bits, hookimpl, placements, transfer


class Y(Game[BitboardState]):
    name = "y"
    title = "Y"
    summary = "Join the three sides of a triangle of hexagons (OpenSpiel's y, no swap)."
    player_names = ("white", "black")
    colours = ("#f5f5f5", "#1b1b1b")
    option_specs = (IntOption("size", "cells along each side of the triangle", 19, minimum=2, maximum=26),)
    rules_text = __doc__ or ""

    def setup(self) -> None:
        self.grid = grid = Grid.triangle(self.options["size"])
        self.sides = tuple(grid.edge(side) for side in ("south", "west", "northeast"))
        self.max_length = grid.full.bit_count()  # every move fills a cell

    def initial_state(self) -> BitboardState:
        return BitboardState(game=self)

    def generate_moves(self, state: BitboardState) -> tuple[boardgames.Move, ...]:
        return placements(self.grid.full & ~state.occupied)

    def apply(self, state: BitboardState, move: boardgames.Move) -> BitboardState:
        me = state.turn
        boards = transfer(state.boards, me, 1 << move.to)
        chain = self.grid.group(boards[me], move.to)
        outcome = None
        if all(chain & side for side in self.sides):
            outcome = Outcome(me, f"{self.player_names[me]} joins the three sides", line=bits(chain))
        return BitboardState(game=self, history=state.history + (move,), turn=1 - me, boards=boards, outcome=outcome)


@hookimpl
def register_games(register: Callable[[type[boardgames.Game]], None]) -> None:
    register(Y)
