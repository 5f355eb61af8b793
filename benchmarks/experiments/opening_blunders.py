"""Where does an agent throw away a won position? Its moves in the won
positions of saved games, checked by the prover.

    boardgames arena donuts --players mcts:time=0.5,mcts:time=0.5:playout=random \\
        --games 40 --seed 20 --jobs 2 --save-games GAMES
    python benchmarks/experiments/opening_blunders.py GAMES --seat mcts:time=0.5 \\
        --agent alphabeta:time=0.5 [--plies 3-16] [--seconds 20] [--json OUT]

The agent plays the side of ``--seat`` through each saved game's own moves,
in order, so that it keeps its tree or tables from move to move as in a
match. At each of that side's turns within ``--plies`` whose position the
prover finds won for it (within ``--seconds``), the agent's move is checked:
``ply:ok`` keeps the win, ``ply:X`` throws it away (the position after it is
lost by force); other turns show the position's value (``-1``, ``0``, ``?``
not proven). Then the blunders by ply and in all. An agent bounded by time
chooses differently from run to run: compare agents on the same games, and
repeat a run to see the spread.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter
from pathlib import Path

import boardgames
from boardgames import read_record
from boardgames.agents.solver import Prover

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from saved_games import plies, proven, side_of  # noqa: E402 (beside this script)

from figures import at_least, run  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--seat", required=True, help="the seat spec, in the records, whose side the agent plays")
    parser.add_argument("--agent", help="the agent spec to check (default: the seat's)")
    parser.add_argument("--plies", type=plies, default=range(3, 17))
    parser.add_argument("--seconds", type=at_least(0.01, float), default=20.0)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", type=Path, help="also save the counts there")
    args = parser.parse_args()
    if not args.folder.is_dir():
        parser.error(f"{args.folder} is not a folder of saved games")
    seat = boardgames.make_seat(args.agent or args.seat)
    if seat.agent is None:
        parser.error("a person makes no moves to check: give an agent")
    won, blunders = Counter[int](), Counter[int]()
    for number, path in enumerate(sorted(args.folder.glob("*.json"))):
        record = read_record(path)
        final, side = record.state, side_of(record, args.seat)
        if side is None:
            continue
        prover, rng = Prover(), random.Random(args.seed + number)
        seat.agent.reset()
        state, marks = final.game.start(), []
        for ply, move in enumerate(final.history[: args.plies.stop]):
            if state.to_move == side and ply in args.plies:
                value = proven(prover, state, args.seconds)
                choice = seat.agent.choose(state, seat.budget, rng)  # always: the agent follows the game
                if value == 1:
                    after = state.play(choice)
                    thrown = after.winner is None and not after.is_over and proven(prover, after, args.seconds) == 1
                    won[ply] += 1
                    blunders[ply] += thrown
                    marks.append(f"{ply}:{'X' if thrown else 'ok'}")
                else:
                    marks.append(f"{ply}:{'?' if value is None else value}")
            state = state.play(move)
        print(f"{path.name} ({side}): {' '.join(marks)}", flush=True)
    by_ply = {ply: [blunders[ply], won[ply]] for ply in sorted(won)}
    print("blunders / won positions by ply: " + ", ".join(f"{p}: {b}/{w}" for p, (b, w) in by_ply.items()))
    total, positions = sum(blunders.values()), sum(won.values())
    print(f"{seat.spec}: {total} blunders in {positions} won positions ({total / max(positions, 1):.1%})")
    if args.json:
        summary = {"agent": seat.spec, "seat": args.seat, "games": str(args.folder), "blunders": total}
        summary |= {"won_positions": positions, "by_ply": by_ply, "command": " ".join(sys.argv)}
        args.json.write_text(json.dumps(summary, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    run(main)
