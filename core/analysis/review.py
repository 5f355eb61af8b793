"""After the game: the review that shows where it was won and lost.

For every game, with no code of its own: each position of a game is valued
for the player to move there (a win chance, 0 to 100), exactly by the
endgame prover where the game says the end is near enough
(:attr:`Game.solve_at`, with a limit of positions and of time), else by a
Monte Carlo tree search whose new nodes are valued by playing the game out
(``mcts:playout=heuristic``), so that a child's share of won simulations is
an estimate of the win rate, in games with an evaluation or without. The
search's tree is kept from one position to the next, as in play.

Each ply then gets the win chance of the player who moved, after the move;
the best move before it and its line; and a label by the drop from the
mover's win chance before the move (with the best move) to after it, as
lichess labels moves: an inaccuracy from :data:`INACCURACY` points, a mistake
from :data:`MISTAKE`, a blunder from :data:`BLUNDER` (:class:`Thresholds`).
Where the prover shows that the mover had a forced win and the move left a
draw or a loss, the ply is a ``missed win``, whatever the drop, labelled
apart from blunders. A move that is the best move found loses nothing.

The summary gives each player the count of each label and an accuracy: the
mean of lichess' accuracy of each move (``103.1668 * exp(-0.04354 * loss) -
3.1669``, plus lichess' one point for uncertainty, within 0 to 100; lichess
also weighs moves by the game's volatility, which is left out here).
``docs/strength.md`` says how the win chances are calibrated.

Games beyond two players who alternate with nothing left to chance (a die,
three players or more, a solo game, hidden information) are valued by
expectation instead (:class:`Expected`): each position gets every player's
expected result, 0 (alone last) to 100 (alone first; a two-player win chance
with a draw at 50), averaged over playouts that draw chance with its
probabilities, each move of the player to move tried in turn; nothing is
ever proved where dice are still to come (only a finished game is exact).
Each ply says each player's value after it (``values``); a chance outcome's
ply is ``chance``'s, unlabelled. A game with hidden information still going
on is reviewed for one player (``player``): only that player's moves, each
valued over positions drawn consistent with what that player saw
(:meth:`Game.sample`), never from the hidden whole; a finished game whole.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping
from typing import Any

import attrs

from ..agents.base import Budget
from ..agents.mcts import Branch, MctsAgent, Node, best_child
from ..agents.solver import Prover, Unsolved
from ..errors import BoardgamesError
from ..rules.chance import CHANCE, draw
from ..rules.game import State
from ..rules.moves import Move
from ..rules.parts import started

#: The labels' thresholds: the drop in the mover's win chance, in points of 100.
INACCURACY, MISTAKE, BLUNDER = 5.0, 10.0, 15.0
#: Labels, worst first, and their marks in the notation.
LABELS = ("missed win", "blunder", "mistake", "inaccuracy")
MARKS = {"missed win": "", "blunder": "??", "mistake": "?", "inaccuracy": "?!"}
#: A search's budget for each position unless one is given; and the bounds one may ask.
DEFAULT_BUDGET = Budget(iterations=1000)
MIN_TIME, MAX_TIME = 0.01, 60.0
MIN_ITERATIONS, MAX_ITERATIONS = 10, 1_000_000
#: The prover's limits on one position: positions visited, seconds.
SOLVER_NODES, SOLVER_SECONDS = 400_000, 5.0
#: A win in one move is looked for where a position has at most this many moves (each is tried).
WIN_AT_ONCE_MOVES = 400
#: The longest line shown after a best move, and the visits a move of a
#: search's line needs to be shown (a move seen a few times says little).
LINE_LENGTH, LINE_VISITS = 6, 8
#: The version of a saved review (the ``review`` key of a record, or its sidecar file).
SAVED_VERSION = 1


class ReviewError(BoardgamesError):
    """A review cannot be made as asked (a budget out of bounds, bad thresholds)."""


@attrs.frozen
class Thresholds:
    """The drops in win chance (points of 100) from which a move is an
    inaccuracy, a mistake, a blunder."""

    inaccuracy: float = INACCURACY
    mistake: float = MISTAKE
    blunder: float = BLUNDER

    def __attrs_post_init__(self) -> None:
        values = (self.inaccuracy, self.mistake, self.blunder)
        if not all(isinstance(v, (int, float)) and math.isfinite(v) for v in values) or not (
            0 < self.inaccuracy <= self.mistake <= self.blunder <= 100
        ):
            raise ReviewError(
                "the thresholds must be 0 < inaccuracy <= mistake <= blunder <= 100 points,"
                f" got {self.inaccuracy}, {self.mistake}, {self.blunder}"
            )

    def label(self, loss: float) -> str | None:
        if loss >= self.blunder:
            return "blunder"
        if loss >= self.mistake:
            return "mistake"
        if loss >= self.inaccuracy:
            return "inaccuracy"
        return None

    def to_json(self) -> dict[str, float]:
        return attrs.asdict(self)


def parse_budget(text: str) -> Budget:
    """A budget for each position: ``time=SECONDS`` or ``iterations=N``
    (a bare number is iterations), within the bounds above."""
    kind, sep, value = text.strip().partition("=")
    if not sep:
        kind, value = "iterations", kind
    kind = kind.strip().lower()
    try:
        if kind == "iterations":
            number = int(value)
            if not MIN_ITERATIONS <= number <= MAX_ITERATIONS:
                raise ValueError
            return Budget(iterations=number)
        if kind == "time":
            seconds = float(value)
            if not (math.isfinite(seconds) and MIN_TIME <= seconds <= MAX_TIME):
                raise ValueError
            return Budget(time=seconds)
    except ValueError:
        pass
    raise ReviewError(
        f"a review's budget is time=SECONDS ({MIN_TIME:g} to {MAX_TIME:g}) or iterations=N"
        f" ({MIN_ITERATIONS} to {MAX_ITERATIONS:,}) a position, got {text[:40]!r}"
    )


def describe_budget(budget: Budget) -> str:
    parts = [f"iterations={budget.iterations}"] if budget.iterations is not None else []
    parts += [f"time={budget.time:g}"] if budget.time is not None else []
    return ":".join(parts)


def public(data: dict[str, Any]) -> dict[str, Any]:
    """What ``review --json`` prints and the server answers: the plies and the
    summary, and what they were made with (``game``, ``budget``, ``thresholds``);
    ``expected`` where the game is valued by expectation, and ``player`` for
    one player's review of a hidden game in progress."""
    out = {key: data[key] for key in ("game", "budget", "thresholds", "plies", "summary")}
    return out | {key: data[key] for key in ("expected", "player") if key in data}


