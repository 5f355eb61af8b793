"""The moves of a chance node (issue 39): a game that gives the same
outcomes at every roll (its die, made once) gets the same tuple of moves,
made once; outcomes given as a new tuple, or as a list changed in place,
still give their own moves."""

from __future__ import annotations

from boardgames import Move
from boardgames.rules.chance import outcome, uniform
from tests.toy_games import Race


class SameDie(Race):
    name = "race-same-die"

    def setup(self) -> None:
        super().setup()
        self.die = uniform(range(1, 4))

    def chance_outcomes(self, state):  # type: ignore[no-untyped-def]
        return self.die


class ChangingList(Race):
    name = "race-changing-list"

    def setup(self) -> None:
        super().setup()
        self.outcomes: list[tuple[Move, float]] = []

    def chance_outcomes(self, state):  # type: ignore[no-untyped-def]
        faces = 3 if len(state.history) % 4 == 0 else 2  # the same list, other outcomes
        self.outcomes[:] = [(outcome(k), 1 / faces) for k in range(1, faces + 1)]
        return self.outcomes


def test_the_same_outcomes_give_the_same_moves_made_once():
    state = SameDie.configure({"players": 2}).start()
    first = state.legal_moves
    assert first == (outcome(1), outcome(2), outcome(3))
    later = state.play(outcome(2)).play(state.play(outcome(2)).legal_moves[0])
    assert later.is_chance and later.legal_moves is first
    assert Race.configure({"players": 2}).start().legal_moves == first  # a new tuple each roll: the same moves


def test_outcomes_changed_in_the_same_list_give_their_own_moves():
    state = ChangingList.configure({"players": 2}).start()
    assert state.legal_moves == (outcome(1), outcome(2), outcome(3))
    state = state.play(outcome(1))
    state = state.play(state.legal_moves[0])
    assert state.is_chance and len(state.history) % 4 == 2
    assert state.legal_moves == (outcome(1), outcome(2))
