"""Random games a second of the N-player and hidden-information examples
(``examples/chinese_checkers`` for 3 and 6 players, ``examples/phantom_ttt`` with Dark Hex)
against OpenSpiel's Python loop over its C++ game, as games_vs_openspiel.py
measures Hex (issue 39's target: at least 0.2×), in one run on one core.

    python benchmarks/nplayer_examples_vs_openspiel.py
        [--games chinese_checkers_3,chinese_checkers_6,phantom_ttt,dark_hex]
        [--seconds 2] [--rounds 3] [--json docs/performance-runs/nplayer-examples.json]

Ours goes through the state API: Chinese checkers part by part
(``State.parts``: the piece, then the cell, a hop chain in one move),
Phantom tic-tac-toe through ``legal_moves`` + ``play_unchecked``. OpenSpiel's
through ``legal_actions`` + ``apply_action`` (a hop chain one action a hop).
Random Chinese checkers games last their ``max_moves`` (1000 turns) on both
sides. Without open-spiel it says so and exits 0.
"""

from __future__ import annotations

import argparse
import random
import statistics
from pathlib import Path
from typing import Any

from games_vs_openspiel import ensure_example, openspiel_rate, parts_api

import boardgames

from figures import at_least, run, save_run, state_api

#: Each measurement: our game and options, OpenSpiel's name and parameters, the target ratio.
GAMES: dict[str, tuple[str, dict[str, Any], str, dict[str, Any], float]] = {
    "chinese_checkers_3": ("chinese_checkers", {"players": 3}, "chinese_checkers", {"players": 3}, 0.2),
    "chinese_checkers_6": ("chinese_checkers", {"players": 6}, "chinese_checkers", {"players": 6}, 0.2),
    "phantom_ttt": ("phantom_ttt", {}, "phantom_ttt", {}, 0.2),
    "dark_hex": ("dark_hex", {}, "dark_hex", {}, 0.2),
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated, of " + ", ".join(GAMES))
    parser.add_argument("--seconds", type=at_least(0.01), default=2.0, help="time for each measurement (default 2)")
    parser.add_argument("--rounds", type=at_least(1, int), default=3, help="measurements of each figure (default 3)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args(argv)
    names = [n.strip() for n in args.games.split(",") if n.strip()]
    unknown = [n for n in names if n not in GAMES]
    if unknown:
        parser.error(f"unknown game {unknown[0]!r}: one of {', '.join(GAMES)}")
    try:
        import pyspiel
    except ImportError:
        print("skipped: open-spiel is not installed (pip install 'boardgames[openspiel]')")
        return 0
    result: dict[str, Any] = {}
    for label in names:
        name, ours_options, spiel_name, spiel_params, target = GAMES[label]
        if not ensure_example("phantom_ttt" if name == "dark_hex" else name):
            print(f"  {label}: no example package, left out")
            continue
        start = boardgames.game_class(name).configure(ours_options, seed=args.seed).start()
        spiel = pyspiel.load_game(spiel_name, spiel_params)
        rng = random.Random(args.seed)
        ours, theirs = [], []
        for _ in range(args.rounds):
            if start.game.moves_in_parts:
                ours.append(parts_api(start, args.seconds, rng))
            else:
                ours.append(state_api(start, args.seconds, rng)[0])
            theirs.append(openspiel_rate(spiel, args.seconds, rng))
        ratio = statistics.median(a / b for a, b in zip(ours, theirs, strict=True))
        result[label] = {
            "ours_random_games_per_s": round(statistics.median(ours), 2),
            "openspiel_random_games_per_s": round(statistics.median(theirs), 2),
            "ratio": round(ratio, 3),
            "target": target,
            "met": ratio >= target,
        }
        print(
            f"  {label:<20} ours {statistics.median(ours):>9,.2f}/s   OpenSpiel"
            f" {statistics.median(theirs):>9,.2f}/s   ratio {ratio:.3f}  (target {target})"
        )
    save_run(result, args.json, "nplayer_examples_vs_openspiel.py", argv, seconds=args.seconds, rounds=args.rounds)
    return 0


if __name__ == "__main__":
    run(main)
