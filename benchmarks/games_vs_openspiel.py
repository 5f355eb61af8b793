"""Random games a second of games written as the tutorial teaches (rules
only) against OpenSpiel's implementation of the same game, measured in one
run on one core.

    python benchmarks/games_vs_openspiel.py [--games othello,hex,go,amazons] [--seconds 2] [--rounds 3]
        [--slices 4] [--json FILE]

Needs open-spiel (``pip install 'boardgames[openspiel]'``); without it, it
says so and exits 0. The example plugins (``examples/othello``, ``hex``,
``go``) are taken from the examples folder when they are not installed; a
game whose example is missing is left out. Ours is played through the state
API (``legal_moves`` + ``play_unchecked``), OpenSpiel's through its Python API
(``legal_actions`` + ``apply_action``: C++ under a Python loop), each a
whole random game at a time; a game whose moves are made in parts
(Amazons) part by part (``State.parts``), and also through our OpenSpiel
adapter, so that both sides take the same actions, alternating, ``--rounds`` times; the median of
each round's ratio is reported beside the issue's target. Within a round the two sides take turns
``--slices`` times (each a slice of ``--seconds``), so that a change in the machine's load during the
round (other work starting or stopping) weighs on both alike rather than on whichever ran then.
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import boardgames
from boardgames.rules.parts import random_move

from figures import at_least, run, save_run, state_api

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
#: Each game: our options, OpenSpiel's name and parameters, and the target ratio.
GAMES: dict[str, tuple[dict[str, Any], str, dict[str, Any], float]] = {
    "othello": ({}, "othello", {}, 0.45),
    "hex": ({"size": 11}, "hex", {"board_size": 11}, 0.30),
    "go": ({"size": 9, "komi": 7.5}, "go", {"board_size": 9, "komi": 7.5}, 0.20),
    "amazons": ({}, "amazons", {}, 0.20),
    "maedn": ({"players": 4}, "maedn", {"players": 4}, 0.20),
    "connect_four": ({}, "connect_four", {}, 0.20),
    "tic_tac_toe": ({}, "tic_tac_toe", {}, 0.20),
    "clobber": ({}, "clobber", {}, 0.20),
    "gomoku": ({}, "gomoku", {}, 0.20),
    "ultimate_tic_tac_toe": ({}, "ultimate_tic_tac_toe", {}, 0.20),
    "oware": ({}, "oware", {}, 0.20),
    "kalah": ({}, "mancala", {}, 0.20),
    "chess": ({}, "chess", {}, 0.20),
    "pentago": ({}, "pentago", {}, 0.20),
    "nine_mens_morris": ({}, "nine_mens_morris", {}, 0.20),
    "dots_and_boxes": ({}, "dots_and_boxes", {}, 0.20),
    "backgammon": ({}, "backgammon", {}, 0.20),
    "banqi": ({}, "banqi", {}, 0.20),
    "twixt": ({}, "twixt", {}, 0.20),
    "morpion_solitaire": ({}, "morpion_solitaire", {}, 0.20),
    "quoridor": ({}, "quoridor", {}, 0.20),
    "game_2048": ({}, "2048", {}, 0.20),
    "shogi": ({}, "shogi", {}, 0.20),
    "xiangqi": ({}, "xiangqi", {}, 0.20),
    "crazyhouse": ({}, "crazyhouse", {}, 0.20),
    "dark_chess": ({}, "dark_chess", {}, 0.20),
    "hive": ({}, "hive", {}, 0.20),
}
#: Chess against python-chess (issue 41).
PYTHON_CHESS_TARGET = 0.5


def ensure_example(name: str) -> bool:
    """The example game ``name`` registered: installed, or from examples/; False if there is none."""
    if name in boardgames.registered_games():
        return True
    module_name = f"boardgames_{name}"
    try:
        module = importlib.import_module(module_name)
    except ImportError:
        folder = EXAMPLES / name
        if not folder.is_dir():
            return False
        sys.path.insert(0, str(folder))
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as missing:  # built on another example (crazyhouse on chess): that one too
            base = (missing.name or "").removeprefix("boardgames_")
            if not (EXAMPLES / base).is_dir():
                raise
            sys.path.insert(0, str(EXAMPLES / base))
            module = importlib.import_module(module_name)
    importlib.import_module("boardgames.plugins.loader").register_module(module, name)
    return True


def load_adapter(name: str, options: dict[str, Any]) -> Any:
    """Our game ``name`` as an OpenSpiel game, through boardgames' adapter."""
    from boardgames.interop.openspiel import load

    return load(name, **options)


def openspiel_rate(game: Any, seconds: float, rng: random.Random) -> float:
    """Random games a second through OpenSpiel's Python API."""
    games = 0
    began = time.perf_counter()
    while time.perf_counter() - began < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        games += 1
    return games / (time.perf_counter() - began)


def python_chess_rate(seconds: float, rng: random.Random) -> float | None:
    """Random games a second of python-chess (its pure-Python move generator,
    the issue's anchor for chess in Python) through the same loop: its legal
    moves, one drawn, pushed, to the end as OpenSpiel's rules end a game
    (checkmate, stalemate, too little material, 100 plies, a third repetition).
    None where python-chess is not installed."""
    try:
        import chess
    except ImportError:
        return None
    games = 0
    began = time.perf_counter()
    while time.perf_counter() - began < seconds:
        board = chess.Board()
        while board.outcome(claim_draw=True) is None:
            board.push(rng.choice(list(board.legal_moves)))
        games += 1
    return games / (time.perf_counter() - began)


