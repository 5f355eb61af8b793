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
"""

from __future__ import annotations

import time

import attrs

from ..game import State
from ..moves import Move

WIN = 10_000  # a won position scores WIN minus its distance in plies
EXACT, LOWER, UPPER = 0, 1, 2
#: Nodes a solve may visit when it has no deadline (an iterations or depth
#: budget): bounded, so that play stays a function of the seed alone.
NODE_LIMIT = 50_000


class Unsolved(Exception):
    """The search ran out of time or nodes before proving the result."""


@attrs.frozen
class Solution:
    """The result with best play for the player to move: ``value`` is 1 (a
    win), 0 (a draw) or -1 (a loss), reached in ``plies`` plies by ``move``."""

    value: int
    move: Move
    plies: int
    nodes: int


class _Search:
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
        self.nodes += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise Unsolved(f"more than {self.node_limit} positions")
        if self.deadline is not None and not self.nodes & 255 and time.perf_counter() > self.deadline:
            raise Unsolved("out of time")
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
            score = -self.value(state.play_unchecked(move), -beta, -alpha, ply + 1)[0]
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
    if size is None or size > state.game.solve_at or state.outcome is not None:
        return None
    if deadline is not None:
        now = time.perf_counter()
        deadline = now + max(0.0, deadline - now) / 2
    try:
        return solve(state, deadline, None if deadline is not None else NODE_LIMIT)
    except Unsolved:
        return None
