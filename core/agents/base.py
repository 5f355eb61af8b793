"""The one agent interface every game shares.

An agent gets a state, a :class:`Budget` and a seeded ``random.Random`` and
returns a legal move. It never knows which game it plays: it sees only the
public state API (legal moves, playing a move, whose turn, the outcome, and
the game's optional evaluation and playout).
"""

from __future__ import annotations

import random
import time
from typing import Any, ClassVar

import attrs

from ..rules.game import Game, State
from ..rules.moves import Move
from ..rules.options import FloatOption, Option


@attrs.frozen
class Budget:
    """How much an agent may think about one move; unset parts are unbounded."""

    #: Seconds for the move.
    time: float | None = None
    #: Iterations: MCTS simulations.
    iterations: int | None = None
    #: Plies: alpha-beta search depth.
    depth: int | None = None

    def deadline(self) -> float | None:
        """The time.perf_counter() value by which to answer, if timed."""
        return None if self.time is None else time.perf_counter() + self.time

    def describe(self) -> str:
        parts = [f"{k}={format_budget(v)}" for k, v in attrs.asdict(self).items() if v is not None]
        return ", ".join(parts) or "unbounded"


BUDGET_KINDS = ("time", "iterations", "depth")


def format_budget(value: float) -> str:
    """A budget's value as a spec writes it, read back as the same value: a
    whole number in full (``1000000``, not ``1e+06``, which would read back as
    a fraction), any other number as briefly as reads back the same."""
    if isinstance(value, int):
        return str(value)
    short = f"{value:g}"
    return short if float(short) == value else repr(value)


def cannot_sample(game: Game, agent: str) -> str | None:
    """Why ``agent`` cannot play ``game``, a game that hides information
    without drawing positions consistent with a view (:meth:`Game.sample`),
    which the searching agents play on; None if it can."""
    if game.hidden_information and type(game).sample is Game.sample:
        return (
            f"{agent} plays a game with hidden information on positions drawn from its view, "
            f"and {game.name} does not draw them (Game.sample): use random"
        )
    return None


#: A random legal move now and then, instead of the agent's own: how the
#: easier difficulty levels (:mod:`boardgames.play.levels`) are made.
BLUNDER = FloatOption("blunder", "the chance of playing a random legal move instead", 0.0, minimum=0.0, maximum=1.0)


class Agent:
    """A player. Subclass, set the class attributes, implement :meth:`choose`."""

    #: The name used in agent specs (``mcts:time=2``).
    name: ClassVar[str]
    #: One line for listings and error messages.
    summary: ClassVar[str] = ""
    #: Settings the agent takes besides its budget (``mcts:playout=heuristic``).
    parameters: ClassVar[tuple[Option, ...]] = ()
    #: The budget kinds it understands, of ``time``, ``iterations``, ``depth``.
    budget_kinds: ClassVar[tuple[str, ...]] = ()
    #: The budget used when a spec gives none.
    default_budget: ClassVar[Budget] = Budget()
    #: Whether it runs a program named in its spec, or any code from outside
    #: the project (``engine``): a server never seats it, and a saved game's
    #: seat naming it is not seated unless given again (``play --players``).
    runs_programs: ClassVar[bool] = False

    def __init__(self, **settings: Any) -> None:
        self.settings = settings

    def choose(self, state: State, budget: Budget, rng: random.Random) -> Move:
        raise NotImplementedError

    @classmethod
    def refuses(cls, game: Game) -> str | None:
        """Why this agent does not play ``game`` (a configured one), in one
        line naming an agent that does; None (the default) if it plays it.
        Its :meth:`choose` raises InvalidAgentSpecError with that line; the
        levels never name an agent that refuses their game."""
        return None

    def blunder(self, state: State, rng: random.Random) -> Move | None:
        """A random legal move, with the chance the ``blunder`` setting gives
        (None otherwise, and always if the agent has no such setting)."""
        chance = self.settings.get("blunder", 0.0)
        if chance and rng.random() < chance:
            return rng.choice(state.legal_moves)
        return None

    def reset(self) -> None:
        """Forget what was learnt about the previous game (a new one starts)."""

    def close(self) -> None:
        """The game is over: let go of what the agent holds (an outside program)."""

    #: What the last :meth:`choose` did, for benchmarks and curious users.
    stats: dict[str, float]
