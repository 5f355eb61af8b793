"""Agents: players that choose moves for any game through the state API."""

from .base import Agent, Budget
from .spec import HUMAN, Seat, describe_agents, parse_spec

__all__ = ["HUMAN", "Agent", "Budget", "Seat", "describe_agents", "parse_spec"]
