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

from boardgames import PASS, Game, Grid, Move, Outcome, place
from boardgames.geometry.swarm import Swarm, SwarmBoard
from boardgames.rules import shared_steps
from boardgames.rules.moves import placements_with_choices, with_choice
from boardgames.rules.swarm_state import SwarmState

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


def climbs_by_hand(board: SwarmBoard, heights: dict[int, int], site: int, h: int) -> set[tuple[int, int]]:
    """Each climb from ``site`` at height ``h``, read from the coordinates: (site, height there)."""
    grid, out = board.grid, set()
    for d in board.steps:
        to = neighbour(grid, site, d)
        up, over = heights.get(to, 0), max(heights.get(to, 0), h)
        sides = [heights.get(neighbour(grid, site, d + k), 0) for k in (1, -1)]
        if to >= 0 and (up or h) and min(sides) <= over:
            out.add((to, up))
    return out


@pytest.mark.parametrize("name", GRIDS)
def test_climbs_and_hops_follow_the_piles_and_lines_beside_a_cell(name):
    climbed = hopped = 0
    for board, heights in groups(name, 80):
        swarm, grid = swarm_of(board, heights), board.grid
        for site in sorted({s for t in heights for s in grid.neighbours[t]} | set(heights)):
            h = heights.get(site, 1) - 1
            out = swarm.climbs(site, h)
            assert out == climbs_by_hand(board, heights, site, h), (site, h)
            hops: set[int] = set()
            swarm.hops(site, hops)
            lines = [grid.rays[site][d] for d in board.steps]
            ends = [next((s for s in ray if s not in heights), -1) for ray in lines if ray and ray[0] in heights]
            assert hops == set(ends) - {-1}
            climbed, hopped = climbed + len(out), hopped + len(hops)
    assert climbed > 100 and hopped > 100


def paths_over(board: SwarmBoard, heights: dict[int, int], own: tuple[int, int], at: tuple[int, int],
               left: int) -> set[int]:
    """Where every path of ``left`` climbs from ``at``, each ending on top of the swarm and not on the
    mover's ``own`` cell, then one down, ends."""
    steps = climbs_by_hand(board, heights, *at)
    if not left:
        return {s for s, up in steps if up == 0}
    tops = [(s, up) for s, up in steps if up > 0 and (s, up) != own]
    return {e for top in tops for e in paths_over(board, heights, own, top, left - 1)}


@pytest.mark.parametrize("name", GRIDS)
def test_walks_over_the_swarm_and_lifts_over_a_tile_are_every_path_of_climbs_and_each_open_side(name):
    walked_to = lifted = 0
    for board, heights in groups(name, 80):
        swarm, grid = swarm_of(board, heights), board.grid
        for site in sorted(heights):
            h = heights[site] - 1
            for steps in (1, 2):
                expected = paths_over(board, heights, (site, h + 1), (site, h), steps)
                assert swarm.walks_over(site, h, steps) == expected, (site, steps)
            walked_to += len(swarm.walks_over(site, h, 2))
            lifted_now, empty = swarm.lifts(site, h + 1)
            open_sides = [d for d in board.steps if neighbour(grid, site, d) >= 0
                          and min(heights.get(neighbour(grid, site, d + k), 0) for k in (1, -1)) <= h + 1]
            beside = [neighbour(grid, site, d) for d in open_sides]
            assert sorted(lifted_now) == sorted(n for n in beside if heights.get(n) == 1)
            assert sorted(empty) == sorted(n for n in beside if n not in heights)
            lifted += len(lifted_now)
    assert walked_to > 100 and lifted > 100


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


def test_placements_with_choices_are_made_once_for_a_size():
    made = placements_with_choices(30, 3)
    assert made[7][2] == with_choice(place(7), 2) and len(made) == 30 and len(made[0]) == 3
    assert placements_with_choices(30, 3) is made


class Crawl(Game[SwarmState]):
    """A toy swarm game (not Hive): each player's three tiles, placed beside the swarm or slid one step round
    it, onto a pile where a tile climbs; the swarm moves back to the middle where it reaches the rim."""

    name, title, player_names = "crawl", "Crawl", ("white", "black")
    max_length = 60

    def setup(self):
        self.grid = Grid.hexagon(4)
        self.board = SwarmBoard.of(self.grid)

    def initial_state(self):
        return SwarmState(game=self, where=(-1,) * 6)

    def owners(self, state):
        return {s: pile[-1] // 3 for s, pile in state.piles}

    def generate_moves(self, state):
        me, swarm = state.turn, Swarm(self.board, state.cell_patterns)
        hand = [t for t in range(3 * me, 3 * me + 3) if state.where[t] < 0]
        taken = set(state.pile)
        near = {n for s in taken for n in self.board.beside[s]} - taken if taken else {self.board.centre}
        moves = {place(s) for s in near} if hand else set()
        for t in range(3 * me, 3 * me + 3):
            at = state.where[t]
            if at >= 0 and state.pile[at][-1] == t:
                ends: set[int] = set()
                swarm.slides(at, 1, ends)
                moves |= {Move(at, to) for to in ends | {s for s, _ in swarm.climbs(at, len(state.pile[at]) - 1)}}
        return tuple(sorted(moves)) or (PASS,)

    def apply(self, state, move):
        history, turn = state.history + (move,), 1 - state.turn
        if move.is_pass:
            return SwarmState(game=self, history=history, turn=turn, where=state.where, piles=state.piles)
        me = state.turn
        tile = state.pile[move.origin][-1] if move.origin >= 0 else min(
            t for t in range(3 * me, 3 * me + 3) if state.where[t] < 0)
        after = state.tile_moved(tile, move.origin, move.to, lambda pile, where: None, history=history, turn=turn)
        if after is None:
            return SwarmState(game=self, history=history, turn=turn, where=state.where, piles=state.piles,
                              outcome=Outcome(None, "the swarm spans the board"))
        return after


def test_a_swarm_states_tiles_move_pile_and_recentre_with_their_patterns_carried():
    game, recentred, carried = Crawl.configure(), 0, 0
    for seed in range(30):
        rng, state = random.Random(seed), game.start()
        while not state.is_over:
            move = rng.choice(state.legal_moves)
            after = state.play(move)
            if move.is_pass or after.is_over:
                state = after
                continue
            tile = after.last
            assert after.pile == dict(after.piles) and after.piles == tuple(sorted(after.piles))
            assert all(after.pile[site][k] == t for t, site in enumerate(after.where) if site >= 0
                       for k in [after.pile[site].index(t)])  # every tile in its site's pile
            assert after.where[tile] == game.board.shifted(move.to, after.recentred)  # where it landed, moved back
            if after.recentred != (0, 0):
                recentred += 1
                assert game.board.on_rim[move.to] and not any(game.board.on_rim[s] for s in after.pile)
            if "cell_patterns" in after.__dict__:
                carried += 1
                assert after.cell_patterns == game.board.patterns((s, len(p)) for s, p in after.piles)
            state = after
    assert recentred > 5 and carried > 300
