"""A board's coordinate labels declared (issue 41): ``Game.board_labels``
labels the files and ranks as players of the game read them (shogi's 9 to 1
and a to i), in the text board, the SVG and ``show --json``; undeclared, the
grid's own (a, 1) as before; a declaration of another type is one clear error."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from boardgames import BitboardState, Coordinates, Game, Grid, Outcome, placements, transfer
from boardgames.errors import PluginError
from boardgames.rendering.svg import render_svg
from boardgames.rendering.text import render_text

SVG = "{http://www.w3.org/2000/svg}"


class Corner(Game[BitboardState]):
    """Place a stone on an empty square of a 3 x 3 board labelled as shogi labels its corner."""

    name = "corner"
    title = "Corner"
    player_names = ("black", "white")
    board_labels = Coordinates(files="321", ranks="cba")  # files right to left, ranks from the top

    def setup(self) -> None:
        self.grid = Grid.get(3)

    def initial_state(self) -> BitboardState:
        return BitboardState(game=self)

    def generate_moves(self, state: BitboardState) -> tuple:
        return placements(self.grid.full & ~state.occupied)

    def apply(self, state: BitboardState, move) -> BitboardState:
        boards = transfer(state.boards, state.turn, 1 << move.to)
        full = boards[0] | boards[1] == self.grid.full
        return BitboardState(
            game=self, history=(*state.history, move), turn=1 - state.turn, boards=boards,
            outcome=Outcome(None, "full") if full else None,
        )  # fmt: skip


def labels(svg: str) -> list[str]:
    return [e.text or "" for e in ET.fromstring(svg).iter(f"{SVG}text") if e.get("class") == "coord"]


def test_the_text_board_labels_files_and_ranks_as_declared():
    lines = render_text(Corner.configure().start().play("a3").view()).splitlines()
    assert lines[0].split() == ["3", "2", "1"] and lines[4].split() == ["3", "2", "1"]
    assert [line.split()[0] for line in lines[1:4]] == ["a", "b", "c"]  # from the top
    assert lines[1].split()[:2] == ["a", "[B"]  # the stone just placed on a3 ([B ]): file 3, rank a


def test_the_svg_and_the_json_label_them_as_declared():
    state = Corner.configure().start()
    assert sorted(labels(render_svg(state.view()))) == sorted(["3", "2", "1", "c", "b", "a"])
    assert state.to_json()["coordinates"] == {"files": ["3", "2", "1"], "ranks": ["c", "b", "a"]}


def test_undeclared_the_grids_own_labels_and_no_json_key():
    class Plain(Corner):
        name = "plain"
        board_labels = None

    state = Plain.configure().start()
    assert sorted(labels(render_svg(state.view()))) == sorted(["a", "b", "c", "1", "2", "3"])
    assert "coordinates" not in state.to_json()
    assert render_text(state.view()).splitlines()[0].split() == ["a", "b", "c"]


def test_a_coordinates_declaration_of_another_type_is_one_clear_error():
    class Wrong(Corner):
        name = "wrong"
        board_labels = "321"  # type: ignore[assignment]

    with pytest.raises(PluginError, match="board_labels"):
        Wrong.configure()
