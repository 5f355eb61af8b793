"""A person at the terminal is an agent too."""

from __future__ import annotations

import random
import sys

from ..errors import BoardgamesError
from ..game import State
from ..moves import Move
from .base import Agent, Budget


class HumanAgent(Agent):
    name = "human"
    summary = "a person typing moves at the terminal"
    is_human = True

    def choose(self, state: State, budget: Budget, rng: random.Random) -> Move:
        """Ask on stdout, read stdin until a legal move comes (the play loop
        has its own, richer prompt; this one serves any other caller)."""
        while True:
            sys.stdout.write(f"{state.to_move}> ")
            sys.stdout.flush()
            line = sys.stdin.readline()
            if not line:
                raise EOFError("the input ended before a move was given")
            try:
                return state.parse_move(line)
            except BoardgamesError as exc:
                print(exc)
