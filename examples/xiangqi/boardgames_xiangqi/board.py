"""Xiangqi's board: 90 points on nine files and ten ranks, the river and the palaces, OpenSpiel's (row,
column) of each point (row 0 black's back rank), and how each piece moves, declared for the core's tables
(boardgames.rules.piece_moves)."""

from __future__ import annotations

from boardgames import Grid
from boardgames.rules.piece_moves import MoveTables, PieceMoves, every_way

ROWS, COLS = 10, 9
GENERAL, ADVISOR, ELEPHANT, HORSE, CHARIOT, CANNON, SOLDIER = range(1, 8)  # a piece: its kind, | 8 for black's
#: The lines of the board: every rank across, the two side files whole, the others cut by the
#: river between ranks 5 and 6, and the palaces' diagonals.
LINES = (
    *("-".join(f"{f}{r}" for f in "abcdefghi") for r in range(1, 11)),
    *("-".join(f"{f}{r}" for r in range(1, 11)) for f in "ai"),
    *("-".join(f"{f}{r}" for r in ranks) for f in "bcdefgh" for ranks in (range(1, 6), range(6, 11))),
    "d1-e2-f3", "f1-e2-d3", "d8-e9-f10", "f8-e9-d10",
)  # fmt: skip
GRID = Grid.graph(COLS, ROWS, LINES)


def sq_of(row: int, col: int) -> int:
    """Our point of OpenSpiel's (row, column), row 0 at the top (black's back rank)."""
    return GRID.index(col, ROWS - 1 - row)


def cell(sq: int) -> tuple[int, int]:
    file, rank = GRID.coords(sq)
    return ROWS - 1 - rank, file


#: Each side's palace, and its own half of the board (the river between), as bitboards: red's, black's.
PALACE = [Grid.mask(GRID.index(f, r) for f in (3, 4, 5) for r in ranks) for ranks in ((0, 1, 2), (7, 8, 9))]
HOME = [Grid.mask(GRID.index(f, r) for f in range(COLS) for r in ranks) for ranks in (range(5), range(5, 10))]
ORTH, DIAG = every_way((1, 0)), every_way((1, 1))
HOW = {
    # A step along a line in its palace; ahead along its file, the other general with nothing between:
    # the generals may never face each other (the flying general), so a general "attacks" that far.
    GENERAL: PieceMoves(leaps=ORTH, rides=((0, 1),)),
    ADVISOR: PieceMoves(leaps=DIAG),  # in its palace
    ELEPHANT: PieceMoves(legged=tuple(((2 * f, 2 * r), (f, r)) for f, r in DIAG)),  # its eye empty, on its half
    # One point straight, its leg, then one diagonally outward.
    HORSE: PieceMoves(
        legged=tuple(((f, r), (f // 2, 0) if abs(f) == 2 else (0, r // 2)) for f, r in every_way((1, 2)))
    ),
    CHARIOT: PieceMoves(rides=ORTH),
    CANNON: PieceMoves(hops=ORTH),  # it takes over a screen; it moves as a chariot, without taking
    SOLDIER: PieceMoves(leaps=((0, 1),)),
}
TABLES = MoveTables(
    GRID,
    {kind | side << 3: (how, side) for kind, how in HOW.items() for side in (0, 1)},
    confined={kind | side << 3: (HOME if kind == ELEPHANT else PALACE)[side] for kind in (1, 2, 3) for side in (0, 1)},
    zoned={SOLDIER | side << 3: (HOME[1 - side], PieceMoves(leaps=((0, 1), (1, 0), (-1, 0)))) for side in (0, 1)},
)  # a soldier across the river steps sideways too
