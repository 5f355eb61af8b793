"""``boardgames arena GAME``: many seeded games between two agents, or a
round robin between more."""

from __future__ import annotations

import json
import math
import os
import sys

import click

import boardgames
from boardgames.analysis import arena as arena_lib
from boardgames.rendering.text import terminal_safe
from boardgames.rules.options import parse_assignments
from boardgames.rules.players import ordinal

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
    score. A game of N players seats N agents (or plays every N of more),
    the seat orders rotated so that each agent sits in each seat equally
    often, and reports places, wins and scores per agent and per seat, and
    ratings from each game's ranking; a game played alone, each agent's mean
    score. The same --seed gives the same results whatever --jobs is (for
    agents bounded by iterations or depth; time budgets vary by nature).
    Ctrl-C stops at once and reports the games finished."""
    cls = boardgames.game_class(game_name)
    specs = split_specs(players, cls.count_of_players()[0], or_more=True)
    options = parse_assignments(option_pairs)
    count = cls.configure(options, seed=seed).number_of_players  # a bad option: one line, before any game
    jobs = jobs or os.cpu_count() or 1
    planned = games * math.comb(len(specs), min(count, len(specs)))
    if len(specs) == 2 == count:
        label = f"{game_name}: {specs[0]} vs {specs[1]}"
    else:
        label = f"{game_name}: " + ("round robin" if len(specs) > count else ", ".join(specs))
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
    if result.count == 1:
        solo_report(result)
        return
    if result.count > 2:
        table_report(result)
        return
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


def solo_report(result: arena_lib.ArenaResult) -> None:
    games = result.planned // max(1, len(result.specs))
    click.echo(f"{result.game}: played alone, {games} games an agent (the same seeds for each), seed {result.seed}")
    width = max(len(spec) for spec in result.specs) + 4
    for entry in result.to_json()["players"]:
        low, high = entry["mean_score_95"]
        click.echo(
            f"  {entry['spec']:<{width}} games {entry['games']:>5}  mean score {entry['mean_score']:.2f}"
            f" (95%: {low:.2f} to {high:.2f})"
        )


def table_report(result: arena_lib.ArenaResult) -> None:
    count, agents = result.count, len(result.specs)
    tables = math.comb(agents, count)
    rest = f" ({result.planned // tables} a table of {count}, {tables} tables)" if tables > 1 else ""
    balanced = "" if (result.planned // tables) % result.cycle == 0 else ", not a whole number of cycles"
    click.echo(
        f"{result.game}: {agents} agents, {count} players a game, {len(result.results)} games{rest}, "
        f"seed {result.seed}, seat orders rotated ({result.cycle} a cycle{balanced})"
    )
    if not result.results:
        return
    data = result.to_json()
    scored = result.has_scores
    width = max(len(spec) for spec in result.specs) + 4
    places = " ".join(f"{ordinal(k):>4}" for k in range(1, count + 1))
    click.echo(
        f"  {'agent':<{width}} games  wins shared  {places}  mean place"
        + ("  mean score" if scored else "")
        + "   Elo (95%), from each game's ranking"
    )
    rated = zip(data["players"], data["ratings"], strict=True)
    for entry, rating in sorted(rated, key=lambda pair: -pair[1]["elo"]):
        low, high = rating["elo_95"]
        click.echo(
            f"  {entry['spec']:<{width}} {entry['games']:>5} {entry['wins']:>5} {entry['shared_firsts']:>6}  "
            + " ".join(f"{n:>4}" for n in entry["places"])
            + f"  {entry['mean_place']:>10.2f}"
            + (f"  {_score(entry['mean_score']):>10}" if scored else "")
            + f"   {rating['elo']:+.0f} ({low:+.0f} to {high:+.0f})"
        )
    click.echo("  seats, whoever sat there:")
    for seat in data["seats"]:
        click.echo(
            f"    {seat['seat']:<{width - 2}} {seat['games']:>5} {seat['wins']:>5} {seat['shared_firsts']:>6}  "
            + " ".join(f"{n:>4}" for n in seat["places"])
            + f"  {seat['mean_place']:>10.2f}"
            + (f"  {_score(seat['mean_score']):>10}" if scored else "")
        )


def _score(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"
