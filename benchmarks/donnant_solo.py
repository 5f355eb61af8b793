"""How hard each solo level of Donnant Donnant is (issue 40): the share of
seeded solo games the strongest agent wins at a time budget per decision.

    python benchmarks/donnant_solo.py run --level 7 --games 5 --first 0 [--time 1] [--agent SPEC]
    python benchmarks/donnant_solo.py summary [--markdown]

``run`` plays the solo games of seeds FIRST to FIRST+GAMES-1 at LEVEL (RULINGS
DD14: its turns and the points to reach) with AGENT (by default the game's
strongest level, ``boardgames agents``) given TIME seconds a decision, and
saves the piece as JSON in docs/strength-runs/donnant-solo/ (one file per
level and seed range, with each game's score, result, decisions and seconds,
and the command that plays it again). A piece already saved is not played
again, so that many short pieces, each finishing, add up to the >= 100 games
a level the issue asks for. ``summary`` adds up the pieces per level: games,
wins, the share won with its 95% (Wilson) interval, the mean score and the
mean time a game; pieces of another agent or time budget are left out (and
named). Seed s plays the same dice and cards whatever the agent does
(``Match(seed=s)``: chance from the seed and the ply).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

import boardgames
from boardgames.play.levels import strongest
from boardgames.play.match import Match

from figures import at_least, run

FOLDER = Path("docs/strength-runs/donnant-solo")
LEVELS = range(1, 8)


def default_spec(seconds: float) -> str:
    """The strongest level's agent (``mcts``), given ``seconds`` a decision."""
    return f"{strongest(boardgames.game_class('donnant')).split(':')[0]}:time={seconds:g}"


def piece_path(folder: Path, level: int, first: int, games: int) -> Path:
    return folder / f"level{level}-seeds{first:04d}-{first + games - 1:04d}.json"


def play(level: int, seed: int, spec: str) -> dict[str, object]:
    """One solo game at ``level``, seed ``seed``, played by ``spec``."""
    game = boardgames.game_class("donnant").configure({"players": 1, "level": level})
    match = Match(game, [spec], seed=seed)
    started = time.perf_counter()
    decisions = 0
    while not match.is_over:
        if match.step() is not None:
            decisions += 1
    state = match.state
    assert state.outcome is not None
    return {
        "seed": seed,
        "score": int(state.outcome.scores[0]),
        "won": state.outcome.winner_index == 0,
        "decisions": decisions,
        "seconds": round(time.perf_counter() - started, 1),
    }


def run_piece(args: argparse.Namespace) -> int:
    spec = args.agent or default_spec(args.time)
    folder = Path(args.out)
    folder.mkdir(parents=True, exist_ok=True)
    path = piece_path(folder, args.level, args.first, args.games)
    if path.exists():
        print(f"{path} is there already: nothing to play")
        return 0
    target = boardgames.game_class("donnant").configure({"players": 1, "level": args.level}).target
    games = []
    for seed in range(args.first, args.first + args.games):
        result = play(args.level, seed, spec)
        games.append(result)
        print(
            f"level {args.level} seed {seed}: {result['score']} of {target} "
            f"({'won' if result['won'] else 'lost'}), {result['decisions']} decisions, {result['seconds']} s",
            flush=True,
        )
    command = " ".join(["python", "benchmarks/donnant_solo.py", *sys.argv[1:]])
    data = {
        "game": "donnant",
        "level": args.level,
        "target": target,
        "agent": spec,
        "first": args.first,
        "games": games,
        "python": sys.version.split()[0],
        "command": command,
    }
    path.write_text(json.dumps(data, indent=2) + "\n")
    print(f"saved {path}")
    return 0


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def summary(args: argparse.Namespace) -> int:
    folder = Path(args.out)
    spec = args.agent or default_spec(args.time)
    by_level: dict[int, dict[int, dict[str, object]]] = {level: {} for level in LEVELS}
    others = []
    for path in sorted(folder.glob("level*-seeds*.json")):
        data = json.loads(path.read_text())
        if data.get("agent") != spec:
            others.append(f"{path.name} ({data.get('agent')})")
            continue
        for game in data["games"]:
            by_level[data["level"]][game["seed"]] = game  # a seed played twice counts once
    rows = []
    for level in LEVELS:
        games = list(by_level[level].values())
        n = len(games)
        wins = sum(bool(g["won"]) for g in games)
        low, high = wilson(wins, n)
        rows.append({
            "level": level,
            "games": n,
            "wins": wins,
            "share": round(wins / n, 4) if n else None,
            "share_95": [round(low, 4), round(high, 4)],
            "mean_score": round(sum(int(g["score"]) for g in games) / n, 1) if n else None,
            "seconds_a_game": round(sum(float(g["seconds"]) for g in games) / n, 1) if n else None,
        })  # fmt: skip
    if args.json:
        print(json.dumps({"agent": spec, "levels": rows, "left_out": others}, indent=2))
        return 0
    print(f"Donnant Donnant solo, {spec}:")
    print("| level | games | won | share won (95%) | mean score | s a game |")
    print("|---|---|---|---|---|---|")
    for r in rows:
        if r["games"]:
            low, high = r["share_95"]
            share = f"{100 * r['share']:.0f}% ({100 * low:.0f}%-{100 * high:.0f}%)"
            mean, seconds = r["mean_score"], r["seconds_a_game"]
            print(f"| {r['level']} | {r['games']} | {r['wins']} | {share} | {mean} | {seconds} |")
        else:
            print(f"| {r['level']} | 0 | - | - | - | - |")
    if others:
        print("left out (another agent): " + ", ".join(others))
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    piece = commands.add_parser("run", help="play one piece of seeded solo games and save it")
    piece.add_argument("--level", type=int, choices=list(LEVELS), required=True)
    piece.add_argument("--games", type=at_least(1, int), default=10)
    piece.add_argument("--first", type=at_least(0, int), default=0, help="the first seed")
    piece.add_argument("--time", type=at_least(0.01, float), default=1.0, help="seconds a decision")
    piece.add_argument("--out", default=str(FOLDER), help="the folder of the pieces")
    piece.add_argument("--agent", help="an agent spec (default: the strongest level's agent at --time)")
    total = commands.add_parser("summary", help="add up the saved pieces per level")
    total.add_argument("--time", type=at_least(0.01, float), default=1.0)
    total.add_argument("--agent", help="the agent spec of the pieces to count (default: the strongest at --time)")
    total.add_argument("--out", default=str(FOLDER), help="the folder of the pieces")
    total.add_argument("--json", action="store_true")
    args = parser.parse_args()
    return run_piece(args) if args.command == "run" else summary(args)


if __name__ == "__main__":
    run(main)
