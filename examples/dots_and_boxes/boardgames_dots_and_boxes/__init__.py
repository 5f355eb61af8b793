"""Dots and boxes, as OpenSpiel's ``dots_and_boxes`` plays it.

The board is a rectangle of dots, 3 × 3 by default (2 × 2 boxes). Players
take turns drawing a line between two neighbouring dots. A player who draws
the fourth side of a box owns it, and draws again. When every line is
drawn, the player with more boxes wins; equal boxes are a draw.

A line is named by the two dots it joins, lower-left first: ``a1b1`` (along
rank 1) or ``a1a2`` (up file a). A box is named by its lower-left and
upper-right corners (``a1b2``) and shows its owner's letter and colour.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

import boardgames
from boardgames import BitboardState, Game, Grid, IntOption, Move, Outcome, PieceKind, Words, bits, hookimpl, placements
from boardgames.geometry.sites import sites_of


@attrs.frozen(kw_only=True, slots=False)
class BoxesState(BitboardState):
    #: The lines drawn (a line is no one's: a neutral piece); ``boards`` hold each player's boxes.
    lines: int = 0


class DotsAndBoxes(Game[BoxesState]):
    name = "dots_and_boxes"
    title = "Dots and boxes"
    summary = "Draw lines between dots; close a box to own it and draw again (OpenSpiel's dots_and_boxes)."
    player_names = ("red", "blue")
    colours = ("#c0392b", "#2e86c1")
    option_specs = (
        IntOption("rows", "rows of boxes", 2, minimum=1, maximum=12),
        IntOption("columns", "columns of boxes", 2, minimum=1, maximum=12),
    )
    neutral_kinds = (PieceKind("line", letter="-", symbol="─", shape="square", colour="#2b1d10"),)
    words = Words(changed="closed", pick_to="Click a line to draw it.")
    rules_text = __doc__ or ""

    def setup(self) -> None:
        rows, columns = self.options["rows"], self.options["columns"]
        self.grid = grid = Grid.lattice(columns + 1, rows + 1)
        self.all_lines, self.cells = sites_of(grid, "edge"), sites_of(grid, "cell")
        #: For each line, the boxes beside it (one or two), as a list of (box, its four sides).
        self.beside = tuple(
            [(c, grid.incident[c]) for c in bits(grid.incident[sq] & self.cells)] for sq in range(grid.size)
        )
        self.max_length = self.all_lines.bit_count()  # a line a move

    def initial_state(self) -> BoxesState:
        return BoxesState(game=self)

    def generate_moves(self, state: BoxesState) -> tuple[Move, ...]:
        return placements(self.all_lines & ~state.lines)

    def apply(self, state: BoxesState, move: Move) -> BoxesState:
        me, lines = state.turn, state.lines | 1 << move.to
        closed = 0
        for box, sides in self.beside[move.to]:
            if sides & lines == sides:
                closed |= 1 << box
        boards = state.boards
        if closed:
            boards = (boards[0] | closed, boards[1]) if me == 0 else (boards[0], boards[1] | closed)
        outcome = None
        if lines == self.all_lines:
            mine, theirs = boards[0].bit_count(), boards[1].bit_count()
            score = f"{mine} boxes to {theirs}"
            outcome = Outcome(None if mine == theirs else 0 if mine > theirs else 1, score)
        return BoxesState(
            game=self,
            history=state.history + (move,),
            turn=me if closed else 1 - me,  # a box closed: draw again
            boards=boards,
            lines=lines,
            changed=closed,
            outcome=outcome,
        )

    def why_illegal(self, state: BoxesState, move: Move) -> str:
        kinds = self.grid.site_kinds or ()
        if move.origin < 0 and 0 <= move.to < len(kinds) and kinds[move.to] != "edge":
            what = f"{self.grid.name(move.to)} is a {'box' if kinds[move.to] == 'cell' else 'dot'}"
            return f"{what}, not a line: a line is named by the two dots it joins, as a1b1"
        return super().why_illegal(state, move)

    def neutral(self, state: BoxesState) -> dict[int, int]:
        return {sq: 0 for sq in bits(state.lines)}


@hookimpl
def register_games(register: Callable[[type[boardgames.Game]], None]) -> None:
    register(DotsAndBoxes)
