"""Fences: bars two cells long in a grooved board's grooves (``Grid.grooved``), Quoridor's walls and
any fence game's, and which of them may be laid, found fast.

A bar is a move on its middle crossing with its way as the move's choice (0 lying, ``h``; 1
standing, ``v``, as ``boardgames.geometry.grooves`` names them), and takes three sites: the crossing
and the edge either side. It is free where it neither crosses nor overlaps a bar laid. Of those, a
bar may part a piece from its goal only if it closes a ring of bars (the board's edge one of them),
so only those are searched: the points bars join fall into groups, grown over the bars laid all at
once as bitmasks, and a bar with two of its three points in one group closes a ring (all three:
two). Its cut, the cells on one side, is grown from both sides at once until one stops; a piece
outside it then reaches what it reached before, less the cut. What is free is remembered per bars
laid and, when a bar is laid (:meth:`Fences.lay`), worked out from what was free before (the rings'
middles too: groups only grow).
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence

import attrs

from ..geometry import Grid, bits
from ..geometry.bits import few_bits
from .moves import PASS, Move, place, with_choice


@attrs.frozen(slots=True)
class FreeBars:
    """What :meth:`Fences.free_bars` finds for some bars laid, remembered (one object, its parts
    tuples of shared bars or ints, which the collector soon passes over)."""

    moves: tuple[Move, ...]  # the bars free
    once: tuple[tuple, ...]  # those that close a ring (entries of Fences.table)
    twice: tuple[tuple, ...]  # those that close two
    whole: bool  # every cell reaches every other
    groups: tuple[int, ...]  # the points bars join, the board's edge first
    rings: tuple[int, int, int, int]  # the middles with two of their points in one group (lying, standing), three
    east: int  # the passages open between cells (see Fences.cells), east
    north: int  # and north
    cuts: dict[Move, int] = attrs.field(factory=dict)  # each closing bar's cut, found
    regions: list[int] = attrs.field(factory=list)  # the regions found, where not whole


class Fences:
    """The bars of a grooved board (``Grid.grooved``) and which may be laid: :meth:`free` (neither
    crossing nor overlapping the bars laid), :meth:`allowed` (of those, the ones that leave each piece
    a way to its goal), :meth:`lay` (the bars laid after one more). Bars laid are a mask of the
    grid's sites. Made once per board (a game's ``setup``); it remembers what it finds, for at most
    20,000 sets of bars laid at once."""

    def __init__(self, grid: Grid) -> None:
        if not grid.grooves:
            raise ValueError("fences lie on a grooved board (Grid.grooved), not this grid")
        w, h = self.width, self.height = grid.width // 2, grid.height // 2  # in cells
        # Each bar: the move (its middle crossing, its way), the sites it takes, its two edges.
        self.table = []
        for j in range(h - 1):
            for i in range(w - 1):
                x = grid.index(2 * i + 2, 2 * j + 2)
                for k, (a, b) in enumerate(((2 * i + 1, 2 * j + 2), (2 * i + 2, 2 * j + 1))):
                    e1, e2 = grid.index(a, b), grid.index(a + 2 * (1 - k), b + 2 * k)
                    self.table.append((with_choice(place(x), k), 1 << x | 1 << e1 | 1 << e2, e1, e2))
        self.table.sort(key=lambda bar: bar[0])
        #: Every bar, sorted as legal moves are, and the sites each takes (a mask).
        self.bars: tuple[Move, ...] = tuple(bar[0] for bar in self.table)
        self.sites: dict[Move, int] = {bar[0]: bar[1] for bar in self.table}
        self.overlapping = {b[0]: {c[0] for c in self.table if c[1] & b[1]} for b in self.table}
        # The bars by their middles, lying and standing; the points on the board's edge; the bars' halves.
        self.lying, self.standing = ({b[0].to: b for b in self.table if b[0].choice == k} for k in (0, 1))
        self.rim = sum(1 << grid.index(a, b) for a in range(0, 2 * w + 1, 2) for b in range(0, 2 * h + 1, 2)
                       if a in (0, 2 * w) or b in (0, 2 * h))  # fmt: skip
        self.unit = (grid.index(1, 0) - grid.index(0, 0), grid.index(0, 1) - grid.index(0, 0))
        self.lying_edges = sum(1 << grid.index(a, b) for a in range(1, 2 * w, 2) for b in range(0, 2 * h + 1, 2))
        self.standing_edges = sum(1 << grid.index(a, b) for a in range(0, 2 * w + 1, 2) for b in range(1, 2 * h, 2))
        self.known: dict[int, FreeBars] = {}  # per bars laid: see free_bars
        #: Each bar's three points: its ends and its middle.
        self.points = {b[0]: 1 << b[2] - self.unit[b[0].choice] | 1 << b[0].to | 1 << b[3] + self.unit[b[0].choice]
                       for b in self.table}  # fmt: skip
        self.crossings = sum(1 << grid.index(2 * i + 2, 2 * j + 2) for i in range(w - 1) for j in range(h - 1))
        self.goal_masks: dict[tuple[int, ...], tuple[int, ...]] = {}  # goals asked (sites) as cell bits
        self.passages(grid)

    def passages(self, grid: Grid) -> None:
        """The cells again, a bit each (cell i, j: bit i + width·j), for the searches: a bit k of an
        east mask is the passage from cell k to k + 1, of a north mask from k to k + width. Per bar, the
        passages it shuts, east and north, the cells beside them, and the cells either side of each of
        its halves."""
        w, h = self.width, self.height
        bit = {(i, j): i + w * j for i in range(w) for j in range(h)}
        self.row, self.bit_of = w, {grid.index(2 * i + 1, 2 * j + 1): k for (i, j), k in bit.items()}
        self.all_cells = (1 << w * h) - 1
        # Each passage's bit and the edge (site) that walls it, east (d 0) and north (d 1).
        self.passage_edges = [[(1 << bit[i, j], grid.index(2 * i + 2 - d, 2 * j + 1 + d))
                               for i in range(w - 1 + d) for j in range(h - d)] for d in (0, 1)]  # fmt: skip
        self.shuts = {}
        for move in self.bars:
            i, j = (c // 2 - 1 for c in grid.coords(move.to))  # the cell below-left of its middle
            k = move.choice  # 0 lying: shuts north of (i, j) and (i + 1, j); 1 standing: east of (i, j) and (i, j + 1)
            shut = 1 << bit[i, j] | 1 << bit[i + 1 - k, j + k]
            east, north = (0, shut) if k == 0 else (shut, 0)
            beside = east | east << 1 | north | north << w
            sides = ((bit[i + k, j + 1 - k], bit[i, j]), (bit[i + 1, j + 1], bit[i + 1 - k, j + k]))
            self.shuts[move] = (east, north, beside, sides)

    def cells(self, sites: int) -> int:
        """The cells of a mask of sites, as the searches number them (bit i + width·j)."""
        found = 0
        for sq in bits(sites):
            if sq not in self.bit_of:
                raise ValueError(f"site {sq} is not a cell of this grooved board")
            found |= 1 << self.bit_of[sq]
        return found

    def free(self, walls: int) -> tuple[Move, ...]:
        """The bars that neither cross nor overlap the bars laid (``walls``, a mask of sites)."""
        known = self.known.get(walls)
        return (known if known is not None else self.remember(walls, self.free_bars(walls))).moves

    def lay(self, walls: int, bar: Move) -> int:
        """The bars laid, ``walls``, and ``bar``: what is free after is worked out from what was free
        before, where that is known (the fast way when a game lays its bars one by one)."""
        after = walls | self.sites[bar]
        before = self.known.get(walls)
        if before is not None and after not in self.known:
            self.remember(after, self.free_bars(after, before, bar))
        return after

    def allowed(self, walls: int, pieces: Sequence[int], goals: tuple[int, ...]) -> tuple[Move, ...]:
        """The bars free (:meth:`free`) that leave each piece (a cell, ``pieces[p]``) a way to one of its
        goal cells (``goals[p]``, a mask of sites). Only a bar closing a ring of bars (the board's edge
        one of them) parts the cells, into two regions: it is refused if a piece's region holds none of
        its goal."""
        known = self.known.get(walls)
        if known is None:
            known = self.remember(walls, self.free_bars(walls))
        goal_cells = self.goal_masks.get(goals)
        if goal_cells is None:
            goal_cells = self.goal_masks[goals] = tuple(self.cells(goal) for goal in goals)
        cuts, whole, east, north = known.cuts, known.whole, known.east, known.north
        at = [self.bit_of[piece] for piece in pieces]
        bad = []
        for move, *_ in known.twice:  # two rings closed, three regions: each piece searched (rare)
            shut_east, shut_north, _, _ = self.shuts[move]
            if not all(self.reach(k, goal_cells[p], east & ~shut_east, north & ~shut_north) for p, k in enumerate(at)):
                bad.append(move)
        marks = [1 << k for k in at]
        for move, *_ in known.once:
            cut = cuts.get(move)  # the cells on one side of the ring it closes, remembered
            if cut is None:
                shut_east, shut_north, _, ((a1, b1), (a2, b2)) = self.shuts[move]
                after = (east & ~shut_east, north & ~shut_north)
                cut = cuts[move] = self.smaller(*after, a1, b1) or self.smaller(*after, a2, b2)
            for p, mark in enumerate(marks):
                goal = goal_cells[p]
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

    def remember(self, walls: int, known: FreeBars) -> FreeBars:
        """``known`` remembered for ``walls``, for at most 20,000 sets of bars laid at once."""
        if len(self.known) >= 20_000:
            self.known = {}
        self.known[walls] = known
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

    def reached(self, cell: int, known: FreeBars) -> int:
        """The cells cell bit ``cell`` reaches, from the regions found for these bars or found and added."""
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
        one stops: 0 if they meet (one region: this half of the bar parts nothing)."""
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

    def free_bars(self, walls: int, before: FreeBars | None = None, laid: Move = PASS) -> FreeBars:
        """The bars neither crossing nor overlapping one laid, those of them that would close a ring (two
        of their three points, or all three: two rings, in one group of points joined by bars, the board's
        edge a group of its own, grown over the bars laid, all points at once), and whether every cell
        reaches every other. From ``before``, the same for the bars less ``laid``, where known."""
        (u, r), groups = self.unit, []
        if before is not None:  # the groups the new bar's points touch, and its points, become one
            joined = self.points[laid]
            for group in before.groups:
                if group & joined:
                    joined |= group
                else:
                    groups.append(group)
            groups.append(joined)
        else:
            lying, standing = walls & self.lying_edges, walls & self.standing_edges  # each bar's two halves
            left = ((lying << u | lying >> u) | (standing << r | standing >> r)) & ~self.rim  # the points bars touch
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
        ways, rings = (self.lying, self.standing), (closes[0], closes[1], twice[0], twice[1])
        once = tuple([by[x] for k, by in enumerate(ways) for x in few_bits(closes[k] & free[k] & ~twice[k])])
        twiced = tuple([by[x] for k, by in enumerate(ways) for x in few_bits(twice[k] & free[k])])
        if before is not None:  # one bar more: those it takes away, and a ring closed if it closed one
            moves = list(before.moves)
            for gone in self.overlapping[laid]:  # found by halves: the moves are sorted
                at = bisect.bisect_left(moves, gone)
                if at < len(moves) and moves[at] == gone:
                    del moves[at]
            whole = before.whole and not before.rings[laid.choice] >> laid.to & 1  # it closed no ring
            # A cut stays where the new bar shuts no passage in it or out of it.
            shut_east, shut_north, beside, _ = self.shuts[laid]
            cuts = {m: c for m, c in before.cuts.items() if not c & beside}
            east, north = before.east & ~shut_east, before.north & ~shut_north
            return FreeBars(tuple(moves), once, twiced, whole, tuple(groups), rings, east, north, cuts)
        moves, (lying_free, standing_free) = [], free
        for x in bits(lying_free | standing_free):  # in move order: by middle, lying first
            if lying_free >> x & 1:
                moves.append(self.lying[x][0])
            if standing_free >> x & 1:
                moves.append(self.standing[x][0])
        east, north = (sum(b for b, edge in edges if not walls >> edge & 1) for edges in self.passage_edges)
        whole = self.region(0, east, north) == self.all_cells
        return FreeBars(tuple(moves), once, twiced, whole, tuple(groups), rings, east, north)
