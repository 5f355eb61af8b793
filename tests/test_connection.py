"""A connection game's evaluation from its declaration alone (issue 25):
a game whose ``edges`` give each player two opposite sides to join (Hex)
values positions by the two-distance potential, with no code of its own;
the same potential that the learnt features count."""

from __future__ import annotations

import random

import pytest

import boardgames
from boardgames.connection import connects, counter, evaluation, potential
from boardgames.structure import structure, structure_names
from helpers import load_example

HEX = load_example("hex").Hex


def _hex(size: int) -> boardgames.Game:
    return HEX.configure({"size": str(size)}, seed=1)


def _potentials(state: boardgames.State) -> tuple[tuple[int, int], tuple[int, int]]:
    grid = state.game.grid
    empty = grid.full & ~(state.boards[0] | state.boards[1])
    joins = ((grid.edge("south"), grid.edge("north")),), ((grid.edge("west"), grid.edge("east")),)
    return tuple(potential(grid, counter(grid), state.boards[p], empty, joins[p]) for p in (0, 1))  # type: ignore[return-value]


def test_only_edges_giving_both_players_two_opposite_sides_make_a_connection_game():
    assert connects({"south": 0, "north": 0, "west": 1, "east": 1})
    assert not connects({"south": 0, "north": 0})  # the second player joins nothing
    assert not connects({"south": 0, "west": 0, "north": 1, "east": 1})  # sides that do not face each other
    assert not connects({})
    assert HEX.connects and HEX.has_evaluation
    go = load_example("go").Go
    assert not go.connects and not go.has_evaluation


def test_an_empty_board_is_even_and_a_stone_in_the_centre_favours_its_owner():
    game = _hex(5)
    start = game.start()
    assert _potentials(start)[0] == _potentials(start)[1]
    assert start.evaluate(0) == pytest.approx(0.0) == start.evaluate(1)
    centre = start.play("c3")  # red, who joins south and north
    (red, _), (blue, _) = _potentials(centre)
    assert red < blue
    assert centre.evaluate(0) > 0 > centre.evaluate(1)
    assert centre.evaluate(0) == pytest.approx(-centre.evaluate(1))


def test_a_finished_chain_leaves_no_cell_to_fill_and_the_other_side_walled_off():
    game = _hex(3)
    state = game.start()
    for move in ("a1", "c1", "a2", "c2"):  # red a1-a2, blue c1-c2 (blue to move next after red's a3)
        state = state.play(move)
    (red, red_routes), _ = _potentials(state)
    assert (red, red_routes) == (1, 1)  # a3 alone completes red's chain
    assert state.evaluate(0) > 0.2


@pytest.mark.parametrize("size", [5, 7, 11])
def test_it_is_the_learnt_features_own_potential_over_random_games(size):
    """The evaluation's potentials are those :mod:`boardgames.structure`
    counts (per side of the board there), for both players and lookers."""
    game = _hex(size)
    names = structure_names(game)
    mine, theirs = names.index("my two-distance"), names.index("opponent's two-distance")
    rng = random.Random(size)
    side = size
    for _ in range(10):
        state = game.start()
        while not state.is_over:
            for looker in (0, 1):
                shape = structure(state, looker)
                pots = _potentials(state)
                assert shape[mine] * side == pytest.approx(pots[looker][0])
                assert shape[theirs] * side == pytest.approx(pots[1 - looker][0])
                assert -1 < evaluation(state, looker) < 1
            state = state.play_unchecked(rng.choice(state.legal_moves))


def test_a_game_that_says_it_has_no_evaluation_gets_none():
    class Bare(HEX):  # type: ignore[misc, valid-type]
        has_evaluation = False

    state = Bare.configure({"size": "5"}, seed=1).start().play("c3")
    assert state.evaluate(0) == 0.0
