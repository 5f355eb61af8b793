"""Two agents against each other on an example game with its rules only
(as ``vs_mctsbot.py --rules-only`` plays it): a search setting A/B-tested.

    python benchmarks/rules_only_match.py --game othello --agents mcts:time=0.5:mast=on,mcts:time=0.5
        [--games 20] [--seed 1] [--playouts] [--json FILE]

Seats alternate game by game and two games run at a time (both sides
share the machine alike, so a time budget stays fair); the first agent's
score is printed as each game ends and, with ``--json``, saved after each.
``--playouts`` also takes away the evaluation a connection game's
declaration gives (Hex), so that ``mcts`` values nodes by random playouts.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
from pathlib import Path
from typing import Any

from games_vs_openspiel import ensure_example
from vs_mctsbot import rules_only

import boardgames
from boardgames.analysis.arena import Standing
from boardgames.play.match import Match

from figures import at_least


def play_one(task: tuple[str, str, str, int, int, bool]) -> tuple[float, int]:
    """Game ``index``: the first agent's score (1, 0.5, 0) and the game's length."""
    name, first, second, seed, index, playouts = task
    ensure_example(name)
    cls: Any = rules_only(boardgames.game_class(name))
    if playouts:
        cls = type(cls.__name__, (cls,), {"has_evaluation": False})
    start = cls.configure({}, seed=seed + index).start()
    a, b = boardgames.make_seat(first), boardgames.make_seat(second)
    seats = [a, b] if index % 2 == 0 else [b, a]
    end = Match(start, seats, seed=seed + index).run()
    winner = end.outcome.winner_index if end.outcome is not None else None
    if winner is None:
        return 0.5, len(end.history)
    return float((winner == 0) == (index % 2 == 0)), len(end.history)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--agents", required=True, help="two agent specs, comma-separated: A,B")
    parser.add_argument("--games", type=at_least(1, int), default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--playouts", action="store_true", help="no evaluation at all, not even a declared one")
    parser.add_argument("--json", type=Path, help="write the games and the score to this file")
    args = parser.parse_args()
    if not ensure_example(args.game):
        parser.error(f"no example game {args.game!r}")
    specs = [s.strip() for s in args.agents.split(",")]
    if len(specs) != 2:
        parser.error("--agents takes two specs, A,B")
    for spec in specs:
        try:
            boardgames.make_seat(spec)  # a bad spec: one line, before anything runs
        except boardgames.BoardgamesError as exc:
            parser.error(str(exc))
    tasks = [(args.game, specs[0], specs[1], args.seed, i, args.playouts) for i in range(args.games)]
    rows: list[dict[str, Any]] = []
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        for i, (score, moves) in enumerate(pool.imap(play_one, tasks)):
            rows.append({"game": i, "a_first": i % 2 == 0, "a_score": score, "moves": moves})
            total = sum(r["a_score"] for r in rows)
            print(f"game {i}: {score:g} in {moves} moves; {specs[0]} {total:g} of {len(rows)}", flush=True)
            wins, draws = sum(r["a_score"] == 1 for r in rows), sum(r["a_score"] == 0.5 for r in rows)
            standing = Standing(specs[0], wins, draws, len(rows) - wins - draws)
            if args.json:
                record = {**standing.to_json(), "game": args.game, "against": specs[1], "games_played": rows}
                record["command"] = " ".join(["python", "benchmarks/rules_only_match.py", *sys.argv[1:]])
                args.json.write_text(json.dumps(record, indent=2) + "\n")
    low, high = standing.interval()
    result = f"{standing.wins}-{standing.draws}-{standing.losses}"
    print(f"{specs[0]} against {specs[1]}: {result} (95%: {low:.1%} to {high:.1%})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
