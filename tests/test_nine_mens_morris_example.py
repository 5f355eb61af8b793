"""The Nine men's morris example package (examples/nine_mens_morris): a board
of points joined by declared lines (``Grid.graph``, issue 41). The
conformance kit, agreement with OpenSpiel's ``nine_mens_morris`` move for
move, a mill and its capture, flying with three men, the text board with no
false connectors, the SVG with a line for each link and none else, and the
real command line."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import attrs
import pytest

import boardgames
from boardgames import Grid
from boardgames.rendering.svg import render_svg
from boardgames.rendering.text import render_text
from boardgames.testing import plugin
from helpers import load_example, need_pyspiel
from lockstep import lockstep

#: Seeded random games compared with OpenSpiel.
AGREEMENT_GAMES = 200
#: OpenSpiel's points, by number: row by row from the top.
SPIEL_POINTS = "a7 d7 g7 b6 d6 f6 c5 d5 e5 a4 b4 c4 e4 f4 g4 c3 d3 e3 b2 d2 f2 a1 d1 g1".split()


@pytest.fixture(scope="module")
def morris() -> Iterator[Any]:
    with plugin(load_example("nine_mens_morris"), "nine-mens-morris-under-test"):
        yield boardgames.game_class("nine_mens_morris").configure()


def point(game: Any, sq: int) -> int:
    return SPIEL_POINTS.index(game.grid.name(sq))


def first_label(game: Any, move: boardgames.Move) -> str:
    """OpenSpiel's label of a move's first action: ``Point 21`` (a placement) or ``Move 21 -> 9``."""
    if move.origin < 0:
        return f"Point {point(game, move.to)}"
    return f"Move {point(game, move.origin)} -> {point(game, move.to)}"


def position(game: Any, white: str, black: str, turn: int = 0) -> Any:
    """A position of the moving phase: every man placed, those named on the board."""
    sq, mask = game.grid.parse_square, Grid.mask
    boards = (mask(sq(n) for n in white.split()), mask(sq(n) for n in black.split()))
    return type(game.start())(game=game, boards=boards, placed=(9, 9), turn=turn)


def test_morris_keeps_the_contract(check_game, morris):
    check_game("nine_mens_morris", games=5)


def their_moves(theirs: Any) -> dict[str, tuple[int, ...]]:
    """OpenSpiel's whole moves: a mill's move is two actions, the move and the
    man taken, its same player picking the second (``Move 21 -> 9, Point 5``)."""
    moves = {}
    for action in theirs.legal_actions():
        label, child = theirs.action_to_string(action), theirs.child(action)
        if child.is_terminal() or child.current_player() != theirs.current_player():
            moves[label] = (action,)
            continue
        for take in child.legal_actions():
            moves[f"{label}, {child.action_to_string(take)}"] = (action, take)
    return moves


def test_morris_plays_as_openspiels_move_for_move(morris):
    pyspiel = need_pyspiel()
    spiel, game = pyspiel.load_game("nine_mens_morris"), morris

    def label(_: Any, move: boardgames.Move) -> str:
        first = first_label(game, move)
        return f"{first}, Point {point(game, move.marks[0])}" if move.marks else first

    assert lockstep(game, spiel, label, AGREEMENT_GAMES, their_moves=their_moves) > 10_000


def test_a_mill_takes_a_man_not_in_a_mill(morris):
    from boardgames.errors import AmbiguousMoveError

    state = morris.replay("a1 b2 d1 b4".split())
    with pytest.raises(AmbiguousMoveError, match="g1xb2, g1xb4"):  # g1 closes a mill: which man does it take?
        state.parse_move("g1")
    assert sorted(morris.format_move(m) for m in state.legal_moves if m.to == morris.grid.parse_square("g1")) == [
        "g1xb2",
        "g1xb4",
    ]
    from boardgames.cli.terminal import read_move

    asked: list[str] = []
    answers = iter(["2"])
    assert read_move(state, "g1", lambda q: asked.append(q) or next(answers)) == state.parse_move("g1xb4")
    assert asked == ["Which man do you take? 1) g1xb2  2) g1xb4: "]  # the terminal asks in the game's words
    after = state.play("g1xb2")
    assert "b2" not in after.contents() and after.in_hand() == (6, 7) and after.turn == 1
    # Black's mill b2-d2-f2 is kept: g4-g1 closes white's, and takes the loose man on c4 only.
    moving = position(morris, "a1 d1 g4 a7", "b2 d2 f2 c4")
    assert [morris.format_move(m) for m in moving.legal_moves if morris.format_move(m).startswith("g4-g1")] == [
        "g4-g1xc4"
    ]


def test_a_player_down_to_three_men_flies(morris):
    flying = position(morris, "a1 d1 g7", "b2 d2 f4 c4", turn=0)
    assert "a1-d7" in {morris.format_move(m) for m in flying.legal_moves}  # to any empty point
    walking = position(morris, "a1 d1 g7 c5", "b2 d2 f4", turn=0)
    assert "a1-d7" not in {morris.format_move(m) for m in walking.legal_moves}
    assert {morris.format_move(m) for m in walking.legal_moves if m.origin == morris.grid.parse_square("a1")} == {
        "a1-a4"
    }
    done = flying.play("g7-d7").play("b2-b4").play("a1-a4")  # no mill: play on
    assert not done.is_over


def test_the_text_board_draws_the_lines_and_no_false_connector(morris):
    text = render_text(attrs.evolve(morris.start().view(), targets=()))  # every point empty, none marked legal
    rows = {int(line[:3]): line for line in text.splitlines() if re.match(r"^ +\d ", line)}

    def at(file: str, rank: int) -> str:
        return rows[rank][5 + 4 * "abcdefg".index(file)]

    assert at("b", 6) == "+" and at("b", 5) == "|"  # b5 is no point: the line b6-b4 passes it
    assert rows[5][5 + 4 * 1 + 1 : 5 + 4 * 2].strip() == ""  # nothing joins b5 to c5
    assert rows[6][5 + 1 : 5 + 4].strip() == ""  # nor a6 to b6
    assert rows[4].count("+") == 6 and at("d", 4) == " "  # the centre is no point
    assert sum(row.count("+") for row in rows.values()) == 24
    files = text.splitlines()[0]  # every file named over its column, b and f (no point on rank 7) too
    assert [files[5 + 4 * i] for i in range(7)] == list("abcdefg")


def test_the_svg_has_a_line_for_each_declared_link_and_none_else(morris):
    svg = render_svg(morris.start().view(), interactive=True)
    lines = re.findall(r"<line [^>]*>", svg)
    drawn = {re.search(r'data-link="([^"]+)"', line).group(1) for line in lines}
    names = morris.grid.name
    assert len(lines) == len(morris.grid.links) == 32
    assert drawn == {f"{names(a)}-{names(b)}" for a, b in morris.grid.links}
    assert "b5-b6" not in drawn and "a6-b6" not in drawn and "a1-d1" in drawn
    assert len(re.findall(r'class="square"', svg)) == 24 and 'data-square="b5"' not in svg


def test_a_move_through_the_cli_and_a_bad_one_refused_in_one_line(morris, cli):
    run = cli("show", "nine_mens_morris", "--moves", "a1 b2 d1 b4 g1xb2", "--json")
    assert run.code == 0 and '"g1xb2"' in run.out
    bad = cli("show", "nine_mens_morris", "--moves", "a1 b5")
    assert bad.code != 0 and len(bad.err.strip().splitlines()) == 1 and "b5" in bad.err
    assert "Traceback" not in bad.err


def test_a_mill_with_no_man_to_take_loses_as_openspiels_does(morris):
    # OpenSpiel waits for a capture that has no legal action: the game ends, the mover losing.
    sq, mask = morris.grid.parse_square, Grid.mask
    state = type(morris.start())(game=morris, boards=(mask([sq("a1"), sq("d1")]), 0), placed=(2, 2), turn=0)
    assert [morris.format_move(m) for m in state.legal_moves if m.to == sq("g1")] == ["g1"]
    after = state.play("g1")
    assert after.outcome.winner_index == 1 and "nothing to take" in after.outcome.reason
    taken = type(morris.start())(game=morris, boards=(mask([sq("a1"), sq("d1")]), 1 << sq("b2")), placed=(2, 2))
    assert not taken.play("g1xb2").is_over  # the last man on the board taken: the game goes on
