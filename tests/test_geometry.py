"""The whole-mask primitives of Grid, checked square by square against the
obvious loops over coordinates, on many seeded random masks and board shapes
(square, tall, wide, odd sizes: the edge masks are where such code breaks)."""

from __future__ import annotations

import random

import pytest

from boardgames import Grid, bits, place, placements
from boardgames.geometry import DIRECTIONS, EAST, NORTH, OPPOSITE

SHAPES = [(8, 8), (6, 6), (5, 9), (9, 5), (1, 7), (7, 1), (19, 19), (3, 3)]


def random_masks(grid: Grid, rng: random.Random) -> tuple[int, int]:
    """Two disjoint random masks, fairly full, as in mid-game."""
    mine = theirs = 0
    for sq in range(grid.size):
        roll = rng.random()
        if roll < 0.35:
            mine |= 1 << sq
        elif roll < 0.7:
            theirs |= 1 << sq
    return mine, theirs


def step(grid: Grid, sq: int, d: int) -> int:
    """The square one step from ``sq`` in direction ``d``, -1 off the board."""
    f, r = grid.coords(sq)
    df, dr = DIRECTIONS[d]
    f, r = f + df, r + dr
    return grid.index(f, r) if 0 <= f < grid.width and 0 <= r < grid.height else -1


def cases(shape: tuple[int, int], count: int = 40):
    grid = Grid.get(*shape)
    rng = random.Random(f"{shape}")
    for _ in range(count):
        yield grid, *random_masks(grid, rng)


@pytest.mark.parametrize("shape", SHAPES)
def test_shift_and_next_to_match_stepping_square_by_square(shape):
    for grid, mine, _ in cases(shape):
        for d in range(8):
            expected = grid.mask(t for sq in bits(mine) if (t := step(grid, sq, d)) >= 0)
            assert grid.shift(mine, d) == expected
        assert grid.shift(mine, EAST, 2) == grid.shift(grid.shift(mine, EAST), EAST)
        around = grid.mask(t for sq in bits(mine) for d in range(8) if (t := step(grid, sq, d)) >= 0)
        assert grid.next_to(mine) == around & ~mine
        beside = grid.mask(t for sq in bits(mine) for d in (0, 2, 4, 6) if (t := step(grid, sq, d)) >= 0)
        assert grid.next_to(mine, diagonal=False) == beside & ~mine
        assert grid.spread(mine) == beside | mine


@pytest.mark.parametrize("shape", SHAPES)
def test_flood_matches_walking_each_ray(shape):
    for grid, mine, theirs in cases(shape):
        for d in range(8):
            expected = mine
            for sq in bits(mine):
                t = step(grid, sq, d)
                while t >= 0 and theirs >> t & 1:
                    expected |= 1 << t
                    t = step(grid, t, d)
            assert grid.flood(mine, theirs, d) == expected, (shape, d)


def brute_bracketed(grid: Grid, sq: int, mine: int, theirs: int) -> list[int]:
    runs = []
    for d in range(8):
        run, t = 0, step(grid, sq, d)
        while t >= 0 and theirs >> t & 1:
            run |= 1 << t
            t = step(grid, t, d)
        if run and t >= 0 and mine >> t & 1:
            runs.append(run)
    return runs


@pytest.mark.parametrize("shape", SHAPES)
def test_bracketing_and_bracketed_match_the_rays(shape):
    for grid, mine, theirs in cases(shape):
        empty = grid.full & ~(mine | theirs)
        expected = grid.mask(sq for sq in bits(empty) if brute_bracketed(grid, sq, mine, theirs))
        assert grid.bracketing(mine, theirs) == expected
        for sq in bits(empty):
            assert list(grid.bracketed(sq, mine, theirs)) == brute_bracketed(grid, sq, mine, theirs)


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("n", [2, 3, 5])
def test_lines_has_line_and_completing_match_the_windows(shape, n):
    for grid, mine, theirs in cases(shape, 25):
        windows = grid.windows(n)
        in_line = 0
        for w in windows:
            if mine & w == w:
                in_line |= w
        assert grid.lines(mine, n) == in_line
        assert grid.has_line(mine, n) == bool(in_line)
        for sq in bits(grid.full)[:: max(1, grid.size // 12)]:
            through = any(mine & w == w for w in windows if w >> sq & 1)
            assert grid.has_line(mine, n, touching=1 << sq) == through
        empty = grid.full & ~(mine | theirs)
        expected = grid.mask(sq for sq in bits(empty) if grid.has_line(mine | 1 << sq, n, touching=1 << sq))
        assert grid.completing(mine, empty, n) == expected


def test_the_documented_directions_are_opposite_pairs():
    for d, (df, dr) in enumerate(DIRECTIONS):
        assert DIRECTIONS[OPPOSITE[d]] == (-df, -dr)
    assert DIRECTIONS[NORTH] == (0, 1) and DIRECTIONS[EAST] == (1, 0)


def test_the_examples_in_the_geometry_module_run():
    import doctest

    import boardgames.geometry

    result = doctest.testmod(boardgames.geometry)
    assert result.attempted >= 5 and result.failed == 0


def test_placements_are_sorted_remembered_and_bounded(monkeypatch):
    import boardgames.moves as moves

    assert placements(0b101) == (place(0), place(2)) and placements(0) == ()
    assert placements(1 << 300) == (place(300),)  # any size of board
    assert placements(0b1101) is placements(0b1101)  # remembered
    monkeypatch.setattr(moves, "_MASKS_HELD", 3)
    monkeypatch.setattr(moves, "_held", 0)
    moves._PLACEMENTS.clear()
    for mask in (1, 2, 3, 4):
        placements(mask)
    assert len(moves._PLACEMENTS) <= 3  # forgotten past the bound, still right after it
    assert placements(3) == (place(0), place(1))
