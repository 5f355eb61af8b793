"""``boardgames learn GAME``: an evaluation learnt from self-play games, for
any game, written where the game can ship it."""

from __future__ import annotations

import json
from pathlib import Path

import click

from boardgames.errors import BoardgamesError
from boardgames.learning.learned import LearnedEvaluation, learn, valued_by
from boardgames.plugins.registry import make_seat

from .common import SEED, configure, game_option, progress_bar, split_specs

#: The self-play agents by default: quick, and stronger than random play.
DEFAULT_PLAYERS = "mcts:iterations=30,mcts:iterations=30"


@click.command("learn")
@click.argument("game_name", metavar="GAME")
@click.option("--games", default=100, show_default=True, type=click.IntRange(2, 100_000), help="Self-play games.")
@click.option("--players", default=DEFAULT_PLAYERS, show_default=True, metavar="A,B", help="The self-play agents.")
@click.option("--seed", default=1, show_default=True, type=SEED, help="Seed of the games, the agents and the fit.")
@click.option("--out", default=None, metavar="FILE", help="The JSON written (default: GAME-evaluation.json).")
@click.option(
    "--evaluation",
    default=None,
    metavar="FILE",
    help="An earlier round's file: the self-play agents value positions by it (learning in rounds).",
)
@game_option
def learn_command(
    game_name: str,
    games: int,
    players: str,
    seed: int,
    out: str | None,
    evaluation: str | None,
    option_pairs: tuple[str, ...],
) -> None:
    """Learn an evaluation of GAME from GAMES self-play games, with no code
    of the game's: a logistic model of the chance that the player to move
    wins, over the observation planes (a weight per plane and square) and
    the position's structure (groups, liberties, the area each side
    reaches first, stepping or along lines, the cost of joining its
    sides). What it keeps and how strongly it is regularised are chosen on
    whole games of the first 80%
    (three folds), a constant chance competing; it is refitted on them and
    measured on the rest. Writes it to a JSON file the game can ship beside
    its module and attach in setup (docs/writing-a-game.md). With
    --evaluation, an earlier round's file, the self-play agents value
    positions by it: stronger games, whose outcomes say more."""
    game = configure(game_name, option_pairs, seed)
    if evaluation is not None:
        valued_by(game, LearnedEvaluation.load(evaluation))
    specs = split_specs(players, 2)
    for spec in specs:
        if make_seat(spec).is_human:
            raise click.BadParameter(f"self-play is between agents, not {spec!r}", param_hint="'--players'")
    path = Path(out or f"{game.name}-evaluation.json")
    with progress_bar(games, f"{game.name}: self-play") as advance:
        model = learn(game, specs, games, seed, progress=advance)
    if evaluation is not None:
        model.about["players_valued_by"] = evaluation
    try:
        path.write_text(json.dumps(model.to_json(), indent=1) + "\n")
    except OSError as exc:
        raise BoardgamesError(f"cannot write {path}: {exc.strerror or exc}") from None
    about = model.about
    called = about["held_out_winner_called"]
    click.echo(
        f"{game.name}: fitted on {about['positions']} positions of {games - about['held_out_games']} games;"
        f" on {about['held_out_positions']} positions of {about['held_out_games']} other games, log loss"
        f" {about['held_out_log_loss']:.3f} (a coin: {about['held_out_log_loss_of_a_coin']:.3f}),"
        + (f" the winner called {called:.0%} of the time." if called is not None else " every game drawn.")
    )
    click.echo(f"Kept: {about['chosen']} (chosen on games set apart from the first ones).")
    if not model.predicts:
        click.echo("It values every position alike: a game that attaches it keeps searching by playouts.")
    click.echo(f"Written to {path}. Ship it beside the game and attach it in setup (docs/writing-a-game.md).")
