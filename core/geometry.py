"""Rectangular grid geometry, precomputed once per size.

Squares (or points: the geometry is the same, only the drawing differs) are
numbered file-major: ``index = file * height + rank``, so ``a1`` is 0, ``a2`` is
1 and so on. Sorting indices therefore sorts squares in file-then-rank order,
which is the order of every move list and flip list in the project.

Sets of squares are bit masks over Python ints. Every table an agent's inner
loop needs (rays, axis lines, neighbours, n-in-a-row windows) is built once
by :meth:`Grid.get` and shared by every state of that size.
"""

from __future__ import annotations

import functools
import random
import re
import string
from typing import Literal

from .errors import InvalidMoveError, quoted

GridKind = Literal["cells", "points"]

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
ORTHOGONAL = (0, 2, 4, 6)

# The 4 axes, each a pair of opposite directions (indices into DIRECTIONS).
AXES: tuple[tuple[int, int], ...] = ((0, 4), (2, 6), (1, 5), (3, 7))
AXIS_NAMES = ("horizontal", "vertical", "rising", "falling")

MAX_SIDE = 26
_SQUARE = re.compile(r"([a-z])([0-9]+)")


# _BYTES[k][b]: the indices of the set bits of byte value b at byte position k.
_BYTES: list[tuple[tuple[int, ...], ...]] = []


def _byte_table(k: int) -> tuple[tuple[int, ...], ...]:
    while len(_BYTES) <= k:
        at = 8 * len(_BYTES)
        _BYTES.append(tuple(tuple(at + i for i in range(8) if b >> i & 1) for b in range(256)))
    return _BYTES[k]


def bits(mask: int) -> tuple[int, ...]:
    """The indices of the set bits of ``mask``, lowest first.

    A byte at a time through a table: on the hot path of move generation this
    is several times faster than peeling bits off one by one."""
    out: tuple[int, ...] = ()
    k = 0
    while mask:
        byte = mask & 255
        if byte:
            out += (_BYTES[k] if k < len(_BYTES) else _byte_table(k))[byte]
        mask >>= 8
        k += 1
    return out


def random_bit(mask: int, rng: random.Random) -> int:
    """The index of a set bit of a non-empty ``mask``, uniformly drawn from ``rng``."""
    for _ in range(rng.randrange(mask.bit_count())):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


