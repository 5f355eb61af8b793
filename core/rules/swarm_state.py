"""A state for a swarm (:mod:`boardgames.geometry.swarm`): numbered tiles,
each on a site of the game's grid or in hand, lying in piles bottom to top,
one moved at a time from the hand or a pile's top onto a pile's top (an empty
site's too). Where a tile lands on the board's rim, every tile moves back
toward the middle (a board with no fixed edge: ``SwarmBoard.centring_step``),
and the state keeps that step for drawing the last move. The cells' patterns
a swarm's moves read are carried from each position to the next.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import attrs

from ..geometry.swarm import Patterns, SwarmBoard
from .game import Outcome, State

#: What ends a position: its outcome from its piles by site and each tile's site (None: it goes on).
Ended = Callable[[dict[int, tuple[int, ...]], Sequence[int]], "Outcome | None"]
SwarmStateT = TypeVar("SwarmStateT", bound="SwarmState")


@attrs.frozen(kw_only=True, slots=False)
class SwarmState(State):
    """Tiles in piles on the sites of a swarm's board (``game.grid``), numbered as the game numbers them."""

    #: Each tile's site, -1 in hand: the game's start gives every tile one (``(-1,) * tiles``).
    where: tuple[int, ...] = ()
    #: (site, tiles bottom to top) for each taken site, in site order.
    piles: tuple[tuple[int, tuple[int, ...]], ...] = ()
    #: The tile moved last (-1: none).
    last: int = -1
    #: The step (files, ranks) the last move took every tile back toward the middle, (0, 0) where it did not:
    #: for drawing the last move (``Game.carried_by_last_move``), not part of the position (its key).
    recentred: tuple[int, int] = attrs.field(default=(0, 0), metadata={"key": False})

    @functools.cached_property
    def pile(self) -> dict[int, tuple[int, ...]]:
        """The piles by site."""
        return dict(self.piles)

    @functools.cached_property
    def cell_patterns(self) -> Patterns:
        """Each cell's taken neighbours and height (``SwarmBoard.patterns``), carried by :meth:`tile_moved`."""
        return SwarmBoard.of(self.game.grid).patterns((s, len(pile)) for s, pile in self.piles)

    def tile_moved(
        self: SwarmStateT, tile: int, origin: int, to: int, ended: Ended, **fields: Any
    ) -> SwarmStateT | None:
        """The position once ``tile`` went from the top of ``origin`` (-1: from the hand) onto ``to``: its
        ``where``, ``piles``, ``last`` and ``recentred``, every tile moved back toward the middle where ``to`` is
        on the rim, its ``outcome`` what ``ended`` says of its piles by site and tiles' sites, and ``fields``
        (its history, whose turn); None where the swarm cannot move back (it spans the board). Its piles by
        site and its patterns come with it, carried from this position's where they were worked out."""
        board, piles = SwarmBoard.of(self.game.grid), dict(self.piles)
        if origin >= 0:
            rest = piles.pop(origin)[:-1]
            if rest:
                piles[origin] = rest
        where = list(self.where)
        where[tile], step, landing = -1, (0, 0), to
        if board.on_rim[to]:
            found = board.centring_step([s for s in self.where if s >= 0], (to,))
            if found is None:
                return None
            step, moved = found, board.shifted
            piles = {moved(s, step): p for s, p in piles.items()}
            where = [moved(s, step) for s in where]
            landing = moved(to, step)
        piles[landing] = piles.get(landing, ()) + (tile,)
        where[tile] = landing
        after = type(self)(game=self.game, where=tuple(where), piles=tuple(sorted(piles.items())), last=tile,
                           recentred=step, outcome=ended(piles, where), **fields)
        after.__dict__["pile"] = piles
        if step == (0, 0) and "cell_patterns" in self.__dict__:  # only the cells around the two ends changed
            after.__dict__["cell_patterns"] = board.after(self.cell_patterns, origin, to)
        return after
