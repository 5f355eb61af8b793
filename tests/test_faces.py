"""What is written on a piece (issue 41): a kind's ``face``, one text for
every player or one a player, is written on its shape in the SVG (a disc
turned to wood ringed in the player's colour, a shogi pentagon, a piece in
hand), named in ``show --json``'s contents, while the text board and the
notation keep the letters; a face that is no text is refused when declared."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from boardgames import BitboardState, Game, Grid, Outcome, PieceKind, bits, placements, transfer
from boardgames.rendering.svg import render_svg
from boardgames.rendering.text import render_text

SVG = "{http://www.w3.org/2000/svg}"


class Generals(Game[BitboardState]):
    """Place a piece on an empty point; the centre's is a general, a corner's a gold. The board full, a draw."""

    name = "generals"
    title = "Generals"
    player_names = ("red", "black")
    colours = ("#c62828", "#212121")
    piece_kinds = (
        PieceKind("soldier", "P", face=("兵", "卒")),
        PieceKind("general", "K", face=("帥", "將")),
        PieceKind("gold", "G", shape="pentagon", face="金"),
    )

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

    def kinds(self, state: BitboardState) -> dict[int, int]:
        centre, corners = self.grid.parse_square("b2"), {self.grid.parse_square(n) for n in ("a1", "a3", "c1", "c3")}
        return {sq: 1 if sq == centre else 2 for sq in bits(state.occupied) if sq == centre or sq in corners}


def position() -> BitboardState:
    return Generals.configure().start().play("b2").play("a2").play("a1").play("c3")


def written(svg: str) -> dict[str, str]:
    """Each piece's square and the face written on it."""
    out = {}
    for group in ET.fromstring(svg).iter(f"{SVG}g"):
        shape = next((e for e in group if e.get("data-square")), None)
        face = next((e for e in group.iter(f"{SVG}text") if "face" in (e.get("class") or "")), None)
        if shape is not None and face is not None and "piece" in (shape.get("class") or ""):
            out[shape.get("data-square")] = face.text
    return out


def test_each_players_face_is_written_on_its_piece_in_the_svg():
    svg = render_svg(position().view())
    assert written(svg) == {"b2": "帥", "a2": "卒", "a1": "金", "c3": "金"}
    root = ET.fromstring(svg)
    # A disc with a face is wood, ringed and written in its player's colour; no letter is written on it.
    general = next(e for e in root.iter(f"{SVG}circle") if e.get("data-square") == "b2")
    assert general.get("fill") == "#f0d49b"
    faces = {e.text: e.get("fill") for e in root.iter(f"{SVG}text") if "face" in (e.get("class") or "")}
    assert faces["帥"] == "#c62828" and faces["卒"] == "#212121"
    assert not [e for e in root.iter(f"{SVG}text") if e.get("class") == "kind"]
    # The second player's shogi piece is turned round, its face with it.
    turned = [g for g in root.iter(f"{SVG}g") if "pentagon" in (g.get("class") or "")]
    assert {g.get("data-square"): "rotate" in (g.get("transform") or "") for g in turned} == {"a1": False, "c3": True}


def test_the_json_names_the_face_and_the_text_board_keeps_the_letters():
    state = position()
    contents = state.to_json()["contents"]
    assert contents["b2"] == {"owner": "red", "kind": "general", "face": "帥"}
    assert contents["a2"] == {"owner": "black", "kind": "soldier", "face": "卒"}
    text = render_text(state.view())
    assert "帥" not in text and " K " in text and " p " in text


def test_a_kind_without_a_face_draws_as_before():
    kind = PieceKind("man", "M")
    assert kind.face_of(0) == "" and PieceKind("gold", face="金").face_of(1) == "金"
    assert PieceKind("general", face=("帥", "將")).face_of(1) == "將"


def test_a_face_that_is_no_text_is_refused():
    with pytest.raises(TypeError, match="face"):
        PieceKind("general", face=7)  # type: ignore[arg-type]


def test_a_game_turns_the_players_it_names_and_by_default_a_pentagons_second_player():
    class Turned(Generals):
        name = "turned"
        turned_players = (1,)  # black's pieces turned half round, the discs too

    class Upright(Generals):
        name = "upright"
        turned_players = ()  # none turned, the pentagons too

    def rotated(cls: type[Generals]) -> set[str]:
        root = ET.fromstring(render_svg(cls.configure().replay(["b2", "a2", "a1", "c3"]).view()))
        out = set()
        for group in root.iter(f"{SVG}g"):
            if "rotate" in (group.get("transform") or ""):
                out |= {e.get("data-square") for e in group.iter() if e.get("data-square")}
                out |= {group.get("data-square")} - {None}
        return out

    assert rotated(Generals) == {"c3"}  # by default: black's pentagon only
    assert rotated(Turned) == {"a2", "c3"}  # black's disc and pentagon
    assert rotated(Upright) == set()


def test_a_turned_declaration_that_names_no_players_is_refused():
    from boardgames.errors import PluginError

    class Wrong(Generals):
        name = "wrong"
        turned_players = "black"  # type: ignore[assignment]

    with pytest.raises(PluginError, match="turned_players"):
        Wrong.configure()
