"""Where a board with no fixed edge is drawn (``Game.drawn_within``): Hive's
tiles lie on a large hexagon of sites because the hive may wander, but its
players see only the hive and the cells around it, as AbstractPlay draws it.
The view names those sites (:attr:`BoardView.window`); the renderers crop the
board to them (:mod:`boardgames.rendering.window`)."""

from __future__ import annotations

from typing import Any

from ..geometry import bits


def drawn_window(game: Any, state: Any, targets: int, last: tuple[int, ...]) -> tuple[int, ...]:
    """The sites within ``game.drawn_within`` steps of a taken one (a
    player's piece or a neutral one; a pile's top is its player's), with the legal moves'
    (``targets``, a mask) and the last move's as the view shows it (``last``), so that every one
    is drawn and clickable; while nothing is taken, the board's middle cell and its rings."""
    grid = game.grid
    taken = 0
    for sites in (state.owners(), game.neutral(state)):
        for sq in sites:
            taken |= 1 << sq
    if not taken:
        taken = 1 << grid.index((grid.width - 1) // 2, (grid.height - 1) // 2)
    for _ in range(game.drawn_within):
        taken = grid.spread(taken)
    for sq in last:
        if 0 <= sq < grid.size:
            taken |= 1 << sq
    return tuple(bits((taken | targets) & grid.full))
