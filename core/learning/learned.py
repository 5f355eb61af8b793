"""An evaluation learnt from games, for any game, with no code of the game's.

The features are the observation planes every game has
(:mod:`boardgames.learning.observation`: the looker's and the opponent's pieces of
each kind, neutral pieces, marks, overlays, pieces in hand), one weight per
plane and square, and the structure of the position
(:mod:`boardgames.learning.structure`: groups, liberties, the area each side reaches
first, the cost of joining its sides), one weight each; the model is a
logistic one of the chance that the player to move wins, fitted on
positions of self-play games labelled by how each game ended (Donuts'
pipeline, made generic: ``boardgames learn GAME``). Its value for a player
is ``2 * chance - 1``, from -1 to 1.

The fit chooses what it keeps (the planes, the structure or both), its L2
strength and its number of epochs by the log loss on whole games set
apart from the training games, a constant chance competing too, then
refits on all the training games: a model no better than a coin on those
games is the coin, never much worse. The figures in ``about`` are on other
games still, never seen while choosing.

A game ships the file beside its module and attaches it in ``setup``
(``self.learned = attach(self, Path(__file__).with_name("hex-evaluation.json"))``),
its ``evaluate`` returning ``self.learned.value(state, player)``: the agents
use it as they use a hand-written evaluation (``mcts`` values new nodes by
it). The file says the game, the board size, the planes and the structural
features it was fitted on (``weights`` empty where it keeps no plane;
``structure`` and ``structure_weights`` absent in files from before them);
a configuration it does not fit (another board size) keeps the game
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

from ..errors import BoardgamesError
from ..rules.game import Game, State
from .observation import plane_names, planes
from .structure import structure, structure_names

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


#: A sample: the plane features (:func:`features`), the structure
#: (:func:`~boardgames.learning.structure.structure`), the label.
Sample = tuple[list[tuple[int, float]], list[float], float]


@attrs.frozen
class LearnedEvaluation:
    """A fitted model, for one game and size: a weight per plane and square
    (none if it keeps no plane), a weight per structural feature (none if
    it keeps no structure) and a bias."""

    game: str
    size: int
    planes: tuple[str, ...]
    weights: tuple[float, ...]
    bias: float
    #: How it was made and how well it predicts held-out games (for people).
    about: dict[str, Any] = attrs.field(factory=dict, eq=False)
    structure: tuple[str, ...] = ()
    structure_weights: tuple[float, ...] = ()

    def chance(self, state: State, player: int) -> float:
        """The model's chance that ``player`` wins ``state``."""
        found = features(state, player) if self.weights else []
        shape = structure(state, player, first=len(self.structure_weights)) if self.structure_weights else ()
        return _sigmoid(self.logit(found, shape))

    def logit(self, found: list[tuple[int, float]], shape: Sequence[float] = ()) -> float:
        """The model's log-odds for the plane features ``found``
        (:func:`features`) and the structure ``shape`` (:func:`~boardgames.learning.structure.structure`)."""
        weights = self.weights
        z = self.bias + sum(weights[i] * v for i, v in found) if weights else self.bias
        if shape:
            z += sum(w * v for w, v in zip(self.structure_weights, shape, strict=False))
        return z

    @property
    def predicts(self) -> bool:
        """Whether it tells positions apart: false for the constant chance a
        fit keeps where no feature did better (a search by it would be blind)."""
        return any(self.weights) or any(self.structure_weights)

    def value(self, state: State, player: int) -> float:
        """The evaluation of ``state`` for ``player``, strictly between -1 and 1."""
        return 2.0 * self.chance(state, player) - 1.0

    def fits(self, game: Game) -> bool:
        """Whether this model was fitted on ``game`` as configured (its board, its planes, its structure)."""
        return (
            game.name == self.game
            and game.grid.size == self.size
            and feature_names(game) == self.planes
            # A file fitted before features were added at the end (Hex's two-distance) reads the first ones.
            and (not self.structure or structure_names(game)[: len(self.structure)] == self.structure)
        )

    def to_json(self) -> dict[str, Any]:
        out = {
            "game": self.game,
            "size": self.size,
            "planes": list(self.planes),
            "bias": self.bias,
            "weights": list(self.weights),
        }
        if self.structure:  # a file without structure reads as before it existed
            out |= {"structure": list(self.structure), "structure_weights": list(self.structure_weights)}
        return out | {"about": self.about}

    @classmethod
    def from_json(cls, data: object, where: str = "the evaluation") -> LearnedEvaluation:
        if not isinstance(data, dict):
            raise BoardgamesError(f"{where} is not a learnt evaluation (not a JSON object)")
        try:
            planes, weights = tuple(map(str, data["planes"])), tuple(float(w) for w in data["weights"])
            made = cls(str(data["game"]), int(data["size"]), planes, weights, float(data["bias"]))
            names = tuple(map(str, data.get("structure", ())))
            shaped = tuple(float(w) for w in data.get("structure_weights", ()))
        except (KeyError, TypeError, ValueError) as exc:
            raise BoardgamesError(f"{where} is not a learnt evaluation ({type(exc).__name__}: {exc})") from None
        if len(weights) not in (0, len(planes) * made.size):
            raise BoardgamesError(f"{where}: {len(weights)} weights for {len(planes)} planes of {made.size} squares")
        if len(shaped) != len(names) or not all(map(math.isfinite, (*weights, *shaped, made.bias))):
            raise BoardgamesError(f"{where}: {len(shaped)} structure weights for {len(names)} structural features")
        about = data.get("about")
        return attrs.evolve(
            made, about=about if isinstance(about, dict) else {}, structure=names, structure_weights=shaped
        )

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
    true and the model is returned; else None (another board size, or a
    model that values every position alike because nothing did better than
    a constant chance), and the game keeps only what its declaration gives:
    a connection game its two-distance evaluation (``Game.evaluate``, which
    the tutorial's ``evaluate`` falls back to), any other none (the agents
    then search by playouts)."""
    model = _read(Path(path).resolve())
    fits = model.fits(game) and model.predicts
    game.has_evaluation = fits or game.connects  # type: ignore[misc]  # per configuration, shadowing the class's
    return model if fits else None


def valued_by(game: Game, model: LearnedEvaluation) -> Game:
    """``game`` (this configured instance, changed in place) with its agents
    valuing positions by ``model``: learning in rounds, each round's
    self-play played by agents that search by the last round's evaluation
    (stronger play: positions whose outcome says more of their value).
    Raises BoardgamesError where the model was fitted on another game or board."""
    if not model.fits(game):
        raise BoardgamesError(
            f"the evaluation was fitted on {model.game} with {model.size} squares, not this {game.name}"
            f" ({game.grid.size} squares, its planes and structure)"
        )
    game.evaluate = model.value  # type: ignore[method-assign]  # the game's own, for this instance only
    game.has_evaluation = model.predicts  # type: ignore[misc]  # per configuration, shadowing the class's
    return game


# -- learning ------------------------------------------------------------------------------


def self_play(
    game: Game, players: Sequence[str], games: int, seed: int, progress: Callable[[int], None] | None = None
) -> list[list[Sample]]:
    """The positions of ``games`` seeded games between ``players`` (seats
    alternated), game by game, each as (plane features and structure for the
    player to move, 1 if that player went on to win, 0 if they lost, 0.5 for
    a draw); ``progress(1)`` after each game."""
    from ..play.match import Match  # services above the game API: imported when learning

    out = []
    for number in range(games):
        seats = list(players) if number % 2 == 0 else list(reversed(players))
        match = Match(game.start(), seats, seed=seed + number)
        seen = []
        while not match.is_over:
            state = match.state
            seen.append((features(state, state.turn), structure(state, state.turn), state.turn))
            match.step()
        winner = match.state.outcome.winner_index  # type: ignore[union-attr]
        out.append([(f, s, 0.5 if winner is None else float(winner == turn)) for f, s, turn in seen])
        if progress is not None:
            progress(1)
    return out


@attrs.frozen
class Choice:
    """What a fit keeps: the planes, the structure, or both; its L2 strength; its epochs."""

    planes: bool
    structure: bool
    l2: float
    epochs: int = 0


#: The choices the fit tries: each kind of feature alone and both, at four L2 strengths.
CHOICES = tuple(
    Choice(p, s, l2) for p, s in ((True, False), (False, True), (True, True)) for l2 in (1e-4, 1e-3, 1e-2, 1e-1)
)
#: The most epochs a fit runs (it stops where the games set apart stop improving).
MOST_EPOCHS = 10


def _scaling(samples: Sequence[Sample], count: int) -> tuple[list[float], list[float]]:
    """The mean and spread of each structural feature (1 where it does not vary)."""
    n = max(1, len(samples))
    mean = [sum(s[j] for _, s, _ in samples) / n for j in range(count)]
    spread = [math.sqrt(sum((s[j] - mean[j]) ** 2 for _, s, _ in samples) / n) for j in range(count)]
    return mean, [x if x > 1e-9 else 1.0 for x in spread]


def fit(
    samples: Sequence[Sample],
    count: int,
    rng: random.Random,
    choice: Choice,
    held: Sequence[Sample] = (),
    rate: float = 0.1,
) -> tuple[list[float], list[float], float, int]:
    """Plane weights, structure weights and a bias of a logistic model of
    ``samples`` (``count`` plane features), by stochastic gradient descent
    (the order drawn from ``rng``, the step shrinking each epoch and divided
    by the sample's squared size, so that a crowded board does not
    overshoot); the structure is standardised while fitting. With ``held``,
    up to :data:`MOST_EPOCHS` epochs and the best on ``held`` kept, with its
    number; else ``choice.epochs``."""
    k = len(samples[0][1]) if samples and choice.structure else 0
    mean, spread = _scaling(samples, k)
    scaled = [
        (found if choice.planes else [], [(s[j] - mean[j]) / spread[j] for j in range(k)], label)
        for found, s, label in samples
    ]
    weights, shaped, bias = [0.0] * (count if choice.planes else 0), [0.0] * k, 0.0
    best: tuple[float, list[float], list[float], float, int] | None = None
    order = list(range(len(scaled)))
    for epoch in range(MOST_EPOCHS if held else choice.epochs):
        rng.shuffle(order)
        step = rate / (1 + epoch)
        l2 = choice.l2
        for n in order:
            found, s, label = scaled[n]
            z = bias + sum(weights[i] * v for i, v in found) + sum(w * v for w, v in zip(shaped, s, strict=True))
            size = 1.0 + sum(v * v for _, v in found) + sum(v * v for v in s)
            error = (_sigmoid(z) - label) * step / size
            bias -= error
            for i, v in found:
                weights[i] -= error * v + step * l2 * weights[i]
            for j in range(k):
                shaped[j] -= error * s[j] + step * l2 * shaped[j]
        if held:
            model = _model(weights, shaped, bias, mean, spread)
            loss = log_loss(model, held)
            if best is None or loss < best[0] - 1e-6:
                best = (loss, list(weights), list(shaped), bias, epoch + 1)
    if best is not None:
        _, weights, shaped, bias, epochs = best
    else:
        epochs = choice.epochs
    raw, raw_bias = _unscaled(shaped, bias, mean, spread)
    return weights, raw, raw_bias, epochs


def _unscaled(shaped: list[float], bias: float, mean: list[float], spread: list[float]) -> tuple[list[float], float]:
    """Weights of the standardised structure as weights of the raw one, and
    the bias that goes with them: w (x - mean) / spread = (w / spread) x - w mean / spread."""
    raw = [w / spread[j] for j, w in enumerate(shaped)]
    return raw, bias - sum(w * mean[j] for j, w in enumerate(raw))


def _model(
    weights: list[float], shaped: list[float], bias: float, mean: list[float], spread: list[float]
) -> LearnedEvaluation:
    """A model of standardised weights for :func:`log_loss` (names do not matter)."""
    raw, raw_bias = _unscaled(shaped, bias, mean, spread)
    return LearnedEvaluation("", 0, (), tuple(weights), raw_bias, {}, (), tuple(raw))


def _share_of_wins(samples: Sequence[Sample]) -> float:
    """The chance a constant model gives: the samples' share of wins, kept off 0 and 1."""
    return min(max(sum(label for _, _, label in samples) / max(1, len(samples)), 1e-3), 1 - 1e-3)


