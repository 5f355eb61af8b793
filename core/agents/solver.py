"""Exact endgames: the game-theoretic result of a position, and a move that
gets it, once few moves remain.

A game declares how much of it is left (:meth:`Game.endgame_size`, the empty
squares of a placement game) and from what size a search to the end is
affordable (:attr:`Game.solve_at`). :func:`solve` is negamax with alpha-beta
over won, drawn and lost only (no evaluation: every line is played to its
end), a transposition table keyed by the position's key, and moves that win
at once tried first where the game tests them quickly. A win scores more the
sooner it comes and a loss less the later, so the move returned wins fastest
or loses slowest. The agents call :func:`endgame_move` before their own
search.

To know who wins rather than how fast, a :class:`Prover` searches over won,
drawn and lost alone: the first win found ends a node's search (the solver
must go on looking for a faster one). It keeps its table from one search to
the next and orders moves by the history heuristic. On eight Donuts
positions with 22 to 31 empty squares: 2.5 to 200 times fewer positions than
:func:`solve` for the same result, 3 to 100 times less time
(docs/strength.md), which makes it the tool to study where games are lost
(``benchmarks/experiments/``). No agent uses it yet: proofs with part of
``mcts``'s time did not make it stronger (measured there too).
"""

from __future__ import annotations

import time

import attrs

from ..rules.game import Game, State
from ..rules.moves import Move

WIN = 10_000  # a won position scores WIN minus its distance in plies
EXACT, LOWER, UPPER = 0, 1, 2
#: Nodes a solve may visit when it has no deadline (an iterations or depth
#: budget): bounded, so that play stays a function of the seed alone.
NODE_LIMIT = 50_000


class Unsolved(Exception):
    """The search ran out of time or nodes before proving the result, or the
    game is one where nothing is proven (:func:`provable`)."""


def provable(game: Game) -> bool:
    """Whether a search to the end proves anything in ``game``: not where
    chance decides (a die still to come: a "forced" line is only a likely
    one), nor where information is hidden (the searcher would read what its
    player cannot see), nor with more than two players (negamax's won and
    lost are two sides'). The solver, the prover and the agents' endgame
    solving are off there."""
    return not game.has_chance and not game.hidden_information and game.number_of_players <= 2


def _refuse(state: State) -> None:
    if not provable(state.game):
        raise Unsolved(f"nothing is proven in {state.game.name}: chance, hidden information or more than two players")


@attrs.frozen
class Solution:
    """The result with best play for the player to move: ``value`` is 1 (a
    win), 0 (a draw) or -1 (a loss), reached in ``plies`` plies by ``move``."""

    value: int
    move: Move
    plies: int
    nodes: int


class _Bounded:
    """A search that stops past its deadline or its limit of positions."""

    deadline: float | None
    node_limit: int | None
    nodes: int

    def _visit(self) -> None:
        self.nodes += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise Unsolved(f"more than {self.node_limit} positions")
        if self.deadline is not None and not self.nodes & 255 and time.perf_counter() > self.deadline:
            raise Unsolved("out of time")


class _Search(_Bounded):
    def __init__(self, deadline: float | None, node_limit: int | None) -> None:
        self.deadline, self.node_limit = deadline, node_limit
        self.table: dict[object, tuple[int, int, Move | None]] = {}
        self.nodes = 0

    def moves(self, state: State, first: Move | None) -> list[Move]:
        moves = list(state.legal_moves)
        if state.game.quick_wins_test:
            wins = state.winning_moves()
            if wins:
                return [wins[0]]  # nothing beats winning now
        if first is not None and first in moves:
            moves.remove(first)
            moves.insert(0, first)
        return moves

    def value(self, state: State, alpha: int, beta: int, ply: int) -> tuple[int, Move | None]:
        """The score for the player to move in ``state``, within (alpha, beta), and a best move."""
        self._visit()
        outcome = state.outcome
        if outcome is not None:
            if outcome.winner_index is None:
                return 0, None
            return (WIN - ply if outcome.winner_index == state.turn else ply - WIN), None
        key = state.key
        entry = self.table.get(key)
        first = None
        if entry is not None:
            flag, stored, first = entry
            score = _from_table(stored, ply)
            if flag == EXACT or (flag == LOWER and score >= beta) or (flag == UPPER and score <= alpha):
                return score, first
        original_alpha, best, best_move = alpha, -2 * WIN, None
        for move in self.moves(state, first):
            child = state.play_unchecked(move)  # the same player again (an extra turn): not negated
            if child.turn == state.turn:
                score = self.value(child, alpha, beta, ply + 1)[0]
            else:
                score = -self.value(child, -beta, -alpha, ply + 1)[0]
            if score > best:
                best, best_move = score, move
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        flag = UPPER if best <= original_alpha else LOWER if best >= beta else EXACT
        self.table[key] = (flag, _to_table(best, ply), best_move)
        return best, best_move


def _to_table(score: int, ply: int) -> int:
    """A score as distance from this position, not from the root (the table is shared by all depths)."""
    return score + ply if score > WIN // 2 else score - ply if score < -WIN // 2 else score


def _from_table(stored: int, ply: int) -> int:
    return stored - ply if stored > WIN // 2 else stored + ply if stored < -WIN // 2 else stored


