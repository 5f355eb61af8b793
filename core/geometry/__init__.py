"""Board geometry: grids of square or hexagonal cells or points, their
directions, and sets of squares as bit masks (``boardgames.geometry`` is the
path games import it by)."""

from __future__ import annotations

from .bits import bits, random_bit
from .directions import (
    AXES,
    AXIS_NAMES,
    DIAGONAL,
    DIRECTIONS,
    EAST,
    HEX_AXES,
    HEX_DIRECTIONS,
    HEX_NAMED,
    HEX_OPPOSITE,
    NORTH,
    NORTHEAST,
    NORTHWEST,
    OPPOSITE,
    ORTHOGONAL,
    SOUTH,
    SOUTHEAST,
    SOUTHWEST,
    WEST,
    Direction,
)
from .grid import FILES, MAX_SIDE, Basis, Grid, GridKind, Shape

__all__ = [
    "AXES",
    "AXIS_NAMES",
    "Basis",
    "DIAGONAL",
    "DIRECTIONS",
    "EAST",
    "FILES",
    "Grid",
    "GridKind",
    "HEX_AXES",
    "HEX_DIRECTIONS",
    "HEX_NAMED",
    "HEX_OPPOSITE",
    "MAX_SIDE",
    "NORTH",
    "NORTHEAST",
    "NORTHWEST",
    "OPPOSITE",
    "ORTHOGONAL",
    "SOUTH",
    "SOUTHEAST",
    "SOUTHWEST",
    "Shape",
    "WEST",
    "Direction",
    "bits",
    "random_bit",
]
