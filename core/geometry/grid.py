"""Grid geometry, precomputed once per board: square cells or points (8 or 4
neighbours), or hexagonal cells (6 neighbours) on a rhombus, as Hex is
played, on a hexagon of hexagons (Havannah) or on a triangle (the game of Y).

Squares (or points, or hexagonal cells: every site is called a square here)
are numbered file-major: ``index = file * height + rank``, so ``a1`` is 0,
``a2`` is 1 and so on. Sorting indices therefore sorts squares in
file-then-rank order, which is the order of every move list and flip list in
the project. This is the one statement of the order; everything that lays
squares out (renderers, observations) follows it through :meth:`Grid.index`.

A hexagonal grid uses axial coordinates: the file is the column, the rank the
row, and the six neighbours of ``(f, r)`` are ``(f±1, r)``, ``(f, r±1)``,
``(f+1, r-1)`` and ``(f-1, r+1)`` (each rank is drawn half a cell further
right than the one below, as OpenSpiel's ``hex`` draws it). A hexagon of
hexagons of side ``n`` lies in a ``(2n-1)``-wide rhombus whose two far
corners are off the board: they have names but are in no mask. A triangle of
side ``n`` is the lower-left half of an ``n``-wide rhombus, the cells whose
file + rank (from 0) is below ``n``, as OpenSpiel's ``y`` numbers them.

Sets of squares are bit masks over Python ints. Every table an agent's inner
loop needs (rays, axis lines, neighbours, n-in-a-row windows, the shift and
edge masks of each direction) is built once by :meth:`Grid.get` and shared by
every state of that size.

The mask primitives work on every square at once, a handful of integer
operations whatever the board holds, which is how fast grid-game code is
written (chess and Othello engines call it bitboard code):

>>> from boardgames.geometry import EAST, Grid
>>> grid = Grid.get(8)
>>> sq = grid.parse_square
>>> grid.squares(grid.shift(grid.mask([sq("a1"), sq("h1")]), EAST))  # h1 falls off the edge
['b1']
>>> mine, theirs = grid.mask([sq("d5"), sq("e4")]), grid.mask([sq("d4"), sq("e5")])
>>> grid.squares(grid.bracketing(mine, theirs))  # Othello's first moves for black
['c4', 'd3', 'e6', 'f5']
>>> grid.squares(grid.bracketed(sq("c4"), mine, theirs)[0])  # what c4 flips, by direction
['d4']
>>> grid.squares(grid.lines(grid.mask(sq(n) for n in ("a1", "b2", "c3", "d4", "h8")), 4))
['a1', 'b2', 'c3', 'd4']
"""

from __future__ import annotations

import functools
import re
import string
from collections.abc import Callable, Iterable
from typing import Literal

from ..errors import InvalidMoveError, quoted
from .bits import bits
from .compiled import own_class, spreader
from .directions import (
    AXES,
    DIRECTIONS,
    HEX_AXES,
    HEX_DIRECTIONS,
    HEX_NAMED,
    HEX_OPPOSITE,
    OPPOSITE,
    ORTHOGONAL,
    Direction,
)

GridKind = Literal["cells", "points"]
Basis = Literal["square", "hex"]
Shape = Literal["rectangle", "hexagon", "triangle", "cells"]

MAX_SIDE = 26
#: The letters that name the files unless a game says otherwise.
FILES = string.ascii_lowercase
_SQUARE = re.compile(r"([a-z])([0-9]+)")


