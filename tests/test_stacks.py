"""Pieces stacked on a site (``Game.stacked`` and ``Game.stacks``, issue 41:
a Hive beetle on top of others): one declaration that the text drawing, the
SVG, the words, ``show --json`` and the observation planes all read, with no
code of the game's; only the top piece holds the site; a bad answer is
refused in one line naming the method."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest
from click.testing import CliRunner

from boardgames import BitboardState, Game, Grid, Outcome, PieceKind, Stacked, hookimpl, placements, transfer
from boardgames.errors import PluginError
from boardgames.learning.observation import plane_names, planes
from boardgames.rendering.svg import render_svg
from boardgames.rendering.text import render_text
from boardgames.rendering.words import position_words, squares_words
from boardgames.testing import check_game, plugin

SVG = "{http://www.w3.org/2000/svg}"


class Towers(Game[BitboardState]):
    """Place a piece on any cell of a small hexagon, empty or not: on a taken
    one it climbs on top and holds the cell. Each player's first piece is
    the queen, the others beetles. After eight pieces, who holds more cells wins."""

    name = "towers"
    title = "Towers"
    player_names = ("white", "black")
    colours = ("#f5f5f5", "#1b1b1b")
    piece_kinds = (PieceKind("queen", letter="Q"), PieceKind("beetle", letter="B"))
    stacked = Stacked("stack", levels=3)
    max_length = 8

    def setup(self) -> None:
        self.grid = Grid.hexagon(3)

    def initial_state(self) -> BitboardState:
        return BitboardState(game=self)

    def generate_moves(self, state: BitboardState) -> tuple:
        return placements(self.grid.full)

    def apply(self, state: BitboardState, move) -> BitboardState:
        boards = transfer(state.boards, state.turn, 1 << move.to)
        history = state.history + (move,)
        outcome = None
        if len(history) == self.max_length:
            white, black = (b.bit_count() for b in boards)
            outcome = Outcome(None if white == black else int(black > white), "eight pieces are down")
        return BitboardState(game=self, history=history, turn=1 - state.turn, boards=boards, outcome=outcome)

    def piles(self, state: BitboardState) -> dict[int, list[tuple[int, int]]]:
        """Each cell's pieces bottom to top, from the moves made."""
        piles: dict[int, list[tuple[int, int]]] = {}
        for ply, move in enumerate(state.history):
            piles.setdefault(move.to, []).append((ply % 2, int(ply >= 2)))
        return piles

    def kinds(self, state: BitboardState) -> dict[int, int]:
        return {sq: pile[-1][1] for sq, pile in self.piles(state).items() if pile[-1][1]}

    def stacks(self, state: BitboardState):
        return {sq: tuple(pile) for sq, pile in self.piles(state).items() if len(pile) > 1}


@hookimpl
def register_games(register):
    register(Towers)


@pytest.fixture(scope="module")
def towers():
    import sys

    with plugin(sys.modules[__name__], "towers-under-test"):
        yield Towers.configure()


def test_a_game_with_stacks_keeps_the_contract(towers):
    check_game(Towers, games=4)


def test_only_the_top_piece_holds_the_site(towers):
    state = towers.replay("c3 c3 c3".split())  # white queen, black queen on it, white beetle on top
    c3 = towers.grid.parse_square("c3")
    assert dict(state.view().owners) == {c3: 0}
    assert dict(state.view().stacks) == {c3: ((0, 0), (1, 0), (0, 1))}


def test_every_front_end_reads_the_stacks(towers):
    state = towers.replay("c3 c3 b2".split())  # black queen on white queen at c3; white beetle alone at b2
    view = state.view()
    c3 = towers.grid.parse_square("c3")
    text = render_text(view)
    assert "Q2" not in text and "q2" in text  # the top piece's letter (black's: lower case), then the height
    assert "b " in text  # a lone piece: no height
    assert "stacks, bottom to top: c3 white queen, black queen" in text  # listed under the board
    svg = ET.fromstring(render_svg(view))
    heights = [e for e in svg.iter(f"{SVG}g") if e.get("class") == "height"]
    assert [(e.get("data-site"), e.get("data-height")) for e in heights] == [("c3", "2")]
    assert "".join(heights[0].itertext()).endswith("2")
    assert heights[0].find(f"{SVG}circle").get("fill") == "#f5f5f5"  # the colour of what lies under the top
    assert squares_words(view)[c3] == "c3, black queen, a stack of 2: white queen under black queen"
    assert "stacks, bottom to top: c3 white queen, black queen" in position_words(view)
    assert state.to_json()["stacks"] == {
        "c3": [{"owner": "white", "kind": "queen"}, {"owner": "black", "kind": "queen"}]
    }
    names = plane_names(towers)
    at = names.index("my piece at level 0")
    assert names[at : at + 7] == (
        "my piece at level 0", "opponent's piece at level 0", "my piece at level 1",
        "opponent's piece at level 1", "my piece at level 2", "opponent's piece at level 2", "stack height",
    )
    white, black = planes(state, 0), planes(state, 1)
    b2 = towers.grid.parse_square("b2")
    assert white[at][c3] == 1.0 and white[at + 3][c3] == 1.0 and not white[at + 2][c3]  # mine below, theirs on top
    assert black[at + 1][c3] == 1.0 and black[at + 2][c3] == 1.0  # the same seen by black
    assert white[at + 6][c3] == 2.0 and white[at + 6][b2] == 1.0 and white[at][b2] == 1.0


def test_show_json_gives_the_stacks_bottom_to_top(towers):
    from boardgames.cli import cli

    result = CliRunner().invoke(cli, ["show", "towers", "--moves", "c3 c3 c3 c3", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert [p["owner"] for p in data["stacks"]["c3"]] == ["white", "black", "white", "black"]
    assert [p["kind"] for p in data["stacks"]["c3"]] == ["queen", "queen", "beetle", "beetle"]


def test_a_bad_answer_is_one_line_naming_the_method(towers):
    class Bad(Towers):
        name = "bad-towers"

        def stacks(self, state):
            return {0: ((0, 0),)}  # one piece is no stack

    with pytest.raises(PluginError, match=r"bad-towers: stacks\(state\) gave \{0: \(\(0, 0\),\)\}"):
        Bad.configure().start().view()

    class Unknown(Towers):  # a kind the game does not declare
        name = "unknown-towers"

        def stacks(self, state):
            return {self.grid.parse_square("c3"): ((0, 0), (1, 5))}

    with pytest.raises(PluginError, match=r"kind's index in piece_kinds"):
        Unknown.configure().start().to_json()
