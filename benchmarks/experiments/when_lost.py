"""When was a lost game lost? The prover on every position of saved games.

    boardgames arena donuts --players mcts:time=0.5,mcts:time=0.5:playout=random \\
        --games 40 --seed 20 --jobs 2 --save-games GAMES
    python benchmarks/experiments/when_lost.py GAMES --agent mcts:time=0.5 [--empty 30] [--seconds 8]

For each game the agent lost, prints each position from ``--empty`` empty
squares on as ``ply:value``, the value for the agent by the prover (+1 won,
0 drawn, -1 lost, ? not proven within ``--seconds``; one prover a game, its
table kept from position to position): the first -1 is where the game was
lost by force. Games whose positions have no size
(``Game.endgame_size``) are skipped.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from boardgames import read_record
from boardgames.agents.solver import Prover

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from saved_games import proven, side_of  # noqa: E402 (beside this script)

from figures import at_least, run  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--agent", required=True, help="the seat spec whose lost games to study")
    parser.add_argument("--empty", type=at_least(1, int), default=30)
    parser.add_argument("--seconds", type=at_least(0.01, float), default=8.0)
    args = parser.parse_args()
    if not args.folder.is_dir():
        parser.error(f"{args.folder} is not a folder of saved games")
    for path in sorted(args.folder.glob("*.json")):
        record = read_record(path)
        final, ours = record.state, side_of(record, args.agent)
        if ours is None or final.winner in (None, ours):
            continue
        values, state, prover = [], final.game.start(), Prover()
        for ply, move in enumerate(final.history):
            size = state.game.endgame_size(state)
            if size is not None and size <= args.empty:
                result = proven(prover, state, args.seconds)
                if result is None:
                    values.append(f"{ply}:?")
                else:
                    values.append(f"{ply}:{result if state.to_move == ours else -result:+d}")
            state = state.play(move)
        print(f"{path.name} ({ours}, {final.outcome.reason}): {' '.join(values)}", flush=True)
    return 0


if __name__ == "__main__":
    run(main)