def log_loss(model: LearnedEvaluation | float | None, samples: Sequence[Sample]) -> float:
    """The mean log loss of ``model`` on ``samples`` (a constant chance if a
    number, 50% if None)."""
    total = 0.0
    for found, shape, label in samples:
        if model is None or isinstance(model, float):
            p = 0.5 if model is None else model
        else:
            p = _sigmoid(model.logit(found, shape))
        p = min(max(p, 1e-9), 1 - 1e-9)
        total -= label * math.log(p) + (1 - label) * math.log(1 - p)
    return total / max(1, len(samples))


def select(
    games: Sequence[Sequence[Sample]], count: int, seed: int, choices: Sequence[Choice] = CHOICES, folds: int = 3
) -> tuple[Choice | None, list[dict[str, Any]]]:
    """The choice whose fits have the least log loss on whole games set
    apart (``folds``-fold: each share of the games in turn, fitted on the
    others), with the mean of their best epochs; None if a constant chance
    (the other games' share of wins) does as well. Also each try's mean
    log loss, for ``about``. Several folds: one small share of games
    set apart is too few to choose by (a model can overfit it)."""
    parts = [list(range(f, len(games), folds)) for f in range(min(folds, len(games)))]
    splits = []
    for part in parts:
        apart = set(part)
        first = [s for n, g in enumerate(games) if n not in apart for s in g]
        rest = [s for n in part for s in games[n]]
        if first and rest:
            splits.append((first, rest))
    if not splits:  # one game: nothing to set apart
        return None, []

    def mean(losses: list[float]) -> float:
        return sum(loss * len(rest) for loss, (_, rest) in zip(losses, splits, strict=True)) / sum(
            len(rest) for _, rest in splits
        )

    coin = []
    for first, rest in splits:
        coin.append(log_loss(_share_of_wins(first), rest))
    best, best_loss = None, mean(coin)
    tried = [{"choice": "a constant chance", "log_loss": round(best_loss, 4)}]
    for choice in choices:
        losses, epochs = [], []
        for first, rest in splits:
            weights, shaped, bias, best_epoch = fit(first, count, random.Random(seed), choice, held=rest)
            losses.append(log_loss(LearnedEvaluation("", 0, (), tuple(weights), bias, {}, (), tuple(shaped)), rest))
            epochs.append(best_epoch)
        made, loss = attrs.evolve(choice, epochs=round(sum(epochs) / len(epochs))), mean(losses)
        tried.append({"choice": _said(made), "log_loss": round(loss, 4)})
        if loss < best_loss - 1e-4:
            best, best_loss = made, loss
    return best, tried


