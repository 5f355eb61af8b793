"""A swarm: tiles with no board of their own, lying side by side as one group
wherever it wanders (Hive's hive, its expansions, and games like it), on a
grid's cells, hexagonal or square, each tile stepping to the neighbours that
share a side of its cell (six on hexagons, four on squares).

The vocabulary a swarm's moves are written in, from tables made once a grid
(:meth:`SwarmBoard.of`):

- each cell's *pattern*, the neighbours that are taken (bit d: the neighbour
  in the grid's direction d, all of them, corners too on squares), and its
  pile's height (0: empty): :class:`Patterns`, made from a position's piles
  (:meth:`SwarmBoard.patterns`) or carried from the position before, as
  only the cells around a move's two ends change (:meth:`SwarmBoard.after`);
- the *gate*: a tile slides to an empty neighbour only between two cells (on
  either side of the step) of which exactly one is taken: it keeps touching
  the swarm and does not squeeze between two tiles (:meth:`Swarm.slides`,
  any number of steps or exactly so many, round the swarm's rim);
- the one-swarm rule: the sites the swarm falls apart without, its
  articulation points (:meth:`Swarm.pinned`);
- piles: a step onto, across or down from them, unless both cells beside the
  step are higher than both its ends (:meth:`Swarm.climbs`); a walk over the
  swarm, so many steps on top then one down (:meth:`Swarm.walks_over`); a
  tile lifted over another (:meth:`Swarm.lifts`);
- a hop in a line over the tiles beside a cell (:meth:`Swarm.hops`);
- the empty cells beside one player's tiles and no other's, where a tile is
  placed (:meth:`Swarm.beside_only`); a cell surrounded on every side
  (:meth:`Swarm.surrounded`);
- a board with no fixed edge: the step that takes the swarm back to the middle
  where it reaches the rim (:meth:`SwarmBoard.centring_step`, :meth:`SwarmBoard.shifted`).

A game's position subclasses :class:`Swarm` (its piles, whose turn) and writes
its pieces' moves with these; the patterns are bytes, read by a slide in one
index each step, as Hive's moves are worked out about 40 times a position.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from itertools import filterfalse
from typing import NamedTuple

from .directions import ORTHOGONAL
from .grid import Grid


class Patterns(NamedTuple):
    """A position's cells as a swarm's moves read them, by site: which of the
    neighbours are taken (bit d: the neighbour in direction d) and the pile's
    height (0: empty). One item more than the grid's sites, read as site -1
    (past the board): 0 in both."""

    around: bytes
    heights: bytes


class SwarmBoard:
    """A grid's tables for a swarm's moves, made once a grid: :meth:`of`."""

    @staticmethod
    @functools.cache
    def of(grid: Grid) -> SwarmBoard:
        """The grid's tables (some milliseconds to make: once a process)."""
        return SwarmBoard(grid)

    def __init__(self, grid: Grid) -> None:
        self.grid, count = grid, len(grid.directions)
        if grid.links or grid.site_kinds is not None:
            raise ValueError(f"a swarm lies on a grid's cells, and {grid!r} is a graph of sites")
        #: The directions a tile steps in: to the neighbours that share a side.
        self.steps = tuple(range(count)) if grid.basis == "hex" else ORTHOGONAL
        #: Each site's neighbour in each direction (-1: past the board).
        self.near = tuple(tuple(ray[0] if ray else -1 for ray in rays) if grid.on_board[s] else ()
                          for s, rays in enumerate(grid.rays))  # fmt: skip
        #: Each site's neighbours on the board, each with the bit that stands for the site in its pattern.
        self.around = tuple(tuple((n, 1 << grid.opposite[d]) for d, n in enumerate(near) if n >= 0)
                            for near in self.near)  # fmt: skip
        #: Each site's neighbours a tile steps to.
        self.beside = tuple(tuple(near[d] for d in self.steps if near[d] >= 0) if near else () for near in self.near)
        #: Each site's steps: (the neighbour, the cells on either side of the step; -1 past the board).
        self.sides = tuple(tuple((near[d], near[(d + 1) % count], near[d - 1]) for d in self.steps if near[d] >= 0)
                           if near else () for near in self.near)  # fmt: skip
        # The directions a tile may slide in from a cell of each pattern (the gate): a table, so that a slide
        # reads a cell's pattern rather than its neighbours.
        gates = [tuple(d for d in self.steps if not p >> d & 1 and p >> (d + 1) % count & 1 != p >> (d - 1) % count & 1)
                 for p in range(1 << count)]  # fmt: skip
        shared: dict[tuple[int, ...], tuple[int, ...]] = {}  # equal tuples made once (256 patterns a square)
        #: Where a tile slides from each site, by the site's pattern (past the board left out).
        self.slides_to = tuple(tuple(shared.setdefault(t, t) for t in (tuple(near[d] for d in g if near[d] >= 0)
                                                                       for g in gates)) if near else ()
                               for near in self.near)  # fmt: skip
        #: The step directions taken in each pattern.
        self.linked = tuple(tuple(d for d in self.steps if p >> d & 1) for p in range(1 << count))
        #: The pattern of a cell whose every step is taken.
        self.closed = sum(1 << d for d in self.steps)
        #: The sites with a neighbour past the board: a swarm reaching one has come to the board's edge.
        self.on_rim = tuple(bool(near) and -1 in near for near in self.near)
        self.centre = grid.index((grid.width - 1) // 2, (grid.height - 1) // 2)

    def patterns(self, piles: Iterable[tuple[int, int]]) -> Patterns:
        """The patterns of a position whose taken sites are ``piles``, each (site, height)."""
        around, heights, bits = bytearray(len(self.near) + 1), bytearray(len(self.near) + 1), self.around
        for site, height in piles:
            heights[site] = height
            for n, bit in bits[site]:
                around[n] |= bit
        return Patterns(bytes(around), bytes(heights))

    def after(self, patterns: Patterns, origin: int, to: int) -> Patterns:
        """The patterns once a tile went from ``origin`` (-1: from the hand) to ``to``: only the cells around
        the two ends change, so a position's patterns come from the one before."""
        around, heights, bits = bytearray(patterns[0]), bytearray(patterns[1]), self.around
        if origin >= 0:
            heights[origin] -= 1
            if not heights[origin]:
                for n, bit in bits[origin]:
                    around[n] ^= bit
        if not heights[to]:
            for n, bit in bits[to]:
                around[n] |= bit
        heights[to] += 1
        return Patterns(bytes(around), bytes(heights))

    def shifted(self, site: int, step: tuple[int, int]) -> int:
        """The site ``step`` (files, ranks) away from ``site`` (-1: past the board, or ``site`` is -1)."""
        if site < 0 or step == (0, 0):
            return site
        grid = self.grid
        f, r = grid.coords(site)
        f, r = f + step[0], r + step[1]
        on = 0 <= f < grid.width and 0 <= r < grid.height and grid.on_board[grid.index(f, r)]
        return grid.index(f, r) if on else -1

    def centring_step(self, sites: Sequence[int], kept: Iterable[int] = ()) -> tuple[int, int] | None:
        """The step (files, ranks) that takes the middle of the span of ``sites`` (the centre counted) to the
        centre: a board with no fixed edge where the swarm reached the rim, moved back to the middle. None
        where that leaves one of ``sites`` or ``kept`` on the rim or past the board (a step of none too).
        On hexagons the span is taken along the three cube axes, q east, r south-east (Red Blob Games'),
        and rounded to a cell as their cube rounding does, as OpenSpiel's ``hive``; halves away from 0."""
        grid, hexagonal = self.grid, self.grid.basis == "hex"
        cf, cr = grid.coords(self.centre)
        cells = [(f - cf, r - cr) for f, r in map(grid.coords, sites)] or [(0, 0)]
        axes = [(x + z, -z, -x) if hexagonal else (x, z) for x, z in cells]
        middle = [(min(0, *v) + max(0, *v)) / 2 for v in zip(*axes, strict=True)]
        near = [int(a + 0.5) if a >= 0 else -int(-a + 0.5) for a in middle]  # C's round: halves away from 0
        if hexagonal:  # the axis rounded furthest takes what the other two leave it
            off = [abs(n - a) for n, a in zip(near, middle, strict=True)]
            if off[0] > off[1] and off[0] > off[2]:
                near[0] = -near[1] - near[2]
            elif off[1] > off[2]:
                near[1] = -near[0] - near[2]
            near = [near[0] + near[1], -near[1]]  # back to (file, rank)
        step = (-near[0], -near[1])
        for site in (*sites, *kept):
            moved = self.shifted(site, step)
            if moved < 0 or self.on_rim[moved]:
                return None
        return step


class Swarm:
    """A position's swarm: its cells' patterns and heights (:class:`Patterns`), and where a tile among them
    may go. A game's position subclasses it with its own pieces and moves."""

    def __init__(self, board: SwarmBoard, patterns: Patterns) -> None:
        self.board = board
        #: Each cell's pattern: a copy, which a slide changes while it works (the mover's cell cleared).
        self.around = bytearray(patterns[0])
        self.heights = patterns[1]

    def surrounded(self, site: int) -> bool:
        """Whether every cell a tile at ``site`` could step to is taken (never so on the board's rim)."""
        closed = self.board.closed
        return self.around[site] & closed == closed

    def pinned(self, start: int) -> set[int]:
        """The sites the swarm holding ``start`` falls apart without (its articulation points): Tarjan's walk,
        reading each cell's taken neighbours from its pattern."""
        near, linked, around, out = self.board.near, self.board.linked, self.around, set()
        order: dict[int, int] = {}  # each site reached, by the order it was reached in

        def walk(site: int, parent: int) -> int:  # the lowest order reached from ``site``'s subtree
            order[site] = mine = lowest = len(order)
            children = 0
            steps = near[site]
            for d in linked[around[site]]:
                n = steps[d]
                if n == parent:
                    continue
                if n in order:
                    if order[n] < lowest:
                        lowest = order[n]
                else:
                    below = walk(n, site)
                    children += 1
                    if below < lowest:
                        lowest = below
                    if parent >= 0 and below >= mine:
                        out.add(site)
            if parent < 0 and children > 1:
                out.add(site)
            return lowest

        walk(start, -1)
        return out

    def slides(self, start: int, distance: int, out: set[int]) -> None:
        """Add to ``out`` where a tile alone at ``start`` slides round the swarm: ``distance`` steps exactly,
        never back through a cell of its path, or any number (-1). Each step goes to an empty cell through
        the gate (exactly one of the cells beside the step taken); the tile's own cell counts as empty
        meanwhile (cleared from its neighbours' patterns, then put back)."""
        around, slides_to, bits = self.around, self.board.slides_to, self.board.around[start]
        for n, bit in bits:
            around[n] ^= bit
        if distance < 0:  # every cell it can reach
            seen, todo = {start}, [start]
            while todo:
                pos = todo.pop()
                for to in slides_to[pos][around[pos]]:
                    if to not in seen:
                        seen.add(to)
                        todo.append(to)
            seen.discard(start)
            out |= seen
        else:
            path = [start]

            def walk(pos: int) -> None:
                for to in slides_to[pos][around[pos]]:
                    if to in path:
                        continue
                    if len(path) == distance:
                        out.add(to)
                    else:
                        path.append(to)
                        walk(to)
                        path.pop()

            walk(start)
        for n, bit in bits:
            around[n] |= bit

    def climbs(self, site: int, height: int, out: set[tuple[int, int]] | None = None) -> set[tuple[int, int]]:
        """Where the top tile of ``site``, ``height`` tiles under it, steps onto, across or down from the
        swarm, as (site, tiles under it there), added to ``out`` where given (a walk's steps in one set): a
        step between two empty cells is a slide (:meth:`slides`), not a climb; none where both cells beside
        the step hold piles above its higher end."""
        heights = self.heights
        if out is None:
            out = set()
        for to, cw, ccw in self.board.sides[site]:
            up = heights[to]
            if up == height == 0:
                continue
            over = up if up > height else height
            if heights[cw] <= over or heights[ccw] <= over:
                out.add((to, up))
        return out

    def walks_over(self, site: int, height: int, steps: int) -> set[int]:
        """The empty cells a tile at ``site``, ``height`` tiles under it, reaches by ``steps`` climbs
        (:meth:`climbs`) each ending on top of the swarm, never on its own cell, then one down to the ground."""
        tops, own = self.climbs(site, height), (site, height + 1)
        for _ in range(steps):
            reached: set[tuple[int, int]] = set()
            for top in tops:
                if top[1] > 0 and top != own:
                    self.climbs(top[0], top[1], reached)
            tops = reached
        return {s for s, h in tops if h == 0}

    def lifts(self, site: int, over: int) -> tuple[list[int], list[int]]:
        """What a tile at ``site``, ``over`` tiles high, may lift over itself (Hive's pillbug): the neighbours
        holding one tile, and the empty neighbours it may set one down on; none of either where both cells
        beside the step are higher (the gate, over the tile)."""
        lifted, empty, heights = [], [], self.heights
        for to, cw, ccw in self.board.sides[site]:
            if heights[cw] > over and heights[ccw] > over:
                continue
            if not heights[to]:
                empty.append(to)
            elif heights[to] == 1:
                lifted.append(to)
        return lifted, empty

    def hops(self, site: int, out: set[int]) -> None:
        """Add to ``out`` the first empty cell past each line of taken cells beside ``site`` (a jump over
        them), along each step's direction; none where the line runs off the board."""
        near, heights = self.board.near, self.heights
        for d in self.board.steps:
            to = near[site][d]
            if to >= 0 and heights[to]:
                while to >= 0 and heights[to]:
                    to = near[to][d]
                if to >= 0:
                    out.add(to)

    def beside_only(self, mine: Iterable[int], theirs: Iterable[int]) -> list[int]:
        """The empty cells beside one of the sites ``mine`` and none of ``theirs``, in order: where a player
        places a tile beside their own and no other's (``mine`` the sites their tiles top)."""
        beside = self.board.beside
        near_mine = set().union(*map(beside.__getitem__, mine))  # the sets joined in C: no loop a tile here
        near_theirs = set().union(*map(beside.__getitem__, theirs))
        return list(filterfalse(self.heights.__getitem__, sorted(near_mine - near_theirs)))
