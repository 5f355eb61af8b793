"""Positions labelled by the prover, for tuning a game's evaluation.

    python benchmarks/experiments/label_positions.py donuts OUT --games 40 \\
        [--piece 0] [--plies 4-16] [--seconds 3] [--players A,B]

Piece k plays ``--games`` games between ``--players`` (boards from seeds
100000 + k * games + i, seats alternated), then labels positions of each
game at the plies of ``--plies``: the game's own position and the position
after a random legal move there instead (a search meets such positions too),
each with its proven result for the player to move (1, 0, -1) within
``--seconds``, or left out if not proven. A game's positions are proven from
the last to the first, with one prover, whose table then serves the earlier
ones. The piece is saved as OUT/piece-K.json (kept if already there: the
pieces resume a long run, and a piece is never written over); two
processes share the games.
"""

from __future__ import annotations

import argparse
import json
import random
import signal
import sys
from multiprocessing import Pool
from pathlib import Path
from typing import Any

import boardgames
from boardgames.agents.solver import Prover

sys.path.insert(0, str(Path(__file__).resolve().parent))
from saved_games import plies, proven  # noqa: E402 (beside this script)

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from figures import at_least, run  # noqa: E402

BOARD_SEEDS = 100_000


def label_game(job: tuple[str, int, list[str], range, float]) -> list[dict[str, Any]]:
    """The labelled positions of one game, each as its board's seed, the
    moves that lead to it and the result for the player to move."""
    name, seed, specs, wanted, seconds = job
    game = boardgames.game_class(name).configure(seed=seed)
    final = boardgames.Match(game, specs, seed=seed).run()
    moves = final.history
    rng = random.Random(seed)
    prover = Prover()
    labelled = []
    for ply in reversed(wanted):
        if ply >= len(moves):
            continue
        state = game.replay(moves[:ply])
        aside = rng.choice(state.legal_moves)
        for extra in (None, aside):
            position = state if extra is None else state.play_unchecked(extra)
            if position.outcome is not None or (extra is not None and extra == moves[ply]):
                continue
            result = proven(prover, position, seconds)
            if result is not None:
                labelled.append(
                    {
                        "seed": seed,
                        "moves": [game.format_move(m) for m in (*moves[:ply], *([extra] if extra is not None else []))],
                        "result": result,
                    }
                )
    return labelled


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("out", type=Path)
    parser.add_argument("--games", type=at_least(1, int), default=40)
    parser.add_argument("--piece", type=at_least(0, int), default=0)
    parser.add_argument("--plies", type=plies, default=range(4, 17))
    parser.add_argument("--seconds", type=at_least(0.01, float), default=3.0)
    parser.add_argument("--players", default="mcts:iterations=300,mcts:iterations=1000:playout=random")
    args = parser.parse_args()
    boardgames.game_class(args.game)  # an unknown game: one line
    specs = args.players.split(",")
    if len(specs) != 2 or any(boardgames.make_seat(spec).agent is None for spec in specs):
        parser.error(f"--players takes two agents, not people: {args.players!r}")
    path = args.out / f"piece-{args.piece}.json"
    try:
        args.out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        parser.error(f"cannot make the folder {args.out}: {exc.strerror}")
    if path.exists():
        print(f"{path}: saved already")
        return 0
    first = BOARD_SEEDS + args.piece * args.games
    jobs = [
        (args.game, first + i, specs if i % 2 == 0 else specs[::-1], args.plies, args.seconds)
        for i in range(args.games)
    ]
    # Ctrl-C reaches the workers too: they leave it to this process, which
    # stops them and says so in one line (as the arena's workers do).
    with Pool(2, initializer=signal.signal, initargs=(signal.SIGINT, signal.SIG_IGN)) as pool:
        labelled = [item for game in pool.imap(label_game, jobs) for item in game]
    data = {
        "game": args.game,
        "players": specs,
        "plies": [args.plies.start, args.plies.stop - 1],
        "seconds": args.seconds,
        "positions": labelled,
    }
    try:  # "x": another run of the same piece that finished first is kept, not replaced
        with path.open("x") as out:
            out.write(json.dumps(data) + "\n")
    except FileExistsError:
        print(f"{path}: saved meanwhile by another run, kept")
        return 0
    wins = sum(item["result"] == 1 for item in labelled)
    print(f"{path}: {len(labelled)} positions ({wins} won for the player to move)")
    return 0


if __name__ == "__main__":
    run(main)
