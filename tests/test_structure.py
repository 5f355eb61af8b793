"""The structural features of :mod:`boardgames.learning.structure` that a learnt
evaluation reads (issue 25): here Hex's two-distance, the classic
evaluation of Anshelevich's Hexy and Queenbee, counted from what a game
declares (``Game.edges``) and its grid's own sides."""

from __future__ import annotations

import json
import math
import random

import pytest

import boardgames
from boardgames import Grid, bits
from boardgames.learning.learned import LearnedEvaluation
from boardgames.learning.structure import _plan, structure, structure_names
from boardgames.rules.connection import counter, layers, two_distance
from boardgames.rules.parts import random_move
from helpers import ROOT, load_example

#: Hex's structural features before the two-distance: a file fitted then reads them in these places.
BEFORE = (
    *(
        f"{who} {name}"
        for who in ("my", "opponent's")
        for name in ("pieces", "groups", "liberties", "pieces in atari", "area", "connection")
    ),
    "first player",
)
#: Go's structural features (go-structure-evaluation.json's).
GO_BEFORE = (
    *(
        f"{who} {name}"
        for who in ("my", "opponent's")
        for name in ("pieces", "groups", "liberties", "pieces in atari", "area", "area, all directions")
    ),
    "first player",
)
FAR = 10**9


def _hex(size: int) -> boardgames.Game:
    return load_example("hex").Hex.configure({"size": str(size)}, seed=1)


def _seen(game: boardgames.Game, moves: str, player: int) -> dict[str, float]:
    state = game.start()
    for move in moves.split():
        state = state.play(move)
    return dict(zip(structure_names(game), structure(state, player), strict=True))


def _by_definition(grid: Grid, mine: int, empty: int, start: int) -> dict[int, int]:
    """Each empty square's two-distance from the side ``start``, as defined:
    1 on the side or beside a group on it, else one more than the second
    least of its neighbours' (the squares beside it and beside a group it
    touches), repeated until nothing changes."""
    groups = [grid.touching(g) & empty for g in grid.groups(mine)]
    around = {
        c: (grid.beside[c] & empty | sum_masks(libs for libs in groups if libs >> c & 1)) & ~(1 << c)
        for c in bits(empty)
    }
    first = start | sum_masks(grid.touching(g) for g in grid.groups(mine) if g & start)
    distance = {c: 1 if first >> c & 1 else FAR for c in around}
    changed = True
    while changed:
        changed = False
        for c, near in around.items():
            ranked = sorted(distance[n] for n in bits(near))
            new = ranked[1] + 1 if len(ranked) > 1 and ranked[1] < FAR else FAR
            if new < distance[c]:
                distance[c], changed = new, True
    return distance


def sum_masks(masks) -> int:
    out = 0
    for m in masks:
        out |= m
    return out


def test_an_empty_board_is_as_far_as_its_side_along_the_short_diagonal():
    for size in (3, 5, 11):
        seen = _seen(_hex(size), "", 0)
        assert seen["my two-distance"] == seen["opponent's two-distance"] == 1.0  # size cells, per side
        # the cells of the short diagonal (a3 b2 c1 at size 3: rank r is r from the south and
        # size + 1 - r from the north); those beside the acute corners have a neighbour fewer
        assert seen["my two-distance cells"] == seen["opponent's two-distance cells"] == 1.0


def test_a_path_one_stone_breaks_costs_more_than_the_cells_it_lacks():
    game = _hex(4)  # red joins rank 1 to rank 4
    red = _seen(game, "d4 a1 d1 a4", 0)  # red at both ends of file d; blue in two corners
    # d2 and d3 would join them (connection 2), but a blue stone on d3 breaks that path: from the
    # north d2 has d3 alone at 1, so it is 3 (by d3 and c3, at 2); d2, d3 and c3 have sums of 4.
    assert red["my connection"] == 2 / 4 and red["my two-distance"] == 3 / 4
    assert red["my two-distance cells"] == 3 / 4
    blue = _seen(game, "d4 a1 d1 a4", 1)
    assert blue["opponent's two-distance"] == red["my two-distance"]
    assert blue["my two-distance cells"] == red["opponent's two-distance cells"] > 0


def test_a_stone_joins_every_cell_it_touches_and_walls_the_other():
    red = _seen(_hex(3), "b2", 0)  # the centre touches b1 and c1 on rank 1, a3 and b3 on rank 3
    # those four are 1 from their side and 2 from the other through b2 (two of its cells there)
    assert red["my two-distance"] == 2 / 3 and red["my two-distance cells"] == 4 / 3
    # blue's ways round it (b1 c1, a3 b3) are one cell wide: a red stone breaks each, no cell has both
    assert red["opponent's two-distance"] == 2 and red["opponent's two-distance cells"] == 0
    assert red["opponent's connection"] == 1  # though three cells (a1 b1 c1) would join its sides


