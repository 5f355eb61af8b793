"""The hooks a boardgames plugin can implement.

A plugin is a module named by an entry point in the ``boardgames`` group::

    [project.entry-points.boardgames]
    mygame = "mygame_package.plugin"

whose hook implementations are marked with :data:`boardgames.hookimpl`. Never
give an implementation's arguments default values: pluggy does not pass them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pluggy

if TYPE_CHECKING:
    import click

    from ..agents.base import Agent
    from ..rules.game import Game

hookspec = pluggy.HookspecMarker("boardgames")
hookimpl = pluggy.HookimplMarker("boardgames")


@hookspec
def register_games(register: Callable[[type[Game]], None]) -> None:
    """Register game classes: call ``register(MyGame)`` once for each.

    A game whose name is already taken is refused and reported against the
    plugin that registered it second.
    """


@hookspec
def register_agents(register: Callable[[type[Agent]], None]) -> None:
    """Register agents (players): call ``register(MyAgent)`` once for each, with
    a :class:`boardgames.Agent` subclass. A name already taken is refused and
    reported against the plugin that registered it second."""


@hookspec
def register_commands(cli: click.Group) -> None:
    """Add commands to the ``boardgames`` command-line group (``@cli.command()``)."""
