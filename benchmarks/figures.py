"""The speed figures of the boardgames found on the import path, as one JSON
object on stdout; ``before_after.py`` runs it in two trees in turn.

    python benchmarks/figures.py [--seconds 1] [--games donuts,verso,othello]
    python benchmarks/figures.py --profile state_moves_per_s --games verso

Per game, on one core, from the start position with seed 0: random games
and moves a second through the state API (``legal_moves`` +
``play_unchecked``), random playouts a second (``State.playout``), MCTS
simulations a second with random and with default playouts, alpha-beta
nodes a second; for Donuts also its hand-written reference loop.

It uses only what boardgames offered before this script was written (the
state API, ``make_seat``, agents' ``stats``), never ``boardgames.analysis.bench``:
``before_after.py`` runs it against old commits too.
"""

from __future__ import annotations

import argparse
import cProfile
import importlib
import json
import os
import pstats
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import boardgames
from boardgames import BoardgamesError
from boardgames.agents.base import Budget

try:
    from boardgames.analysis.arena import run_arena
except ImportError:  # a tree before 0.3: before_after.py runs this script against old commits
    from boardgames.arena import run_arena  # type: ignore[no-redef]


def _loader() -> Any:
    try:
        return importlib.import_module("boardgames.plugins.loader")
    except ImportError:  # before 0.3, the loader was boardgames.plugins itself
        return importlib.import_module("boardgames.plugins")


def ensure_builtin_agents() -> None:
    """The built-in agents, registered by hand in a tree whose module the installed entry point
    does not name (before 0.3 it was boardgames.builtin_agents, now boardgames.plugins.builtin_agents)."""
    if "mcts" not in boardgames.registered_agents():
        _loader().register_module(importlib.import_module("boardgames.builtin_agents"), "agents")


def ensure_othello() -> None:
    """Othello from the plugin if installed, else from beside boardgames, else
    from this repository's examples/othello."""
    if "othello" in boardgames.registered_games():
        return
    try:
        module = importlib.import_module("boardgames_othello")  # laid out beside boardgames
    except ImportError:
        sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "examples" / "othello"))
        module = importlib.import_module("boardgames_othello")
    _loader().register_module(module, "othello")


def state_api(start: boardgames.State, seconds: float, rng: random.Random) -> tuple[float, float]:
    games = moves = 0
    began = time.perf_counter()
    while time.perf_counter() - began < seconds:
        state = start
        while not state.is_over:
            state = state.play_unchecked(rng.choice(state.legal_moves))
        games += 1
        moves += len(state.history)
    elapsed = time.perf_counter() - began
    return games / elapsed, moves / elapsed


def at_least(low: float, kind: type = float) -> Callable[[str], float]:
    """An argparse type: a number (``kind``) of at least ``low``."""

    def parse(text: str) -> float:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
        if not low <= value < float("inf"):
            raise argparse.ArgumentTypeError(f"{text} is less than {low}, or not finite")
        return value

    return parse


def saved_arena(path: Path, game: str, specs: list[str], games: int, seed: int, command: str) -> dict[str, Any]:
    """The arena JSON of ``specs`` saved at ``path``, or the arena played (two
    workers) and saved there with the command that reproduces it: long
    measurements resume where a run cut short stopped."""
    if path.exists():
        try:
            saved = json.loads(path.read_text())
            players = saved.get("players") if isinstance(saved, dict) else None
            first = players[0] if isinstance(players, list) and players else None
            results = {"games", "wins", "draws", "losses", "score", "score_95"}
            if not isinstance(first, dict) or not results <= set(first):
                raise ValueError("no first player with its results")
            # A run of other agents under this name (a target's agent changed) is not this run.
            held = [player.get("spec") if isinstance(player, dict) else None for player in players]
            if held != specs:
                raise ValueError(f"it holds {' vs '.join(map(str, held))}, not {' vs '.join(specs)}")
            return saved
        except ValueError as exc:  # UnicodeDecodeError too
            raise BoardgamesError(f"{path} is not a saved arena run ({exc}); remove it to play it again") from None
    data = {**run_arena(game, specs, games, seed, jobs=2).to_json(), "command": command}
    path.write_text(json.dumps(data, indent=2) + "\n")
    return data


