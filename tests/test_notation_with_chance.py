"""A game with its own notation and chance (Backgammon's rolls and moves):
its history is written with each roll as chance's outcome (``roll:4``) and
each move in the game's notation, in the text, the JSON and the records."""

from __future__ import annotations

import attrs

from boardgames import CHANCE, Game, Grid, Move, State, hookimpl, place, uniform
from boardgames.testing import plugin


@attrs.frozen(kw_only=True, slots=False)
class RollState(State):
    rolled: int = 0


class RollAndPlace(Game[RollState]):
    """Roll a die, then place a stone on the square it names; the notation is the word ``stone`` and the square."""

    name, title, player_names = "roll_and_place", "Roll and place", ("one", "two")

    def setup(self) -> None:
        self.grid = Grid.get(6, 1)

    def initial_state(self) -> RollState:
        return RollState(game=self, turn=CHANCE)

    def chance_outcomes(self, state: RollState):
        return uniform(range(1, 7))

    def generate_moves(self, state: RollState) -> tuple[Move, ...]:
        return (place(state.rolled - 1),)

    def apply(self, state: RollState, move: Move) -> RollState:
        history = (*state.history, move)
        if state.turn == CHANCE:
            return attrs.evolve(state, history=history, turn=len(state.history) // 2 % 2, rolled=move.to)
        return attrs.evolve(state, history=history, turn=CHANCE)

    def owners(self, state: RollState) -> dict[int, int]:
        return {}

    def write_notation(self, state: RollState, move: Move) -> str:
        return "stone" + self.grid.name(move.to)

    def read_notation(self, state: RollState, text: str) -> Move | None:
        return next((m for m in state.legal_moves if self.write_notation(state, m) == text), None)


def test_a_history_of_rolls_and_moves_is_written_each_as_its_own():
    state = RollAndPlace.configure().replay(["roll:4", "stoned1", "roll:2", "stoneb1", "roll:6"])
    assert state.written_history() == ("roll:4", "stoned1", "roll:2", "stoneb1", "roll:6")
    assert state.to_json()["history"] == ["roll:4", "stoned1", "roll:2", "stoneb1", "roll:6"]


class HiddenRollAndPlace(RollAndPlace):
    """The same game, each roll seen only by the player it is for, each move written with the number of
    moves before it (``stoned1@1``): the notation needs the position a move was played from."""

    name = "hidden_roll_and_place"

    def write_notation(self, state: RollState, move: Move) -> str:
        return f"stone{self.grid.name(move.to)}@{len(state.history)}"

    def hide(self, state: RollState, player: int | None) -> RollState:
        return state

    def seen(self, state: RollState, move: Move, player: int | None) -> Move | None:
        return move if state.turn != CHANCE or player == len(state.history) // 2 % 2 else None

    def sample(self, view: RollState, player: int, rng: object) -> RollState:
        return view


def test_a_hidden_games_history_is_written_in_the_positions_it_was_played_from():
    state = HiddenRollAndPlace.configure().replay(["roll:4", "stoned1@1", "roll:2", "stoneb1@3"])
    assert state.written_history() == ("roll:4", "stoned1@1", "roll:2", "stoneb1@3")
    assert state.to_json()["history"] == ["roll:4", "stoned1@1", "roll:2", "stoneb1@3"]
    # A player's view holds a roll it did not see: each move is written alone, in the default notation.
    assert state.seen_by(1).written_history() == ("?", "d1", "roll:2", "b1")


class SpacedRollAndPlace(RollAndPlace):
    """The same game, its moves written with a space in them (as Backgammon's ``24/23 13/11``)."""

    name = "spaced_roll_and_place"

    def write_notation(self, state: RollState, move: Move) -> str:
        return "stone " + self.grid.name(move.to)


class Hooks:
    @staticmethod
    @hookimpl
    def register_games(register):
        register(SpacedRollAndPlace)


def test_moves_with_spaces_are_given_separated_by_commas_and_shown_so(cli):
    with plugin(Hooks, "spaced-under-test"):
        run = cli("show", "spaced_roll_and_place", "--moves", "roll:4, stone d1, roll:2,stone b1")
        assert run.code == 0, run.err
        assert "moves: roll:4, stone d1, roll:2, stone b1" in run.out
        refused = cli("show", "spaced_roll_and_place", "--moves", "roll:4, stone c1")
        assert refused.code == 1 and refused.err.strip() == (
            "Error: move 2: 'stone c1' is not a move (moves here look like stone d1)"
        )  # one move, refused whole in one line
