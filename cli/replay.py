"""``boardgames replay FILE``: step through a saved game.

Each step says the move that led there (``5. chance: roll:2`` where chance
decided). A game with hidden information still going on is shown as every
player sees it, or with ``--as PLAYER`` as that player does (``--whole``:
everything); a finished game whole."""

from __future__ import annotations

import json

import click

from boardgames import State
from boardgames.play.match import Match
from boardgames.play.records import read_record
from boardgames.rendering.text import terminal_safe

from .common import describe_position, read_line, view_options

HELP = "Enter or n: next move   b: back   jump N (or N): to move N   0: the start   end: the last   q: quit"


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
@view_options
def replay(path: str, upto: int | None, as_json: bool, as_player: str | None = None, whole: bool = False) -> None:
    """Step through the game saved in FILE: next, back, jump to a move.
    Each step says the move that led there, chance's too (5. chance: roll:2)."""
    if as_player is not None and whole:
        raise click.UsageError("give --as PLAYER or --whole, not both")
    record = read_record(path)
    game = record.state.game
    players = game.turn_order
    if as_player is not None and as_player not in game.player_names:
        raise click.BadParameter(
            f"{as_player!r} is not a player of {game.name} ({', '.join(game.player_names)})", param_hint="'--as'"
        )
    match = Match.from_record(record, seats=["human"] * len(players))  # to step through, not to play
    states = match.positions
    moves = len(states) - 1
    viewing = not whole and game.hidden_information and not record.is_over
    viewer = None if as_player is None else game.player_names.index(as_player)
    seen = match.state.seen_history(viewer) if viewing else match.state.history

    def shown(at: int) -> State:
        return states[at].seen_by(viewer) if viewing else states[at]

    if upto is not None or as_json:
        at = moves if upto is None else upto
        if at > moves:
            raise click.BadParameter(f"the game in {path} has {moves} moves, not {at}", param_hint="'--to'")
        state = shown(at)
        if as_json:
            data = state.to_json()
            if viewing:  # a view: whose, and no seed (what is hidden could be drawn again from it)
                data = {**data, "seed": None, "seen_by": as_player}
            click.echo(json.dumps(data, indent=2))
        else:
            click.echo(describe_position(state))
        return
    # The seats are the file's text, shown, never run (nor obeyed by the terminal).
    seats = ", ".join(f"{name}: {terminal_safe(spec)}" for name, spec in zip(players, record.seats, strict=False))
    chance = ""
    if game.has_chance:
        chance = " Chance drawn from the seed." if record.chance == "drawn" else " Chance picked by hand."
    whose = ""
    if viewing:
        whose = f" As {as_player} sees it." if as_player is not None else " As every player sees it (--whole: all)."
    click.echo(f"{match.game.title}, {moves} moves ({seats or 'players not recorded'}).{chance}{whose} {HELP}")
    at, draw = 0, True
    while True:
        if draw:
            click.echo(f"\n-- after {at} of {moves} moves --")
            if at > 0:
                before = states[at - 1]
                who = "chance" if before.is_chance else before.to_move
                click.echo(f"{at}. {who}: {before.format_move(seen[at - 1])}")
            click.echo(describe_position(shown(at)))
        answer = read_line("replay> ")
        step = None if answer is None else step_to(answer, at, moves)
        if step is None:
            return
        draw = not isinstance(step, str)
        if isinstance(step, str):  # one line: what was wrong (or the help); the position stays as drawn
            click.echo(step)
        else:
            at = step


def step_to(answer: str, at: int, moves: int) -> int | str | None:
    """Where a line typed at ``replay>`` goes from move ``at`` of ``moves``:
    the move to show, None to stop, or the line that says why it is refused
    (or the help asked for). ``jump 10``, ``j 10`` and ``10`` are the same."""
    words = answer.lower().split()
    command = words[0] if words else ""
    if command in ("q", "quit", "exit") and len(words) == 1:
        return None
    if command in ("", "n", "next") and len(words) <= 1:
        return min(at + 1, moves)
    if command in ("b", "back") and len(words) == 1:
        return max(at - 1, 0)
    if command in ("start", "first") and len(words) == 1:
        return 0
    if command in ("end", "last") and len(words) == 1:
        return moves
    if command in ("help", "h", "?") and len(words) == 1:
        return HELP
    if command in ("jump", "j", "goto") and len(words) == 2:
        target = words[1]
    elif len(words) == 1 and command.isdigit():
        target = command
    elif command in ("jump", "j", "goto"):
        return f"jump to which move? Type jump N, N from 0 to {moves}."
    else:
        return f"{terminal_safe(answer[:40])!r} is not a step here. {HELP}"
    if not (target.isascii() and target.isdigit()) or len(target) > 6 or int(target) > moves:
        return f"{terminal_safe(target[:40])!r} is no move of this game: jump to a move from 0 to {moves}."
    return int(target)
