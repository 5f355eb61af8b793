"""What a connection game knows from its declaration alone: a game whose
``edges`` give each player two opposite sides of the board to join (Hex)
has, with no code of its own, the classic Hex evaluation (Anshelevich's
Hexy, Queenbee): the two-distance potential.

From a side, an empty square's two-distance is one more than the
*second*-smallest of its neighbours' (the opponent blocks the best one); the
squares on the side are at 1, a player's groups join every empty square
they touch, the opponent's pieces and neutral pieces are walls. A player's
potential is the least sum of a square's two-distances from both sides, less
one (how many more pieces a connection needs against resistance), and its
squares how many squares reach it (Queenbee's mobility). The evaluation is
the opponent's potential less the player's, squashed to -1..1, the squares
breaking ties. Against OpenSpiel's MCTS at Hex, alpha-beta by it is
measured in ``docs/strength.md``. On a square grid a square has one
neighbour towards a side, so no square has a second one to take: there the
evaluation is the plain fewest empty squares to join the sides
(:func:`shortest`), the opponent's less the player's.

Everything is bit masks over the grid's own sides (square or hexagonal),
as :mod:`boardgames.learning.structure`, which counts the same potential among its
learnt features, does. This module imports no game code: the rules layer
asks it (:meth:`Game.evaluate`'s default).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from ..geometry import ORTHOGONAL, Grid
from ..geometry.compiled import step_terms

#: The opposite sides of a board, as ``Game.edges`` names them.
AXES = (("south", "north"), ("west", "east"))
#: Of a potential's difference, in squares: a square is worth this much in log-odds.
_PER_SQUARE = 0.3
#: Of the difference in squares that reach the potential: ties broken, no more.
_PER_ROUTE = 0.02


def connects(edges: Mapping[str, int]) -> bool:
    """Whether ``edges`` (a game's declaration) give both players two
    opposite sides each to join: a connection game, which then gets
    :func:`evaluation`."""
    return all(any(edges.get(a) == p and edges.get(b) == p for a, b in AXES) for p in (0, 1))


def evaluation(state: Any, player: int) -> float:
    """How good ``state`` is for ``player`` in a connection game, -1 to 1:
    the opponent's two-distance potential less the player's (see the
    module's docstring)."""
    game = state.game
    grid = game.grid
    joins = sides_to_join(tuple(sorted(game.edges.items())), grid)
    boards, walls = masks(state)
    empty = grid.full & ~(boards[0] | boards[1] | walls)
    if grid.basis != "hex":  # a square has one neighbour towards a side: the two-distance never leaves it
        mine, theirs = (
            min(shortest(grid, boards[who], empty, a, b) for a, b in joins[who]) for who in (player, 1 - player)
        )
        return math.tanh(_PER_SQUARE * (theirs - mine))
    count, walled = counter(grid), 2 * math.isqrt(grid.full.bit_count())
    (mine, my_routes), (theirs, their_routes) = (
        potential(count, grid.beside, grid.chains(boards[who], empty), empty, joins[who]) or (walled, 0)
        for who in (player, 1 - player)
    )
    return math.tanh(_PER_SQUARE * (theirs - mine) + _PER_ROUTE * (my_routes - their_routes))


def masks(state: Any) -> tuple[tuple[int, ...], int]:
    """Each player's pieces as masks (the game's order) and the neutral pieces:
    a state's ``boards`` where it has them, else its ``owners()``."""
    boards = getattr(state, "boards", None)
    if not isinstance(boards, tuple):
        out = [0, 0]
        for square, owner in state.owners().items():
            out[owner] |= 1 << square
        boards = tuple(out)
    walls = 0
    for square in state.game.neutral(state):
        walls |= 1 << square
    return boards, walls


def shortest(grid: Grid, mine: int, empty: int, start: int, end: int) -> float:
    """The fewest empty squares that join ``start`` to ``end`` through
    ``mine`` (pieces cost nothing, empty squares one, the rest is a wall):
    a breadth-first search by layers of cost, each closed over the pieces it
    touches; ``2 * side`` if they cannot be joined. The evaluation of a
    connection game on a square grid, where the two-distance has no second
    neighbour to take."""
    reached = grid.connected(mine, start & mine)
    cost = 0
    while not reached & end:
        grow = (grid.touching(reached) | start) & empty & ~reached
        if not grow:
            return 2.0 * math.sqrt(grid.full.bit_count())  # walled off
        cost += 1
        reached |= grow
        reached = grid.connected(mine | reached, reached)
    return float(cost)


def potential(
    count: Callable[[int], tuple[int, int]],
    beside: tuple[int, ...],
    groups: list[tuple[int, int]],
    empty: int,
    joins: tuple[tuple[int, int], ...],
) -> tuple[int, int] | None:
    """The least :func:`two_distance` potential of the pieces of ``groups``
    over the pairs of sides ``joins``, and how many squares reach it (the
    most of them among equal potentials); None where no square has a
    distance from both sides of any pair (walled off)."""
    found = [two_distance(count, beside, groups, empty, a, b) for a, b in joins]
    return min((f for f in found if f[1]), key=lambda f: (f[0], -f[1]), default=None)


@functools.cache
def sides_to_join(edges: tuple[tuple[str, int], ...], grid: Grid) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Each player's pairs of opposite sides to join, as masks of ``grid``,
    from a game's ``edges`` (as sorted items: cached)."""
    declared = dict(edges)
    return tuple(
        tuple((grid.edge(a), grid.edge(b)) for a, b in AXES if declared.get(a) == p and declared.get(b) == p)
        for p in (0, 1)
    )


@functools.cache
def counter(grid: Grid) -> Callable[[int], tuple[int, int]]:
    """The squares of ``grid`` with at least one neighbour (sharing a side)
    in a mask, and those with at least two: compiled for the grid as
    :mod:`boardgames.geometry` compiles its fills, one step a line, the edge
    mask left out where every square it drops lands off the board; both may
    hold squares off the board (callers cut them)."""
    sides = tuple(grid.steps[d] for d in (range(len(grid.steps)) if grid.basis == "hex" else ORTHOGONAL))
    terms, constants = step_terms(sides, grid.full)
    lines = []
    for i, term in enumerate(terms):
        lines.append(f"s = {term}")
        lines.append("once = s" if i == 0 else ("twice = once & s" if i == 1 else "twice |= once & s"))
        if i:
            lines.append("once |= s")
    if len(sides) < 2:
        lines.append("twice = 0")
    body = "".join(f"    {line}\n" for line in lines)
    namespace: dict[str, int | Callable[[int], tuple[int, int]]] = dict(constants)
    exec(compile(f"def count(m):\n{body}    return once, twice\n", "<two-distance count>", "exec"), namespace)
    return namespace["count"]  # type: ignore[return-value]


def two_distance(
    count: Callable[[int], tuple[int, int]],
    beside: tuple[int, ...],
    groups: list[tuple[int, int]],
    empty: int,
    start: int,
    end: int,
) -> tuple[int, int]:
    """The two-distance potential of the pieces of ``groups`` (each with its
    liberties) between the sides ``start`` and ``end``, and how many empty
    squares reach it; (0, 0) if none does.

    Both sides' layers are grown together and stop as soon as the potential
    is sure: a square first reached at step k from one side has a sum of at
    least k + 1, so a sum s found is the least once s - 1 layers are grown
    from each side, and every square that makes it is counted by then."""
    near = layers(count, beside, groups, empty, start)
    far = layers(count, beside, groups, empty, end)
    from_near: list[int] = []
    from_far: list[int] = []
    best, found = 0, 0  # the least sum so far (0: none) and its squares
    k = 0
    while True:
        a, b = next(near, 0), next(far, 0)
        if not (a or b):
            break
        from_near.append(a)
        from_far.append(b)
        k += 1
        # The new pairs of layers: (k, j) and (j, k), j up to k, of sums k + j up to the best so far.
        top = min(k, best - k) if best else k
        for j in range(1, top + 1):
            both = (a & from_far[j - 1]).bit_count()
            if j < k:
                both += (from_near[j - 1] & b).bit_count()
            if both:
                if k + j < best or not best:
                    best, found = k + j, both
                elif k + j == best:
                    found += both
                break  # larger j: larger sums
        if best and best - 1 <= k:
            break
    return (best - 1, found) if best else (0, 0)


def layers(
    count: Callable[[int], tuple[int, int]],
    beside: tuple[int, ...],
    groups: list[tuple[int, int]],
    empty: int,
    start: int,
) -> Iterator[int]:
    """The empty squares by two-distance from the side ``start``, a layer of
    squares at distance 1, 2... at a time. A square joins the next layer
    once it has two different neighbours in the layers so far, a neighbour
    being a square beside it or one that touches a group it touches
    (counted once however it is reached): the squares seen from two
    directions at once (``count``, by the grid's steps: ``once``,
    ``twice``); the liberties of a group once it touches two squares of the
    layers (``through``), and, while it touches one, that one as a further
    neighbour of its other liberties (``once_g``, ``twice_g``) where it is
    not beside them already."""
    layer = start & empty
    waiting = []
    pending = 0  # the liberties of the groups in waiting
    for group, liberties in groups:
        if group & start:
            layer |= liberties  # joined to the side already
        elif liberties:
            waiting.append((liberties, 0))
            pending |= liberties
    free = empty & ~layer
    once = twice = once_g = twice_g = through = 0
    credited: dict[int, int] = {}
    while layer:
        yield layer
        seen, seen_twice = count(layer)
        twice |= seen_twice | once & seen
        once |= seen
        if pending & layer:
            still, pending = [], 0
            for liberties, contact in waiting:
                new = liberties & layer
                if not new:
                    still.append((liberties, contact))
                    pending |= liberties
                elif contact or new & (new - 1):  # a second square of the layers: all its liberties follow
                    through |= liberties
                else:  # its first: a neighbour of its other liberties, unless beside them or counted
                    added = liberties & ~beside[new.bit_length() - 1] & ~credited.get(new, 0)
                    credited[new] = credited.get(new, 0) | liberties
                    twice_g |= once_g & added
                    once_g |= added
                    still.append((liberties, new))
                    pending |= liberties
            waiting = still
        layer = (twice | once & once_g | twice_g | through) & free
        free &= ~layer
