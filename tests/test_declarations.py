"""A game declares what its board holds and how it speaks, and every front
end follows: kinds of pieces (a king beside a man), neutral pieces (walls),
marks (thrones) and overlays (territory) in text, SVG, the JSON contents and
the observation planes, and the game's own words; the legend lists only what
the position shows."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import attrs
import pytest

from boardgames import (
    BitboardState,
    Game,
    Grid,
    MarkKind,
    Outcome,
    Overlay,
    PieceKind,
    Words,
    bits,
    hookimpl,
    placements,
    transfer,
)
from boardgames.learning.observation import plane_names, planes
from boardgames.rendering.svg import render_svg
from boardgames.rendering.text import render_text
from boardgames.testing import check_game, plugin

SVG = "{http://www.w3.org/2000/svg}"
WALLS = ("b2", "c3")
THRONES = ("a1", "d4")


class Kingdoms(Game[BitboardState]):
    """Place a man on any empty square; on a throne it is a king. Walls stand
    on b2 and c3 from the start. The board full, the most pieces win."""

    name = "kingdoms"
    title = "Kingdoms"
    player_names = ("red", "blue")
    piece_kinds = (PieceKind("man"), PieceKind("king", letter="k", symbol="♚"))
    neutral_kinds = (PieceKind("wall", letter="#", symbol="▇", shape="square", colour="#444444"),)
    mark_kinds = (MarkKind("throne", "^", "dot", "♛", colour="#d4a017"),)
    overlay_kinds = (Overlay("red territory", player=0),)
    words = Words(changed="crowned", choice="Which kingdom?")
    max_length = 14

    def setup(self) -> None:
        self.grid = Grid.get(4)
        self.walls = self.grid.mask(self.grid.parse_square(n) for n in WALLS)
        self.thrones = self.grid.mask(self.grid.parse_square(n) for n in THRONES)

    def initial_state(self) -> BitboardState:
        return BitboardState(game=self)

    def generate_moves(self, state: BitboardState) -> tuple:
        return placements(self.grid.full & ~state.occupied & ~self.walls)

    def apply(self, state: BitboardState, move) -> BitboardState:
        boards = transfer(state.boards, state.turn, 1 << move.to)
        crowned = (1 << move.to) & self.thrones  # what the move changed: a man crowned
        after = BitboardState(
            game=self, history=(*state.history, move), turn=1 - state.turn, boards=boards, changed=crowned
        )
        if (boards[0] | boards[1] | self.walls) == self.grid.full:
            counts = [b.bit_count() for b in boards]
            winner = None if counts[0] == counts[1] else counts.index(max(counts))
            after = attrs.evolve(after, outcome=Outcome(winner, "the most pieces"))
        return after

    def kinds(self, state: BitboardState) -> dict[int, int]:
        return {sq: 1 for sq in bits(state.occupied & self.thrones)}

    def neutral(self, state: BitboardState) -> dict[int, int]:
        return {sq: 0 for sq in bits(self.walls)}

    def marks(self, state: BitboardState) -> dict[int, str]:
        return {sq: "throne" for sq in bits(self.thrones & ~state.occupied)}

    def overlays(self, state: BitboardState) -> dict[int, int]:
        empty = self.grid.full & ~state.occupied & ~self.walls
        return {sq: 0 for sq in bits(self.grid.next_to(state.boards[0], diagonal=False) & empty)}


class Hooks:
    @staticmethod
    @hookimpl
    def register_games(register):
        register(Kingdoms)


@pytest.fixture(scope="module")
def kingdoms():
    with plugin(Hooks, "kingdoms"):
        yield Kingdoms.configure()


def test_the_kit_and_every_renderer_take_the_declarations(kingdoms):
    assert check_game(Kingdoms, games=5) > 0


def test_text_shows_kinds_neutral_pieces_marks_and_overlays_and_lists_only_those(kingdoms):
    start = kingdoms.start()
    text = render_text(start.view())
    rows = {line.split()[0]: line for line in text.splitlines() if line.strip()[:1].isdigit()}
    assert "#" in rows["2"] and "#" in rows["3"]  # walls on b2 and c3
    assert "^" in rows["1"] and "^" in rows["4"]  # thrones on a1 and d4
    assert "# wall" in text and "king" not in text and "territory" not in text
    assert text.splitlines()[-1].count("^ throne") == 1  # the legend says what ^ is
    crowned = start.play("a1").play("d4")  # a man on each throne: kings, red's (K) and blue's (k)
    text = render_text(crowned.view())
    rows = {line.split()[0]: line for line in text.splitlines() if line.strip()[:1].isdigit()}
    assert " K" in rows["1"] and "[k" in rows["4"]  # d4 the last move
    assert "K/k king" in text and "^" not in text
    assert "( ) crowned" not in text  # the crowned king is the last move's, shown [k ]: no ( ) on the board
    legend = render_text(start.play("b1").play("a1").view()).splitlines()[-1]  # blue's king alone
    assert "  k king" in legend and "K king" not in legend and "K/k" not in legend  # as the board writes it
    assert "territory" not in text  # every square of it is a legal move here: it shows *
    still = render_text(attrs.evolve(crowned.view(), targets=()))
    rows = {line.split()[0]: line for line in still.splitlines() if line.strip()[:1].isdigit()}
    assert "r" in rows["2"].split("#")[0] and "r red territory" in still  # a2: next to red's king, empty


def test_text_shows_an_overlay_of_no_players_in_its_own_sign_and_colour(kingdoms):
    view = kingdoms.start().view()
    land = Overlay("no man's land", colour="#aa5500")  # no player: the SVG washes it in its colour
    b1 = kingdoms.grid.parse_square("b1")
    shown = attrs.evolve(view, targets=(), overlay_kinds=(*view.overlay_kinds, land), overlays=((b1, 1),))
    text = render_text(shown)
    rows = {line.split()[0]: line for line in text.splitlines() if line.strip()[:1].isdigit()}
    assert rows["1"].split()[2] == "~" and "~ no man's land" in text
    assert "\x1b[1;38;2;170;85;0m·" in render_text(shown, unicode=True)  # its own colour, in the legend too


def test_a_checkered_board_is_drawn_dark_and_light_a1_dark(kingdoms):
    plain = ET.fromstring(render_svg(kingdoms.start().view()))
    assert not [e for e in plain.iter(f"{SVG}rect") if "dark" in (e.get("class") or "").split()]
    view = attrs.evolve(kingdoms.start().view(), checkered=True)  # as Game.checkered = True gives it
    dark = [e for e in ET.fromstring(render_svg(view)).iter(f"{SVG}rect") if e.get("class") == "cell dark"]
    assert len(dark) == 8  # half of 4 × 4
    a1 = min(dark, key=lambda e: (float(e.get("x")), -float(e.get("y"))))  # the left column's lowest
    assert float(a1.get("y")) == max(float(e.get("y")) for e in dark)
    assert kingdoms.start().view().checkered is False and Kingdoms.checkered is False


def test_a_board_in_blocks_is_drawn_with_their_borders_in_text_and_svg(kingdoms):
    """``Game.blocks`` (Pentago's quarters, ultimate tic-tac-toe's local boards): a column
    and a row between blocks in the text, the files still over their cells; heavy lines in the SVG."""
    plain = kingdoms.start().view()
    assert "|" not in render_text(plain) and 'class="block"' not in render_svg(plain)
    view = attrs.evolve(plain, blocks=(2, 2))  # as Game.blocks = (2, 2) gives it
    text = render_text(view).splitlines()
    assert text[0].rstrip() == "     a   b    c   d"
    assert text[1].startswith("  4  *   *  | *") and text[3] == "    --------+--------"
    assert [line[:4] for line in text[1:6]] == ["  4 ", "  3 ", "    ", "  2 ", "  1 "]
    assert text[2].index("#") == text[0].index("c")  # c3's wall under its file's letter, past the border
    lines = [e for e in ET.fromstring(render_svg(view)).iter(f"{SVG}line") if e.get("class") == "block"]
    vertical = [e for e in lines if e.get("x1") == e.get("x2")]
    assert len(lines) == 2 and len(vertical) == 1  # between files b and c, between ranks 2 and 3
    assert Kingdoms.blocks is None and plain.blocks is None


def test_a_declaration_that_does_not_fit_is_named_in_one_line():
    from boardgames.rules.declared import clash

    bad = type("Quartered", (Kingdoms,), {"blocks": (0, 3)})
    assert "Quartered.blocks is the tuple (0, 3), but blocks is a declaration the framework reads" in clash(bad, Game)
    assert clash(type("Quartered", (Kingdoms,), {"blocks": (3, 3)}), Game) is None


def test_svg_draws_each_declared_thing_in_its_shape(kingdoms):
    state = kingdoms.start().play("a1").play("d1")
    root = ET.fromstring(render_svg(state.view()))
    walls = [e for e in root.iter() if "kind-wall" in (e.get("class") or "").split()]
    assert {w.get("data-square") for w in walls} == set(WALLS) and all(w.tag == f"{SVG}rect" for w in walls)
    assert [e.get("data-square") for e in root.iter() if "kind-king" in (e.get("class") or "").split()] == ["a1"]
    assert [t.text for t in root.iter(f"{SVG}text") if t.get("class") == "kind"] == ["K"]
    thrones = [e for e in root.iter(f"{SVG}circle") if e.get("class") == "mark"]
    assert len(thrones) == 1  # d4's: a1's is under the king
    territory = [e for e in root.iter(f"{SVG}rect") if (e.get("class") or "").startswith("overlay")]
    assert territory and {e.get("fill") for e in territory} == {Kingdoms.colours[0]}


def test_json_names_the_marks_and_overlays_the_board_shows(kingdoms):
    data = kingdoms.start().play("a2").to_json()  # red on a2: the empty squares beside it are red's
    assert data["marks"] == {"a1": "throne", "d4": "throne"}
    assert data["overlays"] == {"a1": "red territory", "a3": "red territory"}  # beside a2; b2 is a wall


def test_json_contents_say_owner_and_kind(kingdoms):
    data = kingdoms.start().play("a1").play("d1").to_json()
    assert data["pieces"] == {"a1": "red", "d1": "blue"}  # the short form, as before
    assert data["contents"] == {
        "a1": {"owner": "red", "kind": "king"},
        "b2": {"owner": None, "kind": "wall"},
        "c3": {"owner": None, "kind": "wall"},
        "d1": {"owner": "blue", "kind": "man"},
    }


def test_observation_planes_follow_the_declarations(kingdoms):
    names = plane_names(kingdoms)
    assert names[:6] == ("my man", "opponent's man", "my king", "opponent's king", "neutral wall", "mark throne")
    assert "overlay red territory" in names and len(names) == 11
    state = kingdoms.start().play("a1").play("d1")
    seen = dict(zip(names, planes(state, 1), strict=True))  # as blue sees it
    square = kingdoms.grid.parse_square
    assert seen["opponent's king"][square("a1")] == 1 and seen["my man"][square("d1")] == 1
    assert [i for i, v in enumerate(seen["neutral wall"]) if v] == sorted(square(n) for n in WALLS)
    assert [i for i, v in enumerate(seen["mark throne"]) if v] == [square("d4")]


def test_a_games_words_reach_its_front_ends(kingdoms, cli):
    run = cli("show", "kingdoms", "--moves", "a1")
    assert run.code == 0, run.err
    assert "the last move crowned: a1" in run.out
    plain = cli("show", "kingdoms", "--moves", "b1")
    assert "crowned" not in plain.out  # the legend lists only what the board shows


class Lettered(Kingdoms):
    """Kingdoms whose first kind declares its letter too, as a game lettering every kind
    (Einstein's cubes, chess' pawns) does; its kinds() still leaves the men out."""

    name = "lettered"
    title = "Lettered"
    piece_kinds = (PieceKind("man", letter="m", symbol="♟"), PieceKind("king", letter="k", symbol="♚"))


def test_the_first_kind_shows_its_letter_when_it_declares_one(kingdoms):
    """Issue 41's small trap: the first kind never showed its letter, so a game lettering
    every kind needed a dummy first kind. Kingdoms' man (no letter) still shows its player's."""
    state = Lettered.configure().start().play("b1").play("a1").play("d4")  # red's man b1, blue's king a1, red's d4
    text = render_text(state.view())
    rows = {line.split()[0]: line for line in text.splitlines() if line.strip()[:1].isdigit()}
    assert rows["1"].split()[1:3] == ["k", "M"] and "[K" in rows["4"]
    assert "M man" in text.splitlines()[-1] and "k king" in text.splitlines()[-1]
    assert "♟" in render_text(state.view(), unicode=True)
    root = ET.fromstring(render_svg(state.view()))
    assert sorted(t.text for t in root.iter(f"{SVG}text") if t.get("class") == "kind") == ["K", "K", "M"]
    plain = kingdoms.start().play("b1").play("a1").play("d4")  # no letter for the man: as before
    rows = {line.split()[0]: line for line in render_text(plain.view()).splitlines() if line.strip()[:1].isdigit()}
    assert rows["1"].split()[1:3] == ["k", "R"] and "man" not in render_text(plain.view())
    assert [t.text for t in ET.fromstring(render_svg(plain.view())).iter(f"{SVG}text") if t.get("class") == "kind"] == [
        "K",
        "K",
    ]


def _reserving(name: str, body: dict, setup_sets: tuple = ()):
    """Kingdoms with ``body`` in its class (and ``setup_sets``, a name and value, set by setup)."""

    def setup(self):
        Kingdoms.setup(self)
        if setup_sets:
            setattr(self, *setup_sets)

    return type("Reserving", (Kingdoms,), {"name": name, "setup": setup, **body})


@pytest.mark.parametrize(
    ("body", "setup_sets", "said"),
    [
        ({"players": ("red", "green")}, (), "Reserving.players is the tuple ('red', 'green')"),
        ({"turn_order": ("x", "o")}, (), "Reserving.turn_order is the tuple ('x', 'o')"),
        ({"configure": 3}, (), "Reserving.configure is the int 3, but configure is a method the framework calls"),
        ({"check_options": None}, (), "Reserving.check_options is None, but check_options is a method"),
        ({"number_of_players": 2}, (), "Reserving.number_of_players is the int 2, but number_of_players is the fram"),
        ({"board_drawn": "yes"}, (), "Reserving.board_drawn is the str 'yes', but board_drawn is a declaration"),
        ({}, ("players", ("red", "blue")), "setup sets self.players, but players is the framework's (rename yours)"),
        ({}, ("turn_order", ("blue", "red")), "setup sets self.turn_order, but turn_order is the framework's"),
    ],
)
def test_a_name_the_base_class_reserves_is_one_clear_error_naming_it(cli, body, setup_sets, said):
    """Issue 41's small trap: a class attribute ``players`` or a classmethod's name
    shadowed by a value, or setup setting a property, failed late as internal errors
    (a TypeError calling an int, an AttributeError 'has no setter')."""
    game = _reserving("reserving", body, setup_sets)

    class Hooks:
        @staticmethod
        @hookimpl
        def register_games(register):
            register(game)

    with plugin(Hooks, "reserving"):
        run = cli("show", "reserving")
    assert run.code != 0 and "Traceback" not in run.out + run.err
    errors = [line for line in (run.out + run.err).splitlines() if said in line]
    assert len(errors) == 1, run.out + run.err


def test_what_a_game_may_still_declare_under_those_names(cli):
    """``players = 3`` says how many play (issue 39); a turn order of the players' own names is one."""
    for name, body in (("counted", {"players": 2}), ("ordered", {"turn_order": ("blue", "red")})):
        game = _reserving(name, body)

        class Hooks:
            @staticmethod
            @hookimpl
            def register_games(register, game=game):
                register(game)

        with plugin(Hooks, name):
            run = cli("show", name)
        assert run.code == 0, run.out + run.err


def test_a_kind_with_no_face_may_say_so_with_none():
    """``PieceKind(face=None)`` is a kind with nothing written on it, as ``face=""`` (a new author's
    first guess was refused with attrs' TypeError)."""
    assert PieceKind("pawn", face=None).face == "" and PieceKind("pawn", face=None).face_of(0) == ""
