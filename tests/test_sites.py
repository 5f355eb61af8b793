"""Boards as graphs of sites (issue 41): a game declares which points are
joined (``Grid.graph``: drawn in text and SVG, nothing where there is no
point or no link, and the points' adjacency), or a lattice whose edges and
cells are sites too (``Grid.lattice``: an edge drawn as a bar, named by the
points it joins, played, encoded as an action, in the JSON and the
observation planes). Two toy games use every part of it."""

from __future__ import annotations

import json
import pickle
import re

import attrs
import pytest

from boardgames import BitboardState, Game, Grid, Outcome, PieceKind, bits, hookimpl, place, step, transfer
from boardgames.geometry.sites import sites_of
from boardgames.learning.observation import plane_names, planes
from boardgames.rendering.svg import render_svg
from boardgames.rendering.text import render_text
from boardgames.testing import check_game, plugin

RING = ("a1-b1-c1", "c1-c2-c3", "c3-b3-a3", "a3-a2-a1")  # a square ring: b2 is no point


@attrs.frozen(kw_only=True, slots=False)
class RingState(BitboardState):
    turns: int = 0  # the moves made: the game is drawn at 20


class Ring(Game[RingState]):
    """Each places two men on the ring's points, then steps one along a
    line; three in a line of the ring wins."""

    name = "ring"
    title = "Ring"
    player_names = ("white", "black")
    max_length = 20

    def setup(self) -> None:
        self.grid = Grid.graph(3, 3, RING)
        self.lines = tuple(Grid.mask(path) for path in self.grid.paths)

    def initial_state(self) -> RingState:
        return RingState(game=self)

    def generate_moves(self, state: RingState) -> tuple:
        empty = self.grid.full & ~state.occupied
        if state.placed[state.turn] < 2:
            return tuple(place(sq) for sq in bits(empty))
        return tuple(step(o, t) for o, t in self.grid.link_steps(state.boards[state.turn], empty))

    def apply(self, state: RingState, move) -> RingState:
        me = state.turn
        boards = transfer(state.boards, me, 1 << move.to, vacate=0 if move.origin < 0 else 1 << move.origin)
        placed = tuple(n + (p == me and move.origin < 0) for p, n in enumerate(state.placed))
        history = (*state.history, move)
        outcome = None
        if any(line & boards[me] == line for line in self.lines):
            outcome = Outcome(me, "three in a line")
        elif state.turns + 1 == self.max_length:
            outcome = Outcome(None, "the moves ran out")
        state = RingState(
            game=self,
            history=history,
            turn=1 - me,
            boards=boards,
            placed=placed,
            turns=state.turns + 1,
            outcome=outcome,
        )
        if outcome is None and not self.generate_moves(state):
            state = attrs.evolve(state, outcome=Outcome(me, "the other cannot move"))
        return state


@attrs.frozen(kw_only=True, slots=False)
class BoxState(BitboardState):
    lines: int = 0  # the edges drawn (neutral: no one owns a line)


class Box(Game[BoxState]):
    """One box (2 × 2 dots): draw a line a turn; whoever closes the box owns it."""

    name = "one-box"
    title = "One box"
    player_names = ("red", "blue")
    neutral_kinds = (PieceKind("line", letter="-", shape="square", colour="#222222"),)
    max_length = 4

    def setup(self) -> None:
        self.grid = Grid.lattice(2, 2)
        self.lines_mask = sites_of(self.grid, "edge")

    def initial_state(self) -> BoxState:
        return BoxState(game=self)

    def generate_moves(self, state: BoxState) -> tuple:
        return tuple(place(sq) for sq in bits(self.lines_mask & ~state.lines))

    def apply(self, state: BoxState, move) -> BoxState:
        me, lines = state.turn, state.lines | 1 << move.to
        boards, outcome = state.boards, None
        if lines == self.lines_mask:
            boards = transfer(boards, me, sites_of(self.grid, "cell"))
            outcome = Outcome(me, "closed the box")
        return BoxState(game=self, history=(*state.history, move), turn=1 - me, boards=boards, lines=lines,
                        outcome=outcome)  # fmt: skip

    def neutral(self, state: BoxState) -> dict[int, int]:
        return {sq: 0 for sq in bits(state.lines)}


class Hooks:
    @staticmethod
    @hookimpl
    def register_games(register):
        register(Ring)
        register(Box)


@pytest.fixture(scope="module")
def toys():
    with plugin(Hooks, "sites-toys"):
        yield


def test_the_kit_takes_both_toys(toys):
    check_game(Ring, games=20)
    check_game(Box, games=10)


