"""How long the endgame solver takes, by empty squares left, on seeded random
positions of Donuts and Othello.

    python benchmarks/solver_times.py [--positions 20]

For each game and size: the mean and the largest time and number of
positions searched over ``--positions`` positions of seeded random games.
"""

from __future__ import annotations

import argparse
import random
import time

import boardgames
from boardgames.agents.solver import solve

from figures import at_least, ensure_othello, run

SIZES = {"donuts": (16, 20, 22), "othello": (8, 10, 12)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=at_least(1, int), default=20)
    args = parser.parse_args()
    ensure_othello()
    print(f"{'game':<8} {'empties':>7} {'mean s':>8} {'max s':>8} {'max nodes':>10}")
    for name, sizes in SIZES.items():
        for empties in sizes:
            times: list[float] = []
            nodes: list[int] = []
            rng, seed = random.Random(empties), 0
            while len(times) < args.positions:
                game = boardgames.game_class(name).configure(seed=seed)
                seed += 1
                state = game.start()
                while not state.is_over and (game.endgame_size(state) or 0) > empties:
                    state = state.play_unchecked(rng.choice(state.legal_moves))
                if state.is_over:
                    continue
                began = time.perf_counter()
                nodes.append(solve(state).nodes)
                times.append(time.perf_counter() - began)
            mean = sum(times) / len(times)
            print(f"{name:<8} {empties:>7} {mean:>8.3f} {max(times):>8.3f} {max(nodes):>10,}")


if __name__ == "__main__":
    run(main)
