"""The built-in agents, registered as a plugin like any other."""

from __future__ import annotations

from collections.abc import Callable

from ..agents.alphabeta import AlphaBetaAgent
from ..agents.base import Agent
from ..agents.engine import EngineAgent
from ..agents.mcts import MctsAgent
from ..agents.simple import GreedyAgent, RandomAgent
from .hookspecs import hookimpl


@hookimpl
def register_agents(register: Callable[[type[Agent]], None]) -> None:
    for agent in (RandomAgent, GreedyAgent, AlphaBetaAgent, MctsAgent, EngineAgent):
        register(agent)
