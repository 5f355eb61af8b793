"""A game may let people type less than the notation (Game.shorthand):
Connect Four's file letter for the cell a disc dropped there lands on.
Every front end that reads a person's move goes through it; the record
keeps the notation."""

from __future__ import annotations

import json

import pytest

from boardgames import (
    BitboardState,
    Game,
    Grid,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    Outcome,
    hookimpl,
    place,
    transfer,
)
from boardgames.testing import plugin


class Drop(Game[BitboardState]):
    """Connect Four's drop on 4 × 4: a disc goes to the lowest empty cell of a file."""

    name = "drop"
    title = "Drop"
    player_names = ("yellow", "red")
    max_length = 16

    def setup(self) -> None:
        self.grid = Grid.get(4)

    def initial_state(self) -> BitboardState:
        return BitboardState(game=self)

    def landing(self, state: BitboardState, file: int) -> int | None:
        empty = [r for r in range(4) if not state.occupied >> self.grid.index(file, r) & 1]
        return self.grid.index(file, empty[0]) if empty else None

    def generate_moves(self, state: BitboardState) -> tuple[Move, ...]:
        cells = (self.landing(state, f) for f in range(4))
        return tuple(sorted(place(c) for c in cells if c is not None))

    def apply(self, state: BitboardState, move: Move) -> BitboardState:
        boards = transfer(state.boards, state.turn, 1 << move.to)
        full = (boards[0] | boards[1]) == self.grid.full
        outcome = Outcome(None, "the board is full") if full else None
        return BitboardState(
            game=self, history=(*state.history, move), turn=1 - state.turn, boards=boards, outcome=outcome
        )

    def shorthand(self, state: BitboardState, text: str) -> Move | None:
        letter = text.strip().lower()
        if len(letter) == 1 and letter in self.grid.files:
            cell = self.landing(state, self.grid.files.index(letter))
            return None if cell is None else place(cell)
        return None


class Hooks:
    @staticmethod
    @hookimpl
    def register_games(register):
        register(Drop)


@pytest.fixture(scope="module")
def drop():
    with plugin(Hooks, "drop"):
        yield Drop.configure()


def test_a_file_letter_names_the_cell_the_disc_lands_on(drop):
    state = drop.start()
    assert state.parse_move("b") == place(drop.grid.parse_square("b1"))
    after = state.play("b").play("b")
    assert [after.format_move(m) for m in after.history] == ["b1", "b2"]  # the record keeps the notation
    assert after.parse_move("b3") == place(drop.grid.parse_square("b3"))  # the notation still works
    with pytest.raises(IllegalMoveError):
        after.parse_move("b4")  # not where a disc lands
    full = after.play("b").play("b")
    with pytest.raises(InvalidMoveError):
        full.parse_move("b")  # a full file: no shorthand, and no move in the notation
    # A move being made reads it too (the engine's and the web API's 'parts of this text'): the whole move.
    assert after.parse_partial("b") == place(drop.grid.parse_square("b3"))
    assert after.parts(after.parse_partial("b")).complete


def test_the_command_line_takes_the_shorthand(drop, cli):
    run = cli("show", "drop", "--moves", "c c a", "--json")
    assert run.code == 0, run.err
    assert json.loads(run.out)["history"] == ["c1", "c2", "a1"]