@attrs.define
class Valued:
    """One position valued for the player to move there: ``win`` (0 to 100),
    whether it is ``exact`` (proved, or the game is over), the ``source``,
    the best move and its line (in the notation), ``best_move`` itself."""

    win: float
    source: str
    exact: bool = False
    best: str | None = None
    line: list[str] = attrs.Factory(list)
    best_move: Move | None = None
    #: Every player's value (0 to 100), where the position is valued by expectation (:class:`Expected`).
    values: tuple[float, ...] = ()


class Reviewer:
    """Values the positions of one game in order, keeping the prover's table
    and the search's tree from one to the next."""

    def __init__(self, budget: Budget = DEFAULT_BUDGET, seed: int | None = 0) -> None:
        self.budget = budget
        self.prover = Prover()
        self.agent = MctsAgent(playout="heuristic")
        self.rng = random.Random(seed)

    def value(self, state: State) -> Valued | None:
        """The value of ``state`` for its player to move; None where it has a
        single legal move and no search was made (its value is the next position's)."""
        outcome = state.outcome
        if outcome is not None:
            win = 50.0 if outcome.winner_index is None else 100.0 if outcome.winner_index == state.turn else 0.0
            return Valued(win, "solver", exact=True)
        exact = self._solve(state) or self._win_at_once(state)
        if exact is not None:
            return exact
        return self._search(state)

    def _win_at_once(self, state: State) -> Valued | None:
        """A win in one move, proved by trying each (where the moves are few
        enough to list): out of the prover's reach, a position one move from
        the end (Hex's last cells) is exact too, so a move that lets it go
        is a missed win, not a blunder by estimate."""
        if state.game.moves_in_parts or len(state.legal_moves) > WIN_AT_ONCE_MOVES:
            return None
        move = next(iter(state.winning_moves()), None)
        if move is None:
            return None
        text = state.format_move(move)
        return Valued(100.0, "solver", exact=True, best=text, line=[text], best_move=move)

    def _solve(self, state: State) -> Valued | None:
        game = state.game
        size = game.endgame_size(state)
        if size is None or size > game.solve_at:
            return None
        seconds = SOLVER_SECONDS if self.budget.time is None else max(self.budget.time, 0.05) * 4
        try:
            result, move = self.prover.prove(state, time.perf_counter() + seconds, SOLVER_NODES)
        except Unsolved:
            return None
        line = [state.format_move(move)]
        after = state.play_unchecked(move)
        while after.outcome is None and len(line) < LINE_LENGTH:
            try:  # the table holds most of it: a few positions each
                _, reply = self.prover.prove(after, time.perf_counter() + 1.0, 20_000)
            except Unsolved:
                break
            line.append(after.format_move(reply))
            after = after.play_unchecked(reply)
        return Valued(50.0 + 50.0 * result, "solver", exact=True, best=line[0], line=line, best_move=move)

    def _search(self, state: State) -> Valued | None:
        agent = self.agent
        move = agent.choose(state, self.budget, self.rng)
        root = agent.root
        solved = agent.stats.get("solved")
        if solved is not None:  # the agent's own endgame solver answered
            return Valued(
                50.0 + 50.0 * solved,
                "solver",
                exact=True,
                best=state.format_move(move),
                line=[state.format_move(move)],
                best_move=move,
            )
        if root is None or not root.children:
            return None  # a single legal move: nothing was searched
        best = best_child(root)
        if best.proven:  # MCTS-Solver proved it: a lost best child means that every move loses
            win = 100.0 if best.proven == 1 else 0.0
        else:  # the root's value: the share of won simulations through all its moves, as KaTrain shows
            visits = sum(child.visits for child in root.children)
            win = 100.0 * sum(child.wins for child in root.children) / max(visits, 1)
        return Valued(win, "search", best=state.format_move(move), line=_line(state, move, root), best_move=move)


