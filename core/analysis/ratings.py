"""Elo ratings fitted to every game of a tournament (Bradley-Terry), with
95% intervals.

In the Bradley-Terry model player i beats player j with probability
``g[i] / (g[i] + g[j])``; on the Elo scale a rating is ``400 * log10(g)``,
so that 400 points are odds of 10 to 1. A draw counts half a win to each
side, as the arena scores it. The ratings are the maximum-likelihood ones,
found by Hunter's minorise-maximise iteration, with one virtual draw added
between every two players: a weak prior that keeps the ratings finite when a
player wins or loses every game, and defined (0, with a wide interval) for a
player who has not played yet (BayesElo does the same). The
ratings average 0. Each interval is 1.96 standard errors either side, from
the inverse of the Fisher information at the fit.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import attrs

ELO = 400 / math.log(10)  # Elo points per unit of log-strength


@attrs.frozen
class Rating:
    elo: float
    low: float
    high: float


@attrs.frozen
class Pairing:
    """The games between players ``a`` and ``b`` (indices): how many, and
    ``a``'s score in them (wins plus half the draws)."""

    a: int
    b: int
    games: int
    score_a: float


def fit(players: int, pairings: Sequence[Pairing], iterations: int = 10_000) -> list[Rating]:
    """The rating of each of ``players`` players, from their ``pairings``."""
    games = [[0.0] * players for _ in range(players)]
    won = [0.0] * players
    for p in pairings:
        if p.games:
            games[p.a][p.b] += p.games
            games[p.b][p.a] += p.games
            won[p.a] += p.score_a
            won[p.b] += p.games - p.score_a
    for i in range(players):  # the prior: one virtual draw with every other player
        for j in range(players):
            if i != j:
                games[i][j] += 1
                won[i] += 0.5
    strength = [1.0] * players
    for _ in range(iterations):
        new = []
        for i in range(players):
            denominator = sum(games[i][j] / (strength[i] + strength[j]) for j in range(players) if games[i][j])
            new.append(won[i] / denominator if denominator else 1.0)
        mean_log = sum(math.log(g) for g in new) / players
        new = [g / math.exp(mean_log) for g in new]
        change = max(abs(math.log(a / b)) for a, b in zip(new, strength, strict=True))
        strength = new
        if change < 1e-12:
            break
    theta = [math.log(g) for g in strength]
    errors = _standard_errors(theta, games)
    return [Rating(ELO * t, ELO * (t - 1.96 * e), ELO * (t + 1.96 * e)) for t, e in zip(theta, errors, strict=True)]


def _standard_errors(theta: list[float], games: list[list[float]]) -> list[float]:
    """Standard errors of the log-strengths, their mean held at 0: the
    diagonal of the pseudo-inverse of the Fisher information."""
    k = len(theta)
    info = [[0.0] * k for _ in range(k)]
    for i in range(k):
        for j in range(k):
            if i != j and games[i][j]:
                p = 1 / (1 + math.exp(theta[j] - theta[i]))
                w = games[i][j] * p * (1 - p)
                info[i][j] -= w
                info[i][i] += w
    # The information has the constant vector as its null space (only
    # differences are measured): pinv(L) = inverse(L + J/k) - J/k.
    shifted = [[info[i][j] + 1 / k for j in range(k)] for i in range(k)]
    inverse = _invert(shifted)
    return [math.sqrt(max(0.0, inverse[i][i] - 1 / k)) for i in range(k)]


def _invert(matrix: list[list[float]]) -> list[list[float]]:
    """Gauss-Jordan elimination with partial pivoting (the matrices here are small)."""
    k = len(matrix)
    rows = [row[:] + [float(i == j) for j in range(k)] for i, row in enumerate(matrix)]
    for col in range(k):
        pivot = max(range(col, k), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        lead = rows[col][col]
        rows[col] = [x / lead for x in rows[col]]
        for r in range(k):
            if r != col and rows[r][col]:
                factor = rows[r][col]
                rows[r] = [x - factor * y for x, y in zip(rows[r], rows[col], strict=True)]
    return [row[k:] for row in rows]
