"""Fences on a grooved board (boardgames.rules.fences), on their own: the bars free and the bars that
shut no piece off from its goal, checked bar by bar against a plain breadth-first search over seeded
random fences, pieces and goals on boards square and not, and what is worked out bar by bar
(``lay``) against the same found afresh."""

from __future__ import annotations

import random
from collections import deque

import pytest

from boardgames import Grid, bits
from boardgames.rules.fences import Fences

STEPS = ((2, 0), (-2, 0), (0, 2), (0, -2))  # from a cell to its neighbour, in the grid's coordinates


def cell_sites(grid: Grid) -> list[int]:
    return [sq for sq in range(grid.size) if grid.site_kinds[sq] == "cell"]


def region(grid: Grid, cell: int, walls: int) -> set[int]:
    """The cells a piece on ``cell`` reaches past ``walls``: a breadth-first search, step by step."""
    seen, todo = {cell}, deque([cell])
    while todo:
        f, r = grid.coords(todo.popleft())
        for df, dr in STEPS:
            if not (0 < f + df < grid.width and 0 < r + dr < grid.height):
                continue
            there, between = grid.index(f + df, r + dr), grid.index(f + df // 2, r + dr // 2)
            if not walls >> between & 1 and there not in seen:
                seen.add(there)
                todo.append(there)
    return seen


def every_piece_reaches(grid: Grid, at: list[int], goals: list[int], walls: int) -> bool:
    """Whether each piece (on a cell of ``at``) reaches a cell of its goal (a mask of ``goals``)."""
    return all(any(goal >> sq & 1 for sq in region(grid, cell, walls)) for cell, goal in zip(at, goals, strict=True))


@pytest.mark.parametrize(
    ("width", "height", "pieces", "runs"), [(5, 5, 2, 12), (4, 7, 3, 12), (7, 4, 1, 12), (9, 9, 4, 2), (2, 3, 2, 12)]
)
def test_the_bars_allowed_are_those_a_plain_search_finds_leaving_every_piece_its_goal(width, height, pieces, runs):
    grid = Grid.grooved(width, height)
    fences, cells = Fences(grid), cell_sites(grid)
    rng = random.Random(f"fences {width} {height}")
    checked = refused = parted = 0
    for _ in range(runs):
        # Each piece's goal: a side of the board or a few cells anywhere; each piece where its goal is not.
        goals = []
        for _ in range(pieces):
            axis, line = rng.choice([(0, 1), (0, grid.width - 2), (1, 1), (1, grid.height - 2), (2, 0)])
            side = [sq for sq in cells if axis < 2 and grid.coords(sq)[axis] == line]  # a file or rank of cells
            goals.append(grid.mask(side or rng.sample(cells, rng.randint(1, 3))))
        at = [rng.choice([sq for sq in cells if not goal >> sq & 1] or cells) for goal in goals]
        walls = 0
        while True:
            free = [bar for bar in fences.bars if not fences.sites[bar] & walls]
            assert list(fences.free(walls)) == free
            expected = [bar for bar in free if every_piece_reaches(grid, at, goals, walls | fences.sites[bar])]
            assert list(fences.allowed(walls, at, tuple(goals))) == expected, (walls, at)
            afresh, known = Fences(grid).free_bars(walls), fences.known[walls]  # as worked out bar by bar
            same = ("moves", "once", "twice", "whole", "rings", "east", "north")
            assert [getattr(afresh, name) for name in same] == [getattr(known, name) for name in same]
            checked, refused = checked + 1, refused + len(free) - len(expected)
            parted += not known.whole
            if not expected:
                break
            walls = fences.lay(walls, rng.choice(expected))
            at = [rng.choice(sorted(region(grid, c, walls))) for c in at]  # each piece somewhere it may go
    # Each run lays bars until none is allowed: some refused, some leaving the cells in parts.
    assert checked > 2 * runs and refused > runs and parted > runs // 2, (checked, refused, parted)


def test_a_bar_is_a_move_on_its_crossing_with_its_way_as_choice_and_takes_three_sites():
    grid = Grid.grooved(3, 2)
    fences = Fences(grid)
    assert len(fences.bars) == 2 * 2 * 1 and list(fences.bars) == sorted(fences.bars)
    names = {
        (grid.name(bar.to), "hv"[bar.choice]): {grid.name(sq) for sq in bits(fences.sites[bar])} for bar in fences.bars
    }
    assert names[("a1ne", "h")] == {"a1n", "a1ne", "b1n"} and names[("b1ne", "v")] == {"b1e", "b1ne", "b2e"}
    # Laid, a bar leaves free neither itself, nor the one across it, nor those overlapping it.
    walls = fences.lay(0, next(bar for bar in fences.bars if grid.name(bar.to) == "a1ne" and bar.choice == 0))
    assert {(grid.name(bar.to), "hv"[bar.choice]) for bar in fences.free(walls)} == {("b1ne", "v")}


def test_fences_need_a_grooved_board_and_goals_of_its_cells():
    with pytest.raises(ValueError, match="grooved board"):
        Fences(Grid.lattice(3, 3))
    grid = Grid.grooved(3, 3)
    edge = grid.parse_square("a1n")
    with pytest.raises(ValueError, match=f"site {edge} is not a cell"):
        Fences(grid).allowed(0, [grid.parse_square("b2")], (1 << edge,))
