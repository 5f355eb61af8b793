"""Quoridor's walls: which may be laid, found fast.

A wall may be laid where it neither crosses nor overlaps one laid, unless it
shuts a pawn off from its goal. Only a wall that closes a ring of walls (the
board's edge one of them) parts the cells, so only those are searched: the
points walls join fall into groups, grown over the walls laid all at once as
bitmasks, and a wall with two of its three points in one group closes a ring
(all three: two). Its cut, the cells on one side, is grown from both sides at
once until one stops; a pawn outside it then reaches what it reached before,
less the cut. What may be laid is remembered per walls laid and, when a wall
is laid, worked out from what might be laid before (the rings' middles too:
groups only grow).
"""

from __future__ import annotations

import bisect

import attrs

import boardgames
from boardgames import Grid, Move, bits
from boardgames.rules.moves import with_choice


def few_bits(mask: int) -> list[int]:
    """The set bits of ``mask``, lowest first, one at a time: for a wide mask with few set (a
    handful of a board's crossings), faster than reading every byte."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


@attrs.frozen(slots=True)
class Free:
    """What :meth:`Walls.free_walls` finds for some walls laid, remembered (one object, its parts
    tuples of shared walls or ints, which the collector soon passes over)."""

    moves: tuple[Move, ...]  # the walls free
    once: tuple[tuple, ...]  # those that close a ring (from lay_out's wall_moves)
    twice: tuple[tuple, ...]  # those that close two
    whole: bool  # every cell reaches every other
    groups: tuple[int, ...]  # the points walls join, the board's edge first
    rings: tuple[int, int, int, int]  # the middles with two of their points in one group (lying, standing), three
    east: int  # the passages open between cells (see Walls.passages), east
    north: int  # and north
    cuts: dict[Move, int] = attrs.field(factory=dict)  # each closing wall's cut, found
    regions: list[int] = attrs.field(factory=list)  # the regions found, where not whole


class Walls:
    """The part of the Quoridor game that finds the walls a player may lay (a mixin: its
    ``goal_cells`` and ``starts`` are the game's)."""

    goal_cells: tuple[frozenset[int], ...]
    starts: tuple[int, ...]

    def lay_out(self, grid: Grid, n: int) -> None:
        """The walls of a board of ``n`` × ``n`` cells on ``grid``, its lattice, and what finds them fast."""
        # Each wall: its anchor (the middle crossing), its choice (0 h, 1 v) and the sites it takes.
        self.wall_moves = []
        for j in range(n - 1):
            for i in range(n - 1):
                x = grid.index(2 * i + 2, 2 * j + 2)
                for k, (a, b) in enumerate(((2 * i + 1, 2 * j + 2), (2 * i + 2, 2 * j + 1))):
                    e1, e2 = grid.index(a, b), grid.index(a + 2 * (1 - k), b + 2 * k)
                    sites = 1 << x | 1 << e1 | 1 << e2
                    self.wall_moves.append((with_choice(boardgames.place(x), k), sites, e1, e2))
        self.wall_moves.sort(key=lambda w: w[0])
        self.by_anchor = {(m[0].to, m[0].choice): m[1:4] for m in self.wall_moves}
        self.overlapping = {w[0]: {v[0] for v in self.wall_moves if v[1] & w[1]} for w in self.wall_moves}
        # The walls by their middles, lying and standing; the points on the board's edge; the walls' halves.
        self.lying, self.standing = ({w[0].to: w for w in self.wall_moves if w[0].choice == k} for k in (0, 1))
        self.rim = sum(1 << grid.index(a, b) for a in range(0, 2 * n + 1, 2) for b in range(0, 2 * n + 1, 2)
                       if {a, b} & {0, 2 * n})  # fmt: skip
        self.unit = (grid.index(1, 0) - grid.index(0, 0), grid.index(0, 1) - grid.index(0, 0))
        self.lying_edges = sum(1 << grid.index(a, b) for a in range(1, 2 * n, 2) for b in range(0, 2 * n + 1, 2))
        self.standing_edges = sum(1 << grid.index(a, b) for a in range(0, 2 * n + 1, 2) for b in range(1, 2 * n, 2))
        self.free: dict[int, Free] = {}  # per walls laid: see free_walls
        #: Each wall's three points: its ends and its middle.
        self.points = {w[0]: 1 << w[2] - self.unit[w[0].choice] | 1 << w[0].to | 1 << w[3] + self.unit[w[0].choice]
                       for w in self.wall_moves}  # fmt: skip
        self.crossings = sum(1 << grid.index(2 * i + 2, 2 * j + 2) for i in range(n - 1) for j in range(n - 1))
        self.passages(grid, n)

    def passages(self, grid: Grid, n: int) -> None:
        """The cells again, a bit each (cell i, j: bit i + n·j), for the searches: a bit k of an east mask
        is the passage from cell k to k + 1, of a north mask from k to k + n. Per wall, the passages it
        shuts, east and north, the cells beside them, and the cells either side of each of its halves."""
        bit = {(i, j): i + n * j for i in range(n) for j in range(n)}
        self.row, self.bit_of = n, {grid.index(2 * i + 1, 2 * j + 1): k for (i, j), k in bit.items()}
        self.all_cells = (1 << n * n) - 1
        self.goal_bits = tuple(sum(1 << self.bit_of[c] for c in goal) for goal in self.goal_cells)
        # Each passage's bit and the edge (site) that walls it, east (d 0) and north (d 1).
        self.passage_edges = [[(1 << bit[i, j], grid.index(2 * i + 2 - d, 2 * j + 1 + d))
                               for i in range(n - 1 + d) for j in range(n - d)] for d in (0, 1)]  # fmt: skip
        self.shuts = {}
        for move, *_ in self.wall_moves:
            i, j = (c // 2 - 1 for c in grid.coords(move.to))  # the cell below-left of its middle
            k = move[3]  # 0 lying: shuts north of (i, j) and (i + 1, j); 1 standing: east of (i, j) and (i, j + 1)
            shut = 1 << bit[i, j] | 1 << bit[i + 1 - k, j + k]
            east, north = (0, shut) if k == 0 else (shut, 0)
            beside = east | east << 1 | north | north << n
            sides = ((bit[i + k, j + 1 - k], bit[i, j]), (bit[i + 1, j + 1], bit[i + 1 - k, j + k]))
            self.shuts[move] = (east, north, beside, sides)

    def walls_for(self, walls: int, pawns: tuple[int, ...]) -> tuple[Move, ...]:
        """The walls that may be laid: those free, less any that shuts a pawn in. Only a wall closing a
        ring of walls (the board's edge one of them) parts the cells, into two regions: it is refused
        if a pawn's region holds none of its goal. Both lists are remembered per walls laid."""
        known = self.free.get(walls)
        if known is None:
            known = self.remember(walls, self.free_walls(walls))
        cuts, whole, east, north, goals = known.cuts, known.whole, known.east, known.north, self.goal_bits
        at = [self.bit_of[pawn] for pawn in pawns]
        bad = []
        for move, *_ in known.twice:  # two rings closed, three regions: each pawn searched (rare)
            shut_east, shut_north, _, _ = self.shuts[move]
            if not all(self.reach(k, goals[p], east & ~shut_east, north & ~shut_north) for p, k in enumerate(at)):
                bad.append(move)
        marks = [1 << k for k in at]
        for move, *_ in known.once:
            cut = cuts.get(move)  # the cells on one side of the ring it closes, remembered
            if cut is None:
                shut_east, shut_north, _, ((a1, b1), (a2, b2)) = self.shuts[move]
                after = (east & ~shut_east, north & ~shut_north)
                cut = cuts[move] = self.smaller(*after, a1, b1) or self.smaller(*after, a2, b2)
            for p, mark in enumerate(marks):
                goal = goals[p]
                if cut & mark:
                    shut = not cut & goal
                else:  # outside the cut: shut if what it reaches now, less the cut, holds none of its goal
                    shut = not goal & ~cut & (self.all_cells if whole else self.reached(at[p], known))
                if shut:
                    bad.append(move)
                    break
        if not bad:
            return known.moves
        moves = list(known.moves)
        for move in bad:  # found by halves: the moves are sorted
            del moves[bisect.bisect_left(moves, move)]
        return tuple(moves)

    def remember(self, walls: int, known: Free) -> Free:
        """``known`` remembered for ``walls``, for at most 20,000 walls laid at once."""
        if len(self.free) >= 20_000:
            self.free = {}
        self.free[walls] = known
        return known

    def grow(self, cells: int, east: int, north: int) -> int:
        """The cells next to ``cells`` through the passages open, and ``cells`` (bits of cells)."""
        row = self.row
        return cells | (cells & east) << 1 | (cells >> 1) & east | (cells & north) << row | (cells >> row) & north

    def reach(self, cell: int, goal: int, east: int, north: int) -> bool:
        """Whether cell bit ``cell`` reaches a cell of ``goal``."""
        seen = 1 << cell
        while not seen & goal:
            grown = self.grow(seen, east, north)
            if grown == seen:
                return False
            seen = grown
        return True

    def reached(self, cell: int, known: Free) -> int:
        """The cells cell bit ``cell`` reaches, from the regions found for these walls or found and added."""
        for region in known.regions:
            if region >> cell & 1:
                return region
        known.regions.append(self.region(cell, known.east, known.north))
        return known.regions[-1]

    def region(self, cell: int, east: int, north: int) -> int:
        """The cells cell bit ``cell`` reaches."""
        seen, grown = 0, 1 << cell
        while grown != seen:
            seen, grown = grown, self.grow(grown, east, north)
        return seen

    def smaller(self, east: int, north: int, a: int, b: int) -> int:
        """The smaller of the regions of cell bits ``a`` and ``b``, both grown a layer at a time until
        one stops: 0 if they meet (one region: this half of the wall parts nothing)."""
        grown, edge = [1 << a, 1 << b], [1 << a, 1 << b]
        while True:
            for k in (0, 1):
                f = self.grow(edge[k], east, north) & ~grown[k]
                if not f:
                    return grown[k]
                if f & grown[1 - k]:
                    return 0
                grown[k] |= f
                edge[k] = f

    def free_walls(self, walls: int, before: Free | None = None, laid: Move | None = None) -> Free:
        """The walls neither crossing nor overlapping one laid, those of them that would close a ring (two
        of their three points, or all three: two rings, in one group of points joined by walls, the board's
        edge a group of its own, grown over the walls laid, all points at once), and whether every cell
        reaches every other. From ``before``, the same for the walls less ``laid``, where known."""
        (u, r), groups = self.unit, []
        if before is not None:  # the groups the new wall's points touch, and its points, become one
            joined = self.points[laid]
            for group in before.groups:
                if group & joined:
                    joined |= group
                else:
                    groups.append(group)
            groups.append(joined)
        else:
            lying, standing = walls & self.lying_edges, walls & self.standing_edges  # each wall's two halves
            left = ((lying << u | lying >> u) | (standing << r | standing >> r)) & ~self.rim  # the points walls touch
            group = self.rim
            while group:
                while True:
                    grown = group | (group << u & lying) << u | (group >> u & lying) >> u
                    grown |= (grown << r & standing) << r | (grown >> r & standing) >> r
                    if grown == group:
                        break
                    group = grown
                groups.append(group)
                left &= ~group
                group = left & -left
        # The middles with two points (or three: twice) in one group, each way; a group only grows, so
        # from before, only the joined group's are new.
        closes, twice = ([0, 0], [0, 0]) if before is None else ([*before.rings[:2]], [*before.rings[2:]])
        for m in groups if before is None else groups[-1:]:
            for k, d in enumerate((2 * u, 2 * r)):
                closes[k] |= m & (m >> d | m << d) | (m >> d) & (m << d)
                twice[k] |= m & (m >> d) & (m << d)
        free = [self.crossings & ~(walls | walls >> d | walls << d) for d in (u, r)]  # the middles free, each way
        ways, rings = (self.lying, self.standing), (*closes, *twice)
        once = tuple([by[x] for k, by in enumerate(ways) for x in few_bits(closes[k] & free[k] & ~twice[k])])
        twiced = tuple([by[x] for k, by in enumerate(ways) for x in few_bits(twice[k] & free[k])])
        if before is not None:  # one wall more: those it takes away, and a ring closed if it was closing one
            moves = list(before.moves)
            for gone in self.overlapping[laid]:  # found by halves: the moves are sorted
                at = bisect.bisect_left(moves, gone)
                if at < len(moves) and moves[at] == gone:
                    del moves[at]
            whole = before.whole and not before.rings[laid[3]] >> laid.to & 1  # it closed no ring
            # A cut stays where the new wall shuts no passage in it or out of it.
            shut_east, shut_north, beside, _ = self.shuts[laid]
            cuts = {m: c for m, c in before.cuts.items() if not c & beside}
            east, north = before.east & ~shut_east, before.north & ~shut_north
            return Free(tuple(moves), once, twiced, whole, tuple(groups), rings, east, north, cuts)
        moves, (lying_free, standing_free) = [], free
        for x in bits(lying_free | standing_free):  # in move order: by middle, lying first
            if lying_free >> x & 1:
                moves.append(self.lying[x][0])
            if standing_free >> x & 1:
                moves.append(self.standing[x][0])
        east, north = (sum(b for b, edge in edges if not walls >> edge & 1) for edges in self.passage_edges)
        whole = self.region(self.bit_of[self.starts[0]], east, north) == self.all_cells
        return Free(tuple(moves), once, twiced, whole, tuple(groups), rings, east, north)
