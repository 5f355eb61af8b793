"""The targets of issue 39 for the example games with chance
(examples/einstein_wurfelt_nicht, examples/yacht), each in pieces that
finish within a few minutes and save their JSON as they finish.

    python benchmarks/chance_targets.py einstein [--agent mcts:time=0.5] [--seconds 0.5]
        [--games 40] [--first 0] [--seed 1] [--bot python|cpp] [--out docs/strength-runs/chance]
    python benchmarks/chance_targets.py yacht [same options]
    python benchmarks/chance_targets.py speed [--seconds 2] [--rounds 3] [--out ...]

``einstein``: our agent against OpenSpiel's Python MCTSBot
(``open_spiel.python.algorithms.mcts``, random rollouts, uct_c 2; it samples
chance nodes) on OpenSpiel's own game, the bot's simulations calibrated to
``--seconds`` a move here, seats alternated (target: our share >= 50% over
>= 40 games). Our agent plays a Match, whose chance events are drawn from
the seed; each is applied to OpenSpiel's state as it happens.

``yacht``: one player; for each seed, our agent's total and the bot's total
with the same dice: each roll is drawn from ``chance_rng(seed, ply)`` as a
Match draws it (target: our mean >= the bot's over >= 40 seeds).

``speed``: random games a second of each example through the state API
against OpenSpiel's Python loop over its C++ game, each choosing uniformly
among the legal moves (both games' chance outcomes are equally likely, so
this draws them with their probabilities too); target >= 0.2x.

``--first K --games N`` plays games K to K+N-1 only: the lead runs the 40
games in pieces (for example --first 0 --games 10, then --first 10 ...),
each saved to its own file. Needs open-spiel; without it, it says so and
exits 0.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from pathlib import Path
from typing import Any

from games_vs_openspiel import ensure_example

import boardgames
from boardgames.play.match import Match
from boardgames.rules.chance import chance_rng

from figures import at_least, run, save_run

UCT_C = 2.0
NAMES = {"einstein": "einstein_wurfelt_nicht", "yacht": "yacht"}
SPIEL = {"einstein": ("einstein_wurfelt_nicht", {}), "yacht": ("yacht", {"players": 1})}
OURS = {"einstein": {}, "yacht": {"players": 1}}
SPEED = (("einstein", {}, {}), ("yacht", {"players": 1}, {"players": 1}), ("yacht", {"players": 4}, {"players": 4}))


def their_action(module: Any, ours: boardgames.State, move: boardgames.Move, theirs: Any) -> int:
    """OpenSpiel's action for our ``move`` (through the package's from_openspiel)."""
    actions = {module.from_openspiel(ours, a): a for a in theirs.legal_actions()}
    return actions[move]


#: Which MCTSBot: OpenSpiel's Python one (``open_spiel.python.algorithms.mcts``, the issue's), or its C++ one.
BOT = {"kind": "python"}


def new_bot(spiel: Any, sims: int, seed: int) -> Any:
    if BOT["kind"] == "cpp":
        import pyspiel

        return pyspiel.MCTSBot(spiel, pyspiel.RandomRolloutEvaluator(1, seed), UCT_C, sims, 10**7, False, seed, False)
    import numpy as np
    from open_spiel.python.algorithms import mcts

    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    return mcts.MCTSBot(spiel, UCT_C, sims, evaluator, solve=False, random_state=rng)


def calibrate(spiel: Any, seconds: float, seed: int) -> int:
    """The bot's simulations a move that take ``seconds`` here, from a
    player's position a few random actions into the game."""
    rng = random.Random(seed)
    state = spiel.new_initial_state()
    for _ in range(8):
        state.apply_action(rng.choice(state.legal_actions()))
    while state.is_chance_node():
        state.apply_action(rng.choice(state.legal_actions()))
    new_bot(spiel, 4, seed).step(state)  # imports and warms up before anything is timed
    sims = 16
    while True:
        began = time.perf_counter()
        new_bot(spiel, sims, seed).step(state)
        elapsed = time.perf_counter() - began
        if elapsed >= seconds / 2 or sims >= 10**6:
            return max(1, round(sims / elapsed * seconds))
        sims *= 2


