"""A board with no fixed edge drawn where the play is (``Game.drawn_within``,
rules.window and rendering.window): on a square board too, every front end
crops to the sites near the pieces and the legal moves; the data keeps the whole board."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import attrs
import pytest

from boardgames import BitboardState, Game, Grid, placements, render_svg, render_text, transfer
from boardgames.rendering.words import squares_words

SVG = "{http://www.w3.org/2000/svg}"


class Sprawl(Game[BitboardState]):
    """Place a stone beside any stone (the first on j10) of a board 19 squares a side."""

    name, title, player_names = "sprawl", "Sprawl", ("black", "white")
    drawn_within = 2
    max_length = 10

    def setup(self) -> None:
        self.grid = Grid.get(19)

    def initial_state(self) -> BitboardState:
        return BitboardState(game=self)

    def generate_moves(self, state: BitboardState) -> tuple:
        taken = state.occupied
        return placements(self.grid.spread(taken) & ~taken if taken else 1 << self.grid.parse_square("j10"))

    def apply(self, state: BitboardState, move: object) -> BitboardState:
        boards = transfer(state.boards, state.turn, 1 << move.to)  # type: ignore[attr-defined]
        return BitboardState(game=self, history=(*state.history, move), turn=1 - state.turn, boards=boards)


def size(svg: str) -> tuple[float, float]:
    root = ET.fromstring(svg)
    return float(root.get("width", 0)), float(root.get("height", 0))


def test_a_square_board_is_cropped_to_two_steps_round_its_stones():
    game = Sprawl.configure()
    state = game.replay("j10 k10".split())
    view = state.view()
    # Two steps from j10 or k10 along the sides, and the legal moves (all within one): 2 + 6 + 6 + 4 sites.
    assert len(view.window) == 18 and view.grid is game.grid
    text = render_text(view).splitlines()
    assert text[0].split() == ["h", "i", "j", "k", "l", "m"]
    assert [row.split()[0] for row in text[1:6]] == ["12", "11", "10", "9", "8"]
    width, height = size(render_svg(view))
    whole = size(render_svg(attrs.evolve(view, window=())))  # as it was: the whole board
    assert width < whole[0] / 2 and height < whole[1] / 2, (width, whole)
    labels = [t.text for t in ET.fromstring(render_svg(view)).iter(f"{SVG}text") if t.get("class") == "coord"]
    assert labels == [*"hijklm", "8", "9", "10", "11", "12"]  # its own files and ranks alone
    assert sorted(game.grid.name(sq) for sq in squares_words(view)) == sorted(game.grid.name(sq) for sq in view.window)
    assert len(state.to_json()["contents"]) == 2 and len(game.start().legal_moves) == 1
    assert len(game.start().view().window) == 13  # the middle square, two steps round it


@pytest.mark.parametrize("bad", [0, -1, "2", 1.5, True])
def test_a_window_that_is_no_whole_number_from_1_is_named_in_one_line(bad):
    from boardgames.rules.declared import clash

    said = clash(type("Sprawled", (Sprawl,), {"drawn_within": bad}), Game)
    assert said is not None and "drawn_within" in said and "\n" not in said
    assert clash(type("Sprawled", (Sprawl,), {"drawn_within": None}), Game) is None


def test_a_graph_of_sites_is_drawn_whole_whatever_its_window():
    from boardgames.rendering.window import cropped
    from boardgames.rules.view import BoardView

    for grid in (Grid.lattice(3, 3), Grid.graph(3, 3, ["a1-b1-c1"]), Grid.grooved(3, 3)):
        view = BoardView(grid=grid, players=("a", "b"), window=(0,))  # a cut of its cells would lose its links
        assert cropped(view) is view and render_svg(view) == render_svg(attrs.evolve(view, window=()))
    square = BoardView(grid=Grid.get(3), players=("a", "b"), window=(0, 1))
    assert cropped(square).grid.full == 0b11 and cropped(square).window == ()
