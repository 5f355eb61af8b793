"""The conformance kit: ``check_game`` plays seeded games of any game and
checks every promise of the game API; ``plugin`` registers a game for a test;
``pytest_plugin`` gives the ``check_game`` fixture to every pytest run."""

from __future__ import annotations

from .kit import ContractError, check_game, plugin, rules_only

__all__ = ["ContractError", "check_game", "plugin", "rules_only"]
