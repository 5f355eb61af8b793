"""``boardgames list``: the games, one line each."""

from __future__ import annotations

import click

import boardgames
from boardgames.plugins.registry import game_plugin


@click.command("list")
def list_games() -> None:
    """List the games, one line each."""
    found = boardgames.registered_games()
    width = max((len(n) for n in found), default=0)
    for name, cls in found.items():
        click.echo(f"{name:<{width}}  {cls.title}: {cls.summary}  [{game_plugin(name)}]".rstrip())
