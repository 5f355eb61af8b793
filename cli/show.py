"""``boardgames show GAME``: a position, as text, JSON or an SVG picture."""

from __future__ import annotations

import json
from pathlib import Path

import click

from boardgames import State
from boardgames.errors import RecordError
from boardgames.play.safe_files import read_text_limited, write_safely
from boardgames.rendering.svg import render_svg

from .common import configure, describe_position, game_options, start_position, view_options


@click.command("show")
@game_options
@click.option("--json", "as_json", is_flag=True, help="Print the position as one JSON object.")
@click.option(
    "--svg",
    "svg_path",
    default=None,
    metavar="FILE",
    help="Write a picture of the position to FILE (SVG) instead of drawing it.",
)
@view_options
def show(
    game_name: str,
    option_pairs: tuple[str, ...],
    seed: int | None,
    moves: str,
    as_json: bool,
    svg_path: str | None,
    as_player: str | None = None,
    whole: bool = False,
) -> None:
    """Play --moves from the start of GAME and show the position.

    With --json, print one JSON object: game, options, seed, players (turn
    order), to_move, status (ongoing, won, drawn), winner, result, pieces,
    contents (each piece's owner and kind), marks and overlays (by square),
    legal_moves, parts (what may start a move) and history. With --svg FILE,
    write the picture and say so. --moves may hold chance outcomes (roll:3).

    In a game with hidden information still going on, text, JSON and picture
    show only what every player sees (a spectator's view), or with --as
    PLAYER what that player sees; --whole shows everything. A view's JSON
    says whose it is (seen_by: the player, or null for a spectator) and has
    no seed; it is not loaded to play on.
    """
    if as_player is not None and whole:
        raise click.UsageError("give --as PLAYER or --whole, not both")
    state = start_position(configure(game_name, option_pairs, seed), moves)
    names = state.game.player_names
    if as_player is not None and as_player not in names:
        raise click.BadParameter(
            f"{as_player!r} is not a player of {state.game.name} ({', '.join(names)})", param_hint="'--as'"
        )
    view = not whole and state.game.hidden_information and not state.is_over
    if view:
        state = state.seen_by(None if as_player is None else names.index(as_player))
    if svg_path is not None:
        written = write_svg(state, svg_path)
        click.echo(f"Wrote the picture to {written}.", err=as_json)
    if as_json:
        data = state.to_json()
        if view:  # a view: whose, and no seed (what is hidden could be drawn again from it)
            data = {**data, "seed": None, "seen_by": as_player}
        click.echo(json.dumps(data, indent=2))
    elif svg_path is None:
        click.echo(describe_position(state))


def write_svg(state: State, path: str) -> Path:
    """Write the picture of ``state`` to ``path``; an existing file there is
    replaced only if it is a picture too (SVG)."""
    title = f"{state.game.title}: {state.describe()} ({state.result_text()})"
    return write_safely(path, render_svg(state.view(), title), "the picture", replace=_not_an_svg)


def _not_an_svg(path: Path) -> str | None:
    try:
        head = read_text_limited(path, "picture")[:4096]
    except RecordError:
        head = ""
    if "<svg" in head:
        return None
    return "a file that is not an SVG picture is there; choose another name"
