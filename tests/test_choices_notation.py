"""Choices inside a move that are not squares, and a game's own notation
(issue 41), on a toy game: a pawn walks up one file and, on the last rank,
becomes the piece its mover chooses; the game writes its moves its own way
(``Pa2``, ``Pa3=N``)."""

from __future__ import annotations

import json
import pickle
import re
from pathlib import Path

import attrs
import pytest

from boardgames import Game, Grid, Move, Outcome, State, hookimpl
from boardgames.errors import AmbiguousMoveError, IllegalMoveError, NotationError
from boardgames.learning.actions import MoveBuilder, action_count, choice_count, decode, encode
from boardgames.rules.choices import Choices
from boardgames.rules.moves import PASS, with_choice
from boardgames.testing import plugin


@attrs.frozen(kw_only=True, slots=False)
class PawnState(State):
    at: int = 0
    became: int = -1


class Pawn(Game[PawnState]):
    """One pawn walks a1-a2-a3 (the other side passes); on a3 it becomes a queen or a knight."""

    name = "pawn-toy"
    title = "Pawn"
    player_names = ("white", "black")
    move_choices = Choices("Promote to?", ("queen", "knight"), ("Q", "N"))

    def setup(self) -> None:
        self.grid = Grid.get(1, 3)

    def initial_state(self) -> PawnState:
        return PawnState(game=self)

    def generate_moves(self, state: PawnState) -> tuple[Move, ...]:
        if state.turn == 1:
            return (PASS,)
        step = Move(state.at, state.at + 1, ())
        return tuple(with_choice(step, k) for k in (0, 1)) if state.at == 1 else (step,)

    def apply(self, state: PawnState, move: Move) -> PawnState:
        history = (*state.history, move)
        if move.is_pass:
            return attrs.evolve(state, history=history, turn=0)
        done = Outcome(0, "promoted") if move.to == 2 else None
        return attrs.evolve(state, history=history, turn=1, at=move.to, became=move.choice, outcome=done)

    def owners(self, state: PawnState) -> dict[int, int]:
        return {state.at: 0}


class Written(Pawn):
    """The same game, its moves written its own way: ``Pa2``, ``Pa3=N``, ``-``."""

    name = "written-toy"

    def write_notation(self, state: PawnState, move: Move) -> str:
        if move.is_pass:
            return "-"
        return "P" + self.grid.names[move.to] + self.move_choices.write(move.choice)  # type: ignore[union-attr]

    def read_notation(self, state: PawnState, text: str) -> Move | None:
        return next((m for m in state.legal_moves if self.write_notation(state, m).lower() == text.lower()), None)


class Toys:
    @staticmethod
    @hookimpl
    def register_games(register):  # type: ignore[no-untyped-def]
        register(Pawn)
        register(Written)


def test_a_move_without_a_choice_is_the_tuple_it_was():
    step = Move(0, 1, ())
    assert len(step) == 3 and step.choice == -1 and step == (0, 1, ())
    chose = with_choice(step, 1)
    assert chose.choice == 1 and chose != step and sorted([chose, step]) == [step, chose]
    assert pickle.loads(pickle.dumps(chose)) == chose and repr(chose).endswith("choice=1)")


def test_a_choice_is_written_read_and_asked_for_in_the_default_notation():
    game = Pawn({})
    state = game.start().play("a1-a2").play("pass")
    assert [state.format_move(m) for m in state.legal_moves] == ["a2-a3=Q", "a2-a3=N"]
    assert state.play("a2-a3=N").became == 1
    assert state.play("a2-a3=knight").became == 1
    with pytest.raises(AmbiguousMoveError):  # the squares alone leave the choice open
        state.parse_move("a2-a3")
    with pytest.raises(IllegalMoveError, match=r"a1-a2=Q"):
        game.start().play("a1-a2=Q")


def test_a_move_whose_squares_are_right_but_not_its_choice_is_told_which_choice_goes():
    """A move refused for its choice alone (a pawn on its last rank left unpromoted, typed as a
    notation that writes staying as nothing) names the moves of those squares that are legal, where
    the default said only that the move is not legal (a new author's Minishogi: ``4b4a``)."""
    state = Pawn({}).start().play("a1-a2").play("pass")
    assert state.game.why_illegal(state, with_choice(Move(1, 2, ()), 5)) == "only a2-a3=Q or a2-a3=N goes so here"
    assert state.game.why_illegal(state, Move(0, 2, ())) == "white has no piece on a1"


def test_a_choice_is_an_action_of_its_own():
    game = Pawn({})
    state = game.start().play("a1-a2").play("pass")
    assert choice_count(game) == 2 and action_count(game.grid, 2) == 3 + 2 + 2
    knight = state.parse_move("a2-a3=N")
    assert encode(state, knight) == (1, 2, 6)
    builder = MoveBuilder(state)
    assert builder.push(1) is None and builder.push(2) is None
    assert builder.legal_actions() == (5, 6)  # queen, knight: after the squares
    assert builder.push(6) == knight
    assert decode(state, (1, 2, 5)).choice == 0


def test_a_choice_through_openspiel():
    pytest.importorskip("pyspiel")
    from boardgames.interop.openspiel import load

    with plugin(Toys, "toys-choices"):
        spiel = load("pawn-toy")
        state = spiel.new_initial_state()
        for action in (0, 1, 3, 1, 2):
            state.apply_action(action)
        assert state.legal_actions() == [5, 6]
        assert state.action_to_string(6) == "knight"
        state.apply_action(6)
        assert state.is_terminal() and state.returns() == [1.0, -1.0]


def test_the_terminal_asks_the_choice_by_name(cli):
    with plugin(Toys, "toys-choices"):
        run = cli("play", "pawn-toy", "--players", "human,human", input="a1-a2\npass\na2-a3\nknight\n")
    assert run.code == 0, run.err
    assert "Promote to? queen, knight:" in run.out
    assert "moves: a1-a2 pass a2-a3=N" in run.out and "white wins" in run.out


def test_a_game_writes_its_moves_its_own_way_everywhere():
    game = Written({})
    state = game.start().play("Pa2").play("-")
    assert state.written_history() == ("Pa2", "-")
    assert state.describe() == "written-toy after Pa2 -"
    assert state.to_json()["history"] == ["Pa2", "-"]
    assert state.format_move(state.legal_moves[1]) == "Pa3=N"
    assert state.play("a2-a3=N") == state.play("Pa3=N")  # the default notation still reads
    with pytest.raises(NotationError, match=re.escape("'Pa3' is not a move (moves here look like Pa2)")):
        game.start().play("Pa3")
    assert game.replay(["Pa2", "-", "Pa3=N"]).became == 1
    assert Pawn({}).start().play("a1-a2").describe() == "pawn-toy after a1-a2"  # others as before


def test_a_record_in_the_games_own_notation_replays(cli):
    with plugin(Toys, "toys-choices"):
        run = cli("play", "written-toy", "--players", "human,human", input="Pa2\n-\n")
        found = re.search(r"Saved to (\S+)\.", run.out)
        assert found, run.out
        record = json.loads(Path(found.group(1)).read_text())
        assert record["history"] == ["Pa2", "-"]
        replayed = cli("replay", found.group(1), input="n\nn\n")
    assert replayed.code == 0, replayed.err
    assert "1. white: Pa2" in replayed.out and "2. black: -" in replayed.out
