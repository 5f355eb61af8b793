"""The swarm's vocabulary (boardgames.geometry.swarm), each word against a
brute force over seeded random connected groups on hexagons and squares:
the sites a group falls apart without (remove the tile, test the rest's
connectivity), slides round its rim (walked step by step from the cells'
coordinates), climbs, hops, the cells beside one player's tiles alone, the
patterns carried from move to move, and the step back to the middle; and the
steps shared by every position (boardgames.rules.shared_steps)."""

from __future__ import annotations

import random

import pytest

from boardgames import Grid, Move
from boardgames.geometry.swarm import Swarm, SwarmBoard
from boardgames.rules import shared_steps

GRIDS = {"hexagon": Grid.hexagon(7), "square": Grid.get(13)}


def random_group(board: SwarmBoard, rng: random.Random, size: int) -> dict[int, int]:
    """A connected group of ``size`` sites grown from the middle, each with a height (mostly 1)."""
    grid, taken = board.grid, {board.centre}
    while len(taken) < size:
        taken.add(rng.choice(sorted({n for s in taken for n in grid.neighbours[s]} - taken)))
    return {s: rng.choice((1, 1, 1, 2, 3)) for s in taken}


def groups(name: str, count: int = 150) -> list[tuple[SwarmBoard, dict[int, int]]]:
    board, rng = SwarmBoard.of(GRIDS[name]), random.Random(sorted(GRIDS).index(name))
    return [(board, random_group(board, rng, rng.randint(1, 24))) for _ in range(count)]


def swarm_of(board: SwarmBoard, heights: dict[int, int]) -> Swarm:
    return Swarm(board, board.patterns(heights.items()))


def connected(grid: Grid, sites: set[int]) -> bool:
    if not sites:
        return True
    seen, todo = set(), [next(iter(sites))]
    while todo:
        s = todo.pop()
        if s not in seen:
            seen.add(s)
            todo += [n for n in grid.neighbours[s] if n in sites]
    return seen == sites


def neighbour(grid: Grid, site: int, d: int) -> int:
    ray = grid.rays[site][d % len(grid.directions)]
    return ray[0] if ray else -1


def step_ok(board: SwarmBoard, taken: set[int], site: int, d: int) -> int:
    """Where a slide from ``site`` in direction ``d`` goes, read from the coordinates: -1 where it may not."""
    to = neighbour(board.grid, site, d)
    beside = [neighbour(board.grid, site, d + k) in taken for k in (1, -1)]
    return to if to >= 0 and to not in taken and beside[0] != beside[1] else -1


def walked(board: SwarmBoard, taken: set[int], start: int, distance: int) -> set[int]:
    """Every path of ``distance`` slides (-1: any number) from ``start``, walked one step at a time."""
    taken = taken - {start}
    ends: set[int] = set()

    def walk(path: list[int]) -> None:
        if distance < 0 or len(path) <= distance:
            for d in board.steps:
                to = step_ok(board, taken, path[-1], d)
                if to < 0 or to in path or (distance < 0 and to in ends):
                    continue
                if distance < 0 or len(path) == distance:
                    ends.add(to)
                if distance < 0 or len(path) < distance:
                    walk([*path, to] if distance >= 0 else [to])

    walk([start])
    return ends - {start}


@pytest.mark.parametrize("name", GRIDS)
def test_the_sites_a_group_falls_apart_without_are_those_whose_removal_splits_it(name):
    found = 0
    for board, heights in groups(name):
        taken = set(heights)
        expected = {s for s in taken if not connected(board.grid, taken - {s})}
        assert swarm_of(board, heights).pinned(next(iter(taken))) == expected, sorted(taken)
        found += len(expected)
    assert found > 100  # the groups have articulation points to find


@pytest.mark.parametrize("name", GRIDS)
@pytest.mark.parametrize("distance", [1, 2, 3, -1])
def test_slides_round_the_rim_are_the_walks_step_by_step_through_the_gate(name, distance):
    reached = 0
    for board, heights in groups(name, 60):
        swarm, taken = swarm_of(board, heights), set(heights)
        for start in sorted(taken):
            out: set[int] = set()
            swarm.slides(start, distance, out)
            assert out == walked(board, taken, start, distance), (sorted(taken), start)
            reached += len(out)
        assert swarm.around == bytearray(board.patterns(heights.items()).around)  # put back as it was
    assert reached > 100


@pytest.mark.parametrize("name", GRIDS)
def test_climbs_and_hops_follow_the_piles_and_lines_beside_a_cell(name):
    climbed = hopped = 0
    for board, heights in groups(name, 80):
        swarm, grid = swarm_of(board, heights), board.grid
        for site in sorted({s for t in heights for s in grid.neighbours[t]} | set(heights)):
            h = heights.get(site, 1) - 1
            out: set[tuple[int, int]] = set()
            swarm.climbs(site, h, out)
            expected = set()
            for d in board.steps:
                to = neighbour(grid, site, d)
                up, over = heights.get(to, 0), max(heights.get(to, 0), h)
                sides = [heights.get(neighbour(grid, site, d + k), 0) for k in (1, -1)]
                if to >= 0 and (up or h) and min(sides) <= over:
                    expected.add((to, up))
            assert out == expected, (site, h)
            hops: set[int] = set()
            swarm.hops(site, hops)
            lines = [grid.rays[site][d] for d in board.steps]
            ends = [next((s for s in ray if s not in heights), -1) for ray in lines if ray and ray[0] in heights]
            assert hops == set(ends) - {-1}
            climbed, hopped = climbed + len(out), hopped + len(hops)
    assert climbed > 100 and hopped > 100


