"""``boardgames replay FILE``: step through a saved game."""

from __future__ import annotations

import json

import click

from boardgames.play.match import Match
from boardgames.play.records import read_record
from boardgames.rendering.text import terminal_safe

from .common import describe_position, read_line

HELP = "Enter or n: next move   b: back   N: jump to move N   0: the start   q: quit"


@click.command("replay")
@click.argument("path", metavar="FILE")
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
    record = read_record(path)
    players = record.state.game.turn_order
    match = Match.from_record(record, seats=["human"] * len(players))  # to step through, not to play
    states = match.positions
    moves = len(states) - 1
    if upto is not None or as_json:
        at = moves if upto is None else upto
        if at > moves:
            raise click.BadParameter(f"the game in {path} has {moves} moves, not {at}", param_hint="'--to'")
        state = states[at]
        click.echo(json.dumps(state.to_json(), indent=2) if as_json else describe_position(state))
        return
    # The seats are the file's text, shown, never run (nor obeyed by the terminal).
    seats = ", ".join(f"{name}: {terminal_safe(spec)}" for name, spec in zip(players, record.seats, strict=False))
    click.echo(f"{match.game.title}, {moves} moves ({seats or 'players not recorded'}). {HELP}")
    at = 0
    while True:
        click.echo(f"\n-- after {at} of {moves} moves --")
        click.echo(describe_position(states[at]))
        answer = read_line("replay> ")
        if answer is None or answer.lower() in ("q", "quit"):
            return
        if answer.lower() in ("", "n", "next"):
            at = min(at + 1, moves)
        elif answer.lower() in ("b", "back"):
            at = max(at - 1, 0)
        elif answer.isdigit() and int(answer) <= moves:
            at = int(answer)
        else:
            click.echo(f"{answer!r}? {HELP}")
