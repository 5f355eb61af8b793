"""``boardgames rules GAME``: how a game is played here, with its options."""

from __future__ import annotations

import click

import boardgames


@click.command("rules")
@click.argument("game_name", metavar="GAME")
def rules(game_name: str) -> None:
    """Show how GAME is played here: its rules (with the rulings a game adds) and options."""
    cls = boardgames.game_class(game_name)
    click.echo(cls.rules_text.rstrip() or f"{cls.title}: no rules text.")
    fewest, most = cls.count_of_players()
    click.echo(f"\nPlayers: {fewest}" if fewest == most else f"\nPlayers: {fewest} to {most} (-o players=N)")
    if cls.option_specs:
        click.echo("\nOptions (-o NAME=VALUE):")
        for spec in cls.option_specs:
            default = "random from --seed" if spec.random_default else spec.default
            click.echo(f"  {spec.name}: {spec.help}; {spec.describe()} (default: {default})")