@pytest.mark.parametrize("name", GRIDS)
def test_the_cells_beside_one_players_tiles_alone_and_the_surrounded_ones(name):
    rng, surrounded = random.Random(5), 0
    for board, heights in groups(name, 80):
        swarm, grid = swarm_of(board, heights), board.grid
        owner = {s: rng.randrange(2) for s in heights}
        mine, theirs = [s for s in owner if owner[s] == 0], [s for s in owner if owner[s] == 1]
        near = [{n for s in sites for n in grid.neighbours[s]} for sites in (mine, theirs)]
        assert swarm.beside_only(mine, theirs) == sorted(near[0] - near[1] - set(heights))
        for site in heights:
            closed = len(grid.neighbours[site]) == len(board.steps) and set(grid.neighbours[site]) <= set(heights)
            assert swarm.surrounded(site) == closed
            surrounded += closed
    assert surrounded > 10


@pytest.mark.parametrize("name", GRIDS)
def test_patterns_carried_move_to_move_are_those_worked_out_afresh(name):
    board, rng = SwarmBoard.of(GRIDS[name]), random.Random(3)
    for _ in range(40):
        heights = random_group(board, rng, rng.randint(2, 20))
        patterns = board.patterns(heights.items())
        for _ in range(10):
            origin = rng.choice([-1, *heights])
            to = rng.choice(sorted({n for s in heights for n in board.beside[s]} | set(heights)))
            patterns = board.after(patterns, origin, to)
            if origin >= 0:
                heights[origin] -= 1
                if not heights[origin]:
                    del heights[origin]
            heights[to] = heights.get(to, 0) + 1
            assert patterns == board.patterns(heights.items())


def openspiels_centring(radius: int, cells: list[tuple[int, int]], to: tuple[int, int]) -> tuple[int, int] | None:
    """OpenSpiel's hive's recentring, in its axial (q, r): as its C++ writes it."""
    avg = [(min(0, *v) + max(0, *v)) / 2 for v in zip(*((q, r, -q - r) for q, r in cells), strict=True)]
    rounded = [int(a + 0.5) if a >= 0 else -int(-a + 0.5) for a in avg]
    diff = [abs(r - a) for r, a in zip(rounded, avg, strict=True)]
    if diff[0] > diff[1] and diff[0] > diff[2]:
        rounded[0] = -rounded[1] - rounded[2]
    elif diff[1] > diff[2]:
        rounded[1] = -rounded[0] - rounded[2]
    dq, dr = -rounded[0], -rounded[1]
    moved = [(q + dq, r + dr) for q, r in [to, *cells]]
    if (dq, dr) == (0, 0) or any(max(abs(q), abs(r), abs(q + r)) > radius for q, r in moved):
        return None
    return dq, dr


def test_the_step_back_to_the_middle_is_openspiels_on_hexagons_and_keeps_every_site_inside():
    board, rng, moved = SwarmBoard.of(Grid.hexagon(7)), random.Random(11), 0
    grid, (cf, cr) = board.grid, board.grid.coords(board.centre)

    def axial(site: int) -> tuple[int, int]:
        f, r = grid.coords(site)
        return f - cf + r - cr, cr - r

    rim = [s for s in range(grid.size) if board.on_rim[s]]
    for _ in range(400):
        heights = random_group(board, rng, rng.randint(1, 12))
        step = rng.choice([(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)])
        sites = sorted(heights)
        for _ in range(rng.randint(0, 6)):
            if all(board.shifted(s, step) >= 0 and not board.on_rim[board.shifted(s, step)] for s in sites):
                sites = [board.shifted(s, step) for s in sites]
        to = rng.choice(rim)
        found = board.centring_step(sites, (to,))
        assert found == (None if (e := openspiels_centring(5, [axial(s) for s in sites], axial(to))) is None
                         else (e[0] + e[1], -e[1])), (sites, to)  # fmt: skip
        if found is not None:
            moved += 1
            assert not any(board.on_rim[board.shifted(s, found)] for s in (*sites, to))
    assert moved > 50
    assert board.shifted(board.centre, (0, 0)) == board.centre and board.shifted(-1, (1, 0)) == -1


def test_a_square_groups_step_back_rounds_each_axis_and_refuses_to_leave_the_board():
    board = SwarmBoard.of(Grid.get(9))
    sq = board.grid.parse_square
    assert board.centring_step([sq("h5"), sq("g5")]) == (-2, 0)  # span e..h (the centre e5 counted): 1.5 -> 2
    assert board.centring_step([sq("a1"), sq("i9")]) is None  # already on the rim


def test_a_swarm_lies_on_cells_not_on_a_graph_of_sites():
    with pytest.raises(ValueError, match="graph of sites"):
        SwarmBoard(Grid.graph(3, 3, ["a1-b1-c1"]))


def test_steps_are_made_once_shared_and_the_store_is_bounded():
    shared_steps.SHARED.clear()
    first = shared_steps.steps_in_order([(5, {9, 2}), (1, [7])])
    assert first == [Move(1, 7), Move(5, 2), Move(5, 9)] and len(shared_steps.SHARED) == 3
    again = shared_steps.steps_in_order([(1, [7])])
    assert again[0] is first[0] and len(shared_steps.SHARED) == 3
    shared_steps.SHARED.update((-k, first[0]) for k in range(1, shared_steps.KEPT + 1))  # full, of keys no step has
    assert shared_steps.steps_in_order([(2, [3])]) == [Move(2, 3)] and len(shared_steps.SHARED) == 1
    assert shared_steps.step_key(1, 7) < shared_steps.step_key(5, 2) < shared_steps.step_key(5, 9)
