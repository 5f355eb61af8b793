"""Our agents against OpenSpiel's C++ MCTSBot on OpenSpiel's own game, for
the games written as the tutorial teaches (rules only: ``examples/``).

    python benchmarks/vs_mctsbot.py --game hex [--options size=11]
        [--agents mcts:time=0.5] [--games 40] [--seconds 0.5 | --simulations N]
        [--first 0] [--seed 1] [--rules-only [--evaluation FILE]] [--out docs/strength-runs/mctsbot]

Needs open-spiel; without it, it says so and exits 0. The bot (random
rollouts, uct_c 2 on rewards of -1 to 1, as OpenSpiel's examples) is
calibrated to ``--seconds`` a move on its native game here (the slower of
a search from the start and from a random mid-game position), or given
``--simulations`` (then compare with ``mcts:iterations=N``: the same
number of simulations on each side). Games are played two at a time, seats
alternated; ``--rules-only`` takes away what the game's author added for
agents (an evaluation, a playout, a test of wins at once; what the
framework derives from the game's declarations stays: a connection game's
evaluation, :mod:`boardgames.rules.connection`, a line game's from
``in_a_row``, a material one's from ``material``); ``--first K``
plays games K.. only, so that a long measurement
runs in pieces, each saved as it finishes (a piece already saved is read,
not replayed) in a file named by the game, agent, simulations and games.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from games_vs_openspiel import ensure_example

import boardgames
from boardgames.analysis.arena import Standing
from boardgames.learning.learned import attach
from boardgames.play.match import Match
from boardgames.rules.parts import parts_of
from boardgames.testing import kit as testing

from figures import at_least, run

#: The exploration constant of OpenSpiel's MCTSBot, as in its examples.
UCT_C = 2.0


def _hex_params(options: dict[str, Any]) -> dict[str, Any]:
    size = int(options.get("size", 11))
    return {"num_rows": size, "num_cols": size}


def _go_params(options: dict[str, Any]) -> dict[str, Any]:
    return {"board_size": int(options.get("size", 9)), "komi": float(options.get("komi", 7.5))}


def _breakthrough_move(text: str) -> str:
    """Our move for OpenSpiel's breakthrough label: its player 0 starts on
    its ranks 7 and 8 and moves down, so its rank r is our 9 - r (``a7a6*``,
    a capture, is our ``a2-a3``)."""
    return f"{text[0]}{9 - int(text[1])}-{text[2]}{9 - int(text[3])}"


def _named(theirs: Any, name: str = "") -> dict[str, int]:
    """OpenSpiel's legal actions by our notation (Go's ``B c3`` is ``c3``)."""
    names = {}
    for action in theirs.legal_actions():
        text = theirs.action_to_string(action).split()[-1].lower()
        if name == "breakthrough":
            text = _breakthrough_move(text)
        elif name == "loa":  # lines_of_action writes a capture c1xa3: our c1-a3
            text = text.replace("x", "-")
        elif name == "connect_four":  # its x3 drops a disc in the fourth file: our shorthand d
            text = "abcdefghijklmnopqrstuvwxyz"[int(text[1:])]
        elif name == "pentago":  # its a1s: the point on its row 1 (our rank 6), then its turn s-z (our nw-...)
            turns = ("nw-", "nw+", "ne-", "ne+", "se-", "se+", "sw-", "sw+")
            text = f"{text[0]}{7 - int(text[1])}={turns['stuvwxyz'.index(text[2])]}"
        names["pass" if text in ("pass", "64") else text] = action
    return names


def _amazons_square(action: int) -> int:
    """Our square of OpenSpiel's amazons action (row 0 at its top)."""
    return (action % 10) * 10 + 9 - action // 10


#: Each game: OpenSpiel's name and its parameters from our options.
GAMES: dict[str, tuple[str, Callable[[dict[str, Any]], dict[str, Any]]]] = {
    "othello": ("othello", lambda options: {}),
    "hex": ("hex", _hex_params),
    "go": ("go", _go_params),
    "amazons": ("amazons", lambda options: {}),
    "breakthrough": ("breakthrough", lambda options: {}),
    "loa": ("lines_of_action", lambda options: {}),
    "connect_four": ("connect_four", lambda options: {}),
    "pentago": ("pentago", lambda options: {}),
    "oware": ("oware", lambda options: {}),
    "nine_mens_morris": ("nine_mens_morris", lambda options: {}),
}

#: OpenSpiel's nine_mens_morris points 0-23, by our names.
MORRIS_POINTS = "a7 d7 g7 b6 d6 f6 c5 d5 e5 a4 b4 c4 e4 f4 g4 c3 d3 e3 b2 d2 f2 a1 d1 g1".split()


