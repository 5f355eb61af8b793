"""A board drawn only where the play is (``Game.drawn_within``): the view's
grid cut to the sites of its window (:attr:`BoardView.window`), the same
width, height and names, so that every renderer, reading ``grid.on_board``,
sizes, draws, labels and names that window alone, as it would a board of
that shape."""

from __future__ import annotations

import functools

import attrs

from ..geometry import Grid
from ..rules.view import BoardView


def cropped(view: BoardView) -> BoardView:
    """``view`` with its grid cut to its window; ``view`` itself where it has none."""
    if not view.window:
        return view
    return attrs.evolve(view, grid=_cut(view.grid, view.window), window=())


@functools.lru_cache(maxsize=64)  # a window per position: a few kept (a page redraws the same one), not all
def _cut(grid: Grid, window: tuple[int, ...]) -> Grid:
    cells = frozenset(grid.coords(sq) for sq in window)
    return Grid(grid.width, grid.height, grid.kind, grid.basis, "cells", grid.files, cells)
