"""How well a review's win chances predict who won, on held-out games
(docs/strength.md, "Review: win chances and labels").

    python benchmarks/review_calibration.py [--game donuts] [--games 100]
        [--players mcts:iterations=200] [--seed 1000] [--fit-games 0] [--fit-seed 0] > FILE

Plays ``--games`` seeded self-play games, reviews each (``boardgames.analysis.review``
at 300 iterations a position) and sets every ply's win chance against
whether its mover won (a draw a half), by buckets: the Brier score and the
calibration error, the searched plies and the solver's apart. With
``--fit-games``, a logistic mapping of the search's values is fitted on that
many other games and tried on the held-out ones. Prints the JSON.
"""

from __future__ import annotations

import argparse
import json
import math
from collections.abc import Callable, Sequence
from typing import Any

from boardgames import Match, game_class
from boardgames.agents.base import Budget
from boardgames.analysis.review import describe_budget, review

from figures import at_least, run

#: The reviews' budget in the calibration of docs/strength.md.
CALIBRATION_BUDGET = Budget(iterations=300)


def _self_play(
    game_name: str, games: int, players: str, budget: Budget, seed: int, progress: Callable[[int], None] | None
) -> list[tuple[float, float, str]]:
    """(win chance, the mover's score in the end, source) for every ply of
    ``games`` seeded games of ``players`` against itself, each reviewed."""
    cls = game_class(game_name)
    rows = []
    for k in range(games):
        match = Match(cls.configure({}, seed=seed + k), [players, players], seed=seed + k)
        match.run()
        final = match.state
        for ply in review(final, budget, seed=seed + k)["plies"]:
            score = 0.5 if final.winner is None else float(final.winner == ply["player"])
            rows.append((ply["win"] / 100, score, ply["source"]))
        if progress is not None:
            progress(1)
    return rows


def _logit(p: float) -> float:
    p = min(max(p, 0.01), 0.99)
    return math.log(p / (1 - p))


def fit_logistic(pairs: Sequence[tuple[float, float]]) -> tuple[float, float]:
    """``a`` and ``b`` of ``sigmoid(a * logit(p) + b)`` that best predict the
    scores (maximum likelihood, Newton's method), for (p, score) pairs."""
    a, b = 1.0, 0.0
    for _ in range(50):
        ga = gb = haa = hab = hbb = 0.0
        for p, y in pairs:
            x = _logit(p)
            q = 1 / (1 + math.exp(-(a * x + b)))
            ga += (y - q) * x
            gb += y - q
            w = q * (1 - q)
            haa += w * x * x
            hab += w * x
            hbb += w
        det = haa * hbb - hab * hab
        if det <= 0:
            break
        da, db = (hbb * ga - hab * gb) / det, (haa * gb - hab * ga) / det
        a, b = a + da, b + db
        if abs(da) + abs(db) < 1e-9:
            break
    return a, b


def calibration_table(pairs: Sequence[tuple[float, float]], buckets: int = 10) -> dict[str, Any]:
    """Predicted against observed, by buckets of the prediction: each bucket's
    plies, mean prediction and mean score (points of 100); the Brier score and
    the calibration error (the gap, weighted by plies)."""
    rows = []
    for n in range(buckets):
        low, high = n / buckets, (n + 1) / buckets
        inside = [(p, s) for p, s in pairs if low <= p < high or (n == buckets - 1 and p == 1.0)]
        if inside:
            rows.append(
                {
                    "from": round(low * 100),
                    "to": round(high * 100),
                    "plies": len(inside),
                    "predicted": round(100 * sum(p for p, _ in inside) / len(inside), 1),
                    "observed": round(100 * sum(s for _, s in inside) / len(inside), 1),
                }
            )
    count = max(len(pairs), 1)
    brier = sum((p - s) ** 2 for p, s in pairs) / count
    gap = sum(abs(row["predicted"] - row["observed"]) * row["plies"] for row in rows) / count
    return {"plies": len(pairs), "brier": round(brier, 4), "calibration_error": round(gap, 1), "buckets": rows}


def calibrate(
    game_name: str = "donuts",
    games: int = 100,
    players: str = "mcts:iterations=200",
    budget: Budget = CALIBRATION_BUDGET,
    seed: int = 1000,
    fit_games: int = 0,
    fit_seed: int = 0,
    progress: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """How well the reviews' win chances predict who won: ``games`` seeded
    games of ``players`` against itself (seeds ``seed`` on), each reviewed
    with ``budget``; the searched plies' win chances against the share of
    them whose mover won (a draw counts a half), and the solver's apart (their
    value holds with best play). With ``fit_games``, a logistic mapping of the
    search's values is fitted on that many other games (seeds ``fit_seed``
    on) and tried on the held-out ones."""
    held = _self_play(game_name, games, players, budget, seed, progress)
    searched = [(p, s) for p, s, source in held if source == "search"]
    out: dict[str, Any] = {
        "game": game_name,
        "games": games,
        "players": players,
        "budget": describe_budget(budget),
        "seeds": [seed, seed + games - 1],
        "search": calibration_table(searched),
        "solver": calibration_table([(p, s) for p, s, source in held if source == "solver"]),
    }
    if fit_games:
        train = _self_play(game_name, fit_games, players, budget, fit_seed, progress)
        a, b = fit_logistic([(p, s) for p, s, source in train if source == "search"])
        mapped = [(1 / (1 + math.exp(-(a * _logit(p) + b))), s) for p, s in searched]
        out["fit"] = {
            "games": fit_games,
            "seeds": [fit_seed, fit_seed + fit_games - 1],
            "a": round(a, 3),
            "b": round(b, 3),
            "search_mapped": calibration_table(mapped),
        }
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="donuts")
    parser.add_argument("--games", type=at_least(1, int), default=100)
    parser.add_argument("--players", default="mcts:iterations=200")
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--fit-games", type=at_least(0, int), default=0)
    parser.add_argument("--fit-seed", type=int, default=0)
    args = parser.parse_args()
    result = calibrate(
        args.game, args.games, args.players, seed=args.seed, fit_games=args.fit_games, fit_seed=args.fit_seed
    )
    print(json.dumps(result, indent=1))
    return 0


if __name__ == "__main__":
    run(main)