def _labels(name: str, state: boardgames.State, move: boardgames.Move) -> list[str]:
    """OpenSpiel's labels of the actions of our ``move``, for the games whose
    move is several of its actions (a mill's take) or named otherwise."""
    if name == "oware":
        return [__import__("boardgames_oware").openspiel_label(move)]
    point = {state.game.grid.parse_square(n): i for i, n in enumerate(MORRIS_POINTS)}
    first = f"Point {point[move.to]}" if move.origin < 0 else f"Move {point[move.origin]} -> {point[move.to]}"
    return [first, *(f"Point {point[sq]}" for sq in move.marks)]


def _by_label(theirs: Any, label: str) -> int:
    return next(a for a in theirs.legal_actions() if theirs.action_to_string(a) == label)


def their_actions(name: str, state: boardgames.State, move: boardgames.Move, theirs: Any) -> list[int]:
    """OpenSpiel's actions for our ``move`` (a part each for Amazons)."""
    if name == "amazons":
        return [(9 - sq % 10) * 10 + sq // 10 for sq, _ in parts_of(move)]
    if name == "connect_four":  # its action is the file
        return [state.game.grid.coords(move.to)[0]]
    if name in ("oware", "nine_mens_morris"):
        actions, after = [], theirs.clone()
        for label in _labels(name, state, move):
            actions.append(_by_label(after, label))
            after.apply_action(actions[-1])
        return actions
    return [_named(theirs, name)[state.format_move(move)]]


def their_move(name: str, bot: Any, theirs: Any, state: Any = None) -> tuple[str, list[int]]:
    """The bot's move in our notation, and its actions (already applied)."""
    if name in ("oware", "nine_mens_morris"):  # a mill's move goes on with the man taken, the same player's
        player, actions, labels = theirs.current_player(), [], []
        while True:
            action = bot.step(theirs)
            labels.append(theirs.action_to_string(action))
            theirs.apply_action(action)
            actions.append(action)
            if theirs.is_terminal() or theirs.current_player() != player:
                break
        move = next(m for m in state.legal_moves if _labels(name, state, m) == labels)
        return state.format_move(move), actions
    if name == "amazons":
        actions = []
        for _ in range(3):
            action = bot.step(theirs)
            theirs.apply_action(action)
            actions.append(action)
        origin, to, arrow = (boardgames.Grid.get(10).names[_amazons_square(a)] for a in actions)
        return f"{origin}-{to}x{arrow}", actions
    action = bot.step(theirs)
    text = {a: t for t, a in _named(theirs, name).items()}[action]
    theirs.apply_action(action)
    return text, [action]


def new_bot(pyspiel: Any, spiel: Any, sims: int, seed: int) -> Any:
    evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
    return pyspiel.MCTSBot(spiel, evaluator, UCT_C, sims, 10**7, False, seed, False)


def calibrate(pyspiel: Any, spiel: Any, seconds: float, seed: int) -> int:
    """The simulations a move that take ``seconds`` here: the slower rate of
    two searches, from the start and from a random mid-game position."""
    middle = spiel.new_initial_state()
    rng = random.Random(seed)
    for _ in range(20):  # a position before the end: the bot cannot search a finished game
        after = middle.clone()
        after.apply_action(rng.choice(middle.legal_actions()))
        if after.is_terminal():
            break
        middle = after
    rates = []
    for state in (spiel.new_initial_state(), middle):
        sims = 64
        while True:
            began = time.perf_counter()
            new_bot(pyspiel, spiel, sims, seed).step(state)
            elapsed = time.perf_counter() - began
            if elapsed >= seconds / 2 or sims >= 10**6:
                rates.append(sims / elapsed)
                break
            sims *= 2
    return max(1, round(min(rates) * seconds))


def rules_only(cls: type[boardgames.Game], evaluation: str | None = None) -> type[boardgames.Game]:
    """``cls`` as its rules and declarations alone (``boardgames.testing.kit.rules_only``);
    with ``evaluation``, a file of ``boardgames learn``, attached as the
    tutorial shows (the evaluation learnt, and nothing else)."""
    bare = testing.rules_only(cls)
    if evaluation is None:
        return bare

    def setup(self: Any) -> None:
        cls.setup(self)
        self.learned = attach(self, evaluation)

    def evaluate(self: Any, state: boardgames.State, player: int) -> float:
        return self.learned.value(state, player) if self.learned else boardgames.Game.evaluate(self, state, player)

    # has_evaluation stays the declared one here; attach() sets each configuration's.
    return type(bare.__name__, (bare,), {"setup": setup, "evaluate": evaluate, "has_evaluation": bare.has_evaluation})


def play_one(task: tuple[str, dict[str, Any], str, int, int, int, bool, str | None]) -> float:
    """Game ``index``: our ``spec`` against the bot; our score (1, 0.5, 0)."""
    import pyspiel

    name, options, spec, sims, seed, index, bare, evaluation = task
    ensure_example(name)
    spiel_name, params = GAMES[name]
    cls = boardgames.game_class(name)
    game = (rules_only(cls, evaluation) if bare else cls).configure(options, seed=seed + index)
    ours_first = index % 2 == 0
    match = Match(game, [spec, "human"] if ours_first else ["human", spec], seed=seed + index)
    spiel = pyspiel.load_game(spiel_name, params(options))
    theirs = spiel.new_initial_state()
    bot = new_bot(pyspiel, spiel, sims, seed + index)
    while not match.is_over:
        if match.awaits_person:  # the bot's turn: its move comes in from outside
            text, _ = their_move(name, bot, theirs, match.state)
            match.play(text)
        else:
            before = match.state
            move = match.step()
            assert move is not None, match.result_text()
            for action in their_actions(name, before, move, theirs):
                theirs.apply_action(action)
    assert theirs.is_terminal(), match.state.describe()
    ours = game.turn_order.index(next(p for p, s in match.seats.items() if not s.is_human))
    winner = match.state.outcome.winner_index
    return 0.5 if winner is None else float(winner == ours)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", required=True, choices=sorted(GAMES))
    parser.add_argument("--options", default="", help="NAME=VALUE,... for our game (size=11)")
    parser.add_argument("--agents", default="mcts:time=0.5")
    parser.add_argument("--games", type=at_least(1, int), default=40)
    parser.add_argument("--first", type=at_least(0, int), default=0, help="play games FIRST.. only (a piece)")
    parser.add_argument("--seconds", type=at_least(0.01, float), default=0.5)
    parser.add_argument("--simulations", type=at_least(1, int), help="the bot's simulations, not calibrated")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--rules-only", action="store_true", help="our game without its author's evaluation, playout or wins test"
    )
    parser.add_argument("--evaluation", help="with --rules-only: a file of 'boardgames learn', attached to the game")
    parser.add_argument("--out", default="docs/strength-runs/mctsbot")
    args = parser.parse_args()
    try:
        import pyspiel
    except ImportError:
        print("skipped: open-spiel is not installed (pip install 'boardgames[openspiel]')")
        return 0
    name = args.game
    ensure_example(name)
    options = dict(pair.split("=", 1) for pair in args.options.split(",") if pair)
    game = boardgames.game_class(name).configure(options)  # bad options: one line, before anything runs
    specs = [s.strip() for s in args.agents.split(",")]
    for spec in specs:
        boardgames.make_seat(spec)
    spiel_name, params = GAMES[name]
    spiel = pyspiel.load_game(spiel_name, params(dict(game.options)))
    sims = args.simulations or calibrate(pyspiel, spiel, args.seconds, args.seed)
    how = "given" if args.simulations else f"= {args.seconds:g} s a move here"
    print(f"{name} {options or ''}: OpenSpiel MCTSBot (random rollouts, uct_c={UCT_C:g}), {sims} simulations ({how})")
    folder = Path(args.out)
    folder.mkdir(parents=True, exist_ok=True)
    tag = "-".join(f"{k}{v}" for k, v in sorted(options.items()))
    for spec in specs:
        label = spec.replace(":", "_").replace("=", "-").replace(",", "_")
        piece = f"-from{args.first}" if args.first else ""
        piece += "-rules-only" if args.rules_only or args.evaluation else ""
        piece += "-learnt" if args.evaluation else ""
        if args.evaluation and Path(args.evaluation).stem != f"{name}-evaluation":  # another file: its own record
            piece += f"-{Path(args.evaluation).stem}"
        path = folder / f"{name}{tag and '-' + tag}-{label}-vs-mctsbot{sims}-{args.games}{piece}-seed{args.seed}.json"
        if path.exists():
            result = json.loads(path.read_text())
        else:
            bare, evaluation = args.rules_only or bool(args.evaluation), args.evaluation
            tasks = [(name, options, spec, sims, args.seed, i, bare, evaluation) for i in range(args.first, args.games)]
            began = time.perf_counter()
            with multiprocessing.get_context("spawn").Pool(2) as pool:
                scores = pool.map(play_one, tasks)
            wins, draws = scores.count(1.0), scores.count(0.5)
            standing = Standing(spec, wins, draws, len(scores) - wins - draws)
            result = {
                **standing.to_json(),
                "game": name,
                "options": options,
                "rules_only": args.rules_only or bool(args.evaluation),
                "evaluation": args.evaluation,
                "opponent": f"OpenSpiel MCTSBot, random rollouts, uct_c {UCT_C:g}, {sims} simulations ({how})",
                "games_played": [args.first, args.games],
                "minutes": round((time.perf_counter() - began) / 60, 1),
                "command": " ".join(["python", "benchmarks/vs_mctsbot.py", *sys.argv[1:]]),
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