def solve(state: State, deadline: float | None = None, node_limit: int | None = None) -> Solution:
    """The exact result of an ongoing ``state`` with best play, and a move
    that gets it; raises :class:`Unsolved` past ``deadline`` (a
    ``time.perf_counter()`` value) or ``node_limit`` positions."""
    if state.outcome is not None:
        raise ValueError(f"{state.describe()} is over: nothing to solve")
    _refuse(state)
    search = _Search(deadline, node_limit)
    score, move = search.value(state, -2 * WIN, 2 * WIN, 0)
    assert move is not None
    if score == 0:
        return Solution(0, move, 0, search.nodes)
    return Solution(1 if score > 0 else -1, move, WIN - abs(score), search.nodes)


def endgame_move(state: State, deadline: float | None) -> Solution | None:
    """The solver's answer where the game says its end is near enough
    (:attr:`Game.solve_at`) and the search finishes within half the time
    left before ``deadline`` (or :data:`NODE_LIMIT` positions without one);
    else None, and the agent searches as usual with the time that is left."""
    size = state.game.endgame_size(state)
    if size is None or size > state.game.solve_at or state.outcome is not None or not provable(state.game):
        return None
    if deadline is not None:
        now = time.perf_counter()
        deadline = now + max(0.0, deadline - now) / 2
    try:
        return solve(state, deadline, None if deadline is not None else NODE_LIMIT)
    except Unsolved:
        return None


class Prover(_Bounded):
    """Proves wins, losses and draws: negamax over 1, 0 and -1 for the player
    to move, alpha-beta, a move that wins at once tried alone, then the best
    move of an earlier search, then the others by the history heuristic (how
    often each player's move refuted the rest: 2.4 to 10 times fewer
    positions than in the order of the legal moves on five of the eight
    Donuts positions measured, about as many on the others). Its table
    (bounds and best moves by :attr:`State.key`, each position's wins at
    once) and the history hold for every position of one game, so they are
    kept between searches, each move's proof starting from what the last
    ones learned; emptied for another game or past ``max_entries``."""

    def __init__(self, max_entries: int = 400_000) -> None:
        self.max_entries = max_entries
        self.game: object = None
        self.table: dict[object, tuple[int, int, Move | None]] = {}
        self.wins: dict[object, tuple[Move, ...]] = {}
        self.history: dict[tuple[int, Move], int] = {}
        self.nodes = 0
        self.deadline: float | None = None
        self.node_limit: int | None = None

    def prove(self, state: State, deadline: float | None = None, node_limit: int | None = None) -> tuple[int, Move]:
        """The result of an ongoing ``state`` for the player to move (1, 0 or
        -1) and a move that gets it; raises :class:`Unsolved` past
        ``deadline`` or ``node_limit`` positions (what it learned is kept)."""
        if state.outcome is not None:
            raise ValueError(f"{state.describe()} is over: nothing to prove")
        _refuse(state)
        if self.game != state.game or len(self.table) > self.max_entries:
            self.game = state.game
            self.table, self.wins, self.history = {}, {}, {}
        self.nodes, self.deadline, self.node_limit = 0, deadline, node_limit
        value, move = self._value(state, -1, 1)
        assert move is not None
        return value, move

    def known(self, state: State) -> int | None:
        """The result of ``state`` for the player to move if a search proved
        it (from the table), else None."""
        if self.game != state.game:
            return None
        entry = self.table.get(state.key)
        if entry is None:
            return None
        flag, value, _ = entry
        if flag == EXACT or (flag == LOWER and value == 1) or (flag == UPPER and value == -1):
            return value
        return None

    def _value(self, state: State, alpha: int, beta: int) -> tuple[int, Move | None]:
        self._visit()
        outcome = state.outcome
        if outcome is not None:
            return (0 if outcome.winner_index is None else 1 if outcome.winner_index == state.turn else -1), None
        key = state.key
        entry = self.table.get(key)
        first = None
        if entry is not None:
            flag, stored, first = entry
            if flag == EXACT or (flag == LOWER and stored >= beta) or (flag == UPPER and stored <= alpha):
                return stored, first
            # A bound that does not settle this window still narrows it.
            if flag == LOWER:
                alpha = max(alpha, stored)
            else:
                beta = min(beta, stored)
        wins = self._wins_at_once(state, key)
        if wins:
            self.table[key] = (EXACT, 1, wins[0])
            return 1, wins[0]
        turn, history = state.turn, self.history
        moves = sorted(state.legal_moves, key=lambda move: -history.get((turn, move), 0))
        if first is not None:
            moves.remove(first)
            moves.insert(0, first)
        original_alpha, best, best_move = alpha, -2, None
        for move in moves:
            child = state.play_unchecked(move)  # the same player again (an extra turn): not negated
            score = self._value(child, alpha, beta)[0] if child.turn == turn else -self._value(child, -beta, -alpha)[0]
            if score > best:
                best, best_move = score, move
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        history[turn, move] = history.get((turn, move), 0) + 1
                        break
        flag = UPPER if best <= original_alpha else LOWER if best >= beta else EXACT
        if entry is not None and {entry[0], flag} == {LOWER, UPPER} and entry[1] == best:
            flag = EXACT  # the stored bound and this one meet: the value itself
        self.table[key] = (flag, best, best_move)
        return best, best_move

    def _wins_at_once(self, state: State, key: object) -> tuple[Move, ...]:
        if not state.game.quick_wins_test:
            return ()
        wins = self.wins.get(key)
        if wins is None:
            wins = self.wins[key] = state.winning_moves()
        return wins
