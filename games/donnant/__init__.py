"""Donnant Donnant (Ulrich Blum and Jens Merkl), registered as a rule plugin like any other."""

from __future__ import annotations

from collections.abc import Callable

from boardgames import Game, hookimpl

from .rules import Donnant
from .state import DonnantState

__all__ = ["Donnant", "DonnantState", "register_games"]


@hookimpl
def register_games(register: Callable[[type[Game]], None]) -> None:
    register(Donnant)
