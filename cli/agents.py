"""``boardgames agents``: the agents, their parameters and the ranges they accept."""

from __future__ import annotations

import click

import boardgames
from boardgames.agents.spec import HUMAN, describe_agents
from boardgames.cli.play import DEFAULT_LEVEL
from boardgames.play.levels import LEVEL_COUNT, ladder, levels, measured


@click.command("agents")
@click.argument("game_name", metavar="[GAME]", required=False)
def list_agents(game_name: str | None) -> None:
    """List the agents and the parameters their specs take, with their ranges,
    then each game's levels (GAME's alone, if given).

    Parameters are joined to the name by colons: mcts:time=2:playout=random.
    """
    # An unknown game is one line and nothing else (before any listing).
    chosen = None if game_name is None else {game_name: boardgames.game_class(game_name)}
    for name, cls in boardgames.registered_agents().items():
        params = describe_agents({name: cls}, ranges=True)
        budget = cls.default_budget.describe()
        click.echo(f"{params}: {cls.summary} (default budget: {budget})")
    click.echo(f"{HUMAN}: a person, who types the moves (play) and may not sit in the arena")
    click.echo()
    click.echo(f"Levels (play GAME --level N; play's opponent is level {DEFAULT_LEVEL}, hints level {LEVEL_COUNT}):")
    games = chosen or boardgames.registered_games()
    ladders: dict[tuple[str, ...], list[str]] = {}  # games sharing a ladder are listed together
    for name, game in games.items():
        ladders.setdefault(levels(game), []).append(name)
    for names in ladders.values():
        how = "measured on them" if measured(games[names[0]]) else "generic, not measured on them"
        click.echo(f"  {', '.join(names)} ({how}):")
        for number, title, spec in ladder(games[names[0]]):
            click.echo(f"    {number} {title:<10} {spec}")
