"""Benchmarks: how fast playouts and searches go, on one core.

The baseline is a hand-written loop that does nothing but play random Donuts
games on bit masks, with its own tables and no framework at all; every other
figure of a run is reported beside it, so that the framework's cost is a
ratio measured in the same run on the same machine.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from .agents.base import Budget
from .registry import get_game, make_player


def _rate(run_once: Callable[[], int], seconds: float) -> tuple[float, int]:
    """Calls per second of ``run_once`` over about ``seconds``; and the units it counted."""
    count = units = 0
    start = time.perf_counter()
    end = start + seconds
    while time.perf_counter() < end:
        units += run_once()
        count += 1
    return count / (time.perf_counter() - start), units


def baseline_donuts(seconds: float, seed: int = 0) -> float:
    """Random Donuts games a second, by a loop written for nothing else."""
    side = 6
    n = side * side
    idx = {(f, r): f * side + r for f in range(side) for r in range(side)}
    axes = ((1, 0), (0, 1), (1, 1), (-1, 1))  # - | / \
    rays: list[list[tuple[list[int], list[int]]]] = []
    line_of: list[list[int]] = []
    for f in range(side):
        for r in range(side):
            per_axis, lines = [], []
            for df, dr in axes:
                both = []
                for sign in (1, -1):
                    out, k = [], 1
                    while (f + sign * k * df, r + sign * k * dr) in idx:
                        out.append(idx[(f + sign * k * df, r + sign * k * dr)])
                        k += 1
                    both.append(out)
                per_axis.append((both[0], both[1]))
                m = 1 << idx[(f, r)]
                for sq in both[0] + both[1]:
                    m |= 1 << sq
                lines.append(m)
            rays.append(per_axis)
            line_of.append(lines)
    windows_at: list[list[int]] = [[] for _ in range(n)]
    for f, r in idx:
        for df, dr in axes:
            cells = [(f + k * df, r + k * dr) for k in range(5)]
            if all(c in idx for c in cells):
                m = 0
                for c in cells:
                    m |= 1 << idx[c]
                for c in cells:
                    windows_at[idx[c]].append(m)
    full = (1 << n) - 1
    rng = random.Random(seed)
    kinds = [rng.randrange(4) for _ in range(n)]

    def one_game() -> int:
        boards = [0, 0]
        me, last = 0, -1
        for _ in range(30):
            empty = full & ~(boards[0] | boards[1])
            allowed = empty
            if last >= 0 and line_of[last][kinds[last]] & empty:
                allowed = line_of[last][kinds[last]] & empty
            for _ in range(rng.randrange(allowed.bit_count())):
                allowed &= allowed - 1
            sq = (allowed & -allowed).bit_length() - 1
            mine = boards[me] | 1 << sq
            theirs = boards[1 - me]
            flips = 0
            for ray_a, ray_b in rays[sq]:
                ends = []
                for ray in (ray_a, ray_b):
                    end = -1
                    for s in ray:
                        if not mine >> s & 1:
                            end = s
                            break
                    ends.append(end)
                if ends[0] >= 0 and ends[1] >= 0 and theirs >> ends[0] & 1 and theirs >> ends[1] & 1:
                    flips |= 1 << ends[0] | 1 << ends[1]
            mine |= flips
            boards[me], boards[1 - me] = mine, theirs & ~flips
            changed = 1 << sq | flips
            while changed:
                low = changed & -changed
                changed ^= low
                for w in windows_at[low.bit_length() - 1]:
                    if mine & w == w:
                        return 1
            last, me = sq, 1 - me
        return 1

    return _rate(one_game, seconds)[0]


def run_bench(game_name: str, seconds: float = 2.0, seed: int = 0) -> dict[str, Any]:
    """Every figure, each with what it measured; one core, this process."""
    game = get_game(game_name).configure(seed=seed)
    start = game.start()
    rng = random.Random(seed)
    figures: dict[str, Any] = {"game": game_name, "seconds_each": seconds}

    baseline = baseline_donuts(seconds, seed)
    figures["baseline_donuts_games_per_s"] = round(baseline)

    playouts = _rate(lambda: (start.playout(rng), 1)[1], seconds)[0]
    figures["playouts_per_s"] = round(playouts)
    figures["playouts_vs_baseline"] = round(playouts / baseline, 3)

    def generic_game() -> int:
        state = start
        while not state.is_over:
            state = state.play_unchecked(rng.choice(state.legal_moves))
        return 1

    generic = _rate(generic_game, seconds)[0]
    figures["state_api_games_per_s"] = round(generic)
    figures["state_api_vs_baseline"] = round(generic / baseline, 3)

    for spec, key, unit in (
        ("mcts:playout=random", "mcts_random", "iterations"),
        ("mcts", "mcts", "iterations"),
        ("alphabeta", "alphabeta", "nodes"),
    ):
        player = make_player(spec)
        t0 = time.perf_counter()
        player.agent.choose(start, Budget(time=seconds), random.Random(seed))
        elapsed = time.perf_counter() - t0
        figures[f"{key}_{unit}_per_s"] = round(player.agent.stats[unit] / elapsed)
    return figures


DESCRIPTIONS = {
    "baseline_donuts_games_per_s": "baseline: random Donuts games/s, a hand-written bit-mask loop",
    "playouts_per_s": "random playouts/s through the public API (State.playout)",
    "playouts_vs_baseline": "  ratio to the baseline",
    "state_api_games_per_s": "random games/s move by move (legal_moves + play_unchecked)",
    "state_api_vs_baseline": "  ratio to the baseline",
    "mcts_random_iterations_per_s": "MCTS simulations/s, random playouts, from the start",
    "mcts_iterations_per_s": "MCTS simulations/s, default (heuristic) playouts",
    "alphabeta_nodes_per_s": "alpha-beta nodes/s, from the start",
}