def einstein_game(module: Any, spec: str, sims: int, seed: int, index: int) -> dict[str, Any]:
    """Game ``index``: our agent against the bot, ours first in even games."""
    import pyspiel

    game = boardgames.game_class(NAMES["einstein"]).configure(seed=seed + index)
    ours_seat = index % 2
    seats = [spec, "human"] if ours_seat == 0 else ["human", spec]
    match = Match(game, seats, seed=seed + index)
    spiel = pyspiel.load_game(SPIEL["einstein"][0])
    theirs, tracked, synced = spiel.new_initial_state(), game.start(), 0
    bot = new_bot(spiel, sims, seed + index)
    while True:
        for move in match.state.history[synced:]:  # ours, and the chance events the match drew
            theirs.apply_action(their_action(module, tracked, move, theirs))
            tracked, synced = tracked.play(move), synced + 1
        if match.is_over:
            break
        if match.awaits_person:
            match.play(module.from_openspiel(tracked, bot.step(theirs)))
        else:
            match.step()
    assert theirs.is_terminal() and list(theirs.returns()) == list(match.state.returns())
    winner = match.state.outcome.winner_index
    return {"game": index, "ours": game.player_names[ours_seat], "score": float(winner == ours_seat)}


def yacht_game(module: Any, spec: str, sims: int, seed: int, index: int) -> dict[str, Any]:
    """Seed ``seed + index``: our agent's total, then the bot's with the same dice."""
    import pyspiel

    game = boardgames.game_class(NAMES["yacht"]).configure(OURS["yacht"], seed=seed + index)
    match = Match(game, [spec], seed=seed + index)
    match.run()
    ours = match.state.outcome.scores[0]
    spiel = pyspiel.load_game(*SPIEL["yacht"])
    theirs, tracked = spiel.new_initial_state(), game.start()
    bot = new_bot(spiel, sims, seed + index)
    while not tracked.is_over:
        if tracked.is_chance:  # as the match draws it: the same seed, the same dice at the same point
            move = tracked.draw_chance(chance_rng(seed + index, len(tracked.history)))
            theirs.apply_action(their_action(module, tracked, move, theirs))
        else:
            move = module.from_openspiel(tracked, (action := bot.step(theirs)))
            theirs.apply_action(action)
        tracked = tracked.play(move)
    assert theirs.is_terminal()
    return {"game": index, "ours": ours, "bot": tracked.outcome.scores[0]}


def strength(target: str, args: argparse.Namespace) -> dict[str, Any]:
    import pyspiel

    name = NAMES[target]
    ensure_example(name)
    module = __import__(boardgames.game_class(name).__module__)
    spiel = pyspiel.load_game(*SPIEL[target])
    sims = args.simulations or calibrate(spiel, args.seconds, args.seed)
    play = einstein_game if target == "einstein" else yacht_game
    games = []
    for index in range(args.first, args.first + args.games):
        began = time.perf_counter()
        games.append(
            play(module, args.agent, sims, args.seed, index) | {"seconds": round(time.perf_counter() - began, 1)}
        )
        print(f"  {json.dumps(games[-1])}", flush=True)
    result: dict[str, Any] = {
        "target": target,
        "agent": args.agent,
        "bot": f"OpenSpiel's MCTSBot ({args.bot}), random rollouts, uct_c {UCT_C}",
        "bot_simulations": sims,
        "bot_seconds_a_move": args.seconds,
        "games": games,
    }
    if target == "einstein":
        share = statistics.mean(g["score"] for g in games)
        result |= {"our_share": round(share, 3), "goal": ">= 0.5 over >= 40 games", "met": share >= 0.5}
        print(f"einstein: {args.agent} scores {share:.1%} against MCTSBot ({sims} simulations a move)")
    else:
        ours, bot = statistics.mean(g["ours"] for g in games), statistics.mean(g["bot"] for g in games)
        result |= {
            "our_mean": round(ours, 1),
            "bot_mean": round(bot, 1),
            "goal": "ours >= the bot's",
            "met": ours >= bot,
        }
        print(f"yacht (1 player): {args.agent} averages {ours:.1f}, MCTSBot ({sims} simulations a move) {bot:.1f}")
    return result