def _line(state: State, move: Move, root: Node | Branch) -> list[str]:
    """The best move and the search's principal variation after it, whole moves only."""
    line = [state.format_move(move)]
    node: Node | Branch | None = next((c for c in root.children if c.move == move and not started(c.partial)), None)
    while node is not None and node.children and len(line) < LINE_LENGTH:
        child = best_child(node)
        if child.visits < LINE_VISITS and not child.proven:
            break
        if not started(child.partial):
            line.append(node.state.format_move(child.move))  # type: ignore[arg-type]
        node = child
    return line


def for_player(value: Valued, state: State, player: int) -> float:
    """``value`` of ``state`` (for its player to move) as ``player``'s win chance."""
    if value.values:
        return value.values[player]
    return value.win if state.turn == player else 100.0 - value.win


def by_expectation(state: State) -> bool:
    """Whether the review values ``state``'s game by expectation
    (:class:`Expected`): a game with chance, or of other than two players."""
    return state.game.has_chance or state.game.number_of_players != 2


class Expected:
    """Values positions by expectation, for every player at once: playouts
    that draw each chance event with its probability and choose the
    players' moves at random (a game with an evaluation of its own: valued
    by it, every player's, once the chance events due are drawn, so that the
    review says where the expected result was lost in minutes, not hours), each player's result from 0 (alone last) to
    100 (alone first); at a player's turn, each legal move is tried in turn
    and the position is worth its best move's values (for the player to
    move). Only a finished game is exact: nothing is proved with chance to
    come. With ``player``, positions are that player's views, and each
    playout starts from a whole position drawn consistent with the view
    (:meth:`Game.sample`), never the hidden one."""

    def __init__(self, budget: Budget = DEFAULT_BUDGET, seed: int | None = 0, player: int | None = None) -> None:
        self.budget = budget
        self.rng = random.Random(seed)
        self.player = player

    def value(self, state: State, choose: bool = True) -> Valued:
        """``state``'s values; with ``choose``, at a player's turn, the best of
        its moves (else the mean of playouts from it, as at chance's turn)."""
        if state.outcome is not None:
            values = tuple(50.0 * (r + 1.0) for r in state.scaled_returns())
            return Valued(values[state.turn] if state.turn >= 0 else values[0], "solver", exact=True, values=values)
        if state.turn == CHANCE or not choose:
            values = self._means([None], state)[0]
            return Valued(values[max(state.turn, 0)], "search", values=values)
        moves = state.legal_moves
        means = self._means(list(moves), state)
        mover = state.turn
        best = max(range(len(moves)), key=lambda k: means[k][mover])
        text = state.format_move(moves[best])
        return Valued(means[best][mover], "search", best=text, line=[text], best_move=moves[best], values=means[best])

    def _means(self, moves: list[Move | None], state: State) -> list[tuple[float, ...]]:
        """The mean values of playouts after each of ``moves`` (None: from ``state`` itself), tried in turn."""
        count = state.game.number_of_players
        sums = [[0.0] * count for _ in moves]
        runs = [0] * len(moves)
        budget = self.budget
        total = max(budget.iterations or 0, len(moves)) if budget.iterations is not None else None
        deadline = time.perf_counter() + budget.time if budget.time is not None else None
        k = 0
        while True:
            if total is not None and k >= total:
                break
            if total is None and k >= len(moves) and deadline is not None and time.perf_counter() >= deadline:
                break
            i = k % len(moves)
            start = state
            if self.player is not None:  # a view: a whole position consistent with it, drawn anew each time
                start = state.game.sample(state, self.player, self.rng)
            move = moves[i]
            result = self._playout(start if move is None else start.play_unchecked(move))
            for p in range(count):
                sums[i][p] += result[p]
            runs[i] += 1
            k += 1
        return [tuple(50.0 * (total_ / max(n, 1) + 1.0) for total_ in row) for row, n in zip(sums, runs, strict=True)]

    def _playout(self, state: State) -> tuple[float, ...]:
        rng = self.rng
        if state.game.has_evaluation:  # the game's evaluation once chance has spoken, not a random game to the end
            while state.outcome is None and state.turn == CHANCE:
                state = state.play_unchecked(draw(state.game.chance_outcomes(state), rng))
            if state.outcome is None:
                return _shares(tuple(state.evaluate(p) for p in range(state.game.number_of_players)))
        while state.outcome is None:
            if state.turn == CHANCE:
                move = draw(state.game.chance_outcomes(state), rng)
            else:
                move = rng.choice(state.legal_moves)
            state = state.play_unchecked(move)
        return state.scaled_returns()


