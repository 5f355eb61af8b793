"""``boardgames ladder GAME``: measure a game's difficulty levels, each
against the one below, and write the result where the game can ship it."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import click

import boardgames
from boardgames.analysis import arena as arena_lib
from boardgames.errors import BoardgamesError
from boardgames.play.levels import LEVEL_NAMES, levels, measured, scaled
from boardgames.plugins.registry import make_seat
from boardgames.rules.options import parse_assignments

from .common import SEED, game_option, progress, split_specs

#: What a step of a good ladder scores for the higher level.
TARGET = (0.65, 0.85)


@click.command("ladder")
@click.argument("game_name", metavar="GAME")
@click.option(
    "--levels",
    "specs",
    default=None,
    metavar="A,B,C,D,E,F",
    help="Six agent specs to measure, weakest first (default: the game's levels).",
)
@click.option("--games", default=40, show_default=True, type=click.IntRange(2, arena_lib.MAX_GAMES))
@click.option("--scale", default=1.0, show_default=True, type=click.FloatRange(0.01, 100.0), help="Time budgets ×.")
@click.option("--seed", default=1, show_default=True, type=SEED)
@click.option("--jobs", type=click.IntRange(1, 256), default=None, help="Worker processes (default: the cores).")
@click.option(
    "--out",
    default=None,
    metavar="FILE",
    help="The JSON written (default: GAME-ladder.json); steps already in it are kept, so a run cut short resumes.",
)
@game_option
def ladder(
    game_name: str,
    specs: str | None,
    games: int,
    scale: float,
    seed: int,
    jobs: int | None,
    out: str | None,
    option_pairs: tuple[str, ...],
) -> None:
    """Play GAMES games between each two neighbouring levels of GAME (seats
    alternated) and report the higher level's score with its 95% interval:
    a good ladder scores 65% to 85% at every step. In a game of N players a
    level plays against N - 1 seats of the one below (its score: its share of
    them beaten); in a game played alone both play the same seeds (its score:
    the share of seeds on which it scores more). The result goes to a JSON
    file a game can ship beside its code, with the line to declare the
    levels (Game.levels) once every step is in range."""
    cls = boardgames.game_class(game_name)
    ladder_specs = split_specs(specs, len(LEVEL_NAMES), option="--levels") if specs else list(levels(cls))
    for spec in ladder_specs:
        if make_seat(spec).is_human:
            raise click.BadParameter(f"a level is an agent, not {spec!r}", param_hint="'--levels'")
    options = parse_assignments(option_pairs)
    path = Path(out or f"{cls.name}-ladder.json")
    saved = _read(path)
    where = "its own" if measured(cls) and not specs else "generic" if not specs else "given"
    click.echo(f"{cls.name}: each level against the one below ({where} ladder), {games} games, time x{scale:g}")
    steps: list[dict[str, Any]] = []
    count = cls.configure(options, seed=seed).number_of_players  # a bad option: one line, before any game
    for higher in range(1, len(ladder_specs)):
        pair = [scaled(ladder_specs[higher], scale), scaled(ladder_specs[higher - 1], scale)]
        # N players: the higher level against N - 1 seats of the lower (its share of them beaten);
        # alone: each level on the same seeds (the share of seeds where the higher scores more).
        seats = pair if count <= 2 else [pair[0]] + [pair[1]] * (count - 1)
        key = {"levels": [higher + 1, higher], "specs": pair, "games": games, "seed": seed, "options": options}
        step = next((s for s in saved if all(s.get(k) == v for k, v in key.items())), None)
        if step is None:
            with progress(
                games * (2 if count == 1 else 1), f"  level {higher + 1} over {higher}"
            ) as advance:  # a step can take minutes
                played = arena_lib.run_arena(
                    cls.name,
                    seats,
                    games,
                    seed,
                    jobs=jobs or os.cpu_count() or 1,
                    options=options,
                    progress=lambda _r: advance(1),
                )
            step = {**key, **_step(played)}
        steps.append(step)
        _write(path, cls.name, ladder_specs, scale, steps, saved)
        low, high = step["score_95"]
        fits = "in range" if TARGET[0] <= step["score"] <= TARGET[1] else "OUT of 65-85%"
        click.echo(
            f"  level {higher + 1} ({LEVEL_NAMES[higher]}, {pair[0]}) over {higher} ({pair[1]}):"
            f" {step['score']:.1%} (95%: {low:.1%} to {high:.1%}), {fits}"
        )
    click.echo(f"Written to {path}.")
    if all(TARGET[0] <= s["score"] <= TARGET[1] for s in steps):
        click.echo(f"Every step is in range: declare in the game  levels = {tuple(ladder_specs)!r}")
    else:
        click.echo("Not every step is in range: change the levels out of range and measure again.")


def _step(played: arena_lib.ArenaResult) -> dict[str, Any]:
    """The higher level's score in a step (the first spec), its interval, wins, draws and losses:
    with two players its score; with more, its share of the lower seats beaten (a game's share
    the unit); alone, the share of seeds on which it scored more than the lower (a tie half)."""
    if played.count == 2:
        top = played.to_json()["players"][0]
        return {k: top[k] for k in ("score", "score_95", "wins", "draws", "losses")}
    wins = draws = losses = 0
    if played.count == 1:
        mine = {r.index: r.scores[0] for r in played.results if r.players == (0,) and r.scores}
        theirs = {r.index - played.planned // 2: r.scores[0] for r in played.results if r.players == (1,) and r.scores}
        for g in mine.keys() & theirs.keys():
            wins, draws, losses = (
                wins + (mine[g] > theirs[g]),
                draws + (mine[g] == theirs[g]),
                losses + (mine[g] < theirs[g]),
            )
        standing = arena_lib.Standing("", wins, draws, losses)
        score, (low, high) = standing.score, standing.interval()
    else:
        score, low, high = played.pairwise(0)
        standing = played.standings()[0]
        wins, draws, losses = standing.wins, standing.draws, standing.losses
    rounded = {"score": round(score, 4), "score_95": [round(low, 4), round(high, 4)]}
    return rounded | {"wins": wins, "draws": draws, "losses": losses}


def _read(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    try:
        data = json.loads(path.read_text())
        steps = data["steps"]
        if not isinstance(steps, list) or not all(isinstance(s, dict) for s in steps):
            raise ValueError("steps is not a list of steps")
        return steps
    except (ValueError, KeyError, TypeError) as exc:  # UnicodeDecodeError is a ValueError
        raise BoardgamesError(f"{path} is not a ladder this command wrote ({exc}); remove it or name another") from None


def _write(
    path: Path, game: str, specs: list[str], scale: float, steps: list[dict[str, Any]], saved: list[dict[str, Any]]
) -> None:
    kept = [s for s in saved if s not in steps]
    data = {"game": game, "levels": specs, "time_scale": scale, "target": list(TARGET), "steps": [*steps, *kept]}
    try:
        path.write_text(json.dumps(data, indent=2) + "\n")
    except OSError as exc:
        raise BoardgamesError(f"cannot write {path}: {exc.strerror or exc}") from None
