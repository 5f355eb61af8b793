"""Hive's geometry and moves, as OpenSpiel's hive works them out.

Tiles are numbered as OpenSpiel's: 0 ``wQ``, 1-3 ``wA1``-``wA3``, 4-6
grasshoppers, 7-8 spiders, 9-10 beetles, 11 ``wM``, 12 ``wL``, 13 ``wP``,
then black's the same from 14. A position is where each tile lies (a site,
or -1 in hand) and each site's pile, bottom to top. The sites are those of a
hexagon one cell wider than OpenSpiel's board (radius ``size + 1``): a move
that lands on that outer ring moves the whole hive back toward the middle,
as OpenSpiel's does, or ends the game drawn where it cannot.
"""

from __future__ import annotations

import functools

from boardgames import Grid, Move
from boardgames.rules.moves import with_choice

QUEEN, ANT, HOPPER, SPIDER, BEETLE, MOSQUITO, LADYBUG, PILLBUG = range(8)
BUG = (QUEEN, ANT, ANT, ANT, HOPPER, HOPPER, HOPPER, SPIDER, SPIDER, BEETLE, BEETLE, MOSQUITO, LADYBUG, PILLBUG)
LETTER = "QAGSBMLP"
#: The six steps in OpenSpiel's order (NE, E, SE, SW, W, NW), as axial (q, r).
STEPS = ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))
#: How UHP writes a tile beside its reference, by the step from the reference.
BESIDE = ("{}/", "{}-", "{}\\", "/{}", "-{}", "\\{}")
#: For each pattern of a cell's taken neighbours (bit d: the neighbour in direction d), the directions a tile
#: may slide from it: to an empty cell, between two cells of which exactly one is taken (OpenSpiel's gate; the
#: cell reached then touches the hive). A table, so that a slide reads a cell's pattern instead of its piles.
SLIDES = tuple(tuple(d for d in range(6) if not p >> d & 1 and p >> (d + 1) % 6 & 1 != p >> (d + 5) % 6 & 1)
               for p in range(64))  # fmt: skip
#: Bits of a site in a move's key (``MovesMade``): more than any board's sites (31 by 31 at size 14).
SHIFT = 10
#: How far each bug that slides goes (-1: any number of steps).
DISTANCE = {QUEEN: 1, PILLBUG: 1, BEETLE: 1, SPIDER: 3, ANT: -1}
#: The directions of the taken neighbours in each pattern.
TAKEN = tuple(tuple(d for d in range(6) if p >> d & 1) for p in range(64))


