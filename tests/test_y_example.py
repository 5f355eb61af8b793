"""The game of Y example package (examples/y), first written from the
tutorial by an engineer new to it, on a triangle of hexagonal cells
(Grid.triangle), with rules only: the conformance kit, agreement with
OpenSpiel's ``y`` move for move (legal cells, the end, the winner) and what
the core gives a triangular board (its sides and corners, the names of its
cells, an observation that shows them, a picture and a text board of the
triangle alone)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import boardgames
from boardgames import Grid, InvalidMoveError
from boardgames.learning.observation import board_planes, plane_names
from boardgames.rendering.text import render_text
from boardgames.testing import plugin
from helpers import load_example, need_pyspiel


@pytest.fixture(scope="module")
def y_plugin() -> Iterator[None]:
    with plugin(load_example("y"), "y-under-test"):
        yield


def y(size: int) -> Any:
    return boardgames.game_class("y").configure({"size": size})


def test_y_keeps_the_contract(check_game, y_plugin):
    check_game("y", games=10, options={"size": 7})
    check_game("y", games=10, options={"size": 2})
    check_game("y", games=2)  # OpenSpiel's default, 19


@pytest.mark.parametrize(("size", "games"), [(7, 200), (9, 30), (2, 20)])
def test_y_plays_as_openspiels_move_for_move(y_plugin, size, games):
    """OpenSpiel's action a is its cell (x, y) = (a mod n, a div n): our file
    x and rank y, so the same name and our square x × n + y."""
    pyspiel = need_pyspiel()
    spiel, game = pyspiel.load_game("y", {"board_size": size}), y(size)
    for seed in range(games):
        rng = random.Random(seed)
        ours, theirs = game.start(), spiel.new_initial_state()
        while not theirs.is_terminal():
            actions = {a % size * size + a // size: a for a in theirs.legal_actions()}
            assert sorted(actions) == [m.to for m in ours.legal_moves], (seed, ours.describe())
            square = rng.choice(sorted(actions))
            assert game.grid.name(square) == theirs.action_to_string(actions[square]).lower(), seed
            ours, _ = ours.play_unchecked(boardgames.place(square)), theirs.apply_action(actions[square])
            assert ours.is_over == theirs.is_terminal(), (seed, ours.describe())
        assert ours.outcome.winner_index == (0 if theirs.returns()[0] > 0 else 1), seed


def test_a_triangle_has_three_sides_three_corners_and_only_its_cells():
    grid = Grid.triangle(5)
    assert repr(grid) == "Grid.triangle(5)" and grid.full.bit_count() == 15
    assert grid.squares(grid.edge("south")) == ["a1", "b1", "c1", "d1", "e1"]
    assert grid.squares(grid.edge("west")) == ["a1", "a2", "a3", "a4", "a5"]
    assert grid.squares(grid.edge("northeast")) == ["a5", "b4", "c3", "d2", "e1"]
    assert grid.squares(grid.corners()) == ["a1", "a5", "e1"]
    assert grid.squares(grid.adjacent[grid.parse_square("b4")]) == ["a4", "a5", "b3", "c3"]
    with pytest.raises(ValueError, match="a side of this board is south, west, northeast; got 'north'"):
        grid.edge("north")
    with pytest.raises(InvalidMoveError, match=r"'e5' is off the board \(a triangle of side 5: file a runs a1 to a5"):
        grid.parse_square("e5")
    with pytest.raises(ValueError, match="a triangle's side is 1 to"):
        Grid.triangle(0)


def test_a_triangle_game_gets_its_picture_text_and_observation_from_the_core(y_plugin):
    game = y(5)
    state = game.start().play("c2").play("a1")
    svg = boardgames.render_svg(state.view(), interactive=True)
    assert svg.count('class="square"') == 15 and 'data-square="e5"' not in svg and 'data-square="a5"' in svg
    rows = render_text(state.view()).splitlines()
    cells = {
        rank: rows[6 - rank].count("*") + rows[6 - rank].count("W") + rows[6 - rank].count("B") for rank in range(1, 6)
    }
    assert cells == {1: 5, 2: 4, 3: 3, 4: 2, 5: 1}  # each rank one cell shorter: a triangle
    names = plane_names(game)
    planes = board_planes(state, 0)
    assert names[-1] == "on board" and sum(map(sum, planes[-1])) == 15
    with pytest.raises(InvalidMoveError, match="off the board"):
        state.play("e5")
    e5 = boardgames.place(game.grid.index(4, 4))  # a Move, not its text: a cell of the rhombus, not the triangle
    assert not game.on_board(e5) and game.on_board(boardgames.place(game.grid.index(4, 0)))
    with pytest.raises(boardgames.IllegalMoveError, match="off the board"):
        state.play(e5)
    with pytest.raises(boardgames.IllegalMoveError, match="'a1' in y after c2 a1: a1 is taken$"):
        state.play("a1")  # the default reason, read from the board: the game wrote none
    with pytest.raises(boardgames.IllegalMoveError, match="white has no piece on b1$"):
        state.play("b1-b2")


def test_a_light_and_a_dark_side_are_drawn_hollow_and_filled_whoever_moves_first(y_plugin):
    # Y's white moves first: by seat it was drawn filled (●) and black hollow (○), the wrong way round.
    assert y(5).symbols == ("○", "●")
    assert boardgames.game_class("verso").symbols == ("○", "●")  # a game's own symbols stay
    legend = render_text(y(5).start().play("c2").view(), unicode=True).splitlines()[-1]
    assert legend.index("○") < legend.index("white") < legend.index("●") < legend.index("black")
