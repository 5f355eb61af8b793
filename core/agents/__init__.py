"""Agents: players that choose moves for any game through the state API."""

from .base import Agent, Budget
from .spec import Player, describe_agents, parse_spec

__all__ = ["Agent", "Budget", "Player", "describe_agents", "parse_spec"]
