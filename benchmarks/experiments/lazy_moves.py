"""Would a lazy move list pay (issue 41)? On the positions of seeded random
games, the cost a position of: the legal moves listed as the rules list them
(a tuple), one drawn from that tuple (what a random playout does), and one
drawn uniformly straight from a generator over the same moves, with no list
(reservoir sampling: one random number a move), and the first move of the
generator alone (what an early stop could save at best).

    python benchmarks/experiments/lazy_moves.py [--games nine_mens_morris,connect_four,oware,chess]

A uniform draw must see every move, so a generator can only add its own
cost to the listing's; the figures say by how much. Min of 9 timings each.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games_vs_openspiel import GAMES, ensure_example  # noqa: E402

import boardgames  # noqa: E402


def best_of(fn: Callable[[], None], rounds: int = 9) -> float:
    times = []
    for _ in range(rounds):
        began = time.perf_counter()
        fn()
        times.append(time.perf_counter() - began)
    return min(times)


def listed(game: Any, states: list[Any]) -> None:
    for s in states:
        game.generate_moves(s)


def listed_then_choice(game: Any, states: list[Any]) -> None:
    r = random.Random(1)
    for s in states:
        r.choice(game.generate_moves(s))


def lazily(game: Any, state: Any) -> Iterator[Any]:
    """The cheapest generator: one over the listed moves."""
    yield from game.generate_moves(state)


def generator_reservoir(game: Any, states: list[Any]) -> None:
    r = random.Random(1)
    for s in states:
        n = 0
        for _move in lazily(game, s):
            n += 1
            if r.randrange(n) == 0:
                pass


def generator_first(game: Any, states: list[Any]) -> None:
    for s in states:
        next(lazily(game, s))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default="nine_mens_morris,connect_four,oware")
    parser.add_argument("--count", type=int, default=60, help="seeded random games whose positions are timed")
    args = parser.parse_args()
    for name in [n.strip() for n in args.games.split(",") if n.strip()]:
        if not ensure_example(name):
            print(f"{name}: no example package, left out")
            continue
        start = boardgames.game_class(name).configure(GAMES[name][0], seed=0).start()
        game = start.game
        rng = random.Random(0)
        states = []
        for _ in range(args.count):
            state = start
            while not state.is_over:
                states.append(state)
                state = state.play_unchecked(rng.choice(state.legal_moves))

        mean = sum(len(s.legal_moves) for s in states) / len(states)
        print(f"{name}: {len(states)} positions, {mean:.1f} legal moves on average")
        for fn in (listed, listed_then_choice, generator_reservoir, generator_first):
            took = best_of(lambda fn=fn, game=game, states=states: fn(game, states))
            print(f"  {fn.__name__:<22} {took * 1e6 / len(states):8.2f} µs a position")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
