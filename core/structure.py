"""Features of a position's structure, for a learnt evaluation of any grid game.

The observation planes (:mod:`boardgames.observation`) say what is on each
square; a linear model over them cannot see groups, which connection and
territory games are about. These features are counted from the pieces alone
and the grid's own topology (:mod:`boardgames.geometry`: its sides, on square,
point and hexagonal grids alike), with no code of any game's, each for the
player who looks (``my``) and for the opponent:

- ``pieces``: pieces on the board, a share of the board;
- ``groups``: groups of pieces joined through shared sides, per side of the board's length;
- ``liberties``: the empty squares next to the pieces (Go's liberties,
  Othello's frontier), a share of the board;
- ``pieces in atari``: pieces of groups with one liberty, a share of the board;
- ``area``: empty squares nearer (stepping across sides through empty
  squares) to the side's pieces than to the other's: the Voronoi territory of
  Go and Amazons programs, a share of the board; on a square grid also
  ``area, all directions``, stepping diagonally too (an Amazon's king distance);
- ``connection``, where the game says which sides of the board a player
  joins (``Game.edges``, Hex's): the fewest empty squares that would join
  two opposite sides through the player's pieces (a 0-1 shortest path, the
  classic Hex evaluation), per side of the board's length; 2 where they
  cannot be joined;
- ``two-distance`` and ``two-distance cells``, where the game declares
  ``Game.edges`` too (listed last, after ``first player``, so that a file
  fitted before them reads the same values in the same places): the
  classic Hex evaluation of Anshelevich's Hexy and Queenbee. From each of
  the two sides, an empty square's distance is one more than the
  *second*-smallest distance among its neighbours (the opponent blocks
  the best one); the squares on the side are at 1, the player's groups
  join every empty square they touch (pieces cost nothing), the
  opponent's are walls. The potential is the smallest sum of a square's
  distances from both sides, less one (11 on an empty 11×11 Hex board, as
  ``connection``), per side of the board's length (2 where no square has
  both); the cells are how many squares reach it (Queenbee's mobility),
  per side of the board's length.

And ``first player`` (1 if the looker is the game's first player, index 0):
the first move's advantage, which the planes cannot tell.

Everything is bit masks (a few dozen big-int operations a feature), since
alpha-beta asks thousands of evaluations a move. Pieces are a state's
``boards`` where it has them (:class:`~boardgames.bitboard.BitboardState`),
else its ``owners()``; neutral pieces (Amazons' arrows) are walls.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterator

import attrs

from .game import Game, State
from .geometry import ORTHOGONAL, Grid, bits

_SIDE = ("pieces", "groups", "liberties", "pieces in atari", "area")
_TWO = ("two-distance", "two-distance cells")
#: The opposite sides of a board, as ``Game.edges`` names them.
_AXES = (("south", "north"), ("west", "east"))


def structure_names(game: Game) -> tuple[str, ...]:
    """The structural features of ``game`` as configured, in order."""
    return _plan(type(game), game.grid).names  # type: ignore[arg-type]  # classes hash by identity


@attrs.frozen
class _Plan:
    """What :func:`structure` needs of a game's grid, worked out once."""

    names: tuple[str, ...]
    #: The squares of the board, and its side (the square root: a Hex side, a Go side).
    size: int
    side: float
    #: Steps diagonally too, on a square grid (``area, all directions``); None on a hexagonal one.
    around: Callable[[int], int] | None
    #: Each player's pairs of opposite sides to join, as masks, where the game declares them.
    joins: tuple[tuple[tuple[int, int], ...], ...]
    #: How many features come before the two-distance's.
    before: int
    #: The squares with one neighbour and with two in a mask (:func:`_counter`), for the two-distance.
    count: Callable[[int], tuple[int, int]]


@functools.cache
def _plan(cls: type[Game], grid: Grid) -> _Plan:
    around = functools.partial(grid.next_to, diagonal=True) if grid.basis == "square" else None
    side = (*_SIDE, "area, all directions") if around else _SIDE
    edges = dict(cls.edges)
    joins = tuple(
        tuple((grid.edge(a), grid.edge(b)) for a, b in _AXES if edges.get(a) == player and edges.get(b) == player)
        for player in range(2)
    )
    if any(joins):
        side = (*side, "connection")
    names = (*(f"my {n}" for n in side), *(f"opponent's {n}" for n in side), "first player")
    before = len(names)
    if any(joins):  # after the rest: older files' features keep their places
        names += tuple(f"{who} {n}" for who in ("my", "opponent's") for n in _TWO)
    size = grid.full.bit_count()
    # The directions whose step reaches a square that shares a side (all six on a hexagonal grid).
    sides = tuple(grid.steps[d] for d in (range(len(grid.steps)) if grid.basis == "hex" else ORTHOGONAL))
    return _Plan(names, size, math.sqrt(size), around, joins if any(joins) else (), before, _counter(sides, grid.full))


def masks(state: State) -> tuple[tuple[int, ...], int]:
    """Each player's pieces as masks (the game's order) and the neutral pieces."""
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


