"""An evaluation learnt from games, for any game, with no code of the game's.

The features are the observation planes every game has
(:mod:`boardgames.observation`: the looker's and the opponent's pieces of
each kind, neutral pieces, marks, overlays, pieces in hand), one weight per
plane and square; the model is a logistic one of the chance that the player
to move wins, fitted on positions of self-play games labelled by how each
game ended (Donuts' pipeline, made generic: ``boardgames learn GAME``). Its
value for a player is ``2 * chance - 1``, from -1 to 1.

A game ships the file beside its module and attaches it in ``setup``
(``self.learned = attach(self, Path(__file__).with_name("hex-evaluation.json"))``),
its ``evaluate`` returning ``self.learned.value(state, player)``: the agents
use it as they use a hand-written evaluation (``mcts`` values new nodes by
it). The file says the game, the board size and the planes it was fitted
on; a configuration it does not fit (another board size) keeps the game
without an evaluation (``attach`` returns None).
"""

from __future__ import annotations

import functools
import json
import math
import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import attrs

from .errors import BoardgamesError
from .game import Game, State
from .observation import plane_names, planes

#: The planes of a move being chosen say nothing of a position's value.
_LEFT_OUT = ("first square chosen", "later squares chosen")


def _sigmoid(z: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))  # clamped: exp overflows past about 700


def feature_names(game: Game | type[Game]) -> tuple[str, ...]:
    """The planes the features come from, in order."""
    return tuple(name for name in plane_names(game) if name not in _LEFT_OUT)


def features(state: State, player: int) -> list[tuple[int, float]]:
    """The nonzero features of ``state`` as ``player`` sees it: (index, value),
    the index being plane * board size + square."""
    size = state.game.grid.size
    kept = len(feature_names(state.game))
    out = []
    for p, plane in enumerate(planes(state, player)[:kept]):
        base = p * size
        out += [(base + square, value) for square, value in enumerate(plane) if value]
    return out


@attrs.frozen
class LearnedEvaluation:
    """A fitted model: a weight per feature and a bias, for one game and size."""

    game: str
    size: int
    planes: tuple[str, ...]
    weights: tuple[float, ...]
    bias: float
    #: How it was made and how well it predicts held-out games (for people).
    about: dict[str, Any] = attrs.field(factory=dict, eq=False)

    def chance(self, state: State, player: int) -> float:
        """The model's chance that ``player`` wins ``state``."""
        return _sigmoid(self.logit(features(state, player)))

    def logit(self, found: list[tuple[int, float]]) -> float:
        """The model's log-odds for the features ``found`` (:func:`features`)."""
        weights = self.weights
        return self.bias + sum(weights[i] * v for i, v in found)

    def value(self, state: State, player: int) -> float:
        """The evaluation of ``state`` for ``player``, strictly between -1 and 1."""
        return 2.0 * self.chance(state, player) - 1.0

    def fits(self, game: Game) -> bool:
        """Whether this model was fitted on ``game`` as configured (its board, its planes)."""
        return game.name == self.game and game.grid.size == self.size and feature_names(game) == self.planes

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "size": self.size,
            "planes": list(self.planes),
            "bias": self.bias,
            "weights": list(self.weights),
            "about": self.about,
        }

    @classmethod
    def from_json(cls, data: object, where: str = "the evaluation") -> LearnedEvaluation:
        if not isinstance(data, dict):
            raise BoardgamesError(f"{where} is not a learnt evaluation (not a JSON object)")
        try:
            planes, weights = tuple(map(str, data["planes"])), tuple(float(w) for w in data["weights"])
            made = cls(str(data["game"]), int(data["size"]), planes, weights, float(data["bias"]))
        except (KeyError, TypeError, ValueError) as exc:
            raise BoardgamesError(f"{where} is not a learnt evaluation ({type(exc).__name__}: {exc})") from None
        if len(weights) != len(planes) * made.size or not all(map(math.isfinite, (*weights, made.bias))):
            raise BoardgamesError(f"{where}: {len(weights)} weights for {len(planes)} planes of {made.size} squares")
        about = data.get("about")
        return attrs.evolve(made, about=about if isinstance(about, dict) else {})

    @classmethod
    def load(cls, path: str | Path) -> LearnedEvaluation:
        try:
            text = Path(path).read_text(encoding="utf-8")
            return cls.from_json(json.loads(text), str(path))
        except (OSError, ValueError) as exc:  # UnicodeDecodeError and JSONDecodeError are ValueErrors
            raise BoardgamesError(f"cannot read the evaluation {path}: {exc}") from None