class Grid:
    """The geometry of a ``width`` × ``height`` board of cells or points.

    Use :meth:`Grid.get` (or :meth:`Grid.hexagon`, :meth:`Grid.triangle`,
    :meth:`Grid.from_cells`), which builds each board once.
    ``directions`` are the board's directions as (file step, rank step):
    :data:`DIRECTIONS` on a square basis, :data:`HEX_DIRECTIONS` on a
    hexagonal one; every table and mask primitive follows them.
    """

    __slots__ = (
        "files",
        "chosen",
        "width",
        "height",
        "kind",
        "basis",
        "shape",
        "directions",
        "_named",
        "opposite",
        "axes",
        "on_board",
        "size",
        "full",
        "names",
        "_index",
        "rays",
        "_climbing",
        "_falling",
        "axis_rays",
        "axis_lines",
        "neighbours",
        "adjacent",
        "beside",
        "steps",
        "_sides",
        "_spread",
        "_touching",
        "_around",
        "_fill",
        "_fill_around",
        "_axis_indices",
        "_left_steps",
        "_right_steps",
        "_doubling",
        "_axis_windows",
        "_windows",
        "_runs",
        "links",
        "linked",
        "paths",
        "site_kinds",
        "incident",
        "grooves",
        "_recipe",
    )

    @staticmethod
    def get(
        width: int,
        height: int | None = None,
        kind: GridKind = "cells",
        basis: Basis = "square",
        files: str = FILES,
    ) -> Grid:
        """The shared geometry of that size (square if ``height`` is left out);
        ``basis="hex"`` for hexagonal cells on a rhombus (Hex's board);
        ``files`` the letters that name the files, in order (Go's boards skip
        ``i``: ``files="abcdefghjklmnopqrst"``)."""
        return _grid(width, width if height is None else height, kind, basis, "rectangle", files)

    @staticmethod
    def hexagon(side: int) -> Grid:
        """The shared geometry of a hexagon of hexagonal cells, ``side`` cells a
        side (Abalone, Havannah): a ``2*side - 1`` rhombus less two corners."""
        if not 1 <= side <= (MAX_SIDE + 1) // 2:
            raise ValueError(f"a hexagon's side is 1 to {(MAX_SIDE + 1) // 2} cells, got {side}")
        return _grid(2 * side - 1, 2 * side - 1, "cells", "hex", "hexagon", FILES)

    @staticmethod
    def triangle(side: int) -> Grid:
        """The shared geometry of a triangle of hexagonal cells, ``side`` cells
        a side (the game of Y): the cells of a ``side``-wide rhombus whose file
        + rank (from 0) is below ``side``; its sides are ``south``, ``west``
        and ``northeast``."""
        if not 1 <= side <= MAX_SIDE:
            raise ValueError(f"a triangle's side is 1 to {MAX_SIDE} cells, got {side}")
        return _grid(side, side, "cells", "hex", "triangle", FILES)

    @staticmethod
    def from_cells(
        width: int,
        height: int,
        cells: Iterable[tuple[int, int]],
        kind: GridKind = "cells",
        basis: Basis = "square",
        files: str = FILES,
    ) -> Grid:
        """The shared geometry of a board of any shape: the ``cells``, as
        (file, rank) pairs from 0, of a ``width`` × ``height`` rectangle or
        rhombus (``basis="hex"``). A Chinese checkers star, a cross, a board
        with holes: the others have names but are in no mask, are never
        drawn and are refused by name, as a hexagon's cut corners are. Such a
        board has no named sides or corners (``edge``, ``corners``): a game
        works its own out from its cells."""
        chosen = frozenset(cells)

        def fits(cell: object) -> bool:
            return (
                isinstance(cell, tuple)
                and len(cell) == 2
                and all(type(v) is int for v in cell)
                and 0 <= cell[0] < width
                and 0 <= cell[1] < height
            )

        bad = next((cell for cell in chosen if not fits(cell)), None)
        if bad is not None:
            raise ValueError(f"a cell is a (file, rank) pair within {width}×{height}, from 0; got {bad!r}")
        if not chosen:
            raise ValueError("a board needs at least one cell")
        return _grid(width, height, kind, basis, "cells", files, chosen)

    @staticmethod
    def graph(width: int, height: int, lines: Iterable[str], files: str = FILES) -> Grid:
        """The shared geometry of points joined by declared links (a morris
        board): ``lines`` are chains of points written ``"a1-d1-g1"``, each
        point linked to the next. Only the points they name are on the board;
        ``grid.links`` are the joined pairs, ``grid.linked[sq]`` the mask of
        the points linked to ``sq``, ``grid.paths`` each line's points.
        Renderers draw the links, and nothing where there is none."""
        return _graph(width, height, tuple(lines), files)

    @staticmethod
    def lattice(width: int, height: int, files: str = FILES) -> Grid:
        """The shared geometry of ``width`` × ``height`` points (dots) whose
        edges and the cells between them are sites too (dots and boxes'
        lines and boxes): ``grid.site_kinds[sq]`` is ``"point"``, ``"edge"``
        or ``"cell"``; an edge is named by the two points it joins (``a1b1``),
        a cell by its lower-left and upper-right corners (``a1b2``)."""
        return _lattice(width, height, files)

    @staticmethod
    def grooved(width: int, height: int, files: str = FILES) -> Grid:
        """A board of ``width`` × ``height`` cells with grooves between them,
        where walls or fences lie (Quoridor's): the lattice of
        ``(width + 1)`` × ``(height + 1)`` points, its sites numbered as
        :meth:`lattice`'s, but named and drawn by its cells, as its players
        read it (``grid.grooves`` True). A cell is named as a chessboard's square (``e8``, ``a1`` the
        lower-left); a groove's edge or crossing by the cell south-west of it
        and its side (``c3n`` the groove above c3, ``c3e`` right of it,
        ``c3ne`` where they cross; on the board's west and south rims the
        cell beside it: ``a3w``, ``c1s``, ``a1sw``). The renderers draw its cells as squares,
        its grooves narrow between them and what lies in them as bars."""
        if not (1 <= width < MAX_SIDE and 1 <= height < MAX_SIDE):
            raise ValueError(f"a grooved board is 1 to {MAX_SIDE - 1} cells a side, got {width}×{height}")
        return _grooved(width, height, files)

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        if self._recipe is not None:  # a graph or a lattice: built again by its own recipe
            return self._recipe
        # Each grid is an instance of its own compiled subclass (own_class), which pickle cannot
        # name: a grid pickles as the recipe that builds it, and unpickles as the shared one.
        return _grid, (self.width, self.height, self.kind, self.basis, self.shape, self.files, self.chosen)

    def __init__(
        self,
        width: int,
        height: int,
        kind: GridKind = "cells",
        basis: Basis = "square",
        shape: Shape = "rectangle",
        files: str = FILES,
        chosen: frozenset[tuple[int, int]] | None = None,
        *,
        named: bool = True,
    ) -> None:
        # A grid whose sites are named by its maker (a lattice: by its points) may be wider than the letters.
        if not (1 <= width <= (MAX_SIDE if named else 2 * MAX_SIDE - 1) and 1 <= height):
            raise ValueError(f"a grid is 1 to {MAX_SIDE} files wide, got {width}×{height}")
        files = files if named else (FILES * width)[:width]
        bad = len(files) < width or len(set(files)) != len(files) or not set(files) <= set(string.ascii_lowercase)
        if named and bad:
            raise ValueError(f"{width} files need as many different letters a to z to name them, got {files!r}")
        #: The letter of each file, in order.
        self.files = files[:width]
        if basis not in ("square", "hex") or shape not in ("rectangle", "hexagon", "triangle", "cells"):
            raise ValueError(
                f"a grid's basis is square or hex and its shape rectangle, hexagon, triangle or cells,"
                f" got {basis}, {shape}"
            )
        if (shape == "cells") != (chosen is not None):
            raise ValueError("a grid of chosen cells is made by Grid.from_cells")
        #: The cells of a board of any shape (:meth:`from_cells`), else None.
        self.chosen = chosen
        self.width, self.height, self.kind, self.basis, self.shape = width, height, kind, basis, shape
        hexagonal = basis == "hex"
        self.directions = HEX_DIRECTIONS if hexagonal else DIRECTIONS
        # A compass name's index in this grid's directions where it is not its own value (hex), else None.
        self._named = {name: d for d, name in enumerate(HEX_NAMED)} if hexagonal else None
        self.opposite = HEX_OPPOSITE if hexagonal else OPPOSITE
        self.axes = HEX_AXES if hexagonal else AXES
        self.size = width * height
        centre = (width - 1) // 2

        def on(f: int, r: int) -> bool:
            if not (0 <= f < width and 0 <= r < height):
                return False
            if shape == "triangle":  # the rhombus' lower-left half
                return f + r < width
            if chosen is not None:
                return (f, r) in chosen
            # A hexagon: the rhombus less the corners where file + rank is too small or too large.
            return shape == "rectangle" or centre <= f + r <= 3 * centre

        #: For each square, whether it is on the board (all are, but on a hexagon or a triangle).
        self.on_board = tuple(on(f, r) for f in range(width) for r in range(height))
        self.full = self.mask(i for i in range(self.size) if self.on_board[i])
        self.names = tuple(f"{files[f]}{r + 1}" for f in range(width) for r in range(height))
        self._index = {name: i for i, name in enumerate(self.names) if self.on_board[i]}
        directions = self.directions

        def ray(i: int, d: int) -> tuple[int, ...]:
            df, dr = directions[d]
            f, r = divmod(i, height)
            out = []
            f, r = f + df, r + dr
            while on(f, r):
                out.append(f * height + r)
                f, r = f + df, r + dr
            return tuple(out)

        count = len(directions)
        self.rays = tuple(tuple(ray(i, d) if self.on_board[i] else () for d in range(count)) for i in range(self.size))
        # Each square's rays as masks, those that climb the square numbers apart
        # from those that fall: a slide is then a few operations a ray (Amazons).
        self._climbing = tuple(tuple(self.mask(r) for r in rays if r and r[0] > i) for i, rays in enumerate(self.rays))
        self._falling = tuple(tuple(self.mask(r) for r in rays if r and r[0] < i) for i, rays in enumerate(self.rays))
        self.axis_rays = tuple(
            tuple((self.rays[i][a], self.rays[i][b]) for a, b in self.axes) for i in range(self.size)
        )
        self.axis_lines = tuple(
            tuple(self.mask((i, *self.rays[i][a], *self.rays[i][b])) if self.on_board[i] else 0 for a, b in self.axes)
            for i in range(self.size)
        )
        sides = range(count) if hexagonal else ORTHOGONAL
        #: For each square, its neighbours that share a side (4 on a square basis, 6 on a hexagonal one).
        self.neighbours = tuple(tuple(self.rays[i][d][0] for d in sides if self.rays[i][d]) for i in range(self.size))
        #: For each square, the mask of its neighbours in every direction (8, or 6).
        self.adjacent = tuple(self.mask(r[0] for r in self.rays[i] if r) for i in range(self.size))
        #: For each square, the mask of the neighbours that share a side.
        self.beside = tuple(self.mask(self.neighbours[i]) for i in range(self.size))

        def keep(d: int, k: int) -> int:  # the squares whose k-th step in direction d is on the board
            df, dr = directions[d]
            return self.mask(
                f * height + r for f in range(width) for r in range(height) if on(f, r) and on(f + k * df, r + k * dr)
            )

        #: For each direction, ``(amount, keep)``: a mask steps one square that
        #: way as ``(m & keep) << amount`` (``>> -amount`` when negative); the
        #: edge mask ``keep`` drops the squares that would leave the board or
        #: wrap round to the other side.
        self.steps = tuple((df * height + dr, keep(d, 1)) for d, (df, dr) in enumerate(directions))
        # The steps to the neighbours that share a side (groups, chains).
        self._sides = self.steps if hexagonal else tuple(self.steps[d] for d in ORTHOGONAL)
        self._spread, self._touching, self._fill, methods = spreader(self._sides, self.full, height)
        self.__class__ = own_class(type(self), methods)
        # The neighbours in every direction at once, compiled too (next_to: Amazons' movable amazons every move).
        self._around, self._fill_around = (
            (self._touching, self._fill) if hexagonal else spreader(self.steps, self.full, height)[1:3]
        )
        self._axis_indices = tuple(range(len(self.axes)))  # a constant tuple: has_line's inner loop
        self._left_steps = tuple((amount, keep) for amount, keep in self.steps if amount > 0)
        self._right_steps = tuple((-amount, keep) for amount, keep in self.steps if amount < 0)
        # Kogge-Stone doubling: steps of 1, 2, 4... squares, until they span the longest line.
        longest = max(width, height) - 1
        spans = [1]
        while sum(spans) < longest:
            spans.append(2 * spans[-1])
        self._doubling = tuple(
            tuple((k * amount, keep(d, k)) for k in spans) for d, (amount, _) in enumerate(self.steps)
        )
        self._windows: dict[int, tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]] = {}
        self._axis_windows: dict[int, tuple[tuple[tuple[int, ...], ...], ...]] = {}
        self._runs: dict[int, tuple[tuple[tuple[int, int], ...], ...]] = {}
        #: Declared links between points (:meth:`graph`): the joined pairs, each
        #: square's linked neighbours as a mask, the lines declared; none by default.
        self.links: tuple[tuple[int, int], ...] = ()
        self.linked: tuple[int, ...] = ()
        self.paths: tuple[tuple[int, ...], ...] = ()
        #: Each site's kind on a lattice (:meth:`lattice`), and the sites it touches; None otherwise.
        self.site_kinds: tuple[str, ...] | None = None
        self.incident: tuple[int, ...] = ()
        #: Whether a lattice is named and drawn by its cells, its edges narrow grooves (:meth:`grooved`).
        self.grooves = False
        self._recipe: tuple[object, tuple[object, ...]] | None = None

    def __repr__(self) -> str:
        if self._recipe is not None:  # a graph or a lattice (Grid.graph, Grid.lattice), by its points
            make, args = self._recipe
            return f"Grid.{getattr(make, '__name__', 'sites').lstrip('_')}({args[0]}, {args[1]}, ...)"
        if self.shape == "hexagon":
            return f"Grid.hexagon({(self.width + 1) // 2})"
        if self.shape == "triangle":
            return f"Grid.triangle({self.width})"
        if self.chosen is not None:
            return f"Grid.from_cells({self.width}, {self.height}, <{len(self.chosen)} cells>, basis={self.basis!r})"
        basis = f", basis={self.basis!r}" if self.basis != "square" else ""
        files = f", files={self.files!r}" if self.files != FILES[: self.width] else ""
        return f"Grid({self.width}, {self.height}, {self.kind!r}{basis}{files})"

    # -- names ---------------------------------------------------------------
    def index(self, file: int, rank: int) -> int:
        return file * self.height + rank

    def coords(self, square: int) -> tuple[int, int]:
        """(file, rank) of a square, both from 0."""
        return divmod(square, self.height)

    def name(self, square: int) -> str:
        return self.names[square]

    def parse_square(self, text: str) -> int:
        """The index of an algebraic name such as ``c3``; InvalidMoveError if off the board."""
        name = text.strip().lower()
        if name in self._index:
            return self._index[name]
        if _SQUARE.fullmatch(name):
            if self.shape == "hexagon":  # a range of names would not say which are cells
                centre = (self.width - 1) // 2
                first = self.files[0]
                where = f"a hexagon of side {centre + 1}: file {first} runs {first}{centre + 1} to {first}{self.height}"
            elif self.chosen is not None:
                where = f"a board of {len(self.chosen)} chosen cells"
            elif self.shape == "triangle":
                first, last = self.files[0], self.files[-1]
                where = f"a triangle of side {self.width}: file {first} runs {first}1 to {first}{self.height}"
                where += f", each file one cell shorter, file {last} is {last}1"
            else:
                where = f"{self.names[0]} to {self.names[-1]}"
            raise InvalidMoveError(f"{quoted(text)} is off the board ({where})")
        raise InvalidMoveError(f"{quoted(text)} is not a square name like a1")

    def edge(self, side: str) -> int:
        """The squares along one side of the board, as a mask: ``south``
        (rank 1), ``north`` (the last rank), ``west`` (file a) or ``east``
        (the last file), and on a hexagon also its two cut sides,
        ``southwest`` (between rank 1 and file a) and ``northeast``; a
        triangle's are ``south``, ``west`` and ``northeast`` (its long side):
        the names ``Game.edges`` uses (a connection game's goals: Hex's rules
        and its drawing then say the same)."""
        files, ranks = range(self.width), range(self.height)
        if self.chosen is not None:
            raise ValueError(
                "a board of chosen cells (Grid.from_cells) has no named sides: work yours out from its cells"
            )
        lines = {"south": [(f, 0) for f in files]}
        if self.shape == "triangle":  # and its long side, file + rank = width - 1
            lines |= {"west": [(0, r) for r in ranks], "northeast": [(f, self.width - 1 - f) for f in files]}
        else:
            lines |= {
                "north": [(f, self.height - 1) for f in files],
                "west": [(0, r) for r in ranks],
                "east": [(self.width - 1, r) for r in ranks],
            }
        if self.shape == "hexagon":  # the corners cut off the rhombus: file + rank = centre, 3 × centre
            centre = (self.width - 1) // 2
            lines["southwest"] = [(f, centre - f) for f in range(centre + 1)]
            lines["northeast"] = [(f, 3 * centre - f) for f in range(centre, self.width)]
        if side not in lines:
            raise ValueError(f"a side of this board is {', '.join(lines)}; got {side!r}")
        return self.mask(self.index(f, r) for f, r in lines[side]) & self.full

    def corners(self) -> int:
        """The board's corners, as a mask: a rectangle's four, a hexagon's six
        (where two of its sides meet: Havannah's corners), a triangle's three."""
        last_file, last_rank = self.width - 1, self.height - 1
        if self.chosen is not None:
            raise ValueError(
                "a board of chosen cells (Grid.from_cells) has no named corners: work yours out from its cells"
            )
        if self.shape == "triangle":
            at = [(0, 0), (last_file, 0), (0, last_rank)]
        elif self.shape == "hexagon":
            centre = last_file // 2
            at = [(centre, 0), (last_file, 0), (0, centre), (last_file, centre), (0, last_rank), (centre, last_rank)]
        else:
            at = [(0, 0), (last_file, 0), (0, last_rank), (last_file, last_rank)]
        return self.mask(self.index(f, r) for f, r in at)

    # -- sets ----------------------------------------------------------------
    @staticmethod
    def mask(squares: object) -> int:
        m = 0
        for s in squares:  # type: ignore[attr-defined]
            m |= 1 << s
        return m

    def squares(self, mask: int) -> list[str]:
        return [self.names[i] for i in bits(mask)]

    def direction(self, direction: int) -> int:
        """The index in :attr:`directions` of ``direction``: a compass name
        (:data:`EAST`, :data:`NORTHWEST`...) is that compass direction on
        every grid that has it (:data:`WEST` is index 3 of a hexagonal grid's
        six), a name the grid lacks a ValueError naming the grid's own
        directions (a hexagonal grid has no north or south); a plain index is
        itself. Index the grid's tables (``rays``, ``steps``...) by this."""
        named = self._named
        if named is not None and direction.__class__ is Direction:
            if direction not in named:
                own = ", ".join(str(name) for name in HEX_NAMED)
                raise ValueError(f"a hexagonal grid has no direction {direction}: its directions are {own}")
            return named[direction]
        if not 0 <= direction < len(self.directions):
            raise ValueError(f"no direction {direction}: this grid's directions are 0 to {len(self.directions) - 1}")
        return direction

    # -- whole masks at once -------------------------------------------------
    def shift(self, mask: int, direction: int, distance: int = 1) -> int:
        """Every square of ``mask`` moved ``distance`` steps in ``direction``
        (a compass name such as :data:`EAST`, the same compass direction on
        every grid, or an index into :attr:`directions`: see
        :meth:`direction`); squares that would leave the board are dropped,
        never wrapped to the other side."""
        if self._named is not None and direction.__class__ is Direction:
            direction = self.direction(direction)
        for _ in range(distance):
            amount, keep = self.steps[direction]
            mask = (mask & keep) << amount if amount > 0 else (mask & keep) >> -amount
        return mask

    def next_to(self, mask: int, diagonal: bool = True) -> int:
        """The squares next to a square of ``mask`` (in the 8 directions, or
        only the 4 orthogonal ones; on a hexagonal grid the 6 that share a
        side, whatever ``diagonal`` says), ``mask`` itself left out."""
        # The grid's compiled neighbourhoods (their input cut to the board, as they assume).
        return (self._around if diagonal else self._touching)(mask & self.full) & ~mask

    def flood(self, seeds: int, through: int, direction: int) -> int:
        """``seeds`` and every square reached from them by stepping in
        ``direction`` across squares of ``through`` only (an occluded fill).

        Kogge-Stone: doubling steps (1, 2, 4... squares), so a 19-point line
        takes 5 rounds of a few operations, not 18."""
        if self._named is not None and direction.__class__ is Direction:
            direction = self.direction(direction)
        propagate = through
        for amount, keep in self._doubling[direction]:
            if amount > 0:
                seeds |= propagate & ((seeds & keep) << amount)
                propagate &= (propagate & keep) << amount
            else:
                seeds |= propagate & ((seeds & keep) >> -amount)
                propagate &= (propagate & keep) >> -amount
        return seeds

    def bracketing(self, mine: int, theirs: int) -> int:
        """The empty squares from which, in some direction, an unbroken run of
        one or more of ``theirs`` ends on one of ``mine``: Othello's legal
        moves, and the arrivals that imprison something in Verso.

        For each direction, runs of ``theirs`` are stepped out from every
        piece of ``mine`` at once; the empty square just past a run is the
        one that brackets it."""
        out = 0
        # Runs are short: stepping until they end beats a fixed number of
        # rounds. Left and right shifts apart: no test of the sign per step.
        for amount, keep in self._left_steps:
            run = ((mine & keep) << amount) & theirs
            while run:
                run = (run & keep) << amount
                out |= run
                run &= theirs
        for amount, keep in self._right_steps:
            run = ((mine & keep) >> amount) & theirs
            while run:
                run = (run & keep) >> amount
                out |= run
                run &= theirs
        return out & self.full & ~(mine | theirs)

    def bracketed(self, square: int, mine: int, theirs: int) -> tuple[int, ...]:
        """The runs of ``theirs`` that a piece of ``mine`` on ``square``
        brackets, one mask per direction that has one, in :data:`DIRECTIONS`
        order (Othello flips their union; Verso flips one piece of each)."""
        if not self.adjacent[square] & theirs:
            return ()  # the common case, at once
        out = []
        for ray in self.rays[square]:  # for one square, walking its rays is fastest
            run = 0
            for sq in ray:
                if theirs >> sq & 1:
                    run |= 1 << sq
                    continue
                if run and mine >> sq & 1:
                    out.append(run)
                break
        return tuple(out)

    def lines(self, mask: int, n: int) -> int:
        """The squares of ``mask`` that lie in ``n`` or more in an unbroken
        orthogonal or diagonal line, found on the whole mask at once."""
        out = 0
        for direction, back in self.axes:  # each line along each axis
            starts = run = mask  # starts: squares with n-1 of mask ahead of them
            for _ in range(n - 1):
                run = self.shift(run, back)
                starts &= run
            covered = starts
            for _ in range(n - 1):
                starts = self.shift(starts, direction)
                covered |= starts
            out |= covered
        return out

    # -- lines ---------------------------------------------------------------
    def windows(self, n: int) -> tuple[int, ...]:
        """Every mask of ``n`` squares in an unbroken orthogonal or diagonal line."""
        return self._window_tables(n)[0]

    def windows_through(self, n: int) -> tuple[tuple[int, ...], ...]:
        """For each square, the n-in-a-row windows that contain it."""
        return self._window_tables(n)[1]

    def _window_tables(self, n: int) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
        tables = self._windows.get(n)
        if tables is None:
            wins = []
            for i in range(self.size):
                for d in sorted(a for a, _ in self.axes):  # one direction of each axis: each window once
                    ray = self.rays[i][d]
                    if len(ray) >= n - 1:
                        wins.append(self.mask((i, *ray[: n - 1])))
            through = tuple(tuple(w for w in wins if w >> i & 1) for i in range(self.size))
            tables = self._windows[n] = (tuple(wins), through)
        return tables

    def _windows_by_axis(self, n: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
        """For each square and each axis (in :data:`AXES` order), the windows of n through it."""
        tables = self._axis_windows.get(n)
        if tables is None:
            through = self.windows_through(n)
            tables = self._axis_windows[n] = tuple(
                tuple(tuple(w for w in through[i] if w & ~line == 0) for line in self.axis_lines[i])
                for i in range(self.size)
            )
        return tables

    def has_line(self, mask: int, n: int, touching: int | None = None) -> bool:
        """Whether ``mask`` holds ``n`` in an unbroken line.

        With ``touching`` (a mask), only lines through those squares are looked at:
        after a move, the squares it changed. An axis with fewer than ``n`` of
        ``mask`` on it is passed over with one count, which is most of them."""
        if mask.bit_count() < n:
            return False
        if touching is None:
            # Each axis: the squares that start a run of 1, 2, 4... then n, doubled, not stepped n-1 times.
            for plan in self._runs.get(n) or self._run_plans(n):
                run = mask
                for amount, keep in plan:
                    run &= (run & keep) << amount if amount > 0 else (run & keep) >> -amount
                    if not run:
                        break
                else:
                    return True
            return False
        by_axis, axis_lines = self._axis_windows.get(n) or self._windows_by_axis(n), self.axis_lines
        axes = self._axis_indices
        while touching:  # usually one square or a few: no list of them
            low = touching & -touching
            touching ^= low
            i = low.bit_length() - 1
            lines = axis_lines[i]
            for axis in axes:
                if (lines[axis] & mask).bit_count() >= n:
                    for w in by_axis[i][axis]:
                        if mask & w == w:
                            return True
        return False

    def _run_plans(self, n: int) -> tuple[tuple[tuple[int, int], ...], ...]:
        """For each axis, the ``(amount, keep)`` shifts that leave of a mask the
        squares starting a run of ``n`` along it: the squares with a run of
        ``length`` that also have one ``k`` squares ahead have a run of ``length + k``."""
        plans = []
        for _direction, back in self.axes:
            df, dr = self.directions[back]
            plan, length = [], 1
            while length < n:
                k = min(length, n - length)
                keep = 0
                for sq in bits(self.full):
                    f, r = divmod(sq, self.height)
                    f, r = f + k * df, r + k * dr
                    if 0 <= f < self.width and 0 <= r < self.height and self.full >> (f * self.height + r) & 1:
                        keep |= 1 << sq
                plan.append((k * (df * self.height + dr), keep))
                length += k
            plans.append(tuple(plan))
        self._runs[n] = out = tuple(plans)
        return out

    def line_squares(self, mask: int, n: int, touching: int | None = None) -> int:
        """The squares of ``mask`` that lie in lines of ``n`` in a row (through
        ``touching``, if given): the winning line, to show it."""
        out = 0
        windows = (
            self.windows(n) if touching is None else {w for i in bits(touching) for w in self.windows_through(n)[i]}
        )
        for w in windows:
            if mask & w == w:
                out |= w
        return out

    def completing(self, mine: int, empty: int, n: int) -> int:
        """The empty squares that would give ``mine`` n in a row.

        Bit-parallel: for each axis, the squares with k of ``mine`` just behind
        and n-1-k just ahead, found by shifting whole masks (no loop over
        windows: this runs at every step of a heuristic playout). On small
        boards a plain loop over the few windows is faster, so it is used there."""
        windows = self.windows(n)
        if len(windows) <= 48:
            out = 0
            for w in windows:
                rest = w & ~mine
                if rest & empty == rest and rest and not rest & (rest - 1):
                    out |= rest
            return out
        out, full, steps = 0, self.full, self.steps
        for direction, back in self.axes:
            ahead_amount, ahead_keep = steps[back]  # brings square s+d to s
            behind_amount, behind_keep = steps[direction]  # brings square s-d to s
            ahead, behind = [full], [full]  # [j]: the 1st..j-th squares ahead (behind) are mine
            fwd = bwd = mine
            for _ in range(n - 1):  # the shifts written out: this is a playout's inner loop
                fwd &= ahead_keep
                fwd = fwd << ahead_amount if ahead_amount > 0 else fwd >> -ahead_amount
                bwd &= behind_keep
                bwd = bwd << behind_amount if behind_amount > 0 else bwd >> -behind_amount
                ahead.append(ahead[-1] & fwd)
                behind.append(behind[-1] & bwd)
            for k in range(n):
                out |= behind[k] & ahead[n - 1 - k]
        return out & empty

    def open_windows(self, mine: int, theirs: int, n: int) -> list[int]:
        """``counts[k]``: how many n-in-a-row windows hold k of ``mine`` and none of ``theirs``."""
        counts = [0] * (n + 1)
        for w in self.windows(n):
            if not w & theirs:
                counts[(w & mine).bit_count()] += 1
        return counts

    # -- groups --------------------------------------------------------------
    def spread(self, m: int) -> int:
        """``m`` and every square that shares a side with one of it."""
        return self._spread(m)

    def touching(self, m: int) -> int:
        """The squares that share a side with a square of ``m`` (squares of
        ``m`` too where they touch another one): ``m & touching(m)`` is what
        of ``m`` is not alone (Go's empty points with an empty neighbour)."""
        return self._touching(m)

    def group(self, mask: int, seed: int, diagonal: bool = False) -> int:
        """The group of ``mask`` (squares joined through shared sides; with
        ``diagonal``, through corners too on square cells: Lines of Action)
        that contains square ``seed``: a flood fill, every side stepped at
        once each round (no call per round: this is Go's inner loop)."""
        return (self._fill_around if diagonal else self._fill)(mask, (1 << seed) & mask)

    def connected(self, mask: int, seeds: int, diagonal: bool = False) -> int:
        """The squares of ``mask`` joined through shared sides (with
        ``diagonal``, corners too) to a square of ``seeds``: every group of
        ``mask`` that ``seeds`` touches, in one fill (Go: the groups that
        have a liberty among some points)."""
        return (self._fill_around if diagonal else self._fill)(mask, seeds & mask)

    def groups(self, mask: int, diagonal: bool = False) -> list[int]:
        """The groups of ``mask`` (squares joined through shared sides; with
        ``diagonal``, through corners too), as masks."""
        out = []
        while mask:
            g = self.group(mask, (mask & -mask).bit_length() - 1, diagonal)
            out.append(g)
            mask &= ~g
        return out

    def chains(self, stones: int, empty: int, near: int | None = None) -> list[tuple[int, int]]:
        """Each group of ``stones`` with its liberties (the squares of ``empty``
        next to it), in one pass: what Go's captures and suicide rule ask.
        With ``near``, only the groups that touch a square of it."""
        out = []
        fill, touching = self._fill, self._touching
        seeds = stones if near is None else stones & touching(near)
        while seeds:
            group = fill(stones, seeds & -seeds)
            out.append((group, touching(group) & empty))
            seeds &= ~group
        return out

    def slide(self, square: int, blockers: int, directions: tuple[int, ...] | None = None) -> int:
        """The squares a piece on ``square`` reaches by sliding in ``directions``
        (all, by default) until the edge or the square before one of
        ``blockers``: a queen's or rook's moves, an Amazons shot."""
        out = 0
        if directions is None:  # every ray, a few operations each (no step a square)
            for ray in self._climbing[square]:
                hit = ray & blockers
                out |= ray & ((hit & -hit) - 1)  # below its lowest blocker (none: -1, the whole ray)
            for ray in self._falling[square]:
                out |= ray & (-1 << (ray & blockers).bit_length())  # above its highest
            return out
        rays = self.rays[square]
        if self._named is not None:
            directions = tuple(self.direction(d) for d in directions)
        for d in directions:
            for sq in rays[d]:
                if blockers >> sq & 1:
                    break
                out |= 1 << sq
        return out

    def link_steps(self, movers: int, empty: int) -> list[tuple[int, int]]:
        """Each (origin, destination) of a step along a declared link from a
        square of ``movers`` to one of ``empty``, sorted (a morris man's moves)."""
        linked = self.linked
        return [(o, t) for o in bits(movers) for t in bits(linked[o] & empty)]

    def largest_group(self, mask: int, diagonal: bool = False) -> int:
        """The size of the largest group of ``mask`` (joined through shared
        sides; with ``diagonal``, corners too), 0 if it is empty."""
        return max((g.bit_count() for g in self.groups(mask, diagonal)), default=0)


@functools.cache
def _grid(
    width: int,
    height: int,
    kind: GridKind,
    basis: Basis,
    shape: Shape,
    files: str,
    chosen: frozenset[tuple[int, int]] | None = None,
) -> Grid:
    return Grid(width, height, kind, basis, shape, files, chosen)


# -- boards as graphs of sites (see boardgames.geometry.sites) --------------
POINT, EDGE, CELL = "point", "edge", "cell"
_NAME = re.compile(r"([a-z])([0-9]+)")


def _point(text: str, width: int, height: int, files: str) -> tuple[int, int]:
    found = _NAME.fullmatch(text.strip().lower())
    if not found or found.group(1) not in files[:width] or not 1 <= int(found.group(2)) <= height:
        raise ValueError(f"a line joins points named a1 to {files[width - 1]}{height}, got {text!r}")
    return files.index(found.group(1)), int(found.group(2)) - 1


@functools.cache
def _graph(width: int, height: int, lines: tuple[str, ...], files: str = FILES) -> Grid:
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
    grid._recipe = (_graph, (width, height, lines, files))
    return grid


@functools.cache
def _lattice(width: int, height: int, files: str = FILES) -> Grid:
    """``width`` × ``height`` points with their edges and cells as sites: see
    :meth:`Grid.lattice`. Sites are numbered on a grid twice as fine (points
    at even file and rank), so every mask operation still applies."""

    def point(f: int, r: int) -> str:
        return f"{files[f // 2]}{r // 2 + 1}"

    def name(f: int, r: int) -> str:  # a point; an edge by the points it joins, a cell by two corners
        if f % 2 == 0 and r % 2 == 0:
            return point(f, r)
        if f % 2 and r % 2:
            return point(f - 1, r - 1) + point(f + 1, r + 1)
        return point(f - f % 2, r - r % 2) + point(f + f % 2, r + r % 2)

    grid = _sites(width, height, files, name)
    grid._recipe = (_lattice, (width, height, files))
    return grid


@functools.cache
def _grooved(width: int, height: int, files: str = FILES) -> Grid:
    """The lattice around ``width`` × ``height`` cells, named by them: see :meth:`Grid.grooved`."""

    def cell(f: int, r: int) -> str:
        return f"{files[f // 2]}{r // 2 + 1}"

    def toward(x: int) -> int:  # the cell's coordinate: x's own (a cell's), else the one before it (on a rim: after)
        return x if x % 2 else x - 1 if x else 1

    def name(f: int, r: int) -> str:  # a cell; a groove's site by the cell south-west of it (on a rim: beside it)
        side = ("n" if r else "s") if r % 2 == 0 else ""
        side += ("e" if f else "w") if f % 2 == 0 else ""
        return cell(toward(f), toward(r)) + side

    grid = _sites(width + 1, height + 1, files, name)
    grid.grooves, grid._recipe = True, (_grooved, (width, height, files))
    return grid


def _sites(width: int, height: int, files: str, name: Callable[[int, int], str]) -> Grid:
    """A lattice's sites, their kinds, what each touches and their names (``name`` of file and rank)."""
    if not (2 <= width <= MAX_SIDE and 2 <= height <= MAX_SIDE):
        raise ValueError(f"a lattice is 2 to {MAX_SIDE} points a side, got {width}×{height}")
    if len(files) < width or len(set(files)) != len(files):
        raise ValueError(f"{width} files need as many different letters to name them, got {files!r}")
    fine_w, fine_h = 2 * width - 1, 2 * height - 1
    grid = Grid(fine_w, fine_h, "points", "square", "rectangle", FILES, named=False)
    names, kinds, incident = [], [], []
    for sq in range(grid.size):
        f, r = grid.coords(sq)
        names.append(name(f, r))
        if f % 2 == 0 and r % 2 == 0:
            kinds.append(POINT)
            near = [(f + 1, r), (f - 1, r), (f, r + 1), (f, r - 1)]  # its edges
        elif f % 2 and r % 2:
            kinds.append(CELL)
            near = [(f + 1, r), (f - 1, r), (f, r + 1), (f, r - 1)]  # its four sides
        else:
            kinds.append(EDGE)
            ends = ((f - 1, r), (f + 1, r)) if f % 2 else ((f, r - 1), (f, r + 1))
            beside = ((f, r - 1), (f, r + 1)) if f % 2 else ((f - 1, r), (f + 1, r))
            near = [*ends, *beside]  # the points it joins and the cells on either side
        incident.append(Grid.mask(grid.index(a, b) for a, b in near if 0 <= a < fine_w and 0 <= b < fine_h))
    grid.names = tuple(names)
    grid._index = {name: sq for sq, name in enumerate(names)}
    grid.site_kinds, grid.incident = tuple(kinds), tuple(incident)
    return grid
