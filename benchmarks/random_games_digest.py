"""Seeded random games of one game through the state API (the loop
games_vs_openspiel.py times): their CPU time, and a digest that a change of
speed must leave as it was.

    python benchmarks/random_games_digest.py GAME [--games 60] [--seed 1] [--time]

The digest is the sha256 of each ply's ``repr(state.legal_moves)`` and, in a
game with hidden information, each player's view (``state.seen_by``: its
text board and the moves as the player saw them), over ``--games`` games. With
``--time`` it prints instead the process time of the games (legal moves, one
drawn, played; no views), to compare two trees run in turn. An example game
is taken from examples/ when it is not installed, as games_vs_openspiel.py
takes it.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import time

from games_vs_openspiel import ensure_example

import boardgames
from boardgames.rendering.text import render_text

from figures import at_least, run


def digest(start: boardgames.State, games: int, seed: int) -> str:
    """The sha256 of every ply's legal moves and views, over ``games`` seeded random games."""
    found, rng, game = hashlib.sha256(), random.Random(seed), start.game
    players = range(len(game.player_names)) if game.hidden_information else range(0)
    for _ in range(games):
        state = start
        while True:
            found.update(repr(state.legal_moves).encode())
            for player in players:
                view = state.seen_by(player)
                found.update(render_text(view.view()).encode() + repr(view.history).encode())
            if state.is_over:
                found.update(repr(state.outcome).encode())
                break
            state = state.play_unchecked(rng.choice(state.legal_moves))
    return found.hexdigest()


def process_time(start: boardgames.State, games: int, seed: int) -> tuple[float, int]:
    """The CPU time of ``games`` seeded random games, and their plies."""
    rng, plies = random.Random(seed), 0
    began = time.process_time()
    for _ in range(games):
        state = start
        while not state.is_over:
            state = state.play_unchecked(rng.choice(state.legal_moves))
            plies += 1
    return time.process_time() - began, plies


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=at_least(1, int), default=60, help="random games (default 60)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--time", action="store_true", help="print the games' process time, not the digest")
    args = parser.parse_args(argv)
    ensure_example(args.game)
    start = boardgames.game_class(args.game).configure({}, seed=args.seed).start()
    if args.time:
        spent, plies = process_time(start, args.games, args.seed)
        print(f"{args.game}: {args.games} games, {plies} plies, {spent:.3f} s of CPU time")
    else:
        print(f"{args.game}: {digest(start, args.games, args.seed)}")
    return 0


if __name__ == "__main__":
    run(main)