def save_run(result: dict[str, Any], path: Path | None, script: str, argv: list[str] | None, **facts: Any) -> None:
    """Add ``run`` to ``result``: ``facts`` (the run's settings), Python's
    version and the command that repeats it; then write it to ``path``, if any."""
    command = " ".join(["python", f"benchmarks/{script}", *(argv or sys.argv[1:])])
    result["run"] = {**facts, "python": sys.version.split()[0], "command": command}
    if path:
        path.write_text(json.dumps(result, indent=2) + "\n")


def run(main: Callable[[], int | None]) -> None:
    """Run a benchmark script: what boardgames refuses (an unknown game or
    figure, a bad option) and Ctrl-C are one line and a non-zero exit, not a
    traceback (the long runs save each finished piece as they go)."""
    try:
        sys.exit(main())
    except BoardgamesError as exc:
        sys.exit(f"error: {exc}")
    except KeyboardInterrupt:
        print("Interrupted.", file=sys.stderr)
        sys.exit(130)
    except BrokenPipeError:
        # The reader went away (``| head``): Python's recipe, as boardgames.cli
        # does; not imported from there, since old commits must run this too.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)


def measure(name: str, key: str, seconds: float) -> float:
    """One figure of one game, measured once."""
    start = boardgames.game_class(name).configure(seed=0).start()
    if key == "reference_games_per_s":
        return type(start.game).reference_loop(seconds, 0)  # type: ignore[misc]
    if key in ("state_games_per_s", "state_moves_per_s"):
        return state_api(start, seconds, random.Random(0))[key == "state_moves_per_s"]
    if key == "playouts_per_s":
        rng, done, began = random.Random(0), 0, time.perf_counter()
        while time.perf_counter() - began < seconds:
            start.playout(rng)
            done += 1
        return done / (time.perf_counter() - began)
    return agent_rate(start, *AGENTS[key], seconds)


def agent_rate(start: boardgames.State, spec: str, unit: str, seconds: float, seed: int = 0) -> float:
    """What the agent ``spec`` counts in ``unit`` (iterations, nodes) a second,
    choosing a move in ``start`` for ``seconds``."""
    agent = boardgames.make_seat(spec).agent
    assert agent is not None  # an agent spec, not "human"
    began = time.perf_counter()
    agent.choose(start, Budget(time=seconds), random.Random(seed))
    return agent.stats[unit] / (time.perf_counter() - began)


AGENTS = {
    "mcts_random_sims_per_s": ("mcts:playout=random", "iterations"),
    "mcts_sims_per_s": ("mcts:playout=heuristic", "iterations"),
    "mcts_default_sims_per_s": ("mcts", "iterations"),  # valued by the evaluation where the game has one
    "alphabeta_nodes_per_s": ("alphabeta", "nodes"),
}


def keys(name: str) -> list[str]:
    """The figures measured for a game."""
    has_reference = getattr(boardgames.game_class(name), "reference_loop", None) is not None
    return [
        *(["reference_games_per_s"] if has_reference else []),
        "state_games_per_s",
        "state_moves_per_s",
        "playouts_per_s",
        *AGENTS,
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=at_least(0.01), default=1.0)
    parser.add_argument("--games", default="donuts,verso,othello")
    parser.add_argument(
        "--serve", action="store_true", help="read 'GAME FIGURE' lines on stdin, answer each with its value"
    )
    parser.add_argument("--profile", metavar="FIGURE", help="measure FIGURE under cProfile; print where time goes")
    args = parser.parse_args()
    names = args.games.split(",")
    ensure_builtin_agents()
    if "othello" in names:
        ensure_othello()
    if args.profile:
        for name in names:
            if args.profile not in keys(name):
                raise BoardgamesError(f"{name} has no figure {args.profile!r} (figures: {', '.join(keys(name))})")
            print(f"## {name}: {args.profile}")
            profile = cProfile.Profile()
            profile.runcall(measure, name, args.profile, args.seconds)
            pstats.Stats(profile).sort_stats("tottime").print_stats(10)
        return
    if args.serve:
        print(json.dumps({name: keys(name) for name in names}), flush=True)
        for line in sys.stdin:
            name, key = line.split()
            print(measure(name, key, args.seconds), flush=True)
        return
    print(json.dumps({name: {key: measure(name, key, args.seconds) for key in keys(name)} for name in names}))


if __name__ == "__main__":
    run(main)