def uhp(tile: int) -> str:
    """``wA2``: the tile's colour, bug and (for those with several) ordinal."""
    k = tile % 14
    ordinal = k - BUG.index(BUG[k]) + 1
    return "wb"[tile // 14] + LETTER[BUG[k]] + (str(ordinal) if BUG[k] in (ANT, HOPPER, SPIDER, BEETLE) else "")


TILES = {uhp(t): t for t in range(28)}


class MovesMade(dict[int, Move]):
    """The moves of tiles on the board by ``origin << SHIFT | to`` (a key that sorts as the move), each made the
    first time it is asked for: a position lists shared moves rather than making some 70 new ones. Emptied at
    ``KEPT`` moves, so that a long-lived process (a server, an arena) does not keep every move ever made."""

    def __missing__(self, key: int) -> Move:
        if len(self) >= KEPT:
            self.clear()
        made = self[key] = Move(key >> SHIFT, key & (1 << SHIFT) - 1)
        return made


KEPT = 1 << 16  # the most moves kept: some 50,000 are made in 200 random games
#: Shared by every board (a move is two site numbers whatever the board).
MADE = MovesMade()


@functools.cache
def board_of(radius: int) -> Board:
    """The board of OpenSpiel's ``board_size`` ``radius``, made once (its tables take some milliseconds)."""
    return Board(radius)


class Board:
    """The sites of a hexagon of radius ``radius + 1`` around OpenSpiel's
    origin, each with its axial (q, r) and its six neighbours (-1 past the edge)."""

    def __init__(self, radius: int) -> None:
        self.radius, c = radius, radius + 1
        self.grid = grid = Grid.hexagon(c + 1)
        # file = q + r + c, rank = c - r: OpenSpiel's north-east is up and to the right.
        self.qr = [(f - c + (r - c), c - r) if grid.on_board[grid.index(f, r)] else None
                   for f, r in map(grid.coords, range(grid.size))]
        self.site = {qr: s for s, qr in enumerate(self.qr) if qr is not None}
        self.near = [[self.site.get((p[0] + dq, p[1] + dr), -1) for dq, dr in STEPS] if p else [] for p in self.qr]
        self.centre = self.site[(0, 0)]
        assert grid.size < 1 << SHIFT  # a site fits a move's key (MovesMade)
        #: The placements on each site, by the tile's choice (its number among a player's 14).
        self.placed = [tuple(with_choice(Move(-1, site), k) for k in range(14)) for site in range(grid.size)]
        #: Each site's steps to a neighbour on the board: (the neighbour, the cells on either side of the step).
        self.sides = [tuple((to, near[(d + 1) % 6], near[(d + 5) % 6]) for d, to in enumerate(near) if to >= 0)
                      for near in self.near]  # fmt: skip
        #: Where a tile may slide from each site, by the site's pattern (SLIDES, past the board left out).
        self.slides_to = [tuple(tuple(near[d] for d in SLIDES[p] if near[d] >= 0) for p in range(64)) if near else ()
                          for near in self.near]  # fmt: skip
        #: Each site's neighbours on the board, each with the bit that stands for the site in its pattern.
        self.around = [tuple((n, 1 << (d + 3) % 6) for d, n in enumerate(near) if n >= 0) for near in self.near]

    def patterns(self, piles: dict[int, tuple[int, ...]]) -> tuple[bytes, bytes]:
        """Each cell's pattern of taken neighbours (bit d: the neighbour in direction d, see SLIDES) and its
        pile's height (0: empty); the last item, read as site -1 (past the board), 0 in both."""
        ring, tall, around = bytearray(len(self.near) + 1), bytearray(len(self.near) + 1), self.around
        for site, pile in piles.items():
            tall[site] = len(pile)
            for n, bit in around[site]:
                ring[n] |= bit
        return bytes(ring), bytes(tall)

    def patterns_after(self, patterns: tuple[bytes, bytes], origin: int, to: int) -> tuple[bytes, bytes]:
        """The patterns once a tile went from ``origin`` (-1: from the hand) to ``to``: only the cells
        around the two ends change, so a position's patterns come from the one before."""
        ring, tall, around = bytearray(patterns[0]), bytearray(patterns[1]), self.around
        if origin >= 0:
            tall[origin] -= 1
            if not tall[origin]:
                for n, bit in around[origin]:
                    ring[n] ^= bit
        if not tall[to]:
            for n, bit in around[to]:
                ring[n] |= bit
        tall[to] += 1
        return bytes(ring), bytes(tall)

    def moved(self, site: int, offset: tuple[int, int]) -> int:
        """The site ``offset`` (q, r) away from ``site`` (-1: past the board, or ``site`` is -1)."""
        if site < 0 or offset == (0, 0):
            return site
        q, r = self.qr[site]
        return self.site.get((q + offset[0], r + offset[1]), -1)

    def far(self, site: int) -> bool:
        """Whether ``site`` lies past OpenSpiel's board (its distance from the origin above the radius)."""
        q, r = self.qr[site]
        return max(abs(q), abs(r), abs(q + r)) > self.radius


class Position:
    """A position's piles (site -> tiles bottom to top) and the moves it allows, OpenSpiel's way."""

    def __init__(self, board: Board, piles: dict[int, tuple[int, ...]], where: tuple[int, ...],
                 last: int, ply: int, kinds: frozenset[int], patterns: tuple[bytes, bytes]) -> None:
        self.b, self.piles, self.where, self.last, self.ply, self.kinds = board, piles, where, last, ply, kinds
        #: Each cell's pattern of taken neighbours (the mover counts, as in OpenSpiel; a copy, which a slide
        #: changes while it works) and its pile's height: ``Board.patterns``.
        self.ring, self.tall = bytearray(patterns[0]), patterns[1]

    def top(self, site: int) -> int:
        pile = self.piles.get(site) if site >= 0 else None
        return pile[-1] if pile else -1

    def level(self, tile: int) -> int:
        return self.piles[self.where[tile]].index(tile)

    def covered(self, tile: int) -> bool:
        return self.where[tile] >= 0 and self.top(self.where[tile]) != tile

    def pinned_sites(self) -> set[int]:
        """The sites the hive falls apart without (OpenSpiel's articulation
        points, worked out only once white's queen is down): Tarjan's walk."""
        if self.where[0] < 0:
            return set()
        near, ring, order, out = self.b.near, self.ring, {}, set()

        def walk(site: int, parent: int) -> int:  # the lowest order reached from ``site``'s subtree
            order[site] = mine = lowest = len(order)
            children = 0
            around = near[site]
            for d in TAKEN[ring[site]]:  # the taken neighbours, from the site's pattern
                n = around[d]
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

        walk(self.where[0], -1)
        return out

    def slides(self, start: int, distance: int, out: set[int]) -> None:
        """Where a tile alone at ``start`` slides: ``distance`` steps exactly, or any number (-1), OpenSpiel's
        walk. A step goes to an empty cell touching the hive, not through a gate (SLIDES); the tile's own cell
        counts as empty meanwhile (cleared from its neighbours' patterns, then put back)."""
        ring, slides_to, around = self.ring, self.b.slides_to, self.b.around[start]
        for n, bit in around:
            ring[n] ^= bit
        if distance < 0:  # an ant: every cell it can reach
            seen, todo = {start}, [start]
            while todo:
                pos = todo.pop()
                for to in slides_to[pos][ring[pos]]:
                    if to not in seen:
                        seen.add(to)
                        todo.append(to)
            seen.discard(start)
            out |= seen
        else:
            path = [start]

            def walk(pos: int) -> None:  # exactly ``distance`` steps, never back through a cell of the path
                for to in slides_to[pos][ring[pos]]:
                    if to in path:
                        continue
                    if len(path) == distance:
                        out.add(to)
                    else:
                        path.append(to)
                        walk(to)
                        path.pop()

            walk(start)
        for n, bit in around:
            ring[n] |= bit

    def climbs(self, site: int, h: int, out: set[tuple[int, int]]) -> None:
        """Where a beetle at ``site``, height ``h``, steps onto, across or down from the hive: (site, height),
        unless both cells beside the step hold piles above the higher of its two ends (OpenSpiel's gate)."""
        tall = self.tall
        for to, cw, ccw in self.b.sides[site]:
            up = tall[to]  # the height it would stand at there
            if up == h == 0:  # a slide on the ground (``slides``)
                continue
            over = up if up > h else h
            if tall[cw] <= over or tall[ccw] <= over:
                out.add((to, up))

    def moves_of(self, tile: int, bug: int, pinned: set[int], out: dict[int, set[int]]) -> None:
        """Each site the tile may go to (``out[tile]``), acting as ``bug`` (a mosquito as its neighbours)."""
        site = self.where[tile]
        pile = self.piles[site]
        if pile[-1] != tile:  # covered: it neither moves nor acts
            return
        h = len(pile) - 1
        if bug == MOSQUITO:
            if h > 0:
                return self.moves_of(tile, BEETLE, pinned, out)
            for like in {BUG[self.top(n) % 14] for n in self.b.near[site] if n in self.piles} - {MOSQUITO}:
                self.moves_of(tile, like, pinned, out)
            return
        if bug == PILLBUG:
            self.throws(site, h, pinned, out)
        if h == 0 and site in pinned:
            return
        ends: set[int] = set()
        found = out.setdefault(tile, set())
        if bug in DISTANCE and (h == 0 or bug != BEETLE):  # a slide ends touching the hive: found at once
            self.slides(site, DISTANCE[bug], found)
        if bug == BEETLE:
            up: set[tuple[int, int]] = set()
            self.climbs(site, h, up)
            ends |= {s for s, _ in up}
        elif bug == HOPPER:
            near, tall = self.b.near, self.tall
            for d, to in enumerate(near[site]):
                if tall[to] > 0:
                    while tall[to] > 0:
                        to = near[to][d]
                    ends.add(to)
        elif bug == LADYBUG:
            one: set[tuple[int, int]] = set()
            two: set[tuple[int, int]] = set()
            three: set[tuple[int, int]] = set()
            self.climbs(site, h, one)
            for s, hh in one:
                self.climbs(s, hh, two)
            for s, hh in two:
                if hh > 0 and (s, hh) != (site, h + 1):
                    self.climbs(s, hh, three)
            ends |= {s for s, hh in three if hh == 0}
        ends.discard(-1)  # a grasshopper's jump past the board
        found |= ends

    def throws(self, site: int, h: int, pinned: set[int], out: dict[int, set[int]]) -> None:
        """A pillbug's own move: a tile beside it, alone on its site, free and not the last moved,
        lifted over it onto an empty cell beside it, where no gate above the pillbug stops it."""
        targets, empty, tall, over = [], [], self.tall, h + 1
        for n, cw, ccw in self.b.sides[site]:
            if tall[cw] > over and tall[ccw] > over:  # gated above the pillbug: both sides higher
                continue
            if not tall[n]:
                empty.append(n)
            elif tall[n] == 1 and n not in pinned and self.piles[n][0] != self.last:
                targets.append(self.piles[n][0])
        for t in targets:
            out.setdefault(t, set()).update(empty)

    def placements(self, me: int) -> list[Move]:
        """What ``me`` may place, OpenSpiel's way, in the order of sites then tiles: the first tile on the origin,
        the second beside it, then beside one's own and no other's tops; the queen by one's fourth turn."""
        hand = [t % 14 for t in range(14 * me, 14 * me + 14) if self.where[t] < 0 and BUG[t % 14] in self.kinds]
        if not hand:  # (then the queen is down)
            return []
        placed = self.b.placed
        if self.ply < 2:
            sites = [self.b.centre] if self.ply == 0 else sorted(self.b.near[self.b.centre])
            return [placed[s][k] for s in sites for k in hand if k]
        reach = [set(), set()]
        for s, pile in self.piles.items():
            reach[pile[-1] // 14].update(self.b.near[s])
        sites = sorted(reach[me] - reach[1 - me] - self.piles.keys() - {-1})
        if self.ply in (6, 7) and self.where[14 * me] < 0:
            hand = [0]
        return [placed[s][k] for s in sites for k in hand]

    def moves(self, me: int) -> list[Move]:
        """Every move ``me`` may play, in the order of squares (origin, then site): placements, then moves once
        ``me``'s queen is down."""
        listed = self.placements(me)
        if self.where[14 * me] >= 0:
            pinned, where = self.pinned_sites(), self.where
            out: dict[int, set[int]] = {}
            for t in range(14 * me, 14 * me + 14):
                if where[t] >= 0 and t != self.last:
                    self.moves_of(t, BUG[t % 14], pinned, out)
            keys: list[int] = []
            for t, sites in out.items():
                base = where[t] << SHIFT
                keys += [base | to for to in sites]
            keys.sort()
            listed += map(MADE.__getitem__, keys)
        return listed
