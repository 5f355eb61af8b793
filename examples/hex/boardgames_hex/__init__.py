"""Hex on a rhombus of hexagonal cells, as OpenSpiel's ``hex`` plays it.

The board is ``size`` × ``size`` cells (11 by default). Cells are named by
file (column) and rank (row), ``a1`` to ``k11``: each row is drawn half a cell further right
than the one below, so ``b1`` and ``a2`` touch. Red moves first, then the
players take turns placing a stone of their colour on any empty cell. Red
wins by joining rank 1 to the last rank with a chain of red stones, blue by
joining file a to the last file with blue ones. There is no swap rule,
and no draw: a full board always holds one player's chain.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

import boardgames
from boardgames import BitboardState, Game, Grid, IntOption, Outcome, bits, hookimpl, placements, transfer

RED, BLUE = 0, 1


@attrs.frozen(kw_only=True, slots=False)
class HexState(BitboardState):
    #: For each player, its stones joined to its first side and those joined to its second, kept move by
    #: move: a stone that touches both wins, with no search of its chain.
    joined: tuple[tuple[int, int], tuple[int, int]] = ((0, 0), (0, 0))


class Hex(Game[HexState]):
    name = "hex"
    title = "Hex"
    summary = "Join your two sides of a rhombus of hexagons (OpenSpiel's hex, no swap)."
    player_names = ("red", "blue")
    colours = ("#c62828", "#1565c0")
    #: The sides each player joins, for renderers that draw them.
    edges = {"south": RED, "north": RED, "west": BLUE, "east": BLUE}
    option_specs = (IntOption("size", "cells along each side", 11, minimum=1, maximum=26),)
    parts_per_move = 1  # a cell
    rules_text = __doc__ or ""

    def setup(self) -> None:
        size = self.options["size"]
        self.grid = grid = Grid.get(size, basis="hex")
        self.max_length = size * size  # every move fills a cell
        # The two sides each player joins, by the names the drawing uses (edges).
        self.sides = ((grid.edge("south"), grid.edge("north")), (grid.edge("west"), grid.edge("east")))

    def initial_state(self) -> HexState:
        return HexState(game=self)

    def generate_moves(self, state: HexState) -> tuple[boardgames.Move, ...]:
        return placements(self.grid.full & ~state.occupied)

    def apply(self, state: HexState, move: boardgames.Move) -> HexState:
        me, stone = state.turn, 1 << move.to
        boards = transfer(state.boards, me, stone)
        (start, end), (first, second) = self.sides[me], state.joined[me]
        beside = self.grid.beside[move.to] & boards[me]  # the stones of mine it joins
        to_first, to_second = stone & start or beside & first, stone & end or beside & second
        chain = stone  # joined to a side: so is its chain, a search only if it joins other stones to it
        if to_first and beside & ~first or to_second and beside & ~second:
            chain = self.grid.group(boards[me], move.to)
        if to_first:
            first |= chain
        if to_second:
            second |= chain
        outcome = None
        if first & second & stone:  # this move's chain joins both sides
            side = "rank 1 to the last rank" if me == RED else "file a to the last file"
            outcome = Outcome(me, f"{self.player_names[me]} joins {side}", line=bits(first & second))
        joined = ((first, second), state.joined[1]) if me == RED else (state.joined[0], (first, second))
        return HexState(
            game=self, history=state.history + (move,), turn=1 - me, outcome=outcome, boards=boards, joined=joined
        )


@hookimpl
def register_games(register: Callable[[type[boardgames.Game]], None]) -> None:
    register(Hex)