class Grid:
    """The geometry of a ``width`` × ``height`` board of cells or points.

    Use :meth:`Grid.get`, which builds each size once.
    """

    __slots__ = (
        "width",
        "height",
        "kind",
        "size",
        "full",
        "names",
        "_index",
        "rays",
        "axis_rays",
        "axis_lines",
        "neighbours",
        "_windows",
        "_top",
        "_bottom",
    )

    @staticmethod
    def get(width: int, height: int | None = None, kind: GridKind = "cells") -> Grid:
        """The shared geometry of that size (square if ``height`` is left out)."""
        return _grid(width, width if height is None else height, kind)

    def __init__(self, width: int, height: int, kind: GridKind = "cells") -> None:
        if not (1 <= width <= MAX_SIDE and 1 <= height):
            raise ValueError(f"a grid is 1 to {MAX_SIDE} files wide, got {width}×{height}")
        self.width, self.height, self.kind = width, height, kind
        self.size = width * height
        self.full = (1 << self.size) - 1
        self.names = tuple(f"{string.ascii_lowercase[f]}{r + 1}" for f in range(width) for r in range(height))
        self._index = {name: i for i, name in enumerate(self.names)}

        def ray(i: int, d: int) -> tuple[int, ...]:
            df, dr = DIRECTIONS[d]
            f, r = divmod(i, height)
            out = []
            f, r = f + df, r + dr
            while 0 <= f < width and 0 <= r < height:
                out.append(f * height + r)
                f, r = f + df, r + dr
            return tuple(out)

        self.rays = tuple(tuple(ray(i, d) for d in range(8)) for i in range(self.size))
        self.axis_rays = tuple(tuple((self.rays[i][a], self.rays[i][b]) for a, b in AXES) for i in range(self.size))
        self.axis_lines = tuple(
            tuple(self.mask((i, *self.rays[i][a], *self.rays[i][b])) for a, b in AXES) for i in range(self.size)
        )
        self.neighbours = tuple(
            tuple(self.rays[i][d][0] for d in ORTHOGONAL if self.rays[i][d]) for i in range(self.size)
        )
        self._top = self.mask(i for i in range(self.size) if i % height == height - 1)
        self._bottom = self.mask(i for i in range(self.size) if i % height == 0)
        self._windows: dict[int, tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]] = {}

    def __repr__(self) -> str:
        return f"Grid({self.width}, {self.height}, {self.kind!r})"

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
            raise InvalidMoveError(f"{quoted(text)} is off the board (a1 to {self.names[-1]})")
        raise InvalidMoveError(f"{quoted(text)} is not a square name like a1")

    # -- sets ----------------------------------------------------------------
    @staticmethod
    def mask(squares: object) -> int:
        m = 0
        for s in squares:  # type: ignore[attr-defined]
            m |= 1 << s
        return m

    def squares(self, mask: int) -> list[str]:
        return [self.names[i] for i in bits(mask)]

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
                for d in (0, 1, 2, 3):  # E, NE, N, NW: each window counted once
                    ray = self.rays[i][d]
                    if len(ray) >= n - 1:
                        wins.append(self.mask((i, *ray[: n - 1])))
            through = tuple(tuple(w for w in wins if w >> i & 1) for i in range(self.size))
            tables = self._windows[n] = (tuple(wins), through)
        return tables

    def has_line(self, mask: int, n: int, touching: int | None = None) -> bool:
        """Whether ``mask`` holds ``n`` in an unbroken line.

        With ``touching`` (a mask), only lines through those squares are looked at:
        after a move, the squares it changed.
        """
        if touching is None:
            return any(mask & w == w for w in self.windows(n))
        through = self.windows_through(n)
        for i in bits(touching):
            for w in through[i]:
                if mask & w == w:
                    return True
        return False

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
        out, full, h = 0, self.full, self.height
        keep_up, keep_down = full & ~self._top, full & ~self._bottom
        for df, dr in ((1, 0), (0, 1), (1, 1), (-1, 1)):  # one direction v of each axis
            step = df * h + dr
            # Moving a square by -v drops the bottom rank when v goes up; by +v, the top.
            guard_back = keep_down if dr > 0 else full
            guard_fore = keep_up if dr > 0 else full
            ahead, behind = [full], [full]  # [j]: the 1..j-th neighbours ahead (behind) are mine
            fwd = bwd = mine
            for _ in range(n - 1):
                if step > 0:
                    fwd = (fwd & guard_back) >> step
                    bwd = ((bwd & guard_fore) << step) & full
                else:
                    fwd = ((fwd & guard_back) << -step) & full
                    bwd = (bwd & guard_fore) >> -step
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
        """``m`` and every square orthogonally next to it."""
        h = self.height
        return m | ((m & ~self._top) << 1) | ((m & ~self._bottom) >> 1) | ((m << h) & self.full) | (m >> h)

    def group(self, mask: int, seed: int) -> int:
        """The orthogonally connected group of ``mask`` that contains square ``seed``."""
        group = (1 << seed) & mask
        while True:
            grown = self.spread(group) & mask
            if grown == group:
                return group
            group = grown

    def groups(self, mask: int) -> list[int]:
        """The orthogonally connected groups of ``mask``, as masks."""
        out = []
        while mask:
            g = self.group(mask, (mask & -mask).bit_length() - 1)
            out.append(g)
            mask &= ~g
        return out

    def largest_group(self, mask: int) -> int:
        """The size of the largest orthogonally connected group of ``mask`` (0 if empty)."""
        return max((g.bit_count() for g in self.groups(mask)), default=0)


@functools.cache
def _grid(width: int, height: int, kind: GridKind) -> Grid:
    return Grid(width, height, kind)
