"""An experiment, not part of boardgames: how many Verso MCTS simulations a
second a compiled playout kernel would allow, measured in one run.

    python benchmarks/experiments/verso_compiled_playout.py [--seconds 2]

Compiles verso_playout.c with the system's C compiler (``cc``), loads it
with ctypes, and measures from the start of a default Verso game: random
playouts a second in Python (``Verso.playout``) and in C; the MCTS tree's
own cost per simulation (MCTS with a playout that returns at once); and
from these the simulations a second MCTS would reach with the C playout
(one over the tree's cost plus a C playout). Last, the share of light wins,
dark wins and draws over 3,000 playouts of each, which should agree.
"""

from __future__ import annotations

import argparse
import ctypes
import random
import subprocess
import tempfile
import time
from pathlib import Path
from unittest import mock

import boardgames
from boardgames.agents.base import Budget

HERE = Path(__file__).resolve().parent


def per_second(run_once, seconds: float) -> float:
    done, began = 0, time.perf_counter()
    while time.perf_counter() - began < seconds:
        run_once()
        done += 1
    return done / (time.perf_counter() - began)


def simulations_per_second(start: boardgames.State, seconds: float) -> float:
    agent = boardgames.make_seat("mcts:playout=random").agent
    assert agent is not None
    began = time.perf_counter()
    agent.choose(start, Budget(time=seconds), random.Random(0))
    return agent.stats["iterations"] / (time.perf_counter() - began)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args()
    game = boardgames.game_class("verso").configure(seed=0)
    start = game.start()
    with tempfile.TemporaryDirectory() as tmp:
        library = Path(tmp) / "verso_playout.so"
        try:
            compile_ = ["cc", "-O2", "-shared", "-fPIC", str(HERE / "verso_playout.c"), "-o", str(library)]
            subprocess.run(compile_, check=True)
        except (OSError, subprocess.CalledProcessError) as exc:
            raise SystemExit(f"this experiment needs a C compiler called cc: {exc}") from None
        kernel = ctypes.CDLL(str(library))
    kernel.setup.argtypes = [ctypes.c_int, ctypes.c_uint64]
    kernel.playout.argtypes = [ctypes.c_uint64] * 2 + [ctypes.c_int] * 5
    kernel.setup(game.grid.width, 1)
    total, cap = 2 * game.options["pieces"], game.options["max_moves"]
    rng = random.Random(0)
    python = per_second(lambda: start.playout(rng), args.seconds)
    compiled = per_second(lambda: kernel.playout(0, 0, 0, 0, 0, total, cap), args.seconds)

    mcts = simulations_per_second(start, args.seconds)
    with mock.patch.object(type(game), "playout", lambda self, state, rng, policy: None):
        tree_only = simulations_per_second(start, args.seconds)
    projected = 1 / (1 / tree_only + 1 / compiled)
    # The same game? The results of many playouts from the start should agree.
    games = 3000
    shares = {}
    for name, play in (
        ("Python", lambda: start.playout(rng)),
        ("C", lambda: {0: 0, 1: 1, -1: None}[kernel.playout(0, 0, 0, 0, 0, total, cap)]),
    ):
        results = [play() for _ in range(games)]
        shares[name] = " ".join(f"{results.count(w) / games:.3f}" for w in (0, 1, None))
    print(f"Verso {game.grid.width}x{game.grid.width}, from the start, one core, {args.seconds:g} s a figure")
    print(f"  random playouts/s in Python (Verso.playout)      {python:>12,.0f}")
    print(f"  random playouts/s in C (ctypes call included)    {compiled:>12,.0f}   {compiled / python:.0f}x")
    print(f"  MCTS simulations/s, random playouts, today       {mcts:>12,.0f}")
    print(f"  MCTS simulations/s with a playout that is free   {tree_only:>12,.0f}")
    print(f"  MCTS simulations/s projected with the C playout  {projected:>12,.0f}   {projected / mcts:.1f}x")
    for name, share in shares.items():
        print(f"  {name:<6} playouts won by light, by dark, drawn ({games:,}): {share}")


if __name__ == "__main__":
    main()