def review(
    final: State,
    budget: Budget = DEFAULT_BUDGET,
    thresholds: Thresholds | None = None,
    seed: int | None = 0,
    progress: Callable[[int], None] | None = None,
    player: int | None = None,
) -> dict[str, Any]:
    """The review of the game that led to ``final``, as JSON (module docstring);
    ``progress(1)`` after each position valued. ``player``: the one a hidden
    game still going on is reviewed for (required there)."""
    walk = Walk(final, budget, seed, player)
    while not walk.done:
        walk.step()
        if progress is not None:
            progress(1)
    return walk.result(thresholds)


class Walk:
    """The review of the game that led to ``final``, made one position at a
    time: :meth:`step` values the next position, in order, with one
    :class:`Reviewer` (its prover's table and search's tree kept from one to
    the next); :meth:`result` once :attr:`done`. :func:`review` walks it in
    one go; the server runs each step as a job on its shared workers, so a
    long review never holds a thread for long. The same steps in the same
    order: the same review."""

    def __init__(
        self, final: State, budget: Budget = DEFAULT_BUDGET, seed: int | None = 0, player: int | None = None
    ) -> None:
        game = final.game
        if player is not None and not (game.hidden_information and final.outcome is None):
            player = None  # nothing hidden, or a finished game: the whole of it
        if player is None and game.hidden_information and final.outcome is None:
            raise ReviewError(
                f"{final.describe()} hides information and is still going on: it is reviewed for one player,"
                " as that player saw it (the whole game once it is over)"
            )
        if player is not None and not 0 <= player < game.number_of_players:
            raise ReviewError(f"{game.name} has no player {player}")
        self.final = final
        self.budget = budget
        self.player = player
        self.positions = positions_of(final)
        self.expected = by_expectation(final) or player is not None
        if player is not None:  # only what the player saw, each position as it was then
            self.positions = [state.seen_by(player) for state in self.positions]
        self.reviewer: Reviewer | Expected = Expected(budget, seed, player) if self.expected else Reviewer(budget, seed)
        self.values: list[Valued | None] = []

    @property
    def done(self) -> bool:
        return len(self.values) == len(self.positions)

    def _needed(self, k: int) -> bool:
        """Whether position ``k`` is valued: all of them, but in one player's review only
        those before and after that player's moves."""
        if self.player is None:
            return True
        positions = self.positions
        return positions[k].turn == self.player or (k > 0 and positions[k - 1].turn == self.player)

    def step(self) -> None:
        """Value the next position."""
        k = len(self.values)
        state = self.positions[k]
        if not self._needed(k):
            self.values.append(Valued(0.0, "search"))  # not the player's: never shown
        elif self.expected:
            choose = self.player is None or state.turn == self.player
            self.values.append(self.reviewer.value(state, choose))  # type: ignore[call-arg]
        else:
            self.values.append(self.reviewer.value(state))

    def result(self, thresholds: Thresholds | None = None) -> dict[str, Any]:
        """The review, as JSON, once every position is valued."""
        if not self.done:
            raise ReviewError(f"{len(self.positions) - len(self.values)} positions are still to be valued")
        thresholds = thresholds or Thresholds()
        final, positions, budget = self.final, self.positions, self.budget
        game = final.game
        values = list(self.values)
        # A position with a single legal move is worth what the next one is.
        for k in reversed(range(len(positions))):
            if values[k] is None:
                after = values[k + 1]
                assert after is not None
                state, played = positions[k], final.history[k]
                values[k] = Valued(
                    for_player(after, positions[k + 1], state.turn),
                    after.source,
                    after.exact,
                    state.format_move(played),
                    [state.format_move(played), *after.line][:LINE_LENGTH],
                    played,
                )
        if self.expected:
            return self._expected_result(thresholds, values)
        plies = []
        for k, move in enumerate(final.history):
            before_state, after_state = positions[k], positions[k + 1]
            before, after = values[k], values[k + 1]
            assert before is not None and after is not None
            mover = before_state.turn
            plies.append(
                {
                    "ply": k + 1,
                    "move": before_state.format_move(move),
                    "player": game.player_names[mover],
                    "win": round(for_player(after, after_state, mover), 1),
                    "best": before.best,
                    "line": before.line,
                    "label": None,
                    "source": after.source,
                    "before": round(before.win, 1),
                    "before_source": before.source,
                    "best_played": before.best_move == move,
                }
            )
        data = {
            "version": SAVED_VERSION,
            "game": game.name,
            "history": [p["move"] for p in plies],
            "budget": describe_budget(budget),
            "plies": plies,
        }
        return label(data, thresholds)

    def _expected_result(self, thresholds: Thresholds, values: list[Valued | None]) -> dict[str, Any]:
        """The review of a game valued by expectation: each ply with every
        player's value after it; chance's plies unlabelled; in one player's
        review, that player's plies only (the history as they saw it)."""
        final, positions = self.final, self.positions
        names = final.game.player_names
        seen = final.seen_history(self.player) if self.player is not None else final.history
        plies = []
        history = []
        for k, move in enumerate(seen):
            before_state = positions[k]
            text = before_state.format_move(move)
            history.append(text)
            if self.player is not None and before_state.turn != self.player:
                continue
            before, after = values[k], values[k + 1]
            assert before is not None and after is not None
            chance = before_state.turn == CHANCE
            mover = 0 if chance else before_state.turn
            after_values = {name: round(v, 1) for name, v in zip(names, after.values, strict=True)}
            win = round(after.values[mover], 1)
            plies.append(
                {
                    "ply": k + 1,
                    "move": text,
                    "player": "chance" if chance else names[mover],
                    "win": win,
                    "best": None if chance else before.best,
                    "line": [] if chance else before.line,
                    "label": None,
                    "source": after.source,
                    "before": win if chance else round(before.win, 1),
                    "before_source": after.source if chance else before.source,
                    "best_played": chance or before.best_move == move,
                    "values": after_values,
                }
            )
        data = {
            "version": SAVED_VERSION,
            "game": final.game.name,
            "history": history,
            "budget": describe_budget(self.budget),
            "plies": plies,
            "expected": True,
        }
        if self.player is not None:
            data["player"] = names[self.player]
        return label(data, thresholds)