def test_declared_links_are_the_points_adjacency_and_only_named_points_are_on_the_board():
    grid = Grid.graph(3, 3, RING)
    sq = grid.parse_square
    assert grid.squares(grid.full) == ["a1", "a2", "a3", "b1", "b3", "c1", "c2", "c3"]
    assert grid.squares(grid.linked[sq("a1")]) == ["a2", "b1"]
    assert grid.link_steps(1 << sq("b1"), grid.full) == [(sq("b1"), sq("a1")), (sq("b1"), sq("c1"))]
    assert len(grid.links) == 8 and pickle.loads(pickle.dumps(grid)) is grid
    with pytest.raises(Exception, match="off the board"):
        grid.parse_square("b2")
    with pytest.raises(ValueError, match="a line joins"):
        Grid.graph(3, 3, ("a1-z9",))


def test_text_draws_the_links_and_nothing_where_there_is_no_point_or_no_link(toys):
    state = Ring.configure().start().play("a1")
    text = render_text(state.view())
    rows = {line[:3].strip(): line for line in text.splitlines() if re.match(r"^ +\d ", line)}
    assert rows["2"].split() == ["2", "*", "*", "2"]  # legal points; b2 is none: a2 and c2 are not joined
    assert "-" in rows["1"] and "-" in rows["3"]
    bars = [line for line in text.splitlines() if "|" in line and set(line.strip()) <= {"|", " "}]
    assert bars and all(line.index("|") == 5 and line.count("|") == 2 for line in bars)  # files a and c only
    assert render_text(attrs.evolve(state.view(), targets=())).count("+") == 7  # the points but a1, no others


def test_a_points_board_without_links_draws_every_line_as_before():
    grid = Grid.get(3, kind="points")
    assert grid.links == () and grid.linked == () and grid.site_kinds is None


def test_svg_draws_one_line_for_each_link_and_none_else(toys):
    svg = render_svg(Ring.configure().start().view(), interactive=True)
    lines = re.findall(r"<line [^>]*>", svg)
    assert len(lines) == 8 and all('class="link"' in line for line in lines)
    assert {re.search(r'data-link="([^"]+)"', line).group(1) for line in lines} >= {"a1-a2", "a1-b1"}
    assert 'data-square="b2"' not in svg and 'data-square="a2"' in svg


def test_a_lattice_names_its_edges_and_cells_by_their_points():
    grid = Grid.lattice(3, 3)
    kinds = dict(zip(grid.names, grid.site_kinds, strict=True))
    assert (kinds["a1"], kinds["a1b1"], kinds["a1a2"], kinds["a1b2"]) == ("point", "edge", "edge", "cell")
    assert sum(k == "edge" for k in grid.site_kinds) == 12 and sum(k == "cell" for k in grid.site_kinds) == 4
    cell = grid.parse_square("a1b2")
    assert sorted(grid.name(s) for s in bits(grid.incident[cell])) == ["a1a2", "a1b1", "a2b2", "b1b2"]
    assert pickle.loads(pickle.dumps(grid)) is grid
    assert repr(grid) == "Grid.lattice(3, 3, ...)"  # not the finer grid it is numbered on


def test_an_edge_is_played_drawn_and_encoded_by_its_name(toys, cli):
    game = Box.configure()
    state = game.replay(["a1b1", "a1a2", "b1b2"])
    assert [game.format_move(m) for m in state.legal_moves] == ["a2b2"]
    text = render_text(state.view())
    assert "+---+" in text and "|" in text
    done = state.play("a2b2")
    assert done.outcome.winner_index == 1 and " B " in render_text(done.view())  # blue drew the fourth line
    svg = render_svg(done.view(), interactive=True)
    assert svg.count('class="edge-site drawn') == 4 and 'class="box player-blue"' in svg
    assert 'data-square="a1b1"' in svg and 'data-square="a1b2"' in svg
    names = plane_names(game)
    board = planes(done, 0)
    row = [r for r, name in enumerate(names) if "line" in name]
    assert row and sum(board[row[0]]) == 4  # the four edges in the observation
    run = cli("show", "one-box", "--moves", "a1b1 a1a2", "--json")
    shown = json.loads(run.out)
    assert run.code == 0 and shown["history"] == ["a1b1", "a1a2"] and set(shown["legal_moves"]) == {"a2b2", "b1b2"}
    bad = cli("show", "one-box", "--moves", "a1b2")
    assert bad.code != 0 and len(bad.err.strip().splitlines()) == 1 and "Traceback" not in bad.err


def test_the_openspiel_adapter_plays_edges_as_actions(toys):
    pytest.importorskip("pyspiel")
    from boardgames.interop.openspiel import load

    spiel = load("one-box")
    state = spiel.new_initial_state()
    labels = sorted(state.action_to_string(a) for a in state.legal_actions())
    assert labels == ["a1a2", "a1b1", "a2b2", "b1b2"]
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert state.returns() in ([1.0, -1.0], [-1.0, 1.0])
