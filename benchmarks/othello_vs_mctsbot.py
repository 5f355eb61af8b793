"""Our agents against OpenSpiel's C++ MCTSBot at Othello, at the same time a move.

    python benchmarks/othello_vs_mctsbot.py [--agents mcts:time=0.5,alphabeta:time=0.5]
        [--games 20] [--seconds 0.5] [--out docs/strength-runs/othello-mctsbot]

Needs open-spiel (``pip install 'boardgames[openspiel]'``); without it, it
says so and exits 0. First the bot's simulations are calibrated to
``--seconds`` a move on this machine (random rollouts, its searches timed
from the start and from a mid-game position); then each agent plays
``--games`` games against it, seats alternated, two games at a time. Our side
is a ``Match`` (the bot's moves come in from outside, as a person's would);
theirs is OpenSpiel's own Othello, kept in step move by move. Each agent's
result is saved as it finishes (a run cut short goes on where it stopped),
with its Wilson 95% interval, in a file named by the agent, the number of
games and ``--seed`` (unless 1): another seed plays new games to pool.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import sys
import time
from pathlib import Path
from typing import Any

import boardgames
from boardgames.arena import Standing
from boardgames.match import Match

from figures import at_least, ensure_othello, run
from othello_vs_openspiel import PASS_ACTION, UCT_C, action_names, mctsbot_rate


def calibrate(pyspiel: Any, seconds: float, seed: int) -> int:
    """The simulations a move that take ``seconds`` here: the slower rate of
    two searches, from the start and from a mid-game position."""
    game = pyspiel.load_game("othello")
    middle = game.new_initial_state()
    rng = random.Random(seed)
    for _ in range(20):
        middle.apply_action(rng.choice(middle.legal_actions()))
    rates = [mctsbot_rate(pyspiel, state, seconds, seed) for state in (game.new_initial_state(), middle)]
    return max(1, round(min(rates) * seconds))


def play_one(task: tuple[str, int, int, int]) -> float:
    """Game ``index``: our ``spec`` against the bot; our score (1, 0.5, 0)."""
    import pyspiel

    spec, sims, seed, index = task
    ensure_othello()
    game = boardgames.game_class("othello").configure(seed=seed + index)
    ours_first = index % 2 == 0
    match = Match(game, [spec, "human"] if ours_first else ["human", spec], seed=seed + index)
    spiel = pyspiel.load_game("othello")
    theirs = spiel.new_initial_state()
    bot = pyspiel.MCTSBot(
        spiel, pyspiel.RandomRolloutEvaluator(1, seed + index), UCT_C, sims, 10**7, False, seed + index, False
    )
    while not match.is_over:
        if match.awaits_person:  # the bot's turn: its move comes in from outside
            action = bot.step(theirs)
            match.play("pass" if action == PASS_ACTION else theirs.action_to_string(action))
        else:
            move = match.step()
            assert move is not None, match.result_text()
            action = action_names(theirs)[game.format_move(move)]
        theirs.apply_action(action)
    ours = game.turn_order.index(next(p for p, s in match.seats.items() if not s.is_human))
    winner = match.state.outcome.winner_index
    return 0.5 if winner is None else float(winner == ours)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--agents", default="mcts:time=0.5,alphabeta:time=0.5")
    parser.add_argument("--games", type=at_least(2, int), default=20)
    parser.add_argument("--seconds", type=at_least(0.01, float), default=0.5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default="docs/strength-runs/othello-mctsbot")
    args = parser.parse_args()
    try:
        import pyspiel
    except ImportError:
        print("skipped: open-spiel is not installed (pip install 'boardgames[openspiel]')")
        return 0
    ensure_othello()
    specs = [s.strip() for s in args.agents.split(",")]
    for spec in specs:
        boardgames.make_seat(spec)  # a bad spec is one line, before anything runs
    sims = calibrate(pyspiel, args.seconds, args.seed)
    print(f"OpenSpiel MCTSBot (random rollouts, uct_c={UCT_C:g}): {sims} simulations a move = {args.seconds:g} s here")
    folder = Path(args.out)
    folder.mkdir(parents=True, exist_ok=True)
    for spec in specs:
        seed = "" if args.seed == 1 else f"-seed{args.seed}"  # the first runs were named without it
        path = folder / f"{spec.replace(':', '_').replace('=', '-')}-vs-mctsbot-{args.games}{seed}.json"
        if path.exists():
            result = json.loads(path.read_text())
        else:
            tasks = [(spec, sims, args.seed, index) for index in range(args.games)]
            began = time.perf_counter()
            with multiprocessing.get_context("spawn").Pool(2) as pool:
                scores = pool.map(play_one, tasks)
            wins, draws = scores.count(1.0), scores.count(0.5)
            standing = Standing(spec, wins, draws, len(scores) - wins - draws)
            result = {
                **standing.to_json(),
                "opponent": f"OpenSpiel MCTSBot, random rollouts, {sims} simulations",
                "seconds_a_move": args.seconds,
                "minutes": round((time.perf_counter() - began) / 60, 1),
                "command": " ".join(["python", "benchmarks/othello_vs_mctsbot.py", *sys.argv[1:]]),
            }
            path.write_text(json.dumps(result, indent=2) + "\n")
        low, high = result["score_95"]
        print(
            f"  {spec}: {result['wins']}-{result['draws']}-{result['losses']}, {result['score']:.1%}"
            f" (95%: {low:.1%} to {high:.1%}) of {result['games']}"
        )
    return 0


if __name__ == "__main__":
    run(main)
