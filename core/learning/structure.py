"""Features of a position's structure, for a learnt evaluation of any grid game.

The observation planes (:mod:`boardgames.learning.observation`) say what is on each
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
  per side of the board's length. Counted by :mod:`boardgames.rules.connection`,
  which also gives a connection game this evaluation from its edges alone.

And ``first player`` (1 if the looker is the game's first player, index 0):
the first move's advantage, which the planes cannot tell.

With one player or more than two, ``opponent's`` is every other player's
pieces together (and, where the game declares sides, the connection of the
next player's); in a game with hidden information, the features are of what
the looker sees (:meth:`~boardgames.rules.game.Game.hide`) and no more.

Last (after the rest, so that files fitted before read theirs unchanged and
pay nothing for it), ``area, along lines``: the empty squares a side reaches
first moving as a queen does, any number of empty squares along a line in
any direction (the queen-distance territory of Amazons programs), a share
of the board.

Everything is bit masks (a few dozen big-int operations a feature), since
alpha-beta asks thousands of evaluations a move. Pieces are a state's
``boards`` where it has them (:class:`~boardgames.rules.bitboard.BitboardState`),
else its ``owners()``; neutral pieces (Amazons' arrows) are walls.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable

import attrs

from ..geometry import Grid
from ..rules.connection import counter, masks, potential, shortest, sides_to_join
from ..rules.game import Game, State

_SIDE = ("pieces", "groups", "liberties", "pieces in atari", "area")
_TWO = ("two-distance", "two-distance cells")


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
    #: How many come before the areas along lines (the last two: a file with fewer does not pay for them).
    lines_at: int
    #: The squares with one neighbour and with two in a mask, for the two-distance
    #: (:func:`boardgames.rules.connection.counter`).
    count: Callable[[int], tuple[int, int]]


@functools.cache
def _plan(cls: type[Game], grid: Grid) -> _Plan:
    around = functools.partial(grid.next_to, diagonal=True) if grid.basis == "square" else None
    side = (*_SIDE, "area, all directions") if around else _SIDE
    joins = sides_to_join(tuple(sorted(cls.edges.items())), grid)
    if any(joins):
        side = (*side, "connection")
    names = (*(f"my {n}" for n in side), *(f"opponent's {n}" for n in side), "first player")
    before = len(names)
    if any(joins):  # after the rest: older files' features keep their places
        names += tuple(f"{who} {n}" for who in ("my", "opponent's") for n in _TWO)
    lines_at = len(names)
    names += ("my area, along lines", "opponent's area, along lines")
    size = grid.full.bit_count()
    return _Plan(names, size, math.sqrt(size), around, joins if any(joins) else (), before, lines_at, counter(grid))


def structure(state: State, player: int, first: int | None = None) -> list[float]:
    """The values of :func:`structure_names` for ``state`` as ``player`` sees
    it; with ``first``, those of the first ``first`` names at least (a file
    fitted before the two-distance reads its features without paying for it)."""
    game = state.game
    grid = game.grid
    plan = _plan(type(game), grid)  # type: ignore[arg-type]  # classes hash by identity
    size, side, joins, count = plan.size, plan.side, plan.joins, plan.count
    if game.hidden_information and state.outcome is None:  # what the player sees, and no more
        state = game.hide(state, player)
    players = game.number_of_players
    if players == 2:
        boards, walls = masks(state)
        mine, theirs = boards[player], boards[1 - player]
    else:  # one player, or more than two: every other player's pieces are the opponent's
        mine = theirs = walls = 0
        for square, owner in state.owners().items():
            if owner == player:
                mine |= 1 << square
            else:
                theirs |= 1 << square
        for square in game.neutral(state):
            walls |= 1 << square
    rival = (player + 1) % players  # whose sides the opponent's connection is measured between
    empty = grid.full & ~(mine | theirs | walls)
    areas = [_area(grid.touching, mine, theirs, empty)]
    if plan.around is not None:
        areas.append(_area(plan.around, mine, theirs, empty))
    out: list[float] = []
    two: list[float] = []
    for me, area, owner in ((mine, 0, player), (theirs, 1, rival)):
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
            ways = (shortest(grid, me, empty, a, b) for a, b in _sides(joins, owner))
            out.append(min(ways, default=2.0 * side) / side)
            if first is not None and first <= plan.before:
                continue
            best = potential(count, grid.beside, groups, empty, _sides(joins, owner))
            two += (best[0] / side, best[1] / side) if best else (2.0, 0.0)
    out.append(1.0 if player == 0 else 0.0)
    if first is not None and first <= plan.lines_at:  # a file fitted before them: not paid for
        return out + two
    lines = _area(_along_lines(grid, empty), mine, theirs, empty)
    return out + two + [lines[0] / size, lines[1] / size]


def _sides(joins: tuple[tuple[tuple[int, int], ...], ...], owner: int) -> tuple[tuple[int, int], ...]:
    """The pairs of sides ``owner`` joins (none for a player the edges do not name)."""
    return joins[owner] if owner < len(joins) else ()


def _along_lines(grid: Grid, empty: int) -> Callable[[int], int]:
    """A queen's step: the squares reached from a mask along a line in any
    direction through ``empty`` squares (each direction a whole-mask fill)."""
    flood, directions = grid.flood, range(len(grid.directions))

    def step(front: int) -> int:
        reached = 0
        for direction in directions:
            reached |= flood(front, empty, direction)
        return reached & ~front

    return step


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
