"""Hive's tiles and their moves, as OpenSpiel's hive works them out, in the core's words for a swarm
(``boardgames.geometry.swarm``: slides through the gate, climbs, hops, the one-hive rule).

Tiles are numbered as OpenSpiel's: 0 ``wQ``, 1-3 ``wA1``-``wA3``, 4-6 grasshoppers, 7-8 spiders, 9-10
beetles, 11 ``wM``, 12 ``wL``, 13 ``wP``, then black's the same from 14. A position is where each tile lies
(a site, or -1 in hand) and each site's pile, bottom to top.
"""

from __future__ import annotations

from boardgames import Move
from boardgames.geometry.swarm import Patterns, Swarm, SwarmBoard
from boardgames.rules.shared_steps import steps_in_order

QUEEN, ANT, HOPPER, SPIDER, BEETLE, MOSQUITO, LADYBUG, PILLBUG = range(8)
BUG = (QUEEN, ANT, ANT, ANT, HOPPER, HOPPER, HOPPER, SPIDER, SPIDER, BEETLE, BEETLE, MOSQUITO, LADYBUG, PILLBUG)
LETTER = "QAGSBMLP"
#: How far each bug that slides goes (-1: any number of steps).
DISTANCE = {QUEEN: 1, PILLBUG: 1, BEETLE: 1, SPIDER: 3, ANT: -1}


def uhp(tile: int) -> str:
    """``wA2``: the tile's colour, bug and (for those with several) ordinal."""
    k = tile % 14
    ordinal = k - BUG.index(BUG[k]) + 1
    return "wb"[tile // 14] + LETTER[BUG[k]] + (str(ordinal) if BUG[k] in (ANT, HOPPER, SPIDER, BEETLE) else "")


class Position(Swarm):
    """A position's piles (site -> tiles bottom to top) and the moves it allows, OpenSpiel's way."""

    def __init__(self, board: SwarmBoard, patterns: Patterns, piles: dict[int, tuple[int, ...]], where: tuple[int, ...],
                 last: int, ply: int, kinds: frozenset[int], placed: list[tuple[Move, ...]]) -> None:
        super().__init__(board, patterns)
        self.piles, self.where, self.last, self.ply, self.kinds, self.placed = piles, where, last, ply, kinds, placed

    def moves_of(self, tile: int, bug: int, pinned: set[int], out: dict[int, set[int]]) -> None:
        """Each site the tile may go to (``out[its site]``), acting as ``bug`` (a mosquito as its neighbours)."""
        site = self.where[tile]
        pile = self.piles[site]
        if pile[-1] != tile:  # covered: it neither moves nor acts
            return
        h = len(pile) - 1
        if bug == MOSQUITO:
            if h > 0:
                return self.moves_of(tile, BEETLE, pinned, out)
            for like in {BUG[self.piles[n][-1] % 14] for n in self.board.beside[site] if n in self.piles} - {MOSQUITO}:
                self.moves_of(tile, like, pinned, out)
            return
        if bug == PILLBUG:
            self.throws(site, h, pinned, out)
        if h == 0 and site in pinned:
            return
        found = out.setdefault(site, set())
        if bug in DISTANCE and (h == 0 or bug != BEETLE):  # a slide ends touching the hive
            self.slides(site, DISTANCE[bug], found)
        if bug == BEETLE:
            up: set[tuple[int, int]] = set()
            self.climbs(site, h, up)
            found |= {s for s, _ in up}
        elif bug == HOPPER:
            self.hops(site, found)
        elif bug == LADYBUG:  # two steps on the hive, one down
            one: set[tuple[int, int]] = set()
            two: set[tuple[int, int]] = set()
            three: set[tuple[int, int]] = set()
            self.climbs(site, h, one)
            for s, hh in one:
                self.climbs(s, hh, two)
            for s, hh in two:
                if hh > 0 and (s, hh) != (site, h + 1):
                    self.climbs(s, hh, three)
            found |= {s for s, hh in three if hh == 0}

    def throws(self, site: int, h: int, pinned: set[int], out: dict[int, set[int]]) -> None:
        """A pillbug's own move: a tile beside it, alone on its site, free and not the last moved,
        lifted over it onto an empty cell beside it, where no gate above the pillbug stops it."""
        targets, empty, heights, over = [], [], self.heights, h + 1
        for n, cw, ccw in self.board.sides[site]:
            if heights[cw] > over and heights[ccw] > over:  # gated above the pillbug: both sides higher
                continue
            if not heights[n]:
                empty.append(n)
            elif heights[n] == 1 and n not in pinned and self.piles[n][0] != self.last:
                targets.append(n)
        for n in targets:
            out.setdefault(n, set()).update(empty)

    def placements(self, me: int) -> list[Move]:
        """What ``me`` may place, OpenSpiel's way, in the order of sites then tiles: the first tile on the origin,
        the second beside it, then beside one's own and no other's tops; the queen by one's fourth turn."""
        hand = [t % 14 for t in range(14 * me, 14 * me + 14) if self.where[t] < 0 and BUG[t % 14] in self.kinds]
        if not hand:  # (then the queen is down)
            return []
        if self.ply < 2:
            centre = self.board.centre
            sites = [centre] if self.ply == 0 else sorted(self.board.beside[centre])
            return [self.placed[s][k] for s in sites for k in hand if k]
        tops = self.piles.items()
        sites = self.beside_only([s for s, p in tops if p[-1] // 14 == me], [s for s, p in tops if p[-1] // 14 != me])
        if self.ply in (6, 7) and self.where[14 * me] < 0:
            hand = [0]
        return [self.placed[s][k] for s in sites for k in hand]

    def moves(self, me: int) -> list[Move]:
        """Every move ``me`` may play, in the order of squares (origin, then site): placements, then moves once
        ``me``'s queen is down; the one-hive rule counted once white's queen is down (OpenSpiel's)."""
        listed = self.placements(me)
        if self.where[14 * me] >= 0:
            pinned, where = self.pinned(self.where[0]) if self.where[0] >= 0 else set(), self.where
            out: dict[int, set[int]] = {}
            for t in range(14 * me, 14 * me + 14):
                if where[t] >= 0 and t != self.last:
                    self.moves_of(t, BUG[t % 14], pinned, out)
            listed += steps_in_order(out.items())
        return listed
