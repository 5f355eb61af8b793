"""Benchmarks: how fast playouts and searches go, on one core.

Where a game has a reference (:attr:`Game.reference_loop`: a hand-written
loop that does nothing but play random games, with its own tables and no
framework at all), the figures are reported beside it, so that the
framework's cost is a ratio measured in the same run on the same machine:
each such figure is measured in slices that alternate with slices of the
reference, and the ratio is the median of the slices' ratios, so that a
slow spell of a shared machine slows both sides alike.
"""

from __future__ import annotations

import itertools
import random
import statistics
import time
from collections.abc import Callable, Mapping
from typing import Any

from ..agents.base import Budget
from ..errors import BoardgamesError
from ..play.match import Match
from ..plugins.loader import describe_exception
from ..plugins.registry import game_class, make_seat
from ..rules.chance import chance_rng


def _rate(run_once: Callable[[], int], seconds: float) -> tuple[float, float]:
    """Calls per second of ``run_once`` over about ``seconds``, and the units
    (what each call returns it counted) per second."""
    count = units = 0
    start = time.perf_counter()
    end = start + seconds
    while time.perf_counter() < end:
        units += run_once()
        count += 1
    elapsed = time.perf_counter() - start
    return count / elapsed, units / elapsed


SLICES = 4


def _beside(
    run_once: Callable[[], int], reference: Callable[[float, int], float] | None, seconds: float, seed: int
) -> tuple[float, float, float | None]:
    """Calls and units a second of ``run_once``, and its ratio to the
    reference's games a second (None without one), measured in slices that
    alternate with the reference's, the first side changing each slice."""
    if reference is None:
        return (*_rate(run_once, seconds), None)
    part = seconds / SLICES
    calls, units, ratios = [], [], []
    for i in range(SLICES):
        if i % 2:
            mine = _rate(run_once, part)
            theirs = reference(part, seed)
        else:
            theirs = reference(part, seed)
            mine = _rate(run_once, part)
        calls.append(mine[0])
        units.append(mine[1])
        ratios.append(mine[0] / theirs)
    return statistics.median(calls), statistics.median(units), statistics.median(ratios)


def run_bench(
    game_name: str, seconds: float = 2.0, seed: int = 0, options: Mapping[str, object] | None = None
) -> dict[str, Any]:
    """Every figure, each with what it measured, on the game set up with
    ``options`` (its own, as ``-o`` gives them); one core, this process."""
    game = game_class(game_name).configure(options or {}, seed=seed)
    start = game.start()
    while start.is_chance:  # the searches start where a player first chooses, the dice drawn from the seed
        start = start.play_unchecked(start.draw_chance(chance_rng(seed, len(start.history))))
    rng = random.Random(seed)
    # The options it was set up with, as JSON holds them (a game's own kind of value as its text).
    setup = {k: v if v is None or isinstance(v, (bool, int, float, str)) else str(v) for k, v in game.options.items()}
    figures: dict[str, Any] = {"game": game_name, "options": setup, "seconds_each": seconds}
    reference = type(game).reference_loop
    if reference is not None:
        figures["baseline_games_per_s"] = round(reference(seconds, seed))

    def one_playout() -> int:
        start.playout(rng)
        return 1

    def state_api_game() -> int:  # the bare state API, for the cost of a Match beside it
        state = start
        while not state.is_over:
            state = state.play_unchecked(rng.choice(state.legal_moves))
        return len(state.history)

    seat = make_seat("random")
    seeds = itertools.count(seed)

    def match_game() -> int:
        return len(Match(start, [seat] * game.number_of_players, seed=next(seeds)).run().history)

    for name, run_once, with_moves in (
        ("playouts", one_playout, False),
        ("state_api", state_api_game, True),
        ("match", match_game, True),
    ):
        games, moves, ratio = _beside(run_once, reference, seconds, seed)
        figures[f"{name}_per_s" if name == "playouts" else f"{name}_games_per_s"] = round(games)
        if with_moves:
            figures[f"{name}_moves_per_s"] = round(moves)
        if ratio is not None:
            figures[f"{name}_vs_baseline"] = round(ratio, 3)

    for spec, key, unit in (
        ("mcts:playout=random", "mcts_random", "iterations"),
        ("mcts:playout=heuristic", "mcts", "iterations"),
        ("alphabeta", "alphabeta", "nodes"),
    ):
        agent = make_seat(spec).agent
        assert agent is not None
        t0 = time.perf_counter()
        try:  # the player's view only, as a Match gives it
            agent.choose(start.seen_by(start.turn), Budget(time=seconds), random.Random(seed))
        except Exception as exc:  # an agent that does not play such a game (players, chance): said, not measured
            why = str(exc) if isinstance(exc, BoardgamesError) else describe_exception(exc)
            figures.setdefault("not_measured", {})[f"{key}_{unit}_per_s"] = " ".join(why.split())
            continue
        elapsed = time.perf_counter() - t0
        figures[f"{key}_{unit}_per_s"] = round(agent.stats[unit] / elapsed)
    return figures


DESCRIPTIONS = {
    "baseline_games_per_s": "baseline: random games/s, the game's hand-written loop",
    "playouts_per_s": "random playouts/s through the public API (State.playout)",
    "playouts_vs_baseline": "  ratio to the baseline (median of 4 alternating slices)",
    "state_api_games_per_s": "random games/s move by move (legal_moves + play_unchecked)",
    "state_api_moves_per_s": "  moves/s",
    "state_api_vs_baseline": "  ratio to the baseline",
    "match_games_per_s": "random games/s in a Match of random seats (checked moves)",
    "match_moves_per_s": "  moves/s",
    "match_vs_baseline": "  ratio to the baseline",
    "mcts_random_iterations_per_s": "MCTS simulations/s, random playouts, from the start",
    "mcts_iterations_per_s": "MCTS simulations/s, heuristic playouts",
    "alphabeta_nodes_per_s": "alpha-beta nodes/s, from the start",
}
