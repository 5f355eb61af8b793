"""The speed figures of an earlier commit and of the working tree, measured
in one run, alternating, with their ratios.

    python benchmarks/before_after.py REV [--seconds 1] [--rounds 3] [--games donuts,verso,othello] [--json FILE]

Each tree is laid out as installed (``core/`` as ``boardgames``, ``games/``
as ``boardgames.games``, ``cli/`` as ``boardgames.cli``, Othello from
``examples/othello``) in a temporary folder put first on PYTHONPATH, and
``figures.py`` runs in each in turn, ``--rounds`` times; the medians are
compared. Run it from the repository with boardgames installed (for its
dependencies and entry points).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LAYOUT = {"core": "boardgames", "games": "boardgames/games", "cli": "boardgames/cli"}


def lay_out(tree: Path, into: Path) -> Path:
    """Copy ``tree``'s packages into ``into`` as they import once installed."""
    for source, target in LAYOUT.items():
        shutil.copytree(tree / source, into / target, ignore=shutil.ignore_patterns("__pycache__"))
    othello = tree / "examples" / "othello" / "boardgames_othello"
    if othello.is_dir():
        shutil.copytree(othello, into / "boardgames_othello", ignore=shutil.ignore_patterns("__pycache__"))
    return into


def figures(path: Path, args: argparse.Namespace) -> dict[str, dict[str, float]]:
    env = {**os.environ, "PYTHONPATH": str(path), "BOARDGAMES_PLUGINS": "none"}
    command = [sys.executable, str(ROOT / "benchmarks" / "figures.py"), "--seconds", str(args.seconds)]
    done = subprocess.run([*command, "--games", args.games], env=env, capture_output=True, text=True, check=False)
    if done.returncode:
        raise SystemExit(f"figures.py failed in {path}:\n{done.stderr}")
    return json.loads(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rev", help="the earlier commit, e.g. HEAD~3")
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", default="donuts,verso,othello")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp) / "checkout"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "-q", "--detach", str(base), args.rev], check=True)
        try:
            trees = {"before": lay_out(base, Path(tmp) / "before"), "after": lay_out(ROOT, Path(tmp) / "after")}
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base)], check=True)
        runs: dict[str, list[dict[str, dict[str, float]]]] = {side: [] for side in trees}
        for _ in range(args.rounds):
            for side, path in trees.items():
                runs[side].append(figures(path, args))
    result: dict[str, dict[str, dict[str, float]]] = {}
    print(f"{'figure':<40} {args.rev:>12} {'working tree':>12} {'ratio':>7}")
    for game, keys in runs["after"][0].items():
        for key in keys:
            before = statistics.median(run[game][key] for run in runs["before"] if key in run.get(game, {}))
            after = statistics.median(run[game][key] for run in runs["after"])
            result.setdefault(game, {})[key] = {"before": round(before, 1), "after": round(after, 1)}
            print(f"{game + ' ' + key:<40} {before:>12,.0f} {after:>12,.0f} {after / before:>6.2f}x")
    if args.json:
        meta = {"rev": args.rev, "seconds": args.seconds, "rounds": args.rounds, "python": sys.version.split()[0]}
        args.json.write_text(json.dumps({"run": meta, "figures": result}, indent=2) + "\n")


if __name__ == "__main__":
    main()
