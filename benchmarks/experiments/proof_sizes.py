"""The solver and the prover on the same positions: result, positions, time.

    python benchmarks/experiments/proof_sizes.py GAMES game-0013.json:10 game-0033.json:8 ... [--seconds 10]

Each position is a saved game's record and a ply (the position before that
move). :func:`~boardgames.agents.solver.solve` finds the fastest win or the
slowest loss; :class:`~boardgames.agents.solver.Prover` only who wins, so it
can stop at the first winning move it finds. Both start with empty tables.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from boardgames import BoardgamesError, read_record
from boardgames.agents.solver import Prover, Unsolved, solve

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from figures import at_least, run  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("positions", nargs="+", metavar="RECORD:PLY")
    parser.add_argument("--seconds", type=at_least(0.01, float), default=10.0)
    args = parser.parse_args()
    print("position | solve: result, positions, seconds | prover: result, positions, seconds")
    for position in args.positions:
        name, _, ply = position.rpartition(":")
        if not name or not ply.isdigit():
            parser.error(f"{position!r} is not RECORD:PLY, like game-0013.json:10")
        final = read_record(args.folder / name).state
        if int(ply) >= len(final.history):
            raise BoardgamesError(f"{name} has {len(final.history)} moves: no position before move {ply}")
        state = final.game.replay(final.history[: int(ply)])
        start = time.perf_counter()
        try:
            solution = solve(state, start + args.seconds)
            solved = f"{solution.value:+d}, {solution.nodes}, {time.perf_counter() - start:.2f}"
        except Unsolved:
            solved = f"?, -, > {args.seconds:g}"
        prover, start = Prover(), time.perf_counter()
        try:
            value = prover.prove(state, start + args.seconds)[0]
            proved = f"{value:+d}, {prover.nodes}, {time.perf_counter() - start:.2f}"
        except Unsolved:
            proved = f"?, -, > {args.seconds:g}"
        print(f"{position} | {solved} | {proved}", flush=True)
    return 0


if __name__ == "__main__":
    run(main)