def loss_of(ply: Mapping[str, Any]) -> float:
    """The drop in the mover's win chance: none for the best move found."""
    return 0.0 if ply["best_played"] else max(0.0, ply["before"] - ply["win"])


def accuracy(loss: float) -> float:
    """lichess' accuracy of one move from its loss in win chance (points)."""
    raw = 103.1668 * math.exp(-0.04354 * loss) - 3.1669
    return min(100.0, max(0.0, raw + 1))


def label(data: dict[str, Any], thresholds: Thresholds) -> dict[str, Any]:
    """``data`` with each ply labelled by ``thresholds`` and the summary made."""
    summary: dict[str, dict[str, Any]] = {}
    scores: dict[str, list[float]] = {}
    for ply in data["plies"]:
        if ply["player"] == "chance":  # no one chose it: nothing to label
            ply["loss"], ply["label"] = 0.0, None
            continue
        loss = loss_of(ply)
        missed = (
            ply["before_source"] == "solver" and ply["before"] == 100 and ply["source"] == "solver" and ply["win"] < 100
        )
        ply["loss"] = round(loss, 1)
        ply["label"] = "missed win" if missed else thresholds.label(loss)
        counts = summary.setdefault(
            ply["player"], {"inaccuracies": 0, "mistakes": 0, "blunders": 0, "missed_wins": 0, "accuracy": 100.0}
        )
        key = {"inaccuracy": "inaccuracies", "mistake": "mistakes", "blunder": "blunders", "missed win": "missed_wins"}
        if ply["label"] is not None:
            counts[key[ply["label"]]] += 1
        scores.setdefault(ply["player"], []).append(accuracy(loss))
    for player, values in scores.items():
        summary[player]["accuracy"] = round(sum(values) / len(values), 1)
        summary[player]["moves"] = len(values)
    data["summary"] = summary
    data["thresholds"] = thresholds.to_json()
    return data


