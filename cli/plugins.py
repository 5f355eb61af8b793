"""``boardgames plugins``: what loaded, with version and hooks, and what failed and why."""

from __future__ import annotations

import json

import click

import boardgames
from boardgames.plugins.loader import plugin_infos


@click.command("plugins")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON list instead of text.")
def list_plugins(as_json: bool) -> None:
    """List the plugins: what loaded, with version and hooks, and what failed and why."""
    boardgames.registered_games()  # registering can fail too: report that here
    boardgames.registered_agents()
    infos = plugin_infos()
    if as_json:
        click.echo(json.dumps([i.to_json() for i in infos], indent=2))
        return
    for info in infos:
        where = "built-in" if info.builtin else (info.distribution or "registered by hand")
        version = f" {info.version}" if info.version else ""
        if info.error is None:
            hooks = ", ".join(info.hooks) or "no hooks"
            games = f"; registered: {', '.join(info.registered)}" if info.registered else ""
            click.echo(f"{info.name}  ({where}{version})  hooks: {hooks}{games}")
        else:
            click.echo(f"{info.name}  ({where}{version})  FAILED: {info.error}")
