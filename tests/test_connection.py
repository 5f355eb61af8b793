"""A connection game's evaluation from its declaration alone (issue 25):
a game whose ``edges`` give each player two opposite sides to join (Hex)
values positions by the two-distance potential, with no code of its own;
the same potential that the learnt features count."""

from __future__ import annotations

import math
import random

import pytest

import boardgames
from boardgames.learning.structure import structure, structure_names
from boardgames.rules.connection import connects, counter, evaluation, potential, shortest
from helpers import load_example

HEX = load_example("hex").Hex


def _hex(size: int) -> boardgames.Game:
    return HEX.configure({"size": str(size)}, seed=1)


def _potentials(state: boardgames.State) -> tuple[tuple[int, int], tuple[int, int]]:
    grid = state.game.grid
    empty = grid.full & ~(state.boards[0] | state.boards[1])
    joins = ((grid.edge("south"), grid.edge("north")),), ((grid.edge("west"), grid.edge("east")),)
    walled = (2 * math.isqrt(grid.full.bit_count()), 0)  # no square has both distances
    return tuple(  # type: ignore[return-value]
        potential(counter(grid), grid.beside, grid.chains(state.boards[p], empty), empty, joins[p]) or walled
        for p in (0, 1)
    )


def test_only_edges_giving_both_players_two_opposite_sides_make_a_connection_game():
    assert connects({"south": 0, "north": 0, "west": 1, "east": 1})
    assert not connects({"south": 0, "north": 0})  # the second player joins nothing
    assert not connects({"south": 0, "west": 0, "north": 1, "east": 1})  # sides that do not face each other
    assert not connects({})
    assert HEX.connects and HEX.has_evaluation
    go = load_example("go").Go
    assert not go.connects and not go.has_evaluation


def test_an_empty_board_is_even_and_a_stone_in_the_centre_favours_its_owner():
    game = _hex(5)
    start = game.start()
    assert _potentials(start)[0] == _potentials(start)[1]
    assert start.evaluate(0) == pytest.approx(0.0) == start.evaluate(1)
    centre = start.play("c3")  # red, who joins south and north
    (red, _), (blue, _) = _potentials(centre)
    assert red < blue
    assert centre.evaluate(0) > 0 > centre.evaluate(1)
    assert centre.evaluate(0) == pytest.approx(-centre.evaluate(1))


def test_a_finished_chain_leaves_no_cell_to_fill_and_the_other_side_walled_off():
    game = _hex(3)
    state = game.start()
    for move in ("a1", "c1", "a2", "c2"):  # red a1-a2, blue c1-c2 (blue to move next after red's a3)
        state = state.play(move)
    (red, red_routes), _ = _potentials(state)
    assert (red, red_routes) == (1, 1)  # a3 alone completes red's chain
    assert state.evaluate(0) > 0.2


@pytest.mark.parametrize("size", [5, 7, 11])
def test_it_is_the_learnt_features_own_potential_over_random_games(size):
    """The evaluation's potentials are those :mod:`boardgames.learning.structure`
    counts (per side of the board there), for both players and lookers."""
    game = _hex(size)
    names = structure_names(game)
    mine, theirs = names.index("my two-distance"), names.index("opponent's two-distance")
    rng = random.Random(size)
    side = size
    for _ in range(10):
        state = game.start()
        while not state.is_over:
            for looker in (0, 1):
                shape = structure(state, looker)
                pots = _potentials(state)
                assert shape[mine] * side == pytest.approx(pots[looker][0])
                assert shape[theirs] * side == pytest.approx(pots[1 - looker][0])
                assert -1 < evaluation(state, looker) < 1
            state = state.play_unchecked(rng.choice(state.legal_moves))


def test_a_game_that_says_it_has_no_evaluation_gets_none():
    class Bare(HEX):  # type: ignore[misc, valid-type]
        has_evaluation = False

    state = Bare.configure({"size": "5"}, seed=1).start().play("c3")
    assert state.evaluate(0) == 0.0