def structure(state: State, player: int, first: int | None = None) -> list[float]:
    """The values of :func:`structure_names` for ``state`` as ``player`` sees
    it; with ``first``, those of the first ``first`` names at least (a file
    fitted before the two-distance reads its features without paying for it)."""
    game = state.game
    grid = game.grid
    plan = _plan(type(game), grid)  # type: ignore[arg-type]  # classes hash by identity
    size, side, joins, count = plan.size, plan.side, plan.joins, plan.count
    boards, walls = masks(state)
    mine, theirs = boards[player], boards[1 - player]
    empty = grid.full & ~(mine | theirs | walls)
    areas = [_area(grid.touching, mine, theirs, empty)]
    if plan.around is not None:
        areas.append(_area(plan.around, mine, theirs, empty))
    out: list[float] = []
    two: list[float] = []
    for me, area, owner in ((mine, 0, player), (theirs, 1, 1 - player)):
        groups = grid.chains(me, empty)
        atari = 0
        for group, liberties in groups:
            if liberties & (liberties - 1) == 0 and liberties:  # one liberty
                atari += group.bit_count()
        out += (
            me.bit_count() / size,
            len(groups) / side,
            (grid.touching(me) & empty).bit_count() / size,
            atari / size,
            *(a[area] / size for a in areas),
        )
        if joins:
            out.append(min((_connection(grid, me, empty, a, b) for a, b in joins[owner]), default=2.0 * side) / side)
            if first is not None and first <= plan.before:
                continue
            best = min(
                (_two_distance(count, grid.beside, groups, empty, a, b) for a, b in joins[owner]),
                key=lambda found: (found[0] or math.inf, -found[1]),  # 0: no square has both
                default=(0, 0),
            )
            two += (best[0] / side, best[1] / side) if best[0] else (2.0, 0.0)
    out.append(1.0 if player == 0 else 0.0)
    return out + two


def _area(step: Callable[[int], int], mine: int, theirs: int, empty: int) -> tuple[int, int]:
    """The empty squares each side reaches first, stepping by ``step``
    through empty squares (both sides at once; a tie is nobody's)."""
    front_m, front_t, free = mine, theirs, empty
    area_m = area_t = 0
    while front_m or front_t:
        new_m, new_t = step(front_m) & free, step(front_t) & free
        both = new_m & new_t
        area_m |= new_m & ~both
        area_t |= new_t & ~both
        free &= ~(new_m | new_t)
        front_m, front_t = new_m, new_t
    return area_m.bit_count(), area_t.bit_count()


def _connection(grid: Grid, mine: int, empty: int, start: int, end: int) -> float:
    """The fewest empty squares that join ``start`` to ``end`` through
    ``mine`` (pieces cost nothing, empty squares one, the rest is a wall):
    a breadth-first search by layers of cost, each closed over the pieces it
    touches; ``2 * side`` if they cannot be joined."""
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


def _two_distance(
    count: Callable[[int], tuple[int, int]],
    beside: tuple[int, ...],
    groups: list[tuple[int, int]],
    empty: int,
    start: int,
    end: int,
) -> tuple[int, int]:
    """The two-distance potential of the pieces of ``groups`` (each with its
    liberties) between the sides ``start`` and ``end``, and how many empty
    squares reach it; (0, 0) if none does (see the module's docstring).

    Both sides' layers are grown together and stop as soon as the potential
    is sure: a square first reached at step k from one side has a sum of at
    least k + 1, so a sum s found is the least once s - 1 layers are grown
    from each side, and every square that makes it is counted by then."""
    near = _two_distances(count, beside, groups, empty, start)
    far = _two_distances(count, beside, groups, empty, end)
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


def _two_distances(
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


def _counter(sides: tuple[tuple[int, int], ...], full: int) -> Callable[[int], tuple[int, int]]:
    """A function of a mask ``m``: the squares with at least one neighbour
    in ``m``, and those with at least two (counted over ``sides``, the
    steps ``(amount, keep)`` to the squares that share a side). Compiled
    for the grid as :mod:`boardgames.geometry` compiles its fills: one step
    a line, the edge mask left out where every square it drops lands off
    the board; both may hold squares off the board (callers cut them)."""
    lines, constants = [], {}
    for i, (amount, keep) in enumerate(sides):
        shift = f"<< {amount}" if amount > 0 else f">> {-amount}"
        if all(not (0 <= sq + amount and full >> (sq + amount) & 1) for sq in bits(full & ~keep)):
            lines.append(f"s = m {shift}")
        else:
            constants[f"K{i}"] = keep
            lines.append(f"s = (m & K{i}) {shift}")
        lines.append("once = s" if i == 0 else ("twice = once & s" if i == 1 else "twice |= once & s"))
        if i:
            lines.append("once |= s")
    if len(sides) < 2:
        lines.append("twice = 0")
    body = "".join(f"    {line}\n" for line in lines)
    namespace: dict[str, int | Callable[[int], tuple[int, int]]] = dict(constants)
    exec(compile(f"def count(m):\n{body}    return once, twice\n", "<two-distance count>", "exec"), namespace)
    return namespace["count"]  # type: ignore[return-value]
