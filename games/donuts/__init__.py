"""Donuts (Bruno Cathala), registered as a rule plugin like any other."""

from __future__ import annotations

from collections.abc import Callable

from boardgames import Game, hookimpl

from .rules import Donuts, DonutsState

__all__ = ["Donuts", "DonutsState", "register_games"]


@hookimpl
def register_games(register: Callable[[type[Game]], None]) -> None:
    register(Donuts)
