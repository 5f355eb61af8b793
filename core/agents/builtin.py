"""The built-in agents, registered as a plugin like any other."""

from __future__ import annotations

from collections.abc import Callable

from ..hookspecs import hookimpl
from .alphabeta import AlphaBetaAgent
from .base import Agent
from .mcts import MctsAgent
from .simple import GreedyAgent, RandomAgent


@hookimpl
def register_agents(register: Callable[[type[Agent]], None]) -> None:
    for agent in (RandomAgent, GreedyAgent, AlphaBetaAgent, MctsAgent):
        register(agent)
