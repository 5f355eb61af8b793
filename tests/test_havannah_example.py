"""The Havannah example package (examples/havannah), written from the
tutorial by an engineer new to it, on a hexagon (Grid.hexagon), with rules
only: the conformance kit, agreement with OpenSpiel's ``havannah`` move for
move (legal cells, rings, bridges, forks, draws, the winner) and what the
core gives a board that is not a rectangle (its sides and corners, an
observation that shows its cells, a picture of its cells only)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import boardgames
from boardgames.learning.observation import board_planes, plane_names
from boardgames.testing import plugin
from helpers import load_example, need_pyspiel


@pytest.fixture(scope="module")
def havannah_plugin() -> Iterator[None]:
    with plugin(load_example("havannah"), "havannah-under-test"):
        yield


def havannah(size: int) -> Any:
    return boardgames.game_class("havannah").configure({"size": size})


def our_square(action: int, size: int) -> int:
    """OpenSpiel's cell (x, y) = (action mod D, action div D) is our file x, rank D - y (D = 2 × size - 1)."""
    d = 2 * size - 1
    return action % d * d + (d - 1 - action // d)


def test_havannah_keeps_the_contract(check_game, havannah_plugin):
    check_game("havannah", games=10, options={"size": 4})
    check_game("havannah", games=5, options={"size": 2})


@pytest.mark.parametrize(("size", "games", "near"), [(4, 200, 0.0), (4, 100, 0.85), (8, 10, 0.0), (6, 20, 0.85)])
def test_havannah_plays_as_openspiels_move_for_move(havannah_plugin, size, games, near):
    """Uniform random games, and games whose stones go next to the mover's own
    with chance ``near`` (they make rings: most end in one at size 8)."""
    pyspiel = need_pyspiel()
    spiel, game = pyspiel.load_game("havannah", {"board_size": size}), havannah(size)
    endings: dict[str, int] = {}
    for seed in range(games):
        rng = random.Random(seed)
        ours, theirs = game.start(), spiel.new_initial_state()
        while not theirs.is_terminal():
            actions = {our_square(a, size): a for a in theirs.legal_actions()}
            assert sorted(actions) == [m.to for m in ours.legal_moves], (seed, ours.describe())
            beside = [sq for sq in actions if game.grid.beside[sq] & ours.boards[ours.turn]]
            square = rng.choice(beside if beside and rng.random() < near else sorted(actions))
            ours, _ = ours.play_unchecked(boardgames.place(square)), theirs.apply_action(actions[square])
            assert ours.is_over == theirs.is_terminal(), (seed, ours.describe())
        returns = theirs.returns()
        assert ours.outcome.winner_index == (0 if returns[0] > 0 else 1 if returns[1] > 0 else None), seed
        endings[ours.outcome.reason] = endings.get(ours.outcome.reason, 0) + 1
    if near:  # the games made to ring do end in rings, and the other two ways too
        assert {"a ring", "a bridge", "a fork"} <= set(endings), endings


def test_a_hexagon_game_gets_its_sides_corners_picture_and_cells_from_the_core(havannah_plugin):
    game = havannah(4)
    grid = game.grid
    assert grid.squares(game.corners) == ["a4", "a7", "d1", "d7", "g1", "g4"]
    assert [side.bit_count() for side in game.sides] == [2] * 6  # a side of 4 cells less its 2 corners
    state = game.start().play("d4")
    planes = board_planes(state, 1)
    names = plane_names(game)
    assert names[-1] == "on board" and sum(map(sum, planes[-1])) == 37  # a hexagon of side 4: 37 cells
    assert planes[names.index("opponent's pieces")][3][3] == 1.0  # d4, white's stone, seen by black
    svg = boardgames.render_svg(state.view(), interactive=True)
    assert svg.count('class="square"') == 37 and 'data-square="a1"' not in svg
