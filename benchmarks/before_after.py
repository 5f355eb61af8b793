"""The speed figures of an earlier commit and of the working tree, measured
in one run, alternating, with their ratios.

    python benchmarks/before_after.py REV [--seconds 1] [--rounds 3] [--games donuts,verso,othello] [--json FILE]

Each tree is laid out as installed (``core/`` as ``boardgames``, ``games/``
as ``boardgames.games``, ``cli/`` as ``boardgames.cli``, Othello from
``examples/othello``) in a temporary folder put first on PYTHONPATH, with a
``figures.py --serve`` process in each. Every figure is measured in the two
in turn, ``--rounds`` times, the first side changing each round, so that a
slow spell of the machine (frequent on shared machines) hits both sides
alike; the median of the per-round ratios is reported. Run it from the repository with boardgames installed (for its
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

from figures import at_least, run

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


class Side:
    """A ``figures.py --serve`` process in one laid-out tree."""

    def __init__(self, path: Path, args: argparse.Namespace) -> None:
        env = {**os.environ, "PYTHONPATH": str(path), "BOARDGAMES_PLUGINS": "none"}
        command = [sys.executable, str(ROOT / "benchmarks" / "figures.py"), "--serve"]
        self.process = subprocess.Popen(
            [*command, "--seconds", str(args.seconds), "--games", args.games],
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.keys: dict[str, list[str]] = json.loads(self.ask(None))

    def ask(self, line: str | None) -> str:
        assert self.process.stdin is not None and self.process.stdout is not None
        if line is not None:
            self.process.stdin.write(line + "\n")
            self.process.stdin.flush()
        answer = self.process.stdout.readline()
        if not answer:
            raise SystemExit(f"figures.py stopped (exit {self.process.wait()})")
        return answer

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rev", help="the earlier commit, e.g. HEAD~3")
    parser.add_argument("--seconds", type=at_least(0.01), default=1.0)
    parser.add_argument("--rounds", type=at_least(1, int), default=3)
    parser.add_argument("--games", default="donuts,verso,othello")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp) / "checkout"
        checkout = ["git", "-C", str(ROOT), "worktree", "add", "-q", "--detach", str(base), args.rev]
        if subprocess.run(checkout, capture_output=True, text=True).returncode:
            raise SystemExit(f"error: git cannot check out {args.rev!r} (a commit of this repository?)")
        try:
            trees = {"before": lay_out(base, Path(tmp) / "before"), "after": lay_out(ROOT, Path(tmp) / "after")}
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base)], check=True)
        sides = {name: Side(path, args) for name, path in trees.items()}
        result: dict[str, dict[str, dict[str, float]]] = {}
        print(f"{'figure':<40} {args.rev:>12} {'working tree':>12} {'ratio':>7}")
        for game, keys in sides["after"].keys.items():
            for key in keys:
                if key not in sides["before"].keys.get(game, []):
                    continue
                values: dict[str, list[float]] = {"before": [], "after": []}
                for round_ in range(args.rounds):
                    for name in sorted(sides, reverse=bool(round_ % 2)):
                        values[name].append(float(sides[name].ask(f"{game} {key}")))
                ratio = statistics.median(a / b for a, b in zip(values["after"], values["before"], strict=True))
                before, after = statistics.median(values["before"]), statistics.median(values["after"])
                result.setdefault(game, {})[key] = {
                    "before": round(before, 1),
                    "after": round(after, 1),
                    "ratio": round(ratio, 3),
                }
                print(f"{game + ' ' + key:<40} {before:>12,.0f} {after:>12,.0f} {ratio:>6.2f}x", flush=True)
        for side in sides.values():
            side.close()
    if args.json:
        meta = {"rev": args.rev, "seconds": args.seconds, "rounds": args.rounds, "python": sys.version.split()[0]}
        args.json.write_text(json.dumps({"run": meta, "figures": result}, indent=2) + "\n")


if __name__ == "__main__":
    run(main)
