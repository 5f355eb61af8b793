"""Lines drawn between points that are not neighbours (``Game.segment`` and
``Game.segments``, issue 41: TwixT's links, Morpion solitaire's lines): one
declaration that the SVG, the text drawing, the words, ``show --json`` and
the observation planes all read, with no code of the game's; a board of
chosen points drawn as holes with no line between them; a square board's
sides that belong to a player drawn in its colour; a bad answer refused in
one line naming the method."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from boardgames import BitboardState, Game, Grid, Outcome, Segment, bits, hookimpl, placements, transfer
from boardgames.errors import PluginError
from boardgames.learning.observation import plane_names, planes
from boardgames.rendering.svg import render_svg
from boardgames.rendering.text import render_text
from boardgames.rendering.words import position_words
from boardgames.testing import check_game, plugin

SVG = "{http://www.w3.org/2000/svg}"


class Hops(Game[BitboardState]):
    """Place a stone on a hole of a 5 × 5 board without its corners; a stone
    a knight's move from one of the mover's is joined to it by a line. The
    board full, the most stones win; south and north are red's."""

    name = "hops"
    title = "Hops"
    player_names = ("red", "blue")
    colours = ("#c62828", "#1565c0")
    edges = {"south": 0, "north": 0}
    segment = Segment("hop", "hops", directions=((1, 2), (2, 1), (2, -1), (1, -2)))
    max_length = 21

    def setup(self) -> None:
        holes = [(f, r) for f in range(5) for r in range(5) if (f in (0, 4)) + (r in (0, 4)) < 2]
        self.grid = Grid.from_cells(5, 5, holes, kind="points")

    def initial_state(self) -> BitboardState:
        return BitboardState(game=self)

    def generate_moves(self, state: BitboardState) -> tuple:
        return placements(self.grid.full & ~state.occupied)

    def apply(self, state: BitboardState, move) -> BitboardState:
        boards = transfer(state.boards, state.turn, 1 << move.to)
        outcome = None
        if boards[0] | boards[1] == self.grid.full:
            red, blue = (b.bit_count() for b in boards)
            outcome = Outcome(None if red == blue else int(blue > red), "the board is full")
        return BitboardState(game=self, history=state.history + (move,), turn=1 - state.turn, boards=boards,
                             outcome=outcome)

    def segments(self, state: BitboardState):
        grid = self.grid
        for who, board in enumerate(state.boards):
            for a in bits(board):
                for b in bits(board):
                    (fa, ra), (fb, rb) = grid.coords(a), grid.coords(b)
                    if a < b and {abs(fa - fb), abs(ra - rb)} == {1, 2}:
                        yield a, b, who


@hookimpl
def register_games(register):
    register(Hops)


@pytest.fixture(scope="module")
def hops():
    import sys

    with plugin(sys.modules[__name__], "hops-under-test"):
        yield Hops.configure()


def test_a_game_with_segments_keeps_the_contract(hops):
    check_game(Hops, games=4)


def test_every_front_end_reads_the_segments(hops):
    state = hops.replay("b2 d2 c4 a3".split())  # red b2-c4 (a knight's move), blue none
    svg = ET.fromstring(render_svg(state.view()))
    lines = [e for e in svg.iter(f"{SVG}line") if e.get("class") == "segment"]
    assert [(e.get("data-segment"), e.get("stroke"), e.get("data-owner")) for e in lines] == [
        ("b2-c4", "#c62828", "red")
    ]
    assert [e.get("x1") for e in lines] != [e.get("x2") for e in lines]  # from point to point
    assert "hops: red b2-c4" in render_text(state.view())  # listed under the board
    assert "hops: red b2-c4" in position_words(state.view())  # in the words of the picture
    assert state.to_json()["segments"] == [{"from": "b2", "to": "c4", "owner": "red"}]
    names = plane_names(hops)
    assert names[names.index("my hop (1, 2)") : names.index("my hop (1, 2)") + 3] == (
        "my hop (1, 2)",
        "opponent's hop (1, 2)",
        "unowned hop (1, 2)",
    )
    plane = planes(state, 0)[names.index("my hop (1, 2)")]
    assert [hops.grid.name(sq) for sq, v in enumerate(plane) if v] == ["b2", "c4"]
    assert not any(planes(state, 1)[names.index("my hop (1, 2)")])  # blue's view: the opponent's


def test_a_board_of_chosen_points_is_holes_and_its_sides_are_drawn(hops):
    svg = ET.fromstring(render_svg(hops.start().view()))
    assert not [e for e in svg.iter(f"{SVG}line")]  # no line between holes: the lines are the game's
    holes = [e for e in svg.iter(f"{SVG}circle") if e.get("class") == "point"]
    assert len(holes) == 21  # 25 less the corners
    sides = {e.get("class"): e.get("fill") for e in svg.iter(f"{SVG}rect") if "edge" in (e.get("class") or "")}
    assert sides == {"edge south": "#c62828", "edge north": "#c62828"}
    south = next(e for e in svg.iter(f"{SVG}rect") if e.get("class") == "edge south")
    rows = sorted({float(e.get("cy")) for e in holes})  # top (rank 5) to bottom (rank 1)
    top, bottom = float(south.get("y")), float(south.get("y")) + float(south.get("height"))
    assert rows[-2] < top < rows[-1] < bottom  # along rank 1, and rank 1 only
    assert float(south.get("width")) < float(south.get("height")) * 4  # b1 to d1, not a file
    text = render_text(hops.start().view())
    assert "---" not in text and "|" not in text  # nor in the text drawing


def test_a_bad_answer_is_one_line_naming_the_method(hops):
    class Bad(Hops):
        name = "bad-hops"

        def segments(self, state):
            return [(0, 0, None)]

    with pytest.raises(PluginError, match=r"bad-hops: segments\(state\) gave \[\(0, 0, None\)\]"):
        Bad.configure().start().view()

    class Undeclared(Hops):  # b2-b3: a step of (0, 1), which the game's Segment does not declare
        name = "undeclared-hops"

        def segments(self, state):
            return [(self.grid.parse_square("b2"), self.grid.parse_square("b3"), 0)]

    with pytest.raises(PluginError, match=r"one of its Segment's directions"):
        Undeclared.configure().start().to_json()
