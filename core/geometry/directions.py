"""The directions of a board: eight on a square basis (counter-clockwise from
east), six on a hexagonal one, with their opposites and axes. Index a grid's
tables by these (:attr:`Grid.directions` says which set a grid has)."""

from __future__ import annotations


class Direction(int):
    """A compass direction by name (:data:`EAST`, :data:`NORTHWEST`...): its
    value is its index on a square grid; every mask primitive of a grid
    (:meth:`Grid.shift`, :meth:`Grid.flood`, :meth:`Grid.slide`) reads it as
    the same compass direction on any grid that has it (on a hexagonal grid,
    :data:`WEST` is west), and refuses it in one line where the grid has no
    such direction (a hexagonal grid has no north or south)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return _NAMES[self]

    __str__ = __repr__


_NAMES = ("EAST", "NORTHEAST", "NORTH", "NORTHWEST", "WEST", "SOUTHWEST", "SOUTH", "SOUTHEAST")
# The 8 directions as (file step, rank step), counter-clockwise from east.
DIRECTIONS: tuple[tuple[int, int], ...] = (
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
)
EAST, NORTHEAST, NORTH, NORTHWEST, WEST, SOUTHWEST, SOUTH, SOUTHEAST = map(Direction, range(8))
ORTHOGONAL = (EAST, NORTH, WEST, SOUTH)
DIAGONAL = (NORTHEAST, NORTHWEST, SOUTHWEST, SOUTHEAST)
#: The direction opposite each direction.
OPPOSITE = (4, 5, 6, 7, 0, 1, 2, 3)

# The 4 axes, each a pair of opposite directions (indices into DIRECTIONS).
AXES: tuple[tuple[int, int], ...] = ((0, 4), (2, 6), (1, 5), (3, 7))
AXIS_NAMES = ("horizontal", "vertical", "rising", "falling")

#: The 6 directions of a hexagonal grid, counter-clockwise from east, and
#: their opposites and 3 axes.
HEX_DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
HEX_OPPOSITE = (3, 4, 5, 0, 1, 2)
HEX_AXES: tuple[tuple[int, int], ...] = ((0, 3), (1, 4), (2, 5))
#: The compass name of each of :data:`HEX_DIRECTIONS` (each rank is drawn half
#: a cell right of the one below, so a rank up is northeast): east,
#: northeast, northwest, west, southwest, southeast.
HEX_NAMED: tuple[Direction, ...] = (EAST, NORTHEAST, NORTHWEST, WEST, SOUTHWEST, SOUTHEAST)