def _said(choice: Choice) -> str:
    kept = " and ".join(k for k, on in (("planes", choice.planes), ("structure", choice.structure)) if on)
    return f"{kept}, l2 {choice.l2:g}, {choice.epochs} epochs"


def learn(
    game: Game,
    players: Sequence[str],
    games: int,
    seed: int,
    held_out: float = 0.2,
    progress: Callable[[int], None] | None = None,
    choices: Sequence[Choice] = CHOICES,
    played: Sequence[Sequence[Sample]] | None = None,
) -> LearnedEvaluation:
    """Play ``games`` self-play games (or take ``played``, games of
    samples), choose the features and the fit on the first ones
    (:func:`select`), refit on them all, and measure on the last
    ``held_out`` share of them (whole games: no position of a held-out game
    is seen while choosing or fitting); the evaluation, its measures in
    ``about``."""
    testing = max(1, round(games * held_out)) if games > 1 else 0
    if played is None:
        played = self_play(game, players, games, seed, progress)
    training, test_samples = played[: games - testing], [s for g in played[games - testing :] for s in g]
    train_samples = [s for g in training for s in g]
    names = feature_names(game)
    count = len(names) * game.grid.size
    choice, tried = select(training, count, seed, choices)
    if choice is None:  # a coin, or as good: the share of wins, and nothing else
        rate = _share_of_wins(train_samples)
        model = LearnedEvaluation(game.name, game.grid.size, names, (), math.log(rate / (1 - rate)))
    else:
        weights, shaped, bias, _ = fit(train_samples, count, random.Random(seed), choice)
        kept = structure_names(game) if choice.structure else ()
        model = LearnedEvaluation(
            game.name, game.grid.size, names, tuple(weights), bias, {}, kept, tuple(shaped) if kept else ()
        )
    decided = [(f, s, label) for f, s, label in test_samples if label != 0.5]
    right = sum((model.logit(f, s) > 0) == (label > 0.5) for f, s, label in decided)
    about = {
        "options": dict(game.options),
        "players": list(players),
        "games": games,
        "held_out_games": testing,
        "seed": seed,
        "positions": len(train_samples),
        "held_out_positions": len(test_samples),
        "chosen": "a constant chance" if choice is None else _said(choice),
        "tried": tried,
        "held_out_log_loss": round(log_loss(model, test_samples), 4),
        "held_out_log_loss_of_a_coin": round(log_loss(None, test_samples), 4),
        "held_out_winner_called": round(right / len(decided), 4) if decided else None,
    }
    return attrs.evolve(model, about=about)