# -- a saved review, read back -------------------------------------------------------

_PLY_FIELDS: dict[str, tuple[type, ...]] = {
    "ply": (int,),
    "move": (str,),
    "player": (str,),
    "win": (int, float),
    "best": (str, type(None)),
    "line": (list,),
    "source": (str,),
    "before": (int, float),
    "before_source": (str,),
    "best_played": (bool,),
}


def saved(
    data: Any, final: State, budget: Budget | None, thresholds: Thresholds | None = None
) -> dict[str, Any] | None:
    """A review saved earlier, relabelled by ``thresholds``, if it is whole and
    is of this game's moves (and of ``budget`` if one is asked); else None."""
    history = [s.format_move(m) for s, m in zip(positions_of(final)[:-1], final.history, strict=True)]
    try:
        if not isinstance(data, dict) or data.get("version") != SAVED_VERSION:
            return None
        if data.get("game") != final.game.name or data.get("history") != history:
            return None
        if budget is not None and data.get("budget") != describe_budget(budget):
            return None
        plies = data.get("plies")
        if not isinstance(plies, list) or len(plies) != len(history):
            return None
        names = set(final.game.player_names)
        expected = by_expectation(final)
        if bool(data.get("expected")) != expected:
            return None
        clean = []
        for k, ply in enumerate(plies):
            checked = clean_ply(ply, k + 1, history[k], names, expected)
            if checked is None:
                return None
            clean.append(checked)
        if not isinstance(data.get("budget"), str) or len(data["budget"]) > 40:
            return None
    except (TypeError, ValueError):
        return None
    out = {
        "version": SAVED_VERSION,
        "game": final.game.name,
        "history": history,
        "budget": data["budget"],
        "plies": clean,
        **({"expected": True} if expected else {}),
    }
    return label(out, thresholds or Thresholds())


