"""The observation's layout: row 0 = rank 1, file 0 = file a, in the core's
laid-out planes and the OpenSpiel tensor (planes, rows, files) and the
PettingZoo observation ((rows, files, planes), as its classic games; the
planes first if asked). A board of 5 files and 6 ranks (a throwaway game,
below) shows a scrambled layout; Donuts (6x6) shows a transposed one."""

from __future__ import annotations

import types

import pytest

import boardgames
from boardgames import BitboardState, Game, Grid, Outcome, bits, hookimpl, place, transfer
from boardgames.learning.observation import board_planes, layout_shape, plane_names
from boardgames.testing import plugin
from helpers import layout

MINE, THEIRS = 0, 1  # the planes of "my pieces" and "opponent's pieces"
FILES, RANKS = 5, 6


class Tall(Game[BitboardState]):
    """Place a piece on any empty cell of a board 5 files wide and 6 ranks high."""

    name = "tall-layout"
    title = "Tall"
    summary = "Placements on 5x6 cells, for the observation layout tests."
    player_names = ("north", "south")
    max_length = FILES * RANKS

    def setup(self):
        self.grid = Grid.get(FILES, RANKS)

    def initial_state(self):
        return BitboardState(game=self)

    def generate_moves(self, state):
        return tuple(place(sq) for sq in bits(self.grid.full & ~state.occupied))

    def apply(self, state, move):
        me = state.turn
        boards = transfer(state.boards, me, 1 << move.to)
        outcome = Outcome(None, "full board") if boards[0] | boards[1] == self.grid.full else None
        return BitboardState(game=self, history=(*state.history, move), turn=1 - me, outcome=outcome, boards=boards)


@hookimpl
def register_games(register):
    register(Tall)


@pytest.fixture(scope="module")
def tall():
    module = types.ModuleType("tall_layout_plugin")
    module.register_games = register_games  # type: ignore[attr-defined]
    with plugin(module, "tall-layout"):
        yield Tall.name


def only_one(values, plane: int) -> list[tuple[int, int]]:
    """The (row, file) of every 1 in ``plane`` of a (planes, rows, files) nesting."""
    return [(r, f) for r, row in enumerate(values[plane]) for f, v in enumerate(row) if v == 1.0]


def test_the_core_lays_planes_out_rank_by_rank_from_rank_1(tall):
    game = boardgames.game_class(tall).configure()
    assert (game.grid.width, game.grid.height) == (FILES, RANKS)
    state = game.start().play("b5").play("e1")
    assert layout_shape(game) == (len(plane_names(Tall)), RANKS, FILES)
    seen = board_planes(state, 0)
    assert (len(seen), len(seen[0]), len(seen[0][0])) == (len(plane_names(Tall)), RANKS, FILES)
    assert only_one(seen, MINE) == [(4, 1)]  # b5: rank 5 is row 4, file b is column 1
    assert only_one(seen, THEIRS) == [(0, 4)]  # e1: row 0, column 4
    assert only_one(board_planes(state, 1), MINE) == [(0, 4)]


def test_pettingzoo_observation_on_a_board_of_5_files_and_6_ranks(tall):
    pytest.importorskip("pettingzoo", reason="the extra 'rl' is not installed")
    from boardgames.interop.pettingzoo import env

    e = env(tall)
    e.reset(seed=0)
    first = e.agent_selection
    e.step(e.unwrapped.game.grid.parse_square("b5"))
    observation = e.observe(first)["observation"]
    assert (
        observation.shape == e.observation_space(first)["observation"].shape == (RANKS, FILES, len(plane_names(Tall)))
    )
    assert observation[4][1][MINE] == 1.0 and observation[:, :, MINE].sum() == 1
    assert e.observe(e.agent_selection)["observation"][4][1][THEIRS] == 1.0
    old = env(tall, planes_first=True)  # the layout given before, kept on request
    old.reset(seed=0)
    old.step(old.unwrapped.game.grid.parse_square("b5"))
    planes = old.observe(first)["observation"]
    assert planes.shape == old.observation_space(first)["observation"].shape == (len(plane_names(Tall)), RANKS, FILES)
    assert (planes == observation.transpose(2, 0, 1)).all() and planes[MINE][4][1] == 1.0


def test_openspiel_tensor_on_a_board_of_5_files_and_6_ranks(tall):
    pytest.importorskip("pyspiel", reason="the extra 'openspiel' is not installed")
    import numpy as np

    from boardgames.interop.openspiel import load

    game = load(tall)
    shape = game.observation_tensor_shape()
    assert shape == [len(plane_names(Tall)), RANKS, FILES]
    state = game.new_initial_state()
    state.apply_action(state.string_to_action("b5"))
    tensor = np.reshape(state.observation_tensor(0), shape)
    assert tensor[MINE][4][1] == 1.0 and tensor[MINE].sum() == 1
    assert np.reshape(state.observation_tensor(1), shape)[THEIRS][4][1] == 1.0


# Donuts with a line of its own on a2 (every other square "-"): the piece and the mark.
A2_BOARD = layout(a2="|")


def test_pettingzoo_observation_on_donuts_is_not_transposed():
    pytest.importorskip("pettingzoo", reason="the extra 'rl' is not installed")
    from boardgames.interop.pettingzoo import env

    e = env("donuts", board=A2_BOARD)
    e.reset(seed=0)
    first = e.agent_selection
    e.step(e.unwrapped.game.grid.parse_square("a2"))
    observation = e.observe(first)["observation"]
    assert observation.shape == (6, 6, len(plane_names(boardgames.game_class("donuts"))))
    assert observation[1][0][MINE] == 1.0 and observation[:, :, MINE].sum() == 1  # a2: row 1, column 0
    mark = observation[:, :, plane_names(boardgames.game_class("donuts")).index("mark |")]
    assert mark[1][0] == 1.0 and mark.sum() == 1


def test_openspiel_tensor_on_donuts_is_not_transposed():
    pytest.importorskip("pyspiel", reason="the extra 'openspiel' is not installed")
    import numpy as np

    from boardgames.interop.openspiel import load

    game = load("donuts", board=A2_BOARD)
    shape = game.observation_tensor_shape()
    state = game.new_initial_state()
    state.apply_action(state.string_to_action("a2"))
    tensor = np.reshape(state.observation_tensor(0), shape)
    assert tensor[MINE][1][0] == 1.0 and tensor[MINE].sum() == 1
    assert tensor[plane_names(boardgames.game_class("donuts")).index("mark |")][1][0] == 1.0


class Round(Tall):
    """Tall's placements on a hexagon of side 3 (19 cells in a 5 × 5 rhombus)."""

    name = "round-layout"
    max_length = 19

    def setup(self):
        self.grid = Grid.hexagon(3)


def test_a_hexagon_shows_its_cells_so_a_corner_off_it_is_not_an_empty_square():
    game = Round.configure()
    names = plane_names(game)
    assert names == (*plane_names(Round), "on board") and "on board" not in plane_names(Tall.configure())
    state = game.start().play("c3")
    seen = board_planes(state, 0)
    assert layout_shape(game) == (len(names), 5, 5) == (len(seen), len(seen[0]), len(seen[0][0]))
    on = only_one(seen, names.index("on board"))
    assert len(on) == 19 and (0, 0) not in on and (0, 2) in on  # a1 is off the board, c1 on it
    assert only_one(seen, MINE) == [(2, 2)]  # the other planes keep their places