def speed(args: argparse.Namespace) -> dict[str, Any]:
    import pyspiel

    result: dict[str, Any] = {}
    for target, options, params in SPEED:
        name = NAMES[target]
        ensure_example(name)
        start = boardgames.game_class(name).configure(options, seed=args.seed).start()
        spiel = pyspiel.load_game(SPIEL[target][0], params)
        rng = random.Random(args.seed)
        ours, theirs = [], []
        for _ in range(args.rounds):
            ours.append(our_rate(start, args.seconds, rng))
            theirs.append(openspiel_rate(spiel, args.seconds, rng))
        ratio = statistics.median(a / b for a, b in zip(ours, theirs, strict=True))
        label = f"{name}" + (f" players={options['players']}" if options else "")
        result[label] = {
            "ours_random_games_per_s": round(statistics.median(ours), 2),
            "openspiel_random_games_per_s": round(statistics.median(theirs), 2),
            "ratio": round(ratio, 3),
            "target": 0.2,
            "met": ratio >= 0.2,
        }
        print(
            f"  {label:<30} ours {statistics.median(ours):9.1f}/s   OpenSpiel {statistics.median(theirs):9.1f}/s"
            f"   ratio {ratio:.3f}  (target 0.2)"
        )
    return result


def our_rate(start: boardgames.State, seconds: float, rng: random.Random) -> float:
    games, began = 0, time.perf_counter()
    while time.perf_counter() - began < seconds:
        state = start
        while not state.is_over:
            state = state.play_unchecked(rng.choice(state.legal_moves))
        games += 1
    return games / (time.perf_counter() - began)


def openspiel_rate(spiel: Any, seconds: float, rng: random.Random) -> float:
    games, began = 0, time.perf_counter()
    while time.perf_counter() - began < seconds:
        state = spiel.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        games += 1
    return games / (time.perf_counter() - began)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("target", choices=("einstein", "yacht", "speed"))
    parser.add_argument("--agent", default="mcts:time=0.5", help="our agent's spec (default mcts:time=0.5)")
    parser.add_argument(
        "--seconds", type=at_least(0.01), default=0.5, help="the bot's time a move; speed: a measurement"
    )
    parser.add_argument(
        "--simulations", type=at_least(1, int), default=0, help="the bot's simulations (not calibrated)"
    )
    parser.add_argument(
        "--bot", choices=("python", "cpp"), default="python", help="OpenSpiel's MCTSBot in Python or C++"
    )
    parser.add_argument("--games", type=at_least(1, int), default=40)
    parser.add_argument("--first", type=at_least(0, int), default=0)
    parser.add_argument("--rounds", type=at_least(1, int), default=3, help="speed: measurements of each figure")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path("docs/strength-runs/chance"), help="folder for the JSON")
    args = parser.parse_args()
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        print("skipped: open-spiel is not installed (pip install 'boardgames[openspiel]')")
        return 0
    BOT["kind"] = args.bot
    if args.target == "speed":
        result = speed(args)
        file = "speed.json"
    else:
        agent = args.agent.replace(":", "_").replace("=", "_").replace(",", "_")
        bot = ("" if args.bot == "python" else "-cpp") + (f"-{args.seconds:g}s" if args.seconds != 0.5 else "")
        file = f"{args.target}-{agent}{bot}-games_{args.first}-{args.first + args.games - 1}.json"
        if (args.out / file).exists():  # a piece already saved is read, not played again
            print(f"already saved: {args.out / file}")
            return 0
        result = strength(args.target, args)
    args.out.mkdir(parents=True, exist_ok=True)
    save_run(result, args.out / file, "chance_targets.py", None, seed=args.seed)
    print(f"saved {args.out / file}")
    return 0


if __name__ == "__main__":
    run(main)
