"""What one move costs through the state API, piece by piece, in microseconds.

    python benchmarks/per_move_costs.py [--games donuts,othello,verso]

Collects 5,000 positions (and the random move played in each) from seeded
random games, then times each piece of a move over all of them with
``timeit`` (the minimum of 7 runs): the legal moves, the random choice,
``apply``, making the state alone, copying the history, and for Donuts and
Othello the rule functions ``apply`` calls.
"""

from __future__ import annotations

import argparse
import random
import timeit
from collections.abc import Callable
from typing import Any

import attrs

import boardgames

from figures import ensure_othello, run

POSITIONS = 5000


def positions(name: str) -> tuple[Any, list[tuple[Any, Any]]]:
    game = boardgames.game_class(name).configure(seed=0)
    rng = random.Random(0)
    out: list[tuple[Any, Any]] = []
    while len(out) < POSITIONS:
        state = game.start()
        while not state.is_over:
            move = rng.choice(state.legal_moves)
            out.append((state, move))
            state = state.play_unchecked(move)
    return game, out[:POSITIONS]


def fresh(states: list[tuple[Any, Any]]) -> list[Any]:
    """Copies of the states without what they cached (the legal moves)."""
    return [attrs.evolve(state) for state, _ in states]


def pieces(name: str, game: Any, states: list[tuple[Any, Any]]) -> dict[str, Callable[[], object]]:
    grid, rng = game.grid, random.Random(0)
    fields = [(type(s), attrs.asdict(s, recurse=False)) for s, _ in states]
    common: dict[str, Callable[[], object]] = {
        "generate_moves": lambda: [game.generate_moves(s) for s, _ in states],
        "rng.choice of the legal moves": lambda: [rng.choice(s.legal_moves) for s, _ in states],
        "apply (the whole move)": lambda: [game.apply(s, m) for s, m in states],
        "making the state alone": lambda: [cls(**values) for cls, values in fields],
        "copying the history": lambda: [(*s.history, m) for s, m in states],
    }
    if name == "donuts":
        from boardgames.games.donuts.state import insertion_flips

        return {
            **common,
            "allowed (D4, D5)": lambda: [game.allowed(s.occupied, s.last) for s, _ in states],
            "place_donut (D6, D7)": lambda: [game.place_donut(s.boards, s.turn, m.to) for s, m in states],
            "  insertion_flips": lambda: [
                insertion_flips(game.axis_rays[m.to], s.boards[s.turn] | 1 << m.to, s.boards[1 - s.turn])
                for s, m in states
            ],
            "  has_line": lambda: [grid.has_line(s.boards[s.turn] | 1 << m.to, 5, 1 << m.to) for s, m in states],
        }
    if name != "othello":
        return common
    return {
        **common,
        "bracketing (the next player's moves)": lambda: [
            grid.bracketing(s.boards[1 - s.turn], s.boards[s.turn]) for s, _ in states
        ],
        "bracketed (the flips of the move)": lambda: [
            grid.bracketed(m.to, s.boards[s.turn], s.boards[1 - s.turn]) for s, m in states if m.to >= 0
        ],
        "bits of the playable mask (a placements miss)": lambda: [boardgames.bits(s.playable) for s, _ in states],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default="donuts,othello")
    args = parser.parse_args()
    for name in args.games.split(","):
        if name == "othello":
            ensure_othello()
        game, states = positions(name)
        print(f"{name}: microseconds a move, over {len(states):,} positions of random games")
        first = fresh(states)
        began = timeit.default_timer()
        for state in first:
            state.legal_moves  # noqa: B018 (computed and cached on first access: that is what is timed)
        once = timeit.default_timer() - began
        print(f"  {'legal_moves, first access':<46} {once / len(states) * 1e6:7.3f}")
        for label, piece in pieces(name, game, states).items():
            best = min(timeit.repeat(piece, number=1, repeat=7))
            print(f"  {label:<46} {best / len(states) * 1e6:7.3f}")


if __name__ == "__main__":
    run(main)
