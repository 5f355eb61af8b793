"""Boards as graphs of sites (as Ludii's vertices, edges and cells):

- ``Grid.graph``: points joined by the links a game declares, as a morris
  board's lines; only the points named are on the board, the links are drawn
  and they are the points' adjacency (``grid.linked``, ``grid.link_steps``);
- ``Grid.lattice``: points whose edges and enclosed cells are sites as well,
  as dots and boxes' lines and boxes (later Quoridor's walls): each site has
  a kind (``grid.site_kinds``: point, edge or cell) and a name a player reads,
  an edge by the two points it joins (``a1b1``, ``a1a2``), a cell by its
  lower-left and upper-right corners (``a1b2``).

Both are :class:`~boardgames.geometry.Grid` objects, so every mask, the
notation, the actions, the observation planes and ``show --json`` take them
as they are; the renderers draw what they declare. Both are made in
:mod:`boardgames.geometry.grid` (a grid is what they make); this module
names the kinds of site and picks a lattice's sites of one kind.
"""

from __future__ import annotations

from .grid import CELL, EDGE, POINT, Grid

__all__ = ["CELL", "EDGE", "POINT", "sites_of"]


def sites_of(grid: Grid, kind: str) -> int:
    """The mask of a lattice's sites of one kind (``"point"``, ``"edge"``, ``"cell"``)."""
    kinds = grid.site_kinds or ()
    return Grid.mask(sq for sq, k in enumerate(kinds) if k == kind)
