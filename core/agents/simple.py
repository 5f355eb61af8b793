"""The simplest agents: uniformly random, and greedy one ply ahead.

Both play any game: any number of players (greedy values each move for the
player making it), chance (a move that leads to a chance event is valued by
the expectation over its outcomes, one level) and hidden information (they
get only their player's view; greedy values its moves in positions drawn
consistent with it, :meth:`Game.sample`)."""

from __future__ import annotations

import math
import random

from ..rules.game import Game, State
from ..rules.moves import Move
from .base import BLUNDER, Agent, Budget, cannot_sample


class RandomAgent(Agent):
    name = "random"
    summary = "plays a legal move drawn uniformly at random"

    def choose(self, state: State, budget: Budget, rng: random.Random) -> Move:
        return rng.choice(state.legal_moves)


#: How many positions consistent with its view greedy values a move in, where information is hidden.
GREEDY_SAMPLES = 8


def expected(state: State, player: int) -> float:
    """``state``'s value for ``player`` by the game's evaluation (exact at the
    end); at a chance event, the mean over its outcomes by their probabilities."""
    if not state.is_chance:
        return state.evaluate(player)
    outcomes = state.chance_outcomes()
    total = sum(p for _, p in outcomes)
    return sum(p * state.play_unchecked(move).evaluate(player) for move, p in outcomes) / total


class GreedyAgent(Agent):
    name = "greedy"
    summary = (
        "looks one move ahead and plays the best for itself by the game's evaluation "
        "(over chance's outcomes by their probabilities)"
    )
    parameters = (BLUNDER,)

    @classmethod
    def refuses(cls, game: Game) -> str | None:
        return cannot_sample(game, cls.name)

    def choose(self, state: State, budget: Budget, rng: random.Random) -> Move:
        slip = self.blunder(state, rng)
        if slip is not None:
            return slip
        me = state.turn
        game = state.game
        if game.hidden_information and state.outcome is None:  # positions consistent with the view alone
            positions = [game.sample(state, me, rng) for _ in range(GREEDY_SAMPLES)]
        else:
            positions = [state]
        best: list[Move] = []
        best_score = -math.inf
        for move in state.legal_moves:
            score = sum(expected(position.play_unchecked(move), me) for position in positions) / len(positions)
            if score > best_score:
                best, best_score = [move], score
            elif score == best_score:
                best.append(move)
        return rng.choice(best)