@pytest.mark.parametrize("size", [4, 5, 7])
def test_the_layers_are_the_two_distance_as_defined(size):
    game, rng = _hex(size), random.Random(size)
    grid, count = game.grid, _plan(type(game), game.grid).count
    for _ in range(25):
        state = game.start()
        for _ in range(rng.randrange(size * size)):
            if state.outcome is not None:
                break
            state = state.play_unchecked(rng.choice(state.legal_moves))
        for player in (0, 1):
            mine, theirs = state.boards[player], state.boards[1 - player]
            empty = grid.full & ~(mine | theirs)
            groups = grid.chains(mine, empty)
            distances = []
            for start in game.sides[player]:
                want = _by_definition(grid, mine, empty, start)
                got = dict.fromkeys(want, FAR)
                for k, layer in enumerate(layers(count, grid.beside, groups, empty, start)):
                    got.update(dict.fromkeys(bits(layer), k + 1))
                assert got == want, state.describe()
                distances.append(want)
            near, far = distances
            sums = [near[c] + far[c] for c in near if near[c] < FAR and far[c] < FAR]
            expected = (min(sums) - 1, sums.count(min(sums))) if sums else (0, 0)
            assert two_distance(count, grid.beside, groups, empty, *game.sides[player]) == expected


@pytest.mark.parametrize("grid", [Grid.get(6), Grid.get(5, basis="hex"), Grid.get(19)])
def test_the_count_of_neighbours_follows_the_grids_sides(grid):
    count, rng = counter(grid), random.Random(3)
    for _ in range(20):
        mask = rng.getrandbits(grid.size) & grid.full
        once, twice = (m & grid.full for m in count(mask))
        assert once == sum_masks(1 << c for c in bits(grid.full) if grid.beside[c] & mask)
        assert twice == sum_masks(1 << c for c in bits(grid.full) if (grid.beside[c] & mask).bit_count() >= 2)


def test_the_features_from_before_keep_their_places():
    names = structure_names(_hex(11))
    lines = ("my area, along lines", "opponent's area, along lines")
    assert names[: len(BEFORE)] == BEFORE and len(names) == len(BEFORE) + 6 and names[-2:] == lines
    go = load_example("go").Go.configure({"size": "9"}, seed=1)  # no sides to join: no two-distance
    assert structure_names(go) == (*GO_BEFORE, *lines)


def test_the_area_along_lines_is_the_queen_distance_territory():
    """Against a breadth-first search of queen moves square by square (Grid.slide), over seeded
    random Amazons positions: the empty squares each side reaches in fewer moves (a tie: nobody's)."""
    amazons = load_example("amazons").Amazons.configure({})
    grid, rng = amazons.grid, random.Random(2)
    state = amazons.start()
    for _ in range(40):
        if state.is_over:
            break
        boards, arrows = state.boards, state.arrows
        blocked = boards[0] | boards[1] | arrows
        distance = []
        for side in (0, 1):
            far, front, k = {}, list(bits(boards[side])), 0
            while front:
                k += 1
                reached = {sq for origin in front for sq in bits(grid.slide(origin, blocked))} - set(far)
                far.update((sq, k) for sq in reached)
                front = list(reached)
            distance.append(far)
        empty = bits(grid.full & ~blocked)
        inf = grid.size
        mine = sum(distance[0].get(sq, inf) < distance[1].get(sq, inf) for sq in empty)
        theirs = sum(distance[1].get(sq, inf) < distance[0].get(sq, inf) for sq in empty)
        found = dict(zip(structure_names(amazons), structure(state, 0), strict=True))
        assert found["my area, along lines"] * 100 == pytest.approx(mine)
        assert found["opponent's area, along lines"] * 100 == pytest.approx(theirs)
        state = state.play_unchecked(random_move(state.parts, rng))


def test_a_file_fitted_before_reads_its_features_alone():
    game, rng = _hex(7), random.Random(5)
    state = game.start()
    for _ in range(20):
        state = state.play_unchecked(rng.choice(state.legal_moves))
    for player in (0, 1):
        every = structure(state, player)
        assert structure(state, player, first=len(BEFORE)) == every[: len(BEFORE)]
        assert structure(state, player, first=len(every)) == every


def test_a_file_fitted_before_the_two_distance_still_fits_and_values_as_it_did():
    path = ROOT / "docs" / "strength-runs" / "learned" / "hex-round2-evaluation.json"
    data, model, game = json.loads(path.read_text()), LearnedEvaluation.load(path), _hex(11)
    assert tuple(data["structure"]) == BEFORE
    state, rng = game.start(), random.Random(7)
    for _ in range(15):
        state = state.play(rng.choice(state.legal_moves))
        z = data["bias"] + sum(w * v for w, v in zip(data["structure_weights"], structure(state, 0), strict=False))
        assert math.isclose(model.value(state, 0), 2 / (1 + math.exp(-z)) - 1, rel_tol=1e-12)
    assert model.fits(game)


def test_go_files_still_fit_and_value_as_they_did():
    game = load_example("go").Go.configure({"size": "9"}, seed=1)
    for name in ("go-structure-evaluation.json", "go-round2-evaluation.json"):
        path = ROOT / "docs" / "strength-runs" / "learned" / name
        data, model = json.loads(path.read_text()), LearnedEvaluation.load(path)
        assert tuple(data["structure"]) == GO_BEFORE and model.fits(game)
        state, rng = game.start(), random.Random(3)
        for _ in range(30):
            state = state.play(rng.choice(state.legal_moves))
            shape = structure(state, 0)
            assert structure(state, 0, first=len(GO_BEFORE)) == shape[: len(GO_BEFORE)]
            z = data["bias"] + sum(w * v for w, v in zip(data["structure_weights"], shape, strict=False))
            assert math.isclose(model.value(state, 0), 2 / (1 + math.exp(-z)) - 1, rel_tol=1e-12)
