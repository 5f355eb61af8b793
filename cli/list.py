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
        fewest, most = cls.count_of_players()
        count = f"{fewest} player{'s' if most > 1 else ''}" if fewest == most else f"{fewest}-{most} players"
        click.echo(f"{name:<{width}}  {cls.title} ({count}): {cls.summary}  [{game_plugin(name)}]".rstrip())
