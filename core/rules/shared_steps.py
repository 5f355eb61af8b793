"""Steps made once and shared by every position: a game whose positions list
many of the same moves of a piece from one site to another (Hive's tiles
round the hive, some 70 a position) lists them from integer keys instead
(a key sorts as its move does: :func:`step_key`), sorted and looked up in one
store (:func:`steps_in_order`), rather than making and sorting the moves afresh
each position.
"""

from __future__ import annotations

from collections.abc import Iterable

from .moves import Move

#: Bits of the site a move goes to in its key: more than any grid's sites (26 × 26 × 4 for a lattice).
SHIFT = 16


def step_key(origin: int, to: int) -> int:
    """The key of the step from ``origin`` to ``to``, both sites of a board: keys sort as their moves."""
    return origin << SHIFT | to


class SharedSteps(dict[int, Move]):
    """The steps by key, each made the first time it is asked for. Emptied at ``KEPT`` steps, so that a
    long-lived process (a server, an arena) does not keep every move ever made."""

    def __missing__(self, key: int) -> Move:
        if len(self) >= KEPT:
            self.clear()
        made = self[key] = Move(key >> SHIFT, key & (1 << SHIFT) - 1)
        return made


KEPT = 1 << 16  # the most steps kept: some 50,000 are made in 200 random games of Hive
#: Shared by every game and board (a step is two site numbers whatever the board).
SHARED = SharedSteps()


def steps_in_order(ends: Iterable[tuple[int, Iterable[int]]]) -> list[Move]:
    """The steps from each origin to each of its sites, ``ends`` giving (origin, sites), in the order of moves."""
    keys: list[int] = []
    for origin, sites in ends:
        base = origin << SHIFT
        keys += [base | to for to in sites]
    keys.sort()
    return list(map(SHARED.__getitem__, keys))
