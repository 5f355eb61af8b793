"""The Pentago example package (examples/pentago): a move is a placement and
a choice (which quarter turns, which way), checked by the kit, in lockstep
with OpenSpiel's ``pentago``, written ``a6=nw+``, asked by name, drawn with
its quarters and the marbles the turn moved."""

from __future__ import annotations

from typing import Any

import pytest

import boardgames
from helpers import example_plugin, need_pyspiel
from lockstep import lockstep

pentago_plugin = example_plugin("pentago")


def pentago() -> Any:
    return boardgames.game_class("pentago").configure()


def test_pentago_keeps_the_contract(check_game, pentago_plugin):
    check_game("pentago", games=4)


def test_pentago_plays_as_openspiels_move_for_move(pentago_plugin):
    game = pentago()

    def label(state: boardgames.State, move: boardgames.Move) -> str:
        file, rank = game.grid.coords(move.to)
        return f"{'abcdef'[file]}{6 - rank}{'stuvwxyz'[move.choice]}"  # its row 1 is our rank 6, drawn on top

    assert lockstep(game, need_pyspiel().load_game("pentago"), label, 200) > 200 * 15


def test_a_move_is_written_with_its_turn_and_the_turn_moves_the_marble(pentago_plugin):
    game = pentago()
    state = game.start().play("a6=nw+")  # a6, the north-west quarter's top left, turned clockwise: to c6
    assert state.format_move(state.history[-1]) == "a6=nw+"
    assert state.pieces() == {"c6": "white"}
    assert game.start().play("a6=nw-").pieces() == {"a4": "white"}  # anticlockwise: down to a4
    assert game.start().play("a6=se+").pieces() == {"a6": "white"}  # another quarter turns: a6 stays
    assert game.start().play("a6=north-west clockwise").pieces() == {"c6": "white"}  # by name


def test_a_point_without_its_turn_is_asked_and_a_bad_turn_refused_in_one_line(pentago_plugin):
    game = pentago()
    with pytest.raises(boardgames.AmbiguousMoveError, match="a6"):
        game.start().parse_move("a6")
    with pytest.raises(boardgames.errors.NotationError, match=r"no choice here .*nw\+ \(north-west clockwise\)"):
        game.start().parse_move("a6=up")


def test_five_after_the_turn_wins_and_five_for_both_draws(pentago_plugin):
    game = pentago()
    # White a1..a5 on file a, a6 empty; turning the north-east quarter changes nothing on file a.
    state = game.replay("a1=ne+ f1=ne+ a2=ne+ f2=ne+ a3=ne+ f3=se+ a4=ne+ f6=ne+".split())
    assert not state.is_over
    end = state.play("a5=ne+")
    assert end.winner == "white" and "five in a row" in end.result_text()


def test_text_that_is_no_point_is_still_refused_with_what_moves_look_like(pentago_plugin):
    with pytest.raises(boardgames.errors.NotationError, match=r"not a move .*a1=nw-"):
        pentago().start().parse_move("hello=nw+")


def test_the_four_quarters_are_drawn_apart(pentago_plugin):
    """``blocks = (3, 3)``: one heavy line between the files c and d, one between the ranks 3 and 4."""
    import xml.etree.ElementTree as ET

    from boardgames.rendering.svg import render_svg

    root = ET.fromstring(render_svg(pentago().start().view()))
    lines = [e for e in root.iter("{http://www.w3.org/2000/svg}line") if e.get("class") == "block"]
    assert sorted((e.get("x1") == e.get("x2"), e.get("x1"), e.get("y1")) for e in lines) == [
        (False, "-30", "150"),
        (True, "150", "-30"),
    ]


def test_the_last_move_is_shown_where_its_marble_came_to_rest(pentago_plugin):
    """``landed``: a6=nw+ turns the marble to c6, where the last move is ringed (a6 is empty);
    a turn of another quarter leaves it on a6."""
    game = pentago()
    grid = game.grid
    assert [grid.name(sq) for sq in game.start().play("a6=nw+").view().last] == ["c6"]
    assert [grid.name(sq) for sq in game.start().play("a6=se+").view().last] == ["a6"]