class SquareConnection(boardgames.Game[boardgames.BitboardState]):
    """A connection game on square cells, written as a new author would:
    red joins south and north, blue west and east, through shared sides."""

    name = "square-connection"
    player_names = ("red", "blue")
    edges = {"south": 0, "north": 0, "west": 1, "east": 1}
    max_length = 25

    def setup(self) -> None:
        self.grid = boardgames.Grid.get(5)

    def initial_state(self) -> boardgames.BitboardState:
        return boardgames.BitboardState(game=self)

    def generate_moves(self, state: boardgames.BitboardState) -> tuple[boardgames.Move, ...]:
        return boardgames.placements(self.grid.full & ~state.occupied)

    def apply(self, state: boardgames.BitboardState, move: boardgames.Move) -> boardgames.BitboardState:
        me, grid = state.turn, self.grid
        boards = tuple(b | (1 << move.to if p == me else 0) for p, b in enumerate(state.boards))
        a, b = (grid.edge("south"), grid.edge("north")) if me == 0 else (grid.edge("west"), grid.edge("east"))
        history = state.history + (move,)
        outcome = None
        if grid.connected(boards[me], a & boards[me]) & b:
            outcome = boardgames.Outcome(me, "joined")
        elif len(history) == grid.size:
            outcome = boardgames.Outcome(None, "the board is full")
        return boardgames.BitboardState(game=self, history=history, turn=1 - me, boards=boards, outcome=outcome)


def test_on_square_cells_the_evaluation_is_the_fewest_squares_to_join():
    """A square has one neighbour towards a side, so the two-distance never
    leaves the side's own squares: there the evaluation is the plain fewest
    empty squares to join (both sides measured the same way)."""
    assert SquareConnection.connects and SquareConnection.has_evaluation
    state = SquareConnection.configure({}, seed=1).start()
    assert state.evaluate(0) == pytest.approx(0.0)
    centre = state.play("c3")
    grid = centre.game.grid
    empty = grid.full & ~centre.occupied
    red = shortest(grid, centre.boards[0], empty, grid.edge("south"), grid.edge("north"))
    blue = shortest(grid, centre.boards[1], empty, grid.edge("west"), grid.edge("east"))
    assert (red, blue) == (4.0, 5.0)
    assert centre.evaluate(0) > 0 > centre.evaluate(1)
    walled = state
    for move in ("a1", "a3", "b1", "b3", "c1", "c3", "d1", "d3", "a5", "e3"):  # blue's row 3 is whole: red is cut
        walled = walled.play(move)
    assert walled.is_over and walled.winner == "blue"
    blocked = state
    for move in ("a1", "a3", "b1", "b3", "c1", "c3", "d1", "e5"):  # blue lacks d3 and e3, red four squares
        blocked = blocked.play(move)
    assert blocked.evaluate(1) > 0.5 > -0.5 > blocked.evaluate(0)


def test_a_learnt_file_that_does_not_fit_leaves_a_connection_game_its_declared_evaluation():
    """The tutorial's pattern: ``attach`` in setup, ``evaluate`` falling back
    to ``super().evaluate``. On a board its file was not fitted on, a
    connection game keeps the evaluation its edges give it; on the board it
    was fitted on, the file values the positions."""
    from pathlib import Path

    from boardgames.learning.learned import attach

    learnt = Path(__file__).resolve().parent.parent / "docs" / "strength-runs" / "learned" / "hex-2d-evaluation.json"
    hex_class = load_example("hex").Hex

    class Learnt(hex_class):  # type: ignore[misc, valid-type]
        def setup(self) -> None:
            super().setup()
            self.learned = attach(self, learnt)

        def evaluate(self, state, player):  # type: ignore[no-untyped-def]
            return self.learned.value(state, player) if self.learned else super().evaluate(state, player)

    small, fitted = Learnt.configure({"size": 5}), Learnt.configure({"size": 11})
    assert small.learned is None and small.has_evaluation
    assert fitted.learned is not None and fitted.has_evaluation
    rng = random.Random(4)
    for game in (small, fitted):
        state = game.start()
        for _ in range(6):
            state = state.play_unchecked(rng.choice(state.legal_moves))
        expected = evaluation(state, 0) if game is small else game.learned.value(state, 0)
        assert state.evaluate(0) == expected != 0.0