def games_rate(start: boardgames.State, seconds: float, rng: random.Random) -> float:
    """Random games a second through the state API (legal moves, one drawn, played)."""
    return state_api(start, seconds, rng)[0]


def parts_api(start: boardgames.State, seconds: float, rng: random.Random) -> float:
    """Random games a second through the state API, each move drawn part by
    part (``State.parts``): a game whose moves are made in parts."""
    games = 0
    began = time.perf_counter()
    while time.perf_counter() - began < seconds:
        state = start
        while not state.is_over:
            state = state.play_unchecked(random_move(state.parts, rng, most=start.game.parts_per_move))
        games += 1
    return games / (time.perf_counter() - began)


def alternated(measures: list[Callable[[float], float]], seconds: float, slices: int) -> list[float]:
    """Each measure (a rate over the seconds it is given) run ``slices`` times for ``seconds / slices``, in
    turn with the others: the rate of each over all its slices."""
    totals = [[0.0, 0.0] for _ in measures]
    for _ in range(slices):
        for total, measure in zip(totals, measures, strict=True):
            began = time.perf_counter()
            rate = measure(seconds / slices)
            spent = time.perf_counter() - began
            total[0] += rate * spent
            total[1] += spent
    return [done / spent for done, spent in totals]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated, of " + ", ".join(GAMES))
    parser.add_argument("--seconds", type=at_least(0.01), default=2.0, help="time for each measurement (default 2)")
    parser.add_argument("--rounds", type=at_least(1, int), default=3, help="measurements of each figure (default 3)")
    parser.add_argument("--slices", type=at_least(1, int), default=4,
                        help="turns each side takes within a round (default 4)")  # fmt: skip
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args(argv)
    names = [n.strip() for n in args.games.split(",") if n.strip()]
    unknown = [n for n in names if n not in GAMES]
    if unknown:
        parser.error(f"unknown game {unknown[0]!r}: one of {', '.join(GAMES)}")
    try:
        import pyspiel
    except ImportError:
        print("skipped: open-spiel is not installed (pip install 'boardgames[openspiel]')")
        return 0
    result: dict[str, Any] = {}
    for name in names:
        if not ensure_example(name):
            print(f"  {name}: no example package, left out")
            continue
        ours_options, spiel_name, spiel_params, target = GAMES[name]
        start = boardgames.game_class(name).configure(ours_options, seed=args.seed).start()
        spiel = pyspiel.load_game(spiel_name, spiel_params)
        rng = random.Random(args.seed)
        in_parts = start.game.moves_in_parts
        # A game in parts is also played through our OpenSpiel adapter: both sides then take the same actions.
        adapter = load_adapter(name, ours_options) if in_parts else None
        ours, theirs, through = [], [], []
        measures: list[Callable[[float], float]] = [
            partial(parts_api if in_parts else games_rate, start, rng=rng),
            partial(openspiel_rate, spiel, rng=rng),
        ]
        if adapter is not None:
            measures.append(partial(openspiel_rate, adapter, rng=rng))
        for _ in range(args.rounds):
            rates = alternated(measures, args.seconds, args.slices)
            ours.append(rates[0])
            theirs.append(rates[1])
            through += rates[2:]
        ratio = statistics.median(a / b for a, b in zip(ours, theirs, strict=True))
        result[name] = {
            "ours_random_games_per_s": round(statistics.median(ours), 1),
            "openspiel_random_games_per_s": round(statistics.median(theirs), 1),
            "ratio": round(ratio, 3),
            "target": target,
            "met": ratio >= target,
        }
        print(
            f"  {name:<8} ours {result[name]['ours_random_games_per_s']:>9,.1f}/s   OpenSpiel"
            f" {result[name]['openspiel_random_games_per_s']:>9,.1f}/s   ratio {ratio:.3f}  (target {target})"
        )
        if name == "chess":  # the other anchor: python-chess, where it is installed
            anchor = [python_chess_rate(args.seconds, rng) for _ in range(args.rounds)]
            if None not in anchor:
                anchored = statistics.median(a / b for a, b in zip(ours, anchor, strict=True))  # type: ignore[operator]
                result[name] |= {
                    "python_chess_random_games_per_s": round(statistics.median(anchor), 1),  # type: ignore[type-var]
                    "python_chess_ratio": round(anchored, 3),
                    "python_chess_met": anchored >= PYTHON_CHESS_TARGET,
                }
                print(
                    f"  {name:<8} python-chess {statistics.median(anchor):>9,.1f}/s"  # type: ignore[type-var]
                    f"   ratio {anchored:.3f}  (target {PYTHON_CHESS_TARGET})"
                )
        if through:
            adapted = statistics.median(a / b for a, b in zip(through, theirs, strict=True))
            result[name] |= {
                "adapter_random_games_per_s": round(statistics.median(through), 1),
                "adapter_ratio": round(adapted, 3),
                "adapter_met": adapted >= target,
            }
            print(
                f"  {name:<8} through our OpenSpiel adapter {statistics.median(through):>9,.1f}/s"
                f"   ratio {adapted:.3f}  (target {target})"
            )
    save_run(result, args.json, "games_vs_openspiel.py", argv, seconds=args.seconds, rounds=args.rounds,
             slices=args.slices)
    return 0


if __name__ == "__main__":
    run(main)
