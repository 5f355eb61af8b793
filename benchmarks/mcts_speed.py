"""MCTS simulations a second on the games written with rules only: an
earlier commit's MCTS (``core/agents/mcts/``, or ``mcts.py`` before 0.3) against the working tree's, in one
run, alternating, and whether the two choose the same moves.

    python benchmarks/mcts_speed.py REV [--games hex,go,amazons,othello] [--rounds 5] [--positions 30] [--json FILE]

Both searches run on the working tree's games and core (only mcts.py is
taken from REV), from the start and from a mid-game position (30 random
plies, 20 at Amazons and Othello), ``iterations`` fixed (1,000 at Hex and
Othello, 300 at Go and Amazons), the first side changing each round so
that a slow spell of a shared machine hits both alike; the medians of each
side's rates and of the rounds' ratios are printed. Then ``--positions``
positions of seeded random games are searched by each with the same seed
(300 iterations, 150 at Go and Amazons): a change meant to keep the
search's choices must give the same move and the same root statistics at
every one. Othello is played without its evaluation (as ``vs_mctsbot.py
--rules-only``); the examples are taken from ``examples/``.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Any

from games_vs_openspiel import ensure_example
from vs_mctsbot import rules_only

import boardgames
from boardgames.agents.base import Budget

from figures import run

ROOT = Path(__file__).resolve().parent.parent
#: Each game: its options, the simulations of a speed search and of a choice compared, plies to mid-game.
GAMES: dict[str, tuple[dict[str, Any], int, int, int]] = {
    "hex": ({"size": 11}, 1000, 300, 30),
    "go": ({"size": 9, "komi": 7.5}, 300, 150, 30),
    "amazons": ({}, 300, 150, 20),
    "othello": ({}, 1000, 300, 20),
}


def mcts_module(files: dict[str, str], alias: str) -> ModuleType:
    """MCTS at a commit (``files``: its package's files by name, or ``mcts.py`` alone before 0.3)
    as a module of boardgames.agents (its relative imports: the working tree's)."""
    folder = Path(tempfile.mkdtemp()) / alias
    folder.mkdir()
    for name, source in files.items():
        (folder / name).write_text(source)
    if "mcts.py" in files:
        spec = importlib.util.spec_from_file_location(f"boardgames.agents.{alias}", folder / "mcts.py")
    else:
        spec = importlib.util.spec_from_file_location(
            f"boardgames.agents.{alias}", folder / "__init__.py", submodule_search_locations=[str(folder)]
        )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def files_at(rev: str) -> dict[str, str]:
    """MCTS's files at ``rev``, by name; empty if there is no such commit or no MCTS there."""
    def show(path: str) -> str | None:
        shown = subprocess.run(["git", "show", f"{rev}:{path}"], cwd=ROOT, capture_output=True, text=True)
        return None if shown.returncode else shown.stdout

    listed = subprocess.run(
        ["git", "ls-tree", "--name-only", rev, "core/agents/mcts/"], cwd=ROOT, capture_output=True, text=True
    )
    names = [Path(line).name for line in listed.stdout.split() if line.endswith(".py")] if not listed.returncode else []
    if names:
        return {name: show(f"core/agents/mcts/{name}") or "" for name in names}
    single = show("core/agents/mcts.py")
    return {"mcts.py": single} if single is not None else {}


def new_game(name: str) -> boardgames.Game:
    ensure_example(name)
    cls = boardgames.game_class(name)
    return (rules_only(cls) if name == "othello" else cls).configure(GAMES[name][0], seed=0)


def random_line(game: boardgames.Game, rng: random.Random, plies: int | None = None) -> boardgames.State:
    """A position of a random game: after ``plies``, or a random ply of its first 60%."""
    state, line = game.start(), [game.start()]
    while state.outcome is None and (plies is None or len(line) <= plies):
        state = state.play_unchecked(rng.choice(state.legal_moves))
        line.append(state)
    return line[-1] if plies is not None else line[rng.randrange(max(1, len(line) * 6 // 10))]


def rate(module: ModuleType, state: boardgames.State, iterations: int) -> float:
    agent = module.MctsAgent()
    began = time.perf_counter()
    agent.choose(state, Budget(iterations=iterations), random.Random(1))
    return iterations / (time.perf_counter() - began)


def fingerprint(module: ModuleType, state: boardgames.State, iterations: int, seed: int) -> tuple[Any, ...]:
    """The move a fresh search chooses and what it learnt at the root."""
    agent = module.MctsAgent()
    move = agent.choose(state, Budget(iterations=iterations), random.Random(seed))
    root = agent.root
    children = [(c.move, c.partial, c.visits, c.wins, c.proven) for c in root.children] if root else []
    return move, agent.stats, children


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rev", help="the earlier commit (HEAD~1, a hash)")
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--json")
    args = parser.parse_args()
    names = args.games.split(",")
    if unknown := [name for name in names if name not in GAMES]:
        print(f"error: no game {', '.join(unknown)} here (choose from {', '.join(GAMES)})", file=sys.stderr)
        return 2
    old_files = files_at(args.rev)
    if not old_files:
        print(f"error: no core/agents/mcts/ or mcts.py at {args.rev!r}", file=sys.stderr)
        return 2
    old = mcts_module(old_files, "mcts_before")
    new = mcts_module({p.name: p.read_text() for p in (ROOT / "core/agents/mcts").glob("*.py")}, "mcts_now")
    rows, different = [], 0
    for name in names:
        game = new_game(name)
        _, speed_iterations, compared_iterations, plies = GAMES[name]
        for label, state in (("start", game.start()), ("mid", random_line(game, random.Random(1), plies))):
            rates: dict[str, list[float]] = {"before": [], "now": []}
            ratios = []
            for round_ in range(args.rounds):
                sides = [("before", old), ("now", new)][:: 1 if round_ % 2 == 0 else -1]
                got = {side: rate(module, state, speed_iterations) for side, module in sides}
                for side, value in got.items():
                    rates[side].append(value)
                ratios.append(got["now"] / got["before"])
            row = {"game": name, "position": label, "iterations": speed_iterations}
            row |= {f"{side}_per_s": round(statistics.median(values)) for side, values in rates.items()}
            row["ratio"] = round(statistics.median(ratios), 3)
            rows.append(row)
            print(f"{name:8} {label:5} {row['before_per_s']:6} -> {row['now_per_s']:6} simulations/s, x{row['ratio']}")
        rng, same = random.Random(7), 0
        for i in range(args.positions):
            state = random_line(game, rng)
            if fingerprint(old, state, compared_iterations, i) == fingerprint(new, state, compared_iterations, i):
                same += 1
        different += args.positions - same
        print(f"{name:8} the same choice and root statistics at {same} of {args.positions} positions")
    if args.json:
        Path(args.json).write_text(
            json.dumps({"rev": args.rev, "speed": rows, "different": different}, indent=2) + "\n"
        )
    return 1 if different else 0


if __name__ == "__main__":
    run(main)
