"""Fit Donuts' evaluation to positions the prover labelled.

    python benchmarks/experiments/fit_evaluation.py LABELS [--test-pieces 1]

LABELS holds the pieces of ``label_positions.py``. A logistic model of the
player to move's chance to win, on the features of
``boardgames.games.donuts.strategy.features``, is fitted to all pieces but the
last ``--test-pieces`` (other games, other boards), and compared on those with
the evaluation as it stands (its value, with a fitted scale and offset: the
same chance to be fair to it). Prints each model's log loss, how often it
calls the winner, and how often it ranks right two positions one move from
the same position whose results differ (what a search asks of it); then the
fitted weights in the features' own units, as ``strategy.WEIGHTS`` holds
them. Needs numpy (the ``rl`` extra brings it).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import boardgames
from boardgames import BoardgamesError
from boardgames.games.donuts import strategy

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from figures import at_least, run  # noqa: E402

try:
    import numpy as np
except ImportError:
    sys.exit("fit_evaluation.py needs numpy: pip install 'boardgames[rl]'")

NAMES = [name for name, _ in strategy.WEIGHTS]


def load(paths: list[Path]) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[tuple[object, ...]]]:
    """Features, the current evaluation (for the player to move), labels (1,
    0.5, 0), and what each position came from (its board, moves but the last)."""
    rows, current, labels, parents = [], [], [], []
    games: dict[int, boardgames.Game] = {}
    for path in paths:
        try:
            for item in json.loads(path.read_text())["positions"]:
                seed = item["seed"]
                game = games.get(seed) or games.setdefault(seed, boardgames.game_class("donuts").configure(seed=seed))
                state = game.replay(item["moves"])
                rows.append(strategy.features(game, state))
                current.append(game.evaluate(state, state.turn))
                labels.append((item["result"] + 1) / 2)
                parents.append((seed, *item["moves"][:-1]))
        except (OSError, ValueError, KeyError, TypeError) as exc:  # bad moves are ValueErrors too
            raise BoardgamesError(f"{path} is not a piece of labelled Donuts positions ({exc})") from None
    return np.array(rows), np.array(current), np.array(labels), parents


def fit(x: np.ndarray, y: np.ndarray, l2: float = 1e-3) -> np.ndarray:
    """Logistic regression by Newton's method, a bias column added; the weights."""
    x = np.hstack([x, np.ones((len(x), 1))])
    w = np.zeros(x.shape[1])
    for _ in range(50):
        p = 1 / (1 + np.exp(-x @ w))
        grad = x.T @ (p - y) + l2 * len(x) * w
        hess = (x * (p * (1 - p))[:, None]).T @ x + l2 * len(x) * np.eye(len(w))
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-9:
            break
    return w


def scores(x: np.ndarray, w: np.ndarray, y: np.ndarray) -> tuple[float, float]:
    p = 1 / (1 + np.exp(-np.hstack([x, np.ones((len(x), 1))]) @ w))
    p = np.clip(p, 1e-9, 1 - 1e-9)
    loss = float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))
    decided = y != 0.5
    right = float(np.mean((p[decided] > 0.5) == (y[decided] == 1)))
    return loss, right


def sibling_pairs(parents: list[tuple[object, ...]], y: np.ndarray) -> list[tuple[int, int]]:
    """Positions one move apart from the same position, with different
    results: (the one worse for its player to move, the better one). A
    search chooses between such positions."""
    first: dict[tuple[object, ...], int] = {}
    pairs = []
    for i, parent in enumerate(parents):
        j = first.setdefault(parent, i)
        if j != i and y[i] != y[j]:
            pairs.append((i, j) if y[i] < y[j] else (j, i))
    return pairs


def ranked(values: np.ndarray, pairs: list[tuple[int, int]]) -> float:
    """How often ``values`` (for the player to move) rank the pairs right."""
    return float(np.mean([values[worse] < values[better] for worse, better in pairs]))


def logit(values: np.ndarray) -> np.ndarray:
    """An evaluation's values (-1 to 1) as one feature column (the inverse of tanh)."""
    return np.arctanh(np.clip(values, -0.999999, 0.999999))[:, None]


def report(name: str, score: tuple[float, float], order: float) -> None:
    print(f"{name + ':':20} log loss {score[0]:.3f}, right {100 * score[1]:.1f}%, siblings ranked {100 * order:.1f}%")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("labels", type=Path)
    parser.add_argument("--test-pieces", type=at_least(1, int), default=1)
    args = parser.parse_args()
    pieces = sorted(args.labels.glob("piece-*.json"), key=lambda p: int(p.stem.split("-")[1]))
    if len(pieces) <= args.test_pieces:
        sys.exit(f"error: {args.labels} has {len(pieces)} pieces: need more than --test-pieces")
    train, test = pieces[: -args.test_pieces], pieces[-args.test_pieces :]
    x, now, y, _ = load(train)
    tx, tnow, ty, parents = load(test)
    pairs = sibling_pairs(parents, ty)
    print(
        f"{len(y)} positions to fit ({np.mean(y):.0%} won by the player to move), {len(ty)} to test,"
        f" {len(pairs)} pairs of siblings with different results"
    )
    # The evaluation as it stands, as a chance: logistic on atanh(value).
    base = fit(logit(now), y, 1e-6)
    report("the evaluation now", scores(logit(tnow), base, ty), ranked(tnow, pairs))
    mean, std = x.mean(axis=0), x.std(axis=0) + 1e-12
    w = fit((x - mean) / std, y)
    report("fitted features", scores((tx - mean) / std, w, ty), ranked((tx - mean) / std @ w[:-1], pairs))
    weights = w[:-1] / std
    bias = w[-1] - float(np.sum(w[:-1] * mean / std))
    print("WEIGHTS = (")
    for name, weight in zip(NAMES, weights, strict=True):
        print(f"    ({name!r}, {weight:.4f}),")
    print(f")\nBIAS = {bias:.4f}")
    return 0


if __name__ == "__main__":
    run(main)
