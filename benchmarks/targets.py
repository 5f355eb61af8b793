"""Measure the strength targets of docs/strength.md, in pieces that finish.

    python benchmarks/targets.py [TARGET ...] [--games 200] [--piece 50] [--out docs/strength-runs/targets]

Each target is one pairing at 0.5 s a move. Its games are played in pieces
of ``--piece`` games (piece k with arena seed k, seats alternated,
``--jobs 2``), and each piece's arena JSON is saved as it finishes: a run cut
short goes on where it stopped, and a larger ``--games`` adds pieces to the
ones saved. Prints each target's pooled score for the first agent with its
95% (Wilson) interval, and whether the interval clears the target. Without
TARGET, every target in turn.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from boardgames.analysis.arena import Standing

from figures import at_least, run, saved_arena

PLAIN = "mcts:time=0.5:playout=random"  # plain UCT: random playouts, nothing else
#: name: (game, first agent, second agent, the first agent's target score).
TARGETS = {
    "verso-mcts-greedy": ("verso", "mcts:time=0.5", "greedy", 0.90),
    "verso-mcts-random": ("verso", "mcts:time=0.5", "random", 0.99),
    "verso-best-plain": ("verso", "alphabeta:time=0.5", PLAIN, 0.80),
    "donuts-best-plain": ("donuts", "alphabeta:time=0.5", PLAIN, 0.80),
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("targets", nargs="*", metavar="TARGET", help=", ".join(TARGETS))
    parser.add_argument("--games", type=at_least(2, int), default=200)
    parser.add_argument("--piece", type=at_least(2, int), default=50)
    parser.add_argument("--out", default="docs/strength-runs/targets")
    parser.add_argument("--markdown", action="store_true", help="print the rows of docs/strength.md's table")
    args = parser.parse_args()
    unknown = [name for name in args.targets if name not in TARGETS]
    if unknown:
        parser.error(f"unknown target {unknown[0]!r}: one of {', '.join(TARGETS)}")
    folder = Path(args.out)
    folder.mkdir(parents=True, exist_ok=True)
    for name in args.targets or list(TARGETS):
        game, first, second, target = TARGETS[name]
        wins = draws = losses = 0
        for piece in range((args.games + args.piece - 1) // args.piece):
            path = folder / f"{name}-seed{piece}-{args.piece}.json"
            command = f"boardgames arena {game} --players {first},{second} --games {args.piece} --seed {piece} --jobs 2"
            data = saved_arena(path, game, [first, second], args.piece, piece, command)
            ours = data["players"][0]
            wins, draws, losses = wins + ours["wins"], draws + ours["draws"], losses + ours["losses"]
        pooled = Standing(first, wins, draws, losses)
        low, high = pooled.interval()
        verdict = "met" if low >= target else "met by the point estimate" if pooled.score >= target else "missed"
        if args.markdown:
            print(
                f"| {game.capitalize()} | `{first}` vs `{second}` | {pooled.games} | {wins}–{draws}–{losses} |"
                f" **{pooled.score:.1%}** | {low:.1%}–{high:.1%} | ≥ {target:.0%} | {verdict} |"
            )
            continue
        print(
            f"{name}: {first} vs {second}: {wins}-{draws}-{losses} of {pooled.games}, {pooled.score:.1%}"
            f" (95%: {low:.1%} to {high:.1%}); target {target:.0%}: {verdict}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    run(main)
