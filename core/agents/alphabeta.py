"""Negamax with alpha-beta pruning, iterative deepening, a transposition table
keyed by the position's key, and move ordering (the table's best move first,
then the history heuristic). Bounded by depth or time. Near the end of a game
that allows it, the exact solver plays instead (:mod:`.solver`).

Where chance decides (two players), expectiminimax (Michie): a chance event
is worth the mean of its outcomes' values by their probabilities, each
searched with the full window (no cut across a chance event), the depth
counting the players' moves only; no solver. Alpha-beta refuses a game of
more or fewer than two players and one with hidden information
(:meth:`AlphaBetaAgent.refuses`: one line naming ``mcts``, which plays them)."""

from __future__ import annotations

import random
import time

from ..errors import InvalidAgentSpecError
from ..rules.chance import CHANCE
from ..rules.game import Game, State
from ..rules.moves import Move
from .base import BLUNDER, Agent, Budget
from .solver import endgame_move

WIN = 1000.0  # a won position scores WIN minus its distance, beyond any evaluation (-1 to 1)
EXACT, LOWER, UPPER = 0, 1, 2


class _Timeout(Exception):
    pass


class AlphaBetaAgent(Agent):
    name = "alphabeta"
    summary = "negamax alpha-beta with iterative deepening and a transposition table; exact near the end"
    budget_kinds = ("depth", "time")
    default_budget = Budget(time=1.0)
    parameters = (BLUNDER,)

    def __init__(self, **settings: object) -> None:
        super().__init__(**settings)
        self.table: dict[object, tuple[int, float, int, Move | None]] = {}
        self.history: dict[Move, int] = {}
        self.stats: dict[str, float] = {}

    def reset(self) -> None:
        self.table.clear()
        self.history.clear()

    @classmethod
    def refuses(cls, game: Game) -> str | None:
        count = game.number_of_players
        if game.hidden_information:
            return f"alphabeta searches games in full view, and {game.name} hides information: use mcts"
        if count != 2:
            return f"alphabeta searches two-player games, and this {game.name} has {count}: use mcts"
        return None

    def choose(self, state: State, budget: Budget, rng: random.Random) -> Move:
        refused = self.refuses(state.game)
        if refused is not None:
            raise InvalidAgentSpecError(refused)
        slip = self.blunder(state, rng)
        if slip is not None:
            return slip
        moves = list(state.legal_moves)
        if len(moves) == 1:
            self.stats = {"nodes": 0, "depth": 0}
            return moves[0]
        self.deadline = budget.deadline()
        if state.game.has_chance:
            return self._expectiminimax(state, moves, budget, rng)
        solved = endgame_move(state, self.deadline)
        if solved is not None:  # the end is near: play it perfectly
            self.stats = {"nodes": solved.nodes, "depth": solved.plies, "solved": solved.value}
            return solved.move
        rng.shuffle(moves)  # equal moves are then chosen at random, by the seed
        max_depth = budget.depth or (64 if self.deadline is not None else 3)
        if len(self.table) > 1_000_000:
            self.table.clear()
        self.nodes = 0
        best, reached = moves[0], 0
        for depth in range(1, max_depth + 1):
            try:
                score, move = self._root(state, moves, depth)
            except _Timeout:
                break
            best, reached = move, depth
            moves.remove(move)
            moves.insert(0, move)  # search the best move first next time
            if abs(score) >= WIN - 100:  # a forced result: deeper search changes nothing
                break
        self.stats = {"nodes": self.nodes, "depth": reached}
        return best

    def _root(self, state: State, moves: list[Move], depth: int) -> tuple[float, Move]:
        alpha, best = -2 * WIN, moves[0]
        for move in moves:
            score = self._child(state, move, depth - 1, alpha, 2 * WIN, 1)
            if score > alpha:
                alpha, best = score, move
        return alpha, best

    def _child(self, state: State, move: Move, depth: int, alpha: float, beta: float, ply: int) -> float:
        """The value of ``move`` for the player to move in ``state``: the
        position after it valued for whoever moves there (negamax), and not
        negated where that is the same player again (an extra turn)."""
        child = state.play_unchecked(move)
        if child.turn == state.turn:
            return self._search(child, depth, alpha, beta, ply)
        return -self._search(child, depth, -beta, -alpha, ply)

    def _search(self, state: State, depth: int, alpha: float, beta: float, ply: int) -> float:
        self.nodes += 1
        if self.deadline is not None and not self.nodes & 127 and time.perf_counter() > self.deadline:
            raise _Timeout
        outcome = state.outcome
        if outcome is not None:  # the player to move here did not make the last move
            return (
                0.0
                if outcome.winner_index is None
                else (-(WIN - ply) if outcome.winner_index != state.turn else WIN - ply)
            )
        if depth <= 0:
            return state.evaluate(state.turn)
        key = state.key
        entry = self.table.get(key)
        first = None
        if entry is not None:
            entry_depth, value, flag, first = entry
            if entry_depth >= depth:
                if flag == EXACT:
                    return value
                if flag == LOWER and value >= beta:
                    return value
                if flag == UPPER and value <= alpha:
                    return value
        history = self.history
        moves = sorted(state.legal_moves, key=lambda m: -history.get(m, 0))
        if first is not None and first in moves:
            moves.remove(first)
            moves.insert(0, first)
        original_alpha, best_value, best_move = alpha, -2 * WIN, None
        for move in moves:
            value = self._child(state, move, depth - 1, alpha, beta, ply + 1)
            if value > best_value:
                best_value, best_move = value, move
            if value > alpha:
                alpha = value
            if alpha >= beta:
                history[move] = history.get(move, 0) + depth * depth
                break
        flag = UPPER if best_value <= original_alpha else LOWER if best_value >= beta else EXACT
        self.table[key] = (depth, best_value, flag, best_move)
        return best_value

    # -- chance: expectiminimax ----------------------------------------------
    def _expectiminimax(self, state: State, moves: list[Move], budget: Budget, rng: random.Random) -> Move:
        """The move best for the player to move by expectiminimax, deepened
        one move at a time while the budget lasts (3 plies without one)."""
        rng.shuffle(moves)  # equal moves are then chosen at random, by the seed
        max_depth = budget.depth or (64 if self.deadline is not None else 3)
        me = state.turn
        self.nodes = 0
        self.values: dict[Move, float] = {}
        best, reached = moves[0], 0
        for depth in range(1, max_depth + 1):
            try:
                values = {move: self._expect(state.play_unchecked(move), depth - 1, me, 1) for move in moves}
            except _Timeout:
                break
            best = max(moves, key=values.__getitem__)  # the first of the best, in this depth's order
            self.values, reached = values, depth
            moves.remove(best)
            moves.insert(0, best)
        self.stats = {"nodes": self.nodes, "depth": reached}
        return best

    def _expect(
        self, state: State, depth: int, me: int, ply: int, alpha: float = -2 * WIN, beta: float = 2 * WIN
    ) -> float:
        """The value of ``state`` for player ``me``: a win WIN less its
        distance, a loss minus that, a draw 0; the evaluation at depth 0; the
        best of the moves for whoever moves (``me`` the highest, the other the
        lowest, cut by alpha-beta within (``alpha``, ``beta``)) and the
        probability-weighted mean at a chance event (its outcomes each with
        the full window: exact)."""
        self.nodes += 1
        if self.deadline is not None and not self.nodes & 127 and time.perf_counter() > self.deadline:
            raise _Timeout
        if state.outcome is not None:
            return state.evaluate(me) * (WIN - ply)
        if state.turn == CHANCE:
            outcomes = state.chance_outcomes()
            total = sum(p for _, p in outcomes)
            return sum(p * self._expect(state.play_unchecked(m), depth, me, ply) for m, p in outcomes) / total
        if depth <= 0:
            return state.evaluate(me)
        maximise = state.turn == me
        best = -2 * WIN if maximise else 2 * WIN
        for move in state.legal_moves:
            value = self._expect(state.play_unchecked(move), depth - 1, me, ply + 1, alpha, beta)
            if maximise:
                best = max(best, value)
                alpha = max(alpha, best)
            else:
                best = min(best, value)
                beta = min(beta, best)
            if alpha >= beta:
                break
        return best