def clean_ply(ply: Any, number: int, move: str, names: set[str], expected: bool = False) -> dict[str, Any] | None:
    """A saved review's ply ``number`` (of ``move``, by one of ``names``, or
    chance's in a review by ``expected`` value, which gives each player's
    ``values``), its fields checked and unlabelled; None if anything in it is
    not as a review makes it."""
    if not isinstance(ply, dict):
        return None
    for key, kinds in _PLY_FIELDS.items():
        value = ply.get(key)
        if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
            return None
    if (
        ply["ply"] != number
        or ply["move"] != move
        or not (ply["player"] in names or expected and ply["player"] == "chance")
    ):
        return None
    values = ply.get("values")
    extra: dict[str, Any] = {}
    if expected:
        if not (isinstance(values, dict) and set(values) == names):
            return None
        if not all(isinstance(v, (int, float)) and not isinstance(v, bool) and 0 <= v <= 100 for v in values.values()):
            return None
        extra = {"values": dict(values)}
    if not all(0 <= ply[key] <= 100 and math.isfinite(ply[key]) for key in ("win", "before")):
        return None
    if ply["source"] not in ("solver", "search") or ply["before_source"] not in ("solver", "search"):
        return None
    if len(ply["line"]) > LINE_LENGTH or not all(isinstance(m, str) and len(m) < 40 for m in ply["line"]):
        return None
    if ply["best"] is not None and len(ply["best"]) >= 40:
        return None
    return {key: ply[key] for key in _PLY_FIELDS} | {"label": None} | extra


def positions_of(final: State) -> list[State]:
    """Every position of the game that led to ``final``, from the start to it."""
    positions = [final.game.start()]
    for move in final.history:
        positions.append(positions[-1].play_unchecked(move))
    return positions


def _shares(values: tuple[float, ...]) -> tuple[float, ...]:
    """Evaluations (each -1 to 1) on the scale of the returns a playout
    gives (``State.scaled_returns``: -1 to 1, adding up to nothing): each less their
    mean, scaled back within -1 to 1; alone, the evaluation itself."""
    n = len(values)
    if n == 1:
        return values
    mean = sum(values) / n
    return tuple((v - mean) * n / (2 * (n - 1)) for v in values)
