"""``boardgames arena`` and ``boardgames bench``."""

from __future__ import annotations

import json
import os
import sys

import click

from boardgames import arena as arena_lib
from boardgames import bench as bench_lib
from boardgames.options import parse_assignments

from .app import cli, game_option, split_specs


@cli.command("arena")
@click.argument("game_name", metavar="GAME")
@click.option("--players", required=True, metavar="A,B", help="The two agent specs, e.g. mcts,random.")
@click.option("--games", default=100, show_default=True, type=click.IntRange(min=1), help="Games to play.")
@click.option("--seed", default=0, show_default=True, type=int, help="Seed of every game and agent.")
@click.option(
    "--jobs",
    type=click.IntRange(min=1),
    default=None,
    help="Worker processes (default: the machine's cores). Results do not depend on it.",
)
@game_option
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.option(
    "--save-games",
    type=click.Path(file_okay=False),
    default=None,
    metavar="DIR",
    help="Save each game's record in DIR.",
)
def arena(
    game_name: str,
    players: str,
    games: int,
    seed: int,
    jobs: int | None,
    option_pairs: tuple[str, ...],
    as_json: bool,
    save_games: str | None,
) -> None:
    """Play GAMES games of GAME between two agents, seats alternated, and
    report wins, draws and losses with a 95% confidence interval and the Elo
    difference. The same --seed gives the same results whatever --jobs is
    (for agents bounded by iterations or depth; time budgets vary by nature)."""
    specs = split_specs(players, 2)
    options = parse_assignments(option_pairs)
    jobs = jobs or os.cpu_count() or 1
    bar = None
    if sys.stderr.isatty() and not as_json:
        bar = click.progressbar(length=games, label=f"{game_name}: {specs[0]} vs {specs[1]}", file=sys.stderr)
    try:
        if bar is not None:
            bar.__enter__()
        result = arena_lib.run_arena(
            game_name,
            specs,
            games,
            seed,
            jobs=jobs,
            options=options,
            save_dir=save_games,
            progress=(lambda _r: bar.update(1)) if bar is not None else None,
        )
    finally:
        if bar is not None:
            bar.__exit__(None, None, None)
    if as_json:
        click.echo(json.dumps(result.to_json(), indent=2))
        return
    click.echo(f"{game_name}: {games} games, seed {seed}, seats alternated")
    for standing in result.standings():
        low, high = standing.interval()
        click.echo(
            f"  {standing.spec:<32} wins {standing.wins:>4}  draws {standing.draws:>4}  "
            f"losses {standing.losses:>4}  score {standing.score:6.1%} (95%: {low:.1%} to {high:.1%})"
        )
    first = result.standings()[0]
    low, high = first.interval()
    click.echo(
        f"  Elo difference, {first.spec} over {result.specs[1]}: {_elo(arena_lib.elo(first.score))} "
        f"(95%: {_elo(arena_lib.elo(low))} to {_elo(arena_lib.elo(high))})"
    )


def _elo(x: float) -> str:
    return "+inf" if x == float("inf") else "-inf" if x == float("-inf") else f"{x:+.0f}"


@cli.command("bench")
@click.argument("game_name", metavar="GAME")
@click.option(
    "--seconds",
    default=2.0,
    show_default=True,
    type=click.FloatRange(min=0.05),
    help="How long each figure is measured.",
)
@click.option("--seed", default=0, show_default=True, type=int)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def bench(game_name: str, seconds: float, seed: int, as_json: bool) -> None:
    """Measure playouts, MCTS simulations and alpha-beta nodes per second on
    GAME, on one core, beside a hand-written bit-mask Donuts baseline run in
    the same process (the framework's cost is the ratio)."""
    figures = bench_lib.run_bench(game_name, seconds, seed)
    if as_json:
        click.echo(json.dumps(figures, indent=2))
        return
    click.echo(f"{game_name}, {seconds:g} s a figure, one core (python {sys.version.split()[0]})")
    for key, text in bench_lib.DESCRIPTIONS.items():
        value = figures[key]
        shown = f"{value:.2f}" if isinstance(value, float) else f"{value:,}"
        click.echo(f"  {text:<62} {shown:>10}")
