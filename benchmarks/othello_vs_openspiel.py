"""Othello in boardgames against OpenSpiel's Othello, measured in one run.

    python benchmarks/othello_vs_openspiel.py [--seconds 2] [--rounds 3] [--json FILE]

Needs open-spiel (``pip install 'boardgames[openspiel]'``); without it, it
says so and exits 0. The Othello plugin is taken from ``examples/othello``
when it is not installed. Each figure is measured ``--rounds`` times,
alternating the two sides so that a busy machine slows both alike, and the
median is reported, with the median of each round's ratio boardgames /
OpenSpiel (measured back to back):

- random games/s through each Python API: ``legal_moves`` + ``play_unchecked``
  against ``legal_actions`` + ``apply_action`` (C++ under a Python loop);
- MCTS simulations/s from the start, random playouts: ``mcts:playout=random``
  against OpenSpiel's C++ ``MCTSBot`` with a random rollout evaluator;
- ``mcts:playout=heuristic`` (the default before games valued nodes by their
  evaluation) beside its random-playout figure.

Before measuring, the two implementations play the same random games in
step and must agree on every legal move list and every result.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import boardgames

from figures import agent_rate, ensure_othello, run, state_api


def othello_game() -> Any:
    """Our Othello, from the installed plugin or else from examples/othello."""
    ensure_othello()
    return boardgames.game_class("othello").configure()


#: OpenSpiel's Othello action for a pass (the squares are 0 to 63).
PASS_ACTION = 64
#: The exploration constant of OpenSpiel's MCTSBot here, as in its examples.
UCT_C = 2.0


def action_names(theirs: Any) -> dict[str, int]:
    """OpenSpiel's legal actions in ``theirs`` by our notation (``d3``, ``pass``)."""
    return {"pass" if a == PASS_ACTION else theirs.action_to_string(a): a for a in theirs.legal_actions()}


def mctsbot_rate(pyspiel: Any, state: Any, seconds: float, seed: int) -> float:
    """Simulations a second of OpenSpiel's C++ MCTSBot (random rollouts)
    searching from ``state``: searches twice as long until one takes at
    least ``seconds / 2``."""
    game = state.get_game()
    evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
    sims = 200
    while True:
        bot = pyspiel.MCTSBot(game, evaluator, UCT_C, sims, 10**7, False, seed, False)
        began = time.perf_counter()
        bot.step(state)
        elapsed = time.perf_counter() - began
        if elapsed >= seconds / 2 or sims >= 10**6:
            return sims / elapsed
        sims *= 2


def check_same_rules(game: Any, pyspiel: Any, games: int, seed: int) -> None:
    """Play ``games`` random games in both, move for move; raise if they differ."""
    spiel = pyspiel.load_game("othello")
    rng = random.Random(seed)
    for number in range(games):
        ours, theirs = game.start(), spiel.new_initial_state()
        while not ours.is_over:
            names = action_names(theirs)
            legal = {ours.format_move(m) for m in ours.legal_moves}
            if theirs.is_terminal() or legal != set(names):
                raise SystemExit(f"the rules differ in game {number} after {ours.describe()}: {sorted(legal)}")
            move = rng.choice(ours.legal_moves)
            ours = ours.play(move)
            theirs.apply_action(names[ours.format_move(move)])
        ours_score = {None: 0, 0: 1, 1: -1}[ours.outcome.winner_index]
        if not theirs.is_terminal() or round(theirs.returns()[0]) != ours_score:
            raise SystemExit(f"the results differ in game {number}: {ours.result_text()}")


def rate(run_once: Callable[[], int], seconds: float) -> float:
    """Units per second: ``run_once`` returns how many it did."""
    done = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        done += run_once()
    return done / (time.perf_counter() - start)


def figures(game: Any, pyspiel: Any, seconds: float, seed: int) -> dict[str, Callable[[], float]]:
    """Each figure as a function that measures it once."""
    spiel = pyspiel.load_game("othello")
    start = game.start()
    rng = random.Random(seed)

    def theirs_game() -> int:
        state = spiel.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        return 1

    def theirs_mcts() -> float:
        return mctsbot_rate(pyspiel, spiel.new_initial_state(), seconds, seed)

    return {
        "ours_random_games_per_s": lambda: state_api(start, seconds, rng)[0],
        "openspiel_random_games_per_s": lambda: rate(theirs_game, seconds),
        "ours_mcts_random_sims_per_s": lambda: agent_rate(start, "mcts:playout=random", "iterations", seconds, seed),
        "openspiel_mcts_sims_per_s": theirs_mcts,
        "ours_mcts_default_sims_per_s": lambda: agent_rate(
            start, "mcts:playout=heuristic", "iterations", seconds, seed
        ),
    }


RATIOS = {
    "random_games_ratio": ("ours_random_games_per_s", "openspiel_random_games_per_s", 0.5),
    "mcts_random_ratio": ("ours_mcts_random_sims_per_s", "openspiel_mcts_sims_per_s", 0.25),
    "mcts_default_vs_random": ("ours_mcts_default_sims_per_s", "ours_mcts_random_sims_per_s", 0.5),
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time for each measurement (default 2)")
    parser.add_argument("--rounds", type=int, default=3, help="measurements of each figure (default 3)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--check-games", type=int, default=50, help="random games to compare the rules on")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args(argv)
    if not (0.01 <= args.seconds <= 600 and 1 <= args.rounds <= 100):
        parser.error("--seconds is 0.01 to 600, --rounds 1 to 100")
    try:
        import pyspiel
    except ImportError:
        print("skipped: open-spiel is not installed (pip install 'boardgames[openspiel]')")
        return 0
    game = othello_game()
    check_same_rules(game, pyspiel, args.check_games, args.seed)
    measure = figures(game, pyspiel, args.seconds, args.seed)
    runs: dict[str, list[float]] = {name: [] for name in measure}
    for _ in range(args.rounds):
        for name, once in measure.items():
            runs[name].append(once())
    result: dict[str, Any] = {name: round(statistics.median(values), 1) for name, values in runs.items()}
    for name, (ours, reference, target) in RATIOS.items():
        # The median of each round's ratio: the two were measured back to back.
        result[name] = round(statistics.median(a / b for a, b in zip(runs[ours], runs[reference], strict=True)), 3)
        result[f"{name}_target"] = target
    result.update(
        seconds=args.seconds,
        rounds=args.rounds,
        python=sys.version.split()[0],
        openspiel=getattr(pyspiel, "__version__", "unknown"),
        rules_checked_games=args.check_games,
        command=" ".join(["python", "benchmarks/othello_vs_openspiel.py", *(argv or sys.argv[1:])]),
    )
    rounds = f"median of {args.rounds} rounds of {args.seconds:g} s"
    print(f"Othello, one core, {rounds} (rules agree on {args.check_games} games)")
    for name in measure:
        print(f"  {name:<32} {result[name]:>12,.0f}")
    for name, (_, _, target) in RATIOS.items():
        print(f"  {name:<32} {result[name]:>12.3f}   (target {target})")
    if args.json:
        args.json.write_text(json.dumps(result, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    run(main)
