"""The simplest agents: uniformly random, and greedy one ply ahead."""

from __future__ import annotations

import random

from ..rules.game import State
from ..rules.moves import Move
from .base import BLUNDER, Agent, Budget


class RandomAgent(Agent):
    name = "random"
    summary = "plays a legal move drawn uniformly at random"

    def choose(self, state: State, budget: Budget, rng: random.Random) -> Move:
        return rng.choice(state.legal_moves)


class GreedyAgent(Agent):
    name = "greedy"
    summary = "looks one move ahead and plays the best by the game's evaluation"
    parameters = (BLUNDER,)

    def choose(self, state: State, budget: Budget, rng: random.Random) -> Move:
        slip = self.blunder(state, rng)
        if slip is not None:
            return slip
        me = state.turn
        best: list[Move] = []
        best_score = -2.0
        for move in state.legal_moves:
            score = state.play_unchecked(move).evaluate(me)
            if score > best_score:
                best, best_score = [move], score
            elif score == best_score:
                best.append(move)
        return rng.choice(best)
