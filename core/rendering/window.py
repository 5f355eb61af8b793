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
    """``view`` with its grid cut to its window; ``view`` itself where it has none, or where its grid is
    a graph of sites (links, edges, grooves: ``Grid.graph``, ``lattice``, ``grooved``), whose structure
    a cut of its cells would lose: such a board is drawn whole."""
    grid = view.grid
    if not view.window or grid.links or grid.site_kinds is not None:
        return view
    return attrs.evolve(view, grid=_cut(grid, view.window), window=())


@functools.lru_cache(maxsize=64)  # a window per position: a few kept (a page redraws the same one), not all
def _cut(grid: Grid, window: tuple[int, ...]) -> Grid:
    cells = frozenset(grid.coords(sq) for sq in window)
    return Grid(grid.width, grid.height, grid.kind, grid.basis, "cells", grid.files, cells)