@functools.cache
def _read(path: Path) -> LearnedEvaluation:
    return LearnedEvaluation.load(path)


def attach(game: Game, path: str | Path) -> LearnedEvaluation | None:
    """The evaluation at ``path`` (read once) for ``game``, from its
    ``setup``, and whether the game has one: where the file fits this
    configuration (its board, its planes) the game's ``has_evaluation`` is
    true and the model is returned; else false, and None (another board
    size: the agents then search by playouts)."""
    model = _read(Path(path).resolve())
    fits = model.fits(game)
    game.has_evaluation = fits  # type: ignore[misc]  # per configuration, shadowing the class's
    return model if fits else None


# -- learning ------------------------------------------------------------------------------


def self_play(
    game: Game, players: Sequence[str], games: int, seed: int, progress: Callable[[int], None] | None = None
) -> list[tuple[list[tuple[int, float]], float]]:
    """Positions of ``games`` seeded games between ``players`` (seats
    alternated), each as (features for the player to move, 1 if that player
    went on to win, 0 if they lost, 0.5 for a draw); every game in order,
    ``progress(1)`` after each."""
    from .match import Match  # services above the game API: imported when learning

    samples = []
    for number in range(games):
        seats = list(players) if number % 2 == 0 else list(reversed(players))
        match = Match(game.start(), seats, seed=seed + number)
        seen = []
        while not match.is_over:
            state = match.state
            seen.append((features(state, state.turn), state.turn))
            match.step()
        winner = match.state.outcome.winner_index  # type: ignore[union-attr]
        samples += [(f, 0.5 if winner is None else float(winner == turn)) for f, turn in seen]
        if progress is not None:
            progress(1)
    return samples


def fit(
    samples: Sequence[tuple[list[tuple[int, float]], float]],
    count: int,
    rng: random.Random,
    epochs: int = 8,
    rate: float = 0.05,
    l2: float = 1e-4,
) -> tuple[list[float], float]:
    """Weights and a bias of a logistic model of ``samples`` (``count``
    features), by stochastic gradient descent over the sparse features,
    the order drawn from ``rng``, the step shrinking each epoch."""
    weights, bias = [0.0] * count, 0.0
    order = list(range(len(samples)))
    for epoch in range(epochs):
        rng.shuffle(order)
        step = rate / (1 + epoch)
        for k in order:
            found, label = samples[k]
            error = _sigmoid(bias + sum(weights[i] * v for i, v in found)) - label
            bias -= step * error
            for i, v in found:
                weights[i] -= step * (error * v + l2 * weights[i])
    return weights, bias


def log_loss(model: LearnedEvaluation | None, samples: Sequence[tuple[list[tuple[int, float]], float]]) -> float:
    """The mean log loss of ``model`` on ``samples`` (a constant 50% if None)."""
    total = 0.0
    for found, label in samples:
        p = 0.5 if model is None else min(max(_sigmoid(model.logit(found)), 1e-9), 1 - 1e-9)
        total -= label * math.log(p) + (1 - label) * math.log(1 - p)
    return total / max(1, len(samples))


def learn(
    game: Game,
    players: Sequence[str],
    games: int,
    seed: int,
    held_out: float = 0.2,
    progress: Callable[[int], None] | None = None,
) -> LearnedEvaluation:
    """Play ``games`` self-play games, fit on the first ones and measure on the
    last ``held_out`` share of them (whole games: no position of a held-out
    game is seen while fitting); the evaluation, its measures in ``about``."""
    testing = max(1, round(games * held_out)) if games > 1 else 0
    train_samples = self_play(game, players, games - testing, seed, progress)
    test_samples = self_play(game, players, testing, seed + games - testing, progress)
    names = feature_names(game)
    weights, bias = fit(train_samples, len(names) * game.grid.size, random.Random(seed))
    model = LearnedEvaluation(game.name, game.grid.size, names, tuple(weights), bias)
    decided = [(f, label) for f, label in test_samples if label != 0.5]
    right = sum((model.logit(f) > 0) == (label > 0.5) for f, label in decided)
    about = {
        "options": dict(game.options),
        "players": list(players),
        "games": games,
        "held_out_games": testing,
        "seed": seed,
        "positions": len(train_samples),
        "held_out_positions": len(test_samples),
        "held_out_log_loss": round(log_loss(model, test_samples), 4),
        "held_out_log_loss_of_a_coin": round(log_loss(None, test_samples), 4),
        "held_out_winner_called": round(right / len(decided), 4) if decided else None,
    }
    return attrs.evolve(model, about=about)
