"""Benchmarks: how fast playouts and searches go, on one core.

Where a game has a reference (:attr:`Game.reference_loop`: a hand-written
loop that does nothing but play random games, with its own tables and no
framework at all), the figures are reported beside it, so that the
framework's cost is a ratio measured in the same run on the same machine.
"""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Callable
from typing import Any

from .agents.base import Budget
from .match import Match
from .registry import game_class, make_seat


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


def run_bench(game_name: str, seconds: float = 2.0, seed: int = 0) -> dict[str, Any]:
    """Every figure, each with what it measured; one core, this process."""
    game = game_class(game_name).configure(seed=seed)
    start = game.start()
    rng = random.Random(seed)
    figures: dict[str, Any] = {"game": game_name, "seconds_each": seconds}

    reference = type(game).reference_loop
    baseline = reference(seconds, seed) if reference is not None else None
    if baseline is not None:
        figures["baseline_games_per_s"] = round(baseline)

    playouts = _rate(lambda: (start.playout(rng), 1)[1], seconds)[0]
    figures["playouts_per_s"] = round(playouts)
    if baseline:
        figures["playouts_vs_baseline"] = round(playouts / baseline, 3)

    def state_api_game() -> int:  # the bare state API, for the cost of a Match beside it
        state = start
        while not state.is_over:
            state = state.play_unchecked(rng.choice(state.legal_moves))
        return len(state.history)

    games, moves = _rate(state_api_game, seconds)
    figures["state_api_games_per_s"] = round(games)
    figures["state_api_moves_per_s"] = round(moves)
    if baseline:
        figures["state_api_vs_baseline"] = round(games / baseline, 3)

    seat = make_seat("random")
    seeds = itertools.count(seed)

    def match_game() -> int:
        return len(Match(start, [seat, seat], seed=next(seeds)).run().history)

    matches, moves = _rate(match_game, seconds)
    figures["match_games_per_s"] = round(matches)
    figures["match_moves_per_s"] = round(moves)
    if baseline:
        figures["match_vs_baseline"] = round(matches / baseline, 3)

    for spec, key, unit in (
        ("mcts:playout=random", "mcts_random", "iterations"),
        ("mcts", "mcts", "iterations"),
        ("alphabeta", "alphabeta", "nodes"),
    ):
        agent = make_seat(spec).agent
        assert agent is not None
        t0 = time.perf_counter()
        agent.choose(start, Budget(time=seconds), random.Random(seed))
        elapsed = time.perf_counter() - t0
        figures[f"{key}_{unit}_per_s"] = round(agent.stats[unit] / elapsed)
    return figures


DESCRIPTIONS = {
    "baseline_games_per_s": "baseline: random games/s, the game's hand-written loop",
    "playouts_per_s": "random playouts/s through the public API (State.playout)",
    "playouts_vs_baseline": "  ratio to the baseline",
    "state_api_games_per_s": "random games/s move by move (legal_moves + play_unchecked)",
    "state_api_moves_per_s": "  moves/s",
    "state_api_vs_baseline": "  ratio to the baseline",
    "match_games_per_s": "random games/s in a Match of two random seats (checked moves)",
    "match_moves_per_s": "  moves/s",
    "match_vs_baseline": "  ratio to the baseline",
    "mcts_random_iterations_per_s": "MCTS simulations/s, random playouts, from the start",
    "mcts_iterations_per_s": "MCTS simulations/s, default (heuristic) playouts",
    "alphabeta_nodes_per_s": "alpha-beta nodes/s, from the start",
}
