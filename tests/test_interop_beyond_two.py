"""The OpenSpiel and PettingZoo adapters and the observation planes past two
players and certainty (issue 39): any number of players, chance nodes drawn
inside the environment from its seed, each player's own view and nothing
more, returns from the game's results. Played on the toy games Race (1 to 4
players and a die) and Guess (choices at once, hidden), and on two small
board games below (Trio: three players place pieces; Blind: each player
sees only its own pieces)."""

from __future__ import annotations

import attrs
import pytest

from boardgames import BitboardState, Game, Grid, Move, Outcome, bits, place, transfer
from boardgames.learning.observation import board_planes, plane_names, planes
from boardgames.learning.structure import structure, structure_names
from boardgames.testing import plugin
from tests.toy_games import Guess, Race


class Trio(Game[BitboardState]):
    """Three players place a piece in turn on a 3×3 board, the first to fill
    a row wins (the others share 2nd); a full board is a draw."""

    name = "trio"
    title = "Trio"
    player_names = ("red", "green", "blue")
    max_length = 9

    def setup(self) -> None:
        self.grid = Grid.get(3, 3)

    def initial_state(self) -> BitboardState:
        return BitboardState(game=self, boards=(0, 0, 0))

    def generate_moves(self, state: BitboardState) -> tuple[Move, ...]:
        return tuple(place(sq) for sq in bits(self.grid.full & ~state.occupied))

    def apply(self, state: BitboardState, move: Move) -> BitboardState:
        me = state.turn
        boards = transfer(state.boards, me, 1 << move.to)
        rows = [sum(1 << self.grid.index(f, r) for f in range(3)) for r in range(3)]
        outcome_ = None
        if any(boards[me] & row == row for row in rows):
            outcome_ = Outcome.placed([1 if p == me else 2 for p in range(3)], "a row")
        elif (boards[0] | boards[1] | boards[2]) == self.grid.full:
            outcome_ = Outcome.placed([1, 1, 1], "full board")
        return BitboardState(
            game=self, history=(*state.history, move), turn=(me + 1) % 3, boards=boards, outcome=outcome_
        )


class Blind(Game[BitboardState]):
    """Two players place a piece in turn on a 3×1 board; each sees only its
    own pieces (a placement on a taken cell is no move: the cells are few).
    Over once the board is full, a draw."""

    name = "blind"
    title = "Blind"
    player_names = ("north", "south")
    max_length = 3

    def setup(self) -> None:
        self.grid = Grid.get(3, 1)

    def initial_state(self) -> BitboardState:
        return BitboardState(game=self)

    def generate_moves(self, state: BitboardState) -> tuple[Move, ...]:
        return tuple(place(sq) for sq in bits(self.grid.full & ~state.occupied))

    def apply(self, state: BitboardState, move: Move) -> BitboardState:
        boards = transfer(state.boards, state.turn, 1 << move.to)
        done = Outcome(None, "full") if boards[0] | boards[1] == self.grid.full else None
        return BitboardState(
            game=self, history=(*state.history, move), turn=1 - state.turn, boards=boards, outcome=done
        )

    def hide(self, state: BitboardState, player: int | None) -> BitboardState:
        return attrs.evolve(state, boards=tuple(b if p == player else 0 for p, b in enumerate(state.boards)))

    def seen(self, state: BitboardState, move: Move, player: int | None) -> Move | None:
        return move if player == state.turn else None


class Pay(Race):
    """Race, paying OpenSpiel's way: the winner gets what the others lose (3 players: 2, -1, -1)."""

    name = "race-pay"

    def apply(self, state, move):
        after = super().apply(state, move)
        if after.outcome is None:
            return after
        n = len(after.scores)
        won = after.outcome.places
        returns = [float(n - 1) if place == 1 and won.count(1) == 1 else -1.0 for place in won]
        if won.count(1) != 1:
            returns = [0.0] * n
        return attrs.evolve(after, outcome=attrs.evolve(after.outcome, returns=tuple(returns)))


class Points(Race):
    """Race, each player's return its score: not zero-sum."""

    name = "race-points"

    def apply(self, state, move):
        after = super().apply(state, move)
        if after.outcome is None:
            return after
        return attrs.evolve(after, outcome=attrs.evolve(after.outcome, returns=tuple(map(float, after.scores))))


class Hooks:
    from boardgames import hookimpl

    @staticmethod
    @hookimpl
    def register_games(register):
        for cls in (Race, Guess, Trio, Blind, Pay, Points):
            register(cls)


@pytest.fixture(scope="module", autouse=True)
def toys():
    with plugin(Hooks, "interop-toys"):
        yield


# -- the observation planes ----------------------------------------------------
def test_planes_for_three_players_are_each_players_own_from_the_observer_on():
    game = Trio.configure()
    names = plane_names(game)
    assert names[:3] == ("my pieces", "player +1's pieces", "player +2's pieces")
    assert names[3:6] == ("my pieces in hand", "player +1's pieces in hand", "player +2's pieces in hand")
    state = game.start().play("a1").play("b2").play("c3")  # red a1, green b2, blue c3
    square = game.grid.parse_square
    for looker, order in ((0, "a1 b2 c3"), (1, "b2 c3 a1"), (2, "c3 a1 b2")):
        seen = planes(state, looker)
        assert [[sq for sq, v in enumerate(seen[k]) if v] for k in range(3)] == [[square(n)] for n in order.split()]
    laid = board_planes(state, 2)
    assert laid[0][2][2] == 1.0  # blue's own c3: row 2, file 2
    assert plane_names(Guess.configure()) == (
        "my pieces",
        "opponent's pieces",
        "my pieces in hand",
        "opponent's pieces in hand",
        "first square chosen",
        "later squares chosen",
    )  # two players: the names as before (learnt files keep them)
    # more than two: the structure sets every other player's pieces against the looker's
    features = dict(zip(structure_names(game), structure(state, 0), strict=True))
    assert features["my pieces"] == pytest.approx(1 / 9) and features["opponent's pieces"] == pytest.approx(2 / 9)


def test_planes_say_when_chance_is_to_move_and_as_many_players_as_are_configured():
    game = Race.configure({"players": 3})
    names = plane_names(game)
    assert "chance to move" in names and "player +2's pieces" in names and "player +3's pieces" not in names
    state = game.start()
    assert all(v == 1.0 for v in planes(state, 1)[names.index("chance to move")])
    assert not any(planes(state.play("roll:2"), 1)[names.index("chance to move")])
    assert plane_names(Race) == ("my pieces", "my pieces in hand", "chance to move", *names[-2:])  # the class: 1


def test_planes_show_only_what_the_observer_sees():
    game = Blind.configure()
    a, c = game.start().play("a1"), game.start().play("c1")
    assert planes(a, 1) == planes(c, 1) and not any(map(any, planes(a, 1)))
    assert planes(a, 0) != planes(c, 0)
    assert structure(a, 1) == structure(c, 1)
    over = a.play("b1").play("c1")
    assert over.is_over and sum(planes(over, 1)[1]) == 2  # once over, all is shown
