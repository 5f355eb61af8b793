"""What a learning agent sees of a position: planes over the board's squares.

Built from the neutral :class:`~boardgames.view.BoardView` that every renderer
draws, so it works for any game with no per-game code: the pieces of the
player who looks and of the opponent, one plane per kind of square mark (the
Donuts lines), each side's pieces in hand (the same value on every square,
as a fraction of the reserve) and the squares of a move being chosen action
by action (:mod:`boardgames.actions`).

:func:`planes` gives each plane as a flat list indexed by square number, in
the grid's own order (:mod:`boardgames.geometry`). :func:`board_planes` lays
them out as the board looks, the one layout both the PettingZoo and the
OpenSpiel adapters give (:func:`layout_shape`): (planes, rows, files), row 0
is rank 1 and column 0 is file a, so ``board_planes(...)[p][r][f]`` is
plane ``p`` on the square of file ``f`` and rank ``r + 1`` (b5 is ``[p][4][1]``).
Plain lists of floats: the adapters make arrays of them; the core never
imports numpy.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from .game import State
from .geometry import Grid

#: The marks a view may put on a square, each with its own plane.
MARKS = ("-", "|", "/", "\\")
#: The planes, in order.
PLANES = (
    "my pieces",
    "opponent's pieces",
    *(f"mark {m}" for m in MARKS),
    "my pieces in hand",
    "opponent's pieces in hand",
    "first square chosen",
    "later squares chosen",
)


def planes(state: State, player: int, chosen: Sequence[int] = ()) -> list[list[float]]:
    """The :data:`PLANES` of ``state`` as ``player`` (an index into the
    game's ``player_names``) sees it, each a list of ``grid.size`` values
    indexed by square number (the grid's order, not the board's rows:
    :func:`board_planes` lays them out); ``chosen`` are the actions of the
    move being built (squares; ``pass`` and ``end`` leave no trace)."""
    game = state.game
    size = game.grid.size
    view = state.view()
    out = [[0.0] * size for _ in PLANES]
    for square, owner in view.owners:
        out[0 if owner == player else 1][square] = 1.0
    for square, mark in view.marks:
        if mark in MARKS:
            out[2 + MARKS.index(mark)][square] = 1.0
    if view.in_hand:
        reserve = game.pieces_each() or size
        mine = view.in_hand[player]
        theirs = sum(view.in_hand) - mine
        out[6] = [min(1.0, mine / reserve)] * size
        out[7] = [min(1.0, theirs / reserve)] * size
    squares = [a for a in chosen if 0 <= a < size]
    if squares:
        out[8][squares[0]] = 1.0
        for square in squares[1:]:
            out[9][square] = 1.0
    return out


def layout_shape(grid: Grid) -> tuple[int, int, int]:
    """The shape of :func:`board_planes` on ``grid``: (planes, rows, files)."""
    return (len(PLANES), grid.height, grid.width)


def board_planes(state: State, player: int, chosen: Sequence[int] = ()) -> list[list[list[float]]]:
    """The :func:`planes` laid out as the board: for each plane its rows, rank
    1 first, each row its files, file a first (shape :func:`layout_shape`)."""
    rows = _rows(state.game.grid)
    return [[[plane[square] for square in row] for row in rows] for plane in planes(state, player, chosen)]


@functools.cache
def _rows(grid: Grid) -> tuple[tuple[int, ...], ...]:
    """The square numbers of each row of the layout: rank 1 first, file a first."""
    return tuple(tuple(grid.index(file, rank) for file in range(grid.width)) for rank in range(grid.height))
