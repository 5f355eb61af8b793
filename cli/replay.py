"""``boardgames replay``: step through a saved game."""

from __future__ import annotations

import json

import click

from boardgames.records import load_record

from .app import cli, describe_position
from .play import read_line

HELP = "Enter or n: next move   b: back   N: jump to move N   0: the start   q: quit"


@cli.command("replay")
@click.argument("path", metavar="FILE", type=click.Path(dir_okay=False))
@click.option(
    "--to",
    "upto",
    type=click.IntRange(min=0),
    default=None,
    metavar="N",
    help="Print the position after N moves and stop.",
)
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="With --to (or alone: the final position), print it as 'show --json' does.",
)
def replay(path: str, upto: int | None, as_json: bool) -> None:
    """Step through the game saved in FILE: next, back, jump to a move."""
    record, final = load_record(path)
    moves = final.history
    states = [final.game.start()]
    for move in moves:
        states.append(states[-1].play(move))
    if upto is not None or as_json:
        at = len(moves) if upto is None else upto
        if at > len(moves):
            raise click.BadParameter(f"the game in {path} has {len(moves)} moves, not {at}", param_hint="'--to'")
        state = states[at]
        click.echo(json.dumps(state.to_json(), indent=2) if as_json else describe_position(state))
        return
    players = ", ".join(f"{name}: {spec}" for name, spec in zip(final.game.players, record["players"], strict=False))
    click.echo(f"{final.game.title}, {len(moves)} moves ({players or 'players not recorded'}). {HELP}")
    at = 0
    while True:
        click.echo(f"\n-- after {at} of {len(moves)} moves --")
        click.echo(describe_position(states[at]))
        answer = read_line("replay> ")
        if answer is None or answer.lower() in ("q", "quit"):
            return
        if answer.lower() in ("", "n", "next"):
            at = min(at + 1, len(moves))
        elif answer.lower() in ("b", "back"):
            at = max(at - 1, 0)
        elif answer.isdigit() and int(answer) <= len(moves):
            at = int(answer)
        else:
            click.echo(f"{answer!r}? {HELP}")
