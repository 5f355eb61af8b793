"""Verso (Guy Jeandel), registered as a rule plugin like any other."""

from __future__ import annotations

from collections.abc import Callable

from boardgames import Game, hookimpl

from .rules import Verso, VersoState

__all__ = ["Verso", "VersoState", "register_games"]


@hookimpl
def register_games(register: Callable[[type[Game]], None]) -> None:
    register(Verso)
