"""``boardgames arena GAME``: many seeded games between two agents, or a
round robin between more."""

from __future__ import annotations

import json
import os
import sys

import click

from boardgames.analysis import arena as arena_lib
from boardgames.rendering.text import terminal_safe
from boardgames.rules.options import parse_assignments

from .common import SEED, game_option, progress, split_specs

MAX_JOBS = 256


@click.command("arena")
@click.argument("game_name", metavar="GAME")
@click.option(
    "--players",
    required=True,
    metavar="A,B[,C...]",
    help="Two agent specs, e.g. mcts,random; three or more for a round robin.",
)
@click.option(
    "--games",
    default=100,
    show_default=True,
    type=click.IntRange(1, arena_lib.MAX_GAMES),
    help="Games to play (in a round robin, between every two agents).",
)
@click.option("--seed", default=0, show_default=True, type=SEED, help="Seed of every game and agent.")
@click.option(
    "--jobs",
    type=click.IntRange(1, MAX_JOBS),
    default=None,
    help="Worker processes (default: the machine's cores). Results do not depend on it.",
)
@click.option(
    "--backend",
    type=click.Choice(arena_lib.BACKENDS),
    default="local",
    show_default=True,
    help="Where the games run: a local process pool, or Ray (pip install 'boardgames[ray]').",
)
@click.option(
    "--address",
    default=None,
    metavar="ADDRESS",
    help="With --backend ray: the cluster to join (HOST:PORT, ray://HOST:PORT or auto); "
    "without it, a Ray instance of --jobs CPUs is started for the run.",
)
@game_option
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.option(
    "--save-games",
    default=None,
    metavar="DIR",
    help="Save each game's record in DIR (an existing folder).",
)
def arena(
    game_name: str,
    players: str,
    games: int,
    seed: int,
    jobs: int | None,
    backend: str,
    address: str | None,
    option_pairs: tuple[str, ...],
    as_json: bool,
    save_games: str | None,
) -> None:
    """Play GAMES games of GAME between two agents, seats alternated, and
    report wins, draws and losses with a 95% confidence interval and the Elo
    difference. With three agents or more, play a round robin (GAMES games
    between every two) and report each agent's results, Elo ratings fitted to
    all the games (Bradley-Terry) with 95% intervals, and each pairing's
    score. The same --seed gives the same results whatever --jobs is (for
    agents bounded by iterations or depth; time budgets vary by nature).
    Ctrl-C stops at once and reports the games finished."""
    specs = split_specs(players, 2, or_more=True)
    options = parse_assignments(option_pairs)
    jobs = jobs or os.cpu_count() or 1
    planned = games * len(specs) * (len(specs) - 1) // 2
    label = f"{game_name}: {specs[0]} vs {specs[1]}" if len(specs) == 2 else f"{game_name}: round robin"
    with progress(planned, label) as advance:  # on stderr, --json or not: stdout holds only the result
        result = arena_lib.run_arena(
            game_name,
            specs,
            games,
            seed,
            jobs=jobs,
            options=options,
            save_dir=save_games,
            progress=lambda _r: advance(1),
            backend=backend,
            address=address,
        )
    if as_json:
        click.echo(json.dumps(result.to_json(), indent=2))
    else:
        report(result)
        report_forfeits(result)
    if result.interrupted:
        click.echo(f"Interrupted: {len(result.results)} of {planned} games were played.", err=True)
        sys.exit(130)


def report(result: arena_lib.ArenaResult) -> None:
    if len(result.specs) > 2:
        round_robin_report(result)
        return
    click.echo(f"{result.game}: {len(result.results)} games, seed {result.seed}, seats alternated")
    if not result.results:
        return
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


def report_forfeits(result: arena_lib.ArenaResult, shown: int = 3) -> None:
    forfeits = result.forfeits()
    if forfeits:
        click.echo(f"  {len(forfeits)} games lost by forfeit (an agent failed), the first:")
        for f in forfeits[:shown]:
            click.echo(terminal_safe(f"    game {f['game']}: {f['spec']}: {f['reason']}"))  # a program's words


def _elo(x: float) -> str:
    return "+inf" if x == float("inf") else "-inf" if x == float("-inf") else f"{x:+.0f}"


def round_robin_report(result: arena_lib.ArenaResult) -> None:
    count = len(result.specs)
    click.echo(
        f"{result.game}: round robin of {count} agents, {len(result.results)} games "
        f"({result.planned // (count * (count - 1) // 2)} a pairing), seed {result.seed}, seats alternated"
    )
    if not result.results:
        return
    width = max(len(spec) for spec in result.specs) + 4
    click.echo(f"  {'agent':<{width}} games  wins draws losses   score   Elo (95%), fitted to every game")
    ranked = sorted(zip(result.standings(), result.ratings(), strict=True), key=lambda pair: -pair[1].elo)
    for standing, rating in ranked:
        click.echo(
            f"  {standing.spec:<{width}} {standing.games:>5} {standing.wins:>5} {standing.draws:>5} "
            f"{standing.losses:>6} {standing.score:>7.1%}   {rating.elo:+.0f} ({rating.low:+.0f} to {rating.high:+.0f})"
        )
    click.echo("  pairings, the first agent's score:")
    for pairing in result.pairings():
        a, b = result.specs[pairing.a], result.specs[pairing.b]
        click.echo(f"    {a} vs {b}: {pairing.score_a / pairing.games:.1%} of {pairing.games}")
