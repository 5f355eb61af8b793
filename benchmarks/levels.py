"""Calibrate the difficulty levels: each level against the one below.

    python benchmarks/levels.py GAME [--games 40] [--scale 1] [--seed 1] [--out docs/strength-runs/levels]

Plays ``--games`` seeded games (seats alternated, ``--jobs 2``) between each
pair of adjacent levels of GAME (``boardgames agents`` lists them) and saves
each pair's arena JSON as it finishes (named by the game, the levels, the
scale, the number of games unless 40 and the seed unless 1), so that a run
cut short goes on where it stopped. ``--scale`` multiplies every time
budget: the top levels think seconds a move, and ``--scale 0.25`` measures
them at a quarter of it (say so when you quote such a run). Prints each pair's score for the higher level,
with its 95% (Wilson) interval; the target is 65% to 85%.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import boardgames
from boardgames.play.levels import LEVEL_NAMES, levels, scaled

from figures import at_least, run, saved_arena


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=at_least(2, int), default=40)
    parser.add_argument("--scale", type=at_least(0.01, float), default=1.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default="docs/strength-runs/levels")
    args = parser.parse_args()
    ladder = levels(boardgames.game_class(args.game))
    folder = Path(args.out)
    folder.mkdir(parents=True, exist_ok=True)
    print(f"{args.game}: each level against the one below, {args.games} games, time budgets x{args.scale:g}")
    for lower in range(len(ladder) - 1):
        higher = lower + 1
        specs = [scaled(ladder[higher], args.scale), scaled(ladder[lower], args.scale)]
        # The first runs (40 games, seed 1) were named without either.
        games = "" if args.games == 40 else f"-{args.games}games"
        seed = "" if args.seed == 1 else f"-seed{args.seed}"
        path = folder / f"{args.game}-level{higher + 1}-vs-{lower + 1}-x{args.scale:g}{games}{seed}.json"
        command = f"python benchmarks/levels.py {args.game} --games {args.games} --scale {args.scale:g}"
        command += f" --seed {args.seed}" if seed else ""
        data = saved_arena(path, args.game, specs, args.games, args.seed, command)
        top = data["players"][0]
        low, high = top["score_95"]
        print(
            f"  level {higher + 1} ({LEVEL_NAMES[higher]}, {specs[0]}) over level {lower + 1} ({specs[1]}):"
            f" {top['score']:.1%} (95%: {low:.1%} to {high:.1%}) of {top['games']}"
        )
    return 0


if __name__ == "__main__":
    run(main)
