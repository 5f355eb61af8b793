"""Boards as graphs of sites (as Ludii's vertices, edges and cells):

- :func:`graph`: points joined by the links a game declares, as a morris
  board's lines; only the points named are on the board, the links are drawn
  and they are the points' adjacency (``grid.linked``, ``grid.link_steps``);
- :func:`lattice`: points whose edges and enclosed cells are sites as well,
  as dots and boxes' lines and boxes (later Quoridor's walls): each site has
  a kind (``grid.site_kinds``: point, edge or cell) and a name a player reads,
  an edge by the two points it joins (``a1b1``, ``a1a2``), a cell by its
  lower-left and upper-right corners (``a1b2``).

Both are :class:`~boardgames.geometry.Grid` objects, so every mask, the
notation, the actions, the observation planes and ``show --json`` take them
as they are; the renderers draw what they declare.
"""

from __future__ import annotations

import functools
import re

from .grid import FILES, Grid

POINT, EDGE, CELL = "point", "edge", "cell"
_NAME = re.compile(r"([a-z])([0-9]+)")


def _point(text: str, width: int, height: int, files: str) -> tuple[int, int]:
    found = _NAME.fullmatch(text.strip().lower())
    if not found or found.group(1) not in files[:width] or not 1 <= int(found.group(2)) <= height:
        raise ValueError(f"a line joins points named a1 to {files[width - 1]}{height}, got {text!r}")
    return files.index(found.group(1)), int(found.group(2)) - 1


@functools.cache
def graph(width: int, height: int, lines: tuple[str, ...], files: str = FILES) -> Grid:
    """Points on a ``width`` × ``height`` frame joined by ``lines`` (chains such
    as ``"a1-d1-g1"``, each point linked to the next): see :meth:`Grid.graph`."""
    if isinstance(lines, str) or not lines:
        raise ValueError("a graph's lines are a sequence of chains such as 'a1-d1-g1'")
    chains = []
    for line in lines:
        points = [_point(p, width, height, files) for p in re.split(r"[-\s]+", str(line).strip()) if p]
        if len(points) < 2 or len(set(points)) != len(points):
            raise ValueError(f"a line joins two different points or more, got {line!r}")
        chains.append(points)
    cells = frozenset(p for chain in chains for p in chain)
    grid = Grid(width, height, "points", "square", "cells", files, cells)
    paths = tuple(tuple(grid.index(*p) for p in chain) for chain in chains)
    links = sorted({(min(a, b), max(a, b)) for path in paths for a, b in zip(path, path[1:], strict=False)})
    linked = [0] * grid.size
    for a, b in links:
        linked[a] |= 1 << b
        linked[b] |= 1 << a
    grid.links, grid.linked, grid.paths = tuple(links), tuple(linked), paths
    grid._recipe = (graph, (width, height, lines, files))
    return grid


@functools.cache
def lattice(width: int, height: int, files: str = FILES) -> Grid:
    """``width`` × ``height`` points with their edges and cells as sites: see
    :meth:`Grid.lattice`. Sites are numbered on a grid twice as fine (points
    at even file and rank), so every mask operation still applies."""
    if not (2 <= width <= 13 and 2 <= height <= 13):
        raise ValueError(f"a lattice is 2 to 13 points a side, got {width}×{height}")
    if len(files) < width or len(set(files)) != len(files):
        raise ValueError(f"{width} files need as many different letters to name them, got {files!r}")
    fine_w, fine_h = 2 * width - 1, 2 * height - 1
    grid = Grid(fine_w, fine_h, "points", "square", "rectangle", FILES)

    def point(f: int, r: int) -> str:
        return f"{files[f // 2]}{r // 2 + 1}"

    names, kinds, incident = [], [], []
    for sq in range(grid.size):
        f, r = grid.coords(sq)
        if f % 2 == 0 and r % 2 == 0:
            kinds.append(POINT)
            names.append(point(f, r))
            near = [(f + 1, r), (f - 1, r), (f, r + 1), (f, r - 1)]  # its edges
        elif f % 2 and r % 2:
            kinds.append(CELL)
            names.append(point(f - 1, r - 1) + point(f + 1, r + 1))
            near = [(f + 1, r), (f - 1, r), (f, r + 1), (f, r - 1)]  # its four sides
        else:
            kinds.append(EDGE)
            ends = ((f - 1, r), (f + 1, r)) if f % 2 else ((f, r - 1), (f, r + 1))
            names.append(point(*ends[0]) + point(*ends[1]))
            beside = ((f, r - 1), (f, r + 1)) if f % 2 else ((f - 1, r), (f + 1, r))
            near = [*ends, *beside]  # the points it joins and the cells on either side
        incident.append(Grid.mask(grid.index(a, b) for a, b in near if 0 <= a < fine_w and 0 <= b < fine_h))
    grid.names = tuple(names)
    grid._index = {name: sq for sq, name in enumerate(names)}
    grid.site_kinds, grid.incident = tuple(kinds), tuple(incident)
    grid._recipe = (lattice, (width, height, files))
    return grid


def sites_of(grid: Grid, kind: str) -> int:
    """The mask of a lattice's sites of one kind (``"point"``, ``"edge"``, ``"cell"``)."""
    kinds = grid.site_kinds or ()
    return Grid.mask(sq for sq, k in enumerate(kinds) if k == kind)
